import {
  agentOpDenied,
  PermissionDenied,
  type Preset,
  scopeDenied,
  visibleScopes,
} from "../auth/presets.ts";
import type { Outcome, ToolFailure } from "../shared/core/errors.ts";
import { DEFAULT_SESSION, type Scope } from "../shared/core/names.ts";
import { callAgent } from "./agent-calls.ts";
import { ExportPages } from "./export-pages.ts";
import { FileOpStore } from "./file-op-store.ts";
import { type AgentCall, FileOperations } from "./file-operations.ts";
import type { ObjectState } from "./object-state.ts";
import { type ResultClass, ResultStore } from "./result-store.ts";
import {
  isTagListing,
  type ScopeApi,
  type ScopeMethod,
  type ScopeResult,
  type Scopes,
  WRITES,
} from "./scopes.ts";
import { SessionLog } from "./session-log.ts";

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
 * The context one tool call runs in, under the caller's preset. The preset is
 * enforced at its two choke points: `inScope` (a scope it may not read or
 * write: PermissionDenied) and `agent` (file writes, the OS clipboard).
 */
export function toolContext(state: ObjectState, scopes: Scopes, preset: Preset): SessionContext {
  const handle = state.address?.name ?? DEFAULT_SESSION;
  const log = new SessionLog(state.sql, state.now);
  /** What this call has read: the results it keeps carry it (result-store.ts). */
  const touched = new Set<ResultClass>();
  const agent: AgentCall = (op, args, name) => {
    const denied = agentOpDenied(preset, op);
    if (denied) return Promise.resolve({ ok: false, error: denied });
    touched.add(op === "os_read" || op === "os_write" ? "os" : "file");
    return callAgent(state, op, args, name);
  };
  const visible = visibleScopes(preset);
  return {
    handle,
    project: state.project,
    scopes: visible,
    writeDenied: (scope) => scopeDenied(preset, scope, "write"),
    inScope: (scope, method, ...args) => {
      const denied = scopeDenied(
        preset,
        scope,
        WRITES.has(method) && !isTagListing(method, args) ? "write" : "read",
      );
      if (denied) throw new PermissionDenied(denied);
      touched.add(scope);
      return scopes.call(scope, method, args);
    },
    locate: (key, scope) => {
      const denied = scope && scopeDenied(preset, scope, "read");
      if (denied) throw new PermissionDenied(denied);
      return scopes.locate(key, scope, visible);
    },
    log,
    agent,
    files: new FileOperations(new FileOpStore(state.sql, state.now), log, agent, handle),
    results: new ResultStore(state.sql, state.now, {
      touched,
      refused: (cls) =>
        cls === "os"
          ? agentOpDenied(preset, "os_read")
          : cls === "file"
            ? agentOpDenied(preset, "read")
            : scopeDenied(preset, cls, "read"),
    }),
    exports: new ExportPages(state.sql, state.now),
    now: state.now,
  };
}
