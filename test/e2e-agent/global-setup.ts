import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { AGENT_BIN, packAgent } from "../../scripts/build-agent.ts";
import { freePorts, launchLocalDev } from "../../scripts/wrangler-dev.ts";
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
  // Each server gets its own port, so they all boot at once, while the package builds and
  // other projects start (test/support/servers-ready.ts waits for them).
  const ports = await freePorts(slots);
  const servers = states.map((state, i) => {
    const server = launchLocalDev({
      port: ports[i] ?? 0,
      persistTo: state,
      rebuilds: false,
      quiet: true,
    });
    server.ready.catch((error: Error) =>
      console.error(`e2e-agent lane ${i + 1}: ${error.message}`),
    );
    return server;
  });
  const [, displays] = await Promise.all([
    packAgent(),
    Promise.all(states.map(() => (withX ? startXvfb() : undefined))),
  ]);
  const lanes: Lane[] = servers.map((server, i) => ({
    url: server.url,
    token: server.token ?? "",
    boot: server.boot ?? "",
    display: displays[i]?.display ?? "",
  }));
  project.provide("lanes", lanes);
  project.provide("agentBin", AGENT_BIN);
  return async () => {
    await Promise.all([
      ...servers.map((s) => s.stop("SIGKILL")),
      ...displays.map((x) => x?.stop()),
    ]);
    for (const state of states) rmSync(state, { recursive: true, force: true });
  };
}
