/**
 * `npm run build`: bundles the local agent (local-agent/src/cli.ts, with the
 * shared wire protocol and zod) into one JavaScript file,
 * local-agent/dist/edgeclip-agent.js. Node does not strip TypeScript types
 * under node_modules, so the package users install ships JavaScript, with no
 * runtime dependencies. The tree-sitter runtime and the grammars `focus` and
 * the syntax guard use are WebAssembly files, copied beside it into
 * local-agent/dist/grammars/. The agent's end-to-end tests build it first, so
 * `npm test` always runs what users would get.
 *
 * `packAgent` then packs the package (`npm pack`) into public/agent.tgz, the
 * static asset the Worker serves at /agent.tgz, so every server offers the
 * agent built from its own commit: `npx <server>/agent.tgz connect <server>`.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { CODE_LANGUAGES } from "../local-agent/src/syntax/languages.ts";

const root = path.join(import.meta.dirname, "..");
export const AGENT_BIN = path.join(root, "local-agent", "dist", "edgeclip-agent.js");

const GRAMMAR_FILES = [
  "tree-sitter.wasm",
  ...CODE_LANGUAGES.map((lang) => `tree-sitter-${lang}.wasm`),
];

/**
 * A package's ES module build before its CommonJS one (for packages without an
 * `exports` map): jsonc-parser's CommonJS build is UMD, whose `require`s of its
 * own files a bundle cannot follow.
 */
export const MAIN_FIELDS = ["module", "main"];

/**
 * Builds the agent into local-agent/dist. Every file there is replaced
 * atomically and only when its bytes change: `npm start` (which builds too)
 * may run while agents start from this very file, in tests or beside a
 * running server, and must never let one load half a bundle.
 */
export async function buildAgent(): Promise<string> {
  const { outputFiles } = await build({
    write: false,
    // The command line (main thread) and the compute thread's script (compute/thread.ts), apart.
    entryPoints: {
      "edgeclip-agent": path.join(root, "local-agent", "src", "cli.ts"),
      "edgeclip-compute": path.join(root, "local-agent", "src", "compute", "worker.ts"),
    },
    outdir: path.dirname(AGENT_BIN),
    bundle: true,
    platform: "node",
    format: "esm",
    mainFields: MAIN_FIELDS,
    target: "node22",
    // web-tree-sitter is a UMD module that `require`s Node built-ins.
    banner: {
      js: [
        "#!/usr/bin/env node",
        'import { createRequire as __edgeclipRequire } from "node:module";',
        'import { fileURLToPath as __edgeclipPath } from "node:url";',
        "const require = __edgeclipRequire(import.meta.url);",
        "const __filename = __edgeclipPath(import.meta.url);",
      ].join("\n"),
    },
    plugins: [zodEnglishOnly],
    // The build guard's TypeScript 7 (languages/typescript/check.ts) is loaded at run time from
    // where the agent runs (a checkout's node_modules), never bundled: its API finds its
    // compiler's binary beside its own package.
    external: ["typescript", "typescript/*"],
    legalComments: "none",
    // Whitespace and syntax only (names stay readable in stack traces): the
    // agent keeps its source in memory, and this keeps it ~5 MB smaller idle.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "warning",
  });
  if (outputFiles.length !== 2) throw new Error("esbuild did not produce both bundles");
  // The worker first: an agent started from the new main bundle finds its worker's.
  for (const bundle of [...outputFiles].sort(
    (a, b) => Number(a.path === AGENT_BIN) - Number(b.path === AGENT_BIN),
  ))
    await replaceIfChanged(bundle.path, Buffer.from(bundle.contents), 0o755);
  const wasm = path.join(root, "node_modules", "@vscode", "tree-sitter-wasm", "wasm");
  const grammars = path.join(path.dirname(AGENT_BIN), "grammars");
  for (const name of GRAMMAR_FILES)
    await replaceIfChanged(path.join(grammars, name), await readFile(path.join(wasm, name)));
  return AGENT_BIN;
}

/**
 * zod's `locales` namespace (its error messages in 50 languages, 300 KB of the
 * agent's 740) reduced to English, the only one zod itself uses unless told:
 * the agent never calls `z.config`, and every thread keeps the code it loads in memory.
 */
const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(build) {
    // The bundle names a module of this namespace by its path: relative to the checkout, so
    // that two checkouts in different directories build the same bytes (issue 27).
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? {
            path: path
              .relative(root, path.join(args.resolveDir, "../locales/en.js"))
              .split(path.sep)
              .join("/"),
            namespace: "zod-locales",
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => {
      const file = path.join(root, args.path);
      return {
        contents: `export { default as en } from ${JSON.stringify(file)};`,
        resolveDir: path.dirname(file),
      };
    });
  },
};

/** Writes `bytes` to `file` through a temporary file and a rename, unless it already holds them. */
async function replaceIfChanged(file: string, bytes: Buffer, mode = 0o644): Promise<void> {
  const current = await readFile(file).catch(() => undefined);
  if (current?.equals(bytes)) return;
  await mkdir(path.dirname(file), { recursive: true });
  // Unique per call: two builds in one process (two test projects' setups) may write at once.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, bytes, { mode });
  await chmod(temp, mode);
  await rename(temp, file);
}

/** Where the Worker's static assets live (wrangler.toml `[assets]`), and the agent's package among them. */
export const AGENT_TARBALL = path.join(root, "public", "agent.tgz");

/** What the last `packAgent` packed and made (digests), in node_modules' cache directory. */
const PACK_RECORD = path.join(root, "node_modules", ".cache", "edgeclip", "agent-pack.json");

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A digest of every file npm packs (local-agent's `files`: dist and README.md, and package.json): names, modes and bytes. */
async function packInputsDigest(): Promise<string> {
  const agent = path.join(root, "local-agent");
  const dist = await readdir(path.join(agent, "dist"), { recursive: true, withFileTypes: true });
  const names = [
    "package.json",
    "README.md",
    ...dist
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(agent, path.join(entry.parentPath, entry.name))),
  ].sort();
  const hash = createHash("sha256");
  for (const name of names) {
    const file = path.join(agent, name);
    hash.update(`${name}\0${(await stat(file)).mode}\0`).update(await readFile(file));
  }
  return hash.digest("hex");
}

/**
 * Builds the agent and packs it (`npm pack`, its prepack skipped: the build is
 * fresh) into public/agent.tgz, replaced atomically so a running server never
 * serves half a file, and only when its bytes changed (npm pack is
 * reproducible): a `wrangler dev` watches its assets and reloads on a change,
 * which drops every agent's WebSocket.
 */
export async function packAgent(): Promise<string> {
  await buildAgent();
  // npm pack costs a second and a half of CPU: skipped when what it packs, and the tarball, are as it left them.
  const inputs = await packInputsDigest();
  const record = await readFile(PACK_RECORD, "utf8").then(
    (text) => JSON.parse(text) as { inputs?: string; tarball?: string },
    () => undefined,
  );
  const tarball = await readFile(AGENT_TARBALL).then(sha256, () => undefined);
  if (record?.inputs === inputs && tarball !== undefined && record.tarball === tarball)
    return AGENT_TARBALL;
  const out = await mkdtemp(path.join(tmpdir(), "edgeclip-agent-pack-"));
  try {
    const { stdout } = await promisify(execFile)(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", out],
      { cwd: path.join(root, "local-agent") },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error("npm pack made no tarball");
    const bytes = await readFile(path.join(out, packed.filename));
    await replaceIfChanged(AGENT_TARBALL, bytes);
    await mkdir(path.dirname(PACK_RECORD), { recursive: true });
    await writeFile(PACK_RECORD, JSON.stringify({ inputs, tarball: sha256(bytes) }));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  return AGENT_TARBALL;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await packAgent();
  console.error(
    `built ${path.relative(root, AGENT_BIN)} and ${path.relative(root, AGENT_TARBALL)}`,
  );
}
