import { MARKER_OPEN } from "../refs/syntax.ts";
import { LIMITS } from "./limits.ts";

export interface Page {
  text: string;
  page: number;
  pages: number;
  /** 1-based line of `text`'s first line within the paged content. */
  firstLine: number;
}

/**
 * Page boundaries over `text`: each page holds at most `cap` characters as a
 * result shows it (every `{{ref:` escaped, one character more: see
 * `escapeMarkers`; and with `numberedFrom`, each line numbered as
 * `numberLines` does from that number: its digits and a tab more) and ends at
 * a line break when the page holds one, so lines are not split unless a
 * single line is longer than a page. A cut inside a long line never splits a
 * surrogate pair or a `{{ref:`, so each page escapes its own markers and
 * pages joined in order read as the content. Returns the start offsets.
 * Linear in the text: each line break and marker is found once.
 */
export function pageStarts(
  text: string,
  cap: number = LIMITS.resultChars,
  numberedFrom?: number,
): number[] {
  const starts = [0];
  const breaks = new Ahead(text, "\n");
  const markers = new Ahead(text, MARKER_OPEN);
  const width = (line: number | undefined) => (line === undefined ? 0 : String(line).length + 1);
  let from = 0;
  let line = numberedFrom;
  for (;;) {
    // Whole lines while they fit, as shown.
    let end = from;
    let shown = 0;
    let n = line;
    while (end < text.length) {
      const nl = breaks.next(end);
      const lineEnd = nl === -1 ? text.length : nl + 1;
      const room = cap - shown - width(n);
      if (lineEnd - end > room) break;
      const cost = lineEnd - end + markers.count(end, lineEnd);
      if (cost > room) break;
      shown += cost + width(n);
      end = lineEnd;
      if (n !== undefined) n++;
    }
    if (end >= text.length) return starts;
    // A line longer than a page is cut inside (the next page goes on with its number).
    if (end === from) end = cutInside(text, from, Math.max(1, cap - width(line)), markers);
    else line = n;
    starts.push(end);
    from = end;
  }
}

/**
 * Where a page that starts at `from` inside a long line ends, for `budget`
 * characters as shown: before the markers in it take their escapes, before a
 * `{{ref:` the cut would split, and never between the halves of a surrogate
 * pair; at least one character on.
 */
function cutInside(text: string, from: number, budget: number, markers: Ahead): number {
  let end = Math.min(text.length, from + budget);
  // Shrinking the window by the characters escaping adds cannot add markers to it.
  end -= markers.count(from, end);
  const split = text.lastIndexOf(MARKER_OPEN, end - 1);
  if (split > from && split + MARKER_OPEN.length > end) end = split;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  if (end <= from) end = from + (isHighSurrogate(text.charCodeAt(from)) ? 2 : 1);
  return end;
}

/**
 * Occurrences of `needle` in a text, looked up as pages move forward: what
 * was found is remembered, so each part of the text is searched once however
 * sparse or dense the needle. Lookups never move back.
 */
class Ahead {
  private readonly text: string;
  private readonly needle: string;
  /** Occurrences found, ascending; those before `head` are behind every lookup. */
  private found: number[] = [];
  private head = 0;
  /** Occurrences starting before this offset are all in `found`; -1 once the text is searched. */
  private scanned = 0;

  constructor(text: string, needle: string) {
    this.text = text;
    this.needle = needle;
  }

  /** The first occurrence at or after `at`, or -1. */
  next(at: number): number {
    this.drop(at);
    while (this.head === this.found.length && this.scanned !== -1) this.scan(at);
    return this.found[this.head] ?? -1;
  }

  /** Occurrences wholly within `[from, to)`. */
  count(from: number, to: number): number {
    this.drop(from);
    while (this.scanned !== -1 && this.scanned < to) this.scan(from);
    let n = 0;
    for (let i = this.head; i < this.found.length; i++) {
      if ((this.found[i] as number) + this.needle.length > to) break;
      n++;
    }
    return n;
  }

  private drop(before: number): void {
    while (this.head < this.found.length && (this.found[this.head] as number) < before) this.head++;
    if (this.head > 1024 && this.head * 2 > this.found.length) {
      this.found = this.found.slice(this.head);
      this.head = 0;
    }
  }

  private scan(from: number): void {
    const hit = this.text.indexOf(this.needle, Math.max(this.scanned, from));
    this.scanned = hit === -1 ? -1 : hit + this.needle.length;
    if (hit !== -1) this.found.push(hit);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Page `page` (1-based) of `text` (shown numbered from `numberedFrom`, if given), or `undefined` when there is no such page. */
export function getPage(
  text: string,
  page: number,
  cap: number = LIMITS.resultChars,
  numberedFrom?: number,
): Page | undefined {
  const starts = pageStarts(text, cap, numberedFrom);
  const from = starts[page - 1];
  if (from === undefined) return undefined;
  const to = starts[page] ?? text.length;
  let firstLine = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < from; at = text.indexOf("\n", at + 1))
    firstLine++;
  return { text: text.slice(from, to), page, pages: starts.length, firstLine };
}
