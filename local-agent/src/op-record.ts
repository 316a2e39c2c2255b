import type { EditResult, OpContext, RevertEdit } from "../../src/shared/bridge/protocol.ts";
import { textHash } from "./edits.ts";

/**
 * The agent's own record of what one operation wrote (DESIGN.md §4: "the
 * agent is the authority on its own writes"), as pure functions: the record
 * made from the results the agent computed itself, and whether an undo the
 * edge sends back matches it. The edge stores the undo edits the agent
 * returned and sends them back; anything between (an impostor that answered
 * in the agent's name, a tampered store) could have changed them. So the
 * agent trusts from an undo only the text it puts back, and only once its
 * hash is the one recorded; the file, the range, the kind of change and the
 * hash the file must have come from the record.
 */
export interface EditRecord {
  /** Real absolute path of the file. */
  path: string;
  /** What the edit did: changed a range, created the file, or removed it. */
  kind: "changed" | "created" | "removed";
  /** `changed`: the range of the file's text after the edit that holds what it wrote. */
  start: number;
  end: number;
  /** `changed`: SHA-256 of the text it wrote in that range. */
  wrote: string | null;
  /** `changed`, `removed`: SHA-256 of the text it replaced (removed: the whole text). */
  replaced: string | null;
  /** `changed`: SHA-256 of the text kept around the change, which a forced undo searches for. */
  around: string | null;
  /** The file's hash after the edit (`null` once removed). */
  after: string | null;
  /** Not written: recovery kept the file as it was, because it had changed meanwhile. */
  kept?: true;
  /** The operation that reverted this edit (an edit is reverted once; redo reverts that operation). */
  reverted_by?: number;
}

export interface OpRecord {
  version: 1;
  context: OpContext;
  /** When it was written (ms): records expire (ledger.ts). */
  at: number;
  /** One per result of the operation, in order. */
  edits: EditRecord[];
}

/** The record of an operation, from the results the agent computed for it. */
export function recordOf(context: OpContext, results: readonly EditResult[], at: number): OpRecord {
  return { version: 1, context, at, edits: results.map(editRecordOf) };
}

function editRecordOf(r: EditResult): EditRecord {
  const none = { start: 0, end: 0, wrote: null, replaced: null, around: null };
  if (r.created) return { path: r.abs, kind: "created", ...none, after: r.after_hash };
  const undo = r.undo;
  if (undo.kind === "remove")
    throw new Error("a change that did not create its file is undone by a splice");
  if (r.removed)
    return { path: r.abs, kind: "removed", ...none, replaced: textHash(undo.insert), after: null };
  return {
    path: r.abs,
    kind: "changed",
    start: undo.start,
    end: undo.end,
    wrote: undo.was_hash,
    replaced: textHash(undo.insert),
    around: aroundHash(undo.before, undo.after),
    after: r.after_hash,
  };
}

function aroundHash(before: string, after: string): string {
  return textHash(JSON.stringify([before, after]));
}

/**
 * Why `edit` is not a revert of what `record` says the agent wrote, or
 * `undefined` when it is. `record` is the agent's record of the operation the
 * edit names (`undefined`: it has none).
 */
export function revertMismatch(record: OpRecord | undefined, edit: RevertEdit): string | undefined {
  const { op, edit: index } = edit.reverts;
  if (!record) return `the agent has no record of writing operation #${op} of this session`;
  const wrote = record.edits[index];
  if (!wrote) return `operation #${op} has no result ${index + 1} in the agent's record`;
  if (wrote.path !== edit.undo.path)
    return `the agent's record of operation #${op} names another file for that change`;
  if (wrote.kept)
    return `operation #${op} never wrote it: the agent kept the file as it was after a crash`;
  if (wrote.reverted_by !== undefined)
    return `operation #${op}'s change to it was already reverted, by #${wrote.reverted_by}`;
  const { undo } = edit;
  const would =
    undo.kind === "remove"
      ? "delete the file"
      : undo.create
        ? "re-create the file"
        : "change a range";
  switch (wrote.kind) {
    case "created":
      if (undo.kind !== "remove")
        return `operation #${op} created the file, and the undo would ${would}`;
      break;
    case "removed":
      if (undo.kind !== "splice" || !undo.create)
        return `operation #${op} removed the file, and the undo would ${would}`;
      if (textHash(undo.insert) !== wrote.replaced)
        return `the text the undo would restore is not what operation #${op} removed`;
      break;
    case "changed":
      if (undo.kind !== "splice" || undo.create)
        return `operation #${op} changed a range of the file, and the undo would ${would}`;
      if (undo.start !== wrote.start || undo.end !== wrote.end)
        return `the undo's range (${undo.start}–${undo.end}) is not the one operation #${op} wrote (${wrote.start}–${wrote.end})`;
      if (undo.was_hash !== wrote.wrote)
        return `the undo expects other text in that range than operation #${op} wrote`;
      if (textHash(undo.insert) !== wrote.replaced)
        return `the text the undo would put back is not what operation #${op} replaced`;
      if (aroundHash(undo.before, undo.after) !== wrote.around)
        return `the undo's surrounding text is not what operation #${op} recorded`;
      break;
  }
  if (edit.expect !== wrote.after)
    return `the undo expects the file as operation #${op} did not leave it`;
  return undefined;
}
