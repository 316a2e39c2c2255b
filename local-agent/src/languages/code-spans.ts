/**
 * Where a C-like file's comments and literals are (Rust, Go, Java), in one
 * pass whose cost grows with the file's length whatever it holds: a scan that
 * finds no end for what it opened (a string, a comment) is never started again
 * over the same text, so a hostile file of `"\` or `/* ` costs what any file
 * of its size does (regular expressions rescanned it from each opening: a
 * 300 KB one took 4 to 56 s).
 */

export type LiteralKind = "comment" | "string" | "char";

export interface LiteralSyntax {
  /** Block comments nest (Rust's: an inner opening needs its own close). */
  nestedComments?: boolean;
  /** A `"…"` string may span lines (Rust); else it ends at its line (Go, Java), or is none. */
  multilineStrings?: boolean;
  /** Raw strings: Rust's `r#"…"#`, Go's `` `…` ``. */
  raw?: "rust" | "backquote";
  /** Java's text blocks (`"""…"""`). */
  textBlocks?: boolean;
}

export interface LiteralSpan {
  start: number;
  end: number;
  kind: LiteralKind;
}

/** A char literal at a `'` (`'"'`, `'\u{1F600}'`, `'\n'`), not a Rust lifetime (`'a`). */
const CHAR_LITERAL = /'(?:[^'\\\n]|\\[^'\n]{1,10})'/y;

export function literalSpans(text: string, syntax: LiteralSyntax): LiteralSpan[] {
  const n = text.length;
  const out: LiteralSpan[] = [];
  /** Openings found without an end: none later closes either (see the file's comment). */
  let noBlockEnd = false;
  let noBackquoteEnd = false;
  let noTextBlockEnd = false;
  const noRawEnd = new Set<number>();
  /** A `"` scan failed up to this line end: no string opens before it. */
  let noStringUntil = -1;
  let i = 0;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const eol = text.indexOf("\n", i);
      const end = eol === -1 ? n : eol;
      out.push({ start: i, end, kind: "comment" });
      i = end;
    } else if (c === "/" && next === "*" && !noBlockEnd) {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (syntax.nestedComments && text[j] === "/" && text[j + 1] === "*") {
          depth++;
          j += 2;
        } else if (text[j] === "*" && text[j + 1] === "/") {
          depth--;
          j += 2;
        } else j++;
      }
      // Unclosed: to the file's end, as the compiler reads it.
      if (depth > 0) noBlockEnd = true;
      out.push({ start: i, end: j, kind: "comment" });
      i = j;
    } else if (c === '"' && syntax.textBlocks && next === '"' && text[i + 2] === '"') {
      const close = noTextBlockEnd ? -1 : text.indexOf('"""', i + 3);
      if (close === -1) {
        noTextBlockEnd = true;
        i += 3;
      } else {
        out.push({ start: i, end: close + 3, kind: "string" });
        i = close + 3;
      }
    } else if (c === '"' && i > noStringUntil) {
      let j = i + 1;
      while (j < n && text[j] !== '"' && (syntax.multilineStrings || text[j] !== "\n"))
        j += text[j] === "\\" && (syntax.multilineStrings || text[j + 1] !== "\n") ? 2 : 1;
      if (j < n && text[j] === '"') {
        out.push({ start: i, end: j + 1, kind: "string" });
        i = j + 1;
      } else if (syntax.multilineStrings) {
        out.push({ start: i, end: n, kind: "string" });
        i = n;
      } else {
        noStringUntil = j;
        i++;
      }
    } else if (c === "`" && syntax.raw === "backquote" && !noBackquoteEnd) {
      const close = text.indexOf("`", i + 1);
      if (close === -1) {
        noBackquoteEnd = true;
        i++;
      } else {
        out.push({ start: i, end: close + 1, kind: "string" });
        i = close + 1;
      }
    } else if (c === "'") {
      CHAR_LITERAL.lastIndex = i;
      if (CHAR_LITERAL.test(text)) {
        out.push({ start: i, end: CHAR_LITERAL.lastIndex, kind: "char" });
        i = CHAR_LITERAL.lastIndex;
      } else i++;
    } else if (
      c === "r" &&
      syntax.raw === "rust" &&
      (next === '"' || next === "#") &&
      !/[\w$]/.test(text[i - 1] ?? "")
    ) {
      let open = i + 1;
      while (text[open] === "#") open++;
      const hashes = open - i - 1;
      const close =
        text[open] === '"' && !noRawEnd.has(hashes)
          ? text.indexOf(`"${"#".repeat(hashes)}`, open + 1)
          : -1;
      if (text[open] === '"' && close === -1) noRawEnd.add(hashes);
      if (close === -1) i++;
      else {
        out.push({ start: i, end: close + 1 + hashes, kind: "string" });
        i = close + 1 + hashes;
      }
    } else i++;
  }
  return out;
}

/**
 * `text` with each comment and literal's characters but its newlines replaced
 * by `fill(kind)` (one character), or kept where it gives "" (same length:
 * offsets hold).
 */
export function blankLiterals(
  text: string,
  syntax: LiteralSyntax,
  fill: (kind: LiteralKind) => string,
): string {
  const parts: string[] = [];
  let last = 0;
  for (const span of literalSpans(text, syntax)) {
    const with_ = fill(span.kind);
    if (!with_) continue;
    parts.push(
      text.slice(last, span.start),
      text.slice(span.start, span.end).replace(/[^\n]/g, with_),
    );
    last = span.end;
  }
  parts.push(text.slice(last));
  return parts.join("");
}
