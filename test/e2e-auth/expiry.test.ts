import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, freePort, startWranglerDev } from "../../scripts/wrangler-dev.ts";
import { Browser } from "../support/browser.ts";
import { answerPairing, startLogin } from "./login.ts";
import { connectSignedIn, newAccount, rawCall, tokenRequest } from "./signed-in.ts";

/**
 * Lifetimes, on a server of its own with the shortest the OAuth library allows
 * (60 s for access tokens and registrations) and a 3-second pairing window:
 * an expired access token gets 401, an expired registration `invalid_client`
 * (so the client registers again), an expired pairing `expired_token`.
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
    quiet: true,
    vars: {
      EDGECLIP_REQUIRE_SIGN_IN: "1",
      EDGECLIP_SETUP_SECRET: secret,
      EDGECLIP_ACCESS_TOKEN_TTL: "60",
      EDGECLIP_CLIENT_REGISTRATION_TTL: "60",
      EDGECLIP_PAIRING_TTL: "3",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
});

describe("expiry", () => {
  it("expires access tokens and unused client registrations", async () => {
    const account = await newAccount("expiry", server.url, secret);
    const { auth, client } = await connectSignedIn(account, "full", server.url);
    await client.close();
    const token = String(auth.saved?.access_token);
    expect((await rawCall(token, "session_list", {}, server.url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 62_000));
    const expired = await rawCall(token, "session_list", {}, server.url);
    expect(expired.status).toBe(401);
    const refreshed = await tokenRequest(
      {
        grant_type: "refresh_token",
        refresh_token: String(auth.saved?.refresh_token),
        client_id: String(auth.client?.client_id),
      },
      server.url,
    );
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.error).toBe("invalid_client");
  }, 120_000);

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
