import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Change, CheckContext, Checked, LanguageChecker } from "../check.ts";
import { copyWithMove, fromCopy } from "../copy.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { runTool } from "../tool-run.ts";

/**
 * Rust's build check: `cargo check --workspace --all-targets` (errors and
 * warnings: an import a move leaves unused is a warning) over two copies of
 * the crate's workspace, every member checked (one may depend on another),
 * one as it is and one with the move made, offline (no registry): nothing is written to the project (cargo would write a missing Cargo.lock,
 * and its target/). The copies live in the agent's check cache, one pair per
 * workspace, synced before each check, each with a target directory of its
 * own: cargo fingerprints by path and time, so stable copies keep it warm.
 *
 * Cargo runs code of the project while it checks: build scripts (`build.rs`)
 * and procedural macros, the crate's and its dependencies'. It runs only
 * where the user allowed it for that root (`--allow-build-code DIR`); a
 * crate whose dependency graph has neither is checked without asking, which
 * `cargo metadata` (which runs none) tells.
 */

/** Offline, and no toolchain a file names installed by rustup (its own switch, where it has one). */
const CARGO_ENV = {
  CARGO_NET_OFFLINE: "true",
  CARGO_TERM_COLOR: "never",
  RUSTUP_AUTO_INSTALL: "0",
};

/** What a workspace's copies leave out: its build directory, its history. */
const COPY_SKIPS = ["target", ".git"];

/**
 * The directory a crate is built from: its workspace's (the outermost
 * Cargo.toml within the root that says `[workspace]`), else its own.
 */
function workspaceOf(file: string, roots: readonly string[]): string | undefined {
  const root = roots.find((r) => isInside(r, file));
  if (root === undefined) return undefined;
  let crate: string | undefined;
  let workspace: string | undefined;
  for (let dir = path.dirname(file); isInside(root, dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "Cargo.toml");
    if (existsSync(manifest)) {
      crate ??= dir;
      if (/^\s*\[workspace\]/m.test(readFileSync(manifest, "utf8"))) workspace = dir;
    }
    if (dir === root) break;
  }
  return workspace ?? crate;
}

/** What in the workspace's resolved dependency graph runs code when it is checked: build scripts and macros, by package. */
async function codeRunners(crate: string, deadline: number): Promise<string[] | string> {
  const ran = await runTool("cargo", ["metadata", "--format-version", "1", "--offline"], {
    cwd: crate,
    env: { ...process.env, ...CARGO_ENV },
    deadline,
  });
  if (!ran.ok) return ran.why === "missing" ? "no cargo on PATH" : ran.message;
  const start = ran.output.indexOf("{");
  let metadata: { packages?: { name: string; targets?: { kind?: string[] }[] }[] };
  try {
    metadata = JSON.parse(ran.output.slice(start));
  } catch {
    const first = ran.output.split("\n").find((l) => /error/.test(l)) ?? "cargo metadata failed";
    return `cargo cannot read the crate offline (${first.trim().slice(0, 200)})`;
  }
  const runners: string[] = [];
  for (const p of metadata.packages ?? [])
    for (const t of p.targets ?? [])
      for (const kind of t.kind ?? [])
        if (kind === "custom-build" || kind === "proc-macro")
          runners.push(`${p.name} (${kind === "proc-macro" ? "macros" : "build.rs"})`);
  return [...new Set(runners)];
}

/**
 * What of the project itself would tell cargo or rustup which programs to
 * run, before any build script: `.cargo/config(.toml)` (`rustc-wrapper`,
 * `rustc`, `[env]` for rustc's processes, a `runner`, `linker`), and a
 * `rust-toolchain(.toml)` naming a toolchain by its `path`. Both are read
 * from the directory cargo runs in (the copy's root: the workspace's), so
 * only the workspace's own count; one naming a channel alone runs nothing
 * of the project.
 */
export function cargoSettings(workspace: string): string[] {
  const found: string[] = [];
  for (const name of [".cargo/config.toml", ".cargo/config"])
    if (existsSync(path.join(workspace, name))) found.push(name);
  for (const name of ["rust-toolchain.toml", "rust-toolchain"]) {
    const at = path.join(workspace, name);
    let text: string;
    try {
      const stat = lstatSync(at);
      // A link or a large file is not read (it could be /dev/zero): taken as one naming a path.
      if (!stat.isFile() || stat.size > 64 * 1024) {
        found.push(`${name} (a toolchain by path)`);
        continue;
      }
      text = readFileSync(at, "utf8");
    } catch {
      continue;
    }
    if (!namesChannelOnly(text)) found.push(`${name} (a toolchain by path)`);
  }
  return found;
}

/**
 * A toolchain file that names an installed toolchain and nothing of the
 * project: a bare channel (`stable`, `1.75.0`, `nightly-2024-01-01`), or
 * TOML of `[toolchain]` with `channel`, `profile`, `components` and `targets`
 * only, each value plain words. Anything else (a `path`, in whatever TOML
 * spelling; a channel with a slash) is taken as naming a path.
 */
function namesChannelOnly(text: string): boolean {
  const lines = text
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean);
  if (lines.length === 1 && /^[\w.-]+$/.test(lines[0] ?? "")) return true;
  const value = String.raw`"[\w.-]+"`;
  const entry = new RegExp(
    String.raw`^(?:\[toolchain\]|(?:channel|profile)\s*=\s*${value}|(?:components|targets)\s*=\s*\[\s*(?:${value}\s*,?\s*)*\])$`,
  );
  return lines.every((l) => entry.test(l));
}

/** A `--message-format short` line: `src/lib.rs:3:5: error[E0603]: message` (or `warning: …`). */
const LINE = /^(.+?\.rs):(\d+):\d+: (error|warning)(?:\[(\w+)\])?: (.*)$/;

export function cargoDiagnostics(output: string, cwd: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const m = LINE.exec(line.trim());
    if (m?.[1] && m[2] && m[3] && m[5] !== undefined)
      out.push({
        file: path.resolve(cwd, m[1]),
        line: Number(m[2]),
        code: m[4] ?? "",
        message: m[3] === "warning" ? `warning: ${m[5]}` : m[5],
        // A cfg the crate already names and does not declare: a moved `#[cfg(…)]` says it again.
        ...(m[3] === "warning" && /^unexpected `cfg` condition (?:name|value)/.test(m[5])
          ? { repeats: true as const }
          : {}),
      });
    else if (
      /^error(\[\w+\])?: /.test(line.trim()) &&
      !/could not compile|aborting due to/.test(line)
    )
      out.push({ file: "", line: 0, code: "", message: line.trim() });
  }
  return out;
}

/**
 * `cargo check` of every crate of the workspace at `workspace` (a copy): a
 * change to one member can break another that depends on it, which a check
 * of the member alone would not see.
 */
async function cargoCheck(
  workspace: string,
  target: string,
  deadline: number,
): Promise<Diagnostic[] | string> {
  const run = (keepGoing: boolean) =>
    runTool(
      "cargo",
      [
        "check",
        "--workspace",
        "--all-targets",
        ...(keepGoing ? ["--keep-going"] : []),
        "--offline",
        "--message-format",
        "short",
      ],
      { cwd: workspace, env: { ...process.env, ...CARGO_ENV, CARGO_TARGET_DIR: target }, deadline },
    );
  // Every target as far as it builds: without --keep-going cargo stops at the first target
  // that fails, and which one that is varies from run to run, so an error the project
  // already had (a bench needing nightly) could hide one the move made.
  let ran = await run(true);
  // Cargo before 1.74 rejects the flag, or (1.62–1.73) calls it unstable: a run that names it
  // and no source line is that, and runs again without it.
  if (
    ran.ok &&
    ran.code !== 0 &&
    ran.output.includes("--keep-going") &&
    !/\.rs:\d+/.test(ran.output)
  )
    ran = await run(false);
  if (!ran.ok) return ran.why === "deadline" ? "past its deadline" : ran.message;
  return cargoDiagnostics(ran.output, workspace);
}

let ownCache: string | undefined;
/**
 * Where the copies go when the caller keeps no cache (the agent keeps one in
 * its private state directory): a directory this process made, private, not
 * a name in the shared temporary directory another account could make first;
 * removed when the process exits.
 */
function ownCacheDir(): string {
  if (!ownCache) {
    const made = mkdtempSync(path.join(tmpdir(), "edgeclip-check-"));
    process.once("exit", () => rmSync(made, { recursive: true, force: true }));
    ownCache = made;
  }
  return ownCache;
}

async function check(changes: readonly Change[], context: CheckContext): Promise<Checked> {
  const first = changes[0];
  const workspace = first && workspaceOf(first.abs, context.roots);
  if (!workspace) return { ok: false, why: "in no Cargo crate (Cargo.toml) within the roots" };
  if (changes.some((c) => !isInside(workspace, c.abs)))
    return { ok: false, why: "the move spans more than one Cargo workspace" };
  const cache = path.join(
    context.cacheDir ?? ownCacheDir(),
    "rust",
    createHash("sha256").update(workspace).digest("hex").slice(0, 16),
  );
  await mkdir(cache, { recursive: true, mode: 0o700 });
  const beforeCopy = path.join(cache, "before");
  const afterCopy = path.join(cache, "after");
  await copyWithMove(workspace, beforeCopy, [], { skip: COPY_SKIPS });
  const allowed = context.buildCode.some((r) => isInside(r, workspace));
  const settings = cargoSettings(beforeCopy);
  // Before `cargo metadata`, which reads them too (and asks rustc, through a wrapper, for its target).
  if (settings.length && !allowed)
    return {
      ok: false,
      why: `cargo would read the project's ${settings.join(" and ")}, which can name programs for it to run: allow it for this root with --allow-build-code`,
    };
  const runners = await codeRunners(beforeCopy, context.deadline);
  if (typeof runners === "string") return { ok: false, why: runners };
  if (runners.length && !allowed)
    return {
      ok: false,
      why: `cargo check would run the project's own code (${runners.slice(0, 3).join(", ")}${runners.length > 3 ? ", …" : ""}): allow it for this root with --allow-build-code`,
    };
  const before = await cargoCheck(beforeCopy, `${beforeCopy}-target`, context.deadline);
  if (typeof before === "string") return { ok: false, why: before };
  await copyWithMove(workspace, afterCopy, changes, { skip: COPY_SKIPS });
  // The copy with the move is asked again: the move (a unit moved into a `build.rs`) or the
  // tree since the first copy may have brought code for cargo to run.
  if (!allowed) {
    const brought = cargoSettings(afterCopy);
    const ran = brought.length ? brought : await codeRunners(afterCopy, context.deadline);
    if (typeof ran === "string") return { ok: false, why: ran };
    if (ran.length)
      return {
        ok: false,
        why: `with the move, cargo check would run the project's own code (${ran.slice(0, 3).join(", ")}): allow it for this root with --allow-build-code`,
      };
  }
  const after = await cargoCheck(afterCopy, `${afterCopy}-target`, context.deadline);
  if (typeof after === "string") return { ok: false, why: after };
  return {
    ok: true,
    before: before.map(fromCopy(beforeCopy, workspace)),
    after: after.map(fromCopy(afterCopy, workspace)),
  };
}

export const rustChecker: LanguageChecker = { name: "cargo check", languages: ["rust"], check };
