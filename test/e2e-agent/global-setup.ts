import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { AGENT_BIN, packAgent } from "../../scripts/build-agent.ts";
import { type DevServer, freePort, startLocalDev } from "../../scripts/wrangler-dev.ts";
import type { Lane } from "../support/lanes.ts";
import { startXvfb, which } from "../support/x11.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The agent as built for users (local-agent/dist), run by every test here. */
    agentBin: string;
  }
}

/**
 * The agent's end-to-end tests: the agent built as users get it (the bundle,
 * and the package servers offer at /agent.tgz), and one lane per worker slot
 * (test/support/lanes.ts): its own `wrangler dev` and its own X display, so
 * files running side by side never see each other's agents or clipboards.
 */
export default async function setup(project: TestProject) {
  await packAgent();
  const slots = Math.max(1, Number(project.config.maxWorkers) || 1);
  const withX = process.platform === "linux" && which("Xvfb") !== undefined;
  const lanes: Lane[] = [];
  const stops: (() => Promise<void>)[] = [];
  const states: string[] = [];
  // One after another: several wrangler dev starting at once contend for the 2 cores.
  for (let i = 0; i < slots; i++) {
    const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-agent-"));
    states.push(state);
    const server: DevServer = await startLocalDev({
      port: await freePort(),
      persistTo: state,
      quiet: true,
    });
    stops.push(server.stop);
    const xvfb = withX ? await startXvfb() : undefined;
    if (xvfb) stops.push(xvfb.stop);
    lanes.push({ url: server.url, token: server.token ?? "", display: xvfb?.display ?? "" });
  }
  project.provide("lanes", lanes);
  project.provide("agentBin", AGENT_BIN);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    for (const state of states) rmSync(state, { recursive: true, force: true });
  };
}
