import path from "node:path/posix";

/**
 * Module specifiers as files see them, for import-aware moves: paths are
 * posix and relative to the agent's root, specifiers relative to the file
 * that holds them (`./store`, `../util/dates.js`); bare ones (`luxon`,
 * `node:fs`) name packages and never change.
 */

/** Whether `specifier` names a file relative to its importer. */
export function isRelative(specifier: string): boolean {
  return (
    specifier === "." ||
    specifier === ".." ||
    specifier.startsWith("./") ||
    specifier.startsWith("../")
  );
}

/** `specifier`, written in `fromFile`, as `toFile` must write it to name the same module. */
export function respecify(specifier: string, fromFile: string, toFile: string): string {
  if (!isRelative(specifier)) return specifier;
  const target = path.join(path.dirname(fromFile), specifier);
  // `.`, `..`, `./`, `../a/` name a directory (its index); any other, a file first.
  return relativeSpecifier(target, toFile, /(^|\/)\.{1,2}\/?$|\/$/.test(specifier));
}

/**
 * How `importer` names `target` (a path without or with its extension): `./x`,
 * `../a/x`; a directory (its index) as `.` or `..` where it is the importer's
 * own or one above. A file is always named by its name: `src/utils` (utils.ts)
 * from inside src/utils/ is `../utils`, never `.`, which names the directory.
 */
export function relativeSpecifier(target: string, importer: string, directory = false): string {
  const from = path.dirname(importer);
  const relative = directory
    ? path.relative(from, target)
    : path.join(path.relative(from, path.dirname(target)), path.basename(target));
  if (relative === "") return ".";
  return relative.startsWith("../") || relative === ".." ? relative : `./${relative}`;
}

/** How a file's relative specifiers end: no extension, `.js` for `.ts` files (NodeNext), or the file's own. */
export type ExtensionStyle = "none" | "js" | "own";

/** The style of the relative specifiers in `specifiers` (the first decides; none: no extension). */
export function extensionStyle(
  specifiers: readonly string[],
  /** Where no specifier is relative: what the module settings ask (typescript/resolve.ts extensionsRequired). */
  otherwise: ExtensionStyle = "none",
): ExtensionStyle {
  for (const s of specifiers) {
    if (!isRelative(s)) continue;
    const ext = path.extname(s);
    if (ext === ".js" || ext === ".mjs" || ext === ".cjs" || ext === ".jsx") return "js";
    if (ext === ".ts" || ext === ".tsx" || ext === ".mts" || ext === ".cts") return "own";
    return "none";
  }
  return otherwise;
}

/** The extension a compiled file takes in a specifier that names it (`./a.js` for a.ts). */
export const TS_TO_JS: Record<string, string> = {
  ".ts": ".js",
  ".tsx": ".js",
  ".mts": ".mjs",
  ".cts": ".cjs",
};

/**
 * How `importer` names the module in file `target`, in `given` style. Without
 * extensions an index file is named by its directory (`../util`, not
 * `../util/index`), as the resolution that allows no extension allows, and as
 * TypeScript's language service writes it.
 */
export function specifierOf(target: string, importer: string, given: ExtensionStyle): string {
  const ext = path.extname(target);
  // An ES module by its name (`.mjs`, `.mts`) names files with their extension: Node resolves
  // nothing else.
  const style = given === "none" && /\.m[jt]s$/.test(importer) ? "js" : given;
  const bare = target.slice(0, target.length - ext.length);
  if (style === "none" && path.basename(bare) === "index")
    return relativeSpecifier(path.dirname(bare), importer, true);
  const file = style === "own" ? target : style === "js" ? bare + (TS_TO_JS[ext] ?? ext) : bare;
  return relativeSpecifier(file, importer);
}

/** Whether relative `specifier` in `importer` names file `target` (with or without extension, `.js` for `.ts`). */
export function names(specifier: string, importer: string, target: string): boolean {
  if (!isRelative(specifier)) return false;
  // `./` and `../` name directories as `.` and `..` do.
  const named = path.join(path.dirname(importer), specifier).replace(/(.)\/$/, "$1");
  const ext = path.extname(target);
  const bare = target.slice(0, target.length - ext.length);
  const namedExt = path.extname(named);
  const namedBare = named.slice(0, named.length - namedExt.length);
  return (
    named === target ||
    named === bare ||
    (namedBare === bare && (TS_TO_JS[ext] ?? ext) === namedExt) ||
    // `./util` names util/index.ts (the resolution of bundlers and of TypeScript's `bundler`).
    (path.basename(bare) === "index" && named === path.dirname(target))
  );
}
