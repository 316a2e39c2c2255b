import type { Kind, Language } from "./languages.ts";
import { unitsOf } from "./select.ts";
import type { SymbolUnit } from "./symbols.ts";

/** One line of an outline: a unit, named within its parent, and how deep it is nested. */
export interface OutlineUnit {
  name: string;
  kind: Kind;
  start_line: number;
  end_line: number;
  /** 0 at the top; a unit inside another (a method in its class, a key under its key) is one deeper. */
  depth: number;
}

/** What an outline lists, and what it counts instead. */
export interface Outline {
  units: OutlineUnit[];
  /** One-line units inside others: counted, not listed. */
  folded: number;
  /** Units past OUTLINE_UNITS, not sent. */
  cut: number;
}

/** At most this many units go to the edge (which shows at most 1,000 lines, src/core/outline.ts). */
export const OUTLINE_UNITS = 5_000;

/** In YAML, JSON and TOML, keys this deep or deeper are counted, not listed (`services.api.ports`). */
export const DATA_DEPTH = 2;

const isData = (lang: Language) => lang === "yaml" || lang === "json" || lang === "toml";

/**
 * A file's structure (DESIGN.md §3, `read` with `outline`): its units in
 * source order, each nested in the nearest unit around it, named relative
 * to that parent (`load` under `Store`, `api` under `services`). Units
 * of one line are listed only at the top level: inside others they are
 * counted (a field or a one-line key costs about as much to list as to read),
 * and so are a data file's keys from the third level down (`DATA_DEPTH`): a
 * service's `ports` and `environment` are found by outlining or reading it.
 * `undefined`: the file nests too deeply for its parser.
 */
export async function outline(text: string, lang: Language): Promise<Outline | undefined> {
  const units = await unitsOf(text, lang).catch((error: unknown) => {
    if (error instanceof RangeError) return undefined;
    throw error;
  });
  if (!units) return undefined;
  const listed: OutlineUnit[] = [];
  let folded = 0;
  let cut = 0;
  for (const unit of nest(units)) {
    if (unit.depth > 0 && unit.start_line === unit.end_line) folded++;
    else if (unit.depth >= DATA_DEPTH && isData(lang)) folded++;
    else if (listed.length === OUTLINE_UNITS) cut++;
    else listed.push(unit);
  }
  return { units: listed, folded, cut };
}

/** Units in source order, nested by containment (units of one span, `const a = 1, b = 2`, are siblings). */
export function nest(units: SymbolUnit[]): OutlineUnit[] {
  const out: OutlineUnit[] = [];
  const open: SymbolUnit[] = [];
  const contains = (outer: SymbolUnit, inner: SymbolUnit) =>
    outer.start <= inner.start &&
    inner.end <= outer.end &&
    (outer.start !== inner.start || outer.end !== inner.end);
  for (const unit of units) {
    while (open.length && !contains(open[open.length - 1] as SymbolUnit, unit)) open.pop();
    const parent = open.at(-1);
    const name =
      parent && unit.name.startsWith(`${parent.name}.`)
        ? unit.name.slice(parent.name.length + 1)
        : unit.name;
    out.push({
      name,
      kind: unit.kind,
      start_line: unit.start_line,
      end_line: unit.end_line,
      depth: open.length,
    });
    open.push(unit);
  }
  return out;
}
