import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, inject, it } from "vitest";
import { call, ok, startSession } from "../e2e/clients.ts";
import { lane } from "../support/lanes.ts";

/**
 * `edgeclip-agent mcp <server>` (issue 34 §2): the stdio MCP server that
 * `npm start` prints for Claude Code and the Inspector. Real SDK clients of
 * both eras start the packed agent's command as their MCP server; it proves
 * the real server holds the local credential, then relays.
 */
const MiB = 1024 * 1024;

/** The relay as an MCP client starts it: the agent's bin, `mcp`, the server; the credential in the environment. */
function relayCommand(token: string, server = lane().url) {
  return {
    command: process.execPath,
    args: [inject("agentBin"), "mcp", server],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      EDGECLIP_LOCAL_TOKEN: token,
      EDGECLIP_STATE_DIR: mkdtempSync(path.join(tmpdir(), "edgeclip-relay-state-")),
    },
    stderr: "pipe" as const,
  };
}

async function viaRelay(era: "v1" | "v2", token = lane().token) {
  const stderr: string[] = [];
  const options = relayCommand(token);
  if (era === "v1") {
    const transport = new StdioV1(options);
    transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
    const client = new ClientV1({ name: "relay-v1", version: "1.0.0" });
    return { client, connecting: client.connect(transport), stderr };
  }
  const transport = new StdioV2(options);
  transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new ClientV2(
    { name: "relay-v2", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  return { client, connecting: client.connect(transport), stderr };
}

describe("edgeclip-agent mcp: a stdio MCP server relaying to the local server", () => {
  it.each(["v1", "v2"] as const)(
    "serves the %s SDK client: tools listed, a session, a 6 MiB copy and its read, through the proven socket",
    async (era) => {
      const { client, connecting } = await viaRelay(era);
      await connecting;
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain("move");
        const session = await startSession(client, { description: `relay ${era}` });
        // Past the socket's 4 MiB frame: split into parts by the relay, put back together by the server.
        const text = `${"relayed line\n".repeat(Math.ceil((6 * MiB) / 13))}`;
        const copied = await ok<{ key: string; bytes: number }>(client, "copy", {
          session,
          text,
          key: "big",
        });
        expect(copied.bytes).toBe(Buffer.byteLength(text));
        const read = await ok<{ content: string; bytes: number }>(client, "read", {
          session,
          from: "@big",
        });
        expect(read.bytes).toBe(copied.bytes);
        expect(text.startsWith(read.content)).toBe(true);
        await call(client, "session", { action: "end", session });
      } finally {
        await client.close();
      }
    },
  );

  it("relays nothing to a server that holds another credential: the client sees it fail, and stderr says why", async () => {
    const { client, connecting, stderr } = await viaRelay("v1", `ecl_${"w".repeat(43)}`);
    await expect(connecting).rejects.toThrow();
    await client.close().catch(() => undefined);
    expect(stderr.join("")).toMatch(/did not prove it holds your local credential/);
  });
});
