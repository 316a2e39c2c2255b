import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildAgent } from "../../scripts/build-agent.ts";
import { freePort, startWranglerDev } from "../../scripts/wrangler-dev.ts";
import { startXvfb, which } from "../support/x11.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The agent as built for users (local-agent/dist), run by every test here. */
    agentBin: string;
    /** An X display for OS clipboard tests ("" when Xvfb is not installed). */
    display: string;
  }
}

/**
 * The agent's end-to-end tests: the agent built as users get it, its own
 * `wrangler dev` (a server no other test's agents join), and a private X
 * display for the OS clipboard.
 */
export default async function setup(project: TestProject) {
  const agentBin = await buildAgent();
  const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-agent-"));
  const server = await startWranglerDev({ port: await freePort(), persistTo: state, quiet: true });
  const xvfb = process.platform === "linux" && which("Xvfb") ? await startXvfb() : undefined;
  project.provide("baseUrl", server.url);
  project.provide("agentBin", agentBin);
  project.provide("display", xvfb?.display ?? "");
  return async () => {
    await server.stop();
    await xvfb?.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
