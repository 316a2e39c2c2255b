import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentProcess, startAgentProcess } from "../../scripts/agent-process.ts";
import { call, ok } from "../e2e/clients.ts";
import { tempProject } from "../e2e-agent/agent-process.ts";
import { Browser, field } from "../support/browser.ts";
import { answerPairing, AGENT_CLI as CLI, startLogin } from "./login.ts";
import { connectSignedIn, newAccount, type SignedIn, serverUrl } from "./signed-in.ts";

/**
 * Pairing real edgeclip-agent processes (from source) with a server that
 * requires sign-in: `login` prints a code and a link, the signed-in user
 * approves or denies it on the page, the agent keeps its token (0600) and
 * `connect` uses it. An agent serves only its own user's sessions.
 */
const configDir = () => mkdtempSync(path.join(tmpdir(), "edgeclip-config-"));

let alice: SignedIn;
let bob: SignedIn;
let aliceAccount: { name: string; passphrase: string };
const running: AgentProcess[] = [];

beforeAll(async () => {
  aliceAccount = await newAccount("pair-alice");
  [alice, bob] = await Promise.all([
    connectSignedIn(aliceAccount, "full"),
    newAccount("pair-bob").then((b) => connectSignedIn(b, "full")),
  ]);
});

afterAll(async () => {
  await Promise.all(running.map((a) => a.stop()));
  await Promise.all([alice?.client.close(), bob?.client.close()]);
});

describe("pairing a local agent", () => {
  it("pairs on approval, keeps the token at 0600, connects, and serves only its user", async () => {
    const dir = configDir();
    const login = startLogin(serverUrl(), "alice-laptop", dir);
    const link = await login.url;
    const browser = new Browser(fetch, "198.51.100.77");
    const { page, answered } = await answerPairing(browser, link, aliceAccount, "approve");
    expect(page).toContain("alice-laptop");
    expect(page).toContain(link.searchParams.get("code") ?? "?");
    expect(answered).toContain("Agent paired");
    expect(await login.exited).toBe(0);
    const file = path.join(dir, "credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(new URL(serverUrl()).origin);

    const root = tempProject({ "hello.txt": "hello from alice's disk\n" });
    const agent = await startAgentProcess({
      server: serverUrl(),
      bin: [process.execPath, CLI],
      root,
      name: "alice-laptop",
      env: { EDGECLIP_CONFIG_DIR: dir },
    });
    running.push(agent);
    const listed = await ok<{ agents: { name: string }[] }>(alice.client, "session", {
      action: "agents",
    });
    expect(listed.agents.map((a) => a.name)).toEqual(["alice-laptop"]);
    const read = await call(alice.client, "read", { from: "hello.txt" });
    expect(read.text).toContain("hello from alice's disk");

    // Bob's sessions never reach Alice's agent, even by naming it.
    expect(
      (await ok<{ agents: unknown[] }>(bob.client, "session", { action: "agents" })).agents,
    ).toEqual([]);
    const bobRead = await call(bob.client, "read", { from: "hello.txt", agent: "alice-laptop" });
    expect(bobRead.text).toMatch(/^AGENT_NOT_CONNECTED/);
    expect(bobRead.text).not.toContain("hello from alice's disk");

    // Revoked on the account page: disconnected at once, and it stops instead of reconnecting.
    const account = await (await browser.get(new URL("/account", serverUrl()))).text();
    expect(account).toContain("alice-laptop");
    const revoked = await browser.post(new URL("/account/agents/revoke", serverUrl()), {
      csrf: field(account, "csrf"),
      id:
        /action="\/account\/agents\/revoke"><input type="hidden" name="csrf" value="[^"]*"><input type="hidden" name="id" value="([^"]+)"/.exec(
          account,
        )?.[1] ?? "",
    });
    expect(await revoked.text()).toContain("that agent is disconnected");
    expect(await agent.exited).toBe(1);
    expect(agent.log()).toContain("edgeclip-agent login");
    expect(
      (await ok<{ agents: unknown[] }>(alice.client, "session", { action: "agents" })).agents,
    ).toEqual([]);
  });

  it("gives the agent nothing when the user denies", async () => {
    const dir = configDir();
    const login = startLogin(serverUrl(), "denied-box", dir);
    const { answered } = await answerPairing(
      new Browser(fetch, "198.51.100.78"),
      await login.url,
      aliceAccount,
      "deny",
    );
    expect(answered).toContain("Pairing denied");
    expect(await login.exited).toBe(1);
    expect(login.output()).toMatch(/denied/i);
  });

  it("logout revokes the token on the server and forgets it", async () => {
    const dir = configDir();
    const login = startLogin(serverUrl(), "short-lived", dir);
    await answerPairing(
      new Browser(fetch, "198.51.100.79"),
      await login.url,
      aliceAccount,
      "approve",
    );
    expect(await login.exited).toBe(0);
    const token = (
      JSON.parse(readFileSync(path.join(dir, "credentials.json"), "utf8")) as {
        servers: Record<string, { token: string }>;
      }
    ).servers[new URL(serverUrl()).origin]?.token;
    expect(token).toBeTruthy();
    const logout = spawn(process.execPath, [CLI, "logout", serverUrl()], {
      env: { ...process.env, EDGECLIP_CONFIG_DIR: dir },
    });
    expect(await new Promise((resolve) => logout.once("exit", resolve))).toBe(0);
    expect(readFileSync(path.join(dir, "credentials.json"), "utf8")).not.toContain(token ?? "?");
    const bridge = await fetch(new URL("/bridge", serverUrl()), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bridge.status).toBe(401);
  });

  it("refuses an agent that connects without pairing, telling it how to pair", async () => {
    const agent = startAgentProcess({
      server: serverUrl(),
      bin: [process.execPath, CLI],
      root: tempProject(),
      name: "unpaired",
      env: { EDGECLIP_CONFIG_DIR: configDir() },
    });
    await expect(agent).rejects.toThrow(/edgeclip-agent login/);
  });
});
