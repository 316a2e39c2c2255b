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
 * A text too big to parse for its structure within the agent's limits: its
 * parser would hold too much memory or time (TOO_COMPLEX, with this message).
 * Thrown by the formats' checks below and, for any job, by the compute
 * thread's deadline and memory limit (compute/thread.ts).
 */
export class TooComplex extends Error {
  override readonly name = "TooComplex";
}

/**
 * How many lines, separators and key parts a YAML, TOML or Markdown text may
 * have for its structure to be parsed: their parsers hold about 1 KB per
 * node (measured: 64,000 YAML keys 100 MB, a 1,000,000-part TOML key 1 GB),
 * so this keeps the compute thread near 150 MB. JSON's parser holds about a
 * fifth of that (1,000,000 keys: 370 MB): it gets four times as many, enough for a
 * 10 MiB package-lock.json.
 */
export const MAX_STRUCTURE = 150_000;
export const MAX_JSON_STRUCTURE = 600_000;

/**
 * Checks `text`'s shape before its parser sees it, in one pass:
 * - brackets nesting past MAX_FLOW_DEPTH throw a RangeError, which callers
 *   take as "nests too deeply" (as they do the stack's own overflow);
 * - more than `max` lines, `,` and (with `dots`, TOML's key parts) `.` throw
 *   TooComplex.
 * Quoted strings and `#` comments are skipped to the end of their line, so
 * what is inside them never counts (the scan may undercount, never overcount
 * by more than what sits outside quotes).
 */
export function checkShape(
  text: string,
  options: { format: string; dots?: boolean; max?: number; hash?: boolean; single?: boolean },
): void {
  const max = options.max ?? MAX_STRUCTURE;
  const hash = options.hash ?? true;
  const single = options.single ?? true;
  let depth = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || (single && c === 0x27) || (hash && c === 0x23)) {
      // `"…"`, `'…'`, `# …`: to the closing quote or the end of the line.
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x0a) {
        const d = text.charCodeAt(j);
        if (c === 0x22 && d === 0x5c) j++;
        else if (c !== 0x23 && d === c) break;
        j++;
      }
      i = j - (text.charCodeAt(j) === 0x0a ? 1 : 0);
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_FLOW_DEPTH)
        throw new RangeError(`brackets nest more than ${MAX_FLOW_DEPTH} levels deep`);
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    else if (c === 0x0a || c === 0x2c || (options.dots && c === 0x2e)) {
      if (++count > max)
        throw new TooComplex(
          `this ${options.format} text has more than ${max.toLocaleString("en-US")} lines and separators: too many to parse for its structure (its parser would hold about 1 KB for each); read it by lines or anchors`,
        );
    }
  }
}

/** Throws TooComplex when `text` has more than MAX_STRUCTURE lines (Markdown's budget). */
export function checkLines(text: string, format: string): void {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1))
    if (++count > MAX_STRUCTURE)
      throw new TooComplex(
        `this ${format} text has more than ${MAX_STRUCTURE.toLocaleString("en-US")} lines: too many to parse for its structure; read it by lines or anchors`,
      );
}
