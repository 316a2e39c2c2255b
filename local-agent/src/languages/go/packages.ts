/**
 * Go's packages as a move sees them (go/move.ts), without parsing: a
 * file's package clause and imports, the module's import paths (go.mod), and
 * the import graph between the module's packages, where a move must not close
 * a cycle (Go refuses one: `import cycle not allowed`). Pure, texts in.
 */

import { blankLiterals } from "../code-spans.ts";

/** A Go file of the module: its root-relative path and text. */
export interface GoFile {
  path: string;
  text: string;
}

/** The module the files belong to: go.mod's `module` path, and its directory (root-relative, "" for the root). */
export interface GoModule {
  path: string;
  dir: string;
}

/** What a Go move knows of the disk (file-ops/carry-imports.ts): the module and its Go files. */
export interface GoContext {
  module: GoModule | undefined;
  files: GoFile[];
  /**
   * Go files of other modules (below a go.mod of their own) that build with
   * this one's directory in place of its published versions (`replace
   * <module> => ../`): their imports of it follow a move as the module's own do.
   */
  replacing?: string[];
}

/**
 * The local directories go.mod text `goMod` replaces modules with (`replace
 * example.com/m => ../`, alone or in a block, any version): each module path
 * with the directory as written.
 */
export function localReplacements(goMod: string): { module: string; dir: string }[] {
  const lines = code(goMod).replace(/^\s*replace\s*\(([^)]*)\)/gm, (_, block: string) =>
    block
      .split("\n")
      .map((l) => `replace ${l}`)
      .join("\n"),
  );
  return [...lines.matchAll(/^\s*replace\s+(\S+)(?:\s+\S+)?\s*=>\s*(\S+)\s*$/gm)]
    .filter((m) => /^\.\.?(\/|$)/.test(m[2] ?? ""))
    .map((m) => ({ module: m[1] ?? "", dir: m[2] ?? "" }));
}

/**
 * Whether go.mod text `goMod` (in directory `dir`, root-relative) replaces
 * module `module` with the directory `moduleDir`.
 */
export function replacesWith(
  goMod: string,
  dir: string,
  module: string,
  moduleDir: string,
): boolean {
  return localReplacements(goMod).some(
    (r) => r.module === module && normal(`${dir ? `${dir}/` : ""}${r.dir}`) === normal(moduleDir),
  );
}

/** A root-relative directory without `.` and `..` segments ("" for the root). */
function normal(dir: string): string {
  const out: string[] = [];
  for (const part of dir.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

/** Comments blanked (same length), strings kept (an import's path is one), so that scans see code only. */
function code(text: string): string {
  return blankLiterals(text, { raw: "backquote" }, (kind) => (kind === "comment" ? " " : ""));
}

/** The file's package name (its clause), undefined where it has none. */
export function packageClause(text: string): string | undefined {
  return /^\s*package\s+([\p{L}_][\p{L}\p{N}_]*)/u.exec(code(text))?.[1];
}

/** A file's package clause and imports: its text up to its first declaration. */
export function headerOf(text: string): string {
  const at = /^(?:func|type|var|const)\b/m.exec(code(text));
  return at ? text.slice(0, at.index) : text;
}

/** The import paths a file imports, with the name each is used by (alias, `.`, `_`, or undefined for the path's own). */
export function importsOf(text: string): { path: string; alias: string | undefined }[] {
  const src = code(text);
  const out: { path: string; alias: string | undefined }[] = [];
  const spec = /^\s*(?:([\p{L}_][\p{L}\p{N}_]*|\.)\s+)?"([^"]*)"/u;
  for (const m of src.matchAll(/(?:^|\n)\s*import\s*(\(([\s\S]*?)\)|[^\n]*)/g)) {
    const body = m[2] ?? m[1] ?? "";
    for (const line of body.split(/[\n;]/)) {
      const s = spec.exec(line);
      if (s?.[2] !== undefined) out.push({ path: s[2], alias: s[1] });
    }
  }
  return out;
}

/** The import path of the package in `dir` (root-relative), or undefined outside the module. */
export function importPathOf(dir: string, module: GoModule | undefined): string | undefined {
  if (!module) return undefined;
  if (module.dir === dir) return module.path;
  const prefix = module.dir === "" ? "" : `${module.dir}/`;
  if (!dir.startsWith(prefix)) return undefined;
  return `${module.path}/${dir.slice(prefix.length)}`;
}

/** The directory of a root-relative path ("" at the root). */
export const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")));

export const isTestFile = (p: string) => p.endsWith("_test.go");

/**
 * The package a file of `dir` belongs to: the clause of its first file that
 * is not an external test (`package x_test`), else undefined.
 */
export function packageOf(dir: string, files: readonly GoFile[]): string | undefined {
  for (const f of files) {
    if (dirOf(f.path) !== dir) continue;
    const name = packageClause(f.text);
    if (name && !(isTestFile(f.path) && name.endsWith("_test"))) return name;
  }
  return undefined;
}

/** Go's keywords, no identifier; `main`, a program, never imported; `_`, no name. */
const NOT_PACKAGES = new Set(
  "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var main _".split(
    " ",
  ),
);

/**
 * The package name a new directory's files take: its name, made an
 * identifier (`go-kit` → `gokit`; `3d` → `p3d`, `type` → `ptype`, a
 * keyword being none; `main` → `pmain`, which can be imported).
 */
export function packageNameFor(dir: string): string {
  const base = (dir.split("/").at(-1) ?? "").toLowerCase().replace(/[^\p{L}\p{N}_]/gu, "");
  return /^[\p{L}_]/u.test(base) && !NOT_PACKAGES.has(base) ? base : `p${base || "kg"}`;
}

/**
 * The module's import graph between its own packages, by directory: each
 * directory's imports of the module's other directories, from all its files
 * but external tests (a package's own tests cannot import it back either).
 */
export function importGraph(context: GoContext): Map<string, Set<string>> {
  const { module } = context;
  const graph = new Map<string, Set<string>>();
  if (!module) return graph;
  const dirByPath = new Map<string, string>();
  for (const f of context.files) {
    const dir = dirOf(f.path);
    const p = importPathOf(dir, module);
    if (p) dirByPath.set(p, dir);
  }
  for (const f of context.files) {
    const name = packageClause(f.text);
    if (!name || (isTestFile(f.path) && name.endsWith("_test"))) continue;
    const dir = dirOf(f.path);
    const edges = graph.get(dir) ?? new Set<string>();
    graph.set(dir, edges);
    for (const i of importsOf(f.text)) {
      const to = dirByPath.get(i.path);
      if (to !== undefined && to !== dir) edges.add(to);
    }
  }
  return graph;
}

/** A way from `from` to `to` in `graph` (the directories on it, both ends included), or undefined. */
export function pathBetween(
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  from: string,
  to: string,
): string[] | undefined {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift() as string;
    if (at === to) {
      const way = [to];
      while (way[0] !== from) way.unshift(previous.get(way[0] as string) as string);
      return way;
    }
    for (const next of graph.get(at) ?? [])
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
  }
  return undefined;
}

/** Whether a Go name is exported (starts with an upper-case letter). */
export const isExported = (name: string) => /^\p{Lu}/u.test(name);
