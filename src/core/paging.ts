import { markerAcross, markersWithin } from "../refs/syntax.ts";
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
  let from = 0;
  // What is left fits when it does once escaped (counted only when it could fit).
  while (text.length - from > cap || text.length - from + markersWithin(text, from) > cap) {
    // Shrinking the window by the characters escaping adds cannot add markers to it.
    const hardEnd = from + cap - markersWithin(text, from, from + cap);
    const nl = text.lastIndexOf("\n", hardEnd - 1);
    let end = nl >= from ? nl + 1 : hardEnd;
    if (end === hardEnd) {
      const marker = markerAcross(text, end);
      if (marker !== undefined && marker > from) end = marker;
      // A hard cut inside a long line must not split a surrogate pair.
      if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
    }
    starts.push(end);
    from = end;
  }
  return starts;
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
