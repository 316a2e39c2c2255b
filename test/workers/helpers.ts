import type { StoreAddress } from "../../src/session/address.ts";

export { clipboardStub as stubFor, runOperation as op } from "../../src/mcp/caller.ts";

let counter = 0;
/** A user id no other test uses, so tests never share a Durable Object. */
export const freshUser = (label = "user") => `${label}-${Date.now().toString(36)}-${++counter}`;

export const sessionOf = (user: string, name = "default"): StoreAddress => ({
  user,
  scope: "session",
  name,
});
export const projectOf = (user: string, name = "default"): StoreAddress => ({
  user,
  scope: "project",
  name,
});
export const userOf = (user: string): StoreAddress => ({ user, scope: "user", name: user });

/** Unwraps a successful outcome, failing the test with the error otherwise. */
export function value<T>(
  outcome: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!outcome.ok)
    throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}
