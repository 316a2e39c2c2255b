/**
 * `npm run bench:real`'s cache, outside this repository (so no ignore file of
 * ours applies to the projects in it): `$EDGECLIP_BENCH_CACHE`, else
 * `~/.cache/edgeclip/bench-real`. It holds the TypeScript the baseline runs
 * on, the package managers git projects install with (`tools/`), the bare
 * clones git projects are checked out of (`repos/<owner>+<name>.git`, made
 * by hand: the bench fetches no repository), Cargo's home and builds
 * (`tools/cargo-*`), each project as fetched and
 * installed (`projects/<name>`, never changed), and the copies the moves are
 * made in (`work/<name>/…`, under the cache so that their module resolution
 * finds the cache's node_modules).
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import {
  CACHE_PACKAGES,
  JAVA_TEST_DEBS,
  type ProjectSpec,
  PYTHON_TOOLS,
  type PyProjectSpec,
  type RustProjectSpec,
  type Source,
  TOOLCHAINS,
  TOOLS,
} from "./projects.ts";

export const CACHE =
  process.env.EDGECLIP_BENCH_CACHE ?? path.join(homedir(), ".cache", "edgeclip", "bench-real");

/** Debian's python3, which has the Debian packages the Python side uses. */
export const PYTHON = process.env.EDGECLIP_BENCH_PYTHON ?? "/usr/bin/python3";

/**
 * Cargo's home and build directory in the bench's cache, not the user's, and
 * offline: nothing is fetched. The copies of a crate share the build
 * directory (Cargo keeps each copy's artifacts apart, by its path).
 */
export const CARGO_ENV = {
  CARGO_HOME: path.join(CACHE, "tools", "cargo-home"),
  CARGO_TARGET_DIR: path.join(CACHE, "tools", "cargo-target"),
  CARGO_NET_OFFLINE: "true",
  CARGO_TERM_COLOR: "never",
};

/**
 * Cargo's configuration in the bench's Cargo home: crates.io's crates come
 * from Debian's packages (a directory source), so a crate's dependencies
 * build offline from the `debs` its spec names.
 */
const CARGO_CONFIG = `[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"
`;

function ensureCargoHome(): void {
  mkdirSync(CARGO_ENV.CARGO_HOME, { recursive: true });
  const file = path.join(CARGO_ENV.CARGO_HOME, "config.toml");
  if (!existsSync(file) || readFileSync(file, "utf8") !== CARGO_CONFIG)
    writeFileSync(file, CARGO_CONFIG);
}

const log = (text: string) => process.stderr.write(`${text}\n`);
const run = (command: string, args: string[], cwd?: string, env?: Record<string, string>) =>
  execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive", ...env },
  });

/**
 * Runs `install` with the cache's install lock held: two benches started side by side would
 * otherwise both run npm into the same node_modules (one's `rmdir` failing on the other's
 * files, or a package left half-written that the next run takes as installed). A lock whose
 * holder is gone (a bench stopped mid-install) is taken over.
 */
function underInstallLock(install: () => void): void {
  mkdirSync(CACHE, { recursive: true });
  const lock = path.join(CACHE, "install.lock");
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (stale(lock)) {
      // Taken over by a rename first: of two benches that find it stale, one removes it.
      const gone = `${lock}.${process.pid}`;
      try {
        renameSync(lock, gone);
        rmSync(gone, { recursive: true, force: true });
      } catch {
        // the other took it over first
      }
      continue;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
  try {
    install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the lock's holder is gone: its process ended, or it never wrote its pid (30 s on). */
function stale(lock: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
    return pid > 0 ? !alive(pid) : Date.now() - statSync(lock).mtimeMs > 30_000;
  } catch {
    // No pid yet: a holder between its mkdir and its write, unless that was long ago.
    try {
      return Date.now() - statSync(lock).mtimeMs > 30_000;
    } catch {
      return false; // gone: the loop tries again
    }
  }
}

/** Whether process `pid` runs (signal 0: asks, sends nothing). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The cache's own packages (TypeScript 5.9, tslib, @types/node), installed once. */
export function ensureCachePackages(): void {
  installOnce(CACHE, "edgeclip-bench-real-cache", CACHE_PACKAGES);
}

/**
 * `dependencies` installed into `dir` with npm, once: a stamp written after npm ends well
 * says they are, so that an install stopped half-way is made again, not taken as done.
 */
function installOnce(dir: string, name: string, dependencies: Record<string, string>): void {
  const manifest = JSON.stringify({ name, private: true, dependencies }, null, 2);
  const stamp = path.join(dir, "node_modules", ".edgeclip-installed");
  underInstallLock(() => {
    if (existsSync(stamp) && readFileSync(stamp, "utf8") === manifest) return;
    log(
      `installing ${Object.entries(dependencies)
        .map(([p, v]) => `${p}@${v}`)
        .join(", ")} into ${dir}…`,
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "package.json"), manifest);
    run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"], dir);
    writeFileSync(stamp, manifest);
  });
}

/** The project as fetched: its directory in the cache (made once). */
export function ensureProject(spec: ProjectSpec): string {
  const dir = path.join(CACHE, "projects", spec.name);
  const stamp = path.join(CACHE, "projects", `${spec.name}.fetched`);
  // What makes the tree: where it comes from, and for a crate what is written over it.
  const id = JSON.stringify(
    spec.lang === "rust"
      ? { ...spec.source, manifest: spec.manifest, edits: spec.edits }
      : spec.source,
  );
  ensureDebs(spec.name, debsOf(spec));
  if (spec.lang === "go" || spec.lang === "rust") ensureToolchain(spec.name, spec.lang);
  if (spec.lang === "rust") ensureCargoHome();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === id) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const source = spec.source;
  if (source.from === "npm") fetchNpm(source, dir);
  else if (source.from === "debian") copyDebian(spec as PyProjectSpec | RustProjectSpec, dir);
  else checkOut(spec.name, source, dir);
  if (spec.lang === "typescript" && spec.tsconfig)
    writeFileSync(path.join(dir, spec.config), `${JSON.stringify(spec.tsconfig, null, 2)}\n`);
  if (spec.lang === "rust") {
    if (spec.manifest) writeFileSync(path.join(dir, "Cargo.toml"), spec.manifest);
    for (const edit of spec.edits ?? []) editLine(dir, edit);
    // Cargo writes a crate's lockfile when it has none: made here, it is part of the pristine
    // tree, and no check writes into a copy.
    run("cargo", ["generate-lockfile", "--offline"], dir, CARGO_ENV);
  }
  writeFileSync(stamp, id);
  return dir;
}

/** `npm pack` of the pinned version, checked against its integrity, unpacked (its `package/`). */
function fetchNpm(source: Source & { from: "npm" }, dir: string): void {
  log(`fetching ${source.package} from the npm registry…`);
  const tarballs = path.join(CACHE, "tarballs");
  mkdirSync(tarballs, { recursive: true });
  const packed = JSON.parse(
    run("npm", ["pack", source.package, "--json", "--pack-destination", tarballs]),
  ) as { filename: string; integrity: string }[];
  const one = packed[0];
  if (!one || one.integrity !== source.integrity)
    throw new Error(
      `${source.package}: integrity ${one?.integrity} is not the pinned ${source.integrity}`,
    );
  run("tar", ["xzf", path.join(tarballs, one.filename), "-C", dir, "--strip-components=1"]);
}

/** Debian's installed version of `pkg`, or "" when it is not installed. */
function debVersion(pkg: string): string {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format
    return run("dpkg-query", ["-W", "-f", "${Version}", pkg]).trim();
  } catch {
    return "";
  }
}

/**
 * The Debian packages a project needs: its own when it comes from Debian (at
 * its version); a Python project's tests', rope and pyflakes; a Java
 * project's JUnit; what a Go or Rust project's tests need.
 */
function debsOf(spec: ProjectSpec): string[] {
  const own =
    spec.source.from === "debian" ? [`${spec.source.package}=${spec.source.version}`] : [];
  if (spec.lang === "python") return [...own, ...(spec.debs ?? []), ...PYTHON_TOOLS];
  if (spec.lang === "java")
    return [...own, ...(spec.debs ?? []), ...(spec.testDirs?.length ? JAVA_TEST_DEBS : [])];
  if (spec.lang === "rust" || spec.lang === "go") return [...own, ...(spec.debs ?? [])];
  return own;
}

/**
 * `wanted` (`package` or `package=version`) installed with apt-get when this
 * runs as root, else named with the command that installs them.
 */
function ensureDebs(name: string, wanted: readonly string[]): void {
  const missing = wanted.filter((want) => {
    const [pkg = want, version] = want.split("=");
    const have = debVersion(pkg);
    return !have || (version !== undefined && have !== version);
  });
  if (!missing.length) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `${name} needs Debian's ${missing.join(", ")}: sudo apt-get install ${missing.join(" ")}`,
    );
  log(`installing ${missing.join(" ")} with apt-get…`);
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", ...missing]);
}

/**
 * The language's toolchain (TOOLCHAINS: Go, or Cargo with Clippy): the one on
 * the PATH, else Debian's, installed with apt-get when this runs as root.
 */
function ensureToolchain(name: string, lang: keyof typeof TOOLCHAINS): void {
  const { label, probe, debs } = TOOLCHAINS[lang];
  const [command = "", ...args] = probe;
  try {
    run(command, args);
    return;
  } catch {
    // not installed
  }
  if (process.getuid?.() !== 0)
    throw new Error(
      `${name} needs ${label} (Debian's ${debs.join(", ")}): sudo apt-get install ${debs.join(" ")}`,
    );
  log(`installing ${debs.join(" ")} with apt-get…`);
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "--no-install-recommends", ...debs]);
}

/**
 * The installed Debian package's sources: a Python package's modules (from
 * dist-packages), or a crate's whole directory in Cargo's registry (tests,
 * build script and manifest with its sources).
 */
function copyDebian(spec: PyProjectSpec | RustProjectSpec, dir: string): void {
  if (spec.lang === "python") {
    for (const pkg of spec.packages)
      cpSync(path.join("/usr/lib/python3/dist-packages", pkg), path.join(dir, pkg), {
        recursive: true,
        filter: (source) => path.basename(source) !== "__pycache__",
      });
    return;
  }
  const source = spec.source;
  if (source.from !== "debian") throw new Error(`${spec.name} is not one of Debian's packages`);
  const registry = "/usr/share/cargo/registry/";
  const crates = run("dpkg-query", ["-L", source.package])
    .split("\n")
    .filter((f) => f.startsWith(registry) && !f.slice(registry.length).includes("/"));
  if (crates.length !== 1 || !crates[0])
    throw new Error(`${source.package} installs no one crate in ${registry}`);
  cpSync(crates[0], dir, { recursive: true });
}

/** A line of a project's file replaced (RustProjectSpec's `edits`): it must be there once. */
function editLine(dir: string, edit: { file: string; line: string; with: string }): void {
  const file = path.join(dir, edit.file);
  const lines = readFileSync(file, "utf8").split("\n");
  const at = lines.flatMap((l, i) => (l === edit.line ? [i] : []));
  if (at.length !== 1)
    throw new Error(
      `${edit.file}: the line ${JSON.stringify(edit.line)} is there ${at.length} times, not once`,
    );
  lines[at[0] as number] = edit.with;
  writeFileSync(file, lines.join("\n"));
}

/** Package managers' caches in the bench's cache, not the user's. */
const INSTALL_ENV = {
  BUN_INSTALL_CACHE_DIR: path.join(CACHE, "tools", "bun-cache"),
  YARN_GLOBAL_FOLDER: path.join(CACHE, "tools", "yarn-global"),
  YARN_ENABLE_TELEMETRY: "0",
};
/** pnpm's store, which it reads from npm's config variables (npm itself warns of an unknown one). */
const PNPM_ENV = { npm_config_store_dir: path.join(CACHE, "tools", "pnpm-store") };

/** The command that runs a tool of TOOLS, installed once into `<cache>/tools/<name>`. */
function tool(name: keyof typeof TOOLS): string[] {
  const { package: pkg, version } = TOOLS[name];
  const dir = path.join(CACHE, "tools", name);
  installOnce(dir, `edgeclip-bench-real-${name}`, { [pkg]: version });
  const modules = path.join(dir, "node_modules");
  if (name === "yarn") return [process.execPath, path.join(modules, pkg, "bin", "yarn.js")];
  if (name === "pnpm") return [process.execPath, path.join(modules, pkg, "bin", "pnpm.cjs")];
  // bun's binary comes in its platform's package; its install script moves it to its own
  // bin/bun.exe (a placeholder until then), when npm runs the script.
  const binaries = [
    path.join(modules, "bun", "bin", "bun.exe"),
    path.join(modules, "@oven", `bun-${process.platform}-${process.arch}`, "bin", "bun"),
  ];
  const binary = binaries.find((b) => existsSync(b) && statSync(b).size > 1024 * 1024);
  if (!binary) throw new Error(`no bun binary in ${modules}`);
  return [binary];
}

/**
 * A git project: its commit (or its `subdir` there, without what it
 * `exclude`s) out of the bare clone `<cache>/repos/<owner>+<name>.git`, then
 * its install commands.
 */
function checkOut(name: string, source: Source & { from: "git" }, dir: string): void {
  const bare = path.join(CACHE, "repos", `${source.repo.replace("/", "+")}.git`);
  if (!existsSync(bare))
    throw new Error(
      `${name} needs a bare clone of ${source.repo}: git clone --bare https://github.com/${source.repo} ${bare}`,
    );
  log(`checking out ${source.repo} ${source.version} (${source.commit.slice(0, 12)})…`);
  const tree = source.subdir ? `${source.commit}:${source.subdir}` : source.commit;
  // With a path to take as well: git archive reads every blob of the tree when its pathspecs only exclude.
  const left = source.exclude?.length ? [".", ...source.exclude.map((p) => `:(exclude)${p}`)] : [];
  try {
    run("bash", [
      "-o",
      "pipefail",
      "-c",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's, the paths after the third
      'git --git-dir="$0" archive --format=tar "$1" -- "${@:3}" | tar -x -C "$2"',
      bare,
      tree,
      dir,
      ...left,
    ]);
  } catch (error) {
    throw new Error(
      `${name}: cannot check out ${tree} of ${bare} (to fetch the commit: git --git-dir=${bare} fetch origin ${source.commit}): ${error instanceof Error ? error.message : error}`,
    );
  }
  for (const [file, text] of Object.entries(source.stand ?? {})) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  for (const [command = "", ...args] of source.install ?? []) {
    log(`${name}: ${command} ${args.join(" ")}…`);
    const [bin = command, ...before] =
      command === "npm" ? [command] : tool(command as keyof typeof TOOLS);
    run(bin, [...before, ...args], dir, {
      ...INSTALL_ENV,
      ...(command === "pnpm" ? PNPM_ENV : {}),
    });
  }
}
