import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Disk } from "../disk.ts";
import { type StarName, starBindings } from "./move.ts";

/** The old module's typing stub (`validators.pyi` beside `validators.py`), where it has one. */
export async function stubOf(
  disk: Disk,
  source: string,
): Promise<{ path: string; text: string } | undefined> {
  return source.endsWith(".py") ? disk.file(`${source}i`) : undefined;
}

/**
 * The `__init__.py` files that importing module `dest` runs and importing
 * `source` does not: those of the packages on `dest`'s way below the
 * directory the two share (within the sandbox, readable ones only).
 */
export async function packageInits(
  disk: Disk,
  source: string,
  dest: string,
): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  const shared = (dir: string) => isInside(dir, source);
  for (
    let dir = path.dirname(dest);
    !shared(dir) && dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    const init = await disk.file(path.join(dir, "__init__.py"));
    if (!init) break;
    out.push(init);
  }
  return out;
}

/** How deep star imports are followed through modules that star-import others. */
const STAR_DEPTH = 4;

/**
 * The names each `from M import *` of the old module binds, by `M` as written
 * (`.exceptions`), where `M` is a file of the project (a relative import, or an
 * absolute one below `importRoot`, where `sys.path` starts): what the unit
 * reads through one is imported by name in the new module. A module without
 * `__all__` passes on its own star imports' public names. Unknown (another
 * package's, past STAR_DEPTH) where not listed.
 */
export async function starExports(
  disk: Disk,
  source: string,
  sourceText: string,
  importRoot: string | undefined,
): Promise<Record<string, StarName[]>> {
  const out: Record<string, StarName[]> = {};
  if (!/\bimport\s*\*/.test(sourceText)) return out;
  const bindings = async (
    module: string,
    from: string,
    depth: number,
    seen: Set<string>,
  ): Promise<StarName[] | undefined> => {
    const file = await moduleFile(disk, module, from, importRoot);
    if (!file || seen.has(file.abs) || depth > STAR_DEPTH) return undefined;
    seen.add(file.abs);
    const own = await starBindings(file.text);
    const names = new Map(own.names.map((n) => [n.name, n]));
    for (const star of own.listed ? [] : own.stars) {
      const passed = await bindings(star, file.abs, depth + 1, seen);
      if (!passed) return undefined;
      for (const n of passed)
        if (!n.name.startsWith("_") && !names.has(n.name)) names.set(n.name, n);
    }
    return [...names.values()];
  };
  for (const module of (await starBindings(sourceText)).stars) {
    const names = await bindings(module, source, 1, new Set([source]));
    if (names) out[module] = names;
  }
  return out;
}

/** The file `module` (as written in the module at `from`) names: `m.py`, or `m/__init__.py`. */
async function moduleFile(
  disk: Disk,
  module: string,
  from: string,
  importRoot: string | undefined,
): Promise<{ abs: string; text: string } | undefined> {
  const dots = module.length - module.replace(/^\.+/, "").length;
  const parts = module.slice(dots).split(".").filter(Boolean);
  let base: string | undefined = importRoot;
  if (dots) {
    base = path.dirname(from);
    for (let up = 1; up < dots; up++) base = path.dirname(base);
  }
  if (base === undefined || !parts.length) return undefined;
  for (const abs of [`${path.join(base, ...parts)}.py`, path.join(base, ...parts, "__init__.py")]) {
    const found = await disk.file(abs);
    if (found) return { abs, text: found.text };
  }
  return undefined;
}
