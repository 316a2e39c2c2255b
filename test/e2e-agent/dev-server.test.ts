import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/wrangler-dev.ts";
import { tempProject } from "./agent-process.ts";

const repo = path.join(import.meta.dirname, "..", "..");
const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

describe("npm start", () => {
  let dev: ChildProcess | undefined;
  afterAll(() => {
    if (dev?.exitCode === null) dev.kill("SIGKILL");
  });

  it("runs the Worker and a local agent on the given root, prints both, and Ctrl-C stops both", async () => {
    const port = await freePort();
    const root = tempProject({ "hello.txt": "served by npm start\n" });
    const agentState = mkdtempSync(path.join(tmpdir(), "edgeclip-dev-agent-"));
    dev = spawn(process.execPath, [path.join(repo, "scripts", "dev.ts"), "--root", root], {
      cwd: repo,
      env: {
        ...process.env,
        PORT: String(port),
        EDGECLIP_DEV_STATE: mkdtempSync(path.join(tmpdir(), "edgeclip-dev-state-")),
        EDGECLIP_STATE_DIR: agentState,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    dev.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    for (let i = 0; i < 300 && !stdout.includes("edgeclip is running"); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(stdout).toContain(`MCP URL        http://127.0.0.1:${port}/mcp`);
    expect(stdout).toContain(`Local agent    files in ${root}`);

    const client = new Client({ name: "dev-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)),
    );
    const read = (await client.callTool({ name: "read", arguments: { path: "hello.txt" } })) as {
      structuredContent?: { content?: string };
    };
    expect(read.structuredContent?.content).toBe("served by npm start\n");
    await client.close();

    const agentPid = Number(readdirSync(path.join(agentState, "agents"))[0]?.split(".")[0]);
    expect(agentPid).toBeGreaterThan(0);
    const exited = new Promise((resolve) => dev?.once("exit", resolve));
    dev.kill("SIGINT");
    await exited;
    for (let i = 0; i < 50 && !gone(agentPid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(gone(agentPid), "the agent outlived npm start").toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });
});
