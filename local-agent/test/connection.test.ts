import { createHash } from "node:crypto";
import { mkdtempSync, realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLOSE_CODES, type Hello, PROTOCOL_VERSION } from "../../src/shared/bridge/protocol.ts";
import { connect } from "../src/agent.ts";
import { BridgeConnection, missedPings, refusesCredentials } from "../src/connection.ts";
import { saveCredential } from "../src/credentials.ts";

/**
 * A bridge in this process. `upgrade` decides each WebSocket upgrade: an HTTP
 * status to refuse it with, or "revoke" to accept it and close it at once
 * with CLOSE_CODES.revoked. A plain GET of /bridge answers `get`.
 */
async function fakeBridge(options: { upgrade: number | "revoke"; get: number }) {
  const upgrades: (string | undefined)[] = [];
  const gets: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    gets.push(request.headers.authorization);
    response.writeHead(options.get).end();
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex) => {
    upgrades.push(request.headers.authorization);
    if (options.upgrade !== "revoke") {
      socket.end(`HTTP/1.1 ${options.upgrade} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const accept = createHash("sha1")
      .update(`${request.headers["sec-websocket-key"]}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    const reason = Buffer.from("revoked by alice");
    const payload = Buffer.alloc(2 + reason.length);
    payload.writeUInt16BE(CLOSE_CODES.revoked);
    reason.copy(payload, 2);
    socket.write(Buffer.concat([Buffer.from([0x88, payload.length]), payload]));
    socket.on("data", () => socket.end()); // the agent's closing frame
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, upgrades, gets };
}

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0))
    await new Promise((resolve) => server.close(resolve).closeAllConnections());
});

const hello: Hello = {
  type: "hello",
  protocol: PROTOCOL_VERSION,
  name: "test",
  version: "0",
  project: "p",
  roots: ["/"],
  read_only: true,
  capabilities: [],
  platform: process.platform,
};

function connection(url: string, token: string | undefined) {
  const logs: string[] = [];
  const bridge = new BridgeConnection({
    url: `${url.replace("http", "ws")}/bridge`,
    token,
    hello,
    serve: async () => {
      throw new Error("no requests expected");
    },
    reports: async () => [],
    reported: async () => undefined,
    log: (line) => logs.push(line),
    debug: () => undefined,
    state: () => undefined,
  });
  bridge.start();
  return { bridge, logs };
}

describe("the bridge connection and sign-in", () => {
  it("sends the token, and stops for good when the server turns it down (HTTP 401)", async () => {
    const fake = await fakeBridge({ upgrade: 401, get: 401 });
    const { bridge, logs } = connection(fake.url, "tok-1");
    expect(await bridge.stopped).toEqual({
      reason: "unauthorized",
      message: "the server answered HTTP 401",
      local: false,
    });
    expect(fake.upgrades).toEqual(["Bearer tok-1"]);
    expect(fake.gets).toEqual(["Bearer tok-1"]);
    expect(logs).toEqual([]);
  });

  it("keeps retrying when the upgrade fails for another reason", async () => {
    const fake = await fakeBridge({ upgrade: 503, get: 426 });
    const { bridge, logs } = connection(fake.url, undefined);
    await vi.waitFor(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toMatch(/^cannot reach ws:.*\/bridge; reconnecting in \d\.\d s$/);
    expect(fake.upgrades).toEqual([undefined]);
    bridge.stop();
    expect((await bridge.stopped).reason).toBe("stopped");
  });

  it("stops for good when the server revokes the pairing while connected", async () => {
    const fake = await fakeBridge({ upgrade: "revoke", get: 426 });
    const { bridge } = connection(fake.url, "tok-1");
    expect(await bridge.stopped).toEqual({ reason: "revoked", message: "revoked by alice" });
    expect(fake.upgrades).toEqual(["Bearer tok-1"]);
  });

  it("asks with the same credentials, and takes an unreachable server for no answer", async () => {
    const fake = await fakeBridge({ upgrade: 401, get: 401 });
    expect(await refusesCredentials(`${fake.url.replace("http", "ws")}/bridge`, "t")).toBe(
      "sign-in",
    );
    expect(fake.gets).toEqual(["Bearer t"]);
    const fine = await fakeBridge({ upgrade: 401, get: 426 });
    expect(await refusesCredentials(`${fine.url.replace("http", "ws")}/bridge`, "t")).toBe(false);
    expect(await refusesCredentials("ws://127.0.0.1:1/bridge", undefined)).toBe(false);
  });
});

describe("connect and sign-in", () => {
  /** Runs `connect` with temporary config and state directories; its exit code and log. */
  async function run(server: string, token?: string) {
    const base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-connect-")));
    vi.stubEnv("EDGECLIP_CONFIG_DIR", path.join(base, "config"));
    vi.stubEnv("EDGECLIP_STATE_DIR", path.join(base, "state"));
    if (token)
      saveCredential(server, {
        token,
        user: "alice",
        agent: "laptop",
        paired_at: new Date().toISOString(),
      });
    let stderr = "";
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    const code = await connect({
      url: `${server}/mcp`,
      roots: [base],
      name: "t",
      project: undefined,
      readOnly: true,
      deny: [],
      buildCode: [],
      verbose: false,
    });
    vi.unstubAllEnvs();
    return { code, stderr };
  }

  it("says to log in when the server requires sign-in and this machine is not paired", async () => {
    const fake = await fakeBridge({ upgrade: 401, get: 401 });
    const { code, stderr } = await run(fake.url);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `edgeclip-agent: This server requires sign-in: pair this agent with \`edgeclip-agent login ${fake.url}\`.\n`,
    );
    // With no credential, a server on this machine gets no socket at all (issue 34 §8): a GET says what it wants.
    expect(fake.upgrades).toEqual([]);
  });

  it("says to log in again when the stored token is turned down or revoked", async () => {
    const refused = await fakeBridge({ upgrade: 401, get: 401 });
    let result = await run(refused.url, "tok-stale");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(", paired as alice\n");
    expect(result.stderr).toContain(
      `edgeclip-agent: This agent's pairing with ${refused.url} is no longer valid (revoked or expired): run \`edgeclip-agent login ${refused.url}\` again.\n`,
    );
    expect(refused.upgrades).toEqual(["Bearer tok-stale"]);

    const revoking = await fakeBridge({ upgrade: "revoke", get: 426 });
    result = await run(revoking.url, "tok-1");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `edgeclip-agent: This agent's pairing with ${revoking.url} was revoked: run \`edgeclip-agent login ${revoking.url}\` again.\n`,
    );
  });
});

describe("the heartbeat's judgement of the server (issue 42)", () => {
  const every = 15_000;
  it("counts a ping left unanswered only when the agent ran on time to hear the answer", () => {
    expect(missedPings(0, { late: 5, every, answered: false })).toBe(1);
    expect(missedPings(1, { late: 200, every, answered: false })).toBe(2);
    // Stopped or starved for a while: the pong may be unread in the socket.
    expect(missedPings(1, { late: 28_000, every, answered: false })).toBe(1);
    expect(missedPings(0, { late: 45_000, every, answered: false })).toBe(0);
  });

  it("forgives everything once the last ping is answered", () => {
    expect(missedPings(1, { late: 0, every, answered: true })).toBe(0);
    expect(missedPings(1, { late: 60_000, every, answered: true })).toBe(0);
  });
});
