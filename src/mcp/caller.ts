import type { Preset } from "../auth/presets.ts";
import { clipboardStub, type StoreAddress } from "../stubs.ts";
import type { OperationInput, OperationName, OperationResult } from "./operations.ts";

/** Who is calling: resolved once per HTTP request, before any tool runs. */
export interface Caller {
  /** Stable user id; every Durable Object name includes it (`session:<user>:…`), so users never share one. */
  user: string;
  /** What this connection may do (its grant's permission preset); `full` on a local server. */
  preset: Preset;
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
