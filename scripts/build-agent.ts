/**
 * `npm run build`: bundles the local agent (local-agent/src/cli.ts, with the
 * shared wire protocol and zod) into one JavaScript file,
 * local-agent/dist/edgeclip-agent.js. Node does not strip TypeScript types
 * under node_modules, so the package users install ships JavaScript, with no
 * runtime dependencies. The agent's end-to-end tests build it first, so
 * `npm test` always runs what users would get.
 */
import { chmod } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.join(import.meta.dirname, "..");
export const AGENT_BIN = path.join(root, "local-agent", "dist", "edgeclip-agent.js");

export async function buildAgent(): Promise<string> {
  await build({
    entryPoints: [path.join(root, "local-agent", "src", "cli.ts")],
    outfile: AGENT_BIN,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    banner: { js: "#!/usr/bin/env node" },
    legalComments: "none",
    logLevel: "warning",
  });
  await chmod(AGENT_BIN, 0o755);
  return AGENT_BIN;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAgent();
  console.error(`built ${path.relative(root, AGENT_BIN)}`);
}
