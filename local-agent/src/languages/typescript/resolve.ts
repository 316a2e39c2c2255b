import path from "node:path/posix";
import { extensionStyle, isRelative, names, specifierOf, TS_TO_JS } from "./specifiers.ts";

/**
 * Specifiers that are not relative, resolved as TypeScript and Node resolve
 * them (issue 33): tsconfig `paths` and `baseUrl` (`@/lib/format`), and
 * package.json `imports` (`#lib/format.js`). Pure: the agent reads the
 * configuration files (typescript/module-configs.ts) and hands them here as
 * data, absolute paths throughout.
 */

/** A pattern of `paths` or `imports`: `@/*` → `/abs/src/*`, at most one `*` in each. */
export interface Mapping {
  pattern: string;
  targets: string[];
}

/** What a tsconfig.json (or jsconfig.json) says of module names, for the files under `dir`. */
export interface TsConfigPaths {
  dir: string;
  paths: Mapping[];
  baseUrl?: string;
  /**
   * Its module resolution (`compilerOptions.moduleResolution`, else what its
   * `module` implies), lower-cased: under `node16` and `nodenext` an ES
   * module's relative imports name files with their extension.
   */
  resolution?: string;
}

/** What a package.json says, for the files under `dir`. */
export interface PackageFacts {
  dir: string;
  /** Its `imports` (`#name` specifiers). */
  imports: Mapping[];
  /** Its dependencies' names: bare specifiers that name them are packages, not files. */
  deps: string[];
  /** Its `type`: `module` makes its `.ts` and `.js` files ES modules. */
  type?: string;
  /**
   * What it offers other packages (not `private`): each file its `main`,
   * `module`, `types`, `typings`, `source` or `exports` names, absolute and
   * without its extension, with the field that names it.
   */
  entries?: { field: string; path: string }[];
}

/** The module configuration around a move's files. */
export interface ModuleConfigs {
  tsconfigs: TsConfigPaths[];
  packages: PackageFacts[];
}

/** The config of `list` that governs `file`: the one whose directory holds it most closely. */
function nearest<T extends { dir: string }>(list: readonly T[], file: string): T | undefined {
  let best: T | undefined;
  for (const c of list)
    if (file.startsWith(`${c.dir}/`) && (!best || c.dir.length > best.dir.length)) best = c;
  return best;
}

/**
 * Whether `file`'s relative imports must name files with their extension
 * (`./util.js`): an ES module (`.mts`, `.mjs`, or a `.ts`/`.js` file of a
 * package whose `type` is `module`) under `node16` or `nodenext` resolution.
 * For a file that shows no relative import of its own to copy the style of.
 */
export function extensionsRequired(configs: ModuleConfigs, file: string): boolean {
  const resolution = nearest(configs.tsconfigs, file)?.resolution;
  if (resolution !== "node16" && resolution !== "nodenext") return false;
  if (/\.m[jt]s$/.test(file)) return true;
  return /\.[jt]sx?$/.test(file) && nearest(configs.packages, file)?.type === "module";
}

/** A built file's directories, in which a package's entry names what its sources compile to. */
const BUILT = new Set([
  ...["dist", "lib", "build", "out", "types"],
  // A build's flavours below it (`dist/cjs/`, `build/modern/`).
  ...["esm", "cjs", "mjs", "es", "umd", "modern", "legacy"],
]);

/**
 * The package.json field by which `file` is its package's entry for other
 * packages (`main`, `exports`…), naming it or what it compiles to
 * (`./dist/index.js` for src/index.ts or index.ts); undefined for any other file.
 */
export function entryField(configs: ModuleConfigs, file: string): string | undefined {
  const pkg = nearest(configs.packages, file);
  if (!pkg?.entries?.length) return undefined;
  const bare = file.replace(/(\.d)?\.[cm]?[jt]sx?$/, "");
  const own = path.relative(pkg.dir, bare);
  for (const entry of pkg.entries) {
    const named = path.relative(pkg.dir, entry.path).split("/");
    // `dist/cjs/index` names what src/index.ts (or index.ts) compiles to.
    let built = 0;
    while (built < named.length - 1 && BUILT.has(named[built] ?? "")) built++;
    const rest = named.slice(built).join("/");
    const sources = built ? [rest, `src/${rest}`] : [named.join("/")];
    if (sources.includes(own)) return entry.field;
  }
  return undefined;
}

/** `specifier` against `pattern` (one `*` at most): what the `*` stands for, or undefined. */
function match(pattern: string, specifier: string): string | undefined {
  const star = pattern.indexOf("*");
  if (star === -1) return pattern === specifier ? "" : undefined;
  const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
  if (specifier.length < prefix.length + suffix.length) return undefined;
  if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) return undefined;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

/** How a non-relative specifier reached a path: the mapping it went through, and what its `*` stood for. */
export interface Route {
  /** The path it names (maybe without an extension, or a directory for its index). */
  target: string;
  kind: "paths" | "baseUrl" | "imports";
  pattern?: string;
  targetPattern?: string;
}

/** The paths a non-relative `specifier` in `importer` may name, by the configuration around it. */
export function routes(configs: ModuleConfigs, importer: string, specifier: string): Route[] {
  if (isRelative(specifier)) return [];
  const out: Route[] = [];
  if (specifier.startsWith("#")) {
    for (const m of nearest(configs.packages, importer)?.imports ?? []) {
      const star = match(m.pattern, specifier);
      if (star === undefined) continue;
      for (const t of m.targets)
        out.push({
          target: t.replace("*", star),
          kind: "imports",
          pattern: m.pattern,
          targetPattern: t,
        });
    }
    return out;
  }
  const ts = nearest(configs.tsconfigs, importer);
  if (!ts) return out;
  // The longest prefix decides, as TypeScript's does.
  const matched = ts.paths
    .map((m) => ({ m, star: match(m.pattern, specifier) }))
    .filter((x): x is { m: Mapping; star: string } => x.star !== undefined)
    .sort((a, b) => b.m.pattern.indexOf("*") - a.m.pattern.indexOf("*"));
  const best = matched[0];
  if (best)
    for (const t of best.m.targets)
      out.push({
        target: t.replace("*", best.star),
        kind: "paths",
        pattern: best.m.pattern,
        targetPattern: t,
      });
  if (ts.baseUrl !== undefined)
    out.push({ target: path.join(ts.baseUrl, specifier), kind: "baseUrl" });
  return out;
}

/** Whether a target path names `file` (with or without its extension, `.js` for `.ts`, a directory for its index). */
function targetNames(target: string, file: string): boolean {
  // `names` takes a specifier relative to an importer: the target, relative to a file beside it.
  return names(`./${path.basename(target)}`, path.join(path.dirname(target), "_"), file);
}

/** The route by which non-relative `specifier` in `importer` names `file`, if it does. */
export function routeTo(
  configs: ModuleConfigs,
  importer: string,
  specifier: string,
  file: string,
): Route | undefined {
  return routes(configs, importer, specifier).find((r) => targetNames(r.target, file));
}

/**
 * `specifier` (non-relative, naming the old file through `route`) written for
 * `newFile` in the same form: the same alias where it can name the new file
 * (`@/lib/format` → `@/lib/money/money`), keeping what the original wrote of
 * the extension; undefined where no mapping of that kind reaches it.
 */
export function rerouted(
  configs: ModuleConfigs,
  importer: string,
  specifier: string,
  route: Route,
  oldFile: string,
  newFile: string,
): string | undefined {
  const written = writtenExtension(specifier, oldFile);
  const candidates = (pattern: string, targetPattern: string): string | undefined => {
    const star = targetPattern.indexOf("*");
    const [prefix, suffix] =
      star === -1
        ? [targetPattern, ""]
        : [targetPattern.slice(0, star), targetPattern.slice(star + 1)];
    // The new file's path with the extension the original specifier wrote (none, `.js`, its own).
    const wanted = withExtension(newFile, written);
    if (star === -1) return wanted === targetPattern ? pattern : undefined;
    if (!wanted.startsWith(prefix) || !wanted.endsWith(suffix)) return undefined;
    const captured = wanted.slice(prefix.length, wanted.length - suffix.length);
    return pattern.replace("*", captured);
  };
  const out =
    route.kind === "baseUrl"
      ? (() => {
          const base = nearest(configs.tsconfigs, importer)?.baseUrl;
          if (base === undefined) return undefined;
          const rel = path.relative(base, withExtension(newFile, written));
          return rel.startsWith("..") ? undefined : rel;
        })()
      : route.pattern !== undefined && route.targetPattern !== undefined
        ? candidates(route.pattern, route.targetPattern)
        : undefined;
  // The new specifier must resolve back to the new file the same way.
  return out !== undefined && routeTo(configs, importer, out, newFile) ? out : undefined;
}

/** What `specifier` wrote of `file`'s extension: none, `.js` for a `.ts` file, or its own. */
function writtenExtension(specifier: string, file: string): "none" | "js" | "own" | "index" {
  const ext = path.extname(file);
  const bare = path.basename(file, ext);
  const last = specifier.slice(specifier.lastIndexOf("/") + 1);
  if (bare === "index" && last !== "index" && !last.startsWith("index.")) return "index";
  if (last === path.basename(file)) return "own";
  if (path.extname(last) && last !== bare) return "js";
  return "none";
}

function withExtension(file: string, style: "none" | "js" | "own" | "index"): string {
  const ext = path.extname(file);
  const bare = file.slice(0, file.length - ext.length);
  if (style === "own") return file;
  if (style === "js") return bare + (TS_TO_JS[ext] ?? ext);
  if (style === "index" && path.basename(bare) === "index") return path.dirname(bare);
  return bare;
}

/**
 * Whether non-relative `specifier` in `importer` might name `file` though
 * the configuration does not say so: not a dependency's name, and its last
 * segment is the file's (or, for an index, its directory's) name. Such an
 * import is named on the receipt, never passed over in silence.
 */
export function mayName(
  configs: ModuleConfigs,
  importer: string,
  specifier: string,
  file: string,
): boolean {
  if (isRelative(specifier) || specifier.startsWith("node:")) return false;
  const deps = nearest(configs.packages, importer)?.deps ?? [];
  const first = specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : specifier.split("/")[0];
  if (first !== undefined && deps.includes(first)) return false;
  const ext = path.extname(file);
  const bare = path.basename(file, ext);
  const wanted = bare === "index" ? path.basename(path.dirname(file)) : bare;
  const last = specifier.slice(specifier.lastIndexOf("/") + 1).replace(/\.[cm]?[jt]sx?$/, "");
  return last === wanted || (bare === "index" && last === "index");
}

/**
 * How an importer names a move's two files: whether one of its specifiers
 * names the old file or the new one (relative, or through an alias), and the
 * specifier that names the new file as it named the old one (the same alias
 * where it reaches, else a relative path in the same extension style).
 */
export function importerNaming(
  configs: ModuleConfigs | undefined,
  importer: string,
  oldFile: string,
  newFile: string,
) {
  const all = configs ?? { tsconfigs: [], packages: [] };
  const namesFile = (specifier: string, file: string) =>
    names(specifier, importer, file) || routeTo(all, importer, specifier, file) !== undefined;
  return {
    namesFile,
    namesOld: (specifier: string) => namesFile(specifier, oldFile),
    /** A specifier that may name the old file by a mapping no configuration here explains. */
    unexplained: (specifier: string) =>
      !namesFile(specifier, oldFile) && mayName(all, importer, specifier, oldFile),
    forNew: (written: string) => {
      const route = isRelative(written) ? undefined : routeTo(all, importer, written, oldFile);
      const aliased = route && rerouted(all, importer, written, route, oldFile, newFile);
      // An alias's extension style is its last segment's (`#lib/format.js`: `.js`).
      const style = extensionStyle([
        isRelative(written) ? written : `./${written.split("/").pop()}`,
      ]);
      return aliased ?? specifierOf(newFile, importer, style);
    },
  };
}
