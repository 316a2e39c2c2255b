import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildAgent } from "../../scripts/build-agent.ts";
import { freePort, launchWranglerDev } from "../../scripts/wrangler-dev.ts";

declare module "vitest" {
  export interface ProvidedContext {
    authUrl: string;
    setupSecret: string;
  }
}

/**
 * A `wrangler dev` that requires sign-in on loopback too, with account setup
 * on. Launched, not awaited (test/support/servers-ready.ts waits); the agent's
 * bundle is built meanwhile.
 */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "edgeclip-e2e-auth-"));
  const setupSecret = randomBytes(24).toString("base64url");
  const server = launchWranglerDev({
    port: await freePort(),
    persistTo: state,
    rebuilds: false,
    quiet: true,
    vars: { EDGECLIP_REQUIRE_SIGN_IN: "1", EDGECLIP_SETUP_SECRET: setupSecret },
  });
  server.ready.catch((error: Error) => console.error(`e2e-auth server: ${error.message}`));
  // The agent its tests pair and run (login.ts), built as users get it, while the server boots.
  await buildAgent();
  project.provide("authUrl", server.url);
  project.provide("setupSecret", setupSecret);
  return async () => {
    await server.stop("SIGKILL"); // its state is thrown away
    rmSync(state, { recursive: true, force: true });
  };
}
