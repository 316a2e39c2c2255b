/**
 * The Go side of `npm run bench:real` (issue 35): a module's units, Go's own
 * check of a tree (`go build`, `go vet`, `go test`, offline, with the bench's
 * own caches) and gofmt as its linter. No baseline here: Debian's gopls
 * (0.5.0) has no "move to a new file", so the compiler and the tests alone
 * judge.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CACHE } from "./cache.ts";
import type { Found } from "./classes.ts";
import type { Candidate } from "./units.ts";

const GO_ENV = {
  GOCACHE: path.join(CACHE, "tools", "go-build"),
  GOPATH: path.join(CACHE, "tools", "go-path"),
  GOFLAGS: "-mod=mod",
  GOPROXY: "off",
  GOTOOLCHAIN: "local",
  GOTELEMETRY: "off",
  CGO_ENABLED: "0",
};

function go(args: string[], cwd: string): { status: number | null; output: string } {
  const run = spawnSync("go", args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...GO_ENV },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The module's Go files, root-relative, without testdata or vendored code. */
function goFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".go") && !/(^|\/)(testdata|vendor)\//.test(f));
}

const dirOf = (p: string) => path.posix.dirname(p);

/**
 * The units a move may draw: exported top-level functions, types, and
 * single constants and variables of the module's non-test files (methods
 * move with their types). `importers`: the other files that name it, as
 * `pkg.Name` in another package or `Name` in its own.
 */
export function goUnits(root: string): { units: Candidate[]; dirs: string[] } {
  const files = goFiles(root);
  const texts = new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
  const packageOf = (text: string) => /^package\s+(\w+)/m.exec(text)?.[1] ?? "";
  const units: Candidate[] = [];
  const dirs = new Set<string>();
  for (const file of files) {
    if (file.endsWith("_test.go")) continue;
    const text = texts.get(file) ?? "";
    const pkg = packageOf(text);
    if (pkg === "main") continue;
    dirs.add(dirOf(file));
    for (const m of text.matchAll(/^(?:func|type|var|const)\s+([A-Z]\w*)/gm)) {
      const name = m[1] as string;
      const qualified = new RegExp(`\\b${pkg}\\.${name}\\b`);
      const bare = new RegExp(`\\b${name}\\b`);
      let importers = 0;
      for (const [other, otherText] of texts) {
        if (other === file) continue;
        const same = dirOf(other) === dirOf(file) && packageOf(otherText) === pkg;
        if (same ? bare.test(otherText) : qualified.test(otherText)) importers++;
      }
      units.push({ path: file, name, importers });
    }
  }
  return { units, dirs: [...dirs] };
}

/**
 * Which units Go itself would let move into a new package of their own
 * (bench/real/go-movable.go, with go/types: the unexported names they need
 * can go along, no unexported field or method crosses, no import cycle
 * closes): the draw's moves across packages are drawn from these, as a Go
 * developer moves what Go permits. Each unit's reason where it may not
 * (undefined: it may).
 */
export function goMovable(
  root: string,
  units: readonly Candidate[],
): Map<string, string | undefined> {
  const run = spawnSync("go", ["run", path.join(import.meta.dirname, "go-movable.go"), root], {
    cwd: root,
    input: JSON.stringify(units.map((u) => ({ path: u.path, name: u.name }))),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...GO_ENV },
  });
  if (run.status !== 0) throw new Error(`go-movable.go failed: ${run.stderr.slice(0, 2000)}`);
  const verdicts = JSON.parse(run.stdout) as { path: string; name: string; reason?: string }[];
  return new Map(verdicts.map((v) => [`${v.path}#${v.name}`, v.reason]));
}

/** A Go message's position (`a/b.go:12:3: `) split off: the file, and the message alone. */
function located(line: string): { file: string; message: string } | undefined {
  const m = /^\s*(?:vet: )?\.?\/?([\w./-]+\.go):\d+(?::\d+)?:\s*(.*)$/.exec(line);
  return m?.[1] ? { file: m[1], message: m[2] ?? "" } : undefined;
}

/**
 * Go's check of the tree at `root`: what `go build ./...` and `go vet ./...`
 * report (vet builds the tests too), then each test `go test ./...` fails,
 * and each package whose tests cannot build or run.
 */
export function goCheck(root: string, untested?: string): Found[] {
  const found: Found[] = [];
  for (const [code, args] of [
    ["build", ["build", "./..."]],
    ["vet", ["vet", "-composites=false", "./..."]],
  ] as const) {
    const run = go([...args], root);
    if (run.status === 0) continue;
    for (const line of run.output.split("\n")) {
      const at = located(line);
      if (at) found.push({ file: at.file, code, message: at.message });
    }
  }
  // Without the subset of vet go test runs again: vet has run every check on the tests too.
  const tests = go(["test", "-vet=off", "-count=1", ...testedPackages(root, untested)], root);
  if (tests.status !== 0)
    for (const line of tests.output.split("\n")) {
      const failed = /^\s*--- FAIL: (\S+)/.exec(line);
      if (failed?.[1]) found.push({ file: "(tests)", code: "test", message: failed[1] });
      // A package that fails as a whole: it does not build (`[build failed]`), or its test
      // binary panicked or ran past its deadline (`FAIL pkg 600.01s`, no `--- FAIL` line).
      const pkg = /^FAIL\s+(\S+)\s+(.+)$/.exec(line);
      if (pkg?.[1])
        found.push({
          file: pkg[1],
          code: "test",
          message: `${pkg[1]}: ${/^\[.+\]$/.test(pkg[2] ?? "") ? pkg[2] : "fails"}`,
        });
    }
  return found;
}

/** The module's packages but those at or below `untested` (GoProjectSpec.untested), as go test takes them. */
function testedPackages(root: string, untested: string | undefined): string[] {
  if (!untested) return ["./..."];
  const listed = go(["list", "-f", "{{.Dir}}", "./..."], root);
  return listed.output
    .split("\n")
    .filter((dir) => dir.startsWith(root))
    .map((dir) => path.relative(root, dir))
    .filter((rel) => rel !== untested && !rel.startsWith(`${untested}/`))
    .map((rel) => `./${rel}`);
}

/**
 * gofmt's linting of `files`: each line it would change (`gofmt -d`'s removed
 * and added lines), by its text and not its file, so that a line the unit
 * brought from a file gofmt would already have changed (a doc comment Go 1.19
 * makes a heading) is not new where it lands; what the move laid out is.
 */
export function goLint(root: string, files: string[]): Found[] {
  const go = files.filter((f) => f.endsWith(".go"));
  if (!go.length) return [];
  const run = spawnSync("gofmt", ["-d", ...go], { cwd: root, encoding: "utf8" });
  const out: Found[] = [];
  let file = "";
  for (const line of run.stdout.split("\n")) {
    const header = /^diff (\S+)\.orig /.exec(line);
    if (header) file = header[1] ?? "";
    else if (/^[-+](?!--|\+\+)/.test(line))
      out.push({ file, code: "lint", message: `gofmt would change: ${line.trim()}` });
  }
  return out;
}
