import type { Node } from "../syntax/parser.ts";

/**
 * What every language's import planner takes and gives (imports/*.ts), and
 * the small text and tree helpers they share.
 */

/** A move as texts: both files' paths, the unit's file before and after, the destination after. */
export interface MoveTexts {
  /** Paths as the planner needs them (absolute for scripts, root-relative otherwise: carry.ts). */
  sourcePath: string;
  destPath: string;
  /** The source before the unit left, and the unit's offsets in it. */
  sourceBefore: string;
  unit: { start: number; end: number };
  /** Both files after the move itself. */
  sourceAfter: string;
  destAfter: string;
}

/**
 * A name the unit read from its old module that the new one binds: whether
 * the old module keeps it (`stays`: it goes on binding it) and still reads
 * it itself (`oldReads`).
 */
export interface UnitRead {
  name: string;
  stays: boolean;
  oldReads?: boolean;
  /** The old module's own definition (not one it imports). */
  own?: boolean;
}

export interface ImportPlan {
  source: string;
  destination: string;
  /** What changed, for the receipt: `b.ts: imports clamp`. */
  changes: string[];
  /** What it could not follow: said, never guessed. */
  unresolved: string[];
  /** The names the unit declares, whose importers elsewhere follow it (importers.ts); scripts and Python. */
  moved?: string[];
  /** Those of them that are types only (TypeScript's interfaces and type aliases): re-exported with `type`. */
  movedTypes?: string[];
  /** The one of them the old file exported as its default (`export default function slug`): scripts. */
  movedDefault?: string;
  /** Private declarations only the unit used, moved with it (typescript/companions.ts): scripts. */
  brought?: string[];
  /** Those of them the old file exported, by the name it exported them under (`default` for its default): scripts. */
  exported?: string[];
  /**
   * Why the move cannot leave the project whole (the unit assigns to a
   * variable that stays behind; a circular import it would create): the move
   * is refused with these reasons (MOVE_BLOCKED), a dry run too.
   */
  blocked?: string[];
  /**
   * What the move would change at run time that no checker sees and the
   * planner cannot tell holds (Go code that tells types by their printed
   * name): refused (MOVE_BLOCKED) unless the caller keeps the move
   * (`keep: true`), then named on its receipt under `not followed:`.
   */
  blockedUnlessKept?: string[];
  /**
   * Why the move cannot hold where another file loads the new one as it
   * loads (an ES module its old file reads as it loads, which imports values
   * of the old file): refused (MOVE_BLOCKED) if an importer's rewrite does
   * (ImporterPlan.loadsNew); else the new file is only ever loaded by the old.
   */
  blockedIfLoaded?: string[];
  /**
   * Why the move cannot hold where the old file re-exports the unit from the
   * new one (an importer reads it through the old file: carryReexport): the
   * new file reads the old one's bindings as it loads (ES modules).
   */
  blockedIfReexported?: string[];
  /** The old file holds no import or export any more (scripts): re-exports of it are repointed, not joined. */
  sourceEmptied?: boolean;
  /** Imports the old module lost (Python): kept when another module reads them through it (`keep`). */
  dropped?: string[];
  /**
   * Names the unit read from its old module that the new one now binds
   * (Python), and whether the old module still binds them: a test patching
   * them on the old module no longer reaches the unit.
   */
  unitReads?: UnitRead[];
  /**
   * Calls the old module makes with what moved as it loads, binding it again
   * (Python: `register(Pattern)`): its importers go on importing from it, and
   * so on running them.
   */
  loadUses?: string[];
  /**
   * Other files the plan itself changes, by root-relative path (Go: the
   * methods of a moved type that another file of its package declares,
   * taken out with it; Java: the old package's declarations opened for the
   * unit, and the overrides of them): each as it was and as the move leaves
   * it, with the receipt's lines for it; its importer's rewrite starts from
   * that text.
   */
  others?: { path: string; before: string; text: string; changes?: string[] }[];
  /** The fields of the structs that moved, in order: the old package's literals of them get keys (Go). */
  literalFields?: Record<string, string[]>;
}

/** What an importer of a moved unit becomes (importers.ts): its text, and what changed or was not followed. */
export interface ImporterPlan {
  text: string;
  changes: string[];
  unresolved: string[];
  /**
   * Moved names the importer reads through the old module's object where it
   * cannot be rewritten (a namespace it passes on, a module a test loads by
   * path): the old module re-exports them, else `unresolved` says so. Each
   * with the line the receipt gives either way.
   */
  reexport?: { names: string[]; through: string; within?: true }[];
  /**
   * It now loads the new file as it loads, before any load of the old one (a
   * value import or re-export of what moved, a require), after the modules
   * its earlier imports name (`after`: specifiers as written).
   */
  loadsNew?: { after: string[] };
  /** It loads the old file as it loads, before any load of the new one. */
  loadsOldFirst?: true;
}

/**
 * The receipt's lines for an importer: the names it now imports from the new
 * file, and those it stops importing because that file is where they now live.
 */
export function importerChanges(
  importerPath: string,
  destPath: string,
  names: readonly { local: string; here: boolean }[],
): string[] {
  // (A name imported in two functions is said once.)
  const imported = [...new Set(names.filter((n) => !n.here).map((n) => n.local))];
  const local = [...new Set(names.filter((n) => n.here).map((n) => n.local))];
  return [
    ...(imported.length
      ? [`${importerPath}: imports ${imported.join(", ")} from ${destPath}`]
      : []),
    ...(local.length ? [`${importerPath}: drops its import of ${local.join(", ")}`] : []),
  ];
}

/** A node's children, without tree-sitter's nulls. */
export const kids = (node: Node) => node.children.filter((c): c is Node => c !== null);

/** `text` as a regular expression matching it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Past the line holding `at`. */
export function lineEnd(text: string, at: number): number {
  const eol = text.indexOf("\n", at);
  return eol === -1 ? text.length : eol + 1;
}

/** Where the line holding `at` begins. */
export function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

/**
 * `text` with each `[start, end)` replaced by its `insert` (ranges do not
 * overlap; an insertion has start = end). Insertions at one place keep their order.
 */
export function replaceRanges(
  text: string,
  edits: readonly { start: number; end: number; insert: string }[],
): string {
  // In one pass over the text where no two edits overlap (joining slices edit by edit copies
  // the whole text each time: 4,000 edits of a 200 KB file took seconds).
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.i - b.i);
  const parts: string[] = [];
  let last = 0;
  for (const { e } of order) {
    if (e.start < last) return overlapping(text, edits);
    parts.push(text.slice(last, e.start), e.insert);
    last = e.end;
  }
  parts.push(text.slice(last));
  return parts.join("");
}

/** Edits some of which overlap: each applied in turn from the last, as they always were. */
function overlapping(
  text: string,
  edits: readonly { start: number; end: number; insert: string }[],
): string {
  let out = text;
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i);
  for (const { e } of order) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

/** A span of text: a list item (an import's name), a statement. */
export interface Span {
  start: number;
  end: number;
}

/** A replacement of [start, end) by `insert`. */
export interface TextEdit extends Span {
  insert: string;
}

/** Whether only spaces and tabs stand between the line's start and `at`. */
function firstOnLine(text: string, at: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, at), at));
}

/** Whether, after `at`, the line holds nothing but a comma, spaces or a line comment. */
function restOfLineIsSeparator(text: string, at: number): boolean {
  const end = text.indexOf("\n", at);
  const rest = text.slice(at, end === -1 ? text.length : end).replace(/\r$/, "");
  return /^[ \t]*,?[ \t]*(?:(?:\/\/|#).*)?$/.test(rest);
}

/**
 * Edits that remove `drop` (indices into `items`, the entries of one
 * comma-separated list in source order) as the list is laid out: items alone
 * on their lines leave with their lines; others with the comma and spaces
 * that follow them, or, at the end of the list, the ones before them. The
 * caller removes the whole list (or statement) when every item goes.
 */
export function dropItems(
  text: string,
  items: readonly Span[],
  drop: ReadonlySet<number>,
): TextEdit[] {
  const edits: TextEdit[] = [];
  let i = 0;
  while (i < items.length) {
    if (!drop.has(i)) {
      i++;
      continue;
    }
    let last = i;
    while (drop.has(last + 1)) last++;
    const run = items.slice(i, last + 1);
    const alone = run.every(
      (it) => firstOnLine(text, it.start) && restOfLineIsSeparator(text, it.end),
    );
    const next = items[last + 1];
    const previous = items[i - 1];
    if (alone) {
      for (const it of run)
        edits.push({ start: lineStart(text, it.start), end: lineEnd(text, it.end), insert: "" });
    } else if (next) {
      edits.push({ start: (run[0] as Span).start, end: next.start, insert: "" });
    } else if (previous) {
      edits.push({ start: previous.end, end: (run.at(-1) as Span).end, insert: "" });
    } else {
      // Every item of a list on one line (`__all__ = ["Moved"]`): the list is left empty.
      edits.push({ start: (run[0] as Span).start, end: (run.at(-1) as Span).end, insert: "" });
    }
    i = last + 1;
  }
  return edits;
}

/**
 * The edit that adds `item` at the end of a list whose last entry is `last`,
 * laid out as the list is: on a line of its own, with the last entry's
 * indentation (and a trailing comma where the list has one), or after `, `.
 */
export function addItem(text: string, last: Span, item: string): TextEdit {
  if (firstOnLine(text, last.start) && restOfLineIsSeparator(text, last.end)) {
    const indent = text.slice(lineStart(text, last.start), last.start);
    const trailing = /^[ \t]*,/.test(text.slice(last.end));
    return trailing
      ? {
          start: lineEnd(text, last.end),
          end: lineEnd(text, last.end),
          insert: `${indent}${item},\n`,
        }
      : { start: last.end, end: last.end, insert: `,\n${indent}${item}` };
  }
  return { start: last.end, end: last.end, insert: `, ${item}` };
}

/**
 * The edit that adds `item` to a list just before its entry `next`, laid out
 * as `addItem` lays it out: on a line of its own where `next` is, or before `, `.
 */
export function insertItem(text: string, next: Span, item: string): TextEdit {
  const own = firstOnLine(text, next.start);
  const indent = own ? text.slice(lineStart(text, next.start), next.start) : "";
  return { start: next.start, end: next.start, insert: own ? `${item},\n${indent}` : `${item}, ` };
}

/**
 * The edit that removes the statement at `span` with its line, and one blank
 * line more where it stood alone between two (so that no double blank is left).
 */
export function removeStatement(text: string, span: Span): TextEdit {
  const start = lineStart(text, span.start);
  let end = lineEnd(text, span.end);
  const blankBefore =
    start === 0 ||
    /\n\s*\n$/.test(text.slice(Math.max(0, start - 2), start)) ||
    text.slice(lineStart(text, start - 1), start).trim() === "";
  const next = text.slice(end, lineEnd(text, end));
  if (blankBefore && next.trim() === "" && end < text.length) end = lineEnd(text, end);
  return { start, end, insert: "" };
}

/** A name for `name` that `present` does not hold: `_name`, `name_`, `name2`, … */
export function freeAlias(name: string, present: ReadonlySet<string>): string {
  for (const candidate of [`_${name}`, `${name}_`]) if (!present.has(candidate)) return candidate;
  for (let i = 2; ; i++) if (!present.has(`${name}${i}`)) return `${name}${i}`;
}
