import { DurableObject } from "cloudflare:workers";
import {
  agentOpDenied,
  PermissionDenied,
  type Preset,
  scopeDenied,
  visibleScopes,
} from "../auth/presets.ts";
import { describeRequest } from "../bridge/routing.ts";
import {
  type EditResult,
  type Kept,
  OPS,
  type OpArgs,
  type OpName,
  type OpResult,
} from "../shared/bridge/protocol.ts";
import { fail, type Outcome, ok, type ToolFailure } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { DEFAULT_PROJECT, DEFAULT_SESSION, type Scope, storeName } from "../shared/core/names.ts";
import { migrate } from "../storage/migrate.ts";
import type { StoreAddress } from "../stubs.ts";
import { bridgeStub, clipboardStub, userAddress } from "../stubs.ts";
import { ChangeFeed, DASHBOARD_SOCKETS, topicOf } from "./change-feed.ts";
import { type Browsed, Clipboard, type Preview } from "./clipboard.ts";
import type { BrowseFilter } from "./entry-store.ts";
import { ExportPages } from "./export-pages.ts";
import { FileOpStore, type FileOpSummary } from "./file-op-store.ts";
import { type AgentCall, FileOperations } from "./file-operations.ts";
import { MetaStore } from "./meta-store.ts";
import { type ResultClass, ResultStore } from "./result-store.ts";
import { type SavingsRow, SavingsStore } from "./savings-store.ts";
import { MIGRATIONS } from "./schema.ts";
import { type HistoryItem, SessionLog } from "./session-log.ts";
import { type SessionInfo, SessionRegistry } from "./session-registry.ts";

/** The methods of `Clipboard` another clipboard may call through `scopeCall`. */
const SCOPE_METHODS = [
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
const WRITES: ReadonlySet<ScopeMethod> = new Set([
  "put",
  "update",
  "replaceContent",
  "delete",
  "clear",
  "tag",
  "importEntries",
]);

/** `tag` only lists: a read. */
const isTagListing = (method: ScopeMethod, args: unknown[]) =>
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
type ScopeApi = Pick<Clipboard, ScopeMethod>;
type ScopeResult<M extends ScopeMethod> = ReturnType<ScopeApi[M]>;

/** A session as the dashboard's header shows it. */
export interface SessionFacts {
  project: string;
  started_at: number;
  last_used_at: number | null;
}

/** What the dashboard's history page shows. */
export interface SessionActivity {
  history: HistoryItem[];
  fileOps: FileOpSummary[];
  /** The change `undo` would revert now, if any. */
  nextUndo: FileOpSummary | null;
}

/** The dashboard's changes to a clipboard. */
export type DashboardAction = { kind: "delete"; key: string } | { kind: "clear_expired" };

/** At most this many dashboard pages of one user are live at once. */
const MAX_DASHBOARD_SOCKETS = 64;

/** What a tool operation sees of its session. */
export interface SessionContext {
  handle: string;
  project: string;
  /** The scopes this caller's preset can see, in lookup order (session → project → user). */
  scopes: readonly Scope[];
  /** Why the caller may not write `scope`, or undefined: for operations that write two scopes. */
  writeDenied(scope: Scope): ToolFailure | undefined;
  /** Calls a `Clipboard` method on the session's own, project's or user's clipboard. */
  inScope<M extends ScopeMethod>(
    scope: Scope,
    method: M,
    ...args: Parameters<ScopeApi[M]>
  ): Promise<ScopeResult<M>>;
  /** The first scope (session → project → user) holding `key`, unless `scope` pins one. */
  locate(key: string, scope: Scope | undefined): Promise<Scope | undefined>;
  log: SessionLog;
  /** Calls the user's local agent (routed by `agent` name, else by this session's project). */
  agent: AgentCall;
  /** File operations through the agent: recorded, undoable, settled after a crash. */
  files: FileOperations;
  /** Results that showed content, kept for `result` references. */
  results: ResultStore;
  /** An inline export's pages, cut once from one snapshot. */
  exports: ExportPages;
  now: () => number;
}

/**
 * What a session object runs for a caller, by name: every tool's `run` and the
 * clipboard's rendering. The layer above gives them (`mcp/operations.ts`,
 * through `ClipboardSession` in `src/index.ts`), so nothing in session/ reaches
 * up into the tools.
 */
export interface Operations {
  readonly table: Readonly<
    Record<string, (session: SessionContext, input: never) => Promise<Outcome<unknown>>>
  >;
  /** Whether operation `name` only reads: it runs beside the session's other calls. */
  readsOnly(name: string): boolean;
}

/**
 * One clipboard in SQLite: a session's (`session:<user>:<handle>`), a project's
 * (`project:<user>:<name>`) or the user's (`user:<user>`, which also keeps the
 * registry of the user's sessions). A session object is the unit of consistency:
 * tool calls run here one at a time, reach the project and user clipboards over
 * RPC, and are logged to the session's history.
 *
 * TTL: deadlines live in SQLite (`entries.expires_at`, `purge_at`, and for a
 * session `meta.last_used_at`); one alarm is armed at the earliest and re-armed
 * after each run. Alarms are at-least-once, so every step is idempotent.
 */
export abstract class SessionObject extends DurableObject<Env> {
  /** What this object runs for a caller (`Operations`). */
  protected abstract readonly operations: Operations;
  private address: StoreAddress | undefined;
  private meta!: MetaStore;
  private clipboardStore: Clipboard | undefined;
  private readonly now = () => Date.now();
  /**
   * Tool operations on this object that write, one at a time (reads run
   * beside them: `readsOnly`). Input gates hold other calls
   * back only while storage is busy, not while an operation awaits another object
   * (the project or user clipboard), so a multi-step operation queues here.
   */
  private queue: Promise<unknown> = Promise.resolve();
  /** The user whose dashboard hears of this object's changes (kept across a wipe). */
  private owner: { user: string; hub: boolean } | undefined;
  private readonly feed = new ChangeFeed((topics) => this.deliver(topics));

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.prepare();
    // Dashboard pages keep their WebSocket open with pings the runtime answers without waking us.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Tables and stores; run again after `deleteAll` wipes them. */
  private prepare(): void {
    migrate(this.ctx.storage, MIGRATIONS);
    this.meta = new MetaStore(this.ctx.storage.sql);
    this.clipboardStore = undefined;
    this.address = undefined;
  }

  private get clipboard(): Clipboard {
    if (!this.clipboardStore) {
      const scope = (this.address ?? this.storedAddress())?.scope ?? "session";
      this.clipboardStore = new Clipboard(this.ctx.storage, this.meta, scope, this.now);
    }
    return this.clipboardStore;
  }

  /** Binds this object to its address on first use; refuses a different one. */
  private bind(address: StoreAddress): void {
    const name = storeName(address.user, address.scope, address.name);
    const known = this.address ?? this.storedAddress();
    if (known && storeName(known.user, known.scope, known.name) !== name) {
      throw new Error(
        `Durable Object ${storeName(known.user, known.scope, known.name)} called as ${name}`,
      );
    }
    if (!known) {
      this.meta.set("address", JSON.stringify(address));
      this.meta.set("created_at", this.now());
    }
    this.address = address;
    this.owner = { user: address.user, hub: address.scope === "user" };
  }

  private storedAddress(): StoreAddress | undefined {
    const json = this.meta.get("address");
    return json === undefined ? undefined : (JSON.parse(json) as StoreAddress);
  }

  // ── Session lifecycle ──────────────────────────────────────────────────────

  /**
   * Opens the session for a tool call: the `default` session starts itself, any
   * other must have been started by the session tool. Records the use, which
   * pushes back idle expiry.
   */
  private async openSession(address: StoreAddress): Promise<Outcome<void>> {
    if (address.scope !== "session") throw new Error("not a session address");
    if (this.meta.get("started_at") === undefined) {
      // Answered before `bind`, so an unknown handle leaves no storage behind.
      if (address.name !== DEFAULT_SESSION) {
        return fail(
          "UNKNOWN_SESSION",
          `Unknown session \`${address.name}\`: it was never started, was ended, or expired after 24 h without use. Omit \`session\` to use your default session, or start a new one with the session tool (action start).`,
        );
      }
      this.bind(address);
      this.meta.set("started_at", this.now());
      this.meta.set("project", DEFAULT_PROJECT);
    }
    this.bind(address);
    // Idle expiry counts in hours; recording use once a minute spares a write per call.
    const now = this.now();
    if (now - (this.meta.number("last_used_at") ?? 0) >= 60_000) {
      this.meta.set("last_used_at", now);
      await this.armAlarm(); // the idle deadline moved
    }
    return ok(undefined);
  }

  /** Marks a freshly minted session as started and registers it with the user. */
  start(address: StoreAddress, project: string, description: string): Promise<SessionInfo> {
    return this.serial(async () => {
      this.bind(address);
      const now = this.now();
      this.meta.set("started_at", now);
      this.meta.set("last_used_at", now);
      this.meta.set("project", project);
      await this.armAlarm();
      const info: SessionInfo = { handle: address.name, project, description, created_at: now };
      await this.userStub(address.user).registerSession(userAddress({ user: address.user }), info);
      this.feed.changed("sessions");
      return info;
    });
  }

  /** Facts about this session for the session tool's list; reading them is not a use. */
  info(address: StoreAddress): { entries: number; last_used_at: number | null } {
    this.bind(address);
    return {
      entries: this.clipboard.entries.count(),
      last_used_at: this.meta.number("last_used_at") ?? null,
    };
  }

  /** Deletes everything this session holds, its alarm, and its registry row. */
  end(address: StoreAddress): Promise<Outcome<{ entries: number }>> {
    return this.serial(async () => {
      if (address.name === DEFAULT_SESSION) {
        return fail(
          "SESSION_PROTECTED",
          'The `default` session cannot be ended. Use update action "clear" to empty it.',
        );
      }
      const opened = await this.openSession(address);
      if (!opened.ok) return opened;
      const entries = this.clipboard.entries.count();
      await this.wipe();
      return ok({ entries });
    });
  }

  private async wipe(): Promise<void> {
    const address = this.address;
    const savings = new SavingsStore(this.ctx.storage.sql).all();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.prepare();
    if (address?.scope === "session") {
      const user = this.userStub(address.user);
      await user.unregisterSession(userAddress({ user: address.user }), address.name);
      // The tokens it kept out stay in the user's figures.
      if (savings.length) await user.keepSavings(userAddress({ user: address.user }), savings);
      this.feed.changed("sessions", topicOf(address));
    }
  }

  // ── Registry (user-scope objects) ──────────────────────────────────────────

  registerSession(address: StoreAddress, info: SessionInfo): void {
    this.bind(address);
    new SessionRegistry(this.ctx.storage.sql).add(info);
  }

  unregisterSession(address: StoreAddress, handle: string): void {
    this.bind(address);
    new SessionRegistry(this.ctx.storage.sql).remove(handle);
  }

  listSessions(address: StoreAddress): SessionInfo[] {
    this.bind(address);
    return new SessionRegistry(this.ctx.storage.sql).list();
  }

  /** The figures of an ended session, kept in the user object. */
  keepSavings(address: StoreAddress, rows: SavingsRow[]): void {
    this.bind(address);
    new SavingsStore(this.ctx.storage.sql).keep(rows, this.now());
    this.feed.changed("tokens");
  }

  // ── The dashboard: reads that write nothing, its changes, live updates ────

  /**
   * Whether this clipboard exists for the dashboard to look at: used before
   * (a session: started). A URL naming one that never was leaves nothing behind.
   */
  private exists(address: StoreAddress): boolean {
    if (!(this.address ?? this.storedAddress())) return false;
    if (address.scope === "session" && this.meta.get("started_at") === undefined) return false;
    this.bind(address); // refuses a different address
    return true;
  }

  sessionFacts(address: StoreAddress): SessionFacts | undefined {
    if (address.scope !== "session" || !this.exists(address)) return undefined;
    return {
      project: this.meta.get("project") ?? DEFAULT_PROJECT,
      started_at: this.meta.number("started_at") ?? 0,
      last_used_at: this.meta.number("last_used_at") ?? null,
    };
  }

  browse(address: StoreAddress, filter: BrowseFilter): Browsed | undefined {
    return this.exists(address) ? this.clipboard.browse(filter) : undefined;
  }

  preview(address: StoreAddress, key: string, page: number): Preview | undefined {
    return this.exists(address) ? this.clipboard.preview(key, page) : undefined;
  }

  content(address: StoreAddress, key: string): string | undefined {
    return this.exists(address) ? this.clipboard.contentOf(key) : undefined;
  }

  activity(address: StoreAddress, limit: number): SessionActivity | undefined {
    if (address.scope !== "session" || !this.exists(address)) return undefined;
    const fileOps = new FileOpStore(this.ctx.storage.sql, this.now);
    const next = fileOps.undoable(1)[0];
    return {
      history: new SessionLog(this.ctx.storage.sql, this.now).history(limit),
      fileOps: fileOps.recent(limit),
      nextUndo: next ? (fileOps.summaryOf(next.id) ?? null) : null,
    };
  }

  /** Tokens kept out: a session's own, or in the user object those of ended sessions. */
  savings(address: StoreAddress): SavingsRow[] {
    return this.exists(address) ? new SavingsStore(this.ctx.storage.sql).all() : [];
  }

  /** A change from the dashboard; undefined when the clipboard does not exist. */
  act(address: StoreAddress, action: DashboardAction): Promise<number | undefined> {
    return this.serial(async () => {
      if (!this.exists(address)) return undefined;
      if (action.kind === "delete") return (await this.callLocal("delete", [action.key])) ? 1 : 0;
      return this.callLocal("clear", [true]);
    });
  }

  /** The hub (the user object): a dashboard page's WebSocket, accepted for hibernation. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("expected a WebSocket upgrade", { status: 426 });
    if (this.ctx.getWebSockets(DASHBOARD_SOCKETS).length >= MAX_DASHBOARD_SOCKETS)
      return new Response("too many open dashboard pages", { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [DASHBOARD_SOCKETS]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The hub: tells every open dashboard page which topics changed. */
  notify(topics: string[]): void {
    const message = JSON.stringify({ topics });
    for (const ws of this.ctx.getWebSockets(DASHBOARD_SOCKETS)) {
      try {
        ws.send(message);
      } catch {
        // closing
      }
    }
  }

  override webSocketMessage(): void {
    // Pages only ping, and the runtime answers those.
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  private async deliver(topics: string[]): Promise<void> {
    const owner = this.owner;
    if (!owner) return;
    if (owner.hub) this.notify(topics);
    else await this.userStub(owner.user).notify(topics);
  }

  // ── Scopes ─────────────────────────────────────────────────────────────────

  /** Runs a `Clipboard` method on this object's clipboard, for a session object. */
  async scopeCall<M extends ScopeMethod>(
    address: StoreAddress,
    method: M,
    args: Parameters<ScopeApi[M]>,
  ): Promise<ScopeResult<M>> {
    if (!SCOPE_METHODS.includes(method)) throw new Error(`not a scope method: ${String(method)}`);
    this.bind(address);
    return this.callLocal(method, args);
  }

  private async callLocal<M extends ScopeMethod>(
    method: M,
    args: Parameters<ScopeApi[M]>,
  ): Promise<ScopeResult<M>> {
    const fn = this.clipboard[method] as (...a: Parameters<ScopeApi[M]>) => ScopeResult<M>;
    const result = fn.apply(this.clipboard, args);
    if (MOVES_DEADLINES.has(method)) await this.armAlarm();
    if (WRITES.has(method) && this.address) this.feed.changed(topicOf(this.address));
    return result;
  }

  private async inScope<M extends ScopeMethod>(
    scope: Scope,
    method: M,
    args: Parameters<ScopeApi[M]>,
  ): Promise<ScopeResult<M>> {
    if (scope === "session") return this.callLocal(method, args);
    const address = this.scopeAddress(scope);
    const stub = clipboardStub(address);
    return (await stub.scopeCall(address, method, args as never)) as ScopeResult<M>;
  }

  private async locate(
    key: string,
    scope: Scope | undefined,
    visible: readonly Scope[],
  ): Promise<Scope | undefined> {
    if (scope) return (await this.inScope(scope, "has", [key])) ? scope : undefined;
    for (const s of visible) if (await this.inScope(s, "has", [key])) return s;
    return undefined;
  }

  private scopeAddress(scope: Scope): StoreAddress {
    const self = this.address;
    if (!self) throw new Error("session not opened");
    switch (scope) {
      case "session":
        return self;
      case "project":
        return { user: self.user, scope, name: this.meta.get("project") ?? DEFAULT_PROJECT };
      case "user":
        return userAddress({ user: self.user });
    }
  }

  private userStub(user: string) {
    return clipboardStub(userAddress({ user: user }));
  }

  // ── Tool entry point ───────────────────────────────────────────────────────

  /**
   * Runs one tool operation inside this session: opens it (or answers
   * UNKNOWN_SESSION) and runs the named operation with the session's context.
   * Operations are plain functions, one per tool (`Operations`), so this class
   * stays lifecycle and routing. (Typed by its caller, `runOperation`.)
   */
  op(
    address: StoreAddress,
    name: string,
    input: unknown,
    preset: Preset,
  ): Promise<Outcome<unknown>> {
    if (this.operations.readsOnly(name)) return this.runOp(address, name, input, preset);
    return this.serial(() => this.runOp(address, name, input, preset));
  }

  /**
   * The dashboard's Undo, as its owner: the last file operation, only if it is
   * still `op`, the one the confirmation page named. Another operation that
   * landed in between is not what the user confirmed: UNDO_CONFLICT, nothing undone.
   */
  undoShown(address: StoreAddress, op: number): Promise<Outcome<unknown>> {
    return this.serial(async () => {
      if (this.meta.get("started_at") !== undefined) {
        const last = new FileOpStore(this.ctx.storage.sql, this.now).undoable(1)[0];
        if (last && last.id !== op)
          return fail(
            "UNDO_CONFLICT",
            `Operation #${op} is no longer the last file operation of this session: #${last.id} (${last.kind}) came after it. Nothing was undone; look at the history again.`,
          );
      }
      return this.runOp(address, "undo", { count: 1, force: false }, "full");
    });
  }

  private async runOp(
    address: StoreAddress,
    name: string,
    input: unknown,
    preset: Preset,
  ): Promise<Outcome<unknown>> {
    {
      const operation = this.operations.table[name];
      if (!operation) return fail("INVALID_ARGUMENT", `There is no operation \`${name}\`.`);
      const opened = await this.openSession(address);
      if (!opened.ok) return opened;
      await this.countCall();
      try {
        const result = await operation(this.context(preset), input as never);
        if (result.ok) this.countSavings(address.name, result.value);
        return result;
      } catch (error) {
        // A scope the preset forbids, reached before anything was written.
        if (error instanceof PermissionDenied) return { ok: false, error: error.failure };
        throw error;
      } finally {
        this.feed.changed("sessions", topicOf(address));
      }
    }
  }

  /** Adds a receipt's `tokens_kept_out` to the session's figures for today. */
  private countSavings(handle: string, value: unknown): void {
    const tokens = (value as { tokens_kept_out?: unknown } | null)?.tokens_kept_out;
    if (typeof tokens !== "number" || tokens <= 0) return;
    new SavingsStore(this.ctx.storage.sql).add(handle, this.now(), Math.round(tokens));
    this.feed.changed("tokens");
  }

  private context(preset: Preset): SessionContext {
    const handle = this.address?.name ?? DEFAULT_SESSION;
    const log = new SessionLog(this.ctx.storage.sql, this.now);
    /** What this call has read: the results it keeps carry it (result-store.ts). */
    const touched = new Set<ResultClass>();
    const agent: AgentCall = (op, args, name) => {
      const denied = agentOpDenied(preset, op);
      if (denied) return Promise.resolve({ ok: false, error: denied });
      touched.add(op === "os_read" || op === "os_write" ? "os" : "file");
      return this.callAgent(op, args, name);
    };
    const scopes = visibleScopes(preset);
    return {
      handle,
      project: this.meta.get("project") ?? DEFAULT_PROJECT,
      scopes,
      writeDenied: (scope) => scopeDenied(preset, scope, "write"),
      inScope: (scope, method, ...args) => {
        const denied = scopeDenied(
          preset,
          scope,
          WRITES.has(method) && !isTagListing(method, args) ? "write" : "read",
        );
        if (denied) throw new PermissionDenied(denied);
        touched.add(scope);
        return this.inScope(scope, method, args);
      },
      locate: (key, scope) => {
        const denied = scope && scopeDenied(preset, scope, "read");
        if (denied) throw new PermissionDenied(denied);
        return this.locate(key, scope, scopes);
      },
      log,
      agent,
      files: new FileOperations(
        new FileOpStore(this.ctx.storage.sql, this.now),
        log,
        agent,
        handle,
      ),
      results: new ResultStore(this.ctx.storage.sql, this.now, {
        touched,
        refused: (cls) =>
          cls === "os"
            ? agentOpDenied(preset, "os_read")
            : cls === "file"
              ? agentOpDenied(preset, "read")
              : scopeDenied(preset, cls, "read"),
      }),
      exports: new ExportPages(this.ctx.storage.sql, this.now),
      now: this.now,
    };
  }

  // ── The local agent ────────────────────────────────────────────────────────

  /** One request to the user's local agent through the Bridge; its result is checked, never trusted. */
  private async callAgent<N extends OpName>(
    op: N,
    args: OpArgs<N>,
    agent: string | undefined,
  ): Promise<Outcome<{ agent: string; result: OpResult<N> }>> {
    const self = this.address;
    if (!self) throw new Error("session not opened");
    const timeout =
      op === "os_read" || op === "os_write" ? LIMITS.osClipboardTimeoutMs : LIMITS.bridgeTimeoutMs;
    const project = this.meta.get("project") ?? DEFAULT_PROJECT;
    // The RPC stub's types wrap results in Disposable; the plain shape is restored here, once.
    const sent = (await bridgeStub(self.user).request(
      { agent, project, what: describeRequest(op, args) },
      op,
      args,
      timeout,
    )) as Outcome<{
      agent: string;
      result: unknown;
    }>;
    if (!sent.ok) return sent;
    const result = OPS[op].result.safeParse(sent.value.result);
    if (!result.success) {
      console.error(
        `edgeclip: malformed ${op} result from agent ${sent.value.agent}`,
        result.error.issues[0],
      );
      return fail(
        "INTERNAL_ERROR",
        `The local agent \`${sent.value.agent}\` answered \`${op}\` with a malformed result: are the agent and the server the same version?`,
      );
    }
    return ok({ agent: sent.value.agent, result: result.data as OpResult<N> });
  }

  /**
   * From the Bridge: how an interrupted file operation ended (the agent's
   * journal finished or undid it after a crash, or its reply came late).
   * A session that no longer exists is left alone.
   */
  settleFileOp(
    address: StoreAddress,
    op: number,
    agent: string,
    outcome: "committed" | "rolled_back",
    results: EditResult[] | undefined,
    kept: Kept[] = [],
  ): Promise<void> {
    return this.serial(async () => {
      if (this.meta.get("started_at") === undefined) return;
      this.bind(address);
      this.context("full").files.settle(op, agent, outcome, results, kept);
    });
  }

  /**
   * Counts a tool call for call-counted TTLs (`read` copies) and expires the
   * copies unused for too long. Only counts while such entries exist, so a
   * session without them writes nothing here.
   */
  private async countCall(): Promise<void> {
    const entries = this.clipboard.entries;
    if (!entries.hasCallTtl()) return;
    const calls = (this.meta.number("calls") ?? 0) + 1;
    this.meta.set("calls", calls);
    if (entries.expireByCalls(calls, this.now()) > 0) await this.armAlarm(); // a purge deadline appeared
  }

  // ── Alarms ─────────────────────────────────────────────────────────────────

  /** The earliest deadline: an entry's expiry or purge, or (for a session) idle expiry. */
  private nextDeadline(): number | null {
    const times = [this.clipboard.entries.nextDeadline(), this.idleDeadline()].filter(
      (t): t is number => t !== null,
    );
    return times.length ? Math.min(...times) : null;
  }

  private idleDeadline(): number | null {
    const address = this.address;
    const lastUsed = this.meta.number("last_used_at");
    if (address?.scope !== "session" || address.name === DEFAULT_SESSION || lastUsed === undefined)
      return null;
    return lastUsed + LIMITS.sessionIdleMs;
  }

  /**
   * Keeps one alarm armed at or before the earliest deadline. An alarm already
   * armed earlier is left alone: when it runs it re-arms at the true deadline,
   * so a busy session does not rewrite its alarm on every call.
   */
  private async armAlarm(): Promise<void> {
    const next = this.nextDeadline();
    const current = await this.ctx.storage.getAlarm();
    if (next === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
      return;
    }
    if (current === null || next < current) await this.ctx.storage.setAlarm(next);
  }

  override alarm(): Promise<void> {
    return this.serial(() => this.runDeadlines());
  }

  private async runDeadlines(): Promise<void> {
    const now = this.now();
    this.address ??= this.storedAddress();
    if (!this.address) return; // wiped, or never used: nothing to do
    const idle = this.idleDeadline();
    if (idle !== null && idle <= now) {
      await this.wipe();
      return;
    }
    const changed = this.ctx.storage.transactionSync(
      () => this.clipboard.entries.expireDue(now) + this.clipboard.entries.purgeDue(now).length,
    );
    if (changed > 0) this.feed.changed("sessions", topicOf(this.address));
    const next = this.nextDeadline();
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.max(next, now + 1));
  }
}
