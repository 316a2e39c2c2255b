/**
 * Characters no text shown to the model may carry: C0/C1 controls, line and
 * paragraph separators, and the bidirectional overrides that make text read
 * differently from what it is ("Trojan Source", CVE-2021-42574).
 */
export const UNSHOWABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches.
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSHOWABLE_ALL = new RegExp(UNSHOWABLE.source, "gu");

/**
 * `text` with every character of UNSHOWABLE written as a `\u{…}` escape: a
 * name or fragment from outside (a file's path, a symbol's or a region's
 * name, a key) can then neither start a line of its own in a result (U+2028,
 * U+0085, a line break) nor read backwards (U+202E), so a hostile file cannot
 * forge a line of an outline, a receipt or an error. Content a result shows
 * (a file's lines) is not passed through this: its bytes are the point.
 */
export function showable(text: string): string {
  return UNSHOWABLE.test(text)
    ? text.replace(UNSHOWABLE_ALL, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`)
    : text;
}

/**
 * `text` as a Markdown code span it cannot break out of: fenced with one more
 * backtick than its longest run of backticks, padded with a space when it
 * starts or ends with one (CommonMark 0.31 §6.1), and any control character
 * shown as a `\u{…}` escape. Text that came from outside (an agent's name,
 * roots, version) is always shown this way: as data, never as free text.
 */
export function quoted(text: string): string {
  const shown = showable(text);
  const longest = Math.max(0, ...[...shown.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = shown.startsWith("`") || shown.endsWith("`") ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}
