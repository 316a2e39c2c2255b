import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Change, CheckContext, Checked, LanguageChecker } from "../check.ts";
import { copyWithMove, fromCopy } from "../copy.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { runTool } from "../tool-run.ts";
import { declaredJars } from "./classpath.ts";

/**
 * Java's build check: `javac -proc:none` over the source roots the move's
 * files are in (Maven's `src/main/java` with its `src/test/java`, and the
 * other way round), as they are and as a copy with the move made; the
 * project's classpath where it can be known without running its build (the
 * jars of `lib/`, `libs/`, `target/dependency/`, those its pom.xml or Gradle
 * files declare that the local Maven, Debian or Gradle repository holds, and
 * `CLASSPATH`). What a
 * missing dependency leaves unresolved is there before and after, and so
 * counts for nothing. `-proc:none`: no annotation processor, which would be
 * code from the project's dependencies, runs.
 */

/** A source root past this many Java files is not checked (javac would run past the deadline). */
const MAX_FILES = 5_000;

/** The package a Java file declares (`package a.b;`), or "" for the default package. */
export function packageOf(text: string): string {
  const m = /^\s*package\s+([\w.]+)\s*;/m.exec(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ""));
  return m?.[1] ?? "";
}

/** The source root a Java file's package places it in (`src/main/java` for `src/main/java/a/b/C.java` in `a.b`). */
function sourceRootOf(abs: string, text: string): string {
  const parts = packageOf(text).split(".").filter(Boolean);
  let dir = path.dirname(abs);
  for (const part of parts.reverse()) {
    if (path.basename(dir) !== part) return path.dirname(abs);
    dir = path.dirname(dir);
  }
  return dir;
}

/** Maven's other root beside a `src/main/java` or `src/test/java`. */
function siblingRoots(root: string): string[] {
  const m = /^(.*)[\\/]src[\\/](main|test)[\\/]java$/.exec(root);
  if (!m?.[1]) return [root];
  const other = path.join(m[1], "src", m[2] === "main" ? "test" : "main", "java");
  return existsSync(other) ? [root, other] : [root];
}

async function javaFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".java"))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The classpath that can be known without running the build: jars the
 * project keeps, those its build files declare that the machine holds
 * (classpath.ts), and CLASSPATH.
 */
async function classpathOf(projectDir: string, roots: readonly string[]): Promise<string> {
  const jars: string[] = [];
  for (const dir of ["lib", "libs", path.join("target", "dependency")]) {
    const at = path.join(projectDir, dir);
    if (!existsSync(at)) continue;
    for (const name of await readdir(at)) if (name.endsWith(".jar")) jars.push(path.join(at, name));
  }
  jars.push(
    ...(await declaredJars(projectDir, undefined, (dir) =>
      roots.some((root) => root === dir || isInside(root, dir)),
    )),
  );
  if (process.env.CLASSPATH) jars.push(process.env.CLASSPATH);
  return jars.join(path.delimiter);
}

/** `package org.x does not exist`: a library the project's classpath here does not have. */
const missingOf = (message: string) => /^package (\S+) does not exist$/.exec(message)?.[1];

/** A javac diagnostic line: `path/A.java:12: error: message`. */
const LINE = /^(.+?\.java):(\d+): error: (.*)$/;

export function javacDiagnostics(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  let last: Diagnostic | undefined;
  for (const line of output.split("\n")) {
    const m = LINE.exec(line.trimEnd());
    if (m?.[1] && m[2] && m[3]) {
      last = {
        file: m[1],
        line: Number(m[2]),
        code: "",
        message: m[3],
        missing: missingOf(m[3]),
      };
      out.push(last);
      continue;
    }
    // `cannot find symbol` says which on the lines below it: `symbol: method of(String)`,
    // `location: class Lower`. Part of the message, so that one such error is told from another.
    const detail = /^\s+(symbol|location):\s+(.*)$/.exec(line);
    if (detail && last) last.message += `; ${detail[1]}: ${(detail[2] ?? "").trim()}`;
    else if (/^error: /.test(line)) {
      last = undefined;
      out.push({ file: "", line: 0, code: "", message: line.trim() });
    }
  }
  return out;
}

async function javac(
  files: readonly string[],
  classpath: string,
  out: string,
  cwd: string,
  deadline: number,
): Promise<Diagnostic[] | string> {
  if (!files.length) return [];
  const argsFile = path.join(out, "..", `${path.basename(out)}.args`);
  await mkdir(out, { recursive: true });
  // The files in an @-file: a command line has room for a few thousand paths at most.
  await writeFile(argsFile, files.map((f) => JSON.stringify(f)).join("\n"));
  const ran = await runTool(
    "javac",
    [
      "-J-Xmx1g",
      "-proc:none",
      "-implicit:none",
      "-nowarn",
      "-Xmaxerrs",
      "100000",
      "-encoding",
      "UTF-8",
      "-d",
      out,
      ...(classpath ? ["-cp", classpath] : []),
      `@${argsFile}`,
    ],
    { cwd, deadline },
  );
  if (!ran.ok) return ran.why === "missing" ? "no javac on PATH" : ran.message;
  return javacDiagnostics(ran.output);
}

/**
 * What javac said of the sources as they were, by their content (their paths
 * and texts, and the classpath): a move's "before" is most often the last
 * move's "after", or the project a dry run just checked, and javac takes
 * seconds. The last few only.
 */
const seen = new Map<string, Diagnostic[]>();
const SEEN = 8;

/** A fingerprint of the sources javac reads: each file's path and text (`changes` made, when given), and the classpath. */
function fingerprint(
  texts: ReadonlyMap<string, string>,
  classpath: string,
  changes: readonly Change[] = [],
): string {
  const now = new Map(texts);
  for (const c of changes)
    if (c.after === undefined) now.delete(c.abs);
    else if (c.abs.endsWith(".java")) now.set(c.abs, c.after);
  const hash = createHash("sha256").update(classpath);
  for (const file of [...now.keys()].sort()) {
    const text = now.get(file) ?? "";
    hash.update(`\0${file}\0${text.length}\0`).update(text);
  }
  return hash.digest("hex");
}

function remember(key: string, found: Diagnostic[]): void {
  seen.delete(key);
  seen.set(key, found);
  while (seen.size > SEEN) seen.delete(seen.keys().next().value as string);
}

async function check(changes: readonly Change[], context: CheckContext): Promise<Checked> {
  const roots = new Set<string>();
  for (const c of changes) {
    const text = c.after ?? c.before ?? "";
    for (const r of siblingRoots(sourceRootOf(c.abs, text))) roots.add(r);
  }
  if ([...roots].some((r) => !context.roots.some((root) => isInside(root, r) || r === root)))
    return { ok: false, why: "a source root outside the agent's roots" };
  const scratch = await mkdtemp(path.join(tmpdir(), "edgeclip-java-check-"));
  try {
    const files: string[] = [];
    for (const r of roots) files.push(...(await javaFilesUnder(r)));
    if (files.length > MAX_FILES) return { ok: false, why: `more than ${MAX_FILES} Java files` };
    // A project's directory: above src/main/java, else the source root itself.
    const projectDir = [...roots][0]?.replace(/[\\/]src[\\/](main|test)[\\/]java$/, "") ?? "";
    const classpath = await classpathOf(projectDir, context.roots);
    // The sources read once, for both fingerprints.
    const texts = new Map<string, string>();
    for (const file of files) texts.set(file, await readFile(file, "utf8"));
    const beforeKey = fingerprint(texts, classpath);
    const before =
      seen.get(beforeKey) ??
      (await javac(files, classpath, path.join(scratch, "before"), projectDir, context.deadline));
    if (typeof before === "string") return { ok: false, why: before };
    remember(beforeKey, before);
    const afterKey = fingerprint(texts, classpath, changes);
    const known = seen.get(afterKey);
    if (known) return { ok: true, before, after: known };
    // After: a copy of the roots with the move made, its paths the project's own again.
    const mirrors = new Map<string, string>();
    for (const [i, r] of [...roots].entries()) {
      const mirror = path.join(scratch, "mirror", String(i));
      await copyWithMove(r, mirror, changes);
      mirrors.set(r, mirror);
    }
    const mirrored: string[] = [];
    for (const m of mirrors.values()) mirrored.push(...(await javaFilesUnder(m)));
    const after = await javac(
      mirrored,
      classpath,
      path.join(scratch, "after"),
      projectDir,
      context.deadline,
    );
    if (typeof after === "string") return { ok: false, why: after };
    const back = [...mirrors].map(([r, m]) => fromCopy(m, r));
    const found = after.map((d) => back.reduce((x, f) => f(x), d));
    remember(afterKey, found);
    return { ok: true, before, after: found };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export const javaChecker: LanguageChecker = { name: "javac", languages: ["java"], check };
