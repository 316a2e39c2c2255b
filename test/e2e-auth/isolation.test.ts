import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok, startSession } from "../e2e/clients.ts";
import { field } from "../support/browser.ts";
import { connectSignedIn, newAccount, type SignedIn, serverUrl } from "./signed-in.ts";

/**
 * Two signed-in users on one server: every Durable Object name derives from
 * the user id the grant carries, so B naming A's session or project reaches
 * B's own (empty or unknown) objects, never A's.
 */
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    newAccount("alice").then((a) => connectSignedIn(a, "full")),
    newAccount("bob").then((b) => connectSignedIn(b, "full")),
  ]);
});

afterAll(async () => {
  await Promise.all([alice?.client.close(), bob?.client.close()]);
});

describe("isolation between users", () => {
  it("shows each signed-in user their own sessions on the dashboard, and nobody's without sign-in", async () => {
    const marker = `alice-only-${Math.random().toString(36).slice(2, 8)}`;
    await startSession(alice.client, { description: marker });
    const dashboard = (who: SignedIn) =>
      who.browser.request(new URL("/", serverUrl()), { headers: { accept: "text/html" } });
    expect(await (await dashboard(alice)).text()).toContain(marker);
    const bobs = await dashboard(bob);
    expect(bobs.status).toBe(200);
    expect(await bobs.text()).not.toContain(marker);
    const anonymous = await fetch(new URL("/", serverUrl()), {
      headers: { accept: "text/html" },
      redirect: "manual",
    });
    expect(anonymous.status).toBe(303);
  });

  it("keeps A's dashboard pages, content and actions out of B's reach by URL", async () => {
    const handle = await startSession(alice.client, { project: "alice-proj" });
    await ok(alice.client, "copy", { session: handle, key: "secret", text: "alice's secret" });
    await ok(alice.client, "copy", {
      session: handle,
      key: "p-secret",
      text: "alice's project secret",
      scope: "project",
    });
    await ok(alice.client, "copy", {
      session: handle,
      key: "u-secret",
      text: "alice's user secret",
      scope: "user",
    });
    const as = (who: SignedIn, path: string) => who.browser.get(new URL(path, serverUrl()));
    const key = (k: string) => new URLSearchParams({ key: k }).toString();

    // Alice sees her own.
    expect(await (await as(alice, `/session/${handle}/entry?${key("secret")}`)).text()).toContain(
      "alice&#39;s secret",
    );
    expect(await (await as(alice, `/session/${handle}/raw?${key("secret")}`)).text()).toBe(
      "alice's secret",
    );

    for (const path of [
      `/session/${handle}`,
      `/session/${handle}/history`,
      `/session/${handle}/entry?${key("secret")}`,
      `/session/${handle}/raw?${key("secret")}`,
      `/project/alice-proj/entry?${key("p-secret")}`,
      `/project/alice-proj/raw?${key("p-secret")}`,
      `/user/raw?${key("u-secret")}`,
    ]) {
      const response = await as(bob, path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("alice's");
    }
    for (const path of ["/project/alice-proj", "/user", "/tokens", "/"]) {
      const response = await as(bob, path);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text, path).not.toContain("secret");
      expect(text, path).not.toContain(handle);
    }

    // Bob's own valid CSRF token does not let him delete Alice's entry or end her session.
    const csrf = field(
      await (await as(bob, `/session/${handle}/delete?${key("secret")}`)).text(),
      "csrf",
    );
    const deleting = await bob.browser.post(new URL(`/session/${handle}/delete`, serverUrl()), {
      csrf,
      key: "secret",
    });
    expect(deleting.status).toBe(404);
    const ending = await bob.browser.post(new URL(`/session/${handle}/end`, serverUrl()), { csrf });
    expect(ending.status).toBe(409);
    const still = await ok<{ content: string }>(alice.client, "read", {
      session: handle,
      from: "@secret",
    });
    expect(still.content).toBe("alice's secret");

    // Without a cookie: sign in first, and come back here after.
    const anonymous = await fetch(new URL(`/session/${handle}/raw?${key("secret")}`, serverUrl()), {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe(
      `/signin?${new URLSearchParams({ next: `/session/${handle}/raw?${key("secret")}` })}`,
    );
    const live = await fetch(new URL("/live", serverUrl()));
    expect(live.status).toBe(401);
  });

  it("answers B's use of A's session handle with UNKNOWN_SESSION, never A's data", async () => {
    const handle = await startSession(alice.client, { project: "shared-name" });
    await ok(alice.client, "copy", { session: handle, text: "alice's secret", key: "secret" });
    for (const [name, args] of [
      ["read", { session: handle, from: "@secret" }],
      ["list", { session: handle }],
      ["session", { session: handle, action: "history" }],
      ["copy", { session: handle, text: "bob was here" }],
      ["session", { action: "end", session: handle }],
    ] as const) {
      const result = await call(bob.client, name, args);
      expect(result.isError, name).toBe(true);
      expect(result.text, name).toMatch(/^UNKNOWN_SESSION/);
      expect(result.text).not.toContain("alice's secret");
    }
    const mine = await ok<{ content: string }>(alice.client, "read", {
      session: handle,
      from: "@secret",
    });
    expect(mine.content).toBe("alice's secret");
    const sessions = await ok<{ sessions: { session: string }[] }>(bob.client, "session", {
      action: "list",
    });
    expect(JSON.stringify(sessions)).not.toContain(handle);
  });

  it("gives B their own project scope under the same project name, and their own user scope", async () => {
    const aliceSession = await startSession(alice.client, { project: "same-project" });
    await ok(alice.client, "copy", {
      session: aliceSession,
      text: "alice project",
      key: "p",
      scope: "project",
    });
    await ok(alice.client, "copy", { text: "alice user", key: "u", scope: "user" });
    const bobSession = await startSession(bob.client, { project: "same-project" });
    for (const scope of ["project", "user"] as const) {
      const listed = await ok<{ entries: unknown[] }>(bob.client, "list", {
        session: bobSession,
        scope,
      });
      expect(listed.entries, scope).toEqual([]);
    }
    const searched = await ok<{ results: unknown[] }>(bob.client, "list", {
      session: bobSession,
      query: "alice",
    });
    expect(searched.results).toEqual([]);
  });
});
