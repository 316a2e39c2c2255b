/** Pure helpers over text content: sizes, lines, token estimates. */

const encoder = new TextEncoder();
const NON_ASCII = /[\u0080-\uffff]/;
/** UTF-16 units encoded at a time; the buffer holds their worst case, 3 bytes each (+1 pair). */
const CHUNK = 16_384;
let scratch: Uint8Array | undefined;

/**
 * UTF-8 length of `text` in bytes, counted without encoding it whole: sizes
 * are checked while content is built, and encoding a 10 MiB text to count it
 * would itself allocate up to 30 MB. ASCII text is its length; other text is
 * encoded a chunk at a time into one small buffer (never splitting a
 * surrogate pair, so lone surrogates count 3 bytes, as `encode` has them).
 */
export function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  scratch ??= new Uint8Array(3 * (CHUNK + 1));
  let bytes = 0;
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + CHUNK);
    const last = text.charCodeAt(end - 1);
    const next = text.charCodeAt(end); // NaN past the end
    if (last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end++;
    bytes += encoder.encodeInto(text.slice(at, end), scratch).written;
    at = end;
  }
  return bytes;
}

/** Lines in `text`, counting a last line without a final newline. "" has 0 lines. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let at = text.indexOf("\n");
  while (at !== -1) {
    lines++;
    at = text.indexOf("\n", at + 1);
  }
  return text.endsWith("\n") ? lines : lines + 1;
}

/**
 * Tokens a model would spend reading `bytes` of text. No public tokenizer
 * matches Claude's, so this is the usual ~4 bytes per token estimate; receipts
 * call it an estimate.
 */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}

export interface LineSlice {
  text: string;
  startLine: number;
  endLine: number;
  totalLines: number;
}

/**
 * Lines `start`..`end` (1-based, inclusive) of `text`, each keeping its own
 * line ending. `end` past the last line is clamped; `start` past it is an error
 * the caller reports.
 */
export function sliceLines(
  text: string,
  start: number,
  end: number | undefined,
): LineSlice | { error: "START_AFTER_END" | "START_PAST_LAST_LINE"; totalLines: number } {
  const totalLines = countLines(text);
  const last = Math.min(end ?? totalLines, totalLines);
  if (end !== undefined && end < start) return { error: "START_AFTER_END", totalLines };
  if (start > totalLines) return { error: "START_PAST_LAST_LINE", totalLines };
  let from = 0;
  for (let line = 1; line < start; line++) from = text.indexOf("\n", from) + 1;
  let to = from;
  for (let line = start; line <= last; line++) {
    const nl = text.indexOf("\n", to);
    to = nl === -1 ? text.length : nl + 1;
  }
  return { text: text.slice(from, to), startLine: start, endLine: last, totalLines };
}

/** "1 line", "2 lines". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;
}

/** The first and last `n` lines, for verbose listings. */
export function headAndTail(text: string, n: number): { head: string[]; tail: string[] } {
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  if (lines.length <= 2 * n) return { head: lines, tail: [] };
  return { head: lines.slice(0, n), tail: lines.slice(-n) };
}

/**
 * `text` with each line numbered as `cat -n` does, without the padding:
 * `14\tconst a = 1;`, counting from `first`. How reads show content, so a
 * model cites lines (`r5:14-18`) without counting them. A final line break
 * opens no numbered line. Tab-separated numbers cost ~11–18 % more tokens
 * on code (o200k), the padded `    14→` form of Claude Code's Read ~40–55 %.
 */
export function numberLines(text: string, first = 1): string {
  if (text === "") return text;
  const lines = text.split("\n");
  const last = lines.length - 1;
  return lines
    .map((line, i) => (i === last && line === "" ? line : `${first + i}\t${line}`))
    .join("\n");
}
