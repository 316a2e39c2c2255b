import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCAL_USER } from "../../src/auth/identity.ts";
import { copy } from "../../src/mcp/tools/copy.ts";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { asLocalUser, op, sessionOf } from "./helpers.ts";

/** A deployed-looking Worker (no local credential: sign-in everywhere), and `npm start`'s, called by its user. */
const worker = exports.default as { fetch(request: Request): Promise<Response> };
const local = asLocalUser;
// Real clients always send Host; the SDK checks it against localhost names (DNS-rebinding defence).
const mcpHeaders = {
  host: "127.0.0.1",
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

describe("routes", () => {
  it("shows browsers the dashboard at / and everything else the plain-text help", async () => {
    const browser = await local.fetch(
      new Request("http://127.0.0.1/", { headers: { accept: "text/html,application/xhtml+xml" } }),
    );
    expect(browser.headers.get("content-type")).toContain("text/html");
    expect(browser.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await browser.text();
    expect(page).toContain("Your clipboard sessions");
    expect(page).toContain("<code>default</code>");
    const curl = await local.fetch(
      new Request("http://127.0.0.1/", { headers: { accept: "*/*" } }),
    );
    expect(curl.headers.get("content-type")).toContain("text/plain");
    expect(await curl.text()).toContain("MCP endpoint: http://127.0.0.1/mcp");
  });

  it("tells a local server's user to start an agent from the checkout, never from a tarball on a port anyone can hold", async () => {
    const help = await (
      await local.fetch(new Request("http://127.0.0.1/", { headers: { accept: "*/*" } }))
    ).text();
    expect(help).toContain(
      "Local agent:   npm run agent -- connect http://127.0.0.1 --root <your project> (in the edgeclip checkout that runs this server)",
    );
    expect(help).not.toContain("agent.tgz");
    const deployed = await (
      await worker.fetch(
        new Request("https://edgeclip.example.com/", { headers: { accept: "*/*" } }),
      )
    ).text();
    expect(deployed).toContain(
      "Local agent:   npx https://edgeclip.example.com/agent.tgz connect https://edgeclip.example.com --root <your project>",
    );
  });

  it("sends a browser that is not signed in from a deployed dashboard to sign in", async () => {
    const response = await worker.fetch(
      new Request("https://edgeclip.example.com/", {
        headers: { accept: "text/html" },
        redirect: "manual",
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/signin?next=%2F");
  });

  it("opens live updates only to this origin's pages, and tells them what changed", async () => {
    const live = (origin: string) =>
      local.fetch(
        new Request("http://127.0.0.1/live", { headers: { upgrade: "websocket", origin } }),
      );
    expect((await live("http://evil.example")).status).toBe(403);
    const response = await live("http://127.0.0.1");
    expect(response.status).toBe(101);
    const socket = response.webSocket;
    if (!socket) throw new Error("no WebSocket");
    socket.accept();
    // Within the hub's coalescing window the topics may come in more than one message.
    const heard = new Set<string>();
    const both = new Promise<void>((resolve) =>
      socket.addEventListener("message", (event) => {
        for (const t of (JSON.parse(String(event.data)) as { topics: string[] }).topics)
          heard.add(t);
        if (heard.has("sessions") && heard.has("session:default")) resolve();
      }),
    );
    await op(sessionOf(LOCAL_USER), "copy", copy.input.parse({ key: "live", text: "x" }));
    await both;
    expect([...heard].sort()).toEqual(["session:default", "sessions", "tokens"]);
    socket.close();
  });

  it("lets the dashboard run its own script file and nothing inline", async () => {
    const page = await local.fetch(
      new Request("http://127.0.0.1/user", { headers: { accept: "text/html" } }),
    );
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(await page.text()).toMatch(/<script src="\/assets\/dashboard.js" defer><\/script>/);
    const script = await local.fetch(new Request("http://127.0.0.1/assets/dashboard.js"));
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect((await script.text()).length).toBeLessThan(4096);
  });

  it("answers /health", async () => {
    const response = await local.fetch(new Request("http://127.0.0.1/health"));
    expect(await response.json()).toMatchObject({ ok: true, name: "edgeclip" });
  });

  it("refuses MCP requests that do not come to a local server, instead of serving them anonymously", async () => {
    const response = await worker.fetch(
      new Request("https://edgeclip.example.com/mcp", {
        method: "POST",
        headers: mcpHeaders,
        body: "{}",
      }),
    );
    expect(response.status).toBe(401);
  });

  it("answers a request body over 12 MiB with 413 and a JSON-RPC error", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "copy", arguments: { text: "x".repeat(LIMITS.requestBodyBytes) } },
    });
    const response = await local.fetch(
      new Request("http://127.0.0.1/mcp", { method: "POST", headers: mcpHeaders, body }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
  });

  it("lets the SDK answer malformed JSON with a parse error", async () => {
    const response = await local.fetch(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: mcpHeaders,
        body: "{not json",
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32700 } });
  });

  it("refuses agents and clients without credentials on a server that is not local", async () => {
    const [bridge, mcp] = await Promise.all([
      worker.fetch(
        new Request("https://edgeclip.example.com/bridge", { headers: { upgrade: "websocket" } }),
      ),
      worker.fetch(
        new Request("https://edgeclip.example.com/mcp", {
          method: "POST",
          headers: mcpHeaders,
          body: "{}",
        }),
      ),
    ]);
    expect(bridge.status).toBe(401);
    expect(bridge.webSocket).toBeNull();
    expect(((await bridge.json()) as { error: string }).error).toContain("edgeclip-agent login");
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("refuses /bridge to any web page (WebSockets ignore CORS), even on a local server", async () => {
    const response = await local.fetch(
      new Request("http://127.0.0.1/bridge", {
        headers: { upgrade: "websocket", origin: "https://evil.example" },
      }),
    );
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
  });

  it("is not authless for a request a proxy forwarded to the loopback address", async () => {
    const proxied: Record<string, string>[] = [
      { "x-forwarded-for": "198.51.100.1" },
      { "cf-connecting-ip": "198.51.100.1" },
    ];
    for (const headers of proxied) {
      const response = await local.fetch(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { ...mcpHeaders, ...headers },
          body: "{}",
        }),
      );
      expect(response.status).toBe(401);
    }
  });

  it("answers a plain request to /bridge with 426, naming what it is for", async () => {
    const response = await local.fetch(new Request("http://127.0.0.1/bridge"));
    expect(response.status).toBe(426);
    expect(await response.text()).toContain("edgeclip-agent");
  });

  it("serves MCP only at /mcp exactly", async () => {
    const response = await local.fetch(
      new Request("http://127.0.0.1/mcp/", { method: "POST", headers: mcpHeaders, body: "{}" }),
    );
    expect(response.status).toBe(404);
  });
});
