import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCAL_USER } from "../../src/auth/identity.ts";
import { GREETING_MS, HELLO_CHARS } from "../../src/bridge/bridge.ts";
import {
  type Challenge,
  type Endpoint,
  mintServerNonce,
  NONCE_HEADER,
  NONCE_TTL_MS,
  newNonce,
  PROOF_HEADER,
  type ProofPurpose,
  proofOf,
  SERVER_NONCE_HEADER,
} from "../../src/shared/bridge/proof.ts";
import { CLOSE_CODES, PROTOCOL_VERSION } from "../../src/shared/bridge/protocol.ts";
import {
  dashboardHostOf,
  dashboardKeyOf,
  dashboardLinkPage,
} from "../../src/shared/core/dashboard-host.ts";
import { bareLocalServer, LOCAL_BOOT, LOCAL_TOKEN, localServer } from "./helpers.ts";

/** The dashboard's own host (dashboard-host.ts) in the test server's run: the one place its cookie counts. */
const DASHBOARD = `http://${await dashboardHostOf(LOCAL_TOKEN, LOCAL_BOOT)}:8787`;

/** What the link's page does: posts `key` to /open on `origin` from a file (Origin: null). */
const postKey = (key: string, origin = DASHBOARD, headers: Record<string, string> = {}) =>
  localServer.fetch(
    new Request(`${origin}/open`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "null",
        ...headers,
      },
      body: new URLSearchParams({ key }).toString(),
    }),
  );

import { bridgeOf } from "./test-agent.ts";

/**
 * A local server serves the account that started it, not everyone on the
 * machine: every request carries the local credential (a bearer token, or the
 * dashboard cookie the printed link sets), except /health.
 */
const mcpInit = (headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:8787/mcp", {
    method: "POST",
    headers: {
      host: "127.0.0.1:8787",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "someone-else", version: "1" },
      },
    }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const everyRoute = [
  new Request("http://127.0.0.1:8787/", { headers: { accept: "text/html" } }),
  new Request("http://127.0.0.1:8787/", { headers: { accept: "*/*" } }),
  new Request("http://127.0.0.1:8787/bridge", { headers: { upgrade: "websocket" } }),
  new Request("http://127.0.0.1:8787/live", {
    headers: { upgrade: "websocket", origin: "http://127.0.0.1:8787" },
  }),
  new Request("http://127.0.0.1:8787/session/default", { headers: { accept: "text/html" } }),
  new Request("http://127.0.0.1:8787/user/raw?key=k"),
  new Request("http://127.0.0.1:8787/agents"),
  new Request("http://127.0.0.1:8787/session/default/undo", { method: "POST" }),
];

describe("the local credential", () => {
  it("refuses /mcp, /bridge, the dashboard and /live without it (401), before anything runs", async () => {
    for (const request of [mcpInit(), ...everyRoute]) {
      const response = await localServer.fetch(request.clone());
      expect(response.status, `${request.method} ${request.url}`).toBe(401);
      expect(response.webSocket ?? null).toBeNull();
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
    }
    const body = (await (await localServer.fetch(mcpInit())).json()) as {
      error_description: string;
    };
    expect(body.error_description).toContain("Authorization: Bearer");
    expect(body.error_description).toContain("local.env");
  });

  it("refuses a wrong token, an empty one, and a token sent some other way", async () => {
    for (const headers of [
      bearer(`ecl_${"x".repeat(43)}`),
      bearer(LOCAL_TOKEN.slice(0, -1)),
      { authorization: "Bearer" },
      { authorization: `Basic ${btoa(`local:${LOCAL_TOKEN}`)}` },
      { authorization: LOCAL_TOKEN },
      { cookie: `__Host-edgeclip-local=${LOCAL_TOKEN}` },
    ]) {
      const response = await localServer.fetch(mcpInit(headers));
      expect(response.status, JSON.stringify(headers)).toBe(401);
    }
  });

  it("serves its bearer at /mcp and keeps /health open", async () => {
    const response = await localServer.fetch(mcpInit(bearer(LOCAL_TOKEN)));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"serverInfo"');
    const health = await localServer.fetch(new Request("http://127.0.0.1:8787/health"));
    expect(health.status).toBe(200);
  });

  it("trades the printed link's key for an HttpOnly cookie, then goes on from its own page; the cookie opens the dashboard only", async () => {
    // The page npm start keeps in a private file: this run's key, never the credential (issue 42 §2).
    const linkPage = await dashboardLinkPage("http://127.0.0.1:8787", LOCAL_TOKEN, LOCAL_BOOT);
    expect(linkPage).not.toContain(LOCAL_TOKEN);
    expect(linkPage).toContain(`action="${DASHBOARD}/open"`);
    const key = await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT);
    expect(linkPage).toContain(`name="key" value="${key}"`);
    const wrong = await postKey(await dashboardKeyOf(LOCAL_TOKEN, "an earlier run"));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await wrong.text()).toContain("each run of <code>npm start</code> prints a new one");

    const link = await postKey(key);
    expect(link.status).toBe(200);
    // On from the dashboard's own page, so the SameSite=Strict cookie goes with it.
    expect(await link.text()).toContain('<meta http-equiv="refresh" content="0;url=/">');
    expect(link.headers.get("referrer-policy")).toBe("no-referrer");
    const setCookie = link.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(
      /^__Host-edgeclip-local=[0-9a-f]{64}; Path=\/; Max-Age=43200; Secure; HttpOnly; SameSite=Strict$/,
    );
    const cookie = setCookie.split(";")[0] ?? "";
    expect(cookie).not.toContain(LOCAL_TOKEN);

    const page = await localServer.fetch(
      new Request(`${DASHBOARD}/`, { headers: { accept: "text/html", cookie } }),
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your clipboard sessions");
    // The cookie is not a credential for MCP clients or agents.
    expect((await localServer.fetch(mcpInit({ cookie }))).status).toBe(401);
    const bridge = await localServer.fetch(
      new Request(`${DASHBOARD}/bridge`, { headers: { upgrade: "websocket", cookie } }),
    );
    expect(bridge.status).toBe(401);
    // A forged cookie value opens nothing.
    const forged = await localServer.fetch(
      new Request(`${DASHBOARD}/`, {
        headers: { accept: "text/html", cookie: `__Host-edgeclip-local=${"0".repeat(64)}` },
      }),
    );
    expect(forged.status).toBe(401);
    expect(await forged.text()).toContain("npm start");
    // The credential in a URL opens nothing any more: no cookie for `/?token=`.
    const linked = await localServer.fetch(
      new Request(`${DASHBOARD}/?token=${LOCAL_TOKEN}`, { redirect: "manual" }),
    );
    expect(linked.status).toBe(401);
    expect(linked.headers.get("set-cookie")).toBeNull();
  });

  it("takes no key too large, and none from another run's cookie or another run's host (issue 42 §7)", async () => {
    const big = await postKey(`${"k".repeat(2000)}`);
    expect(big.status).toBe(401);
    // The host and cookie of an earlier run (the same credential): dead.
    const earlier = `http://${await dashboardHostOf(LOCAL_TOKEN, "an earlier run")}:8787`;
    const fromEarlier = await postKey(await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT), earlier);
    expect([401, 421]).toContain(fromEarlier.status);
    const cookie =
      (
        (await postKey(await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT))).headers.get("set-cookie") ??
        ""
      ).split(";")[0] ?? "";
    const there = await localServer.fetch(
      new Request(`${earlier}/agents`, { headers: { accept: "text/html", cookie } }),
    );
    expect([401, 421]).toContain(there.status);
  });

  it("sets and takes the cookie on the dashboard's own host alone, where no other server can be reached (issue 34 §4)", async () => {
    // The key on 127.0.0.1 (whose cookies every port of it gets): no cookie set.
    const elsewhere = await postKey(
      await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT),
      "http://127.0.0.1:8787",
    );
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get("set-cookie")).toBeNull();
    // The cookie, sent to 127.0.0.1 (a page on another port would send it): it opens nothing.
    const link = await postKey(await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT));
    const cookie = (link.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const onLoopback = await localServer.fetch(
      new Request("http://127.0.0.1:8787/agents", { headers: { accept: "text/html", cookie } }),
    );
    expect(onLoopback.status).toBe(401);
    // The dashboard's name is its own: another of the shape, or another .localhost, is misdirected.
    for (const host of ["d-00000000000000000000.localhost", "evil.localhost"]) {
      const other = await localServer.fetch(
        new Request(`http://${host}:8787/agents`, { headers: { accept: "text/html", cookie } }),
      );
      expect([401, 421], host).toContain(other.status);
    }
    // Not even on its own pages: the agents page's command names 127.0.0.1 (issue 42 §7).
    for (const path of ["/agents", "/", "/tokens"]) {
      const own = await localServer.fetch(
        new Request(`${DASHBOARD}${path}`, { headers: { accept: "text/html", cookie } }),
      );
      expect(own.status, path).toBe(200);
      const text = await own.text();
      expect(text, path).not.toContain(new URL(DASHBOARD).hostname);
      if (path === "/agents") expect(text).toContain("connect http://127.0.0.1:8787");
    }
    // Its name is in no response, not even to whoever presented the token (issue 42 §7).
    for (const headers of [{ accept: "*/*" }, { accept: "*/*", ...bearer(LOCAL_TOKEN) }]) {
      const help = await localServer.fetch(new Request("http://127.0.0.1:8787/", { headers }));
      expect(await help.text()).not.toContain(new URL(DASHBOARD).hostname);
    }
  });
});

describe("the dashboard cookie yields the dashboard and nothing more (issue 27)", () => {
  async function dashboardCookie(): Promise<string> {
    const link = await postKey(await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT));
    return (link.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  it("never shows the token to the cookie: the plain-text help names it <token>; a bearer sees it", async () => {
    const cookie = await dashboardCookie();
    const help = await localServer.fetch(
      new Request(`${DASHBOARD}/`, { headers: { accept: "*/*", cookie } }),
    );
    expect(help.status).toBe(200);
    const text = await help.text();
    expect(text).not.toContain(LOCAL_TOKEN);
    expect(text).toContain('--header "Authorization: Bearer <token>"');
    expect(text).toContain("local.env");
    const shown = await localServer.fetch(
      new Request("http://127.0.0.1:8787/", { headers: { accept: "*/*", ...bearer(LOCAL_TOKEN) } }),
    );
    expect(await shown.text()).toContain(`Authorization: Bearer ${LOCAL_TOKEN}`);
  });

  it("opens no spelling of /bridge or /mcp, with or without an Origin: the gates decide on the path the router matches", async () => {
    const cookie = await dashboardCookie();
    const spellings = [
      "/%62ridge",
      "/bridg%65",
      "//bridge",
      "/./bridge",
      "/a/../bridge",
      "/bridge/",
      "/BRIDGE",
      "/%6dcp",
      "//mcp",
      "/m%63p",
    ];
    for (const path of spellings)
      for (const origin of [undefined, "http://127.0.0.1:8787", "http://127.0.0.1:9999"]) {
        const headers: Record<string, string> = { upgrade: "websocket", cookie };
        if (origin) headers.origin = origin;
        const response = await localServer.fetch(new Request(`${DASHBOARD}${path}`, { headers }));
        expect(response.status, `${path} origin ${origin}`).not.toBe(101);
        expect(response.webSocket ?? null, `${path} origin ${origin}`).toBeNull();
        expect([401, 403, 404], `${path} origin ${origin}`).toContain(response.status);
      }
    // The same spellings with the bearer token reach what the router reaches: /%62ridge is /bridge.
    const agent = await localServer.fetch(
      new Request("http://127.0.0.1:8787/%62ridge", { headers: { ...bearer(LOCAL_TOKEN) } }),
    );
    expect(agent.status).toBe(426);
  });

  it("opens only the dashboard's own routes: any other path answers 401 to the cookie", async () => {
    const cookie = await dashboardCookie();
    for (const path of [
      "/signin",
      "/account",
      "/setup/users",
      "/pair",
      "/no-such-page",
      "/token",
      // The gate and the router agree exactly: a trailing slash is no dashboard route (issue 34 §9).
      "/agents/",
      "/tokens/",
      "/session/default/",
    ]) {
      const response = await localServer.fetch(
        new Request(`${DASHBOARD}${path}`, { headers: { accept: "text/html", cookie } }),
      );
      expect(response.status, path).toBe(401);
    }
    // Past the gate: the dashboard answers (a session never started is its own 404).
    for (const path of ["/agents", "/tokens", "/session/default", "/assets/dashboard.js"]) {
      const response = await localServer.fetch(
        new Request(`${DASHBOARD}${path}`, { headers: { accept: "text/html", cookie } }),
      );
      expect(response.status, path).not.toBe(401);
    }
  });

  it("puts a linked token in no Location and no page, and sets no cookie, when the request came through a proxy", async () => {
    const proxies: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.7" },
      { forwarded: "for=203.0.113.7" },
      { "cf-connecting-ip": "203.0.113.7" },
    ];
    for (const proxied of proxies) {
      const posted = await postKey(
        await dashboardKeyOf(LOCAL_TOKEN, LOCAL_BOOT),
        DASHBOARD,
        proxied,
      );
      expect(posted.headers.get("set-cookie") ?? "", JSON.stringify(proxied)).toBe("");
      const response = await localServer.fetch(
        new Request(`${DASHBOARD}/?token=${LOCAL_TOKEN}&x=1`, {
          redirect: "manual",
          headers: { accept: "text/html", ...proxied },
        }),
      );
      expect(response.headers.get("location") ?? "", JSON.stringify(proxied)).not.toContain(
        LOCAL_TOKEN,
      );
      expect(await response.text(), JSON.stringify(proxied)).not.toContain(LOCAL_TOKEN);
      expect(response.headers.get("set-cookie") ?? "").toBe("");
    }
  });
});

/** Where the test server says it listens (as npm start tells it: scripts/local-worker.ts). */
const AT: Endpoint = { addresses: ["127.0.0.1", "::1"], port: "8787" };

/** Step 1 of the proof: `GET path` with a client nonce, no token, no upgrade. */
async function challengeOf(agentNonce: string, path = "/bridge", server = localServer) {
  const response = await server.fetch(
    new Request(`http://127.0.0.1:8787${path}`, { headers: { [NONCE_HEADER]: agentNonce } }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Challenge & { error?: string },
  };
}

/** Step 2: the upgrade, with `headers`: the socket, its messages, and how it closed (or the status). */
async function upgrade(headers: Record<string, string>, path = "/bridge") {
  const response = await localServer.fetch(
    new Request(`http://127.0.0.1:8787${path}`, { headers: { upgrade: "websocket", ...headers } }),
  );
  const ws = response.webSocket;
  if (!ws) return { status: response.status };
  ws.accept();
  const messages: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener("close", (event) => resolve(event.code)),
  );
  ws.addEventListener("message", (event) => {
    messages.push(JSON.parse(String(event.data)));
    for (const wake of waiting.splice(0)) wake();
  });
  const nth = async (n: number) => {
    while (messages.length <= n) await new Promise<void>((resolve) => waiting.push(resolve));
    return messages[n] as Record<string, unknown>;
  };
  return { status: response.status, ws, nth, closed };
}

/** Both steps, as a client holding LOCAL_TOKEN does: a proven socket. */
async function proven(purpose: ProofPurpose, path = purpose === "mcp" ? "/relay" : "/bridge") {
  const agentNonce = newNonce();
  const { body } = await challengeOf(agentNonce, path);
  const proof = await proofOf(LOCAL_TOKEN, "agent", agentNonce, body.nonce, body.at, purpose);
  const opened = await upgrade(
    { [NONCE_HEADER]: agentNonce, [SERVER_NONCE_HEADER]: body.nonce, [PROOF_HEADER]: proof },
    path,
  );
  if (!opened.ws) throw new Error(`no socket (${opened.status})`);
  return { ...opened, ws: opened.ws };
}

describe("a local agent and its server prove the credential to each other before any socket exists (issue 27 §2, issue 42 §6)", () => {
  const HELLO = {
    type: "hello",
    protocol: PROTOCOL_VERSION,
    version: "0.7.0",
    project: "proof",
    roots: ["/home/me/proof"],
    read_only: true,
    capabilities: ["files"],
    platform: "linux",
  };

  it("answers a nonce with a proof only the credential makes, naming where it listens, and upgrades the agent's proof", async () => {
    const agentNonce = newNonce();
    const { status, body } = await challengeOf(agentNonce);
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: "challenge", at: AT });
    expect(body.proof).toBe(await proofOf(LOCAL_TOKEN, "server", agentNonce, body.nonce, AT));
    // It names its place: a client that dialled another port or address sees another proof.
    for (const elsewhere of [
      { ...AT, port: "8788" },
      { ...AT, addresses: ["127.0.0.1"] },
      { ...AT, addresses: ["127.0.0.2", "::1"] },
    ])
      expect(body.proof).not.toBe(
        await proofOf(LOCAL_TOKEN, "server", agentNonce, body.nonce, elsewhere),
      );
    // Neither the token nor the agent's proof travels.
    expect(JSON.stringify(body)).not.toContain(LOCAL_TOKEN);
    expect(body.proof).not.toBe(await proofOf(LOCAL_TOKEN, "agent", agentNonce, body.nonce, AT));
    const socket = await upgrade({
      [NONCE_HEADER]: agentNonce,
      [SERVER_NONCE_HEADER]: body.nonce,
      [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", agentNonce, body.nonce, AT),
    });
    expect(socket.status).toBe(101);
    if (!socket.ws) return;
    socket.ws.send(JSON.stringify({ ...HELLO, name: "proved" }));
    expect(await socket.nth(0)).toMatchObject({ type: "welcome", name: "proved" });
    socket.ws.close(1000);
  });

  it("gives no socket to an upgrade without a right proof (403): none, another credential's, its own sent back, another place's, another nonce's, a stale or forged server nonce", async () => {
    const other = `ecl_${"o".repeat(43)}`;
    const cases: [string, (a: string, n: string) => Promise<Record<string, string>>][] = [
      ["no proof", async (a, n) => ({ [NONCE_HEADER]: a, [SERVER_NONCE_HEADER]: n })],
      [
        "no server nonce",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", a, n, AT),
        }),
      ],
      [
        "another credential's proof",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [SERVER_NONCE_HEADER]: n,
          [PROOF_HEADER]: await proofOf(other, "agent", a, n, AT),
        }),
      ],
      [
        "the server's own proof sent back",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [SERVER_NONCE_HEADER]: n,
          [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "server", a, n, AT),
        }),
      ],
      // A relay elsewhere passes on a proof made for the place the agent dialled (issue 34 §5, 42 §1).
      [
        "a proof for another port",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [SERVER_NONCE_HEADER]: n,
          [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", a, n, { ...AT, port: "8788" }),
        }),
      ],
      [
        "a proof for another address",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [SERVER_NONCE_HEADER]: n,
          [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", a, n, {
            ...AT,
            addresses: ["127.0.0.2"],
          }),
        }),
      ],
      [
        "a proof for another agent nonce",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [SERVER_NONCE_HEADER]: n,
          [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", newNonce(), n, AT),
        }),
      ],
      [
        "a server nonce it never made",
        async (a) => {
          const n = newNonce();
          return {
            [NONCE_HEADER]: a,
            [SERVER_NONCE_HEADER]: n,
            [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", a, n, AT),
          };
        },
      ],
      [
        "a server nonce another credential made",
        async (a) => {
          const n = await mintServerNonce(other);
          return {
            [NONCE_HEADER]: a,
            [SERVER_NONCE_HEADER]: n,
            [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", a, n, AT),
          };
        },
      ],
      [
        "a stale server nonce",
        async (a) => {
          const n = await mintServerNonce(LOCAL_TOKEN, Date.now() - NONCE_TTL_MS - 1_000);
          return {
            [NONCE_HEADER]: a,
            [SERVER_NONCE_HEADER]: n,
            [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", a, n, AT),
          };
        },
      ],
      [
        "a proof past its size",
        async (a, n) => ({
          [NONCE_HEADER]: a,
          [SERVER_NONCE_HEADER]: n,
          [PROOF_HEADER]: "x".repeat(2000),
        }),
      ],
    ];
    for (const path of ["/bridge", "/relay"])
      for (const [what, headers] of cases) {
        const agentNonce = newNonce();
        const { body } = await challengeOf(agentNonce, path);
        const opened = await upgrade(await headers(agentNonce, body.nonce), path);
        expect(opened.status, `${path}: ${what}`).toBe(403);
        expect(opened.ws, `${path}: ${what}`).toBeUndefined();
      }
    const { agents } = await bridgeOf(LOCAL_USER).agents();
    expect(agents.map((a) => a.name)).not.toContain("impostor");
  });

  it("proves nothing where it was not told its port, whatever Host a request names (issue 42 §3)", async () => {
    // 0.8 proved the port of the request's Host: a program on port 8788 relaying here with
    // `Host: 127.0.0.1:8788` got a proof for 8788, good for clients configured with it.
    for (const path of ["/bridge", "/relay"])
      for (const host of ["127.0.0.1:8788", "127.0.0.1:8787", "localhost"])
        for (const upgrading of [false, true]) {
          const response = await bareLocalServer.fetch(
            new Request(`http://${host}${path}`, {
              headers: {
                [NONCE_HEADER]: newNonce(),
                ...(upgrading ? { upgrade: "websocket" } : {}),
              },
            }),
          );
          expect(response.status, `${path} ${host}`).toBe(403);
          expect(response.webSocket ?? null).toBeNull();
          expect(await response.text()).toContain("npm start");
        }
  });

  it("closes a proven socket that says no hello in time, moving its deadline rather than waiting (issue 34 §6)", async () => {
    const opened = await proven("bridge");
    const bridge = bridgeOf(LOCAL_USER);
    // Its deadline, GREETING_MS after it was accepted, is moved to now; the alarm is due then.
    await runInDurableObject(bridge, (_, state) => {
      for (const ws of state.getWebSockets()) {
        const att = ws.deserializeAttachment() as { name: string | null; accepted?: number };
        if (att.name === null)
          ws.serializeAttachment({ ...att, accepted: Date.now() - GREETING_MS });
      }
    });
    expect(await runDurableObjectAlarm(bridge)).toBe(true);
    expect(await opened.closed).toBe(CLOSE_CODES.unproven);
  });

  it("takes nothing large before the hello, and assembles no parts (issue 34 §6)", async () => {
    const big = await proven("bridge");
    big.ws.send(JSON.stringify({ ...HELLO, name: "x".repeat(2), pad: "y".repeat(HELLO_CHARS) }));
    expect(await big.closed).toBe(CLOSE_CODES.unproven);
    // A first part of a split message: not a hello, and nothing waits for the rest.
    const part = await proven("bridge");
    part.ws.send(`\u0001part 1/2\u0001${"{".repeat(100)}`);
    expect(await part.closed).not.toBe(1000);
  });

  it("lets no one past the gate with a nonce and a wrong token, or a malformed nonce", async () => {
    const wrong = await upgrade({ [NONCE_HEADER]: newNonce(), authorization: "Bearer wrong" });
    expect(wrong.status).toBe(401);
    expect((await challengeOf("short")).status).toBe(400);
    expect((await upgrade({ [NONCE_HEADER]: "short" })).status).toBe(400);
    // Elsewhere than /bridge and /relay a nonce opens nothing.
    const mcp = await localServer.fetch(mcpInit({ [NONCE_HEADER]: newNonce() }));
    expect(mcp.status).toBe(401);
  });
});

describe("a local MCP client's relay proves the credential both ways before any MCP (issue 34 §2)", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "relayed", version: "1" },
    },
  };

  it("proves itself for MCP, not for the bridge, and the other way round", async () => {
    const agentNonce = newNonce();
    const { body } = await challengeOf(agentNonce, "/relay");
    expect(body.proof).toBe(
      await proofOf(LOCAL_TOKEN, "server", agentNonce, body.nonce, AT, "mcp"),
    );
    expect(body.proof).not.toBe(await proofOf(LOCAL_TOKEN, "server", agentNonce, body.nonce, AT));
    // The bridge's proof opens no relay, and the relay's no bridge.
    for (const [path, purpose] of [
      ["/relay", "bridge"],
      ["/bridge", "mcp"],
    ] as const) {
      const nonce = newNonce();
      const challenge = (await challengeOf(nonce, path)).body;
      const opened = await upgrade(
        {
          [NONCE_HEADER]: nonce,
          [SERVER_NONCE_HEADER]: challenge.nonce,
          [PROOF_HEADER]: await proofOf(LOCAL_TOKEN, "agent", nonce, challenge.nonce, AT, purpose),
        },
        path,
      );
      expect(opened.status, `${path} with a ${purpose} proof`).toBe(403);
    }
  });

  it("relays MCP once proved: initialize, then tools/list and a tool call, each answered on the socket", async () => {
    const relay = await proven("mcp");
    relay.ws.send(JSON.stringify(initialize));
    expect(await relay.nth(0)).toMatchObject({
      id: 1,
      result: { protocolVersion: "2025-11-25", serverInfo: { name: "edgeclip" } },
    });
    relay.ws.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    relay.ws.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    const listed = (await relay.nth(1)) as { id: number; result: { tools: { name: string }[] } };
    expect(listed.id).toBe(2);
    expect(listed.result.tools.map((t) => t.name)).toContain("copy");
    relay.ws.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "session", arguments: { action: "agents" } },
      }),
    );
    const called = (await relay.nth(2)) as { id: number; result: Record<string, unknown> };
    expect(called.id).toBe(3);
    expect(called.result.isError ?? false).toBe(false);
    expect(called.result.structuredContent).toMatchObject({ agents: [] });
    relay.ws.close(1000);
  });

  it("is a local server's door alone: no nonce, a wrong token, an Origin, or a server with sign-in get no socket", async () => {
    const bare = await localServer.fetch(
      new Request("http://127.0.0.1:8787/relay", { headers: { upgrade: "websocket" } }),
    );
    expect(bare.status).toBe(401);
    const wrong = await upgrade(
      { [NONCE_HEADER]: newNonce(), authorization: "Bearer wrong" },
      "/relay",
    );
    expect(wrong.status).toBe(401);
    expect((await upgrade({ [NONCE_HEADER]: "short" }, "/relay")).status).toBe(400);
    const page = await upgrade(
      { [NONCE_HEADER]: newNonce(), origin: "http://127.0.0.1:8787" },
      "/relay",
    );
    expect(page.status).toBe(403);
    const deployed = await (exports.default as { fetch(r: Request): Promise<Response> }).fetch(
      new Request("https://edgeclip.example.com/relay", {
        headers: { upgrade: "websocket", [NONCE_HEADER]: newNonce() },
      }),
    );
    expect(deployed.webSocket ?? null).toBeNull();
    expect(deployed.status).not.toBe(101);
  });
});
