/**
 * Random secrets and comparing them: what the Worker's sign-in and the local
 * agent's server proof (shared/bridge/proof.ts) both use. Web Crypto only, so both
 * runtimes run it as it is.
 */

/** Bytes as base64url, without padding. */
export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A fresh random secret: `bytes` random bytes, base64url (32 bytes: 43 characters). */
export function randomSecret(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Equal byte strings, in time that depends on their length only. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

const encoder = new TextEncoder();

/** HMAC-SHA-256 of `message` under `key` (both text): the proofs, the dashboard's host and cookie. */
export async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
}

/** Bytes as lower-case hex. */
export const toHex = (bytes: Uint8Array) =>
  [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
