import path from "node:path";
import { parse } from "jsonc-parser";
import { load } from "../../file-ops/load.ts";
import type { Workspace } from "../../file-ops/workspace.ts";
import { isInside, resolvePath } from "../../paths.ts";
import type { Mapping, ModuleConfigs, PackageFacts, TsConfigPaths } from "./resolve.ts";

/**
 * The module configuration around a move's files (typescript/resolve.ts): for
 * each directory on their way up to their root, the nearest tsconfig.json
 * (or jsconfig.json) with what its `compilerOptions.paths` and `baseUrl` say
 * (through `extends` of other files in the roots), and the nearest
 * package.json with its `imports` and the names of its dependencies. Read
 * through the sandbox like any file; what cannot be read is left out.
 */
export async function moduleConfigs(
  ws: Workspace,
  files: readonly string[],
): Promise<ModuleConfigs> {
  const tsconfigs = new Map<string, TsConfigPaths>();
  const packages = new Map<string, PackageFacts>();
  const seen = new Set<string>();
  for (const file of files) {
    const root = ws.sandbox.roots.find((r) => isInside(r, file));
    if (root === undefined) continue;
    // Every directory up to the root, read once: `nearest` in typescript/resolve.ts picks each file's own.
    for (
      let dir = path.dirname(file);
      isInside(root, dir) && !seen.has(dir);
      dir = path.dirname(dir)
    ) {
      seen.add(dir);
      for (const name of ["tsconfig.json", "jsconfig.json"]) {
        const config = await tsConfigPaths(ws, path.join(dir, name));
        if (!config) continue;
        tsconfigs.set(dir, config);
        break;
      }
      const facts = await packageFacts(ws, path.join(dir, "package.json"));
      if (facts) packages.set(dir, facts);
      if (dir === root || dir === path.dirname(dir)) break;
    }
  }
  return { tsconfigs: [...tsconfigs.values()], packages: [...packages.values()] };
}

/** A JSON file of the sandbox, parsed as JSON with comments (as TypeScript reads tsconfig.json). */
async function readJson(ws: Workspace, file: string): Promise<unknown> {
  const found = await resolvePath(ws.sandbox, file);
  if (!found.ok) return undefined;
  const loaded = await load(found);
  if (!loaded.ok || !loaded.value.exists) return undefined;
  return parse(loaded.value.text, [], { allowTrailingComma: true });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What a tsconfig.json says of module names: `paths` (relative to `baseUrl`
 * where set, else to the file that declares them) and `baseUrl`, its own over
 * those it `extends` (files of the roots, at most 8 deep).
 */
async function tsConfigPaths(
  ws: Workspace,
  file: string,
  depth = 0,
): Promise<TsConfigPaths | undefined> {
  const json = await readJson(ws, file);
  if (!isObject(json)) return undefined;
  const dir = path.dirname(file);
  let inherited: Omit<TsConfigPaths, "dir"> = { paths: [] };
  const extended =
    typeof json.extends === "string"
      ? [json.extends]
      : Array.isArray(json.extends)
        ? json.extends
        : [];
  for (const parent of extended)
    if (typeof parent === "string" && parent.startsWith(".") && depth < 8) {
      const target = path.resolve(dir, parent.endsWith(".json") ? parent : `${parent}.json`);
      const got = await tsConfigPaths(ws, target, depth + 1);
      if (got)
        inherited = {
          paths: got.paths.length ? got.paths : inherited.paths,
          ...(got.baseUrl !== undefined
            ? { baseUrl: got.baseUrl }
            : inherited.baseUrl !== undefined
              ? { baseUrl: inherited.baseUrl }
              : {}),
          ...((got.resolution ?? inherited.resolution) !== undefined
            ? { resolution: got.resolution ?? inherited.resolution }
            : {}),
        };
    }
  const options = isObject(json.compilerOptions) ? json.compilerOptions : {};
  const baseUrl =
    typeof options.baseUrl === "string" ? path.resolve(dir, options.baseUrl) : inherited.baseUrl;
  const paths = isObject(options.paths)
    ? Object.entries(options.paths).flatMap(([pattern, targets]): Mapping[] =>
        Array.isArray(targets)
          ? [
              {
                pattern,
                targets: targets
                  .filter((t): t is string => typeof t === "string")
                  .map((t) => path.resolve(baseUrl ?? dir, t)),
              },
            ]
          : [],
      )
    : inherited.paths;
  // `module: node16` or `nodenext` implies the resolution of that name, as TypeScript reads it.
  const named = (key: string) =>
    typeof options[key] === "string" ? (options[key] as string).toLowerCase() : undefined;
  const implied = ["node16", "node18", "node20", "nodenext"].includes(named("module") ?? "")
    ? named("module") === "nodenext"
      ? "nodenext"
      : "node16"
    : undefined;
  const resolution = named("moduleResolution") ?? implied ?? inherited.resolution;
  return {
    dir,
    paths,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(resolution !== undefined ? { resolution } : {}),
  };
}

/** The first path a package.json `imports` value leads to (a string, or conditions: types, import, require, node, default). */
function importTarget(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(importTarget).find((v) => v !== undefined);
  if (!isObject(value)) return undefined;
  for (const key of ["types", "import", "require", "node", "default"])
    if (key in value) {
      const got = importTarget(value[key]);
      if (got !== undefined) return got;
    }
  return undefined;
}

async function packageFacts(ws: Workspace, file: string): Promise<PackageFacts | undefined> {
  const json = await readJson(ws, file);
  if (!isObject(json)) return undefined;
  const dir = path.dirname(file);
  const imports = isObject(json.imports)
    ? Object.entries(json.imports).flatMap(([pattern, value]): Mapping[] => {
        const target = importTarget(value);
        return target?.startsWith("./") ? [{ pattern, targets: [path.resolve(dir, target)] }] : [];
      })
    : [];
  const deps = [
    "dependencies",
    "devDependencies",
    "peerDependencies",
    "optionalDependencies",
  ].flatMap((key) => (isObject(json[key]) ? Object.keys(json[key] as object) : []));
  const entries =
    json.private === true
      ? []
      : ["main", "module", "types", "typings", "source", "exports"].flatMap((field) =>
          pathsIn(json[field]).map((p) => ({
            field,
            path: path.resolve(dir, p).replace(/(\.d)?\.[cm]?[jt]sx?$/, ""),
          })),
        );
  return {
    dir,
    imports,
    deps,
    ...(typeof json.type === "string" ? { type: json.type } : {}),
    ...(entries.length ? { entries } : {}),
  };
}

/** Every relative path a package.json field names (`exports`' conditions and subpaths too), a few levels deep. */
function pathsIn(value: unknown, depth = 0): string[] {
  if (typeof value === "string")
    return value.startsWith("./") || !value.startsWith(".") ? [value] : [];
  if (depth > 4) return [];
  if (Array.isArray(value)) return value.flatMap((v) => pathsIn(v, depth + 1));
  if (isObject(value)) return Object.values(value).flatMap((v) => pathsIn(v, depth + 1));
  return [];
}
