import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import {
  isFreshServerNonce,
  mintServerNonce,
  NONCE_HEADER,
  PROOF_HEADER,
  proofOf,
  SERVER_NONCE_HEADER,
} from "../../src/shared/bridge/proof.ts";
import { frame, GUID, unframe } from "../../test/support/squatter.ts";
import { McpRelay } from "../src/mcp-relay.ts";

/**
 * The relay's own behaviour, against a small server that proves the
 * credential as a local server does and can drop a socket mid-request: what
 * the client is answered when a connection drops, that the relay proves itself
 * again on the next one, and that it tells the new socket the protocol version
 * initialize settled on. (The real server and real clients: test/e2e-agent/mcp-relay.test.ts.)
 */
const TOKEN = `ecl_${"r".repeat(43)}`;
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

interface Upgrade {
  nonce: string;
  version: string | undefined;
  proven: boolean;
}

/**
 * A server on /relay that proves TOKEN as a local server does (a challenge to
 * a GET, the client's proof checked in the upgrade); `answer` decides what each
 * message on a proven socket gets (undefined: drop the socket).
 */
async function provingServer(
  answer: (message: { id?: number; method?: string }) => object | undefined,
) {
  const upgrades: Upgrade[] = [];
  const at = () => ({
    addresses: ["127.0.0.1"],
    port: String((server.address() as AddressInfo).port),
  });
  const server = createServer(async (request, response) => {
    const agentNonce = String(request.headers[NONCE_HEADER]);
    const nonce = await mintServerNonce(TOKEN);
    const proof = await proofOf(TOKEN, "server", agentNonce, nonce, at(), "mcp");
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ type: "challenge", nonce, proof, at: at() }));
  });
  server.on("upgrade", async (request: IncomingMessage, socket: Duplex) => {
    const agentNonce = String(request.headers[NONCE_HEADER]);
    const nonce = String(request.headers[SERVER_NONCE_HEADER]);
    const expected = await proofOf(TOKEN, "agent", agentNonce, nonce, at(), "mcp");
    const upgrade: Upgrade = {
      nonce: agentNonce,
      version: request.headers["mcp-protocol-version"] as string | undefined,
      proven:
        (await isFreshServerNonce(TOKEN, nonce)) && request.headers[PROOF_HEADER] === expected,
    };
    upgrades.push(upgrade);
    if (!upgrade.proven) {
      socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const accept = createHash("sha1")
      .update(`${request.headers["sec-websocket-key"]}${GUID}`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      const { texts, rest } = unframe(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const text of texts) {
        const reply = answer(JSON.parse(text));
        if (reply === undefined) socket.destroy();
        else if (Object.keys(reply).length) socket.write(frame(JSON.stringify(reply)));
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/relay`, upgrades };
}

function relayTo(url: string, localToken = TOKEN) {
  const written: Record<string, unknown>[] = [];
  const logged: string[] = [];
  const relay = new McpRelay({
    url,
    localToken,
    write: (line) => written.push(JSON.parse(line)),
    log: (line) => logged.push(line),
  });
  closers.push(() => relay.end());
  const answerTo = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const found = written.find((m) => m.id === id);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no answer to ${id}; logged: ${logged.join(" | ")}`);
  };
  return { relay, written, logged, answerTo };
}

describe("McpRelay", () => {
  it("answers a request its dropped connection carried with an error saying it may have run, then proves itself again and goes on", async () => {
    let dropped = false;
    const server = await provingServer((message) => {
      if (message.method === "initialize")
        return { jsonrpc: "2.0", id: message.id, result: { protocolVersion: "2025-11-25" } };
      if (message.method === "tools/call" && !dropped) {
        dropped = true;
        return undefined;
      }
      if (message.id === undefined) return {};
      return { jsonrpc: "2.0", id: message.id, result: { ok: message.method } };
    });
    const { relay, answerTo } = relayTo(server.url);
    relay.fromClient(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }));
    expect(await answerTo(1)).toMatchObject({ result: { protocolVersion: "2025-11-25" } });
    relay.fromClient(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: {} }));
    expect(await answerTo(2)).toMatchObject({
      error: { code: -32000, message: expect.stringMatching(/may or may not have run/) },
    });
    relay.fromClient(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }));
    expect(await answerTo(3)).toMatchObject({ result: { ok: "tools/list" } });
    // Two sockets, each proven, each with a nonce of its own; the second told the version.
    expect(server.upgrades.map((u) => u.proven)).toEqual([true, true]);
    expect(server.upgrades[0]?.nonce).not.toBe(server.upgrades[1]?.nonce);
    expect(server.upgrades.map((u) => u.version)).toEqual([undefined, "2025-11-25"]);
  });

  it("sends nothing to a server that proves another credential, answers what waited, and ends with 1", async () => {
    const server = await provingServer(() => ({}));
    const { relay, answerTo, logged } = relayTo(server.url, `ecl_${"x".repeat(43)}`);
    relay.fromClient(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "initialize", params: {} }));
    expect(await relay.done).toBe(1);
    expect(await answerTo(7)).toMatchObject({
      error: { message: expect.stringMatching(/did not prove it holds your local credential/) },
    });
    expect(logged.join("\n")).toMatch(/nothing was sent to it/);
    // It asked for a challenge and never tried to open a socket.
    expect(server.upgrades).toEqual([]);
  });

  it("answers a line that is not JSON with a parse error, and relays nothing for it", async () => {
    const server = await provingServer(() => ({}));
    const { relay, written } = relayTo(server.url);
    relay.fromClient("{not json");
    expect(written).toEqual([
      { jsonrpc: "2.0", id: null, error: expect.objectContaining({ code: -32700 }) },
    ]);
  });
});
