import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, copyFileSync, linkSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { startAgentProcess } from "../../scripts/agent-process.ts";
import { tempProject } from "./agent-process.ts";

/**
 * Issue 27 §2: while the user's server is stopped, another account listens
 * on its port. 0.6.0's agent sent it `Authorization: Bearer <token>` and a
 * hello, took its forged welcome, and served `read owner-only.txt`. Now the
 * agent sends nothing but a nonce until the server proves it holds the local
 * credential, and stops when it does not: the squatter learns nothing and
 * gets no file.
 */
const TOKEN = `ecl_${"s".repeat(43)}`;
const SECRET = "the owner's secret line";
const squatters: ChildProcess[] = [];

afterEach(() => {
  for (const child of squatters.splice(0)) child.kill("SIGKILL");
});

/**
 * Where the squatter runs from: Node and its script in a directory of their
 * own that another account can enter, since the checkout may sit in one it
 * cannot (a clone in `mktemp -d`, mode 0700).
 */
let place: { dir: string; node: string; script: string };

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-squatter-"));
  chmodSync(dir, 0o755);
  const node = path.join(dir, "node");
  try {
    linkSync(process.execPath, node);
  } catch {
    copyFileSync(process.execPath, node);
  }
  chmodSync(node, 0o755);
  const script = path.join(dir, "squatter.ts");
  copyFileSync(path.resolve("test/support/squatter.ts"), script);
  chmodSync(script, 0o644);
  place = { dir, node, script };
});

afterAll(() => {
  if (place) rmSync(place.dir, { recursive: true, force: true });
});

/** Starts the squatter as another user (nobody, 65534) when this is root, else as this user. */
async function squatter(script: "welcome" | "forged") {
  const asRoot = process.getuid?.() === 0;
  const child = spawn(place.node, [place.script, script, "owner-only.txt", "squatted"], {
    cwd: place.dir,
    stdio: ["ignore", "pipe", "inherit"],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  squatters.push(child);
  const records: Record<string, unknown>[] = [];
  let text = "";
  const listening = new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the squatter exited (${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split("\n");
      text = lines.pop() ?? "";
      for (const line of lines) {
        const record = JSON.parse(line) as Record<string, unknown>;
        records.push(record);
        if (record.event === "listening") resolve(Number(record.port));
      }
    });
  });
  return { port: await listening, records };
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
      const upgrades = squat.records.filter((r) => r.event === "upgrade");
      expect(upgrades).toHaveLength(1);
      // What the agent sent over the socket: nothing at all (no hello, no proof, no reply).
      expect(squat.records.filter((r) => r.event === "message")).toEqual([]);
      expect(outcome).toMatch(/did not prove it holds this machine's local credential/);
    },
  );
});
