import { spawnSync } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { call } from "../e2e/clients.ts";
import { Browser, field } from "../support/browser.ts";
import { connectSignedIn, newAccount, rawCall, serverUrl, tokenRequest } from "./signed-in.ts";

/**
 * The whole OAuth flow against a real `wrangler dev` that requires sign-in,
 * with the official SDK client's auth support doing discovery, dynamic
 * registration, PKCE and the token exchange, and the sign-in and consent pages
 * driven over HTTP.
 */
describe("signing in an MCP client", () => {
  it("runs discovery, registration, PKCE, consent, the token exchange and refresh, serving tools", async () => {
    const account = await newAccount("flow");
    const { client, auth, consent } = await connectSignedIn(account, "full");
    expect(consent).toContain("edgeclip e2e client");
    expect(consent).toContain("registered itself (dynamic client registration)");
    expect(consent).toContain("Access will be sent to <strong>127.0.0.1</strong>");
    // The preset is the grant's scope (offline_access is added when a client asks; workers oauth test).
    expect(auth.saved?.scope?.split(" ")[0]).toBe("full");
    expect(typeof auth.saved?.refresh_token).toBe("string");
    const copied = await call(client, "copy", { text: "signed in" });
    expect(copied.isError).toBeFalsy();
    expect((await call(client, "read", { from: `@${copied.data.key as string}` })).text).toContain(
      "signed in",
    );
    // The access token stops working (as an expired one does): the SDK refreshes and carries on.
    const before = { ...auth.saved };
    if (auth.saved) auth.saved = { ...auth.saved, access_token: "no-longer-valid" };
    const after = await call(client, "read", { from: `@${copied.data.key as string}` });
    expect(after.text).toContain("signed in");
    expect(auth.saved?.access_token).not.toBe("no-longer-valid");
    expect(auth.saved?.refresh_token).not.toBe(before.refresh_token);
    await client.close();
  });

  it("rotates refresh tokens, keeping the previous one valid until its successor is used", async () => {
    const { auth, client } = await connectSignedIn(await newAccount("refresh"));
    await client.close();
    const clientId = String(auth.client?.client_id);
    const refresh = (token: string) =>
      tokenRequest({ grant_type: "refresh_token", refresh_token: token, client_id: clientId });
    const r0 = String(auth.saved?.refresh_token);
    const first = await refresh(r0);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(r0);
    // Claude refreshes from two addresses at once: the same old token works again…
    const again = await refresh(r0);
    expect(again.status).toBe(200);
    expect(
      (await rawCall(again.body.access_token ?? "", "session", { action: "list" })).status,
    ).toBe(200);
    // …until a successor is used; then it is dead.
    const next = await refresh(again.body.refresh_token ?? "");
    expect(next.status).toBe(200);
    const dead = await refresh(r0);
    expect(dead.status).toBe(400);
    expect(dead.body.error).toBe("invalid_grant");
  });

  it("gives two refreshes with the same token at once the same new tokens, so neither caller is left with a dead one", async () => {
    const { auth, client } = await connectSignedIn(await newAccount("twice"));
    await client.close();
    const clientId = String(auth.client?.client_id);
    const refresh = (token: string) =>
      tokenRequest({ grant_type: "refresh_token", refresh_token: token, client_id: clientId });
    const r0 = String(auth.saved?.refresh_token);
    // Claude refreshes from two places at once.
    const [a, b] = await Promise.all([refresh(r0), refresh(r0)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    expect(a.body.access_token).toBe(b.body.access_token);
    // Each caller's refresh token still works: the first one to use it…
    const fromA = await refresh(a.body.refresh_token ?? "");
    expect(fromA.status, JSON.stringify(fromA.body)).toBe(200);
    // …and the other, a moment later: the same token again, so the same answer.
    const fromB = await refresh(b.body.refresh_token ?? "");
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(200);
    expect(fromB.body.refresh_token).toBe(fromA.body.refresh_token);
    expect(
      (await rawCall(fromB.body.access_token ?? "", "session", { action: "list" })).status,
    ).toBe(200);
    // The first token is dead now that its successor was used.
    expect((await refresh(r0)).body.error).toBe("invalid_grant");
  });

  it("answers an unknown client at the token endpoint with 401 invalid_client, so it registers again", async () => {
    const response = await tokenRequest({
      grant_type: "authorization_code",
      code: "x:y:z",
      client_id: "never-registered",
      code_verifier: "a".repeat(43),
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("invalid_client");
  });

  it("stops a revoked grant's tokens at once, and its refresh token", async () => {
    const account = await newAccount("revoke");
    const { auth, browser, client } = await connectSignedIn(account);
    await client.close();
    const token = String(auth.saved?.access_token);
    expect((await rawCall(token, "session", { action: "list" })).status).toBe(200);
    const page = await (await browser.get(new URL("/account", serverUrl()))).text();
    expect(page).toContain("edgeclip e2e client");
    const revoked = await browser.post(new URL("/account/grants/revoke", serverUrl()), {
      csrf: field(page, "csrf"),
      id: field(page, "id"),
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("No app is connected");
    expect((await rawCall(token, "session", { action: "list" })).status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: String(auth.saved?.refresh_token),
      client_id: String(auth.client?.client_id),
    });
    expect(refreshed.body.error).toBe("invalid_grant");
  });

  it("rejects a tampered token and checks Origin before anything else", async () => {
    const { auth, client } = await connectSignedIn(await newAccount("tamper"));
    await client.close();
    const token = String(auth.saved?.access_token);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await rawCall(tampered, "session", { action: "list" })).status).toBe(401);
    const foreign = await fetch(new URL("/mcp", serverUrl()), {
      method: "POST",
      headers: { origin: "https://evil.example", authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(foreign.status).toBe(403);
  });
});

describe("signing in on the page", () => {
  it("throttles guessing per account: after 5 failures even the right passphrase waits", async () => {
    const account = await newAccount("brute");
    const signIn = async (passphrase: string, address: string) => {
      const browser = new Browser(fetch, address);
      const page = await browser.get(new URL("/signin", serverUrl()));
      return browser.signIn(page, new URL("/signin", serverUrl()), account.name, passphrase);
    };
    for (let i = 0; i < 5; i++)
      expect((await signIn(`wrong passphrase ${i}!`, `192.0.2.${i + 1}`)).status).toBe(401);
    const locked = await signIn(account.passphrase, "192.0.2.99");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await locked.text()).toContain("Too many failed sign-ins");
  });

  it("throttles guessing per address, across accounts", async () => {
    const browser = new Browser(fetch, "192.0.2.200");
    const url = new URL("/signin", serverUrl());
    for (let i = 0; i < 5; i++) {
      const page = await browser.get(url);
      expect((await browser.signIn(page, url, `nobody-${i}`, "wrong passphrase!")).status).toBe(
        401,
      );
    }
    const victim = await newAccount("victim");
    const page = await browser.get(url);
    expect((await browser.signIn(page, url, victim.name, victim.passphrase)).status).toBe(429);
  });
});

describe("npm run user:add", () => {
  it("creates an account the deployer can then sign in with, and refuses a wrong setup secret", async () => {
    const name = `added-${Math.random().toString(36).slice(2, 8)}`;
    const run = (secret: string) =>
      spawnSync(process.execPath, ["scripts/user-add.ts", name, "--url", serverUrl()], {
        input: "a long enough passphrase\n",
        env: { ...process.env, EDGECLIP_SETUP_SECRET: secret },
        encoding: "utf8",
      });
    const wrong = run("not the secret");
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("Wrong setup secret");
    const added = run(inject("setupSecret"));
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain(`Created ${name}`);
    const browser = new Browser(fetch, "192.0.2.150");
    const url = new URL("/signin", serverUrl());
    const signedIn = await browser.signIn(
      await browser.get(url),
      url,
      name,
      "a long enough passphrase",
    );
    expect(signedIn.status).toBe(303);
    expect(await (await browser.get(new URL("/account", serverUrl()))).text()).toContain(name);
  });
});
