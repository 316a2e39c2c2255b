import path from "node:path";
import type {
  ApplyArgs,
  ApplyResult,
  BuildCheck,
  Edit,
  EditResult,
} from "../../../src/shared/bridge/protocol.ts";
import { errnoOf } from "../fs-errors.ts";
import { CommitFailure, TargetChanged, type Write } from "../journal.ts";
import { type Change, guardBuild } from "../languages/check.ts";
import type { Reverted } from "../ledger.ts";
import { recordOf } from "../op-record.ts";
import { isInside, type Resolved, resolvePath, type Sandbox } from "../paths.ts";
import { carryFor, carryPastesFor } from "./carry-imports.ts";
import { computeEdit } from "./compute-edit.ts";
import { TooMuchToRead } from "./disk.ts";
import { findImporters } from "./find-importers.ts";
import { type FileState, load } from "./load.ts";
import { checkReverts } from "./reverts.ts";
import { guardSyntax } from "./syntax-guard.ts";
import { failure, osFailure, type Result, type Workspace } from "./workspace.ts";

/**
 * `apply` put together: the order of its steps (each in a module beside this
 * one), the names a result gives the files, and what a failure to write says.
 */

/** An applied operation's results, and its journal report when files were written. */
export interface Applied {
  result: ApplyResult;
  report: string | undefined;
}

/**
 * `apply`: every edit in order, all or none. Paths are checked and locked, the
 * files loaded, every edit computed in memory; then (unless `dry_run`) the
 * changed files are written together under the journal.
 */
export async function applyOp(ws: Workspace, args: ApplyArgs): Promise<Result<Applied>> {
  if (ws.readOnly)
    return failure(
      "READ_ONLY",
      "The agent runs with --read-only: it writes no files. Restart it without --read-only to allow writes.",
    );
  const where: Resolved[] = [];
  for (const [i, edit] of args.edits.entries()) {
    const resolved = await resolvePath(ws.sandbox, pathOf(edit));
    if (!resolved.ok) return failure(resolved.code, resolved.message, i);
    // A paste's result names the file as the caller gave it (the edge checks that it names
    // what it asked for); a revert's, as its real path (what it asked for). Messages name a
    // revert's file as the model saw it, never the recorded absolute path.
    if (edit.kind === "revert") where.push({ ...resolved, given: resolved.display });
    else where.push({ ...resolved, display: givenName(ws.sandbox, edit.path) });
  }
  for (const [i, text] of args.texts.entries()) {
    if (!text.isWellFormed())
      return failure(
        "INVALID_ARGUMENT",
        `Text ${i} holds a lone surrogate; it is not valid Unicode.`,
      );
  }
  const importers = await findImporters(ws, args, where);
  return ws.locks.with([...where.map((w) => w.abs), ...(importers?.files ?? [])], async () => {
    const unrecorded = await checkReverts(ws, args, where);
    if (unrecorded) return unrecorded;
    const initial = new Map<string, FileState>();
    const current = new Map<string, FileState>();
    const results: EditResult[] = [];
    for (const [i, edit] of args.edits.entries()) {
      const file = where[i];
      if (file === undefined) throw new Error(`edit ${i} was not resolved`);
      const { abs, display } = file;
      let before = current.get(abs);
      if (!before) {
        const loaded = await load(file);
        if (!loaded.ok) return failure(loaded.error.code, loaded.error.message, i);
        before = loaded.value;
        initial.set(abs, before);
      }
      const done = await computeEdit(
        edit,
        { ...before, display },
        abs,
        args.texts,
        initial.get(abs)?.hash ?? null,
      );
      if (!done.ok) return failure(done.error.code, done.error.message, i);
      current.set(abs, done.value.after);
      results.push(done.value.result);
    }
    const carried = await carryFor(ws, args, where, initial, current, results, importers).catch(
      (error: unknown) => {
        if (!(error instanceof TooMuchToRead)) throw error;
        return failure(
          "MOVE_BLOCKED",
          `${error.message} Nothing was changed: \`copy\` with \`cut: true\`, then \`paste\`, moves the text alone.`,
          args.carry_imports?.from,
        );
      },
    );
    if (carried) return carried;
    await carryPastesFor(ws, args, where, initial, current, results);
    if (args.syntax_guard !== "off") {
      const guarded = await guardSyntax(initial, current, where, args.syntax_guard === "refuse");
      if (!guarded.ok) return guarded;
      for (const r of results) {
        const parses = guarded.value.get(r.abs);
        if (parses !== undefined && !r.removed) r.parses = parses;
      }
    }
    let check: BuildCheck | undefined;
    if (args.carry_imports && (args.build_guard ?? "off") !== "off") {
      const guarded = await guardMove(ws, initial, current);
      if (guarded.check.outcome === "broke" && args.build_guard === "refuse")
        return failure("MOVE_BREAKS_BUILD", breaksBuild(guarded.check, guarded.made.length));
      check = guarded.check;
    }
    const result = { results, ...(check ? { check } : {}) };
    if (args.dry_run) return { ok: true, value: { result, report: undefined } };
    const writes: Write[] = [];
    for (const [abs, after] of current) {
      const first = initial.get(abs);
      if (first?.hash === after.hash) continue;
      writes.push({
        path: abs,
        bytes: after.exists ? after.bytes : null,
        mode: first?.mode,
        before: first?.hash ?? null,
      });
    }
    // What this operation wrote, which is all a later undo of it may revert.
    const recording = {
      record: recordOf(args.context, results, Date.now()),
      reverted: args.edits.flatMap((e, i): Reverted[] =>
        e.kind === "revert" ? [{ edit: i, of: e.reverts }] : [],
      ),
    };
    let report: string | undefined;
    try {
      if (writes.length) report = await ws.journal.commit(args.context, writes, results, recording);
      else await ws.journal.ledger.add(recording.record, recording.reverted); // no file changed
    } catch (error) {
      if (error instanceof TargetChanged) {
        const target = writes[error.target]?.path;
        const edit = where.findIndex((w) => w.abs === target);
        const shown = edit !== -1 ? where[edit]?.given : current.get(target ?? "")?.display;
        return failure(
          "FILE_CHANGED",
          `\`${shown}\`${edit === -1 ? " (an importer of what moved)" : ""} was changed by another program while this operation wrote it; every file of the operation is as it was (that change kept). Read it again and retry.`,
          edit === -1 ? undefined : edit,
        );
      }
      const commitFailure = error instanceof CommitFailure ? error : undefined;
      const errno = errnoOf(commitFailure ? commitFailure.cause : error);
      if (errno === undefined) throw commitFailure ? commitFailure.cause : error;
      const target =
        commitFailure?.target === undefined ? undefined : writes[commitFailure.target]?.path;
      const edit = where.findIndex((w) => w.abs === target);
      // A file no edit names is a move's importer (carryFor): named as results name it.
      const importer = target === undefined ? undefined : current.get(target)?.display;
      return osFailure(
        errno,
        edit !== -1
          ? `\`${where[edit]?.given}\``
          : importer !== undefined
            ? `\`${importer}\` (an importer of what moved)`
            : "the agent's journal (in its state directory)",
        "write",
        commitFailure?.committed
          ? "The operation is committed but only partly applied: the agent completes it when it restarts."
          : "Nothing was changed.",
        edit === -1 ? undefined : edit,
      );
    }
    return { ok: true, value: { result, report } };
  });
}

/** The build guard over what the operation holds: every file it changes, before and after. */
function guardMove(
  ws: Workspace,
  initial: ReadonlyMap<string, FileState>,
  current: ReadonlyMap<string, FileState>,
) {
  const changes: Change[] = [];
  for (const [abs, after] of current) {
    const before = initial.get(abs);
    if (before?.hash === after.hash) continue;
    changes.push({
      abs,
      before: before?.exists ? before.text : undefined,
      after: after.exists ? after.text : undefined,
    });
  }
  const shown = (abs: string) => current.get(abs)?.display ?? givenName(ws.sandbox, abs);
  return guardBuild(
    changes,
    { roots: ws.sandbox.roots, buildCode: ws.buildCode ?? [], cacheDir: ws.checkCache },
    shown,
  );
}

/** A refusal's words: which checker, what it found new (the first few), and what to do. */
function breaksBuild(check: BuildCheck, count: number): string {
  const first = check.diagnostics ?? [];
  const named = first.join("; ").replace(/\.$/, "");
  return `${check.checker} finds ${count === 1 ? "an error" : `${count} errors`} the project did not have before the move: ${named}${count > first.length ? `; and ${count - first.length} more` : ""}. Nothing was changed: move it elsewhere or less of it, or pass \`keep: true\` to make it anyway.`;
}

/**
 * `given` as the caller gave it, normalised: relative to the first root when
 * inside it, else absolute. The same as `resolvePath`'s display unless a
 * symbolic link leads elsewhere: then this is the link's name (DESIGN.md §5:
 * a path is named as the caller gave it), and `abs` the file written.
 */
function givenName(sandbox: Sandbox, given: string): string {
  const primary = sandbox.roots[0] ?? "";
  const lexical = path.resolve(primary, given);
  return isInside(primary, lexical)
    ? path.relative(primary, lexical).split(path.sep).join("/") || "."
    : lexical;
}

/** The path an edit names: the model's for pastes and writes, the recorded one for reverts. */
function pathOf(edit: Edit): string {
  return edit.kind === "revert" ? edit.undo.path : edit.path;
}
