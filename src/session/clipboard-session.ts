import { DurableObject } from "cloudflare:workers";
import { PermissionDenied, type Preset } from "../auth/presets.ts";
import type { EditResult, Kept } from "../shared/bridge/protocol.ts";
import { fail, type Outcome } from "../shared/core/errors.ts";
import type { StoreAddress } from "../stubs.ts";
import { ChangeFeed, topicOf } from "./change-feed.ts";
import type { Browsed, Preview } from "./clipboard.ts";
import { DashboardHub } from "./dashboard-hub.ts";
import { Deadlines } from "./deadlines.ts";
import type { BrowseFilter } from "./entry-store.ts";
import { FileOpStore, type FileOpSummary } from "./file-op-store.ts";
import { SessionLife } from "./life-cycle.ts";
import { ObjectState } from "./object-state.ts";
import { type SavingsRow, SavingsStore } from "./savings-store.ts";
import {
  SCOPE_METHODS,
  type ScopeApi,
  type ScopeMethod,
  type ScopeResult,
  Scopes,
} from "./scopes.ts";
import { SerialQueue } from "./serial-queue.ts";
import { type HistoryItem, SessionLog } from "./session-log.ts";
import { type SessionInfo, SessionRegistry } from "./session-registry.ts";
import { type Operations, toolContext } from "./tool-context.ts";

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

/**
 * One clipboard in SQLite: a session's (`session:<user>:<handle>`), a project's
 * (`project:<user>:<name>`) or the user's (`user:<user>`, which also keeps the
 * registry of the user's sessions and is the hub of their dashboard pages). A
 * session object is the unit of consistency: tool calls run here (writing ones
 * one at a time), reach the project and user clipboards over RPC, and are
 * logged to the session's history.
 *
 * This class is the Durable Object's face, its RPC methods and handlers; what
 * they do lives beside it, one concern a file: the shared state
 * (object-state.ts), the queue (serial-queue.ts), the session's life
 * (life-cycle.ts), its scopes (scopes.ts), a tool call's context
 * (tool-context.ts), the agent (agent-calls.ts), deadlines and the alarm
 * (deadlines.ts), the dashboard hub (dashboard-hub.ts). The operations it runs
 * are given by the layer above (`Operations`).
 */
export abstract class SessionObject extends DurableObject<Env> {
  /** What this object runs for a caller (`Operations`). */
  protected abstract readonly operations: Operations;
  private readonly state: ObjectState;
  private readonly queue = new SerialQueue();
  private readonly deadlines: Deadlines;
  private readonly hub: DashboardHub;
  private readonly feed: ChangeFeed;
  private readonly scopes: Scopes;
  private readonly life: SessionLife;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.state = new ObjectState(ctx.storage);
    this.deadlines = new Deadlines(this.state);
    this.hub = new DashboardHub(ctx, this.state);
    this.feed = new ChangeFeed((topics) => this.hub.deliver(topics));
    this.scopes = new Scopes(this.state, this.deadlines, this.feed);
    this.life = new SessionLife(this.state, this.deadlines, this.feed);
  }

  // ── Session lifecycle ──────────────────────────────────────────────────────

  /** Marks a freshly minted session as started and registers it with the user. */
  start(address: StoreAddress, project: string, description: string): Promise<SessionInfo> {
    return this.queue.run(() => this.life.start(address, project, description));
  }

  /** Facts about this session for the session tool's list; reading them is not a use. */
  info(address: StoreAddress): { entries: number; last_used_at: number | null } {
    this.state.bind(address);
    return {
      entries: this.state.clipboard.entries.count(),
      last_used_at: this.state.meta.number("last_used_at") ?? null,
    };
  }

  /** Deletes everything this session holds, its alarm, and its registry row. */
  end(address: StoreAddress): Promise<Outcome<{ entries: number }>> {
    return this.queue.run(() => this.life.end(address));
  }

  // ── Registry (user-scope objects) ──────────────────────────────────────────

  registerSession(address: StoreAddress, info: SessionInfo): void {
    this.state.bind(address);
    new SessionRegistry(this.state.sql).add(info);
  }

  unregisterSession(address: StoreAddress, handle: string): void {
    this.state.bind(address);
    new SessionRegistry(this.state.sql).remove(handle);
  }

  listSessions(address: StoreAddress): SessionInfo[] {
    this.state.bind(address);
    return new SessionRegistry(this.state.sql).list();
  }

  /** The figures of an ended session, kept in the user object. */
  keepSavings(address: StoreAddress, rows: SavingsRow[]): void {
    this.state.bind(address);
    new SavingsStore(this.state.sql).keep(rows, this.state.now());
    this.feed.changed("tokens");
  }

  // ── The dashboard: reads that write nothing, its changes, live updates ────

  sessionFacts(address: StoreAddress): SessionFacts | undefined {
    const { state } = this;
    if (address.scope !== "session" || !state.exists(address)) return undefined;
    return {
      project: state.project,
      started_at: state.meta.number("started_at") ?? 0,
      last_used_at: state.meta.number("last_used_at") ?? null,
    };
  }

  browse(address: StoreAddress, filter: BrowseFilter): Browsed | undefined {
    return this.state.exists(address) ? this.state.clipboard.browse(filter) : undefined;
  }

  preview(address: StoreAddress, key: string, page: number): Preview | undefined {
    return this.state.exists(address) ? this.state.clipboard.preview(key, page) : undefined;
  }

  content(address: StoreAddress, key: string): string | undefined {
    return this.state.exists(address) ? this.state.clipboard.contentOf(key) : undefined;
  }

  activity(address: StoreAddress, limit: number): SessionActivity | undefined {
    const { state } = this;
    if (address.scope !== "session" || !state.exists(address)) return undefined;
    const fileOps = new FileOpStore(state.sql, state.now);
    const next = fileOps.undoable(1)[0];
    return {
      history: new SessionLog(state.sql, state.now).history(limit),
      fileOps: fileOps.recent(limit),
      nextUndo: next ? (fileOps.summaryOf(next.id) ?? null) : null,
    };
  }

  /** Tokens kept out: a session's own, or in the user object those of ended sessions. */
  savings(address: StoreAddress): SavingsRow[] {
    return this.state.exists(address) ? new SavingsStore(this.state.sql).all() : [];
  }

  /** A change from the dashboard; undefined when the clipboard does not exist. */
  act(address: StoreAddress, action: DashboardAction): Promise<number | undefined> {
    return this.queue.run(async () => {
      if (!this.state.exists(address)) return undefined;
      if (action.kind === "delete")
        return (await this.scopes.callLocal("delete", [action.key])) ? 1 : 0;
      return this.scopes.callLocal("clear", [true]);
    });
  }

  /** The hub (the user object): a dashboard page's WebSocket, accepted for hibernation. */
  override async fetch(request: Request): Promise<Response> {
    return this.hub.accept(request);
  }

  /** The hub: tells every open dashboard page which topics changed. */
  notify(topics: string[]): void {
    this.hub.notify(topics);
  }

  override webSocketMessage(): void {
    // Pages only ping, and the runtime answers those.
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    this.hub.closed(ws, code, reason);
  }

  // ── Scopes ─────────────────────────────────────────────────────────────────

  /** Runs a `Clipboard` method on this object's clipboard, for a session object. */
  async scopeCall<M extends ScopeMethod>(
    address: StoreAddress,
    method: M,
    args: Parameters<ScopeApi[M]>,
  ): Promise<ScopeResult<M>> {
    if (!SCOPE_METHODS.includes(method)) throw new Error(`not a scope method: ${String(method)}`);
    this.state.bind(address);
    return this.scopes.callLocal(method, args);
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
    return this.queue.run(() => this.runOp(address, name, input, preset));
  }

  /**
   * The dashboard's Undo, as its owner: the last file operation, only if it is
   * still `op`, the one the confirmation page named. Another operation that
   * landed in between is not what the user confirmed: UNDO_CONFLICT, nothing undone.
   */
  undoShown(address: StoreAddress, op: number): Promise<Outcome<unknown>> {
    return this.queue.run(async () => {
      if (this.state.meta.get("started_at") !== undefined) {
        const last = new FileOpStore(this.state.sql, this.state.now).undoable(1)[0];
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
    const operation = this.operations.table[name];
    if (!operation) return fail("INVALID_ARGUMENT", `There is no operation \`${name}\`.`);
    const opened = await this.life.open(address);
    if (!opened.ok) return opened;
    await this.countCall();
    try {
      const result = await operation(toolContext(this.state, this.scopes, preset), input as never);
      if (
        result.ok &&
        new SavingsStore(this.state.sql).addReceipt(address.name, this.state.now(), result.value)
      )
        this.feed.changed("tokens");
      return result;
    } catch (error) {
      // A scope the preset forbids, reached before anything was written.
      if (error instanceof PermissionDenied) return { ok: false, error: error.failure };
      throw error;
    } finally {
      this.feed.changed("sessions", topicOf(address));
    }
  }

  /**
   * Counts a tool call for call-counted TTLs (`read` copies) and expires the
   * copies unused for too long. Only counts while such entries exist, so a
   * session without them writes nothing here.
   */
  private async countCall(): Promise<void> {
    const { state } = this;
    const entries = state.clipboard.entries;
    if (!entries.hasCallTtl()) return;
    const calls = (state.meta.number("calls") ?? 0) + 1;
    state.meta.set("calls", calls);
    if (entries.expireByCalls(calls, state.now()) > 0) await this.deadlines.arm(); // a purge deadline appeared
  }

  // ── The local agent ────────────────────────────────────────────────────────

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
    return this.queue.run(async () => {
      if (this.state.meta.get("started_at") === undefined) return;
      this.state.bind(address);
      toolContext(this.state, this.scopes, "full").files.settle(op, agent, outcome, results, kept);
    });
  }

  // ── Alarms ─────────────────────────────────────────────────────────────────

  override alarm(): Promise<void> {
    return this.queue.run(() =>
      this.deadlines.run(
        () => this.life.wipe(),
        () => {
          if (this.state.address) this.feed.changed("sessions", topicOf(this.state.address));
        },
      ),
    );
  }
}
