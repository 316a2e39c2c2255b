/** Secrets' stored form (only a SHA-256 digest of a secret is ever stored) and device-pairing codes. */

/** The stored form of a secret: its SHA-256 digest, hex. */
export async function digest(secret: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** RFC 8628's user-code alphabet: no vowels (no words), no look-alikes. */
const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";

/** A pairing code for a person to compare: `WDJB-MJHT` (20⁸ ≈ 2.6·10¹⁰ codes). */
export function userCode(random: Uint8Array = crypto.getRandomValues(new Uint8Array(8))): string {
  const chars = [...random.subarray(0, 8)].map(
    (b) => USER_CODE_ALPHABET[b % USER_CODE_ALPHABET.length],
  );
  return `${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/** A user code as typed (any case, spaces or no dash) in its canonical form, or undefined. */
export function normaliseUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== 8 || ![...letters].every((c) => USER_CODE_ALPHABET.includes(c)))
    return undefined;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}
