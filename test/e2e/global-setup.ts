import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { newLocalToken } from "../../local-agent/src/local-credential.ts";
import { freePort, startWranglerDev } from "../../scripts/wrangler-dev.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test server's local credential (every request to it carries it). */
    localToken: string;
  }
}

/** One real `wrangler dev` for the whole e2e run, on a free port and fresh state, with its own local credential. */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-"));
  const localToken = newLocalToken();
  const server = await startWranglerDev({
    port: await freePort(),
    persistTo: state,
    quiet: true,
    localToken,
  });
  project.provide("baseUrl", server.url);
  project.provide("localToken", localToken);
  return async () => {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
