import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, freePort, startWranglerDev } from "../../scripts/wrangler-dev.ts";
import { Browser } from "../support/browser.ts";
import { answerPairing, startLogin } from "./login.ts";
import { newAccount } from "./signed-in.ts";

/**
 * A pairing's lifetime, on a server of its own with a 3-second pairing window:
 * an expired pairing is refused (`expired_token`), and `edgeclip-agent login`
 * says so. (Access-token and registration lifetimes are tested without waiting,
 * in test/workers/lifetimes.test.ts.)
 */
let server: DevServer;
let state: string;
let secret: string;

beforeAll(async () => {
  state = mkdtempSync(path.join(tmpdir(), "edgeclip-e2e-expiry-"));
  secret = randomBytes(24).toString("base64url");
  server = await startWranglerDev({
    port: await freePort(),
    persistTo: state,
    rebuilds: false,
    quiet: true,
    vars: {
      EDGECLIP_REQUIRE_SIGN_IN: "1",
      EDGECLIP_SETUP_SECRET: secret,
      EDGECLIP_PAIRING_TTL: "3",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
});

describe("expiry", () => {
  it("expires a pairing nobody approved", async () => {
    const account = await newAccount("expiry-pair", server.url, secret);
    const login = startLogin(server.url, "too-slow", mkdtempSync(path.join(tmpdir(), "cfg-")));
    const link = await login.url;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const { answered } = await answerPairing(new Browser(fetch), link, account, "approve").catch(
      (error: Error) => ({ answered: error.message }),
    );
    expect(answered).toMatch(/expired/);
    expect(await login.exited).toBe(1);
    expect(login.output()).toMatch(/expired/i);
  });
});
