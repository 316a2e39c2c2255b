import { LIMITS } from "./limits.ts";

export interface Page {
  text: string;
  page: number;
  pages: number;
  /** 1-based line of `text`'s first line within the paged content. */
  firstLine: number;
}

/**
 * Page boundaries over `text`: each page holds at most `cap` characters and ends
 * at a line break when the page holds one, so lines are not split unless a
 * single line is longer than a page. Returns the start offsets.
 */
export function pageStarts(text: string, cap: number = LIMITS.resultChars): number[] {
  const starts = [0];
  let from = 0;
  while (text.length - from > cap) {
    const hardEnd = from + cap;
    const nl = text.lastIndexOf("\n", hardEnd - 1);
    let end = nl >= from ? nl + 1 : hardEnd;
    // A hard cut inside a long line must not split a surrogate pair.
    if (end === hardEnd && isHighSurrogate(text.charCodeAt(end - 1))) end--;
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
