/**
 * `npm run build`: bundles the local agent (local-agent/src/cli.ts, with the
 * shared wire protocol and zod) into one JavaScript file,
 * local-agent/dist/edgeclip-agent.js. Node does not strip TypeScript types
 * under node_modules, so the package users install ships JavaScript, with no
 * runtime dependencies.
 */
import { chmod } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = path.join(import.meta.dirname, "..");
const outfile = path.join(root, "local-agent", "dist", "edgeclip-agent.js");

await build({
  entryPoints: [path.join(root, "local-agent", "src", "cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  banner: { js: "#!/usr/bin/env node" },
  legalComments: "none",
  logLevel: "warning",
});
await chmod(outfile, 0o755);
console.error(`built ${path.relative(root, outfile)}`);
