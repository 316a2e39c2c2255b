import type { Lines } from "../../src/shared/core/lines.ts";
import { isRegionMarker } from "./syntax/regions.ts";

/**
 * How a unit pasted next to others is set apart (README, "Where a paste
 * lands"), as pure functions over a file's lines. The file says how many blank
 * lines go between its units (its `gap`): those between the unit the paste
 * goes after or before and its sibling, else those before the file's last
 * top-level unit, else one (none in a YAML, JSON or TOML file without a blank
 * line: compact data stays compact). The pasted text then gets, on each side where a sibling
 * is (a line at its indentation or deeper, not the `}` or `class A:` around
 * it), the blank lines it lacks to make that gap, counting those already
 * there and its own, at most two. Spacing only adds blank lines, never removes
 * one.
 */

/** The unit a paste goes after or before: its first and last lines. */
export interface Beside {
  first: number;
  last: number;
}

export interface Spacing {
  before: number;
  after: number;
}

const LEAD = /^[ \t]*/;

/** More blank lines than this between units are the file's accident, not its style. */
const MAX_GAP = 2;

/** A file's lines as spacing reads them (1-based, without their endings). */
class View {
  private readonly lines: Lines;
  constructor(lines: Lines) {
    this.lines = lines;
  }
  get count(): number {
    return this.lines.count;
  }
  text(n: number): string {
    return this.lines.text.slice(this.lines.start(n), this.lines.end(n));
  }
  blank(n: number): boolean {
    return this.text(n).trim() === "";
  }
  indent(n: number): number {
    return LEAD.exec(this.text(n))?.[0].length ?? 0;
  }
  /**
   * Whether line `n` (0: none) is a sibling of a unit indented `own`: as deep or deeper,
   * and no `# region` / `# endregion` line, which opens or closes a block as `{` and `}` do.
   */
  sibling(n: number, own: number): boolean {
    return n !== 0 && this.indent(n) >= own && !isRegionMarker(this.text(n));
  }
  /** From line `n` going `step` (±1): the blank lines crossed and the first other line (0 if none). */
  walk(n: number, step: 1 | -1): { blanks: number; line: number } {
    let blanks = 0;
    let at = n;
    while (at >= 1 && at <= this.count && this.blank(at)) {
      blanks++;
      at += step;
    }
    return { blanks, line: at >= 1 && at <= this.count ? at : 0 };
  }
}

/**
 * What spacing needs of the pasted text, read from its two ends only (a 10 MiB
 * paste is never split into lines): the blank lines it starts and ends with
 * (its final line break aside), and its first non-blank line's indentation
 * (`undefined`: the text is blank).
 */
function edgesOf(text: string): { lead: number; trail: number; indent: number | undefined } {
  const blank = (start: number, end: number) => text.slice(start, end).trim() === "";
  let lead = 0;
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    if (!blank(start, end)) break;
    if (nl === -1) return { lead, trail: 0, indent: undefined };
    lead++;
    start = nl + 1;
  }
  const indent = LEAD.exec(text.slice(start, start + 1_000))?.[0].length ?? 0;
  let trail = 0;
  let end = text.endsWith("\n") ? text.length - 1 : text.length;
  for (;;) {
    const nl = text.lastIndexOf("\n", end - 1);
    if (!blank(nl + 1, end)) break;
    trail++;
    end = nl;
  }
  return { lead, trail, indent };
}

/** The blank lines this file puts between its units (see the module's comment). */
function gapOf(view: View, beside: Beside | undefined, data: boolean): number {
  if (beside) {
    const own = view.indent(beside.first);
    const above = view.walk(beside.first - 1, -1);
    if (view.sibling(above.line, own)) return above.blanks;
    const below = view.walk(beside.last + 1, 1);
    if (view.sibling(below.line, own)) return below.blanks;
  } else {
    // The last top-level line after blank lines that follow other lines: a unit's start.
    for (let n = view.count; n > 1; n--) {
      if (view.blank(n) || view.indent(n) > 0 || !view.blank(n - 1)) continue;
      const above = view.walk(n - 1, -1);
      if (above.line) return above.blanks;
    }
  }
  if (!data) return 1;
  for (let n = 1; n <= view.count; n++) if (view.blank(n)) return 1;
  return 0;
}

/**
 * The blank lines to add before and after `content` (already indented as it
 * will land) inserted at line boundary `k` (before line k+1) of `lines`;
 * `data`: the file is YAML, JSON or TOML.
 */
export function spacingFor(
  lines: Lines,
  k: number,
  content: string,
  beside: Beside | undefined,
  data = false,
): Spacing {
  const view = new View(lines);
  const none = { before: 0, after: 0 };
  const edges = edgesOf(content);
  const own = edges.indent;
  if (own === undefined || view.count === 0) return none;
  const gap = Math.min(MAX_GAP, gapOf(view, beside, data));
  if (gap === 0) return none;
  const above = view.walk(k, -1);
  const below = view.walk(k + 1, 1);
  return {
    before: view.sibling(above.line, own) ? Math.max(0, gap - above.blanks - edges.lead) : 0,
    after: view.sibling(below.line, own) ? Math.max(0, gap - below.blanks - edges.trail) : 0,
  };
}
