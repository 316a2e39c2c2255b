import { realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { Hello, PROTOCOL_VERSION } from "../../src/shared/bridge/protocol.ts";
import { agentAdvice, isLoopbackUrl } from "../../src/shared/core/agent-command.ts";
import pkg from "../package.json" with { type: "json" };
import { bridgeUrl, type Command, shortHostname, tidyName } from "./args.ts";
import { BridgeConnection, refusesCredentials, type Stopped } from "./connection.ts";
import { type Credential, readCredential } from "./credentials.ts";
import { handleRequest } from "./handlers.ts";
import { idleCollector } from "./idle-gc.ts";
import { Journal } from "./journal.ts";
import { localCredentialPath, readLocalToken } from "./local-credential.ts";
import { PathLocks } from "./locks.ts";
import { log } from "./log.ts";
import { osClipboard } from "./os-clipboard/index.ts";
import { pairingAdvice } from "./pairing.ts";
import { sandboxFor } from "./paths.ts";
import { ensurePrivateDir } from "./private-dir.ts";
import { checkRoots, type RootChoice } from "./roots.ts";
import { type AgentStatus, stateDir, statusWriter } from "./status.ts";

/** What `connect` was given on the command line. */
export type ConnectOptions = Omit<Extract<Command, { command: "connect" }>, "command">;

/**
 * `edgeclip-agent connect`: settles what an earlier run's journal left, then
 * keeps a connection to the server (with this machine's token for it, if
 * `edgeclip-agent login` paired them) until refused, replaced, turned down
 * for want of a valid pairing, or stopped (SIGINT/SIGTERM). Returns the exit
 * code.
 */
export async function connect(options: ConnectOptions): Promise<number> {
  const urls = bridgeUrl(options.url);
  if (!urls) {
    log(`\`${options.url}\` is not a server URL; give one like http://127.0.0.1:8787`);
    return 2;
  }
  const roots: string[] = [];
  const chosen: RootChoice[] = [];
  for (const given of options.roots.length ? options.roots : [undefined]) {
    const root = given ?? process.cwd();
    const real = await realpath(root).catch(() => undefined);
    if (!real || !(await stat(real)).isDirectory()) {
      log(`--root ${root} is not a directory`);
      return 2;
    }
    roots.push(real);
    chosen.push({ given, real });
  }
  // Where a move's check may run the project's own code: a root, or a directory inside one.
  const buildCode: string[] = [];
  for (const given of options.buildCode) {
    const real = await realpath(path.resolve(roots[0] ?? process.cwd(), given)).catch(
      () => undefined,
    );
    if (!real || !roots.some((r) => real === r || real.startsWith(`${r}${path.sep}`))) {
      log(`--allow-build-code ${given} is not one of the roots or a directory inside one`);
      return 2;
    }
    buildCode.push(real);
  }
  const checked = checkRoots(chosen, await realpath(homedir()).catch(() => homedir()));
  if (!checked.ok) {
    log(checked.message);
    return 2;
  }
  for (const warning of checked.warnings) log(warning);
  const first = path.basename(roots[0] ?? "workspace");
  let credential: Credential | undefined;
  let localToken: string | undefined;
  try {
    credential = readCredential(urls.server);
    // The local credential goes to a server on this machine only, never over a network.
    if (!credential && isLoopbackUrl(urls.server)) localToken = readLocalToken();
  } catch (error) {
    log((error as Error).message);
    return 1;
  }
  // A server on this machine with neither a pairing nor the local credential to check it by:
  // whatever holds the port cannot be told from the server, so it is told nothing (issue 34 §8).
  if (!credential && localToken === undefined && isLoopbackUrl(urls.server)) {
    // Which credential it would want says what to do; asking tells it nothing.
    const wants = await refusesCredentials(urls.bridge, undefined);
    log(
      wants === "sign-in"
        ? pairingAdvice("unauthorized", urls.server, false)
        : `${urls.server} is a server on this machine, and there is no local credential in ${localCredentialPath()} (nor a pairing for it) to check that it is yours, so the agent will not serve it: start the server with \`npm start\` as this user (it creates the file), or give the agent the token in EDGECLIP_LOCAL_TOKEN, then start the agent again.`,
    );
    return 1;
  }
  const name = tidyName(options.name ?? `${first}@${shortHostname()}`, "@");
  const project = tidyName(options.project ?? first);
  let state: string;
  try {
    state = ensurePrivateDir(stateDir(), "EDGECLIP_STATE_DIR");
  } catch (error) {
    log((error as Error).message);
    return 1;
  }
  const journal = new Journal(path.join(state, "journal"), urls.server, crashAt(process.env));
  for (const report of await journal.recover(log))
    log(
      `journal: operation #${report.message.context.op} of session ${report.message.context.session} was interrupted; it is ${report.message.outcome === "committed" ? "completed" : "rolled back"}`,
    );

  const clipboard = osClipboard();
  const workspace = {
    sandbox: await sandboxFor(roots, options.deny),
    readOnly: options.readOnly,
    journal,
    locks: new PathLocks(),
    buildCode,
    checkCache: path.join(state, "checks"),
  };
  const hello: Hello = {
    type: "hello",
    protocol: PROTOCOL_VERSION,
    name,
    version: pkg.version,
    project,
    roots,
    read_only: options.readOnly,
    capabilities: ["files", "os_clipboard", "journal"],
    platform: process.platform,
    ...(buildCode.length ? { build_code: buildCode } : {}),
  };
  // The server refuses a hello it cannot show as plain data (a root with a line break, …): say so here.
  const valid = Hello.safeParse(hello);
  if (!valid.success) {
    const issue = valid.error.issues[0];
    log(
      `cannot connect: its ${issue?.path.join(".")} ${issue?.message} (the server shows these to the model as plain data); check --root and --name`,
    );
    return 2;
  }
  const writeStatus = statusWriter(state);
  const status: AgentStatus = {
    pid: process.pid,
    server: urls.server,
    name,
    project,
    roots,
    read_only: options.readOnly,
    state: "connecting",
    since: new Date().toISOString(),
  };
  writeStatus(status);
  log(
    `${name}: project ${project}, roots ${roots.join(", ")}${options.readOnly ? ", read-only" : ""}, OS clipboard: ${clipboard.name}${credential ? `, paired as ${credential.user}` : ""}`,
  );

  const collector = idleCollector();
  const connection = new BridgeConnection({
    url: urls.bridge,
    token: credential?.token,
    localToken,
    hello,
    heartbeatMs: positive(process.env.EDGECLIP_HEARTBEAT_MS),
    serve: async (request) => {
      collector.busy();
      try {
        return await handleRequest({ workspace, clipboard }, request);
      } finally {
        collector.done();
      }
    },
    reports: () => journal.outbox(),
    reported: (id) => journal.reported(id),
    log,
    debug: options.verbose ? log : () => undefined,
    state: (next, detail) => {
      Object.assign(status, {
        state: next,
        since: new Date().toISOString(),
        last_error: detail ?? status.last_error,
      });
      writeStatus(status);
    },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => connection.stop());
  connection.start();
  const stopped: Stopped = await connection.stopped;
  if (stopped.reason === "unproven")
    log(
      `${urls.server} did not prove it holds this machine's local credential where the agent dialled it (${stopped.message}), so the agent told it nothing and stopped: either another program is listening there (it learned nothing: the credential is never sent), or relays to your server from another address or port, or the server was started with another credential (or is older than this agent). Start the server with \`npm start\` as this user (or give the agent its token in EDGECLIP_LOCAL_TOKEN), then start the agent again.`,
    );
  else if (stopped.reason === "unauthorized" && stopped.local)
    log(
      `${urls.server} answered HTTP 401 instead of proving it holds the local credential: it is an edgeclip server older than this agent (run the agent it offers: ${agentAdvice(urls.server, `connect ${urls.server}`)}), or not an edgeclip server.`,
    );
  else if (stopped.reason === "unauthorized" || stopped.reason === "revoked")
    log(pairingAdvice(stopped.reason, urls.server, credential !== undefined));
  return stopped.reason === "stopped" ? 0 : 1;
}

/** A setting's value as a positive number of milliseconds, else undefined (the default). */
function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isFinite(n) && n >= 100 ? n : undefined;
}

/**
 * Fault injection for the end-to-end tests (docs/journal.md): with
 * `EDGECLIP_TEST_CRASH_AT=<step>` the agent kills itself (SIGKILL: no
 * clean-up, as a power cut) when a commit reaches that step, so a test can
 * stop it exactly between the commit point and the renames.
 */
function crashAt(env: NodeJS.ProcessEnv): ((step: string) => void) | undefined {
  const at = env.EDGECLIP_TEST_CRASH_AT;
  if (!at) return undefined;
  return (step) => {
    if (step !== at) return;
    process.kill(process.pid, "SIGKILL");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000); // nothing runs after it
  };
}
