import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { newLocalToken } from "../../local-agent/src/local-credential.ts";
import { AGENT_BIN, packAgent } from "../../scripts/build-agent.ts";
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
  // The agent as users get it: the bundle, and the package the server offers at /agent.tgz.
  await packAgent();
  const agentBin = AGENT_BIN;
  const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-agent-"));
  const localToken = newLocalToken();
  const server = await startWranglerDev({
    port: await freePort(),
    persistTo: state,
    quiet: true,
    localToken,
  });
  const xvfb = process.platform === "linux" && which("Xvfb") ? await startXvfb() : undefined;
  project.provide("baseUrl", server.url);
  project.provide("localToken", localToken);
  project.provide("agentBin", agentBin);
  project.provide("display", xvfb?.display ?? "");
  return async () => {
    await server.stop();
    await xvfb?.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
