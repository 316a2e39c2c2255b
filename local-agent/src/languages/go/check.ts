import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Change, CheckContext, Checked, LanguageChecker } from "../check.ts";
import { copyWithMove, fromCopy } from "../copy.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { runTool } from "../tool-run.ts";
import { localReplacements } from "./packages.ts";

/**
 * Go's build check: `go vet` (which type-checks as `go build` does, test
 * files included, then runs vet's analyses) over the packages the move
 * touches and those that import them, and `gofmt` over the files it writes.
 * Nothing of the project is written: "before" is the module as it is, "after"
 * a copy of it with the move's files in place (the go command's `-overlay`
 * does not reach vet's own reading of the files before Go 1.21: a file the
 * move creates was "no such file"), and gofmt reads copies. Go's build cache
 * is content-addressed, so the copy's unchanged packages are not built again.
 *
 * Offline and running nothing of the project: no proxy (GOPROXY=off), no
 * toolchain download (GOTOOLCHAIN=local), no C compiler (CGO_ENABLED=0), the
 * module's requirements as they are (-mod=readonly); `go generate` and the
 * tests never run.
 */

const GO_ENV = {
  GOPROXY: "off",
  GOTOOLCHAIN: "local",
  CGO_ENABLED: "0",
  GOFLAGS: "-mod=readonly",
};

/** The directory of the go.mod a file's module is declared in (looked for within its root). */
function moduleRootOf(file: string, roots: readonly string[]): string | undefined {
  const root = roots.find((r) => isInside(r, file));
  if (root === undefined) return undefined;
  for (let dir = path.dirname(file); isInside(root, dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "go.mod"))) return dir;
    if (dir === root) break;
  }
  return undefined;
}

/**
 * A module the project requires that is not in the module cache here (go
 * never downloads one in a check): `no required module provides package x`,
 * `missing go.sum entry for module providing package x`, `could not import x`.
 */
const missingOf = (message: string) =>
  /(?:no required module provides package|missing go\.sum entry for module providing package|could not import) "?([^\s";]+)/.exec(
    message,
  )?.[1];

/** A diagnostic line of the go command or gofmt: `pkg/a.go:5:14: message` (or `vet: …`). */
const LINE = /^(?:vet: )?(.+?\.go):(\d+)(?::\d+)?: (.+)$/;

/**
 * A vet finding that names a type by its import path (`…/lexer.Position
 * composite literal uses unkeyed fields`), compared by the type's own name:
 * the literal the project already had is the same finding once the type
 * moved to another package (goawk's `Position`, read through a dot import).
 */
const sameOf = (message: string) => {
  // Go 1.19's vet says `composite literal`, later ones `struct literal`; a generic type has its arguments.
  const m =
    /^(?:[\w.~/+-]+\.)?(\w+)(?:\[.*\])? (?:composite|struct) literal uses unkeyed fields$/.exec(
      message,
    );
  return m ? `${m[1]} literal uses unkeyed fields` : undefined;
};

/** The diagnostics in go's output, paths made absolute from `cwd`; its other error lines tied to no file. */
export function goDiagnostics(output: string, cwd: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const raw of output.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = LINE.exec(line);
    if (m?.[1] && m[2] && m[3])
      out.push({
        file: path.resolve(cwd, m[1]),
        line: Number(m[2]),
        code: "",
        message: m[3],
        missing: missingOf(m[3]),
        same: sameOf(m[3]),
      });
    // What ties to no file (a package or module that cannot be loaded); never go's summaries.
    else if (!/^(ok|FAIL|\?)\s/.test(line))
      out.push({ file: "", line: 0, code: "", message: line });
  }
  return out;
}

interface Listed {
  importPath: string;
  dir: string;
  imports: string[];
}

/** The module's packages (`go list -e ./...`), with what each of them and its tests import. */
async function packagesOf(
  moduleRoot: string,
  env: NodeJS.ProcessEnv,
  deadline: number,
): Promise<Listed[] | string> {
  const listed = await runTool(
    "go",
    [
      "list",
      "-e",
      "-f",
      '{{.ImportPath}}\t{{.Dir}}\t{{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}',
      "./...",
    ],
    { cwd: moduleRoot, env, deadline },
  );
  if (!listed.ok) return listed.why === "missing" ? "no go on PATH" : listed.message;
  const out: Listed[] = [];
  for (const line of listed.output.split("\n")) {
    const [importPath, dir, imports] = line.split("\t");
    if (!importPath || !dir) continue;
    out.push({ importPath, dir, imports: (imports ?? "").split(" ").filter(Boolean) });
  }
  return out;
}

/** The packages the move could break: its files' own, and those importing them (their tests too). */
function affectedOf(packages: readonly Listed[], dirs: ReadonlySet<string>): string[] {
  const own = new Set(packages.filter((p) => dirs.has(p.dir)).map((p) => p.importPath));
  return packages
    .filter((p) => own.has(p.importPath) || p.imports.some((i) => own.has(i)))
    .map((p) => p.importPath);
}

/**
 * The packages among `packages` that cannot be loaded, their tests included
 * (an embed pattern matching nothing, a module not in the cache, a test
 * importing such a package), each with the go command's reason: vet stops
 * before judging anything when one of its packages cannot be loaded, so
 * these are left out, and the receipt says so.
 */
async function unloadable(
  packages: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  deadline: number,
): Promise<Map<string, string> | string> {
  const listed = await runTool(
    "go",
    [
      "list",
      "-e",
      "-test",
      "-f",
      "{{.ImportPath}}\t{{if .Error}}{{.Error.Err}}{{end}}{{range .DepsErrors}} {{.Err}}{{end}}",
      ...packages,
    ],
    { cwd, env, deadline },
  );
  if (!listed.ok) return listed.why === "missing" ? "no go on PATH" : listed.message;
  const out = new Map<string, string>();
  for (const line of listed.output.split("\n")) {
    const [name = "", error = ""] = line.split("\t");
    if (!error.trim()) continue;
    // `p [p.test]`, `p_test [p.test]`, `p.test`: the package p.
    const base = name.replace(/ \[.*\]$/, "").replace(/(\.test|_test)$/, "");
    if (packages.includes(base) && !out.has(base)) out.set(base, error.trim());
  }
  return out;
}

/**
 * What gofmt would change in each file of `gofmt -d`'s output: a line it
 * rewrites or removes, by its line and text, or one it adds, by the text
 * added. Compared by text, not by file (newDiagnostics): a unit moved with a
 * comment gofmt would already have redone (Go 1.19's doc comment headings)
 * brings that finding along and is not refused for it; what the move itself
 * laid out badly is new. A line its author never laid out whose words the
 * move changed (a qualifier renamed) is the finding its file had (`layout`).
 */
export function gofmtChanges(diff: string): Map<string, { line: number; text: string }[]> {
  const out = new Map<string, { line: number; text: string }[]>();
  let file: string | undefined;
  let line = 0;
  let removed = false;
  const add = (at: number, text: string) => {
    if (file !== undefined) out.set(file, [...(out.get(file) ?? []), { line: at, text }]);
  };
  for (const raw of diff.split("\n")) {
    const header = /^diff (\S+)\.orig \S+$/.exec(raw);
    if (header) {
      file = header[1];
      continue;
    }
    if (raw.startsWith("--- ") || raw.startsWith("+++ ")) continue;
    const hunk = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(raw);
    if (hunk) {
      line = Number(hunk[1]);
      removed = false;
      continue;
    }
    if (raw.startsWith("-")) {
      add(line++, raw.slice(1).trim());
      removed = true;
    } else if (raw.startsWith("+")) {
      // An addition beside a removal is the removal's rewrite; alone, a change of its own.
      if (!removed) add(line, `+ ${raw.slice(1).trim()}`.trimEnd());
    } else {
      line++;
      removed = false;
    }
  }
  return out;
}

/** What gofmt would change in these texts (written to copies): a diagnostic for each line. */
async function unformatted(
  files: readonly { abs: string; text: string }[],
  scratch: string,
  deadline: number,
): Promise<Diagnostic[] | string> {
  if (!files.length) return [];
  const copies = new Map<string, string>();
  for (const [i, f] of files.entries()) {
    const copy = path.join(scratch, `gofmt-${i}.go`);
    await writeFile(copy, f.text);
    copies.set(copy, f.abs);
  }
  const ran = await runTool("gofmt", ["-d", ...copies.keys()], { cwd: scratch, deadline });
  if (!ran.ok) return ran.why === "missing" ? "no gofmt on PATH" : ran.message;
  return [...gofmtChanges(ran.output)].flatMap(([copy, lines]) => {
    const abs = copies.get(copy) ?? copies.get(path.join(scratch, copy));
    if (abs === undefined) return [];
    return lines.map(({ line, text }) => ({
      file: abs,
      line,
      code: "gofmt",
      message: `not laid out as gofmt would: ${text.slice(0, 120) || "(a blank line)"}`,
      layout: true as const,
    }));
  });
}

/** A module larger than this is not copied for the "after" check. */
const MAX_MIRROR_FILES = 20_000;

/**
 * The directory one copy must hold for the modules `roots` (their go.mod's
 * directories): each of them, and the local directories their go.mod
 * replaces modules with (`replace example.com/m => ../`), so that a module
 * built with another's directory finds it, moved, in the copy too. Within
 * the agent's root; undefined where they reach outside it.
 */
async function copyBase(roots: readonly string[], agentRoots: readonly string[]) {
  const dirs = [...roots];
  for (const root of roots) {
    const goMod = await readFile(path.join(root, "go.mod"), "utf8").catch(() => "");
    for (const r of localReplacements(goMod)) dirs.push(path.resolve(root, r.dir));
  }
  let base = dirs[0] ?? "";
  for (const dir of dirs) while (!isInside(base, dir)) base = path.dirname(base);
  return agentRoots.some((r) => isInside(r, base)) ? base : undefined;
}

/**
 * The go.work the go command would use from `dir`, where it lies within
 * `top` (the tree a check copies); undefined where there is none there.
 */
export function goWorkWithin(dir: string, top: string): string | undefined {
  for (let d = dir; isInside(top, d); d = path.dirname(d)) {
    if (existsSync(path.join(d, "go.work"))) return path.join(d, "go.work");
    if (d === top) break;
  }
  return undefined;
}

async function checkModules(
  base: string,
  byModule: ReadonlyMap<string, readonly Change[]>,
  deadline: number,
): Promise<Checked> {
  const goEnv = { ...process.env, ...GO_ENV };
  const changes = [...byModule.values()].flat();
  const scratch = await mkdtemp(path.join(tmpdir(), "edgeclip-go-check-"));
  try {
    const mirror = path.join(scratch, "tree");
    await copyWithMove(base, mirror, changes, { maxFiles: MAX_MIRROR_FILES });
    // Packages that could not be loaded before the move are left out after it too.
    const skipped = new Map<string, string>();
    const vet = async (
      moduleRoot: string,
      cwd: string,
      mine: readonly Change[],
      first: boolean,
    ) => {
      // The project's go.work where the copy has it too; never one above (the copy's is the
      // shared temporary directory, where another account could leave one).
      const env = { ...goEnv, GOWORK: goWorkWithin(cwd, first ? base : mirror) ?? "off" };
      const listed = await packagesOf(cwd, env, deadline);
      if (typeof listed === "string") throw new Error(listed);
      const dirs = new Set(
        mine.map((c) => path.join(cwd, path.relative(moduleRoot, path.dirname(c.abs)))),
      );
      const affected = affectedOf(listed, dirs);
      if (first && affected.length) {
        const bad = await unloadable(affected, cwd, env, deadline);
        if (typeof bad === "string") throw new Error(bad);
        for (const [p, why] of bad) skipped.set(p, why);
      }
      const packages = affected.filter((p) => !skipped.has(p));
      if (!packages.length) return [] as Diagnostic[];
      const ran = await runTool("go", ["vet", ...packages], { cwd, env, deadline });
      if (!ran.ok) throw new Error(ran.why === "deadline" ? "past its deadline" : ran.message);
      // Paths in the copy are the tree's own.
      return goDiagnostics(ran.output, cwd).map(fromCopy(mirror, base));
    };
    const before: Diagnostic[] = [];
    const after: Diagnostic[] = [];
    for (const [root, mine] of byModule) {
      before.push(...(await vet(root, root, mine, true)));
      after.push(...(await vet(root, path.join(mirror, path.relative(base, root)), mine, false)));
    }
    const fmtBefore = await unformatted(
      changes.flatMap((c) => (c.before === undefined ? [] : [{ abs: c.abs, text: c.before }])),
      scratch,
      deadline,
    );
    const fmtAfter = await unformatted(
      changes.flatMap((c) => (c.after === undefined ? [] : [{ abs: c.abs, text: c.after }])),
      scratch,
      deadline,
    );
    if (typeof fmtBefore === "string") return { ok: false, why: fmtBefore };
    if (typeof fmtAfter === "string") return { ok: false, why: fmtAfter };
    const left = [...skipped];
    return {
      ok: true,
      before: [...before, ...fmtBefore],
      after: [...after, ...fmtAfter],
      ...(left.length
        ? {
            partly: `could not load ${left.map(([p]) => p).join(", ")} before the move (${left[0]?.[1]}), so ${left.length === 1 ? "it was" : "they were"} not vetted`,
          }
        : {}),
    };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function check(changes: readonly Change[], context: CheckContext): Promise<Checked> {
  const byModule = new Map<string, Change[]>();
  for (const change of changes) {
    const root = moduleRootOf(change.abs, context.roots);
    if (root === undefined)
      return { ok: false, why: `${path.basename(change.abs)} is in no Go module (go.mod)` };
    byModule.set(root, [...(byModule.get(root) ?? []), change]);
  }
  // One copy for the modules that build together; each module on its own where one reaches
  // outside the agent's root.
  const base = await copyBase([...byModule.keys()], context.roots);
  const groups = base
    ? [{ base, byModule }]
    : [...byModule].map(([root, mine]) => ({ base: root, byModule: new Map([[root, mine]]) }));
  const before: Diagnostic[] = [];
  const after: Diagnostic[] = [];
  const partly: string[] = [];
  for (const group of groups) {
    const checked = await checkModules(group.base, group.byModule, context.deadline);
    if (!checked.ok) return checked;
    before.push(...checked.before);
    after.push(...checked.after);
    if (checked.partly) partly.push(checked.partly);
  }
  return { ok: true, before, after, ...(partly.length ? { partly: partly.join("; ") } : {}) };
}

export const goChecker: LanguageChecker = { name: "go vet", languages: ["go"], check };
