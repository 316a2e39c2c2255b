import { type AskedEdit, answerMismatch, askedOf } from "../core/answer-check.ts";
import { describeChange } from "../core/file-changes.ts";
import {
  type BuildCheck,
  type Edit,
  type EditResult,
  type Kept,
  MAX_APPLY_EDITS,
  MAX_IMPORTERS,
  type OpArgs,
  type OpName,
  type OpResult,
} from "../shared/bridge/protocol.ts";
import { fail, type Outcome, ok } from "../shared/core/errors.ts";
import type { Scope } from "../shared/core/names.ts";
import { quoted } from "../shared/core/quote.ts";
import type { Cover, FileOpKind, FileOpRow, FileOpStore } from "./file-op-store.ts";
import type { SessionLog } from "./session-log.ts";

/** Calls an operation on the user's local agent (through the Bridge); the agent that served it is named. */
export type AgentCall = <N extends OpName>(
  op: N,
  args: OpArgs<N>,
  agent?: string | undefined,
) => Promise<Outcome<{ agent: string; result: OpResult<N> }>>;

export interface Applied {
  /** The operation's id (its history id); 0 for a dry run. */
  id: number;
  agent: string;
  results: EditResult[];
  /** What the build guard found (`buildGuard`). */
  check?: BuildCheck | undefined;
}

export interface ApplyRequest {
  kind: FileOpKind;
  key?: string | null | undefined;
  scope?: Scope | null | undefined;
  edits: Edit[];
  texts: string[];
  dryRun?: boolean | undefined;
  /** The syntax guard (protocol.ts `ApplyArgs`); default `off`. */
  syntaxGuard?: "refuse" | "report" | "off" | undefined;
  /** A move's imports (protocol.ts `ApplyArgs.carry_imports`). */
  carryImports?: { from: number; to: number } | undefined;
  /** The build guard for a move (protocol.ts `ApplyArgs.build_guard`); default `off`. */
  buildGuard?: "refuse" | "keep" | "off" | undefined;
  agent?: string | undefined;
  covers?: Cover[] | undefined;
  /** The history line once applied, e.g. "pasted `k` into a.ts +3 −0 at line 1". */
  describe: (results: EditResult[]) => string;
}

/**
 * File operations as the session runs them: each `apply` to the agent is
 * recorded before it is sent (its history id is the operation id, which the
 * agent's journal carries), then completed, abandoned (the agent refused:
 * nothing changed), or left `unknown` when the agent went away mid-call, until
 * the journal's report settles it (`settle`).
 */
export class FileOperations {
  private readonly store: FileOpStore;
  private readonly log: SessionLog;
  private readonly agent: AgentCall;
  private readonly session: string;

  constructor(store: FileOpStore, log: SessionLog, agent: AgentCall, session: string) {
    this.store = store;
    this.log = log;
    this.agent = agent;
    this.session = session;
  }

  async apply(request: ApplyRequest): Promise<Outcome<Applied>> {
    // A move carrying imports may rewrite importers: results of their own after the edits'.
    const asked = askedOf(request.edits, request.carryImports ? MAX_IMPORTERS : undefined);
    const args = (op: number) => ({
      context: { session: this.session, op },
      dry_run: request.dryRun ?? false,
      syntax_guard: request.syntaxGuard ?? "off",
      texts: request.texts,
      edits: request.edits,
      ...(request.carryImports ? { carry_imports: request.carryImports } : {}),
      ...(request.buildGuard && request.buildGuard !== "off"
        ? { build_guard: request.buildGuard }
        : {}),
    });
    if (request.dryRun) {
      const dry = await this.agent("apply", args(0), request.agent);
      if (!dry.ok) return dry;
      const wrong = answerMismatch(asked, dry.value.result.results);
      if (wrong) return mismatch(dry.value.agent, wrong, asked, undefined);
      return ok({
        id: 0,
        agent: dry.value.agent,
        results: dry.value.result.results,
        check: dry.value.result.check,
      });
    }
    const id = this.log.record(
      request.kind,
      request.key ?? null,
      request.scope ?? null,
      `${request.kind} in progress`,
    );
    this.store.begin(id, request.kind, request.covers, asked);
    const sent = await this.agent("apply", args(id), request.agent);
    if (sent.ok) {
      // Nothing of an answer is stored (its undo edits least of all) before it is known to answer the request.
      const wrong = answerMismatch(asked, sent.value.result.results);
      if (wrong) {
        this.store.refuse(id);
        this.log.update(id, refusedLine(request.kind, id, sent.value.agent, wrong, asked));
        return mismatch(sent.value.agent, wrong, asked, id);
      }
      this.store.complete(id, sent.value.agent, sent.value.result.results);
      this.log.update(id, request.describe(sent.value.result.results));
      return ok({
        id,
        agent: sent.value.agent,
        results: sent.value.result.results,
        check: sent.value.result.check,
      });
    }
    if (sent.error.code === "AGENT_DISCONNECTED" || sent.error.code === "AGENT_TIMEOUT") {
      this.store.interrupted(id);
      this.log.update(
        id,
        `${request.kind} #${id} interrupted (${sent.error.code}): the agent's journal finishes or undoes it, and this line will say which`,
      );
      return fail(sent.error.code, `${sent.error.message} (operation #${id})`);
    }
    this.store.abandon(id);
    this.log.remove(id);
    return sent;
  }

  /**
   * The agent's report on an interrupted operation (its journal finished it
   * after a crash, or its late reply): settles the operation and its history
   * line, once the results are known to answer what was asked. Files the
   * journal kept as they were (`kept`: they changed before it could finish)
   * are named with where their new content was set aside, and nothing
   * reverts them: an undo reverts only what was written.
   */
  settle(
    id: number,
    agent: string,
    outcome: "committed" | "rolled_back",
    results: EditResult[] | undefined,
    kept: readonly Kept[] = [],
  ): void {
    const row = this.store.find(id);
    if (!row) return;
    if (outcome === "committed" && results) {
      const asked = this.store.asked(id);
      // An operation begun before the request was kept (an older version) cannot be checked.
      const wrong = asked && answerMismatch(asked, results, kept);
      if (wrong) {
        if (this.store.refuse(id))
          this.log.update(id, refusedLine(row.kind, id, agent, wrong, asked, "interrupted; "));
        return;
      }
      const keptEdits = new Set(kept.flatMap((k) => k.edits));
      const written = results.filter((_, i) => !keptEdits.has(i));
      const keptText = kept.map(describeKept).join("; ");
      if (!written.length) {
        if (this.store.rolledBack(id))
          this.log.update(id, `${row.kind} #${id}: interrupted, and no file changed: ${keptText}`);
        return;
      }
      if (!this.store.complete(id, agent, results, keptEdits)) return;
      this.log.update(
        id,
        `${row.kind} #${id}: interrupted, then completed by the agent's journal: ${written.map(describeChange).join(", ")}${kept.length ? `; ${keptText}; \`undo\` reverts only what was written` : ""}`,
      );
    } else if (this.store.rolledBack(id)) {
      this.log.update(id, `${row.kind} #${id}: interrupted before it was written: no file changed`);
    }
  }

  /** Undoes the last `count` changes (or with `redo`, re-applies the last `count` undone). */
  async revert(
    count: number,
    force: boolean,
    redo: boolean,
  ): Promise<Outcome<Applied & { ops: FileOpRow[] }>> {
    const verb = redo ? "redo" : "undo";
    const unsettled = this.store.unsettled();
    if (unsettled && !force) {
      return fail(
        "OPERATION_UNSETTLED",
        `Operation #${unsettled.id} (${unsettled.kind}) was interrupted and its outcome is not known yet: reconnect the local agent so its journal settles it (see history), then ${verb}. Or pass \`force: true\` to ${verb} without it.`,
      );
    }
    const ops = redo ? this.store.redoable(count) : this.store.undoable(count);
    if (!ops.length)
      return fail(
        "NOTHING_TO_UNDO",
        redo
          ? "Nothing to redo: no undone file operation."
          : "Nothing to undo: this session has no file operation left to undo.",
      );
    const agents = [...new Set(ops.map((o) => o.agent))];
    if (agents.length > 1)
      return fail(
        "INVALID_ARGUMENT",
        `The last ${ops.length} operations were made by different local agents (${agents.map(quoted).join(", ")}); ${verb} fewer at a time (\`count\`).`,
      );
    const edits: Edit[] = [];
    const covers: Cover[] = [];
    for (const op of ops) {
      const reversal = this.store.reversal(op.id).map((e) => ({ ...e, force }));
      // Stored by a version before the agent kept records of its writes: it has none of this one.
      if (reversal.some((e) => e.reverts === undefined))
        return fail(
          "UNDO_UNRECORDED",
          `Operation #${op.id} was made before the local agent kept a record of its writes (edgeclip 0.5), and it reverts only what its record says it wrote: ${verb} #${op.id} by hand (\`history\` says what it changed).`,
        );
      edits.push(...reversal);
      covers.push({ op: op.id, edits: reversal.length });
    }
    if (edits.length > MAX_APPLY_EDITS)
      return fail(
        "INVALID_ARGUMENT",
        `The last ${ops.length} operations changed ${edits.length} files in all; one ${verb} reverts at most ${MAX_APPLY_EDITS}: ${verb} fewer at a time (\`count\`).`,
      );
    const ids = ops.map((o) => `#${o.id}`).join(", ");
    const applied = await this.apply({
      kind: verb,
      edits,
      texts: [],
      agent: agents[0],
      covers,
      describe: (results) =>
        `${redo ? "redid" : "undid"} ${ids}: ${results.map(describeChange).join(", ")}`,
    });
    if (!applied.ok && applied.error.code === "UNDO_CONFLICT")
      return fail(
        "UNDO_CONFLICT",
        `${applied.error.message} Nothing was ${redo ? "redone" : "undone"}.`,
      );
    return applied.ok ? ok({ ...applied.value, ops }) : applied;
  }
}

/** "`a.ts`, `b.ts`": the files a request named (reverts: by the operations they revert). */
function askedFiles(asked: readonly AskedEdit[]): string {
  const named = [
    ...new Set(asked.flatMap((a) => (a.kind === "paste" || a.kind === "write" ? [a.path] : []))),
  ];
  const reverting = asked.some((a) => a.kind === "revert");
  return [...named.map(quoted), ...(reverting ? ["the files being reverted"] : [])].join(", ");
}

/** The tool's error when an agent's answer did not match the request (`id`: the operation's; none for a dry run). */
function mismatch(
  agent: string,
  wrong: string,
  asked: readonly AskedEdit[],
  id: number | undefined,
) {
  const recorded =
    id === undefined
      ? "Its dry run cannot be trusted"
      : `Operation #${id} is not recorded as done, so \`undo\` will not revert it: check ${askedFiles(asked)} yourself`;
  return fail(
    "AGENT_ANSWER_MISMATCH",
    `The answer of the local agent ${quoted(agent)} did not match the request (${wrong}). ${recorded}. Check which agent is connected (session action \`agents\`): another process may be answering in its name.`,
  );
}

/** The history line of an operation whose answer did not match its request. */
function refusedLine(
  kind: string,
  id: number,
  agent: string,
  wrong: string,
  asked: readonly AskedEdit[],
  prefix = "",
): string {
  return `${kind} #${id}: ${prefix}refused: the answer of the local agent ${quoted(agent)} did not match the request (${wrong}); not recorded as done, so \`undo\` will not revert it: check ${askedFiles(asked)} yourself`;
}

/** "kept `a.ts` as it was (…): this operation's version of it is in `a.ts.not-applied-op7.edgeclip`". */
function describeKept(k: Kept): string {
  const where = k.set_aside
    ? `this operation's version of it is in ${quoted(k.set_aside)}`
    : "it was not removed";
  return `kept ${quoted(k.path)} as it was (it changed before the agent restarted): ${where}`;
}
