import { z } from "zod";
import { constantTimeEqual, hmacSha256, randomSecret, toBase64Url, toHex } from "../secrets.ts";

/**
 * A local server and its clients (the local agent's `/bridge`, the MCP relay's
 * `/relay`) prove to each other that they hold the local credential before
 * either says anything, and the credential itself never travels
 * (docs/security.md, "The local credential"). Two HTTP requests, so that
 * nothing unproven ever holds a WebSocket (issue 42 §6: workerd hands a
 * socket's whole message, up to 32 MiB, to the Worker before any check runs):
 *
 * 1. The client sends `GET <path>` with a fresh nonce of its own
 *    (`NONCE_HEADER`), no token and no upgrade. The server answers with a
 *    `Challenge`: a nonce of its own, where it listens (its addresses and port,
 *    from its own configuration), and its proof over all of it.
 * 2. Only if that proof is right, and names the address and port the client
 *    dialled, does the client open the WebSocket, with both nonces and its own
 *    proof in the upgrade's headers. The server upgrades only a request whose
 *    proof is right and whose server nonce it minted within NONCE_TTL_MS.
 *
 * A program squatting the port while the server is down proves nothing, so it
 * is sent nothing but a nonce; one relaying to the real server from another
 * address or port passes on a proof of the real server's place, which the
 * client refuses (issue 34 §5, issue 42 §1). Pure, on WebCrypto: the Worker
 * and the local agent share it.
 */

/** The request header that carries the client's nonce (both requests). */
export const NONCE_HEADER = "x-edgeclip-nonce";
/** The upgrade's header that carries the server's nonce from the challenge. */
export const SERVER_NONCE_HEADER = "x-edgeclip-server-nonce";
/** The upgrade's header that carries the client's proof. */
export const PROOF_HEADER = "x-edgeclip-proof";

/** A nonce or a proof: 32 bytes, base64url. */
export const Secret32 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be 32 bytes in base64url");

/** A fresh nonce: 32 random bytes, base64url. */
export const newNonce = () => randomSecret(32);

export type ProofRole = "server" | "agent";

/**
 * What the proven connection is for: a local agent's `/bridge`, or a local MCP
 * client's `/relay` (`edgeclip-agent mcp`): a proof made for one is never good
 * for the other.
 */
export type ProofPurpose = "bridge" | "mcp";

/** An IP address as a socket names it (`127.0.0.1`, `::1`): no brackets, no port. */
const Address = z.string().regex(/^[0-9A-Fa-f.:]{2,45}$/, "must be an IP address");

/**
 * Where a local server listens, as it was told (scripts/local-worker.ts):
 * every loopback address it holds, and its port.
 */
export const Endpoint = z.strictObject({
  addresses: z.array(Address).min(1).max(4),
  port: z.string().regex(/^[1-9][0-9]{0,4}$/, "must be a TCP port"),
});
export type Endpoint = z.infer<typeof Endpoint>;

/** The server's answer to step 1 (`GET <path>` with the client's nonce). */
export const Challenge = z.strictObject({
  type: z.literal("challenge"),
  nonce: Secret32,
  proof: Secret32,
  at: Endpoint,
});
export type Challenge = z.infer<typeof Challenge>;

const encoder = new TextEncoder();

/**
 * The proof one side gives for a connection: HMAC-SHA-256, keyed by the
 * credential, of what it is for, its role, where the server listens, and both
 * nonces. The role keeps the server's proof from ever being the client's (no
 * reflection); the purpose keeps a bridge's from being a relay's; the place
 * binds both to the endpoint the client meant: the server proves the
 * addresses and port it was told it holds, and the client checks that the
 * address and port it dialled are among them.
 */
export async function proofOf(
  credential: string,
  role: ProofRole,
  agentNonce: string,
  serverNonce: string,
  at: Endpoint,
  purpose: ProofPurpose = "bridge",
): Promise<string> {
  const message = `edgeclip ${purpose} ${role} proof\nat ${at.addresses.join(" ")}\nport ${at.port}\n${agentNonce}\n${serverNonce}`;
  return toBase64Url(await hmacSha256(credential, message));
}

/** Whether `presented` is the expected proof, in time that does not depend on where they differ. */
export function sameProof(presented: string, expected: string): boolean {
  return constantTimeEqual(encoder.encode(presented), encoder.encode(expected));
}

/** An address as a socket names it: `[::1]` → `::1`, lower case. */
export const bareAddress = (host: string) => host.replace(/^\[(.*)\]$/, "$1").toLowerCase();

/**
 * Whether `challenge` proves the server holds `credential` at the place the
 * client dialled (`address`, `port`), for `purpose` and the client's nonce.
 */
export async function provesPlace(
  challenge: Challenge,
  credential: string,
  agentNonce: string,
  dialled: { address: string; port: string },
  purpose: ProofPurpose,
): Promise<boolean> {
  const { at } = challenge;
  const address = bareAddress(dialled.address);
  if (at.port !== dialled.port || !at.addresses.some((a) => bareAddress(a) === address))
    return false;
  const expected = await proofOf(credential, "server", agentNonce, challenge.nonce, at, purpose);
  return sameProof(challenge.proof, expected);
}

/** How long a server nonce stays good for the upgrade that follows its challenge. */
export const NONCE_TTL_MS = 60_000;

/**
 * A server nonce the server can recognise as its own and fresh without
 * keeping it: 16 random bytes, the time (8 bytes), and 8 bytes of an HMAC of
 * both under the credential (32 bytes in all, like any nonce).
 */
export async function mintServerNonce(credential: string, now = Date.now()): Promise<string> {
  const bytes = new Uint8Array(32);
  bytes.set(crypto.getRandomValues(new Uint8Array(16)));
  new DataView(bytes.buffer).setBigUint64(16, BigInt(now));
  bytes.set(await nonceMac(credential, bytes), 24);
  return toBase64Url(bytes);
}

/** Whether `nonce` is one `mintServerNonce` made under `credential` within NONCE_TTL_MS of `now`. */
export async function isFreshServerNonce(
  credential: string,
  nonce: string,
  now = Date.now(),
): Promise<boolean> {
  if (!Secret32.safeParse(nonce).success) return false;
  const bytes = fromBase64Url(nonce);
  if (bytes.length !== 32) return false;
  const minted = Number(new DataView(bytes.buffer).getBigUint64(16));
  if (!(minted <= now && now - minted <= NONCE_TTL_MS)) return false;
  return constantTimeEqual(await nonceMac(credential, bytes), bytes.subarray(24));
}

/** The 8 bytes that seal a server nonce's first 24 (its random part and its time). */
async function nonceMac(credential: string, bytes: Uint8Array): Promise<Uint8Array> {
  const mac = await hmacSha256(
    credential,
    `edgeclip server nonce\n${toHex(bytes.subarray(0, 24))}`,
  );
  return mac.subarray(0, 8);
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
