import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import {
  bareAddress,
  Challenge,
  NONCE_HEADER,
  newNonce,
  PROOF_HEADER,
  type ProofPurpose,
  proofOf,
  provesPlace,
  SERVER_NONCE_HEADER,
} from "../../src/shared/bridge/proof.ts";
import { textAtMost } from "../../src/shared/core/capped-body.ts";

/**
 * The client's side of the proof a local server gives before any socket
 * exists (shared/bridge/proof.ts): the local agent's `/bridge`, the MCP
 * relay's `/relay`, and `npm start`'s check that the server it started is the
 * one answering. The place the client dials is what the proof must name, so
 * the client resolves the server's name itself and dials an address
 * (`localhost` is `::1` and `127.0.0.1` on most machines): a server proving
 * another address or port (a program relaying to it from elsewhere) proves
 * nothing here (issue 42 §1).
 */

export type Proved =
  | {
      ok: true;
      /** The URL at the address that proved itself (`ws://[::1]:8787/bridge`): open the socket there. */
      url: string;
      /** The upgrade's headers: both nonces and this client's proof. */
      headers: Record<string, string>;
    }
  | {
      ok: false;
      /**
       * `unreachable`: nothing answered (or a server error: try again later);
       * `unproven`: something answered with no right proof of this place (told nothing more);
       * `refused`: it answered with an HTTP error instead of a challenge (`message` says which).
       */
      why: "unreachable" | "unproven" | "refused";
      message: string;
    };

/**
 * What an edgeclip server means by each refusal of a challenge, said here (a
 * squatter's own words are never passed on).
 */
const REFUSALS: Record<number, string> = {
  403: "it answered HTTP 403: an edgeclip server not told where it listens (started without `npm start`) proves nothing",
  404: "it answered HTTP 404: not an edgeclip local server",
  426: "it answered HTTP 426: an edgeclip server older than this agent",
};

/** How long the challenge may take. */
const CHALLENGE_MS = 10_000;
/** The most of a challenge's body read: a challenge is a few hundred bytes. */
const CHALLENGE_BYTES = 4096;

/** A URL's host as a URL writes an address: `[::1]` for IPv6. */
const hostOf = (address: string) => (address.includes(":") ? `[${address}]` : address);

/** The addresses a URL's host leads to, in the order the system gives them. */
async function addressesOf(hostname: string): Promise<string[]> {
  const bare = bareAddress(hostname);
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(hostname, { all: true, order: "verbatim" })).map((a) => a.address);
  } catch {
    return [];
  }
}

/**
 * Asks the server at `url` (a `ws:` or `http:` URL of `/bridge` or `/relay`)
 * to prove it holds `credential` where this client dials it, for `purpose`;
 * when it does, returns where to open the socket and the upgrade's headers.
 * Nothing but a fresh nonce is sent before a right proof.
 */
export async function proveLocalServer(
  url: string,
  credential: string,
  purpose: ProofPurpose,
  extraHeaders: Record<string, string> = {},
): Promise<Proved> {
  const target = new URL(url);
  const port =
    target.port || (target.protocol === "wss:" || target.protocol === "https:" ? "443" : "80");
  const addresses = await addressesOf(target.hostname);
  if (!addresses.length)
    return { ok: false, why: "unreachable", message: `${target.hostname} does not resolve` };
  let unreachable = "nothing answers";
  for (const address of addresses) {
    const at = new URL(target.href);
    at.hostname = hostOf(address);
    at.protocol = at.protocol.replace(/^ws/, "http");
    const agentNonce = newNonce();
    let response: Response;
    try {
      response = await fetch(at, {
        headers: { [NONCE_HEADER]: agentNonce, ...extraHeaders },
        redirect: "manual",
        signal: AbortSignal.timeout(CHALLENGE_MS),
      });
    } catch (error) {
      unreachable = `nothing answers at ${at.host} (${(error as Error).cause ?? (error as Error).message})`;
      continue;
    }
    const text = await textAtMost(response.body, CHALLENGE_BYTES).catch(() => undefined);
    if (response.status >= 500)
      return {
        ok: false,
        why: "unreachable",
        message: `${at.host} answered HTTP ${response.status}`,
      };
    // What an unproven peer says is not passed on (it would reach the model through the MCP
    // relay's errors): its status alone, in words of this client's.
    if (response.status !== 200)
      return {
        ok: false,
        why: "refused",
        message: REFUSALS[response.status] ?? `it answered HTTP ${response.status}`,
      };
    const challenge = Challenge.safeParse(safeJson(text));
    if (
      !challenge.success ||
      !(await provesPlace(challenge.data, credential, agentNonce, { address, port }, purpose))
    )
      return {
        ok: false,
        why: "unproven",
        message: `the program at ${at.host} did not prove it holds the local credential there`,
      };
    const proof = await proofOf(
      credential,
      "agent",
      agentNonce,
      challenge.data.nonce,
      challenge.data.at,
      purpose,
    );
    at.protocol = target.protocol;
    return {
      ok: true,
      url: at.href,
      headers: {
        [NONCE_HEADER]: agentNonce,
        [SERVER_NONCE_HEADER]: challenge.data.nonce,
        [PROOF_HEADER]: proof,
      },
    };
  }
  return { ok: false, why: "unreachable", message: unreachable };
}

function safeJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
