import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Disk } from "../disk.ts";
import {
  type GoContext,
  type GoFile,
  type GoModule,
  headerOf,
  importPathOf,
  importsOf,
  replacesWith,
} from "./packages.ts";

/**
 * A Go move's module (go/packages.ts GoContext): the go.mod nearest above the
 * old file within the roots, and the module's Go files (those of the walk below
 * it), named as results name them.
 */
export async function goContext(
  disk: Disk,
  source: string,
  dest: string,
  files: readonly string[],
): Promise<GoContext> {
  const root = disk.roots.find((r) => isInside(r, source)) ?? disk.roots[0] ?? "";
  let module: GoModule | undefined;
  let moduleDir = root;
  for (let dir = path.dirname(source); isInside(root, dir); dir = path.dirname(dir)) {
    const goMod = await disk.file(path.join(dir, "go.mod"));
    if (goMod) {
      const name = /^\s*module\s+"?([^\s"]+)"?/m.exec(goMod.text)?.[1];
      if (name) {
        moduleDir = dir;
        const dirShown = path.posix.dirname(goMod.path);
        module = { path: name, dir: dirShown === "." ? "" : dirShown };
      }
      break;
    }
    if (dir === path.dirname(dir)) break;
  }
  // The module's files: below its go.mod, and not below another (a module of their own).
  const ownModule = new Map<string, boolean>();
  const inModule = (dir: string): boolean => {
    if (dir === moduleDir) return true;
    if (!isInside(moduleDir, dir)) return false;
    let known = ownModule.get(dir);
    if (known === undefined) {
      known = !existsSync(path.join(dir, "go.mod")) && inModule(path.dirname(dir));
      ownModule.set(dir, known);
    }
    return known;
  };
  // Whole: the two packages' files and those importing the old one; of the rest, what the
  // import graph needs (their package clause and imports), so a large module stays small here.
  const sourceDir = path.dirname(source);
  const moduleRel = module && {
    ...module,
    dir: path.relative(root, moduleDir).split(path.sep).join("/"),
  };
  const oldImport = importPathOf(
    path.relative(root, sourceDir).split(path.sep).join("/"),
    moduleRel,
  );
  // Other modules' files, where their go.mod builds them with this module's directory.
  const replacing: string[] = [];
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join("/");
  const goMods = new Map<string, string | undefined>();
  const goModAbove = (dir: string): string | undefined => {
    if (!isInside(root, dir)) return undefined;
    if (goMods.has(dir)) return goMods.get(dir);
    const at = path.join(dir, "go.mod");
    const found = existsSync(at) ? at : dir === root ? undefined : goModAbove(path.dirname(dir));
    goMods.set(dir, found);
    return found;
  };
  if (module)
    for (const f of files) {
      if (inModule(path.dirname(f))) continue;
      const goMod = goModAbove(path.dirname(f));
      if (!goMod || !isInside(root, goMod)) continue;
      let text = "";
      try {
        text = readFileSync(goMod, "utf8");
      } catch {
        continue;
      }
      if (replacesWith(text, rel(path.dirname(goMod)), module.path, rel(moduleDir)))
        replacing.push(f);
    }
  const out: GoFile[] = [];
  const read = await disk.read(files.filter((f) => inModule(path.dirname(f))));
  // And whole, the packages the old file reads unqualified through a dot import (which of
  // their names the unit reads decides whether the new file imports them too).
  const dotted = new Set(
    importsOf(headerOf(read.find((f) => f.abs === source)?.text ?? ""))
      .filter((i) => i.alias === ".")
      .map((i) => i.path),
  );
  for (const { abs, path: shown, text } of read) {
    const header = headerOf(text);
    const whole =
      path.dirname(abs) === sourceDir ||
      path.dirname(abs) === path.dirname(dest) ||
      importsOf(header).some((i) => i.path === oldImport) ||
      (dotted.size > 0 && dotted.has(importPathOf(rel(path.dirname(abs)), moduleRel) ?? ""));
    out.push({ path: shown, text: whole ? text : header });
  }
  const shownReplacing = (await disk.read(replacing)).map((f) => f.path);
  return { module, files: out, ...(shownReplacing.length ? { replacing: shownReplacing } : {}) };
}
