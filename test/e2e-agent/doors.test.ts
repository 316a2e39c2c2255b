import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { startAgentProcess } from "../../scripts/agent-process.ts";
import { freePort } from "../../scripts/wrangler-dev.ts";
import { CHROMIUM, chromiumAvailable } from "../support/chromium.ts";
import { listeningPorts, treeRssBytes } from "../support/listening.ts";
import { type NpmStart, npmStart } from "../support/npm-start.ts";
import { canActAsOther, OtherAccount, recordsOf } from "../support/other-account.ts";

/** A program of the other account holding `host`:`port` (test/support/holder.ts): whether it could, and what it heard. */
async function holdAs(other: OtherAccount, host: string, port: number) {
  const child = other.spawn([
    other.script(path.resolve("test/support/holder.ts")),
    host,
    String(port),
  ]);
  const { records, first } = recordsOf(child);
  const held = await first("listening").then(
    () => true,
    () => false,
  );
  return { child, held, records };
}

/**
 * Issue 34 §1: `npm start` ran `wrangler dev`, which opens doors to every
 * account on the machine besides the server's own: a DevTools inspector on
 * 127.0.0.1:9229 and workerd's own on a random port (attach, read
 * `env.EDGECLIP_LOCAL_TOKEN`, run code in the Worker), the dev registry's
 * workerd debug port (RPC to every Durable Object), the local explorer at
 * /cdn-cgi/local/explorer on the server's own port (SQL on every clipboard,
 * no credential), and state files readable by all. Each test here fails on
 * 0.7.
 */

/** What a port answers: the edgeclip Worker, a Miniflare loopback server (its secret required), or something else. */
async function classify(address: string, port: number): Promise<string> {
  const get = async (p: string) => {
    try {
      const response = await fetch(`http://${address}:${port}${p}`, {
        signal: AbortSignal.timeout(5_000),
        headers: { connection: "close" },
      });
      return `${response.status} ${(await response.text()).slice(0, 80)}`;
    } catch (error) {
      return `no HTTP answer (${(error as Error).cause ?? (error as Error).message})`;
    }
  };
  const health = await get("/health");
  if (health.startsWith('200 {"ok":true,"name":"edgeclip"')) {
    // The Worker: everything else behind its credential, wrangler's own pages included.
    for (const p of [
      "/json",
      "/cdn-cgi/local/explorer",
      "/cdn-cgi/local/explorer/api/local/workers",
    ]) {
      const answer = await get(p);
      if (!answer.startsWith("401 ")) return `the Worker, but ${p} answers ${answer}`;
    }
    return "worker";
  }
  if (health === "403 Forbidden" && (await get("/json")) === "403 Forbidden") return "loopback";
  return `/health: ${health}; /json: ${await get("/json")}`;
}

let started: NpmStart | undefined;
let config = "";
/**
 * One plain `npm start --no-agent`, shared by the tests that need nothing else of it (each
 * start costs ~7 s of CPU: wrangler, its bundle, workerd); stopped after the file.
 */
let plain: Promise<NpmStart> | undefined;
const plainStart = () => {
  plain ??= npmStart(["--no-agent"], { EDGECLIP_CONFIG_DIR: config });
  return plain;
};

beforeAll(() => {
  config = path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-doors-home-")), "config");
});

afterEach(async () => {
  await started?.stop();
  started = undefined;
});

describe("npm start opens no door for other accounts", () => {
  it("listens only where its Worker checks the credential (or Miniflare's secret): no inspector, no debug port, no explorer", async () => {
    const started = await plainStart();
    expect(started.stdout(), started.stderr()).toContain("Press Ctrl-C");
    const ports = listeningPorts(started.child.pid ?? 0);
    // Its port on both loopback addresses (issue 42 §1).
    expect(ports).toContainEqual({ address: "127.0.0.1", port: started.port });
    expect(ports).toContainEqual({ address: "[::1]", port: started.port });
    const seen: Record<string, string> = {};
    for (const { address, port } of ports)
      seen[`${address}:${port}`] = await classify(address, port);
    // Every other door at once, each with what it answered.
    const doors = Object.entries(seen).filter(
      ([, what]) => what !== "worker" && what !== "loopback",
    );
    expect(doors).toEqual([]);
    expect(started.stdout()).not.toContain("DevTools");
  });

  it("keeps its state where only its user can read it, and makes an older, open state directory private", async () => {
    // A state directory an earlier npm start left open (mode 0755, a file 0644).
    const state = mkdtempSync(path.join(tmpdir(), "edgeclip-doors-state-"));
    chmodSync(state, 0o755);
    const older = path.join(state, "v3", "older.sqlite");
    mkdirSync(path.dirname(older), { mode: 0o755 });
    writeFileSync(older, "an older entry", { mode: 0o644 });
    started = await npmStart(["--no-agent"], {
      EDGECLIP_CONFIG_DIR: config,
      EDGECLIP_DEV_STATE: state,
    });
    const token = /Bearer (ecl_\S+)"/.exec(started.stdout())?.[1] ?? "";
    // An entry, so the clipboard's SQLite files exist.
    const response = await fetch(`http://127.0.0.1:${started.port}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        connection: "close",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "copy", arguments: { text: "the owner's secret entry", key: "s" } },
      }),
    });
    expect(await response.text()).toContain("copied");
    expect(statSync(state).mode & 0o777).toBe(0o700);
    expect(statSync(state).uid).toBe(process.getuid?.());
    const files = readdirSync(state, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith(".sqlite"))).toBe(true);
    // What this run created is private too; what it found stays behind the private directory.
    for (const file of files.filter((f) => f !== older))
      expect(statSync(file).mode & 0o077, file).toBe(0);
    if (!canActAsOther()) return;
    // Another account tries each file: every read refused.
    const other = new OtherAccount();
    try {
      const outcome = other.run(
        `const fs = require("node:fs"); let read = 0;
         for (const f of process.argv.slice(1)) { try { fs.readFileSync(f); read++; } catch {} }
         process.stdout.write(String(read));`,
        files,
      );
      expect(outcome).toBe("0");
    } finally {
      other.remove();
    }
  });

  it("opens a DevTools inspector only when asked (--inspect), and its banner says who can reach it", async () => {
    const inspector = await freePort();
    started = await npmStart(["--no-agent", "--inspector-port", String(inspector)], {
      EDGECLIP_CONFIG_DIR: config,
    });
    expect(started.stdout()).toContain(`DevTools       ws://127.0.0.1:${inspector}/ws`);
    expect(started.stdout()).toContain("Any account on this machine");
    const targets = await fetch(`http://127.0.0.1:${inspector}/json`);
    expect(targets.status).toBe(200);
    expect(await targets.text()).toContain("webSocketDebuggerUrl");
  });
});

/**
 * Issue 42: the doors another account still had once 0.8's were shut. Each
 * runs the other account as uid 65534 (nobody) and fails on 0.8.
 */
describe("npm start and another account on the same port", () => {
  let other: OtherAccount;
  const held: { child: ChildProcess }[] = [];
  beforeAll(() => {
    other = new OtherAccount();
  });
  afterEach(() => {
    for (const holder of held.splice(0)) holder.child.kill("SIGKILL");
  });
  afterAll(() => other?.remove());

  it("holds its port on [::1] as on 127.0.0.1 while it runs: another account can bind neither, and [::1] reaches the server (§1)", async () => {
    const started = await plainStart();
    expect(started.stdout(), started.stderr()).toContain("Press Ctrl-C");
    for (const host of ["::1", "127.0.0.1"]) {
      const holder = await holdAs(other, host, started.port);
      held.push(holder);
      expect(holder.held, `another account bound ${host}:${started.port}`).toBe(false);
      expect(holder.records).toContainEqual({ event: "error", code: "EADDRINUSE" });
    }
    const health = await fetch(`http://[::1]:${started.port}/health`);
    expect(await health.json()).toMatchObject({ ok: true, name: "edgeclip" });
    // An agent given `localhost` (::1 first here) proves the server there and connects.
    const token = readFileSync(path.join(config, "local.env"), "utf8").match(/ecl_\S+/)?.[0];
    const agent = await startAgentProcess({
      server: `http://localhost:${started.port}`,
      bin: [process.execPath, inject("agentBin")],
      root: mkdtempSync(path.join(tmpdir(), "edgeclip-localhost-root-")),
      name: "via-localhost",
      localToken: token ?? null,
    });
    await agent.stop();
  });

  it("refuses to start where another account holds [::1] of its port, and says so (§1)", async () => {
    const port = await freePort();
    const holder = await holdAs(other, "::1", port);
    held.push(holder);
    expect(holder.held).toBe(true);
    started = await npmStart(["--no-agent"], { EDGECLIP_CONFIG_DIR: config }, port);
    expect(started.child.exitCode, started.stdout()).not.toBe(0);
    expect(started.child.exitCode).not.toBeNull();
    expect(started.stderr()).toContain(`[::1]:${port}`);
    // Nothing of the banner: no link, no bearer.
    expect(started.stdout()).not.toContain("Dashboard");
    expect(started.stdout()).not.toContain("Bearer");
    // 0.8 started on 127.0.0.1 alone, and the holder got every browser's request, token and all.
  });

  it("is not taken in by another program answering /health on its port: no banner, link or bearer, and it says why (§5)", async () => {
    const port = await freePort();
    const holder = await holdAs(other, "127.0.0.1", port);
    held.push(holder);
    expect(holder.held).toBe(true);
    started = await npmStart(["--no-agent"], { EDGECLIP_CONFIG_DIR: config }, port);
    // 0.8 printed the banner, the link and the bearer as soon as the holder answered /health 200.
    expect(started.stdout()).not.toContain("Dashboard");
    expect(started.stdout()).not.toContain("Bearer");
    expect(started.stdout()).not.toContain("edgeclip is running");
    expect(started.child.exitCode).not.toBeNull();
    expect(started.child.exitCode).not.toBe(0);
    expect(started.stderr()).toMatch(/could not start|Address already in use|did not prove/);
    // What it heard of npm start: a nonce to prove against, never the credential.
    expect(JSON.stringify(holder.records)).not.toMatch(/ecl_|authorization/i);
  });

  it.skipIf(!chromiumAvailable)(
    "prints a dashboard link that opens the dashboard in Chromium and puts nothing secret where another account can read it (§2, §7)",
    async () => {
      const state = mkdtempSync(path.join(tmpdir(), "edgeclip-link-state-"));
      started = await npmStart(["--no-agent"], {
        EDGECLIP_CONFIG_DIR: config,
        EDGECLIP_STATE_DIR: state,
      });
      const output = `${started.stdout()}${started.stderr()}`;
      const link = /Dashboard\s+(\S+)/.exec(started.stdout())?.[1] ?? "";
      // 0.8: http://d-<hex>.localhost:P/?token=<the credential>.
      expect(link).toMatch(/^file:\/\//);
      const token = readFileSync(path.join(config, "local.env"), "utf8").match(/ecl_\S+/)?.[0];
      const page = readFileSync(fileURLToPath(link), "utf8");
      const name = /(d-[0-9a-f]{20}\.localhost)/.exec(page)?.[1] ?? "";
      const key = /name="key" value="([^"]+)"/.exec(page)?.[1] ?? "";
      expect(name).not.toBe("");
      expect(`${link}${output.replace(token ?? "", "")}`).not.toContain(name);
      expect(output).not.toContain(key);
      // Opened as a terminal's click opens it (`xdg-open <link>`): the URL on the browser's
      // command line. Driven over the DevTools protocol, which Playwright attaches to.
      const profile = mkdtempSync(path.join(tmpdir(), "edgeclip-link-profile-"));
      const chrome = spawn(
        CHROMIUM,
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--no-first-run",
          "--disable-background-networking",
          `--user-data-dir=${profile}`,
          "--remote-debugging-port=0",
          link,
        ],
        { stdio: ["ignore", "ignore", "pipe"], detached: true },
      );
      const endpoint = await new Promise<string>((resolve, reject) => {
        let text = "";
        chrome.once("exit", (code) => reject(new Error(`chromium exited (${code}): ${text}`)));
        chrome.stderr?.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const found = /DevTools listening on (ws:\S+)/.exec(text)?.[1];
          if (found) resolve(found);
        });
      });
      const browser = await chromium.connectOverCDP(endpoint);
      const context = browser.contexts()[0];
      if (!context) throw new Error("chromium has no context");
      try {
        const tab =
          context.pages().find((p) => p.url() !== "about:blank") ??
          (await context.waitForEvent("page"));
        await tab.waitForURL(`http://${name}:${started.port}/`);
        expect(await tab.locator("h1").first().textContent()).toContain("sessions");
        if (!canActAsOther()) return;
        // Everything another account can read while it is open: every process's command line,
        // and the link's page itself.
        const seen = other.run(
          `const fs = require("node:fs"); let all = "";
           for (const pid of fs.readdirSync("/proc").filter((e) => /^\\d+$/.test(e)))
             try { all += fs.readFileSync("/proc/" + pid + "/cmdline", "latin1") + "\\n"; } catch {}
           let page = "unreadable"; try { page = fs.readFileSync(process.argv[1], "utf8"); } catch {}
           process.stdout.write(JSON.stringify({ all, page }));`,
          [fileURLToPath(link)],
        );
        const { all, page: theirs } = JSON.parse(seen) as { all: string; page: string };
        expect(all).toContain(link); // the browser's own command line, as a click leaves it
        for (const secret of [token ?? "", token?.slice(4, 24) ?? "", key, name])
          expect(all.includes(secret), `a command line holds ${secret.slice(0, 12)}…`).toBe(false);
        expect(theirs).toBe("unreadable");
      } finally {
        await browser.close().catch(() => undefined);
        if (chrome.pid !== undefined) process.kill(-chrome.pid, "SIGKILL");
      }
    },
  );

  it("gives a peer that proved nothing no socket, and takes little from it: 8 upgrades each with a 32 MiB message, on /relay and /bridge (§6)", async () => {
    const started = await plainStart();
    const root = started.child.pid ?? 0;
    const before = treeRssBytes(root);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRssBytes(root));
    }, 100);
    try {
      for (const door of ["/relay", "/bridge"]) {
        const flood = other.spawn([
          other.script(path.resolve("test/support/flood.ts")),
          String(started.port),
          door,
          "8",
          "32",
        ]);
        let out = "";
        flood.stdout?.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        await new Promise((resolve) => flood.once("exit", resolve));
        const { statuses } = JSON.parse(out) as { statuses: string[] };
        // 0.8: 101 for each, then workerd held each whole 32 MiB message for the Worker.
        expect(statuses, door).toHaveLength(8);
        for (const status of statuses)
          expect(status, door).toMatch(/^HTTP\/1\.1 403 Forbidden$|^reset by the server/);
      }
    } finally {
      clearInterval(sampler);
    }
    // 0.8 grew from ~300 MB to ~1 GB; a few KiB a peer is lost in the noise of 64 MB.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});

afterAll(async () => {
  await started?.stop();
  await (await plain?.catch(() => undefined))?.stop();
});
