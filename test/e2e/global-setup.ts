import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, launchLocalDev } from "../../scripts/wrangler-dev.ts";
import "../support/lanes.ts";

/**
 * One real `wrangler dev` for the whole e2e run, on a free port and fresh
 * state, with its own local credential: every lane uses it (no agent ever
 * joins it, and tests keep to their own sessions). Launched, not awaited: it
 * boots while other projects start, and test/support/servers-ready.ts waits.
 */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-"));
  const server = launchLocalDev({
    port: await freePort(),
    persistTo: state,
    quiet: true,
    rebuilds: false,
  });
  server.ready.catch((error: Error) => console.error(`e2e server: ${error.message}`));
  project.provide("lanes", [
    { url: server.url, token: server.token ?? "", boot: server.boot ?? "", display: "" },
  ]);
  return async () => {
    await server.stop("SIGKILL"); // its state is thrown away
    rmSync(state, { recursive: true, force: true });
  };
}
