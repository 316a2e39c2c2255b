/**
 * `npm start`: the embedded default. Runs the Worker locally with `wrangler dev`
 * on 127.0.0.1:8787 (state kept in .wrangler/state; one local user, who holds
 * the local credential) and a local agent rooted at the directory `npm start`
 * was run from (or at each `--root DIR`), and prints how to connect MCP
 * clients, with the credential. Ctrl-C stops both.
 *
 * The local credential (docs/security.md) is created once in the user's config
 * directory (local.env, mode 0600), read here through the directory that was
 * checked, and handed to wrangler as a private copy (an env file in a
 * directory of its own, 0700), never by the config directory's path, which
 * could lead elsewhere by the time wrangler reads it, nor on a command line
 * another user could read; the agent reads the file itself.
 *
 *   npm start                       agent rooted at the current directory
 *   npm start -- --root ~/code/app  agent rooted elsewhere (repeatable)
 *   npm start -- --no-agent         the Worker alone
 *   npm start -- --inspect          with a DevTools inspector on 127.0.0.1:9229
 *                                   (--inspector-port N elsewhere), which any
 *                                   account on the machine can attach to: the
 *                                   banner says so
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { configDir } from "../local-agent/src/credentials.ts";
import { ensureLocalToken } from "../local-agent/src/local-credential.ts";
import { osClipboard } from "../local-agent/src/os-clipboard/index.ts";
import { ensurePrivateDir } from "../local-agent/src/private-dir.ts";
import { stateDir } from "../local-agent/src/status.ts";
import { mcpRelayCommand, shellWord } from "../src/shared/core/agent-command.ts";
import { dashboardLinkPage } from "../src/shared/core/dashboard-host.ts";
import { packAgent } from "./build-agent.ts";
import { startWranglerDev } from "./wrangler-dev.ts";

const ROOT = path.join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    root: { type: "string", multiple: true },
    "no-agent": { type: "boolean" },
    inspect: { type: "boolean" },
    "inspector-port": { type: "string" },
  },
});
/** The DevTools inspector's port, only when asked for (`--inspect`, `--inspector-port N`). */
const inspectorPort =
  values.inspect || values["inspector-port"] ? Number(values["inspector-port"] ?? 9229) : undefined;
const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.EDGECLIP_DEV_STATE ?? path.join(ROOT, ".wrangler", "state");
// npm runs scripts in the package directory; INIT_CWD is where `npm start` was typed.
const roots = values.root ?? [process.env.INIT_CWD ?? process.cwd()];

let credential: ReturnType<typeof ensureLocalToken>;
try {
  credential = ensureLocalToken();
} catch (error) {
  console.error(`edgeclip: ${(error as Error).message}`);
  process.exit(1);
}
// Your own settings for the Worker, as wrangler would read them (.dev.vars, else .env), then the credential.
const settings = [".dev.vars"].some((f) => existsSync(path.join(ROOT, f)))
  ? [".dev.vars"]
  : [".env", ".env.local"].filter((f) => existsSync(path.join(ROOT, f)));
const envFiles = settings.map((f) => path.join(ROOT, f));

// The agent package this server offers at /agent.tgz, built from this checkout.
await packAgent();
const server = await startWranglerDev(
  { port, persistTo, envFiles, localToken: credential.token, inspectorPort },
  { anotherPort: false }, // the port the user's clients are configured with
).catch((error: Error) => {
  console.error(
    `edgeclip: could not start the local server on 127.0.0.1:${port}.\n${error.message}\nIs another server on that port? Try PORT=8788 npm start.`,
  );
  process.exit(1);
});

/** The agent from source (Node strips the types), connected to this server. */
async function startAgent(): Promise<ChildProcess> {
  const args = [path.join(ROOT, "local-agent", "src", "cli.ts"), "connect", server.url];
  for (const root of roots) args.push("--root", path.resolve(process.env.INIT_CWD ?? ".", root));
  const agent = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    let log = "";
    agent.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      log += chunk.toString();
      if (log.includes(" as ")) resolve();
    });
    agent.once("exit", (code) => reject(new Error(`the local agent exited (${code})`)));
  });
  return agent;
}

const agent = values["no-agent"]
  ? undefined
  : await startAgent().catch(async (error: Error) => {
      console.error(`edgeclip: ${error.message}`);
      await server.stop();
      process.exit(1);
    });

/**
 * The dashboard link (issue 42 §2): a page in a private file (0600, in the
 * state directory, made private first) that posts this run's dashboard key to
 * the dashboard's host; its `file://` URL, the only thing printed and the only
 * thing a click puts on a command line, holds nothing secret. Removed when
 * npm start stops (the key dies with the run anyway).
 */
async function writeDashboardLink(): Promise<string> {
  const dir = ensurePrivateDir(stateDir(), "EDGECLIP_STATE_DIR");
  const file = path.join(dir, `dashboard-${new URL(server.url).port}.html`);
  // A name of its own, created here ("wx"): never a file someone else made.
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temp, await dashboardLinkPage(server.url, credential.token, server.boot ?? ""), {
    mode: 0o600,
    flag: "wx",
  });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  return file;
}
let dashboardFile: string;
try {
  dashboardFile = await writeDashboardLink();
} catch (error) {
  console.error(`edgeclip: ${(error as Error).message}`);
  agent?.kill("SIGTERM");
  await server.stop();
  process.exit(1);
}

// What the agent finds (it runs here, with this environment): the banner says what is true.
const clipboard = osClipboard();
const clipboardLine = clipboard.unavailable
  ? `; no OS clipboard: ${clipboard.unavailable}`
  : `, and your OS clipboard (${clipboard.name})`;
const mcp = `${server.url}/mcp`;
const header = `--header "Authorization: Bearer ${credential.token}"`;
// MCP clients run the relay from this checkout on this Node (`edgeclip-agent mcp`, issue 34 §2).
const relay = mcpRelayCommand(server.url, process.execPath, ROOT);
// Clients start it with an environment of their own (the Inspector passes little more than HOME and
// PATH): a config directory other than the default one is named on the line.
const configEnv =
  configDir() === configDir({}) ? "" : `EDGECLIP_CONFIG_DIR=${shellWord(configDir())} `;
const home = homedir();
const shown = (file: string) =>
  file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : file;
const inspectorLine =
  inspectorPort === undefined
    ? ""
    : `  DevTools       ws://127.0.0.1:${inspectorPort}/ws (chrome://inspect). Any account on this machine
                 can attach to it, read your local credential and run code in the server:
                 use --inspect only on a machine no one else uses.
`;
console.log(`
  edgeclip is running.

  MCP URL        ${mcp}
  Dashboard      ${pathToFileURL(dashboardFile).href}
  Local agent    ${agent ? `files in ${roots.join(", ")}${clipboardLine}` : "not started (--no-agent)"}
  Claude Code    claude mcp add edgeclip ${configEnv && `--env ${configEnv}`}-- ${relay}
  MCP Inspector  npx @modelcontextprotocol/inspector --tui ${configEnv && `-e ${configEnv}`}-- ${relay}
                 (in the terminal: its web UI serves its own token to any account here)
  Other clients  ${mcp} with ${header}:
                 it trusts whatever holds the port, so use it only while the server runs
  Claude.ai      needs a public HTTPS server with sign-in; see README
${inspectorLine}
  Only you can use this server: it proves your local credential, kept in
  ${shown(credential.file)}${credential.created ? " (created now)" : ""}, to the commands above
  before they send anything, and they prove it in turn; local agents do the same.
  State is kept in ${path.relative(process.cwd(), persistTo) || persistTo}. Press Ctrl-C to stop.
`);

let stopping = false;
async function stopAll(code: number): Promise<never> {
  stopping = true;
  rmSync(dashboardFile, { force: true });
  if (agent && agent.exitCode === null) {
    const exited = new Promise((resolve) => agent.once("exit", resolve));
    agent.kill("SIGTERM");
    await exited;
  }
  await server.stop();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAll(0));
server.process.on("exit", (code) => void stopAll(code ?? 0));
agent?.on("exit", (code) => {
  if (!stopping)
    console.error(`edgeclip: the local agent stopped (${code}); the server keeps running.`);
});
