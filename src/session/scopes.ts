import type { Scope } from "../shared/core/names.ts";
import { clipboardStub, type StoreAddress, userAddress } from "../stubs.ts";
import { type ChangeFeed, topicOf } from "./change-feed.ts";
import type { Clipboard } from "./clipboard.ts";
import type { Deadlines } from "./deadlines.ts";
import type { ObjectState } from "./object-state.ts";

/** The methods of `Clipboard` another clipboard may call through `scopeCall`. */
export const SCOPE_METHODS = [
  "has",
  "get",
  "put",
  "read",
  "raw",
  "list",
  "update",
  "replaceContent",
  "delete",
  "clear",
  "search",
  "tag",
  "exportEntries",
  "importEntries",
] as const satisfies readonly (keyof Clipboard)[];
export type ScopeMethod = (typeof SCOPE_METHODS)[number];

/** The methods that change a clipboard (a preset may forbid them on a scope). */
export const WRITES: ReadonlySet<ScopeMethod> = new Set([
  "put",
  "update",
  "replaceContent",
  "delete",
  "clear",
  "tag",
  "importEntries",
]);

/** `tag` only lists: a read. */
export const isTagListing = (method: ScopeMethod, args: unknown[]) =>
  method === "tag" && (args[0] as { action?: string } | undefined)?.action === "list";

/** The methods that can move an entry's deadline, after which the alarm is re-armed. */
const MOVES_DEADLINES: ReadonlySet<ScopeMethod> = new Set([
  "put",
  "update",
  "replaceContent",
  "delete",
  "clear",
  "importEntries",
]);
export type ScopeApi = Pick<Clipboard, ScopeMethod>;
export type ScopeResult<M extends ScopeMethod> = ReturnType<ScopeApi[M]>;

/**
 * A session's three scopes: its own clipboard here, its project's and its
 * user's in their objects, reached over RPC (`scopeCall` on theirs).
 */
export class Scopes {
  private readonly state: ObjectState;
  private readonly deadlines: Deadlines;
  private readonly feed: ChangeFeed;

  constructor(state: ObjectState, deadlines: Deadlines, feed: ChangeFeed) {
    this.state = state;
    this.deadlines = deadlines;
    this.feed = feed;
  }

  /** A `Clipboard` method on this object's own clipboard: re-arms the alarm and tells the dashboard. */
  async callLocal<M extends ScopeMethod>(
    method: M,
    args: Parameters<ScopeApi[M]>,
  ): Promise<ScopeResult<M>> {
    const clipboard = this.state.clipboard;
    const fn = clipboard[method] as (...a: Parameters<ScopeApi[M]>) => ScopeResult<M>;
    const result = fn.apply(clipboard, args);
    if (MOVES_DEADLINES.has(method)) await this.deadlines.arm();
    if (WRITES.has(method) && this.state.address) this.feed.changed(topicOf(this.state.address));
    return result;
  }

  /** A `Clipboard` method on the session's own, project's or user's clipboard. */
  async call<M extends ScopeMethod>(
    scope: Scope,
    method: M,
    args: Parameters<ScopeApi[M]>,
  ): Promise<ScopeResult<M>> {
    if (scope === "session") return this.callLocal(method, args);
    const address = this.addressOf(scope);
    const stub = clipboardStub(address);
    return (await stub.scopeCall(address, method, args as never)) as ScopeResult<M>;
  }

  /** The first of `visible` holding `key`, unless `scope` pins one. */
  async locate(
    key: string,
    scope: Scope | undefined,
    visible: readonly Scope[],
  ): Promise<Scope | undefined> {
    if (scope) return (await this.call(scope, "has", [key])) ? scope : undefined;
    for (const s of visible) if (await this.call(s, "has", [key])) return s;
    return undefined;
  }

  private addressOf(scope: Scope): StoreAddress {
    const self = this.state.address;
    if (!self) throw new Error("session not opened");
    switch (scope) {
      case "session":
        return self;
      case "project":
        return { user: self.user, scope, name: this.state.project };
      case "user":
        return userAddress({ user: self.user });
    }
  }
}
