import { existsSync } from "node:fs";
import path from "node:path";
import { isInside } from "./paths.ts";

/**
 * What Python calls a module file, for import-aware moves (imports/python.ts
 * ModuleNames): its dotted name from where its package starts. A file in a
 * package (a directory with `__init__.py`) is named from the parent of the
 * outermost package above it: `src/click/utils.py` in a `src/` layout is
 * `click.utils`, not `src.click.utils`. A file in no package (a script, a
 * namespace package) is left out: the planner names it from the root.
 */
export function pythonModuleName(abs: string, root: string): string | undefined {
  let top = path.dirname(abs);
  if (!existsSync(path.join(top, "__init__.py"))) return undefined;
  for (
    let up = path.dirname(top);
    isInside(root, up) && up !== top && existsSync(path.join(up, "__init__.py"));
    up = path.dirname(up)
  )
    top = up;
  const parts = path
    .relative(path.dirname(top), abs)
    .replace(/\.pyi?$/, "")
    .split(path.sep);
  if (parts.at(-1) === "__init__") parts.pop();
  return parts.join(".");
}

/** `files`' module names, by the paths the planner knows them by (root-relative), where they are in a package. */
export function pythonModules(
  files: readonly { abs: string; path: string }[],
  roots: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) {
    const root = roots.find((r) => isInside(r, f.abs));
    const name = root === undefined ? undefined : pythonModuleName(f.abs, root);
    if (name !== undefined) out[f.path] = name;
  }
  return out;
}
