import type { Lines } from "../../../src/shared/core/lines.ts";

/**
 * Where a unit begins and ends in its text: whole lines when it has its lines
 * to itself, with what belongs to it around them. Shared by code symbols
 * (symbols.ts) and the keys and sections of data files (formats/).
 */

/** The first line-start at or before `at` when only blanks precede it on its line, else `at`. */
export function lineStartBefore(text: string, at: number): number {
  let i = at;
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return i === 0 || text[i - 1] === "\n" ? i : at;
}

/** Just past the line ending after `at` when only blanks (or `;`/`,`) follow on its line, else `at`. */
export function lineEndAfter(text: string, at: number): number {
  let i = at;
  while (
    i < text.length &&
    (text[i] === " " || text[i] === "\t" || text[i] === ";" || text[i] === ",")
  )
    i++;
  if (i === text.length) return i;
  if (text[i] === "\n") return i + 1;
  if (text[i] === "\r" && text[i + 1] === "\n") return i + 2;
  return at;
}

/** Whether code precedes offset `at` on its line. */
export function isTrailing(text: string, at: number): boolean {
  return text.slice(text.lastIndexOf("\n", at - 1) + 1, at).trim() !== "";
}

/** A unit's span: UTF-16 offsets and 1-based lines. */
export interface Span {
  start: number;
  end: number;
  start_line: number;
  end_line: number;
}

/**
 * How a data format writes comments, for the units of its parser's tree:
 * `prefixes` start a line comment (`#`, `//`).
 */
export interface CommentStyle {
  prefixes: readonly string[];
}

/**
 * The span of a data unit the parser found at [`start`, `end`) in `lines`:
 * whole lines when nothing else shares them, with a comment trailing its last
 * line and the comment lines directly above it (no blank line between), as a
 * symbol's unit has its doc comments. Comment lines are taken only from
 * `floor` on: the end of what precedes the unit in the tree (its previous
 * sibling, or its parent's key), so a `#` line inside a block scalar above
 * is never mistaken for one.
 */
export function dataSpan(
  lines: Lines,
  start: number,
  end: number,
  floor: number,
  comments: CommentStyle,
): Span {
  const { text } = lines;
  // Parsers end some units past their line break (YAML block values): back to the last character.
  let last = end;
  while (last > start && isSpace(text[last - 1])) last--;
  const lineStart = lineStartBefore(text, start);
  const ownsFirst = lineStart !== start || start === 0 || text[start - 1] === "\n";
  const past = afterTrailingComment(text, last, comments);
  const lineEnd = lineEndAfter(text, past);
  const ownsLast = lineEnd !== past || past === text.length;
  if (!ownsFirst || !ownsLast) return span(lines, start, last);
  let from = lineStart;
  for (let line = lines.lineOf(from) - 1; line >= 1; line--) {
    const at = lines.start(line);
    if (at < floor) break;
    const content = text.slice(at, lines.end(line)).trim();
    if (!comments.prefixes.some((p) => content.startsWith(p))) break;
    from = at;
  }
  return span(lines, from, lineEnd);
}

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** Past a line comment that trails offset `at` on its line (blanks and `,`/`;` first), else `at`. */
function afterTrailingComment(text: string, at: number, comments: CommentStyle): number {
  let i = at;
  while (
    i < text.length &&
    (text[i] === " " || text[i] === "\t" || text[i] === "," || text[i] === ";")
  )
    i++;
  if (!comments.prefixes.some((p) => text.startsWith(p, i))) return at;
  const eol = text.indexOf("\n", i);
  const end = eol === -1 ? text.length : eol;
  return text[end - 1] === "\r" ? end - 1 : end;
}

function span(lines: Lines, start: number, end: number): Span {
  const endLine =
    end > start && lines.text[end - 1] === "\n" ? lines.lineOf(end - 1) : lines.lineOf(end);
  return {
    start,
    end,
    start_line: lines.lineOf(start),
    end_line: Math.max(endLine, lines.lineOf(start)),
  };
}
