/**
 * Sections a tool copies out of a file by marker lines, and the strings that
 * name the file by its path (lark's tools/standalone.py lists `'lexer.py'`,
 * opens it and keeps what lies between `###{standalone` and `###}`): a unit
 * moved out of such a section is gone from what the tool extracts, which no
 * checker sees. Pure: texts in, what was found out.
 */

import { sectionMarker } from "../syntax/regions.ts";

/**
 * The name of the marked section of `text` that holds any of offsets `start`–`end`, if one
 * does: a unit the close marker cuts (lark's `Tree`, whose later methods lie after `###}`)
 * is in it too, as what the tool copies holds its first part.
 */
export function markedSection(text: string, start: number, end: number): string | undefined {
  let open: { name: string; at: number } | undefined;
  let at = 0;
  for (const line of text.split("\n")) {
    const lineEnd = at + line.length;
    const marker = sectionMarker(line);
    if (marker !== undefined && marker !== "close") open = { name: marker.open, at: lineEnd };
    else if (marker === "close") {
      if (open && start < at && open.at < end) return open.name;
      open = undefined;
    }
    if (at > end && !open) return undefined;
    at = lineEnd + 1;
  }
  return undefined;
}

/**
 * The first string literal of `text` that names the root-relative `path` by
 * its tail (`'lexer.py'`, `"parsers/lalr_parser.py"` for `lark/parsers/lalr_parser.py`).
 */
export function pathNamed(text: string, path: string): string | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (!text.includes(base)) return undefined;
  for (const m of text.matchAll(/(['"`])([\w./-]+)\1/g)) {
    const named = (m[2] ?? "").replace(/^\.\//, "");
    if (named && (named === path || path.endsWith(`/${named}`)) && named.endsWith(base))
      return m[0];
  }
  return undefined;
}
