/**
 * `npm run bench:real`'s cache, outside this repository (so no ignore file of
 * ours applies to the projects in it): `$EDGECLIP_BENCH_CACHE`, else
 * `~/.cache/edgeclip/bench-real`. It holds the TypeScript the baseline runs
 * on, each project as fetched (`projects/<name>`, never changed), and the
 * copies the moves are made in (`work/<name>/…`, under the cache so that
 * their module resolution finds the cache's node_modules).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import {
  CACHE_PACKAGES,
  type ProjectSpec,
  PYTHON_TOOLS,
  type PyProjectSpec,
  type TsProjectSpec,
} from "./projects.ts";

export const CACHE =
  process.env.EDGECLIP_BENCH_CACHE ?? path.join(homedir(), ".cache", "edgeclip", "bench-real");

/** Debian's python3, which has the Debian packages the Python side uses. */
export const PYTHON = process.env.EDGECLIP_BENCH_PYTHON ?? "/usr/bin/python3";

const log = (text: string) => process.stderr.write(`${text}\n`);
const run = (command: string, args: string[], cwd?: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });

/** The cache's own packages (TypeScript 5.9, tslib, @types/node), installed once. */
export function ensureCachePackages(): void {
  mkdirSync(CACHE, { recursive: true });
  const manifest = JSON.stringify(
    { name: "edgeclip-bench-real-cache", private: true, dependencies: CACHE_PACKAGES },
    null,
    2,
  );
  const file = path.join(CACHE, "package.json");
  const installed = Object.entries(CACHE_PACKAGES).every(([name, version]) => {
    const own = path.join(CACHE, "node_modules", name, "package.json");
    return existsSync(own) && JSON.parse(readFileSync(own, "utf8")).version === version;
  });
  if (installed) return;
  log(`installing ${Object.keys(CACHE_PACKAGES).join(", ")} into ${CACHE}…`);
  writeFileSync(file, manifest);
  run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"], CACHE);
}

/** The project as fetched: its directory in the cache (made once). */
export function ensureProject(spec: ProjectSpec): string {
  const dir = path.join(CACHE, "projects", spec.name);
  const stamp = path.join(CACHE, "projects", `${spec.name}.fetched`);
  const id = spec.lang === "typescript" ? spec.npm : `${spec.deb}=${spec.version}`;
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === id) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (spec.lang === "typescript") fetchNpm(spec, dir);
  else copyDebian(spec, dir);
  writeFileSync(stamp, id);
  return dir;
}

/** `npm pack` of the pinned version, checked against its integrity, unpacked (its `package/`). */
function fetchNpm(spec: TsProjectSpec, dir: string): void {
  log(`fetching ${spec.npm} from the npm registry…`);
  const tarballs = path.join(CACHE, "tarballs");
  mkdirSync(tarballs, { recursive: true });
  const packed = JSON.parse(
    run("npm", ["pack", spec.npm, "--json", "--pack-destination", tarballs]),
  ) as { filename: string; integrity: string }[];
  const one = packed[0];
  if (!one || one.integrity !== spec.integrity)
    throw new Error(`${spec.npm}: integrity ${one?.integrity} is not the pinned ${spec.integrity}`);
  run("tar", ["xzf", path.join(tarballs, one.filename), "-C", dir, "--strip-components=1"]);
  if (spec.tsconfig)
    writeFileSync(path.join(dir, spec.config), `${JSON.stringify(spec.tsconfig, null, 2)}\n`);
}

/** The installed Debian package's modules (installed here first when this runs as root). */
function copyDebian(spec: PyProjectSpec, dir: string): void {
  const version = (pkg: string) => {
    try {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format
      return run("dpkg-query", ["-W", "-f", "${Version}", pkg]).trim();
    } catch {
      return "";
    }
  };
  const missing = [spec.deb, ...PYTHON_TOOLS].filter((p) => !version(p));
  if (missing.length || version(spec.deb) !== spec.version) {
    if (process.getuid?.() !== 0)
      throw new Error(
        `${spec.name} needs Debian's ${spec.deb} ${spec.version} and ${PYTHON_TOOLS.join(", ")}: sudo apt-get install ${spec.deb}=${spec.version} ${PYTHON_TOOLS.join(" ")}`,
      );
    log(`installing ${[`${spec.deb}=${spec.version}`, ...PYTHON_TOOLS].join(" ")} with apt-get…`);
    run("apt-get", ["update"]);
    run("apt-get", [
      "install",
      "-y",
      "--no-install-recommends",
      `${spec.deb}=${spec.version}`,
      ...PYTHON_TOOLS,
    ]);
  }
  for (const pkg of spec.packages)
    cpSync(path.join("/usr/lib/python3/dist-packages", pkg), path.join(dir, pkg), {
      recursive: true,
      filter: (source) => path.basename(source) !== "__pycache__",
    });
}
