import { env } from "cloudflare:workers";
import type { Preset } from "../auth/presets.ts";
import type { StoreAddress } from "../session/address.ts";
import type { OperationInput, OperationName, OperationResult } from "../session/operations.ts";
import { bridgeName, DEFAULT_SESSION, storeName } from "../shared/core/names.ts";

/** Who is calling: resolved once per HTTP request, before any tool runs. */
export interface Caller {
  /** Stable user id; every Durable Object name includes it (`session:<user>:…`), so users never share one. */
  user: string;
  /** What this connection may do (its grant's permission preset); `full` on a local server. */
  preset: Preset;
}

export function sessionAddress(
  caller: Pick<Caller, "user">,
  handle: string | undefined,
): StoreAddress {
  return { user: caller.user, scope: "session", name: handle ?? DEFAULT_SESSION };
}

export function userAddress(caller: Pick<Caller, "user">): StoreAddress {
  return { user: caller.user, scope: "user", name: caller.user };
}

/** The Durable Object holding the clipboard at `address`. */
export function clipboardStub(address: StoreAddress) {
  return env.CLIPBOARD.get(
    env.CLIPBOARD.idFromName(storeName(address.user, address.scope, address.name)),
  );
}

/** The Bridge object of `user`: their local agents. */
export function bridgeStub(user: string) {
  return env.BRIDGE.get(env.BRIDGE.idFromName(bridgeName(user)));
}

/**
 * Runs operation `name` for `caller` in the session object at `address`, under
 * the caller's preset. (The RPC stub's type loses `op`'s generic, so the typing
 * is restored here, once.)
 */
export async function runOperation<N extends OperationName>(
  caller: Caller,
  address: StoreAddress,
  name: N,
  input: OperationInput<N>,
): Promise<OperationResult<N>> {
  return (await clipboardStub(address).op(
    address,
    name,
    input as never,
    caller.preset,
  )) as OperationResult<N>;
}
