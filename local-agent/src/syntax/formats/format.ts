import type { SymbolUnit } from "../symbols.ts";

/**
 * A data format the agent understands without tree-sitter: its parser gives
 * source ranges, from which `units` names every key (by dotted path, array
 * items by index) or section (by heading), each with its whole unit.
 */
export interface DataFormat {
  /** Every unit of `text`, in source order (what parses, if the text is broken). */
  units(text: string): SymbolUnit[];
  /** The 1-based line of the first syntax error, or `undefined` when `text` parses cleanly. */
  firstError(text: string): number | undefined;
}

/**
 * How deep keys are units: a path longer than this is no name a model types,
 * and a pathological file (100,000 nested `[`) would otherwise make names
 * quadratic in its size.
 */
export const MAX_DEPTH = 64;

/**
 * How many keys of a data file are units: a 10 MiB JSON array holds millions of
 * items, and each unit is an object with its name. Past this many, `focus` and
 * an outline see only the first (the file's order).
 */
export const MAX_UNITS = 100_000;

/**
 * How deep `[` and `{` may nest in a YAML or TOML file: past this, the file is
 * taken as too deep to parse, as one past the stack is. Their parsers take
 * time quadratic in the nesting (measured: 100,000 levels of `[` took `yaml`
 * 2 s and toml-eslint-parser 0.5 s, so a hostile 10 MiB file would hold the
 * compute thread for hours); no real file comes near it.
 */
export const MAX_FLOW_DEPTH = 1_000;

/**
 * Throws a RangeError, which callers take as "nests too deeply" (as they do
 * the stack's own overflow), when `text` nests brackets past MAX_FLOW_DEPTH.
 * Quoted strings and `#` comments are skipped to the end of their line, so
 * brackets there never count (the scan may undercount, never overcount).
 */
export function checkFlowDepth(text: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27 || c === 0x23) {
      // `"…"`, `'…'`, `# …`: to the closing quote or the end of the line.
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x0a) {
        const d = text.charCodeAt(j);
        if (c === 0x22 && d === 0x5c) j++;
        else if (c !== 0x23 && d === c) break;
        j++;
      }
      i = j;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_FLOW_DEPTH)
        throw new RangeError(`brackets nest more than ${MAX_FLOW_DEPTH} levels deep`);
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
}
