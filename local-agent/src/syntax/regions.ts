import type { SymbolUnit } from "./symbols.ts";

/**
 * Regions: the folding markers editors understand (VS Code, JetBrains), a
 * line comment saying `region NAME` and a later one saying `endregion`, in any
 * line-comment style: `# region users`, `#region users`, `// #region users`,
 * `-- region users`, `/* #region users *\/` (lower case, as editors read them). A region is a unit of its code
 * file named NAME, from its `region` line through its `endregion` line, so
 * `focus` selects it (`handlers.py#users`) and the outline lists it. Regions
 * nest; a region without a name, or without its end, is not a unit. The lines
 * are read as text: a marker inside a string literal counts too.
 */

const COMMENT = String.raw`^[ \t]*(?:#|\/\/|--|;|\/\*)[ \t]*#?`;
const START = new RegExp(`${COMMENT}region(?:[ \\t]+(.*?))?[ \\t]*(?:\\*\\/)?[ \\t]*$`);
const END = new RegExp(`${COMMENT}endregion\\b`);

/** Whether a line is a region's start or end marker (never a symbol's doc comment). */
export function isRegionMarker(line: string): boolean {
  return START.test(line) || END.test(line);
}

/** Every named region of `text` in source order (by its start), with its whole lines. */
export function listRegions(text: string): SymbolUnit[] {
  const out: SymbolUnit[] = [];
  const open: { name: string; start: number; line: number }[] = [];
  let line = 0;
  for (let start = 0; start < text.length; ) {
    line++;
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl + 1;
    const content = text.slice(start, nl === -1 ? end : nl).replace(/\r$/, "");
    // Only lines that can be markers are matched: a comment start among their first characters.
    if (/^[ \t]*[#/;-]/.test(content)) {
      const opened = START.exec(content);
      if (opened) open.push({ name: opened[1] ?? "", start, line });
      else if (END.test(content)) {
        const region = open.pop();
        if (region?.name)
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
