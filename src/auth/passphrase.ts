import { constantTimeEqual, toBase64Url } from "../shared/secrets.ts";

/**
 * Passphrases, stored only as a slow hash (issue 7): PBKDF2-SHA256 with
 * WebCrypto (in workerd and Node alike), 600,000 iterations by default (OWASP's
 * figure for PBKDF2-SHA256), a 16-byte random salt, a 32-byte key. Stored as
 * `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url), so the cost can rise
 * later without invalidating older hashes: `needsRehash` says when to upgrade
 * one after a successful sign-in. Measured in workerd here: ~90 ms a hash.
 */
export const PASSPHRASE_ITERATIONS = 600_000;
/** Shorter passphrases are refused when set. */
export const MIN_PASSPHRASE_CHARS = 12;
const SCHEME = "pbkdf2-sha256";
const encoder = new TextEncoder();

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function derive(
  passphrase: string,
  salt: Uint8Array,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(passphrase.normalize("NFC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Why a new passphrase is not acceptable, or `undefined`. */
export function passphraseProblem(passphrase: string): string | undefined {
  if ([...passphrase].length < MIN_PASSPHRASE_CHARS)
    return `a passphrase has at least ${MIN_PASSPHRASE_CHARS} characters (several words are easiest)`;
  if (passphrase.length > 1024) return "a passphrase has at most 1,024 characters";
  return undefined;
}

/** The stored form of `passphrase`, with a fresh salt. */
export async function hashPassphrase(
  passphrase: string,
  iterations = PASSPHRASE_ITERATIONS,
  salt: Uint8Array = crypto.getRandomValues(new Uint8Array(16)),
): Promise<string> {
  const hash = await derive(passphrase, salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

interface Parsed {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

function parse(stored: string): Parsed | undefined {
  const [scheme, count, salt, hash, ...rest] = stored.split("$");
  if (scheme !== SCHEME || rest.length || !count || !/^\d{1,9}$/.test(count)) return undefined;
  const s = fromBase64Url(salt ?? "");
  const h = fromBase64Url(hash ?? "");
  if (!s || !h || s.byteLength < 16 || h.byteLength !== 32) return undefined;
  return { iterations: Number(count), salt: s, hash: h };
}

/**
 * Whether `passphrase` matches `stored`. A malformed stored value never
 * matches; the comparison is constant-time.
 */
export async function verifyPassphrase(passphrase: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  return constantTimeEqual(await derive(passphrase, parsed.salt, parsed.iterations), parsed.hash);
}

/** Whether `stored` was hashed with fewer iterations than today's. */
export function needsRehash(stored: string, iterations = PASSPHRASE_ITERATIONS): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.iterations < iterations;
}
