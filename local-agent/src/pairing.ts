import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { PAIRING_PATHS } from "../../src/shared/bridge/protocol.ts";
import { bridgeUrl, shortHostname, tidyName } from "./args.ts";
import {
  bearer,
  type Credential,
  configDir,
  readCredential,
  removeCredential,
  saveCredential,
} from "./credentials.ts";
import { log } from "./log.ts";

/**
 * `edgeclip-agent login` and `logout`: pairing this machine with a server that
 * requires sign-in, in the shape of the OAuth device authorization grant
 * (RFC 8628). `login` asks the server for a code, shows the user where to
 * approve it, polls until they do, and keeps the token (credentials.ts);
 * `connect` then presents it. `logout` revokes it and forgets it.
 */

/** How pairing talks to the user and waits; tests replace the clock and the writers. */
export interface PairingIo {
  /** A line for the user (stdout). */
  say(line: string): void;
  /** An error (stderr, in the agent's log style). */
  log(line: string): void;
  sleep(ms: number): Promise<unknown>;
  now(): number;
  /** Where the credentials file lives. */
  dir: string;
}

const defaultIo = (): PairingIo => ({
  say: (line) => process.stdout.write(`${line}\n`),
  log,
  sleep,
  now: Date.now,
  dir: configDir(),
});

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
/** RFC 8628: the interval when the server gives none, and what `slow_down` adds to it. */
const DEFAULT_INTERVAL_S = 5;
const SLOW_DOWN_MS = 5_000;
const MIN_INTERVAL_MS = 1_000;
const REQUEST_TIMEOUT_MS = 30_000;

const DeviceAuthorization = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string().min(1),
  verification_uri_complete: z.string().min(1).optional(),
  expires_in: z.number().positive(),
  interval: z.number().nonnegative().optional(),
});
type DeviceAuthorization = z.infer<typeof DeviceAuthorization>;

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  user: z.string(),
  agent: z.string(),
});

const ErrorAnswer = z.object({ error: z.string(), error_description: z.string().optional() });

/** A server's answer: its status and JSON body (undefined when it is not JSON). */
interface Answer {
  status: number;
  body: unknown;
}

/**
 * `edgeclip-agent login <url>`: pairs this machine with the server under
 * `name` (default: the host name). Returns the exit code: 0 paired, 1 denied,
 * expired or failed, 2 not a server URL.
 */
export async function login(
  url: string,
  options: { name?: string | undefined } = {},
  io: PairingIo = defaultIo(),
): Promise<number> {
  const stored = storedCredential(url, io);
  if (typeof stored === "number") return stored;
  const { server, credential: previous } = stored;
  const name = tidyName(options.name ?? shortHostname(), "@");
  let device: DeviceAuthorization;
  try {
    const answer = await post(`${server}${PAIRING_PATHS.device}`, { name });
    const parsed = answer.status === 200 ? DeviceAuthorization.safeParse(answer.body) : undefined;
    if (!parsed?.success) {
      io.log(`${server} did not start pairing: ${describe(answer, parsed !== undefined)}`);
      return 1;
    }
    device = parsed.data;
  } catch (error) {
    io.log(`cannot reach ${server} (${reason(error)})`);
    return 1;
  }

  if (previous)
    io.say(
      `This machine is already paired with ${server} as ${previous.user}; pairing again replaces that.`,
    );
  io.say(
    device.verification_uri_complete
      ? `To pair this agent, open ${device.verification_uri_complete} and check that it shows ${device.user_code}.`
      : `To pair this agent, open ${device.verification_uri} and enter ${device.user_code}.`,
  );
  io.say("Waiting for approval…");
  const token = await poll(server, device, io);
  if (typeof token === "number") return token;

  try {
    saveCredential(
      server,
      {
        token: token.access_token,
        user: token.user,
        agent: token.agent,
        paired_at: new Date(io.now()).toISOString(),
      },
      io.dir,
    );
  } catch (error) {
    io.log(
      `paired, but cannot keep the token (${reason(error)}): revoke it on the server's account page, then log in again`,
    );
    return 1;
  }
  io.say(
    `Paired ${token.agent} with ${server} as ${token.user}. Start it with: edgeclip-agent connect ${server} --root <dir>`,
  );
  return 0;
}

/** Polls for the token at the server's pace until approved, denied or expired; an exit code if not approved. */
async function poll(
  server: string,
  device: DeviceAuthorization,
  io: PairingIo,
): Promise<z.infer<typeof TokenAnswer> | number> {
  let interval = Math.max(MIN_INTERVAL_MS, (device.interval ?? DEFAULT_INTERVAL_S) * 1000);
  const deadline = io.now() + device.expires_in * 1000;
  const expired = () => {
    io.log(
      `the pairing code expired before it was approved: run \`edgeclip-agent login ${server}\` again`,
    );
    return 1;
  };
  for (;;) {
    await io.sleep(interval);
    if (io.now() >= deadline) return expired();
    let answer: Answer;
    try {
      answer = await post(`${server}${PAIRING_PATHS.token}`, {
        device_code: device.device_code,
        grant_type: DEVICE_GRANT,
      });
    } catch (error) {
      io.log(`cannot reach ${server} (${reason(error)}); still waiting`);
      continue;
    }
    if (answer.status === 200) {
      const token = TokenAnswer.safeParse(answer.body);
      if (token.success) return token.data;
      io.log(`pairing failed: ${describe(answer, true)}`);
      return 1;
    }
    const error = ErrorAnswer.safeParse(answer.body).data?.error;
    if (error === "authorization_pending") continue;
    if (error === "slow_down") {
      interval += SLOW_DOWN_MS;
      continue;
    }
    if (error === "access_denied") {
      io.log(`the pairing was denied on ${server}`);
      return 1;
    }
    if (error === "expired_token") return expired();
    if (error === undefined && answer.status >= 500) {
      io.log(`${server} answered ${describe(answer)}; still waiting`);
      continue;
    }
    io.log(`pairing failed: ${describe(answer)}`);
    return 1;
  }
}

/**
 * `edgeclip-agent logout <url>`: revokes this machine's token on the server
 * and forgets it. The token is forgotten even when the server cannot be
 * reached (exit code 1: it may still be listed there) or no longer knows it.
 */
export async function logout(url: string, io: PairingIo = defaultIo()): Promise<number> {
  const stored = storedCredential(url, io);
  if (typeof stored === "number") return stored;
  const { server, credential } = stored;
  if (!credential) {
    io.say(`This machine is not paired with ${server}: nothing to do.`);
    return 0;
  }
  let answer: Answer | string;
  try {
    answer = await post(`${server}${PAIRING_PATHS.revoke}`, undefined, credential.token);
  } catch (error) {
    answer = `cannot reach ${server} (${reason(error)})`;
  }
  try {
    removeCredential(server, io.dir);
  } catch (error) {
    io.log((error as Error).message);
    return 1;
  }
  if (typeof answer !== "string" && answer.status === 200) {
    io.say(
      `Unpaired ${credential.agent} from ${server}: its token is revoked and removed from this machine.`,
    );
    return 0;
  }
  if (typeof answer !== "string" && answer.status === 401) {
    io.say(
      `${server} no longer accepted this machine's token (already revoked or expired); removed it from this machine.`,
    );
    return 0;
  }
  const why =
    typeof answer === "string"
      ? answer
      : `${server} did not revoke the token (${describe(answer)})`;
  io.log(
    `${why}; the token is removed from this machine, but the server may still list it on its account page, where you can revoke it`,
  );
  return 1;
}

/** What `connect` says when the server turns the agent away for want of a valid pairing. */
export function pairingAdvice(
  why: "unauthorized" | "revoked",
  server: string,
  paired: boolean,
): string {
  if (why === "revoked")
    return `This agent's pairing with ${server} was revoked: run \`edgeclip-agent login ${server}\` again.`;
  return paired
    ? `This agent's pairing with ${server} is no longer valid (revoked or expired): run \`edgeclip-agent login ${server}\` again.`
    : `This server requires sign-in: pair this agent with \`edgeclip-agent login ${server}\`.`;
}

/**
 * The server `url` names and this machine's credential for it; or, when `url`
 * is not a server URL (2) or the credentials file is damaged (1), the exit code,
 * said to the user.
 */
function storedCredential(
  url: string,
  io: PairingIo,
): { server: string; credential: Credential | undefined } | number {
  const server = bridgeUrl(url)?.server;
  if (!server) {
    io.log(`\`${url}\` is not a server URL; give one like https://edgeclip.example.workers.dev`);
    return 2;
  }
  try {
    return { server, credential: readCredential(server, io.dir) };
  } catch (error) {
    io.log((error as Error).message);
    return 1;
  }
}

/** POSTs (JSON when there is a body) to the server. */
async function post(url: string, body: object | undefined, token?: string): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      accept: "application/json",
      ...(body ? { "content-type": "application/json" } : {}),
      ...bearer(token),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: undefined };
  }
}

/** An unexpected answer, for a message: its status and the server's explanation, if any. */
function describe(answer: Answer, unexpectedBody = false): string {
  const error = ErrorAnswer.safeParse(answer.body);
  const why = error.success ? `: ${error.data.error_description ?? error.data.error}` : "";
  const hint =
    answer.status === 404
      ? " (it does not offer pairing: a server that requires no sign-in needs none)"
      : unexpectedBody && !why
        ? " with an answer of an unexpected shape"
        : "";
  return `HTTP ${answer.status}${why}${hint}`;
}

/** Why a request failed: fetch hides the network error in its cause. */
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
