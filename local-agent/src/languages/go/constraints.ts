/**
 * Where Go builds a file: its build constraint (`//go:build appengine || js`
 * above its package clause) and the GOOS and GOARCH its name implies
 * (`util_windows.go`, `asm_linux_amd64.go`). A unit moved out of such a file
 * takes the constraint into a new file, or the new file would be built where
 * the old one was not (goldmark's `util_safe.go` and `util_unsafe_go121.go`
 * each declare `StringToReadOnlyBytes`); into an existing file only where
 * that file is built in the same places. Pure: texts and paths in, no disk.
 */

/** GOOS values Go's file names select by (go/build's knownOS). */
const OS = new Set(
  "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos".split(
    " ",
  ),
);
/** GOARCH values (go/build's knownArch). */
const ARCH = new Set(
  "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm".split(
    " ",
  ),
);

/** Where a file is built: its `//go:build` expression (or none) and the tags its name implies. */
export interface BuildConstraint {
  /** The expression of its `//go:build` line, as written; undefined where it has none. */
  expression: string | undefined;
  /** Its constraint lines as written (`//go:build …` and any `// +build …`), each with its newline. */
  lines: string;
  /** GOOS and GOARCH its name implies, in the name's order (`["linux", "amd64"]`). */
  nameTags: string[];
}

/** The GOOS and GOARCH a file's name implies, as go/build's goodOSArchFile reads it. */
export function nameTags(path: string): string[] {
  const base = (path.split("/").pop() ?? "").replace(/\.go$/, "").replace(/_test$/, "");
  const parts = base.split("_");
  // The first part is the name itself: `linux.go` implies nothing.
  if (parts.length < 2) return [];
  const last = parts[parts.length - 1] ?? "";
  const before = parts.length >= 3 ? (parts[parts.length - 2] ?? "") : "";
  if (ARCH.has(last) && OS.has(before)) return [before, last];
  if (OS.has(last) || ARCH.has(last)) return [last];
  return [];
}

/** The constraint of `text` (a Go file at `path`): the lines above its package clause, and its name's tags. */
export function constraintOf(text: string, path: string): BuildConstraint {
  const clause = /^[ \t]*package\b/m.exec(text);
  let expression: string | undefined;
  let lines = "";
  const plus: string[] = [];
  for (const line of text.slice(0, clause?.index ?? 0).split("\n")) {
    const build = /^\/\/go:build\s+(.+?)\s*$/.exec(line);
    if (build?.[1]) expression = build[1];
    const old = /^\/\/ \+build\s+(.+?)\s*$/.exec(line);
    if (old?.[1]) plus.push(old[1]);
    if (build || old) lines += `${line.trimEnd()}\n`;
  }
  // Only `// +build` lines (before Go 1.17): what they say, as a `//go:build` line would.
  if (expression === undefined && plus.length) {
    expression = goBuildOf(plus);
    lines = `//go:build ${expression}\n${lines}`;
  }
  return { expression, lines, nameTags: nameTags(path) };
}

/**
 * `// +build` lines' expressions as one of `//go:build`, as gofmt writes it
 * (go/build/constraint's PlusBuildLines read back): a line's space-separated
 * terms are or'ed, a term's comma-separated tags and'ed, the lines and'ed;
 * an `&&` inside `||`, and an `||` inside `&&`, in parentheses.
 */
export function goBuildOf(plusLines: readonly string[]): string {
  const lines = plusLines.map((line) => {
    const terms = line.split(/\s+/).map((term) => term.split(",").join(" && "));
    return terms.length > 1
      ? terms.map((t) => (t.includes("&&") ? `(${t})` : t)).join(" || ")
      : (terms[0] ?? "");
  });
  return lines.length > 1
    ? lines.map((l) => (l.includes("||") ? `(${l})` : l)).join(" && ")
    : (lines[0] ?? "");
}

/** One expression for where `c` builds: its line's and its name's tags, joined by `&&`; undefined where it builds everywhere. */
export function whereBuilt(c: BuildConstraint): string | undefined {
  const parts = [...(c.expression ? [c.expression] : []), ...c.nameTags];
  if (parts.length <= 1) return parts[0];
  return parts.map((p) => (/[|&]/.test(p) ? `(${p})` : p)).join(" && ");
}

/** `a` and `b` build in the same places, as written (the same expression and name tags). */
export function sameConstraint(a: BuildConstraint, b: BuildConstraint): boolean {
  const norm = (c: BuildConstraint) => (whereBuilt(c) ?? "").replace(/\s+/g, "");
  return norm(a) === norm(b);
}

/**
 * The constraint lines a new file at `destPath` takes so that it builds where
 * `source` did: the old lines as written where the new name implies the same
 * tags, else one `//go:build` line of both; undefined where the new name
 * implies a tag the old file did not have (it would build in fewer places).
 */
export function carriedLines(source: BuildConstraint, destPath: string): string | undefined {
  const destTags = nameTags(destPath);
  if (destTags.some((t) => !source.nameTags.includes(t))) return undefined;
  const missing = source.nameTags.filter((t) => !destTags.includes(t));
  if (!missing.length) return source.lines;
  const where = whereBuilt({ ...source, nameTags: missing });
  return `//go:build ${where}\n`;
}

/** Where `c` builds, in words: `only where \`appengine || js\``, or `everywhere`. */
function builtWhere(c: BuildConstraint): string {
  const where = whereBuilt(c);
  return where ? `only where \`${where}\`` : "everywhere";
}

/**
 * What a move from the file `source` into `dest` does with where Go builds
 * the unit: the lines a new file (`dest.fresh`, no package clause yet) takes
 * ("" for none), or why it cannot go there.
 */
export function constraintMove(
  source: { path: string; text: string },
  dest: { path: string; text: string; fresh: boolean },
): { lines: string } | { blocked: string } {
  const from = constraintOf(source.text, source.path);
  if (dest.fresh) {
    const lines = carriedLines(from, dest.path);
    return lines !== undefined
      ? { lines }
      : {
          blocked: `${dest.path} would be built ${builtWhere(constraintOf("", dest.path))} (its name), and ${source.path} is built ${builtWhere(from)}: name the new file without that suffix.`,
        };
  }
  const to = constraintOf(dest.text, dest.path);
  return sameConstraint(from, to)
    ? { lines: "" }
    : {
        blocked: `${source.path} is built ${builtWhere(from)} and ${dest.path} ${builtWhere(to)}: the unit would be built where it was not, or not where it was. Move it into a file built in the same places, or into a new one, which takes the old one's constraint.`,
      };
}
