import { showable, UNSHOWABLE } from "../shared/core/quote.ts";
/**
 * How `read` with `outline` shows a file's structure: one line per unit,
 * indented by nesting, its name as the file would show its kind
 * (`load()`, `class Store`, `[server]`; a key or a Markdown heading as itself) and
 * its lines, for finding the units worth moving, copying or reading
 * (DESIGN.md §3). Which units it lists is the agent's choice
 * (local-agent/src/syntax/outline.ts: one-line units inside others are
 * counted instead). Three or more one-line units in a row, of one kind, share
 * a line (`LIMIT_1 … LIMIT_40 (40):60-99`) when they are on lines one after another.
 * A unit's lines follow its name after a colon, as in a locator (`load():12-30`).
 * (Token costs of these choices, measured: bench/README.md, "Outline".)
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
  /** Units listed (a run of one-line units counts each). */
  listed: number;
  /** Units past `maxLines`, not listed. */
  cut: number;
}

/** At most this many lines (a 10,000-line file's outline stays a few thousand tokens). */
export const OUTLINE_MAX_LINES = 1_000;

/** A run of one-line units this long or longer shares one line. */
const RUN = 3;

/** A unit's name as one safe line: quoted when it holds control characters or edge spaces, shortened past 120 characters. */
function nameOf(name: string): string {
  const short = name.length > 120 ? `${name.slice(0, 119)}…` : name;
  // A name that could start a line of its own or read backwards is quoted, its characters escaped.
  return UNSHOWABLE.test(short) || short.trim() !== short || short === ""
    ? showable(JSON.stringify(short))
    : short;
}

/** How a unit of `kind` is named in an outline line. */
function label(kind: string, name: string): string {
  switch (kind) {
    case "function":
    case "method":
      return `${name}()`;
    case "variable":
    case "key":
      return name;
    case "item":
      return `[${name}]`;
    case "table":
      return `[${name}]`;
    case "section":
      // A Markdown file's units are all sections: a `#` would say nothing.
      return name;
    default:
      return `${kind} ${name}`;
  }
}

const linesOf = (start: number, end: number) => (start === end ? `${start}` : `${start}-${end}`);

export function renderOutline(units: OutlineUnit[], maxLines = OUTLINE_MAX_LINES): RenderedOutline {
  const lines: string[] = [];
  let listed = 0;
  let cut = 0;
  for (let i = 0; i < units.length; ) {
    const u = units[i] as OutlineUnit;
    // A run: one-line units at one depth, of one kind, one after another.
    let j = i + 1;
    if (u.start_line === u.end_line)
      while (j < units.length) {
        const next = units[j] as OutlineUnit;
        const previous = units[j - 1] as OutlineUnit;
        if (
          next.depth !== u.depth ||
          next.kind !== u.kind ||
          next.start_line !== next.end_line ||
          next.start_line > previous.end_line + 1
        )
          break;
        j++;
      }
    const run = j - i >= RUN ? j - i : 1;
    if (lines.length === maxLines) {
      cut += run;
      i += run;
      continue;
    }
    const last = units[i + run - 1] as OutlineUnit;
    const indent = "  ".repeat(Math.min(u.depth, 32));
    lines.push(
      run === 1
        ? `${indent}${label(u.kind, nameOf(u.name))}:${linesOf(u.start_line, u.end_line)}`
        : `${indent}${label(u.kind, nameOf(u.name))} … ${label(last.kind, nameOf(last.name))} (${run}):${linesOf(u.start_line, last.end_line)}`,
    );
    listed += run;
    i += run;
  }
  return { lines, listed, cut };
}

/**
 * The line above an outline: the file, and the units past the outline's end.
 * Its length and the one-line units inside others (never listed: the tool's
 * description says so) are in the structured result (`total_lines`, `folded`):
 * every token of an outline is read by the model.
 */
export function outlineHeader(path: string, r: { cut: number }): string {
  return `${showable(path)}${r.cut ? ` (${r.cut} more past ${OUTLINE_MAX_LINES.toLocaleString("en")} lines)` : ""}:`;
}
