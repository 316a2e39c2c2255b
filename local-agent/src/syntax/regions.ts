import { MAX_UNITS } from "./formats/format.ts";
import type { SymbolUnit } from "./symbols.ts";

/**
 * Regions: the folding markers editors understand (VS Code, JetBrains), a
 * line comment saying `region NAME` and a later one saying `endregion`, in any
 * line-comment style: `# region users`, `#region users`, `// #region users`,
 * `-- region users`, `/* #region users *\/` (lower case, as editors read
 * them). A region is a unit of its code file named NAME, from its `region`
 * line through its `endregion` line, so
 * `focus` selects it (`handlers.py#users`) and the outline lists it. Regions
 * nest; a region without a name (or one past 200 characters), or without its
 * end, is not a unit. The lines
 * are read as text: a marker inside a string literal counts too.
 */

const COMMENT_START = ["#", "//", "--", ";", "/*"] as const;

/** A region's name longer than this is not a name (it would be repeated in receipts). */
const MAX_NAME = 200;

/**
 * What a line is as a region marker: a start (with its name, "" when none),
 * an end, or nothing. Plain string steps, no backtracking regex: a hostile
 * line of 100,000 blanks costs one pass.
 */
function markerOf(line: string): { start: string } | "end" | undefined {
  let rest = line.trimStart();
  const comment = COMMENT_START.find((c) => rest.startsWith(c));
  if (comment === undefined) return undefined;
  rest = rest.slice(comment.length).trimStart();
  if (rest.startsWith("#")) rest = rest.slice(1);
  const word = /^(end)?region(?![A-Za-z0-9_])/.exec(rest);
  if (!word) return undefined;
  if (word[1]) return "end";
  const after = rest.slice(word[0].length);
  // `region` then a blank before the name, or nothing; `regional` is not a marker.
  if (after !== "" && after[0] !== " " && after[0] !== "\t") return undefined;
  let name = after.trim();
  if (comment === "/*" && name.endsWith("*/")) name = name.slice(0, -2).trimEnd();
  return { start: name };
}

/** Whether a line is a region's start or end marker, or a section's (never a symbol's doc comment). */
export function isRegionMarker(line: string): boolean {
  return markerOf(line) !== undefined || sectionMarker(line) !== undefined;
}

/** A section's opening line: a comment of `{` and its name (`###{standalone`, `//{api`). */
const SECTION_OPEN = /^[ \t]*(?:#+|\/\/+)[ \t]*\{[ \t]*([\w.-]+)[ \t]*$/;
/** Its closing line (`###}`). */
const SECTION_CLOSE = /^[ \t]*(?:#+|\/\/+)[ \t]*\}[ \t]*$/;

/**
 * What a line is as the marker of a section a tool copies out of the file
 * (lark's `###{standalone` … `###}`, imports/sections.ts): its opening, with
 * the section's name, its close, or nothing.
 */
export function sectionMarker(line: string): { open: string } | "close" | undefined {
  const open = SECTION_OPEN.exec(line);
  if (open?.[1]) return { open: open[1] };
  return SECTION_CLOSE.test(line) ? "close" : undefined;
}

/**
 * Every named region of `text` in source order (by its start), with its whole
 * lines: at most MAX_UNITS of them (a hostile file of 450,000 one-line
 * regions would otherwise hold as many objects).
 */
export function listRegions(text: string): SymbolUnit[] {
  const out: SymbolUnit[] = [];
  const open: { name: string; start: number; line: number }[] = [];
  let line = 0;
  for (let start = 0; start < text.length && out.length < MAX_UNITS; ) {
    line++;
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl + 1;
    const content = text.slice(start, nl === -1 ? end : nl).replace(/\r$/, "");
    const marker = markerOf(content);
    if (marker !== undefined) {
      if (marker !== "end") open.push({ name: marker.start, start, line });
      else {
        const region = open.pop();
        if (region?.name && region.name.length <= MAX_NAME)
          out.push({
            name: region.name,
            kind: "region",
            start: region.start,
            end,
            start_line: region.line,
            end_line: line,
          });
      }
    }
    start = end;
  }
  return out.sort((a, b) => a.start - b.start);
}
