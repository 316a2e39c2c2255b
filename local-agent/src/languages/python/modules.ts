import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isInside } from "../../paths.ts";

/**
 * What Python calls a module file, for import-aware moves (python/move.ts
 * ModuleNames): its dotted name from where its package starts. A file in a
 * package (a directory with `__init__.py`) is named from the parent of the
 * outermost package above it: `src/click/utils.py` in a `src/` layout is
 * `click.utils`, not `src.click.utils`. A file in no package (a script, a
 * namespace package) is left out: the planner names it from the root.
 * `newPackages`: directories a move makes packages of (their `__init__.py`
 * is written with it: newPackagesFor).
 */
export function pythonModuleName(
  abs: string,
  root: string,
  newPackages: ReadonlySet<string> = new Set(),
): string | undefined {
  const isPackage = (dir: string) =>
    newPackages.has(dir) || existsSync(path.join(dir, "__init__.py"));
  let top = path.dirname(abs);
  if (!isPackage(top)) return undefined;
  for (
    let up = path.dirname(top);
    isInside(root, up) && up !== top && isPackage(up);
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

/** Python's keywords: no import statement can name a module by one (`from .moved.while import X`). */
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** Why no import statement can name module `dotted` (a part that is a keyword, or not an identifier), if so. */
export function unimportable(dotted: string): string | undefined {
  for (const part of dotted.split(".")) {
    if (KEYWORDS.has(part)) return `\`${part}\` is a Python keyword`;
    if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(part)) return `\`${part}\` is not a Python identifier`;
  }
  return undefined;
}

/** `files`' module names, by the paths the planner knows them by (root-relative), where they are in a package. */
export function pythonModules(
  files: readonly { abs: string; path: string }[],
  roots: readonly string[],
  newPackages: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) {
    const root = roots.find((r) => isInside(r, f.abs));
    const name = root === undefined ? undefined : pythonModuleName(f.abs, root, newPackages);
    if (name !== undefined) out[f.path] = name;
  }
  return out;
}

/**
 * The directories a move to `dest` creates, that become packages of the
 * package above them (as rope and PyCharm make a new subpackage): those from
 * `dest`'s directory up to the first that exists, when that one is a package.
 */
export function newPackagesFor(dest: string, root: string): string[] {
  const made: string[] = [];
  let dir = path.dirname(dest);
  // A directory that is there but empty (an undone move leaves the one it made) is made a
  // package as a missing one is.
  const empty = (d: string) => {
    try {
      return isDir(d) && readdirSync(d).length === 0;
    } catch {
      return false;
    }
  };
  while (isInside(root, dir) && dir !== root && (!existsSync(dir) || empty(dir))) {
    made.push(dir);
    dir = path.dirname(dir);
  }
  return made.length && existsSync(path.join(dir, "__init__.py")) ? made : [];
}

/**
 * Whether `dir` holds the top-level package or module `top`: as a module or
 * a regular package, or as a directory without `__init__.py`, which Python
 * imports as a namespace package only where no entry of the path holds a
 * regular one (pyyaml's `yaml/` of Cython sources beside its `lib/yaml/`).
 */
function holds(dir: string, top: string): "regular" | "namespace" | undefined {
  if (existsSync(path.join(dir, `${top}.py`)) || existsSync(path.join(dir, top, "__init__.py")))
    return "regular";
  return isDir(path.join(dir, top)) ? "namespace" : undefined;
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Where `sys.path` starts for `abs` when it imports the top-level package or
 * module `top`, as its project runs: the parent of the outermost package
 * around a module in one; else, for a script or a test, the nearest directory
 * above it that holds `top` (`svc_b/` for `svc_b/tests/test_x.py` importing
 * `pkg`), or its `src/` (a `src/` layout's tests). An import of `pkg.util`
 * there names `svc_b/pkg/util.py`, never another project's file of the same
 * dotted name.
 */
export function importRootOf(abs: string, top: string, root: string): string | undefined {
  const named = pythonModuleName(abs, root);
  if (named !== undefined) {
    let dir = path.dirname(abs);
    for (
      let n = named.split(".").length - (path.basename(abs).startsWith("__init__.") ? 0 : 1);
      n > 0;
      n--
    )
      dir = path.dirname(dir);
    // A package of tests (`tests/sansio/__init__.py`) imports the project's package from
    // where a test would: its top, or a `src/` above.
    if (holds(dir, top) === "regular") return dir;
  }
  let namespace: string | undefined;
  for (let dir = path.dirname(abs); isInside(root, dir); dir = path.dirname(dir)) {
    // A `src/` layout: its tests import the package from src/, installed or put on the path;
    // or the directory the project's packaging names (pyyaml's `lib/`).
    for (const from of [dir, path.join(dir, "src"), ...packagingDirs(dir)]) {
      const held = holds(from, top);
      if (held === "regular") return from;
      if (held === "namespace") namespace ??= from;
    }
    if (dir === root || dir === path.dirname(dir)) break;
  }
  return namespace;
}

/**
 * How a project's packaging names the directory its packages are in, where
 * its tests import them from once it is installed: setuptools'
 * `package_dir={"": "lib"}` (setup.py, setup.cfg's `package_dir = =lib`,
 * pyproject's `package-dir`), `packages.find`'s `where`, poetry's
 * `from`, and hatch's `packages = ["lib/pkg"]`. Read, never run.
 */
const PACKAGING: Record<string, RegExp[]> = {
  "setup.py": [
    /package_dir\s*=\s*\{\s*(['"])\1\s*:\s*['"]([^'"]+)['"]/g,
    /find_(?:namespace_)?packages\(\s*(?:where\s*=\s*)?(['"])([^'"]+)['"]/g,
  ],
  "setup.cfg": [
    /^[ \t]*package_dir[ \t]*=[ \t]*(\r?\n[ \t]+)?=[ \t]*([^\s#]+)/gm,
    /^[ \t]*where[ \t]*=[ \t]*()([^\s#]+)/gm,
  ],
  "pyproject.toml": [
    /package-dir\s*=\s*\{\s*(["'])\1\s*=\s*["']([^"']+)["']/g,
    /\bwhere\s*=\s*\[\s*(["'])([^"']+)["']/g,
    /\bfrom\s*=\s*(["'])([^"']+)["']/g,
    // hatch's `packages = ["lib/pkg"]`: the directory its first entry is in (PACKAGE_LISTS).
    /\bpackages\s*=\s*\[\s*(["'])([^"']*)["']/g,
  ],
};

/** The patterns whose value is a package's path (hatch's), not the directory it is in. */
const PACKAGE_LISTS = new Set(PACKAGING["pyproject.toml"]?.slice(-1));

/** The directories `dir`'s packaging files name for its packages (PACKAGING), inside `dir`. */
export function packagingDirs(dir: string): string[] {
  const out: string[] = [];
  for (const [file, patterns] of Object.entries(PACKAGING)) {
    let text: string;
    const at = path.join(dir, file);
    let stamp: string;
    try {
      const stat = statSync(at);
      // A packaging file is small; one past 1 MB is no packaging file.
      if (stat.size > 1_000_000) continue;
      stamp = `${at}\0${stat.mtimeMs}\0${stat.size}`;
      // Read once while it is unchanged: a move asks for each importer's directories.
      const known = READ.get(stamp);
      if (known) {
        for (const named of known) if (!out.includes(named)) out.push(named);
        continue;
      }
      text = readFileSync(at, "utf8");
    } catch {
      continue;
    }
    const found: string[] = [];
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern)) {
        // A list of packages names each by its path: where the package is, is its directory.
        const value = PACKAGE_LISTS.has(pattern) ? path.posix.dirname(m[2] ?? "") : m[2];
        const named = value && value !== "." && path.resolve(dir, value);
        if (named && named !== dir && isInside(dir, named) && !found.includes(named))
          found.push(named);
      }
    if (READ.size >= 1_000) READ.clear();
    READ.set(stamp, found);
    for (const named of found) if (!out.includes(named)) out.push(named);
  }
  return out;
}

/** What each packaging file named, by its path, modification time and size. */
const READ = new Map<string, string[]>();
