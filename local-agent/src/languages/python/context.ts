import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Disk } from "../disk.ts";

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
