import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { localCredentialText, newLocalToken } from "../../local-agent/src/local-credential.ts";
import { freePort, startWranglerDev } from "../../scripts/wrangler-dev.ts";
import { PROTOCOL_VERSION } from "../../src/shared/bridge/protocol.ts";
import {
  type AnyClient,
  bridgeSocket,
  call,
  connectV1,
  expectToolError,
  ok,
  startSession,
} from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

interface Listed {
  agents: { name: string; project: string; read_only: boolean; build_code?: string[] }[];
  refused: { name: string; version: string; message: string }[];
}

let client: AnyClient;
let alpha: AgentProcess;
let beta: AgentProcess;
const alphaRoot = tempProject({ "which.txt": "alpha\n" });
const betaRoot = tempProject({ "which.txt": "beta\n" });

beforeAll(async () => {
  alpha = await startAgent({
    root: alphaRoot,
    name: "alpha",
    project: "proj-alpha",
    buildCode: [alphaRoot],
  });
  beta = await startAgent({ root: betaRoot, name: "beta", project: "proj-beta", readOnly: true });
  client = await connectV1();
});

afterAll(async () => {
  await alpha?.stop();
  await beta?.stop();
  await client?.close();
});

const whichFile = async (args: Record<string, unknown>) =>
  (await ok<{ content: string }>(client, "read", { ...args, from: "which.txt" })).content;

describe("with two agents connected", () => {
  it("says which agent's build checks may run the project's code, and where (--allow-build-code)", async () => {
    const listed = await call(client, "session", { action: "agents" });
    const agents = (listed.data as unknown as Listed).agents;
    expect(agents.find((a) => a.name === "alpha")?.build_code).toEqual([alphaRoot]);
    expect(agents.find((a) => a.name === "beta")?.build_code).toBeUndefined();
    expect(listed.text).toContain(
      `its build checks may run the project's code in \`${alphaRoot}\``,
    );
  });

  it("routes a call to the agent working on the session's project", async () => {
    const onAlpha = await startSession(client, { project: "proj-alpha" });
    const onBeta = await startSession(client, { project: "proj-beta" });
    expect(await whichFile({ session: onAlpha })).toBe("alpha\n");
    expect(await whichFile({ session: onBeta })).toBe("beta\n");
  });

  it("answers AGENT_AMBIGUOUS listing both when the session's project names neither, and `agent` picks one", async () => {
    const elsewhere = await startSession(client, { project: "proj-other" });
    expectToolError(
      await call(client, "read", { session: elsewhere, from: "which.txt" }),
      "AGENT_AMBIGUOUS",
      ["`alpha`", "`beta`", "`agent`"],
    );
    expect(await whichFile({ session: elsewhere, agent: "beta" })).toBe("beta\n");
  });

  it("answers AGENT_NOT_CONNECTED for an unknown agent name, listing the connected ones", async () => {
    expectToolError(
      await call(client, "read", { from: "which.txt", agent: "gamma" }),
      "AGENT_NOT_CONNECTED",
      ["`gamma`", "`alpha`", "`beta`"],
    );
  });

  it("starts a session on the default project when the agents work on different projects", async () => {
    expect((await ok<{ project: string }>(client, "session", { action: "start" })).project).toBe(
      "default",
    );
  });

  it("lets a read-only agent read, and refuses its writes with READ_ONLY", async () => {
    const onBeta = await startSession(client, { project: "proj-beta" });
    const listed = await ok<Listed>(client, "session", { action: "agents" });
    expect(listed.agents.find((a) => a.name === "beta")?.read_only).toBe(true);
    expectToolError(
      await call(client, "paste", { session: onBeta, text: "x\n", to: "which.txt" }),
      "READ_ONLY",
      ["--read-only"],
    );
    expect(readFileSync(path.join(betaRoot, "which.txt"), "utf8")).toBe("beta\n");
  });

  it("rolls the cut's entry back when the removal is refused, restoring what the key held", async () => {
    const onBeta = await startSession(client, { project: "proj-beta" });
    await ok(client, "copy", { session: onBeta, key: "held", text: "held before\n" });
    for (const key of ["held", "fresh"]) {
      expectToolError(
        await call(client, "copy", { session: onBeta, from: "which.txt", key, cut: true }),
        "READ_ONLY",
        [`\`${key}\` is as before`],
      );
    }
    expect(
      (await ok<{ content: string }>(client, "read", { session: onBeta, from: "@held" })).content,
    ).toBe("held before\n");
    expectToolError(
      await call(client, "read", { session: onBeta, from: "@fresh" }),
      "ENTRY_NOT_FOUND",
    );
    expect(readFileSync(path.join(betaRoot, "which.txt"), "utf8")).toBe("beta\n");
  });

  it("shows running agents with `edgeclip-agent status`", () => {
    const out = execFileSync(process.execPath, [inject("agentBin"), "status"], {
      env: { ...process.env, EDGECLIP_STATE_DIR: alpha.state },
      encoding: "utf8",
    });
    expect(out).toContain("alpha");
    expect(out).toContain("connected to");
    expect(out).toContain(alphaRoot);
  });
});

describe("agent identity and versions", () => {
  it("lets a newer agent with the same name replace the older, which stops", async () => {
    const second = await startAgent({ root: alphaRoot, name: "alpha", project: "proj-alpha" });
    await alpha.waitFor("stopping: replaced");
    await alpha.exited;
    const listed = await ok<Listed>(client, "session", { action: "agents" });
    expect(listed.agents.filter((a) => a.name === "alpha")).toHaveLength(1);
    alpha = second;
  });

  it("refuses an agent of another protocol version, telling it to upgrade, and says so in session action agents", async () => {
    for (const [protocol, advice] of [
      [PROTOCOL_VERSION - 1, "upgrade the agent"],
      [PROTOCOL_VERSION + 1, "update the server"],
    ] as const) {
      const ws = bridgeSocket();
      const answer = new Promise<{ message: string; code: number }>((resolve) => {
        let message = "";
        ws.addEventListener("message", (e) => {
          message = String(e.data);
        });
        ws.addEventListener("close", (e) => resolve({ message, code: e.code }));
      });
      ws.addEventListener("open", () =>
        ws.send(
          JSON.stringify({ type: "hello", protocol, name: `old-${protocol}`, version: "0.0.1" }),
        ),
      );
      const { message, code } = await answer;
      expect(code).toBe(4000);
      expect(JSON.parse(message)).toMatchObject({ type: "refused", code: "PROTOCOL_MISMATCH" });
      expect(message).toContain(advice);
    }
    const listed = await ok<Listed>(client, "session", { action: "agents" });
    // Sorted both sides as strings ("old-10" sorts before "old-8").
    expect(listed.refused.map((r) => r.name).sort()).toEqual(
      [`old-${PROTOCOL_VERSION - 1}`, `old-${PROTOCOL_VERSION + 1}`].sort(),
    );
    expect(listed.refused.find((r) => r.name === `old-${PROTOCOL_VERSION - 1}`)?.message).toContain(
      "upgrade the agent",
    );
  });

  it("forgets an agent that stops: calls then answer AGENT_NOT_CONNECTED", async () => {
    await beta.stop();
    const onBeta = await startSession(client, { project: "proj-beta" });
    // Only alpha is left, so it serves the call: the only agent is always chosen.
    expect(await whichFile({ session: onBeta })).toBe("alpha\n");
    expectToolError(
      await call(client, "read", { session: onBeta, from: "which.txt", agent: "beta" }),
      "AGENT_NOT_CONNECTED",
      ["`beta`"],
    );
  });
});

describe("reconnection", () => {
  it("retries with backoff while the server is away, saying so on stderr, and connects when it is up", async () => {
    const port = await freePort();
    const root = tempProject({ "x.txt": "x\n" });
    const { spawn } = await import("node:child_process");
    const state = mkdtempSync(path.join(tmpdir(), "edgeclip-reconnect-"));
    const localToken = newLocalToken();
    writeFileSync(path.join(state, "local.env"), localCredentialText(localToken), { mode: 0o600 });
    const child = spawn(
      process.execPath,
      [
        inject("agentBin"),
        "connect",
        `http://127.0.0.1:${port}`,
        "--root",
        root,
        "--name",
        "patient",
      ],
      {
        env: { ...process.env, EDGECLIP_STATE_DIR: state, EDGECLIP_CONFIG_DIR: state },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const serverState = mkdtempSync(path.join(tmpdir(), "edgeclip-reconnect-server-"));
    try {
      // Two refused attempts at least (the first retry waits ~0.5 s); a busy machine starts the agent slowly.
      const delaysSoFar = () =>
        [...stderr.matchAll(/reconnecting in ([\d.]+) s/g)].map((m) => Number(m[1]));
      for (let waited = 0; delaysSoFar().length < 2 && waited < 20_000; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      const delays = delaysSoFar();
      expect(delays.length).toBeGreaterThanOrEqual(2);
      expect(delays[1]).toBeGreaterThan(delays[0] ?? 0); // backing off
      const server = await startWranglerDev({
        port,
        persistTo: serverState,
        rebuilds: false,
        quiet: true,
        localToken,
      });
      try {
        for (let i = 0; i < 100 && !stderr.includes("as patient"); i++)
          await new Promise((r) => setTimeout(r, 200));
        expect(stderr).toContain(`connected to ws://127.0.0.1:${port}/bridge as patient`);
      } finally {
        child.kill();
        await server.stop();
      }
    } finally {
      child.kill();
      rmSync(serverState, { recursive: true, force: true });
    }
  });
});
