import { env } from "cloudflare:workers";
import { storeName } from "../../src/core/names.ts";
import type { StoreAddress } from "../../src/session/address.ts";
import type {
  OperationInput,
  OperationName,
  OperationResult,
} from "../../src/session/operations.ts";

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

export function stubFor(address: StoreAddress) {
  return env.CLIPBOARD.get(
    env.CLIPBOARD.idFromName(storeName(address.user, address.scope, address.name)),
  );
}

/** Runs a session operation the way a tool handler does (input already parsed by zod). */
export async function op<N extends OperationName>(
  address: StoreAddress,
  name: N,
  input: OperationInput<N>,
): Promise<OperationResult<N>> {
  return (await stubFor(address).op(address, name, input as never)) as OperationResult<N>;
}

/** Unwraps a successful outcome, failing the test with the error otherwise. */
export function value<T>(
  outcome: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!outcome.ok)
    throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}
