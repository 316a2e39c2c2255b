import { lineEnd, lineStart, type Span } from "../../imports/plan.ts";
import type { Tree } from "../../syntax/parser.ts";
import { moduleReferences } from "./script-scopes.ts";

/**
 * What a person moving a unit would take along (issue 33): the old file's
 * private declarations (types, helpers, state) that nothing else there uses
 * but the unit and what goes with it. `ButtonProps` leaves with `Button`
 * rather than staying behind, exported, to be imported back.
 */

/** A top-level declaration of the old file, as typescript/move.ts sees it. */
export interface Declared extends Span {
  name: string;
  /** Exported under its name, as the default, or not at all. */
  exported: boolean;
}

/** The names read in `ranges` of `tree` that resolve to its module. */
export function referencesIn(tree: Tree, ranges: readonly Span[]): Set<string> {
  const out = new Set<string>();
  for (const r of ranges) for (const name of moduleReferences(tree, r.start, r.end)) out.add(name);
  return out;
}

/** [0, length) without `holes` (sorted, not overlapping once merged). */
function complement(length: number, holes: readonly Span[]): Span[] {
  const sorted = [...holes].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  let at = 0;
  for (const h of sorted) {
    if (h.start > at) out.push({ start: at, end: h.start });
    at = Math.max(at, h.end);
  }
  if (at < length) out.push({ start: at, end: length });
  return out;
}

/**
 * The private declarations that go with `unit`: each not exported, used by
 * the unit (or by another that goes), and by nothing else of the file. A
 * name declared by several statements (overloads, a merged interface) goes
 * only when all of them can.
 */
export function companions(
  tree: Tree,
  length: number,
  unit: Span,
  declared: readonly Declared[],
  moved: ReadonlySet<string>,
): Declared[] {
  const candidates = declared.filter((d) => !d.exported && !moved.has(d.name));
  // The names each statement declares (one span, several names).
  const spanKey = (d: Span) => `${d.start}:${d.end}`;
  const bySpan = new Map<string, string[]>();
  for (const d of declared) bySpan.set(spanKey(d), [...(bySpan.get(spanKey(d)) ?? []), d.name]);
  const going: Declared[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    const along = [unit, ...going];
    const usedAlong = referencesIn(tree, along);
    for (const c of candidates) {
      if (going.includes(c) || !usedAlong.has(c.name)) continue;
      // The names its statement declares with it (`var QUOTING_TYPE_SINGLE = 1,
      // QUOTING_TYPE_DOUBLE = 2;` in js-yaml's dumper.js) go together or not at all.
      const names = new Set(bySpan.get(spanKey(c)) ?? [c.name]);
      const same = candidates.filter((d) => names.has(d.name));
      const rest = complement(length, [...along, ...same]);
      const elsewhere = referencesIn(tree, rest);
      if ([...names].some((n) => elsewhere.has(n))) continue;
      // Another declaration of a name that cannot go (exported, or not a candidate) keeps it.
      if (declared.some((d) => names.has(d.name) && !candidates.includes(d))) continue;
      going.push(...same.filter((d) => !going.includes(d)));
      changed = true;
    }
  }
  return going.sort((a, b) => a.start - b.start);
}

/**
 * A declaration's whole lines: from the comments directly above it (no blank
 * line between) to the end of its last line.
 */
export function wholeLines(text: string, span: Span): Span {
  let start = lineStart(text, span.start);
  for (;;) {
    if (start === 0) break;
    const above = lineStart(text, start - 1);
    const line = text.slice(above, start).trim();
    if (!/^(\/\/|\/\*|\*)/.test(line)) break;
    start = above;
  }
  return { start, end: lineEnd(text, span.end) };
}
