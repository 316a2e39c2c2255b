import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { startAgentProcess } from "../../scripts/agent-process.ts";
import { freePort, WRANGLER_ENV } from "../../scripts/wrangler-dev.ts";
import { NONCE_HEADER } from "../../src/shared/bridge/proof.ts";
import { mcpRelayCommand } from "../../src/shared/core/agent-command.ts";
import { connectV1 } from "../e2e/clients.ts";
import { rawCall } from "../e2e-auth/signed-in.ts";
import { lane } from "../support/lanes.ts";
import { OtherAccount, recordsOf } from "../support/other-account.ts";
import { tempProject } from "./agent-process.ts";

/**
 * Issue 27 §2: while the user's server is stopped, another account listens
 * on its port. 0.6.0's agent sent it `Authorization: Bearer <token>` and a
 * hello, took its forged welcome, and served `read owner-only.txt`. Now the
 * agent sends nothing but a nonce until the server proves it holds the local
 * credential, and stops when it does not: the squatter learns nothing and
 * gets no file.
 */
const repo = path.join(import.meta.dirname, "..", "..");
const TOKEN = `ecl_${"s".repeat(43)}`;
const SECRET = "the owner's secret line";
const squatters: ChildProcess[] = [];

afterEach(() => {
  for (const child of squatters.splice(0)) child.kill("SIGKILL");
});

let other: OtherAccount;
let script: string;

beforeAll(() => {
  other = new OtherAccount();
  script = other.script(path.resolve("test/support/squatter.ts"));
});

afterAll(() => other?.remove());

/** Starts the squatter as another user (nobody, 65534) when this is root, else as this user. */
async function squatter(mode: "welcome" | "forged", tarball?: string) {
  const child = other.spawn(
    [script, mode, "owner-only.txt", "squatted", ...(tarball ? [tarball] : [])],
    "inherit",
  );
  squatters.push(child);
  const { records, first } = recordsOf(child);
  return { port: Number((await first("listening")).port), records };
}

describe("a program squatting the local server's port", () => {
  it.each(["welcome", "forged"] as const)(
    "learns nothing and gets no file (%s): no token, no hello, no reply; the agent stops and says why",
    async (script) => {
      const root = tempProject({ "owner-only.txt": `${SECRET}\n` });
      chmodSync(path.join(root, "owner-only.txt"), 0o600);
      const squat = await squatter(script);
      const started = startAgentProcess({
        server: `http://127.0.0.1:${squat.port}`,
        bin: [process.execPath, inject("agentBin")],
        root,
        name: "squatted",
        localToken: TOKEN,
      });
      // Connected (0.6.0: welcomed by the squatter), or stopped: the squatter's records decide.
      const outcome = await started.then(
        async (agent) => {
          await new Promise((resolve) => setTimeout(resolve, 500)); // time to serve the request
          await agent.stop();
          return "connected";
        },
        (error: Error) => error.message,
      );
      const heard = JSON.stringify(squat.records);
      expect(heard).not.toContain(TOKEN);
      expect(heard).not.toContain(TOKEN.slice(4, 20)); // nor a piece of it
      expect(heard).not.toContain(SECRET);
      expect(heard.toLowerCase()).not.toContain("authorization");
      // It asked for a challenge (a nonce, nothing else) and opened no socket: no hello, no
      // proof, no reply (issue 42 §6: nothing is said over a socket before the proofs).
      expect(challengesAsked(squat.records)).toBe(1);
      expect(squat.records.filter((r) => r.event === "upgrade" || r.event === "message")).toEqual(
        [],
      );
      expect(outcome).toMatch(/did not prove it holds this machine's local credential/);
    },
  );
});

describe("a relay on the agent's port to the user's real server on another (issue 34 §5)", () => {
  it("passes on neither proof: the agent stops without a hello, and the server lists no agent of it", async () => {
    const { url, token } = lane();
    const port = await relayTo(Number(new URL(url).port));
    const root = tempProject({ "owner-only.txt": `${SECRET}\n` });
    const outcome = await outcomeOf({
      server: `http://127.0.0.1:${port}`,
      bin: [process.execPath, inject("agentBin")],
      root,
      name: "relayed",
      localToken: token,
    });
    // 0.7: both proofs passed through the relay, which then read and injected file calls.
    expect(outcome).toMatch(/did not prove it holds this machine's local credential/);
    const client = await connectV1();
    try {
      const listed = (await client.callTool({
        name: "session",
        arguments: { action: "agents" },
      })) as {
        structuredContent?: { agents?: { name: string }[] };
      };
      expect(listed.structuredContent?.agents?.map((a) => a.name) ?? []).not.toContain("relayed");
    } finally {
      await client.close();
    }
  });
});

/** How an agent started with `options` ended: "connected" (then stopped), or why it did not. */
function outcomeOf(options: Parameters<typeof startAgentProcess>[0]): Promise<string> {
  return startAgentProcess(options).then(
    async (agent) => {
      await agent.stop();
      return "connected";
    },
    (error: Error) => error.message,
  );
}

/** How many of a squatter's records are a client asking for a challenge: a GET with a nonce alone. */
function challengesAsked(records: Record<string, unknown>[]): number {
  return records.filter((r) => {
    const headers = (r.headers ?? {}) as Record<string, string>;
    return r.event === "get" && headers[NONCE_HEADER] !== undefined && !headers.authorization;
  }).length;
}

/** Starts a relay as the other account from its port to `target`: the port it listens on. */
async function relayTo(target: number): Promise<number> {
  const relay = other.spawn([other.script(path.resolve("test/support/relay.ts")), String(target)]);
  squatters.push(relay);
  return Number((await recordsOf(relay).first("listening")).port);
}

/**
 * Issue 42 §3: 0.8's 401 message and docs/security.md advised starting a local
 * server as `wrangler dev --env-file ~/.config/edgeclip/local.env`, which tells
 * the Worker no port: it proved the port of each request's `Host`, so a relay
 * on port Q (whose clients send `Host: 127.0.0.1:Q`) got proofs good for Q,
 * and an agent configured for Q connected through it.
 */
describe("a relay to a server started as a bare wrangler dev (the advice 0.8 gave)", () => {
  it("passes on no proof: the server proves nothing without being told its port, and the agent stops", async () => {
    const token = `ecl_${"b".repeat(43)}`;
    const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-bare-"));
    chmodSync(dir, 0o700);
    const envFile = path.join(dir, "local.env");
    writeFileSync(envFile, `EDGECLIP_LOCAL_TOKEN=${token}\n`, { mode: 0o600 });
    const port = await freePort();
    const bare = spawn(
      process.execPath,
      [
        path.join(repo, "node_modules", "wrangler", "bin", "wrangler.js"),
        "dev",
        "--env-file",
        envFile,
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--inspector-port",
        String(await freePort()),
        "--persist-to",
        path.join(dir, "state"),
      ],
      { cwd: repo, env: { ...process.env, ...WRANGLER_ENV }, stdio: "ignore", detached: true },
    );
    try {
      await waitForHealth(`http://127.0.0.1:${port}`);
      const relayed = await relayTo(port);
      const root = tempProject({ "owner-only.txt": `${SECRET}\n` });
      const outcome = await outcomeOf({
        server: `http://127.0.0.1:${relayed}`,
        bin: [process.execPath, inject("agentBin")],
        root,
        name: "relayed-bare",
        localToken: token,
      });
      expect(outcome).not.toBe("connected");
      expect(outcome).toMatch(/HTTP 403: an edgeclip server not told where it listens/);
      // 0.8: the agent connected through the relay, which then read and injected file calls.
      const agents = await rawCall(
        token,
        "session",
        { action: "agents" },
        `http://127.0.0.1:${port}`,
      );
      const listed = agents.text;
      expect(listed).toContain("agents");
      expect(listed).not.toContain("relayed-bare");
    } finally {
      if (bare.pid !== undefined) process.kill(-bare.pid, "SIGKILL");
    }
  });
});

/** Resolves once `server` answers /health (60 s at most). */
async function waitForHealth(server: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${server}/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server} did not answer /health within 60 s`);
}

describe("an agent with no credential at all, pointed at a loopback port another account holds", () => {
  it("refuses to serve a server it cannot verify: it never connects, and says how to get a credential (issue 34 §8)", async () => {
    const root = tempProject({ "owner-only.txt": `${SECRET}\n` });
    const squat = await squatter("welcome");
    const outcome = await outcomeOf({
      server: `http://127.0.0.1:${squat.port}`,
      bin: [process.execPath, inject("agentBin")],
      root,
      name: "uncredentialled",
      localToken: null,
    });
    expect(outcome).toMatch(/no local credential in .*local\.env[\s\S]*npm start/);
    // 0.7 said hello to it and served its request. Now it opens no socket to it: at most a plain
    // GET asks which credential the port's holder would want, carrying none.
    expect(squat.records.filter((r) => r.event === "upgrade" || r.event === "message")).toEqual([]);
    expect(JSON.stringify(squat.records).toLowerCase()).not.toContain("authorization");
  });
});

/**
 * Issue 34 §3: with the port squatted, the README's one line for another
 * agent, `npx http://127.0.0.1:8787/agent.tgz connect …`, fetched the
 * squatter's package and ran its bin as the user. The README's line now
 * starts the agent from the checkout: it fetches nothing.
 */
describe("the README's command for another local agent, while another account holds the port", () => {
  const MARK = "SQUATTER CODE RAN";

  /** The squatter's own edgeclip-agent package: its bin says it ran, as whom. */
  function squattersPackage(): string {
    const dir = path.join(other.dir, "evil", "package");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({
        name: "edgeclip-agent",
        version: "9.9.9",
        bin: { "edgeclip-agent": "cli.js" },
      }),
    );
    writeFileSync(
      path.join(dir, "cli.js"),
      `#!/usr/bin/env node\nconsole.log("${MARK} as uid " + process.getuid());\n`,
      { mode: 0o755 },
    );
    const tarball = path.join(other.dir, "evil.tgz");
    execFileSync("tar", ["-czf", tarball, "-C", path.dirname(dir), "package"]);
    chmodSync(tarball, 0o644);
    return tarball;
  }

  it("fetches nothing from it and runs none of its code: the agent, from the checkout, tells it nothing and stops", async () => {
    const root = tempProject({ "owner-only.txt": `${SECRET}\n` });
    const squat = await squatter("welcome", squattersPackage());
    const printed = readFileSync(path.join(repo, "README.md"), "utf8")
      .split("\n")
      .find((line) => line.startsWith("npm run agent -- connect http://127.0.0.1:8787 "));
    expect(printed, "README shows no `npm run agent -- connect` line").toBeDefined();
    const command = (printed ?? "")
      .replace("127.0.0.1:8787", `127.0.0.1:${squat.port}`)
      .replace("~/code/app", root);
    // Run as a user's shell would, from the checkout, with npm's Node first on PATH.
    const run = spawnSync("bash", ["-c", command], {
      cwd: repo,
      env: {
        ...process.env,
        PATH: `${path.join(repo, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
        EDGECLIP_LOCAL_TOKEN: TOKEN,
        EDGECLIP_STATE_DIR: mkdtempSync(path.join(tmpdir(), "edgeclip-readme-agent-")),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(output).not.toContain(MARK);
    // Nothing fetched (no GET but the agent's challenge, with a nonce), nothing told.
    expect(squat.records.filter((r) => r.event === "get").length).toBe(
      challengesAsked(squat.records),
    );
    expect(squat.records.some((r) => String(r.path).includes("agent.tgz"))).toBe(false);
    const heard = JSON.stringify(squat.records);
    expect(heard).not.toContain(TOKEN.slice(4, 20));
    expect(heard).not.toContain(SECRET);
    expect(squat.records.filter((r) => r.event === "message")).toEqual([]);
    expect(run.status).not.toBe(0);
    expect(output).toMatch(/did not prove it holds this machine's local credential/);
  });
});

/**
 * Issue 34 §2: while the server was down, Claude Code configured as `npm
 * start` printed it (`--header "Authorization: Bearer <token>"`) sent the
 * token to whatever held the port. Configured as it prints it now (the stdio
 * relay, `edgeclip-agent mcp`), it sends nothing before the server proves
 * the credential: the squatter sees a nonce, and the health check fails.
 */
describe("Claude Code configured as npm start prints it, while another account holds the port", () => {
  it.each(["welcome", "forged"] as const)(
    "tells the squatter nothing (%s): no token, no MCP message; `claude mcp list` shows it failed",
    async (script) => {
      const squat = await squatter(script);
      const server = `http://127.0.0.1:${squat.port}`;
      const home = mkdtempSync(path.join(tmpdir(), "edgeclip-squat-claude-"));
      const env = {
        ...process.env,
        HOME: home,
        PATH: `${path.join(repo, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
        EDGECLIP_LOCAL_TOKEN: TOKEN,
      };
      const claude = (...args: string[]) =>
        spawnSync("claude", args, { cwd: home, env, encoding: "utf8", timeout: 90_000 });
      // The line dev.ts prints, for this port (dev-server.test.ts checks the banner is this line).
      const relay = mcpRelayCommand(server, process.execPath, repo);
      expect(claude("mcp", "add", "edgeclip", "--", ...relay.split(" ")).status).toBe(0);
      const listed = claude("mcp", "list");
      expect(listed.stdout).toMatch(/edgeclip: .* mcp http:\/\/127\.0\.0\.1:\d+ - ✘/);
      // spawnSync held this process's event loop: let the squatter's records come in.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const heard = JSON.stringify(squat.records);
      expect(heard).not.toContain(TOKEN.slice(4, 20));
      expect(heard.toLowerCase()).not.toContain("authorization");
      expect(heard).not.toContain("initialize");
      // It asked for a challenge (a nonce, nothing else) and opened no socket.
      expect(challengesAsked(squat.records)).toBeGreaterThan(0);
      expect(squat.records.filter((r) => r.event === "upgrade" || r.event === "message")).toEqual(
        [],
      );
    },
  );
});
