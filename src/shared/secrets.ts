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
