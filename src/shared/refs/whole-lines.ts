import type { Span } from "./anchors.ts";

/**
 * Anchors that cover whole lines select whole lines, line breaks included
 * (DESIGN.md §3), exactly as `focus` selects a symbol: so a cut or a move
 * takes the lines with their breaks (and the blank lines that set them
 * apart), and the moved text carries its final line break.
 *
 * A passage covers whole lines when both anchors were given and
 * - only indentation (spaces and tabs) precedes the `start` match on its line, and
 * - only trailing spaces and tabs follow the `end` match on its line, up to
 *   its line break ("\n" or "\r\n") or the end of the text — or the `end`
 *   match itself ends with a line break.
 * The selection is then those lines: from the start of the first (its
 * indentation included) through the line break of the last (the text's end
 * when the last line has none).
 *
 * A lone `start` names a phrase, not lines ("`end` omitted: just the `start`
 * match"), and a passage that starts or ends inside a line is selected
 * character for character, as before. Applied alike to files (by the local
 * agent: read, copy, cut, move, paste targets) and to entries and results (at
 * the edge), so the same anchors give the same bytes wherever the text lives.
 */
export function wholeLineSpan(text: string, passage: Span): Span | undefined {
  let start = passage.start;
  while (start > 0 && isBlank(text.charCodeAt(start - 1))) start--;
  if (start > 0 && text[start - 1] !== "\n") return undefined;
  let end = passage.end;
  if (end > passage.start && text[end - 1] === "\n") return { start, end };
  while (end < text.length && isBlank(text.charCodeAt(end))) end++;
  if (end === text.length) return { start, end };
  if (text[end] === "\n") return { start, end: end + 1 };
  if (text[end] === "\r" && text[end + 1] === "\n") return { start, end: end + 2 };
  return undefined;
}

/** A space or a tab: indentation before a line's text, or trailing whitespace after it. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}
