/**
 * The Java side of `npm run bench:real` (issue 35): a library's public
 * top-level types, and javac's check of its sources and tests (Debian's JDK),
 * then its JUnit tests (Debian's JUnit 4). No baseline here (no Java
 * refactoring tool ships in Debian without an IDE), so the compiler and the
 * tests judge.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Found } from "./classes.ts";
import type { Candidate } from "./units.ts";

/** The `.java` files of `dirs` (root-relative), without module-info (the library is compiled as classes). */
function javaFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    (readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .map((f) => `${dir}/${f.split(path.sep).join("/")}`)
      .filter((f) => f.endsWith(".java") && !f.endsWith("module-info.java")),
  );
}

/**
 * The units a move may draw: each file's public top-level type named as its
 * file is. `importers`: the other files that name it.
 */
export function javaUnits(
  root: string,
  dirs: readonly string[],
): { units: Candidate[]; packages: string[] } {
  const files = javaFiles(root, dirs);
  const texts = new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
  const units: Candidate[] = [];
  const packages = new Set<string>();
  for (const file of files) {
    const name = path.posix.basename(file, ".java");
    const text = texts.get(file) ?? "";
    if (
      !new RegExp(
        `^public\\s+(?:(?:final|abstract|static)\\s+)*(?:class|interface|enum|@interface)\\s+${name}\\b`,
        "m",
      ).test(text)
    )
      continue;
    // Units go to another package of the main source directory.
    if (file.startsWith(`${dirs[0]}/`)) packages.add(path.posix.dirname(file));
    const word = new RegExp(`\\b${name}\\b`);
    let importers = 0;
    for (const [other, otherText] of texts) if (other !== file && word.test(otherText)) importers++;
    units.push({ path: file, name, importers });
  }
  return { units, packages: [...packages] };
}

/**
 * javac's errors over every source of `dirs` in the tree at `root`, each in
 * its file; then, with `tests` (their sources compiled with the rest), each
 * JUnit test that fails (`name(Class)`), and each test class that cannot run.
 */
export function javaCheck(
  root: string,
  dirs: readonly string[],
  tests?: {
    dirs: readonly string[];
    classpath: readonly string[];
    /** Directories of resources the tests load from the class path, root-relative. */
    resources?: readonly string[];
  },
  jars: readonly string[] = [],
): Found[] {
  const out = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-javac-"));
  const classpath = [
    out,
    ...jars,
    ...(tests?.classpath ?? []),
    ...(tests?.resources ?? []).map((dir) => path.join(root, dir)),
  ].join(path.delimiter);
  try {
    const run = spawnSync(
      "javac",
      [
        "-d",
        out,
        "-cp",
        classpath,
        "-encoding",
        "UTF-8",
        "-nowarn",
        "-Xmaxerrs",
        "1000",
        ...javaFiles(root, [...dirs, ...(tests?.dirs ?? [])]),
      ],
      { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const found: Found[] = [];
    for (const line of `${run.stdout}${run.stderr}`.split("\n")) {
      const m = /^(.+?\.java):\d+: error: (.*)$/.exec(line);
      if (m?.[1]) found.push({ file: m[1], code: "javac", message: m[2] ?? "" });
    }
    if (run.status !== 0 && !found.length)
      found.push({
        file: "(sources)",
        code: "javac",
        message: `${run.stderr}`.trim().slice(0, 300),
      });
    if (run.status !== 0 || !tests) return found;
    // The test classes by their package declarations, wherever their files are.
    const classes = javaFiles(root, tests.dirs)
      .filter((f) => f.endsWith("Test.java"))
      .map((f) => {
        const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(readFileSync(path.join(root, f), "utf8"));
        return `${pkg ? `${pkg[1]}.` : ""}${path.posix.basename(f, ".java")}`;
      });
    const junit = spawnSync("java", ["-cp", classpath, "org.junit.runner.JUnitCore", ...classes], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const line of `${junit.stdout}${junit.stderr}`.split("\n")) {
      const failed = /^\d+\) (\S+)$/.exec(line);
      if (failed?.[1]) found.push({ file: "(tests)", code: "test", message: failed[1] });
    }
    return found;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
