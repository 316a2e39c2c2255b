import { createHash } from "node:crypto";
import type { PasteMode, Splice, UndoEdit } from "../../src/shared/bridge/protocol.ts";
import { Lines } from "../../src/shared/core/lines.ts";
import { countLines } from "../../src/shared/core/text.ts";
import { indentAt, indentUnit, reindentTo, shiftIndent } from "../../src/shared/refs/transforms.ts";
import { type Beside, spacingFor } from "./spacing.ts";

/**
 * Where pasted text goes, as pure functions over a file's text. Every edit is
 * one change: replace `[start, end)` of the text with `insert`, so the bytes
 * outside that range stay identical whatever line endings the file mixes.
 *
 * Line rules (DESIGN.md §2, §4):
 * - Lines are 1-based; a line ends with "\n" or "\r\n" (a lone "\r" is not a
 *   line break), and the last line may have no ending.
 * - Inserted text takes the line ending of the place it lands in: the ending of
 *   the line before the insertion point, else of the line after, else the
 *   file's first ending, else "\n". An empty file takes the text as it is.
 * - A file's final-newline state is kept: text appended to a last line without
 *   an ending ends without one too, and so does a replacement of that line.
 */
export interface Change {
  start: number;
  end: number;
  insert: string;
}

export interface Planned {
  change: Change;
  /** First line of the change in the new text. */
  firstLine: number;
  linesAdded: number;
  linesRemoved: number;
}

export type PlanFailure = {
  code: "LINE_OUT_OF_RANGE" | "MARKER_NOT_FOUND" | "MARKER_AMBIGUOUS" | "INVALID_ARGUMENT";
  message: string;
};
export type Plan = { ok: true; value: Planned } | { ok: false; error: PlanFailure };

export interface PasteSpec {
  mode: PasteMode;
  line?: number | undefined;
  start_line?: number | undefined;
  end_line?: number | undefined;
  marker?: string | undefined;
  /** Re-indent the content to the paste point ("auto") or by ± levels (transforms.ts). */
  indent?: "auto" | number | undefined;
  /** For "auto": take this line's indentation (the symbol a paste goes after or before). */
  indentLike?: number | undefined;
  /** Set the text apart by the blank lines the file puts between units (spacing.ts). */
  spacing?: boolean | undefined;
  /** The unit the text goes after or before (its lines), for `spacing`. */
  beside?: Beside | undefined;
  /** The file is YAML, JSON or TOML: without blank lines, spacing adds none. */
  data?: boolean | undefined;
}

/** Characters of text kept on each side of a change, to find it again (forced undo). */
const CONTEXT_CHARS = 200;
/** Places a forced undo checks, at most, when the text around a change recurs. */
const MAX_CANDIDATES = 1_000;

const refuse = (code: PlanFailure["code"], message: string): Plan => ({
  ok: false,
  error: { code, message },
});

/** Every line ending of `text` as `eol` (the text itself when it has them already: no copy). */
export function withEol(text: string, eol: string): string {
  if (eol === "\n" ? !text.includes("\r\n") : !/(^|[^\r])\n/.test(text)) return text;
  return text.replace(/\r?\n/g, eol);
}

function withoutFinalEol(text: string): string {
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  if (text.endsWith("\n")) return text.slice(0, -1);
  return text;
}

/** Lines a text spans when it sits inside a line: one more than its line breaks. */
function spannedLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

/** Inserts `content` as whole lines at boundary `k` (0 = before line 1, count = the end). */
function insertLines(lines: Lines, k: number, content: string): Planned {
  const at = lines.start(k + 1);
  if (content === "")
    return {
      change: { start: at, end: at, insert: "" },
      firstLine: k + 1,
      linesAdded: 0,
      linesRemoved: 0,
    };
  if (lines.count === 0) {
    return {
      change: { start: 0, end: 0, insert: content },
      firstLine: 1,
      linesAdded: countLines(content),
      linesRemoved: 0,
    };
  }
  const eol = lines.eolAt(k);
  let body = withEol(content, eol);
  if (k === lines.count && lines.lastLineLacksEol()) {
    // The file ends without a line ending, and so shall it after the paste.
    body = withoutFinalEol(body);
    return {
      change: { start: lines.text.length, end: lines.text.length, insert: eol + body },
      firstLine: k + 1,
      linesAdded: body === "" ? 0 : countLines(body),
      linesRemoved: 0,
    };
  }
  if (!body.endsWith("\n")) body += eol;
  return {
    change: { start: at, end: at, insert: body },
    firstLine: k + 1,
    linesAdded: countLines(body),
    linesRemoved: 0,
  };
}

/** Replaces lines `first`..`last` with `content`; empty `content` deletes them. */
function replaceLines(lines: Lines, first: number, last: number, content: string): Planned {
  let start = lines.start(first);
  const end = lines.end(last);
  const lastHasEol = lines.eol(last) !== "";
  if (content === "") {
    // Deleting through a last line without an ending: the new last line loses its own.
    if (!lastHasEol && first > 1) start -= lines.eol(first - 1).length;
    return {
      change: { start, end, insert: "" },
      firstLine: Math.max(1, Math.min(first, lines.count - (last - first + 1))),
      linesAdded: 0,
      linesRemoved: last - first + 1,
    };
  }
  const eol = lines.eol(last) || lines.eol(first - 1) || lines.firstEol();
  let body = withEol(content, eol);
  if (lastHasEol) {
    if (!body.endsWith("\n")) body += eol;
  } else {
    body = withoutFinalEol(body);
  }
  return {
    change: { start, end, insert: body },
    firstLine: first,
    linesAdded: body === "" ? 0 : countLines(body),
    linesRemoved: last - first + 1,
  };
}

/** Offsets where `marker` occurs in `text`, overlapping occurrences included. */
export function findMarker(text: string, marker: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) found.push(at);
  return found;
}

function lineRangeProblem(lines: Lines, first: number, last: number): Plan | undefined {
  if (last < first)
    return refuse("INVALID_ARGUMENT", `\`end_line\` ${last} is before \`start_line\` ${first}.`);
  if (first > lines.count || last > lines.count)
    return refuse(
      "LINE_OUT_OF_RANGE",
      `Lines ${first}–${last} are past the end: the file has ${lines.count} line${lines.count === 1 ? "" : "s"}.`,
    );
  return undefined;
}

/**
 * Where a paste lands, for `indent`: the line boundary it is inserted at
 * (before line k+1), and the line it replaces, if any (`undefined` when the
 * spec is invalid: planPaste reports that).
 */
function pastePoint(lines: Lines, spec: PasteSpec): { k: number; replacing?: string } | undefined {
  const lineText = (n: number) => lines.text.slice(lines.start(n), lines.end(n));
  switch (spec.mode) {
    case "append":
      return { k: lines.count };
    case "prepend":
      return { k: 0 };
    case "after_line":
      return spec.line === undefined ? undefined : { k: spec.line };
    case "before_line":
      return spec.line === undefined ? undefined : { k: spec.line - 1 };
    case "replace_lines":
      return spec.start_line === undefined
        ? undefined
        : { k: spec.start_line - 1, replacing: lineText(spec.start_line) };
    default: {
      const at = spec.marker === undefined ? [] : findMarker(lines.text, spec.marker);
      if (at.length !== 1) return undefined;
      const line = lines.lineOf(at[0] ?? 0);
      if (spec.mode === "at_marker_after") return { k: line };
      if (spec.mode === "at_marker_before") return { k: line - 1 };
      return { k: line - 1, replacing: lineText(line) };
    }
  }
}

/** `content` re-indented for where `spec` pastes it in `lines`. */
function indented(lines: Lines, spec: PasteSpec, content: string): string {
  if (spec.indent === undefined || content === "") return content;
  const unit = indentUnit(lines.text, indentUnit(content));
  if (typeof spec.indent === "number") return shiftIndent(content, spec.indent, unit);
  const point = pastePoint(lines, spec);
  if (!point) return content;
  if (spec.indentLike !== undefined)
    point.replacing = lines.text.slice(lines.start(spec.indentLike), lines.end(spec.indentLike));
  const fileLines = lines.starts
    .slice(0, -1)
    .map((_, i) => lines.text.slice(lines.start(i + 1), lines.end(i + 1)));
  const to = indentAt(fileLines, point.k, unit, point.replacing);
  const out = reindentTo(content, to);
  // A marker replaced mid-line: its line already supplies the first line's indentation.
  return spec.mode === "at_marker_replace" && out.startsWith(to) ? out.slice(to.length) : out;
}

/**
 * Inserts `content` as lines at boundary `k`, with the blank lines
 * `spec.spacing` asks for around it (spacing.ts). The plan's lines are the
 * content's own: the blank lines that set it apart are in the change, not in
 * `firstLine`/`linesAdded`, so a receipt names where the unit landed.
 */
function insertSpaced(lines: Lines, spec: PasteSpec, k: number, content: string): Planned {
  if (!spec.spacing || content === "") return insertLines(lines, k, content);
  const { before, after } = spacingFor(lines, k, content, spec.beside, spec.data);
  if (before === 0 && after === 0) return insertLines(lines, k, content);
  const eol = content.endsWith("\n") ? "" : "\n";
  const planned = insertLines(lines, k, "\n".repeat(before) + content + eol + "\n".repeat(after));
  return {
    ...planned,
    firstLine: planned.firstLine + before,
    linesAdded: planned.linesAdded - before - after,
  };
}

/** Plans pasting `content` into `text` in one of the eight paste modes. */
export function planPaste(text: string, spec: PasteSpec, raw: string): Plan {
  const lines = new Lines(text);
  const content = indented(lines, spec, raw);
  const ok = (value: Planned): Plan => ({ ok: true, value });
  switch (spec.mode) {
    case "append":
      return ok(insertSpaced(lines, spec, lines.count, content));
    case "prepend":
      return ok(insertLines(lines, 0, content));
    case "after_line":
    case "before_line": {
      if (spec.line === undefined)
        return refuse("INVALID_ARGUMENT", `Mode \`${spec.mode}\` needs a line.`);
      const after = spec.mode === "after_line";
      const min = after ? 0 : 1;
      if (spec.line < min || spec.line > lines.count) {
        return refuse(
          "LINE_OUT_OF_RANGE",
          `Line ${spec.line} is out of range: the file has ${lines.count} line${lines.count === 1 ? "" : "s"}. Use mode \`append\` to add at the end, \`prepend\` at the start.`,
        );
      }
      const k = after ? spec.line : spec.line - 1;
      return ok(insertSpaced(lines, spec, k, content));
    }
    case "replace_lines": {
      if (spec.start_line === undefined)
        return refuse(
          "INVALID_ARGUMENT",
          "Mode `replace_lines` needs `start_line` (and `end_line`).",
        );
      const last = spec.end_line ?? spec.start_line;
      return (
        lineRangeProblem(lines, spec.start_line, last) ??
        ok(replaceLines(lines, spec.start_line, last, content))
      );
    }
    case "at_marker_replace":
    case "at_marker_after":
    case "at_marker_before": {
      const marker = spec.marker;
      if (marker === undefined)
        return refuse("INVALID_ARGUMENT", `Mode \`${spec.mode}\` needs \`marker\`.`);
      if (/[\r\n]/.test(marker))
        return refuse(
          "INVALID_ARGUMENT",
          "`marker` must be text on one line, without line breaks.",
        );
      const found = findMarker(text, marker);
      if (found.length === 0)
        return refuse(
          "MARKER_NOT_FOUND",
          "`marker` does not occur in the file; check its exact text (case and spaces count).",
        );
      if (found.length > 1) {
        const at = [...new Set(found.map((o) => lines.lineOf(o)))];
        const shown = at.slice(0, 20).join(", ") + (at.length > 20 ? ", …" : "");
        return refuse(
          "MARKER_AMBIGUOUS",
          `\`marker\` occurs ${found.length} times, on lines ${shown}; give a longer marker that occurs once.`,
        );
      }
      const offset = found[0] ?? 0;
      const line = lines.lineOf(offset);
      if (spec.mode === "at_marker_before") return ok(insertLines(lines, line - 1, content));
      if (spec.mode === "at_marker_after") return ok(insertLines(lines, line, content));
      // The marker's own characters are replaced; its line keeps its line ending.
      const body = withoutFinalEol(withEol(content, lines.eolAt(line)));
      return ok({
        change: { start: offset, end: offset + marker.length, insert: body },
        firstLine: line,
        linesAdded: spannedLines(body),
        linesRemoved: 1,
      });
    }
  }
}

/** `text` with `change` made. */
export function applyChange(text: string, change: Change): string {
  return text.slice(0, change.start) + change.insert + text.slice(change.end);
}

/** The splice that undoes `change`, made to `before` giving `after` (both texts of file `path`). */
export function undoSplice(path: string, before: string, change: Change, after: string): Splice {
  const end = change.start + change.insert.length;
  return {
    kind: "splice",
    path,
    start: change.start,
    end,
    insert: before.slice(change.start, change.end),
    was_hash: textHash(change.insert),
    before: after.slice(Math.max(0, change.start - CONTEXT_CHARS), change.start),
    after: after.slice(end, end + CONTEXT_CHARS),
    create: false,
  };
}

export type RevertPlan =
  | { ok: true; action: "change"; change: Change; relocated: boolean }
  | { ok: true; action: "create"; text: string }
  | { ok: true; action: "remove" }
  | { ok: false; reason: string };

/**
 * How to revert a file with `undo`, given the file now (`null` when it does not
 * exist) and the hash it must have (`expect`; `null`: must not exist). A file
 * that changed since is refused unless `force`, and with `force` reverted only
 * where the edited region is found intact (DESIGN.md §1: undo).
 */
export function planRevert(
  current: { text: string; hash: string } | null,
  undo: UndoEdit,
  expect: string | null,
  force: boolean,
): RevertPlan {
  if (undo.kind === "remove") {
    if (current === null) return { ok: false, reason: "it no longer exists" };
    if (current.hash !== expect)
      return {
        ok: false,
        reason:
          "it was created by that operation and has changed since (delete it yourself if it should go)",
      };
    return { ok: true, action: "remove" };
  }
  if (undo.create) {
    if (current !== null) return { ok: false, reason: "it exists again" };
    return { ok: true, action: "create", text: undo.insert };
  }
  if (current === null) return { ok: false, reason: "it was deleted since" };
  const { text } = current;
  const length = undo.end - undo.start;
  const change = (start: number, relocated: boolean): RevertPlan => ({
    ok: true,
    action: "change",
    change: { start, end: start + length, insert: undo.insert },
    relocated,
  });
  // The file is exactly as the operation left it: the region is where it was.
  if (current.hash === expect) return change(undo.start, false);
  if (!force) return { ok: false, reason: "it changed since" };
  const intact = (at: number) =>
    at >= undo.before.length &&
    at + length <= text.length &&
    text.startsWith(undo.before, at - undo.before.length) &&
    text.startsWith(undo.after, at + length) &&
    textHash(text.slice(at, at + length)) === undo.was_hash;
  if (intact(undo.start)) return change(undo.start, false);
  // Moved: where the text around it, and the region between, are found once.
  const candidates = undo.before
    ? findMarker(text, undo.before).map((at) => at + undo.before.length)
    : undo.after
      ? findMarker(text, undo.after).map((at) => at - length)
      : [0];
  const found = candidates.slice(0, MAX_CANDIDATES).filter(intact);
  if (found.length !== 1 || found[0] === undefined)
    return {
      ok: false,
      reason: "it changed since, and the changed region cannot be found intact even with `force`",
    };
  return change(found[0], true);
}

/** The SHA-256 of `text`'s UTF-8: how an undo recognises the region it reverts. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
