/**
 * The Rust side of `npm run bench:real` (issue 35): a crate's units (each
 * member's, in a workspace), Cargo's own check of a tree (`cargo check
 * --workspace --all-targets`, its errors and its warnings, then `cargo test`; offline, with the bench's own Cargo home and
 * builds, cache.ts CARGO_ENV) and Clippy as its linter. No baseline here:
 * rust-analyzer is not among Debian's packages, so the compiler and the
 * tests alone judge.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CARGO_ENV } from "./cache.ts";
import type { Found } from "./classes.ts";
import type { Candidate } from "./units.ts";

/** `cargo <args>` in `cwd`, its output and errors in one stream, in the order written. */
function cargo(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): { status: number | null; output: string } {
  const run = spawnSync("sh", ["-c", 'exec cargo "$@" 2>&1', "cargo", ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...CARGO_ENV, ...DETERMINISTIC, ...env },
  });
  return { status: run.status, output: run.stdout };
}

/**
 * Property tests draw new random inputs on every run (proptest 1.0 takes no
 * seed): nom's `floats` failed once beside a move of `many_m_n`, which it does
 * not read, and passed 20,000 cases on the untouched crate. A judge must give
 * the same answer twice, so they run their recorded failures alone
 * (`proptest-regressions/`), no new draws.
 */
const DETERMINISTIC = { PROPTEST_CASES: "0" };

/** The crate's Rust files, root-relative: its sources, tests, build script. */
function rustFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".rs") && !/(^|\/)target\//.test(f));
}

/** A file's text without its comments (doc comments name types they do not use). */
const withoutComments = (text: string) => text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, " ");

/**
 * A top-level item a move may draw, visible outside its module (`pub`,
 * `pub(crate)`, …): a function, a type (struct, enum, union, alias), a trait,
 * a constant or a static. Not an `impl` (it may be in any module of its
 * crate: it stays) nor a module.
 */
const ITEM =
  /^pub(?:\([^)]*\))?\s+(?:(?:const|async|unsafe|extern\s+"[^"]*")\s+)*(?:fn|struct|enum|union|trait|type|const|static(?:\s+mut)?)\s+([A-Za-z_]\w*)/gm;

/**
 * The directories of a workspace's crates, root-relative ("" for the root's
 * own package): its `[workspace]` `members` (listed, not globbed), and the
 * root when it has a `[package]`. A crate alone is its root.
 */
export function workspaceCrates(root: string): string[] {
  const manifest = readFileSync(path.join(root, "Cargo.toml"), "utf8");
  const workspace = /^\[workspace\][^[]*?^members\s*=\s*\[([^\]]*)\]/ms.exec(manifest);
  if (!workspace?.[1]) return [""];
  const members = [...workspace[1].matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
  return [...(/^\[package\]/m.test(manifest) ? [""] : []), ...members];
}

/**
 * The units a move may draw: the items of each crate's modules (its `src/`,
 * not its binaries: `src/bin/`, and `src/main.rs` beside a library's
 * `lib.rs`). `importers`: the other files of the workspace that name it.
 */
export function rustUnits(root: string): { units: Candidate[]; dirs: string[] } {
  const files = rustFiles(root);
  const code = new Map(
    files.map((f) => [f, withoutComments(readFileSync(path.join(root, f), "utf8"))]),
  );
  const sources = workspaceCrates(root).map((c) => (c ? `${c}/src/` : "src/"));
  const units: Candidate[] = [];
  const dirs = new Set<string>();
  for (const file of files) {
    const src = sources.find((s) => file.startsWith(s));
    const binary =
      src !== undefined &&
      (file.startsWith(`${src}bin/`) ||
        (file === `${src}main.rs` && files.includes(`${src}lib.rs`)));
    if (src === undefined || binary) continue;
    dirs.add(path.posix.dirname(file));
    for (const m of (code.get(file) ?? "").matchAll(ITEM)) {
      const name = m[1] as string;
      const word = new RegExp(`\\b${name}\\b`);
      let importers = 0;
      for (const [other, text] of code) if (other !== file && word.test(text)) importers++;
      units.push({ path: file, name, importers });
    }
  }
  return { units, dirs: [...dirs] };
}

/** A name in Rust's file naming (`VersionReq` → `version_req`): a module's file. */
export function snakeCase(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

interface Diagnostic {
  level: string;
  message: string;
  code: { code: string } | null;
  spans: { file_name: string; line_start: number; is_primary: boolean }[];
}

/**
 * The diagnostics of `cargo … --message-format=json` output, each in its
 * file, once (the library is compiled for itself and for its unit tests):
 * code the error's (E0432) or the lint's (unused_imports, clippy::…).
 */
function diagnostics(output: string): Found[] {
  const found = new Map<string, Found>();
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    const { reason, message } = JSON.parse(line) as { reason: string; message?: Diagnostic };
    if (reason !== "compiler-message" || !message) continue;
    if (message.level !== "error" && message.level !== "warning") continue;
    // A summary ("aborting due to 2 previous errors", "3 warnings emitted") has no place.
    const at = message.spans.find((s) => s.is_primary);
    if (!at) continue;
    const f = { file: at.file_name, code: message.code?.code ?? message.level };
    found.set(`${f.file}:${at.line_start}\0${f.code}\0${message.message}`, {
      ...f,
      message: message.message,
    });
  }
  return [...found.values()];
}

/**
 * Cargo's check of the crate at `root`: each error and warning `cargo check
 * --all-targets` reports (a move must add neither), then, when it builds,
 * each test `cargo test` fails (unit, integration and doc tests), or the run
 * itself when it fails with no test failing.
 */
export function rustCheck(root: string): Found[] {
  const check = cargo(
    ["check", "--offline", "--workspace", "--all-targets", "--keep-going", "--message-format=json"],
    root,
  );
  const found = diagnostics(check.output);
  if (check.status !== 0) {
    if (!found.some((f) => /^E\d+$|^error$/.test(String(f.code))))
      found.push({ file: "(crate)", code: "cargo", message: tail(check.output) });
    return found;
  }
  // The tests judge behaviour; lints are the check's (above). A lint a newer compiler denies
  // in a test the crate's release compiled with its own (num-traits' tests/cast.rs, whose
  // `isize::MAX + 1` in a macro rustc 1.95 denies as `arithmetic_overflow`) would leave no
  // test of that target run, untouched or moved.
  const tests = cargo(["test", "--offline", "--workspace", "--no-fail-fast"], root, {
    RUSTFLAGS: `${process.env.RUSTFLAGS ?? ""} --cap-lints=warn`.trim(),
  });
  let target = "(tests)";
  let failed = 0;
  for (const line of tests.output.split("\n")) {
    const running = /^\s+Running (?:unittests )?(\S+)/.exec(line);
    if (running?.[1]) target = running[1];
    if (/^\s+Doc-tests /.test(line)) target = "(doc tests)";
    const test = /^test (.+) \.\.\. FAILED$/.exec(line);
    if (!test?.[1]) continue;
    failed++;
    // A doc test is named by its file and line (`src/lib.rs - Version::new (line 385)`),
    // which an edit above it changes, and by its module's path, which a move of its item
    // changes (`src/identities.rs - identities::Zero` is `src/zero.rs - zero::Zero` once moved,
    // the same doc test failing as before): it compares by its item within its module (two
    // modules' `Foo::new` compare alike: one failing untouched hides the other's).
    const doc = /^(\S+\.rs) - (.*)$/.exec(test[1]);
    const item = doc?.[2]?.replace(/\s*\(line \d+\)$/, "") || "its module's documentation";
    const within = (file: string) => {
      const module = file
        .replace(/^src\//, "")
        .replace(/(^|\/)(lib|main|mod)\.rs$/, "")
        .replace(/\.rs$/, "")
        .split("/")
        .filter(Boolean)
        .join("::");
      return module && item.startsWith(`${module}::`) ? item.slice(module.length + 2) : item;
    };
    found.push(
      doc?.[1]
        ? { file: doc[1], code: "test", message: `doc test of ${within(doc[1])}` }
        : { file: target, code: "test", message: test[1] },
    );
  }
  // A target that does not build, by its name (the output's last lines vary with the order
  // cargo's jobs end in).
  const unbuilt = [...tests.output.matchAll(/error: could not compile (`[^`]+` \([^)]*\))/g)]
    .map((m) => `could not compile ${m[1]}`)
    .sort();
  if (tests.status !== 0 && !failed)
    found.push({
      file: "(tests)",
      code: "test",
      message: unbuilt.length ? [...new Set(unbuilt)].join("; ") : tail(tests.output),
    });
  return found;
}

/** The last lines of a failed run's output, where Cargo says why. */
const tail = (output: string) =>
  output
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("{"))
    .slice(-3)
    .join(" ")
    .slice(0, 300);

/** Clippy's findings in `files` (root-relative) of the crate at `root`, over all its targets. */
export function rustLint(root: string, files: string[]): Found[] {
  const rust = new Set(files.filter((f) => f.endsWith(".rs")));
  if (!rust.size) return [];
  const run = cargo(
    [
      "clippy",
      "--offline",
      "--workspace",
      "--all-targets",
      "--keep-going",
      "--message-format=json",
    ],
    root,
  );
  return diagnostics(run.output)
    .filter((f) => rust.has(f.file) && String(f.code).startsWith("clippy::"))
    .map((f) => ({ file: f.file, code: "lint", message: `${f.message} (${f.code})` }));
}
