/**
 * The normalised form anchors are matched in after the exact stage
 * (anchors.ts): no whitespace at all (indentation and spacing drift do not
 * matter), lower case, and typographic punctuation read as ASCII (curly
 * quotes, dashes). Positions map back to the original text through marks
 * kept every 64 original characters (a full map would be 4 bytes per
 * character: 40 MB for a 10 MiB file).
 */
export interface Folded {
  text: string;
  /** The original text. */
  source: string;
  /** `marks[j]`: how many folded characters come from source[0, 64j). */
  marks: Uint32Array;
}

/** Typographic characters read as their ASCII forms. */
const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
};

/** Whitespace as JavaScript's `\s` and `String.prototype.trim` have it (the same set), by character code (the hot loop of `fold`). */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** How many folded characters source character `i` (code `code`) becomes. */
function foldedLength(text: string, i: number, code: number): number {
  if (code < 128) return code <= 32 && isSpace(code) ? 0 : 1;
  if (isSpace(code)) return 0;
  const c = text[i] as string;
  return (PLAIN[c] ?? c.toLowerCase()).length;
}

export function fold(text: string): Folded {
  const marks = new Uint32Array((text.length >> 6) + 2);
  if (!/[\u0080-\uffff]/.test(text)) {
    // ASCII: one byte a character, decoded once (10 MiB in tens of milliseconds).
    const out = new Uint8Array(text.length);
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      if ((i & 63) === 0) marks[i >> 6] = n;
      const code = text.charCodeAt(i);
      if (code <= 32 && isSpace(code)) continue;
      out[n++] = code >= 65 && code <= 90 ? code + 32 : code;
    }
    marks.fill(n, Math.ceil(text.length / 64));
    return { text: new TextDecoder().decode(out.subarray(0, n)), source: text, marks };
  }
  // Lower-casing lengthens only U+0130 (İ → i̇); room for exactly those.
  let longer = 0;
  for (let i = text.indexOf("\u0130"); i !== -1; i = text.indexOf("\u0130", i + 1)) longer++;
  const out = new Uint16Array(text.length + longer);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if ((i & 63) === 0) marks[i >> 6] = n;
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (code <= 32 && isSpace(code)) continue;
      out[n++] = code >= 65 && code <= 90 ? code + 32 : code;
      continue;
    }
    if (isSpace(code)) continue;
    const c = text[i] as string;
    const folded = PLAIN[c] ?? c.toLowerCase();
    for (let k = 0; k < folded.length; k++) out[n++] = folded.charCodeAt(k);
  }
  marks.fill(n, Math.ceil(text.length / 64));
  return { text: new TextDecoder("utf-16le").decode(out.subarray(0, n)), source: text, marks };
}

/** How many folded characters come from source[0, offset): the folded index of `offset`. */
export function foldedIndex(folded: Folded, offset: number): number {
  const { source, marks } = folded;
  if (offset <= 0) return 0;
  if (offset >= source.length) return folded.text.length;
  let n = marks[offset >> 6] as number;
  for (let i = offset & ~63; i < offset; i++) n += foldedLength(source, i, source.charCodeAt(i));
  return n;
}

/** The source offset of the character folded character `index` comes from. */
function sourceOffset(folded: Folded, index: number): number {
  const { source, marks } = folded;
  // The last mark at or before `index`, then at most 64 characters on.
  let low = 0;
  let high = (source.length >> 6) + 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((marks[mid] as number) <= index) low = mid;
    else high = mid - 1;
  }
  let n = marks[low] as number;
  for (let i = low << 6; i < source.length; i++) {
    n += foldedLength(source, i, source.charCodeAt(i));
    if (n > index) return i;
  }
  return source.length;
}

/** The source span of folded characters [start, end). */
export function originalSpan(folded: Folded, start: number, end: number) {
  return { start: sourceOffset(folded, start), end: sourceOffset(folded, end - 1) + 1 };
}
