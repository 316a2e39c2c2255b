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
