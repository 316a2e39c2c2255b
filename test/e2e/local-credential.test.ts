import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureLocalToken } from "../../local-agent/src/local-credential.ts";
import { authHeaders, baseUrl } from "./clients.ts";

/**
 * The local server over a real socket (`wrangler dev`), as other programs on
 * the machine see it: another account gets nothing, and odd Host values get
 * a clean answer.
 */
const NOBODY = { uid: 65534, gid: 65534 };
const canSwitchUser = process.platform === "linux" && process.getuid?.() === 0;

/** A Node binary another account can run: this one, unless it sits in a private directory. */
function nodeForOthers(): string {
  const probe = spawnSync(
    "setpriv",
    [
      `--reuid=${NOBODY.uid}`,
      `--regid=${NOBODY.gid}`,
      "--clear-groups",
      process.execPath,
      "-e",
      "",
    ],
    { encoding: "utf8" },
  );
  return probe.status === 0 ? process.execPath : "/usr/bin/node";
}

/** Runs `code` in Node as uid `nobody` and returns what it printed as JSON. */
function asNobody(code: string): unknown {
  const run = spawnSync(
    "setpriv",
    [
      `--reuid=${NOBODY.uid}`,
      `--regid=${NOBODY.gid}`,
      "--clear-groups",
      nodeForOthers(),
      "-e",
      code,
    ],
    { encoding: "utf8", timeout: 30_000, env: { PATH: process.env.PATH ?? "" } },
  );
  if (run.status !== 0) throw new Error(`as nobody: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** One raw HTTP request with any Host header (fetch does not let a caller set Host). */
function raw(
  method: string,
  pathname: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path: pathname, headers },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? '{"jsonrpc":"2.0","id":1,"method":"ping"}' : undefined);
  });
}

describe("the local server, as another account on this machine sees it", () => {
  it.skipIf(!canSwitchUser)(
    "answers uid nobody 401 at /mcp, /bridge and /, and nobody cannot read the credential file",
    () => {
      const config = mkdtempSync(path.join(tmpdir(), "edgeclip-config-"));
      const { file } = ensureLocalToken(config);
      accessSync(file, constants.R_OK); // its owner can
      const seen = asNobody(`
        const fs = require("node:fs");
        const http = require("node:http");
        const base = ${JSON.stringify(baseUrl())};
        let file;
        try { fs.readFileSync(${JSON.stringify(file)}); file = "read"; } catch (e) { file = e.code; }
        const get = (path, headers, method = "GET", body) => new Promise((resolve) => {
          const req = http.request(new URL(path, base), { method, headers }, (res) => { res.resume(); resolve(res.statusCode); });
          req.on("error", (e) => resolve(e.code));
          req.end(body);
        });
        (async () => {
          const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "nobody", version: "1" } } });
          const mcp = await get("/mcp", { "content-type": "application/json", accept: "application/json, text/event-stream" }, "POST", init);
          const call = await get("/mcp", { "content-type": "application/json", accept: "application/json, text/event-stream" }, "POST", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read", arguments: { from: "owner-only.txt" } } }));
          const bridge = await get("/bridge", { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" });
          const page = await get("/", { accept: "text/html" });
          const text = await get("/", {});
          const live = await get("/live", { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", origin: base });
          console.log(JSON.stringify({ file, mcp, call, bridge, page, text, live }));
        })();
      `);
      expect(seen).toEqual({
        file: "EACCES",
        mcp: 401,
        call: 401,
        bridge: 401,
        page: 401,
        text: 401,
        live: 401,
      });
    },
  );

  it("serves its owner, who holds the credential", async () => {
    const response = await fetch(new URL("/", baseUrl()), {
      headers: { ...authHeaders(), accept: "text/plain" },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("MCP endpoint:");
  });

  it("answers a Host that is not loopback with 421, never 5xx, on every route", async () => {
    const hosts = ["edgeclip.example", "evil.example.com:8787", "127.0.0.1.nip.io", "localhost."];
    const routes: [string, string][] = [
      ["GET", "/health"],
      ["GET", "/"],
      ["POST", "/mcp"],
      ["GET", "/bridge"],
      ["GET", "/.well-known/oauth-authorization-server"],
      ["GET", "/authorize"],
    ];
    for (const host of hosts)
      for (const [method, pathname] of routes) {
        const answer = await raw(method, pathname, {
          host,
          ...authHeaders(),
          "content-type": "application/json",
        });
        expect(answer.status, `${method} ${pathname} Host: ${host}: ${answer.body}`).toBe(421);
        expect(answer.body).not.toMatch(/\/work\/|node_modules|\n\s+at /);
      }
    // The request the issue quotes: curl -H 'Host: edgeclip.example' http://127.0.0.1:8787/health
    const health = await raw("GET", "/health", { host: "edgeclip.example" });
    expect(health.status).toBe(421);
  });
});
