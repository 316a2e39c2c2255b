import { MARKER_OPEN } from "../refs/syntax.ts";
import { LIMITS } from "../shared/core/limits.ts";

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
 * Linear in the text: line breaks and markers are found by `indexOf`, each
 * once, or twice when a page ends before a line it started.
 */
export function pageStarts(
  text: string,
  cap: number = LIMITS.resultChars,
  numberedFrom?: number,
): number[] {
  const starts = [0];
  const width = (line: number | undefined) => (line === undefined ? 0 : digits(line) + 1);
  // The first marker at or after where the page being cut has got to (found by indexOf).
  let marker = text.indexOf(MARKER_OPEN);
  const markersBefore = (to: number) => {
    let n = 0;
    while (marker !== -1 && marker < to) {
      n++;
      marker = text.indexOf(MARKER_OPEN, marker + MARKER_OPEN.length);
    }
    return n;
  };
  let from = 0;
  let line = numberedFrom;
  for (;;) {
    // Whole lines while they fit as shown: a line costs its characters, one more per
    // `{{ref:` in it (its escape), and its number.
    let end = from;
    let shown = 0;
    let n = line;
    while (end < text.length) {
      const nl = text.indexOf("\n", end);
      const lineEnd = nl === -1 ? text.length : nl + 1;
      const room = cap - shown - width(n);
      if (lineEnd - end > room) break;
      const saved = marker;
      const cost = lineEnd - end + markersBefore(lineEnd);
      if (cost > room) {
        marker = saved;
        break;
      }
      shown += cost + width(n);
      end = lineEnd;
      if (n !== undefined) n++;
    }
    if (end >= text.length) return starts;
    if (end > from) line = n;
    else {
      // A line longer than a page is cut inside (the next page goes on with its number):
      // shrinking the window by the escapes of the markers in it cannot add markers to it.
      const budget = Math.max(1, cap - width(line));
      const saved = marker;
      const escapes = markersBefore(Math.min(text.length, from + budget));
      marker = saved;
      end = Math.min(text.length, from + budget - escapes);
      // A marker the cut would split starts within its own length before the cut.
      const near = Math.max(from + 1, end - MARKER_OPEN.length + 1);
      const k = text.slice(near, end + MARKER_OPEN.length - 1).indexOf(MARKER_OPEN);
      if (k !== -1 && near + k < end) end = near + k;
      if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
      if (end <= from) end = from + (isHighSurrogate(text.charCodeAt(from)) ? 2 : 1);
    }
    starts.push(end);
    from = end;
    // Markers before the new page's start are behind every later lookup.
    if (marker !== -1 && marker < from) marker = text.indexOf(MARKER_OPEN, from);
  }
}

/** Decimal digits of a line number. */
function digits(n: number): number {
  let d = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) d++;
  return d;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** ", page 2 of 3 (next: page 3)" after a paged result's name; "" when it has one page. */
export const pageNote = (page: number, pages: number) =>
  pages > 1 ? `, page ${page} of ${pages}${page < pages ? ` (next: page ${page + 1})` : ""}` : "";

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
