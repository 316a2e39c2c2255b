import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { Browser } from "../support/browser.ts";
import { followLinkPage } from "../support/dashboard-link.ts";
import { listeningPorts } from "../support/listening.ts";
import { loopbackFetch } from "../support/loopback-fetch.ts";
import { npmStart } from "../support/npm-start.ts";
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

/** A command line as a POSIX shell splits it (double quotes only: what `npm start` prints). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? "");
}

/** The command `npm start` printed after `label`. */
function printed(stdout: string, label: string): string {
  const line = stdout.split("\n").find((l) => l.trimStart().startsWith(`${label} `));
  if (!line) throw new Error(`npm start printed no ${label} line:\n${stdout}`);
  return line.trimStart().slice(label.length).trim();
}

/** Runs a printed command as a user's shell would: its first word found on PATH (node_modules/.bin first, as in npm scripts). */
function run(command: string, options: { cwd: string; home: string }): string {
  const [file = "", ...args] = shellWords(command);
  return execFileSync(file, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      HOME: options.home,
      PATH: `${path.join(repo, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm start", () => {
  let dev: ChildProcess | undefined;
  let stopDev: (() => Promise<void>) | undefined;
  // After a failure midway: Ctrl-C, so npm start stops the server and agent it started (a
  // SIGKILL would leave them running); SIGKILL only if it hangs.
  afterAll(async () => {
    if (dev?.exitCode !== null || !stopDev) return;
    const timer = setTimeout(() => dev?.kill("SIGKILL"), 15_000);
    await stopDev();
    clearTimeout(timer);
  });

  it("runs the Worker and a local agent on the given root, prints commands that work as printed, and Ctrl-C stops both", async () => {
    const root = tempProject({ "hello.txt": "served by npm start\n" });
    const agentState = mkdtempSync(path.join(tmpdir(), "edgeclip-dev-agent-"));
    const config = path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-dev-home-")), "config");
    const started = await npmStart(["--root", root], {
      EDGECLIP_STATE_DIR: agentState,
      EDGECLIP_CONFIG_DIR: config,
      // No display (over SSH, say): the banner says so, and why, instead of promising one.
      DISPLAY: "",
      WAYLAND_DISPLAY: "",
    });
    dev = started.child;
    stopDev = started.stop;
    const { port } = started;
    const stdout = started.stdout();
    const stderr = started.stderr();
    const mcp = `http://127.0.0.1:${port}/mcp`;
    expect(stdout, `npm start printed no ready line; its stderr:\n${stderr}`).toContain(
      `MCP URL        ${mcp}`,
    );
    expect(stdout).toContain(`Local agent    files in ${root}; no OS clipboard: no display server`);
    expect(stdout).toContain("set DISPLAY");
    expect(stdout).not.toContain("and your OS clipboard");

    // The local credential: created once, private to its owner, named in the output.
    const credential = path.join(config, "local.env");
    expect(stdout).toContain(`${credential} (created now)`);
    expect(statSync(credential).mode & 0o777).toBe(0o600);
    expect(statSync(config).mode & 0o777).toBe(0o700);

    // Claude Code, exactly as printed (its own config in a scratch HOME), then its health check:
    // a stdio relay from this checkout, which proves the server before sending anything (issue 34 §2).
    const claude = printed(stdout, "Claude Code");
    const relay = `${process.execPath} ${path.join(repo, "local-agent", "src", "cli.ts")} mcp http://127.0.0.1:${port}`;
    // The config directory is not the default one here, so the line names it.
    const configEnv = `EDGECLIP_CONFIG_DIR=${config}`;
    expect(claude).toBe(`claude mcp add edgeclip --env ${configEnv} -- ${relay}`);
    expect(claude).not.toContain("ecl_");
    const home = mkdtempSync(path.join(tmpdir(), "edgeclip-dev-claude-"));
    run(claude, { cwd: root, home });
    // Beside it, the same server over HTTP without the header: the credential is what lets it in.
    run(`claude mcp add --transport http bare ${mcp}`, { cwd: root, home });
    const health = run("claude mcp list", { cwd: root, home });
    expect(health).toContain(`edgeclip: ${relay} - ✔ Connected`);
    expect(health).toMatch(/bare: \S+ \(HTTP\) - ✘/);

    // The MCP Inspector's printed line: its terminal UI, which opens no port (its web UI serves its
    // own token to any account: issue 42 §2). Run here in its non-interactive mode, `--cli` for `--tui`.
    const inspector = printed(stdout, "MCP Inspector");
    const launcher = "npx @modelcontextprotocol/inspector --tui ";
    expect(inspector).toBe(`${launcher}-e ${configEnv} -- ${relay}`);
    const cli = `npx @modelcontextprotocol/inspector --cli -e ${configEnv} ${relay} --method tools/list`;
    const listed = JSON.parse(run(cli, { cwd: repo, home })) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toContain("copy");
    // The line itself, in a terminal (`script` gives it one): connected (its `c` key), it lists the
    // tools, and its process tree listens on no port another account could reach.
    // As a user's terminal has it: without CI (set by .ci/run), where its terminal UI (Ink) draws
    // nothing, and without this run's VITEST variables.
    const outside = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== "CI" && !name.startsWith("VITEST")),
    );
    const tui = spawn("script", ["-qfc", inspector, "/dev/null"], {
      cwd: repo,
      env: {
        ...outside,
        HOME: home,
        PATH: `${path.join(repo, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
      },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    try {
      let screen = "";
      for (const stream of [tui.stdout, tui.stderr])
        stream?.on("data", (chunk: Buffer) => {
          screen += chunk.toString();
        });
      const shown = () => stripVTControlCharacters(screen);
      const until = async (pattern: RegExp) => {
        for (let i = 0; i < 300 && !pattern.test(shown()); i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(shown(), `script: exit ${tui.exitCode} ${tui.signalCode}`).toMatch(pattern);
      };
      await until(/\[Connect\]/);
      tui.stdin?.write("c");
      await until(/Tools \([1-9]\d*\)/);
      expect(listeningPorts(tui.pid ?? 0)).toEqual([]);
    } finally {
      if (tui.pid !== undefined) process.kill(-tui.pid, "SIGKILL");
    }

    // The dashboard link (issue 42 §2): a file:// URL of a private page in the state directory,
    // nothing secret in the link itself; the page posts this run's key, never the credential.
    const link = printed(stdout, "Dashboard");
    const linkFile = fileURLToPath(link);
    expect(linkFile).toBe(path.join(agentState, `dashboard-${port}.html`));
    expect(statSync(linkFile).mode & 0o777).toBe(0o600);
    expect(statSync(agentState).mode & 0o777).toBe(0o700);
    const linkPage = readFileSync(linkFile, "utf8");
    const token = readFileSync(credential, "utf8").match(/ecl_\S+/)?.[0] ?? "";
    expect(linkPage).not.toContain(token);
    expect(stdout).not.toMatch(/d-[0-9a-f]{20}\.localhost/);
    const browser = new Browser(loopbackFetch, "127.0.0.1");
    const opened = await followLinkPage(browser, linkPage);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("set-cookie")).toContain("HttpOnly");
    // The dashboard's own host (`d-….localhost`), which a browser resolves to loopback itself.
    const action = new URL(/action="([^"]+)"/.exec(linkPage)?.[1] ?? "");
    expect(action.hostname).toMatch(/^d-[0-9a-f]{20}\.localhost$/);
    const page = await browser.request(new URL("/", action), {
      headers: { accept: "text/html" },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your clipboard sessions");

    // Clients that need HTTP: the URL and the header printed for them (trusting the port, it says).
    const other = printed(stdout, "Other clients");
    expect(other).toMatch(/--header "Authorization: Bearer ecl_\S+":$/);
    expect(stdout).toContain("it trusts whatever holds the port");
    // The agent npm start runs read the credential itself, and serves the files.
    const authorization = /--header "Authorization: (Bearer [^"\s]+)"/.exec(other)?.[1] ?? "";
    const client = new Client({ name: "dev-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcp), {
        requestInit: { headers: { authorization } },
      }),
    );
    const read = (await client.callTool({ name: "read", arguments: { from: "hello.txt" } })) as {
      structuredContent?: { content?: string };
    };
    expect(read.structuredContent?.content).toBe("served by npm start\n");
    await client.close();

    const agentPid = Number(readdirSync(path.join(agentState, "agents"))[0]?.split(".")[0]);
    expect(agentPid).toBeGreaterThan(0);
    const exited = new Promise((resolve) => dev?.once("exit", resolve));
    dev?.kill("SIGINT");
    await exited;
    for (let i = 0; i < 50 && !gone(agentPid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(gone(agentPid), "the agent outlived npm start").toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    // The link's page goes with the run.
    expect(existsSync(linkFile)).toBe(false);
  });
});
