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

export interface ImportPlan {
  source: string;
  destination: string;
  /** What changed, for the receipt: `b.ts: imports clamp`. */
  changes: string[];
  /** What it could not follow: said, never guessed. */
  unresolved: string[];
  /** The names the unit declares, whose importers elsewhere follow it (importers.ts); scripts and Python. */
  moved?: string[];
}

/** What an importer of a moved unit becomes (importers.ts): its text, and what changed or was not followed. */
export interface ImporterPlan {
  text: string;
  changes: string[];
  unresolved: string[];
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
  const imported = names.filter((n) => !n.here).map((n) => n.local);
  const local = names.filter((n) => n.here).map((n) => n.local);
  return [
    ...(imported.length
      ? [`${importerPath}: imports ${imported.join(", ")} from ${destPath}`]
      : []),
    ...(local.length ? [`${importerPath}: drops its import of ${local.join(", ")}`] : []),
  ];
}

/** A node's children, without tree-sitter's nulls. */
export const kids = (node: Node) => node.children.filter((c): c is Node => c !== null);

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
  let out = text;
  const order = edits.map((e, i) => ({ e, i })).sort((a, b) => b.e.start - a.e.start || b.i - a.i);
  for (const { e } of order) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}
