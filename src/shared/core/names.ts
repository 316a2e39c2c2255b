import { LIMITS } from "./limits.ts";

/** Scopes, in the order reads without a scope look through them. */
export const SCOPES = ["session", "project", "user"] as const;
export type Scope = (typeof SCOPES)[number];

export const DEFAULT_SESSION = "default";
export const DEFAULT_PROJECT = "default";

/** Server-minted session handles: `s-` and 12 lower-case base-32 characters. */
export const SESSION_HANDLE = /^(default|s-[a-z2-7]{12})$/;
export const PROJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const TAG_NAME = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:/-]{0,${LIMITS.tagChars - 1}}$`);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a key is not acceptable, or `undefined` when it is. */
export function keyProblem(key: string): string | undefined {
  if (key.length === 0) return "is empty";
  if (key.trim() !== key) return "has leading or trailing spaces";
  if (key.length > LIMITS.keyChars)
    return `is ${key.length} characters long (at most ${LIMITS.keyChars})`;
  if (CONTROL.test(key)) return "contains a control character";
  return undefined;
}

/** A new random session handle. */
export function mintSessionHandle(
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(12)),
): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let handle = "s-";
  for (const byte of random.subarray(0, 12)) handle += alphabet[byte % 32];
  return handle;
}

/** The next free `clip-N` key, given the keys that exist. */
export function nextAutoKey(
  existing: ReadonlySet<string>,
  from: number,
): { key: string; next: number } {
  let n = Math.max(1, from);
  while (existing.has(`clip-${n}`)) n++;
  return { key: `clip-${n}`, next: n + 1 };
}

/** The Bridge Durable Object of `user`, where the user's local agents connect. */
export function bridgeName(user: string): string {
  return `bridge:${user}`;
}

/** Durable Object names: one clipboard per (user, session), (user, project) and user. */
export function storeName(user: string, scope: Scope, name: string): string {
  switch (scope) {
    case "session":
      return `session:${user}:${name}`;
    case "project":
      return `project:${user}:${name}`;
    case "user":
      return `user:${user}`;
  }
}
