import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCAL_TOKEN, localServer } from "./helpers.ts";

/**
 * No request makes the Worker's own code answer 5xx: a sweep of odd Host,
 * scheme, Origin and proxy-header combinations over every kind of route, on
 * a local server (with and without its credential) and on a deployed one.
 */
const deployed = exports.default as { fetch(request: Request): Promise<Response> };

const HOSTS = [
  "127.0.0.1:8787",
  "localhost:8787",
  "[::1]:8787",
  "edgeclip.example",
  "evil.example.com",
  "127.0.0.1.nip.io",
  "localhost.",
  "0.0.0.0:8787",
  "10.0.0.1",
  "xn--80ak6aa92e.com",
];
const SCHEMES = ["http", "https"];
const ORIGINS = [undefined, "null", "http://evil.example", "http://127.0.0.1:8787"];
const PROXIES: Record<string, string>[] = [{}, { "x-forwarded-for": "198.51.100.7" }];
const ROUTES: { method: string; path: string; headers?: Record<string, string>; body?: string }[] =
  [
    { method: "GET", path: "/health" },
    { method: "GET", path: "/", headers: { accept: "text/html" } },
    { method: "GET", path: "/" },
    {
      method: "POST",
      path: "/mcp",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    },
    { method: "GET", path: "/bridge", headers: { upgrade: "websocket" } },
    { method: "GET", path: "/.well-known/oauth-protected-resource/mcp" },
    { method: "GET", path: "/.well-known/oauth-authorization-server" },
    {
      method: "POST",
      path: "/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=x",
    },
    {
      method: "POST",
      path: "/register",
      headers: { "content-type": "application/json" },
      body: "{",
    },
    { method: "GET", path: "/authorize?response_type=code" },
    { method: "GET", path: "/signin" },
    { method: "GET", path: "/live", headers: { upgrade: "websocket" } },
    { method: "GET", path: "/nowhere" },
  ];

async function sweep(
  fetcher: { fetch(r: Request): Promise<Response> },
  auth: Record<string, string>,
) {
  const bad: string[] = [];
  for (const host of HOSTS)
    for (const scheme of SCHEMES)
      for (const origin of ORIGINS)
        for (const proxy of PROXIES)
          for (const route of ROUTES) {
            const request = new Request(`${scheme}://${host}${route.path}`, {
              method: route.method,
              headers: { ...route.headers, ...proxy, ...auth, ...(origin ? { origin } : {}) },
              body: route.body,
              redirect: "manual",
            });
            const response = await fetcher.fetch(request);
            const text = response.webSocket ? "" : await response.text();
            const where = `${route.method} ${scheme}://${host}${route.path} origin=${origin} ${JSON.stringify(proxy)}`;
            if (response.status >= 500)
              bad.push(`${response.status} ${where}: ${text.slice(0, 200)}`);
            if (/\/work\/|node_modules|\n\s+at /.test(text))
              bad.push(`a trace or path in ${where}`);
            response.webSocket?.accept();
            response.webSocket?.close();
          }
  return bad;
}

// Each sweep is hundreds of requests through the whole Worker: seconds on a busy machine.
const SWEEP_MS = 60_000;

describe("odd Host, Origin and scheme combinations", () => {
  it(
    "never get a 5xx or a stack trace from a local server, with or without its credential",
    async () => {
      expect(await sweep(localServer, {})).toEqual([]);
      expect(await sweep(localServer, { authorization: `Bearer ${LOCAL_TOKEN}` })).toEqual([]);
    },
    SWEEP_MS,
  );

  it(
    "never get a 5xx or a stack trace from a deployed server",
    async () => {
      expect(await sweep(deployed, {})).toEqual([]);
      expect(await sweep(deployed, { authorization: "Bearer not-a-token" })).toEqual([]);
    },
    SWEEP_MS,
  );

  it("get a clean answer where 0.4.0 threw: a non-loopback host over http", async () => {
    const local = await localServer.fetch(new Request("http://edgeclip.example/health"));
    expect(local.status).toBe(421);
    const remote = await deployed.fetch(
      new Request("http://edgeclip.example/health", { redirect: "manual" }),
    );
    expect(remote.status).toBe(308);
    expect(remote.headers.get("location")).toBe("https://edgeclip.example/health");
  });
});
