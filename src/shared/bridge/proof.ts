import { z } from "zod";
import { constantTimeEqual, hmacSha256, randomSecret, toBase64Url } from "../secrets.ts";

/**
 * A local server and its agent prove to each other that they hold the local
 * credential before either says anything, and the credential itself never
 * travels (docs/security.md, "A program squatting the server's port"). The
 * agent opens `/bridge` with a fresh nonce of its own (`NONCE_HEADER`) and no
 * token; the server answers first, over the socket, with a nonce of its own
 * and its proof (an HMAC of both nonces under the credential); only if that
 * proof is right does the agent send its own proof (the same nonces, another
 * label) and its hello. 0.6.0's agent sent `Authorization: Bearer <token>` to
 * whatever listened on the port, and served whoever welcomed it.
 *
 * Pure, on WebCrypto: the Worker and the local agent share it.
 */

/** The request header that carries the agent's nonce when it opens `/bridge`. */
export const NONCE_HEADER = "x-edgeclip-nonce";

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

const encoder = new TextEncoder();

/**
 * The proof one side gives for a connection: HMAC-SHA-256, keyed by the
 * credential, of its role, the port of the server it is about, and both
 * nonces. The role label keeps the server's proof from ever being the agent's
 * (no reflection); the port binds both to the endpoint the agent meant: the
 * server proves the port it listens on, the agent checks it against the port
 * it dialled, so a program on another port that relays the exchange to the
 * user's real server makes both proofs fail (issue 34 §5).
 */
export async function proofOf(
  credential: string,
  role: ProofRole,
  agentNonce: string,
  serverNonce: string,
  port: string,
  purpose: ProofPurpose = "bridge",
): Promise<string> {
  const message = `edgeclip ${purpose} ${role} proof\nport ${port}\n${agentNonce}\n${serverNonce}`;
  return toBase64Url(await hmacSha256(credential, message));
}

/** The port of a URL, as proofs name it (`http://127.0.0.1:8787` → "8787"; the scheme's default when none). */
export function portOf(url: string): string {
  const parsed = new URL(url);
  return parsed.port || (parsed.protocol === "https:" || parsed.protocol === "wss:" ? "443" : "80");
}

/** Whether `presented` is the expected proof, in time that does not depend on where they differ. */
export function sameProof(presented: string, expected: string): boolean {
  return constantTimeEqual(encoder.encode(presented), encoder.encode(expected));
}
