import { env } from "cloudflare:workers";
import { bridgeName, DEFAULT_SESSION, type Scope, storeName } from "./shared/core/names.ts";

/**
 * Every Durable Object edgeclip has, by name: which instance holds what, and
 * the stub that reaches it. The ground floor that the MCP layer, the session
 * object, the Bridge, the dashboard and sign-in all stand on, so none of them
 * reaches into another for a stub (CONTRIBUTING, "Source map").
 */

/**
 * Which clipboard a Durable Object holds. Passed with every call so the object
 * knows its own identity (and refuses a call meant for another).
 */
export interface StoreAddress {
  user: string;
  scope: Scope;
  /** Session handle, project name, or the user id again for the user scope. */
  name: string;
}

/** The session `handle` of `caller` (omitted: the default session). */
export function sessionAddress(caller: { user: string }, handle: string | undefined): StoreAddress {
  return { user: caller.user, scope: "session", name: handle ?? DEFAULT_SESSION };
}

/** The user-scope clipboard of `caller` (which also keeps the registry of their sessions). */
export function userAddress(caller: { user: string }): StoreAddress {
  return { user: caller.user, scope: "user", name: caller.user };
}

/** The ClipboardSession object holding the clipboard at `address`. */
export function clipboardStub(address: StoreAddress) {
  return env.CLIPBOARD.get(
    env.CLIPBOARD.idFromName(storeName(address.user, address.scope, address.name)),
  );
}

/** The Bridge object of `user`: their local agents. */
export function bridgeStub(user: string) {
  return env.BRIDGE.get(env.BRIDGE.idFromName(bridgeName(user)));
}

/** The one Accounts object. */
export function accountsStub(bindings: Pick<Env, "ACCOUNTS"> = env) {
  return bindings.ACCOUNTS.get(bindings.ACCOUNTS.idFromName("accounts"));
}
