/**
 * Transforms (DESIGN.md §3), pure. Each referenced piece goes through, in
 * order: `replace` (literal `{from, to}` pairs, every occurrence, in list
 * order), `wrap` (a template whose `{content}` is the piece), `prepend`,
 * `append`; then the pieces are joined with `join` (default: each piece starts
 * on a line of its own); then `indent` re-indents the whole, to the paste
 * point (`"auto"`, done by the local agent, which sees the file) or by a
 * number of levels (+ deeper, − shallower).
 */
import { utf8Bytes } from "../core/text.ts";
import { isSpace } from "./fold.ts";

export interface Transform {
  replace?: { from: string; to: string }[] | undefined;
  wrap?: string | undefined;
  prepend?: string | undefined;
  append?: string | undefined;
  join?: string | undefined;
  indent?: "auto" | number | undefined;
}

export const CONTENT_SLOT = "{content}";

/**
 * Content refused while it was being built (DESIGN.md §3: sizes are checked
 * while content is built, never after): the parameter whose step would have
 * taken it past the limit, and the size it would have reached (at least).
 */
export interface TooLarge {
  param: string;
  bytes: number;
}

/** Content built within a limit (and its size in UTF-8 bytes), or why it was not. */
export type Built = { ok: true; text: string; bytes: number } | { ok: false; tooLarge: TooLarge };

/** Why `transform` cannot be applied (naming the field), or `undefined`. */
export function transformProblem(t: Transform): string | undefined {
  for (const [i, r] of (t.replace ?? []).entries())
    if (r.from === "")
      return `\`replace[${i}]\` replaces nothing (its first string is empty); give the literal text to replace.`;
  if (t.wrap !== undefined && !t.wrap.includes(CONTENT_SLOT))
    return `\`wrap\` must contain \`${CONTENT_SLOT}\` where the content goes, e.g. "class A {\\n{content}}\\n".`;
  if (typeof t.indent === "number" && (!Number.isInteger(t.indent) || Math.abs(t.indent) > 16))
    return '`indent` is `"auto"` or a whole number of levels from -16 to 16.';
  return undefined;
}

/** Non-overlapping occurrences of `needle` in `text`, left to right (as `split` finds them). */
export function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * `text` with every `from` replaced by `to`, as `split(from).join(to)` would,
 * without its array of one string per occurrence (10 million of them for a
 * 10 MiB text of one letter): pieces are joined a few thousand at a time.
 */
function replaceEvery(text: string, from: string, to: string): string {
  let out = "";
  const parts: string[] = [];
  let at = 0;
  for (let hit = text.indexOf(from); hit !== -1; hit = text.indexOf(from, at)) {
    parts.push(text.slice(at, hit), to);
    at = hit + from.length;
    if (parts.length >= 8192) {
      out += parts.join("");
      parts.length = 0;
    }
  }
  parts.push(text.slice(at));
  return out + parts.join("");
}

/**
 * replace → wrap → prepend → append, on one piece. Each step's size is known
 * before it is built (a replace's from its occurrence count, a wrap's from its
 * slots), and a step that would pass `limit` UTF-8 bytes is refused, naming
 * its parameter, before the oversized string exists.
 */
export function transformPiece(
  text: string,
  t: Transform = {},
  limit = Number.POSITIVE_INFINITY,
): Built {
  let out = text;
  let bytes = utf8Bytes(text);
  const over = (param: string, size: number): Built => ({
    ok: false,
    tooLarge: { param, bytes: size },
  });
  for (const [i, { from, to }] of (t.replace ?? []).entries()) {
    const count = occurrences(out, from);
    if (count === 0) continue;
    const size = bytes + count * (utf8Bytes(to) - utf8Bytes(from));
    if (size > limit) return over(`replace[${i}]`, size);
    out = replaceEvery(out, from, to);
    bytes = size;
  }
  if (t.wrap !== undefined) {
    const slots = occurrences(t.wrap, CONTENT_SLOT);
    const size = utf8Bytes(t.wrap) + slots * (bytes - CONTENT_SLOT.length);
    if (size > limit) return over("wrap", size);
    out = t.wrap.split(CONTENT_SLOT).join(out);
    bytes = size;
  }
  for (const field of ["prepend", "append"] as const) {
    const extra = t[field];
    if (extra === undefined) continue;
    const size = bytes + utf8Bytes(extra);
    if (size > limit) return over(field, size);
    out = field === "prepend" ? extra + out : out + extra;
    bytes = size;
  }
  return { ok: true, text: out, bytes };
}

/** Joins pieces with `join`, or (default) with a line break after any piece lacking one. */
export function joinPieces(pieces: string[], join?: string): string {
  if (join !== undefined) return pieces.join(join);
  return pieces
    .map((p, i) => (i < pieces.length - 1 && p !== "" && !p.endsWith("\n") ? `${p}\n` : p))
    .join("");
}

/**
 * A reference list's content, built as its pieces arrive (a mosaic): each
 * piece transformed, and the joined size counted as it grows, so the piece
 * that would take it past `limit` bytes is refused before the next is even
 * resolved and before anything larger is built.
 */
export class Mosaic {
  private readonly pieces: string[] = [];
  private readonly t: Transform;
  private readonly limit: number;
  private readonly joinBytes: number | undefined;
  /** UTF-8 bytes of the content so far, separators included. */
  bytes = 0;

  constructor(t: Transform = {}, limit = Number.POSITIVE_INFINITY) {
    this.t = t;
    this.limit = limit;
    this.joinBytes = t.join === undefined ? undefined : utf8Bytes(t.join);
  }

  /** Adds a piece (`param` names it in a refusal); `TooLarge` instead when it does not fit. */
  add(text: string, param: string): TooLarge | undefined {
    const piece = transformPiece(text, this.t, this.limit);
    if (!piece.ok) return piece.tooLarge;
    const last = this.pieces.at(-1);
    const gap =
      last === undefined ? 0 : (this.joinBytes ?? (last !== "" && !last.endsWith("\n") ? 1 : 0));
    const bytes = this.bytes + gap + piece.bytes;
    if (bytes > this.limit) return { param, bytes };
    this.pieces.push(piece.text);
    this.bytes = bytes;
    return undefined;
  }

  text(): string {
    return joinPieces(this.pieces, this.t.join);
  }
}

/** Every piece transformed, then joined: the content a reference list stands for, within `limit`. */
export function assemble(
  pieces: string[],
  t: Transform = {},
  limit = Number.POSITIVE_INFINITY,
): Built {
  const mosaic = new Mosaic(t, limit);
  for (const [i, piece] of pieces.entries()) {
    const over = mosaic.add(piece, `from[${i}]`);
    if (over) return { ok: false, tooLarge: over };
  }
  return { ok: true, text: mosaic.text(), bytes: mosaic.bytes };
}

/**
 * Calls `visit(start, end)` for each line of `text` (`end` just past its line
 * break), found with `indexOf` and never copied: these functions run on 10 MiB
 * texts of millions of lines, where an array of lines (and the look-behind
 * split that made it) took seconds. `visit` returns `false` to stop.
 */
function eachLine(text: string, visit: (start: number, end: number) => boolean | undefined): void {
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl + 1;
    if (visit(start, end) === false) return;
    start = end;
  }
}

const LEADING = /^[ \t]*/;

function isBlank(line: string): boolean {
  return line.trim() === "";
}

/** Whether `text[start, end)` is blank (`trim()` leaves nothing). */
function blankAt(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (!isSpace(text.charCodeAt(at))) return false;
  return true;
}

/** How many spaces and tabs `text[start, end)` starts with. */
function leadAt(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++;
  return at - start;
}

/** The indentation every non-blank line of `text` shares. */
export function commonIndent(text: string): string {
  let common: string | undefined;
  eachLine(text, (start, end) => {
    if (blankAt(text, start, end)) return true;
    const n = leadAt(text, start, end);
    if (common === undefined) common = text.slice(start, start + n);
    else {
      let k = 0;
      while (k < common.length && k < n && common.charCodeAt(k) === text.charCodeAt(start + k)) k++;
      common = common.slice(0, k);
    }
    return common !== "";
  });
  return common ?? "";
}

/**
 * One level of indentation in `text`: a tab if lines are tab-indented, else the
 * commonest increase in leading spaces from one line to the next (doc-comment
 * lines ` * ` do not win over code), else `fallback`.
 */
export function indentUnit(text: string, fallback = "    "): string {
  const counts = new Map<number, number>();
  let previous = 0;
  let tabs = 0;
  let spaced = 0;
  eachLine(text, (start, end) => {
    if (blankAt(text, start, end)) return true;
    const lead = leadAt(text, start, end);
    if (lead && text.charCodeAt(start) === 9) {
      tabs++;
      return true;
    }
    if (lead) spaced++;
    const delta = lead - previous;
    if (delta > 0 && delta <= 8) counts.set(delta, (counts.get(delta) ?? 0) + 1);
    previous = lead;
    return true;
  });
  if (tabs > spaced) return "\t";
  let best = 0;
  let bestCount = 0;
  for (const [delta, count] of counts)
    if (count > bestCount || (count === bestCount && delta > best))
      [best, bestCount] = [delta, count];
  return best ? " ".repeat(best) : fallback;
}

/**
 * `text` re-indented to `to` as `indent: "auto"` does: its first non-blank
 * line (a unit's header, decorator or doc comment) takes `to`, and every line
 * indented at least as deep moves with it. A line indented less than that
 * first line (a comment at column 0, a line of a multi-line string) is left as
 * it is: shifting it would nest the unit wrongly or change the string.
 */
export function reindentTo(text: string, to: string): string {
  let base: string | undefined;
  eachLine(text, (start, end) => {
    if (blankAt(text, start, end)) return true;
    base = text.slice(start, start + leadAt(text, start, end));
    return false;
  });
  return reindentFrom(text, base ?? "", to);
}

/** `text` with `base` traded for `to` on every non-blank line that starts with it. */
function reindentFrom(text: string, base: string, to: string): string {
  if (base === to) return text;
  let out = "";
  const parts: string[] = [];
  eachLine(text, (start, end) => {
    // A blank line loses its leading blanks; the others trade `base` for `to`.
    if (blankAt(text, start, end)) parts.push(text.slice(start + leadAt(text, start, end), end));
    else if (!text.startsWith(base, start)) parts.push(text.slice(start, end));
    else parts.push(to, text.slice(start + base.length, end));
    if (parts.length >= 8192) {
      out += parts.join("");
      parts.length = 0;
    }
    return true;
  });
  return out + parts.join("");
}

/** The indentation `shiftIndent` gives `text`'s least indented lines. */
function shiftedIndent(text: string, levels: number, unit: string): string {
  const base = commonIndent(text);
  return levels > 0
    ? base + unit.repeat(levels)
    : base.slice(0, Math.max(0, base.length - unit.length * -levels));
}

/** `text` shifted by `levels` of `unit` (negative: shallower, never below column 0). */
export function shiftIndent(text: string, levels: number, unit: string): string {
  if (levels === 0) return text;
  return reindentFrom(text, commonIndent(text), shiftedIndent(text, levels, unit));
}

/**
 * How many bytes `shiftIndent` would add (negative: remove), counted line by
 * line without building it: 16 levels on 10 MiB of short lines would be 40
 * times its size.
 */
export function shiftGrowth(text: string, levels: number, unit: string): number {
  if (levels === 0) return 0;
  const base = commonIndent(text);
  const to = shiftedIndent(text, levels, unit);
  if (to === base) return 0;
  let growth = 0;
  eachLine(text, (start, end) => {
    // As reindentTo: a blank line loses its leading blanks, others trade `base` for `to`.
    growth += blankAt(text, start, end) ? -leadAt(text, start, end) : to.length - base.length;
    return true;
  });
  return growth;
}

/**
 * The indentation text pasted at line boundary `k` (before line k+1) should
 * take, for `indent: "auto"`: that of the nearest non-blank line above, one
 * level deeper when that line opens a block (ends with `{`, `(`, `[` or `:`);
 * with nothing above, that of the line below. `replacing`: the first line
 * being replaced (its indentation wins).
 */
export function indentAt(fileLines: string[], k: number, unit: string, replacing?: string): string {
  if (replacing !== undefined && !isBlank(replacing)) return LEADING.exec(replacing)?.[0] ?? "";
  for (let i = k - 1; i >= 0; i--) {
    const line = fileLines[i] ?? "";
    if (isBlank(line)) continue;
    const lead = LEADING.exec(line)?.[0] ?? "";
    return /[{([:]\s*$/.test(line.replace(/\s*(\/\/|#).*$/, "")) ? lead + unit : lead;
  }
  for (let i = k; i < fileLines.length; i++) {
    const line = fileLines[i] ?? "";
    if (!isBlank(line)) return LEADING.exec(line)?.[0] ?? "";
  }
  return "";
}
