import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, startWranglerDev } from "../../scripts/wrangler-dev.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real `wrangler dev` for the whole e2e run, on a free port and fresh state. */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-"));
  const server = await startWranglerDev({ port: await freePort(), persistTo: state, quiet: true });
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
