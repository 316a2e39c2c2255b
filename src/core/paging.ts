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
 * `escapeMarkers`) and ends at a line break when the page holds one, so lines
 * are not split unless a single line is longer than a page. A cut inside a
 * long line never splits a surrogate pair or a `{{ref:`, so each page escapes
 * its own markers and pages joined in order read as the content. Returns the
 * start offsets.
 */
export function pageStarts(text: string, cap: number = LIMITS.resultChars): number[] {
  const starts = [0];
  const markers = new MarkerScan(text);
  let from = 0;
  // What is left fits when it does once escaped (counted only when it could fit).
  while (text.length - from > cap || text.length - from + markers.within(from, text.length) > cap) {
    // Shrinking the window by the characters escaping adds cannot add markers to it.
    const hardEnd = from + cap - markers.within(from, from + cap);
    // Searched within the window only: a long line must not send it back to the start.
    const nl = text.slice(from, hardEnd).lastIndexOf("\n");
    let end = nl !== -1 ? from + nl + 1 : hardEnd;
    if (end === hardEnd) {
      const marker = markers.across(end);
      if (marker !== undefined && marker > from) end = marker;
      // A hard cut inside a long line must not split a surrogate pair.
      if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
    }
    starts.push(end);
    from = end;
  }
  return starts;
}

/**
 * Where `{{ref:` starts in a text, found as pages move forward: each part of
 * the text is searched once, so paging stays linear however sparse the
 * markers (a search past a window is remembered, not repeated).
 */
class MarkerScan {
  private readonly text: string;
  /** Marker starts found and not yet behind the window, ascending. */
  private known: number[] = [];
  /** Every marker starting before this offset has been found. */
  private scanned = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** Markers starting at or after `from` and ending by `to` (`from` never moves back). */
  within(from: number, to: number): number {
    this.known = this.known.filter((at) => at >= from);
    while (this.scanned < to) {
      const at = this.text.indexOf(MARKER_OPEN, Math.max(this.scanned, from));
      if (at === -1) {
        this.scanned = Number.POSITIVE_INFINITY;
        break;
      }
      this.known.push(at);
      this.scanned = at + MARKER_OPEN.length;
    }
    let n = 0;
    for (const at of this.known) if (at + MARKER_OPEN.length <= to) n++;
    return n;
  }

  /** The start of a marker that a cut at `cut` would split (after `within` covered it). */
  across(cut: number): number | undefined {
    return this.known.find((at) => at < cut && at + MARKER_OPEN.length > cut);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Page `page` (1-based) of `text`, or `undefined` when there is no such page. */
export function getPage(
  text: string,
  page: number,
  cap: number = LIMITS.resultChars,
): Page | undefined {
  const starts = pageStarts(text, cap);
  const from = starts[page - 1];
  if (from === undefined) return undefined;
  const to = starts[page] ?? text.length;
  let firstLine = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < from; at = text.indexOf("\n", at + 1))
    firstLine++;
  return { text: text.slice(from, to), page, pages: starts.length, firstLine };
}
