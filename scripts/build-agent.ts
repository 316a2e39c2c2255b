/**
 * `npm run build`: bundles the local agent (local-agent/src/cli.ts, with the
 * shared wire protocol and zod) into one JavaScript file,
 * local-agent/dist/edgeclip-agent.js. Node does not strip TypeScript types
 * under node_modules, so the package users install ships JavaScript, with no
 * runtime dependencies. The tree-sitter runtime and the grammars `focus` and
 * the syntax guard use are WebAssembly files, copied beside it into
 * local-agent/dist/grammars/. The agent's end-to-end tests build it first, so
 * `npm test` always runs what users would get.
 */
import { chmod, copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { LANGUAGES } from "../local-agent/src/syntax/languages.ts";

const root = path.join(import.meta.dirname, "..");
export const AGENT_BIN = path.join(root, "local-agent", "dist", "edgeclip-agent.js");

const GRAMMAR_FILES = ["tree-sitter.wasm", ...LANGUAGES.map((lang) => `tree-sitter-${lang}.wasm`)];

export async function buildAgent(): Promise<string> {
  await build({
    entryPoints: [path.join(root, "local-agent", "src", "cli.ts")],
    outfile: AGENT_BIN,
    bundle: true,
    platform: "node",
    format: "esm",
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
    legalComments: "none",
    // Whitespace and syntax only (names stay readable in stack traces): the
    // agent keeps its source in memory, and this keeps it ~5 MB smaller idle.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "warning",
  });
  await chmod(AGENT_BIN, 0o755);
  const wasm = path.join(root, "node_modules", "@vscode", "tree-sitter-wasm", "wasm");
  const grammars = path.join(path.dirname(AGENT_BIN), "grammars");
  await mkdir(grammars, { recursive: true });
  for (const name of GRAMMAR_FILES)
    await copyFile(path.join(wasm, name), path.join(grammars, name));
  return AGENT_BIN;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAgent();
  console.error(`built ${path.relative(root, AGENT_BIN)}`);
}
