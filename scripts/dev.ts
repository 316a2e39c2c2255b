/**
 * `npm start`: the embedded default. Runs the Worker locally with `wrangler dev`
 * on 127.0.0.1:8787 (state kept in .wrangler/state; authless, one local user)
 * and a local agent rooted at the directory `npm start` was run from (or at
 * each `--root DIR`), and prints how to connect MCP clients. Ctrl-C stops both.
 *
 *   npm start                       agent rooted at the current directory
 *   npm start -- --root ~/code/app  agent rooted elsewhere (repeatable)
 *   npm start -- --no-agent         the Worker alone
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { startWranglerDev } from "./wrangler-dev.ts";

const ROOT = path.join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { root: { type: "string", multiple: true }, "no-agent": { type: "boolean" } },
});
const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.EDGECLIP_DEV_STATE ?? path.join(ROOT, ".wrangler", "state");
// npm runs scripts in the package directory; INIT_CWD is where `npm start` was typed.
const roots = values.root ?? [process.env.INIT_CWD ?? process.cwd()];

const server = await startWranglerDev({ port, persistTo }).catch((error: Error) => {
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

const mcp = `${server.url}/mcp`;
console.log(`
  edgeclip is running.

  MCP URL        ${mcp}
  Local agent    ${agent ? `files in ${roots.join(", ")}, and your OS clipboard` : "not started (--no-agent)"}
  Claude Code    claude mcp add --transport http edgeclip ${mcp}
  MCP Inspector  npx @modelcontextprotocol/inspector --transport http --server-url ${mcp}
  Claude.ai      needs a public HTTPS server with sign-in; see README

  State is kept in ${path.relative(process.cwd(), persistTo) || persistTo}. Press Ctrl-C to stop.
`);

let stopping = false;
async function stopAll(code: number): Promise<never> {
  stopping = true;
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
