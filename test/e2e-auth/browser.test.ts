import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, startSession } from "../e2e/clients.ts";
import { pkce } from "../support/browser.ts";
import { chromiumAvailable as available, launchChromium, screenshot } from "../support/chromium.ts";
import { connectSignedIn, newAccount, rawCall, serverUrl, tokenRequest } from "./signed-in.ts";

/**
 * The sign-in, consent and account pages in a real browser (headless
 * Chromium, Debian's `chromium`): cookies, the CSRF token, Origin and
 * Referrer-Policy as a browser really sends them, and no script anywhere.
 * Skipped without Chromium, failed without it in CI (`.ci/run` installs it).
 */
let browser: Browser;
beforeAll(async () => {
  if (available) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!available)("in a real browser", () => {
  it("signs in, consents with a chosen preset, and revokes, all with plain forms", async () => {
    const account = await newAccount("chromium");
    const callback = "http://127.0.0.1:9/callback";
    const registered = (await (
      await fetch(new URL("/register", serverUrl()), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "Browser test app",
          redirect_uris: [callback],
          token_endpoint_auth_method: "none",
        }),
      })
    ).json()) as { client_id: string };
    const { verifier, challenge } = await pkce();
    const authorize = new URL("/authorize", serverUrl());
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: registered.client_id,
      redirect_uri: callback,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "browser",
    }).toString();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(authorize.href);
    await page.getByLabel("User name").fill(account.name);
    await page.getByLabel("Passphrase").fill(account.passphrase);
    const consent = page.waitForEvent("load"); // the consent page, not the sign-in page's heading
    await page.getByRole("button", { name: "Sign in" }).click();
    await consent;
    expect(await page.getByRole("heading").textContent()).toContain("Browser test app");
    await page.getByRole("radio", { name: /^trusted/ }).check();
    const reachesCallback = page.waitForRequest((r) => r.url().startsWith(callback));
    await page.getByRole("button", { name: "Allow" }).click();
    const redirected = new URL((await reachesCallback).url());
    expect(redirected.searchParams.get("state")).toBe("browser");
    const tokens = await tokenRequest({
      grant_type: "authorization_code",
      code: redirected.searchParams.get("code") ?? "",
      code_verifier: verifier,
      client_id: registered.client_id,
      redirect_uri: callback,
    });
    expect(tokens.body.scope).toBe("trusted");
    expect(
      (await rawCall(tokens.body.access_token ?? "", "session", { action: "list" })).status,
    ).toBe(200);

    // In a tab of its own: the first one is still showing the callback's error page (no app listens there).
    const accountPage = await context.newPage();
    accountPage.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await accountPage.goto(new URL("/account", serverUrl()).href);
    await accountPage.getByRole("cell", { name: "Browser test app", exact: true }).waitFor();
    await accountPage.getByRole("button", { name: "Revoke Browser test app" }).click();
    await accountPage.getByText("No app is connected").waitFor();
    expect(
      (await rawCall(tokens.body.access_token ?? "", "session", { action: "list" })).status,
    ).toBe(401);
    await accountPage.getByRole("button", { name: "Sign out" }).click();
    await accountPage.getByRole("button", { name: "Sign in" }).waitFor();
    expect(scripts).toEqual([]);
    await context.close();
  });

  it("signs in to the dashboard, which shows the user's own data and not another's by URL", async () => {
    const alice = await connectSignedIn(await newAccount("dash-alice"));
    const handle = await startSession(alice.client, { description: "alice's work" });
    await ok(alice.client, "copy", { session: handle, key: "secret", text: "alice's secret" });
    const bob = await newAccount("dash-bob");
    const bobs = await startSession((await connectSignedIn(bob)).client, {
      description: "bob's work",
    });

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(new URL("/", serverUrl()).href);
    await page.getByLabel("User name").fill(bob.name);
    await page.getByLabel("Passphrase").fill(bob.passphrase);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: bobs, exact: true }).waitFor();
    expect(await page.locator("main").textContent()).not.toContain(handle);
    await page.waitForSelector("body[data-live-connected]");

    for (const path of [
      `/session/${handle}`,
      `/session/${handle}/entry?key=secret`,
      `/session/${handle}/raw?key=secret`,
    ]) {
      const response = await page.goto(new URL(path, serverUrl()).href);
      expect(response?.status(), path).toBe(404);
      expect(await page.content(), path).not.toContain("alice's secret");
    }
    await screenshot(page, "dashboard-other-users-session");
    await alice.client.close();
    await context.close();
  });
});
