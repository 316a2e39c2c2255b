/**
 * How `read` with `outline` shows a file's structure: one line per unit,
 * indented by nesting, `kind name lines` (`method load 5-7`). Units of one
 * line are listed only at the top level, and counted below it: a field or a
 * one-line key costs about as much to list as to read, and the outline is
 * for finding the units worth moving, copying or reading (DESIGN.md §3).
 */
export interface OutlineUnit {
  name: string;
  kind: string;
  start_line: number;
  end_line: number;
  depth: number;
}

export interface RenderedOutline {
  lines: string[];
  /** Units listed. */
  listed: number;
  /** One-line units inside others, counted, not listed. */
  folded: number;
  /** Units past `maxLines`, not listed. */
  cut: number;
}

/** At most this many lines (a 10,000-line file's outline stays a few thousand tokens). */
export const OUTLINE_MAX_LINES = 1_000;

/** A unit's name as one safe line: quoted when it holds control characters or edge spaces, shortened past 120 characters. */
function nameOf(name: string): string {
  const short = name.length > 120 ? `${name.slice(0, 119)}…` : name;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  return /[\u0000-\u001f\u007f]/.test(short) || short.trim() !== short || short === ""
    ? JSON.stringify(short)
    : short;
}

export function renderOutline(units: OutlineUnit[], maxLines = OUTLINE_MAX_LINES): RenderedOutline {
  const lines: string[] = [];
  let folded = 0;
  let cut = 0;
  for (const u of units) {
    if (u.depth > 0 && u.start_line === u.end_line) {
      folded++;
      continue;
    }
    if (lines.length === maxLines) {
      cut++;
      continue;
    }
    const range = u.start_line === u.end_line ? `${u.start_line}` : `${u.start_line}-${u.end_line}`;
    lines.push(`${"  ".repeat(Math.min(u.depth, 32))}${u.kind} ${nameOf(u.name)} ${range}`);
  }
  return { lines, listed: lines.length, folded, cut };
}
