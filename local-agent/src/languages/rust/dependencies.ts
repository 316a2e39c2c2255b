import { type Dirent, existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { RustFile } from "./modules.ts";

/**
 * The sources of the dependencies a Rust file names in its `use`s, where
 * cargo keeps them, for the traits they declare: a unit that calls
 * `x.is_zero()` needs `use num_traits::Zero;` where it goes, and the old file
 * no longer does once nothing there calls it. Read from the crate's
 * Cargo.toml (its `[dependencies]`, dev, build and target ones, `package =`
 * renames, `path =` ones) and Cargo.lock's versions, in a `vendor/`
 * directory, a directory source a cargo config names, or CARGO_HOME's
 * registry, as cargo would find them; nothing is run. Only `.rs` files under
 * a dependency's `src/`, regular files, at most `MAX_FILES` and `MAX_BYTES`
 * a dependency, walking at most `MAX_DIRS` directories, and `MAX_TOTAL_FILES`
 * and `MAX_TOTAL_BYTES` for all of them; a manifest, lock or config only as a
 * regular file of at most `MAX_MANIFEST`: trait names and their methods are all the planner takes of
 * them (move.ts crateTraits).
 */
const MAX_FILES = 300;
/** Directories walked a dependency, however few `.rs` files they hold. */
const MAX_DIRS = 500;
/** What all the dependencies of one move may hold together. */
const MAX_TOTAL_FILES = 1_000;
const MAX_TOTAL_BYTES = 12 * 1024 * 1024;
/** A Cargo.toml, Cargo.lock or cargo config read: a regular file of at most this. */
const MAX_MANIFEST = 1024 * 1024;
const MAX_BYTES = 4 * 1024 * 1024;
const NOT_CRATES = new Set([
  "std",
  "core",
  "alloc",
  "crate",
  "self",
  "super",
  "proc_macro",
  "test",
]);

/** The crates `text` imports from (`use num_traits::{Zero, One};` → num_traits). */
export function importedCrates(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(?:use|extern\s+crate)\s+(?:::)?([a-z_][a-z0-9_]*)/g)) {
    const name = m[1] ?? "";
    if (!NOT_CRATES.has(name)) out.add(name);
  }
  return out;
}

interface Dependency {
  /** The package's name (`num-traits`). */
  package: string;
  /** A `path =` dependency's directory, absolute. */
  dir?: string;
}

/** The dependencies a Cargo.toml declares, by the name code uses (`num_traits`). */
export function declaredDependencies(manifest: string, crateDir: string): Map<string, Dependency> {
  const out = new Map<string, Dependency>();
  let section = "";
  let table: { key: string; fields: string } | undefined;
  const add = (key: string, fields: string) => {
    const pkg = /\bpackage\s*=\s*"([^"]+)"/.exec(fields)?.[1] ?? key;
    const dir = /\bpath\s*=\s*"([^"]+)"/.exec(fields)?.[1];
    out.set(key.replace(/-/g, "_"), {
      package: pkg,
      ...(dir ? { dir: path.resolve(crateDir, dir) } : {}),
    });
  };
  const deps = /^(?:target\..+\.)?(?:dev-|build-)?dependencies$/;
  for (const raw of manifest.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    // `[[bin]]`, `[[test]]`: sections too, which end a dependency table.
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line)?.[1]?.trim();
    if (header !== undefined) {
      if (table) add(table.key, table.fields);
      table = undefined;
      section = header;
      // `[dependencies.rand]`: a table of its own.
      const dotted = /^(.*dependencies)\.("?)([\w-]+)\2$/.exec(header);
      if (dotted?.[1] && deps.test(dotted[1]) && dotted[3]) table = { key: dotted[3], fields: "" };
      continue;
    }
    if (table) {
      table.fields += ` ${line}`;
      continue;
    }
    if (!deps.test(section)) continue;
    // `num-traits = "0.2"`, `num-traits = { … }`, `num-traits.workspace = true`.
    const m = /^("?)([\w-]+)\1\s*(?:\.\s*[\w-]+\s*)?=\s*(.*)$/.exec(line);
    if (m?.[2] && !out.has(m[2].replace(/-/g, "_"))) add(m[2], m[3] ?? "");
  }
  if (table) add(table.key, table.fields);
  return out;
}

/** The versions Cargo.lock holds of each package. */
function lockedVersions(lock: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const block of lock.split(/\[\[package\]\]/)) {
    const name = /^name\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    const version = /^version\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (name && version) out.set(name, [...(out.get(name) ?? []), version]);
  }
  return out;
}

/** A manifest, lock or config file's text: a regular file of at most 1 MB, else undefined. */
const readText = (file: string) => {
  try {
    const stat = statSync(file);
    return stat.isFile() && stat.size <= MAX_MANIFEST ? readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
};

/** `dir` and the directories above it. */
function upward(dir: string): string[] {
  const out: string[] = [];
  for (let at = dir; ; at = path.dirname(at)) {
    out.push(at);
    if (at === path.dirname(at)) return out;
  }
}

/** Where cargo would find a registry crate's sources: vendor/, directory sources, CARGO_HOME's registry. */
function registryDirs(crateDir: string): string[] {
  const home = process.env.CARGO_HOME ?? path.join(homedir(), ".cargo");
  const configs = [
    ...upward(crateDir).flatMap((d) => [
      path.join(d, ".cargo", "config.toml"),
      path.join(d, ".cargo", "config"),
    ]),
    path.join(home, "config.toml"),
    path.join(home, "config"),
  ];
  const dirs = upward(crateDir).map((d) => path.join(d, "vendor"));
  for (const config of configs) {
    const text = readText(config);
    if (!text) continue;
    // `directory = "…"` of a `[source.*]`, relative to the directory holding `.cargo/`.
    for (const m of text.matchAll(/^\s*directory\s*=\s*"([^"]+)"/gm))
      if (m[1]) dirs.push(path.resolve(path.dirname(path.dirname(config)), m[1]));
  }
  const registry = path.join(home, "registry", "src");
  for (const index of entries(registry))
    if (index.isDirectory()) dirs.push(path.join(registry, index.name));
  return dirs;
}

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Numbers of a version, for the highest of several (`0.2.15` > `0.2.9`). */
const versionKey = (v: string) => v.split(/[.+-]/).map((p) => Number(p) || 0);
const newer = (a: string, b: string) => {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
};

/** A package's source directory among `dirs`: a version the lock names, else the newest. */
function packageDir(pkg: string, versions: string[], dirs: readonly string[]): string | undefined {
  let best: { dir: string; version: string } | undefined;
  for (const dir of dirs)
    for (const entry of entries(dir)) {
      if (!entry.isDirectory() || !entry.name.startsWith(`${pkg}-`)) continue;
      const version = entry.name.slice(pkg.length + 1);
      if (!/^\d/.test(version)) continue;
      if (versions.includes(version)) return path.join(dir, entry.name);
      if (!versions.length && (!best || newer(version, best.version)))
        best = { dir: path.join(dir, entry.name), version };
    }
  // vendor/<name> without a version.
  for (const dir of dirs)
    if (existsSync(path.join(dir, pkg, "Cargo.toml"))) return path.join(dir, pkg);
  return best?.dir;
}

/** What the move's dependencies have read so far, against the caps of all of them. */
interface Budget {
  files: number;
  bytes: number;
}

/** The `.rs` files under `dir/src`, within the caps of one dependency and of all of them. */
function sourcesOf(dir: string, budget: Budget): RustFile[] {
  const out: RustFile[] = [];
  let bytes = 0;
  let dirs = 0;
  const walk = (at: string) => {
    if (++dirs > MAX_DIRS) return;
    for (const entry of entries(at)) {
      if (out.length >= MAX_FILES || budget.files >= MAX_TOTAL_FILES) return;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith(".rs")) {
        const size = lstatSync(full).size;
        if (bytes + size > MAX_BYTES || budget.bytes + size > MAX_TOTAL_BYTES) continue;
        let text: string;
        try {
          text = readFileSync(full, "utf8");
        } catch {
          continue;
        }
        bytes += size;
        budget.bytes += size;
        budget.files++;
        out.push({ path: full, text });
      }
    }
  };
  walk(path.join(dir, "src"));
  return out;
}

/** The sources of the dependencies `text` imports from, for crate `crateDir`'s manifest. */
export function dependencySources(crateDir: string, text: string): RustFile[] {
  const wanted = importedCrates(text);
  if (!wanted.size) return [];
  const manifest = readText(path.join(crateDir, "Cargo.toml"));
  if (!manifest) return [];
  const declared = declaredDependencies(manifest, crateDir);
  const lock = upward(crateDir)
    .map((d) => readText(path.join(d, "Cargo.lock")))
    .find((t) => t !== undefined);
  const versions = lock ? lockedVersions(lock) : new Map<string, string[]>();
  let dirs: string[] | undefined;
  const out: RustFile[] = [];
  const budget: Budget = { files: 0, bytes: 0 };
  for (const name of wanted) {
    const dep = declared.get(name);
    if (!dep) continue;
    dirs ??= registryDirs(crateDir);
    const dir = dep.dir ?? packageDir(dep.package, versions.get(dep.package) ?? [], dirs);
    if (dir) out.push(...sourcesOf(dir, budget));
  }
  return out;
}
