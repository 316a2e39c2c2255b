import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answerMismatch, askedOf } from "../../src/core/answer-check.ts";
import type { BuildCheck, Edit, EditResult } from "../../src/shared/bridge/protocol.ts";
import { applyOp, readOp, type Workspace } from "../src/file-ops.ts";
import { Journal } from "../src/journal.ts";
import { PathLocks } from "../src/locks.ts";
import { DEFAULT_DENY } from "../src/paths.ts";

/**
 * Moves on small projects, as the edge asks for them (a removal by focus, a
 * paste at the end of the destination, carry_imports), and the language's own
 * check of what they leave: the harness of the move invariant
 * (move-invariant.ts) and of the planners' end-to-end tests.
 */

const REPO = path.join(import.meta.dirname, "..", "..");
const TSC = path.join(REPO, "node_modules", "typescript", "bin", "tsc");
const JAVAC_SERVER = path.join(import.meta.dirname, "support", "JavacServer.java");
/** Debian's python3, which has pyflakes (the CI installs python3-pyflakes). */
export const PYTHON = "/usr/bin/python3";

export interface Project {
  ws: Workspace;
  root: string;
  read(name: string): string;
  files(): Record<string, string>;
}

/** The directories this harness made (projects, javac's classes), until `removeProjects`. */
const made: string[] = [];

/** Removes every project made so far: a test file's `afterAll`. */
export function removeProjects(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A workspace rooted at a new directory holding `files`. */
export function projectOf(files: Record<string, string>): Project {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-moves-")));
  made.push(base);
  const root = path.join(base, "root");
  mkdirSync(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const ws: Workspace = {
    sandbox: { roots: [root], deny: [...DEFAULT_DENY] },
    readOnly: false,
    journal: new Journal(path.join(base, "journal"), "http://test"),
    locks: new PathLocks(),
  };
  return {
    ws,
    root,
    read: (name) => readFileSync(path.join(root, name), "utf8"),
    files: () => {
      const out: Record<string, string> = {};
      for (const name of readdirSync(root, { recursive: true }) as string[]) {
        const full = path.join(root, name);
        try {
          out[name.split(path.sep).join("/")] = readFileSync(full, "utf8");
        } catch {
          // a directory
        }
      }
      return out;
    },
  };
}

let op = 0;

export interface Moved {
  ok: boolean;
  /** What the build guard found, when asked for (`guard`). */
  check?: BuildCheck | undefined;
  /** The refusal's code and message, when refused. */
  error?: { code: string; message: string };
  results: EditResult[];
  /** Every line the receipt's `not followed:` would hold. */
  unresolved: string[];
  /** Paths the move wrote (or would write), as results name them. */
  written: string[];
}

/** Moves symbol `name` of `from` to the end of `to` (created if missing), as `move {from: "from#name", to}` does. */
export async function moveSymbol(
  project: Project,
  from: string,
  name: string,
  to: string,
  dryRun = false,
  guard?: "refuse" | "keep",
): Promise<Moved> {
  const read = await readOp(project.ws, { path: from, select: { focus: name } });
  if (!read.ok) return { ok: false, error: read.error, results: [], unresolved: [], written: [] };
  const edits: Edit[] = [
    { kind: "paste", path: from, mode: "replace_lines", text: 0, select: { focus: name } } as Edit,
    { kind: "paste", path: to, mode: "append", text: 1, create_if_missing: true } as Edit,
  ];
  const r = await applyOp(project.ws, {
    context: { session: "default", op: ++op },
    dry_run: dryRun,
    syntax_guard: "refuse",
    texts: ["", read.value.text],
    edits,
    carry_imports: { from: 0, to: 1 },
    ...(guard ? { build_guard: guard } : {}),
  });
  if (!r.ok) return { ok: false, error: r.error, results: [], unresolved: [], written: [] };
  const results = r.value.result.results;
  // The edge takes nothing from an answer that is not one to what it asked (src/core/answer-check.ts).
  const mismatch = answerMismatch(askedOf(edits, 10_000), results);
  if (mismatch) throw new Error(`the edge would refuse this answer: ${mismatch}`);
  return {
    ok: true,
    check: r.value.result.check,
    results,
    unresolved: results.flatMap((x) => x.imports?.unresolved ?? []),
    written: results.map((x) => x.path),
  };
}

/** Files of `root` (root-relative) and what the check found in each. */
export type Findings = Map<string, string[]>;

function add(found: Findings, file: string, message: string): void {
  found.set(file, [...(found.get(file) ?? []), message]);
}

/**
 * TypeScript's own check (`tsc --noEmit -p <root>`, TypeScript 7, the
 * project's settings from its tsconfig.json), by file. JavaScript projects
 * set `allowJs` and `checkJs` there: TypeScript follows CommonJS `require`
 * and `module.exports` too.
 */
export function checkTypeScript(root: string): Findings {
  const run = spawnSync(process.execPath, [TSC, "--noEmit", "--pretty", "false", "-p", "."], {
    cwd: root,
    encoding: "utf8",
  });
  const found: Findings = new Map();
  for (const line of `${run.stdout}${run.stderr}`.split("\n")) {
    const m = /^(.+?)\(\d+,\d+\): error (TS\d+: .*)$/.exec(line.trim());
    if (m?.[1] && m[2]) add(found, path.relative(root, path.resolve(root, m[1])), m[2]);
    else if (/error TS\d+/.test(line)) add(found, "(project)", line.trim());
  }
  return found;
}

/** The innermost frame of `stack` that is a file under `root`, root-relative. */
function innermost(stack: string, root: string, pattern: RegExp): string | undefined {
  let last: string | undefined;
  for (const m of stack.matchAll(pattern)) {
    const file = m[1];
    if (file?.startsWith(`${root}/`)) last = path.relative(root, file);
  }
  return last;
}

/**
 * Runs each of `scripts` (root-relative `*.check.js` / `.mjs` / `.cjs`) with
 * Node: a throw is a finding of the file whose frame is innermost (for a
 * module that cannot be found, the file that asked for it).
 */
export function runNodeChecks(root: string, scripts: string[]): Findings {
  const found: Findings = new Map();
  for (const script of scripts) {
    const run = spawnSync(process.execPath, [path.join(root, script)], {
      cwd: root,
      encoding: "utf8",
    });
    if (run.status === 0) continue;
    const err = run.stderr;
    // A syntax error names its file first (`/…/util.js:2`); a module not found, the file that
    // asked for it (the require stack's first, or `imported from`); else the innermost frame.
    const syntax = /^(\/\S+?):\d+$/m.exec(err)?.[1];
    const missing = /Cannot find module|ERR_MODULE_NOT_FOUND/.test(err)
      ? (/Require stack:\n- (\S+)/.exec(err)?.[1] ?? /imported from (\S+)/.exec(err)?.[1])
      : undefined;
    const at = (file: string | undefined) =>
      file?.startsWith(`${root}/`)
        ? path.relative(root, file.replace(/^file:\/\//, ""))
        : undefined;
    const file =
      at(syntax) ??
      at(missing?.replace(/^file:\/\//, "")) ??
      innermost(err, root, /\(?(\/[^\s():]+):\d+(?::\d+)?\)?/g) ??
      script;
    add(found, file, err.split("\n").find((l) => /Error|error/.test(l)) ?? err.slice(0, 200));
  }
  return found;
}

/**
 * Python's check from `importRoot` (a root-relative directory on sys.path):
 * pyflakes on every module, each module imported in a fresh process, and
 * each `test_*.py` run as a script; a failure is a finding of the innermost
 * project file in its traceback.
 */
export function checkPython(root: string, importRoot = "."): Findings {
  const found: Findings = new Map();
  const base = path.join(root, importRoot);
  const modules = (readdirSync(base, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".py"));
  const flakes = spawnSync(PYTHON, ["-m", "pyflakes", ...modules], { cwd: base, encoding: "utf8" });
  for (const line of flakes.stdout.split("\n")) {
    const m = /^(.+?\.py):\d+:\d+:? (.*)$/.exec(line.trim());
    // What a real break looks like: a name used and defined nowhere (NameError when it runs),
    // or imported and never used (a finding the untouched project did not have).
    if (m?.[1] && m[2] && !noqa(path.join(base, m[1]), line, m[2]))
      add(found, path.join(importRoot, m[1]), `pyflakes: ${m[2]}`);
  }
  const env = { ...process.env, PYTHONPATH: base, PYTHONDONTWRITEBYTECODE: "1" };
  const traceback = /File "([^"]+)", line \d+/g;
  for (const module of modules) {
    const dotted = module
      .replace(/\.py$/, "")
      .replace(/\/__init__$/, "")
      .split("/")
      .join(".");
    const isTest = /(^|\/)test_[^/]*\.py$/.test(module);
    const run = isTest
      ? spawnSync(PYTHON, [path.join(base, module)], { cwd: base, encoding: "utf8", env })
      : spawnSync(PYTHON, ["-c", `import ${dotted}`], { cwd: base, encoding: "utf8", env });
    if (run.status === 0) continue;
    const file = innermost(run.stderr, root, traceback) ?? path.join(importRoot, module);
    const last = run.stderr.trim().split("\n").at(-1) ?? "";
    add(found, path.normalize(file), `${isTest ? "test" : "import"}: ${last}`);
  }
  return found;
}

/** pyflakes' messages by the codes flake8 and ruff, which run its checks as their F rules, give them. */
const FLAKE_CODES: [RegExp, string][] = [
  [/imported but unused/, "F401"],
  [/import \*' used; unable to detect undefined names/, "F403"],
  [/may be undefined, or defined from star imports/, "F405"],
  [/redefinition of unused/, "F811"],
  [/undefined name/, "F821"],
  [/assigned to but never used/, "F841"],
];

/** Whether a pyflakes finding's line says `# noqa` (all) or `# noqa: …` with its code, as flake8 and ruff read it. */
function noqa(file: string, finding: string, message: string): boolean {
  const at = Number(/\.py:(\d+):/.exec(finding)?.[1] ?? 0);
  const text = readFileSync(file, "utf8").split("\n")[at - 1] ?? "";
  const m = /#\s*noqa(?::\s*([A-Z]+\d+(?:[,\s]+[A-Z]+\d+)*))?/i.exec(text);
  if (!m) return false;
  const code = FLAKE_CODES.find(([re]) => re.test(message))?.[1];
  return m[1] === undefined || (code !== undefined && m[1].split(/[,\s]+/).includes(code));
}

/** Python tests outside the import root (a `src/` layout's tests/), run with it on the path. */
export function runPythonTests(
  root: string,
  importRoot: string,
  tests: readonly string[],
): Findings {
  const found: Findings = new Map();
  const env = {
    ...process.env,
    PYTHONPATH: path.join(root, importRoot),
    PYTHONDONTWRITEBYTECODE: "1",
  };
  for (const test of tests) {
    const run = spawnSync(PYTHON, [path.join(root, test)], { cwd: root, encoding: "utf8", env });
    if (run.status === 0) continue;
    const file = innermost(run.stderr, root, /File "([^"]+)", line \d+/g) ?? test;
    add(found, path.normalize(file), `test: ${run.stderr.trim().split("\n").at(-1) ?? ""}`);
  }
  return found;
}

/** Whether `line`s name `file` (as a path, or a Python module's dotted name). */
export function named(lines: readonly string[], file: string): boolean {
  const dotted = file
    .replace(/\.py$/, "")
    .replace(/\/__init__$/, "")
    .split("/")
    .join(".");
  return lines.some((l) => l.includes(file) || (file.endsWith(".py") && l.includes(dotted)));
}

/** Go's toolchain (Debian's golang-go; the CI installs it). */
export const GO = "go";

/**
 * Go's own check of a module at `root`: `go vet ./...` (which builds every
 * package with its tests), then `go test ./...` (which runs them), offline,
 * with caches of its own; and gofmt's layout. A finding is a file Go names
 * (`util/util.go:3:2: …`).
 */
export function checkGo(root: string): Findings {
  const found: Findings = new Map();
  // One build cache for every check (Go's is safe to share): the standard library and the
  // test runner are compiled once, not once a project.
  const cache = path.join(tmpdir(), "edgeclip-test-go-cache");
  const env = {
    ...process.env,
    GOCACHE: path.join(cache, "build"),
    GOPATH: path.join(path.dirname(root), "go-path"),
    GOFLAGS: "-mod=mod",
    GOPROXY: "off",
    GOTOOLCHAIN: "local",
    GOTELEMETRY: "off",
    CGO_ENABLED: "0",
  };
  for (const args of [
    ["vet", "./..."],
    // Without the subset of vet's checks `go test` runs again: vet has run them all, test files too.
    ["test", "-vet=off", "-count=1", "./..."],
  ]) {
    const run = spawnSync(GO, args, { cwd: root, encoding: "utf8", env });
    if (run.status === 0) continue;
    let any = false;
    for (const line of `${run.stdout}${run.stderr}`.split("\n")) {
      const m = /^\s*(?:vet: )?(\.?\/?[\w./-]+\.go):\d+(?::\d+)?:\s*(.*)$/.exec(line);
      if (!m?.[1]) continue;
      any = true;
      add(found, path.normalize(m[1].replace(/^\.\//, "")), `go ${args[0]}: ${m[2] ?? ""}`);
    }
    if (!any)
      add(found, "(module)", `go ${args[0]}: ${`${run.stdout}${run.stderr}`.trim().slice(0, 300)}`);
    break;
  }
  // gofmt's layout too: a move leaves no file it would reformat.
  const fmt = spawnSync("gofmt", ["-l", "."], { cwd: root, encoding: "utf8" });
  for (const file of fmt.stdout.split("\n").filter(Boolean))
    add(found, file, "gofmt would reformat it");
  return found;
}

/**
 * javac and java in one JVM kept warm (support/JavacServer.java), for every
 * check of the process: a JVM's start and javac's warm-up are most of a
 * check of a few small files. Requests go one at a time.
 */
let javaServer: { child: ChildProcess; replies: ((reply: string) => void)[] } | undefined;
let javaTurn: Promise<unknown> = Promise.resolve();

/** A pipe's handle, to let the process end while it is open (a net.Socket's ref and unref). */
const handleOf = (stream: unknown) => stream as { ref(): void; unref(): void } | null | undefined;

/** The server's exit status and output for one request (`javac ARG…`, `run CLASSPATH CLASS`). */
function javaTool(request: string[]): Promise<{ status: number; output: string }> {
  const ask = async () => {
    if (!javaServer || javaServer.child.exitCode !== null || javaServer.child.killed) {
      const child = spawn("java", ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", JAVAC_SERVER], {
        stdio: ["pipe", "pipe", "inherit"],
      });
      const server = { child, replies: [] as ((reply: string) => void)[] };
      let heard = "";
      child.stdout?.setEncoding("utf8");
      child.stdout?.on("data", (chunk: string) => {
        heard += chunk;
        for (let end = heard.indexOf("\n\u0004\n"); end !== -1; end = heard.indexOf("\n\u0004\n")) {
          server.replies.shift()?.(heard.slice(0, end));
          heard = heard.slice(end + 3);
        }
      });
      child.on("exit", () => {
        for (const reply of server.replies.splice(0)) reply("1\njava: the server ended");
      });
      // The tests' process ends without waiting for it (it ends when its stdin closes), yet
      // waits for a reply it asked for.
      child.unref();
      for (const stream of [child.stdin, child.stdout]) handleOf(stream)?.unref();
      javaServer = server;
    }
    const server = javaServer;
    const stdout = handleOf(server.child.stdout);
    stdout?.ref();
    const reply = await new Promise<string>((resolve) => {
      server.replies.push(resolve);
      server.child.stdin?.write(`${request.join("\t")}\n`);
    });
    stdout?.unref();
    const newline = reply.indexOf("\n");
    return { status: Number(reply.slice(0, newline)), output: reply.slice(newline + 1) };
  };
  const turn = javaTurn.then(ask, ask);
  javaTurn = turn;
  return turn;
}

/**
 * Java's own check: `javac` over every `.java` file of the tree (Debian's
 * default-jdk-headless; the CI installs it), classes written outside it, each
 * class with a main method then run. A finding is a file javac names
 * (`src/A.java:3: error: …`).
 */
export async function checkJava(root: string): Promise<Findings> {
  const found: Findings = new Map();
  const sources = (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".java"));
  if (!sources.length) return found;
  const out = mkdtempSync(path.join(tmpdir(), "edgeclip-javac-"));
  made.push(out);
  const run = await javaTool([
    "javac",
    "-d",
    out,
    "-encoding",
    "UTF-8",
    ...sources.map((f) => path.join(root, f)),
  ]);
  if (run.status === 0) {
    // Resources beside the classes, as Maven's build puts them (`src/main/resources/com/acme/x`
    // at `com/acme/x` on the class path).
    for (const file of (readdirSync(root, { recursive: true }) as string[]).map((f) =>
      f.split(path.sep).join("/"),
    )) {
      const m = /^src\/[^/]+\/resources\/(.+)$/.exec(file);
      if (!m?.[1] || !statSync(path.join(root, file)).isFile()) continue;
      mkdirSync(path.dirname(path.join(out, m[1])), { recursive: true });
      copyFileSync(path.join(root, file), path.join(out, m[1]));
    }
    // Each class with a main method runs: a test of the moved code's behaviour.
    for (const main of sources.filter((f) =>
      /static void main\(/.test(readFileSync(path.join(root, f), "utf8")),
    )) {
      // The class by its package declaration, in whichever source root it is.
      const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(readFileSync(path.join(root, main), "utf8"));
      const cls = `${pkg ? `${pkg[1]}.` : ""}${path.posix.basename(main, ".java")}`;
      const exec = await javaTool(["run", out, cls]);
      if (exec.status !== 0) add(found, main, `java: ${exec.output.trim().split("\n")[0] ?? ""}`);
    }
    return found;
  }
  for (const line of run.output.split("\n")) {
    const m = /^(.+?\.java):\d+: error: (.*)$/.exec(line);
    if (m?.[1]) add(found, path.relative(root, m[1]), `javac: ${m[2] ?? ""}`);
  }
  if (!found.size) add(found, "(tree)", `javac: ${run.output.trim().slice(0, 300)}`);
  return found;
}

/**
 * Rust's own check: `cargo check --offline` of the crate at `root` (std
 * only), its tests too, warnings included (an unused `use` the move left is
 * one the untouched crate did not have). A finding is a file cargo names.
 */
export function checkRust(root: string): Findings {
  const found: Findings = new Map();
  const target = path.join(path.dirname(root), "cargo-target");
  const run = spawnSync(
    "cargo",
    ["check", "--offline", "--all-targets", "--keep-going", "--message-format", "short"],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CARGO_TARGET_DIR: target, CARGO_TERM_COLOR: "never" },
    },
  );
  for (const line of `${run.stdout}${run.stderr}`.split("\n")) {
    const m = /^(\S+\.rs):\d+:\d+: (error|warning)(?:\[\w+\])?: (.*)$/.exec(line.trim());
    if (m?.[1]) add(found, path.normalize(m[1]), `cargo ${m[2]}: ${m[3] ?? ""}`);
  }
  if (run.status !== 0 && !found.size)
    add(found, "(crate)", `cargo: ${`${run.stdout}${run.stderr}`.trim().slice(-300)}`);
  return found;
}
