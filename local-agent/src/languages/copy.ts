import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../paths.ts";
import type { Change } from "./check.ts";
import type { Diagnostic } from "./diagnostics.ts";

/**
 * A checker that cannot be handed the move's files in memory (go vet before
 * Go 1.21, javac, cargo) judges a copy of the project with the move made: the
 * project itself is never written. The copy keeps each file's time, so tools
 * that fingerprint by path and time (cargo) find a stable copy warm.
 */

/**
 * Copies `source` to `copy` (afresh: what was there goes), leaving out the
 * directories named in `skip`, and makes the move's `changes` that lie in
 * `source` there. Throws past `maxFiles` entries.
 */
export async function copyWithMove(
  source: string,
  copy: string,
  changes: readonly Change[],
  options: { skip?: readonly string[]; maxFiles?: number } = {},
): Promise<void> {
  const skip = options.skip ?? [".git"];
  const max = options.maxFiles ?? Number.POSITIVE_INFINITY;
  let files = 0;
  await rm(copy, { recursive: true, force: true });
  await cp(source, copy, {
    recursive: true,
    verbatimSymlinks: true,
    preserveTimestamps: true,
    filter: (at) => {
      if (skip.includes(path.basename(at))) return false;
      if (++files > max) throw new Error(`more than ${max} files to copy`);
      return true;
    },
  });
  for (const c of changes) {
    if (!isInside(source, c.abs)) continue;
    const at = path.join(copy, path.relative(source, c.abs));
    if (c.after === undefined) await rm(at, { force: true });
    else {
      await mkdir(path.dirname(at), { recursive: true });
      await writeFile(at, c.after);
    }
  }
}

/** A diagnostic of the copy named by the project's own path again. */
export const fromCopy =
  (copy: string, source: string) =>
  (d: Diagnostic): Diagnostic =>
    d.file && isInside(copy, d.file)
      ? { ...d, file: path.join(source, path.relative(copy, d.file)) }
      : d;
