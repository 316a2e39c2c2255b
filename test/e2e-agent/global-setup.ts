import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { AGENT_BIN, packAgent } from "../../scripts/build-agent.ts";
import { type DevServer, freePorts, startLocalDev } from "../../scripts/wrangler-dev.ts";
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
  const slots = Math.max(1, Number(project.config.maxWorkers) || 1);
  const withX = process.platform === "linux" && which("Xvfb") !== undefined;
  const states = Array.from({ length: slots }, () =>
    mkdtempSync(join(tmpdir(), "edgeclip-e2e-agent-")),
  );
  // Each server gets its port and its devtools port, so they can all start at once, while the package builds.
  const ports = await freePorts(2 * slots);
  const startLanes = () =>
    Promise.all(
      states.map(async (state, i) => {
        const server: DevServer = await startLocalDev({
          port: ports[2 * i] ?? 0,
          inspectorPort: ports[2 * i + 1],
          persistTo: state,
          quiet: true,
        });
        return { server, xvfb: withX ? await startXvfb() : undefined };
      }),
    );
  const [, started] = await Promise.all([packAgent(), startLanes()]);
  const lanes: Lane[] = started.map(({ server, xvfb }) => ({
    url: server.url,
    token: server.token ?? "",
    display: xvfb?.display ?? "",
  }));
  project.provide("lanes", lanes);
  project.provide("agentBin", AGENT_BIN);
  return async () => {
    await Promise.all(started.flatMap(({ server, xvfb }) => [server.stop(), xvfb?.stop()]));
    for (const state of states) rmSync(state, { recursive: true, force: true });
  };
}
