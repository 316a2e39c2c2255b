import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { localCredentialText, newLocalToken } from "../local-agent/src/local-credential.ts";
import { proveLocalServer } from "../local-agent/src/server-proof.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * wrangler waits on the network at start and exit unless these are set, and
 * this machine (like many CI boxes) has none.
 */
export const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  if (port === undefined) throw new Error("no port");
  return port;
}

/**
 * Where ports are chosen: below the ephemeral range (Linux's starts at 32768,
 * macOS's and Windows' at 49152), so that no outgoing connection on a busy
 * machine — and a test run makes thousands — takes one between its choice and
 * wrangler's bind. (Port 0 hands out an ephemeral port, which is exactly what
 * happened: `Address already in use` under load.)
 */
const PORTS = { min: 20_000, max: 32_000 };

/** Binds `port` on 127.0.0.1: the server holding it, or undefined when it is taken. */
function hold(port: number): Promise<ReturnType<typeof createServer> | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/**
 * `count` distinct TCP ports nobody listens on right now, chosen at random
 * below the ephemeral range and each checked by binding it (all held until
 * every one is found). What binds them next may still lose one to another
 * program: `startWranglerDev` starts again on another port when it does.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: ReturnType<typeof createServer>[] = [];
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 1_000) throw new Error("no free port below the ephemeral range");
    const port = PORTS.min + Math.floor(Math.random() * (PORTS.max - PORTS.min));
    if (ports.includes(port)) continue;
    const server = await hold(port);
    if (!server) continue;
    held.push(server);
    ports.push(port);
  }
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Whether a wrangler that failed to start lost its port to another program. */
export const lostItsPort = (error: unknown) =>
  /EADDRINUSE|Address already in use|address already in use/.test(String(error));

export interface DevServer {
  url: string;
  process: ChildProcess;
  /** The local credential it was given (`localToken`), if any. */
  token: string | undefined;
  /** This run of a local server (`EDGECLIP_LOCAL_BOOT`): its dashboard's host and key come from it. */
  boot: string | undefined;
  /** SIGTERM (a graceful stop, SIGKILL after 5 s), or `"SIGKILL"` at once where its state is thrown away. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/** A `wrangler dev` launched but maybe not answering yet: `ready` settles when it does (or never will). */
export interface LaunchedServer extends DevServer {
  ready: Promise<void>;
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port` and resolves once it answers (a
 * local server: once it proves its credential there);
 * on another free port when another program took that one first (twice at
 * most; not with `anotherPort: false`, for a port the user chose): the
 * server's `url` says where. See `launchWranglerDev` for the options.
 */
export async function startWranglerDev(
  options: Parameters<typeof launchWranglerDev>[0],
  { anotherPort = true }: { anotherPort?: boolean } = {},
): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    const server = launchWranglerDev(options);
    try {
      await server.ready;
      return server;
    } catch (error) {
      // Another program bound the port between its choice and wrangler's bind: another port.
      if (!anotherPort || !lostItsPort(error) || attempt === 3) throw error;
      options = { ...options, port: await freePort() };
    }
  }
}

/**
 * Launches the Worker as `wrangler dev` would, on 127.0.0.1:`port`, through
 * scripts/local-worker.ts (wrangler's own API, without the doors its command
 * line opens to other accounts: no inspector unless asked for, no debug port,
 * no local explorer, private state), and returns at once; `ready`
 * resolves once it answers (a local server: by proving its credential, never
 * by a 200), or rejects with wrangler's output (the
 * server stopped) if it exits or does not answer within 60 s. Test setups
 * launch their servers this way so they boot side by side, and their tests
 * wait for `ready` (test/support/servers-ready.ts).
 * Secrets never go on the command line (another user on the machine can read
 * it): they travel in env files (`--env-file`, dotenv; later files win).
 */
export function launchWranglerDev(options: {
  port: number;
  persistTo: string;
  /**
   * Nothing on this process's stderr, and wrangler logs only warnings and errors: at its
   * default level it logs every request, which costs ~4 ms of CPU per request between its
   * node and workerd processes (2,000 requests: 24 s of CPU at info, 17 s at warn).
   */
  quiet?: boolean;
  /** Vars for the Worker (`--var NAME:VALUE`), e.g. `EDGECLIP_REQUIRE_SIGN_IN`. No secrets here. */
  vars?: Record<string, string>;
  /** Env files for the Worker (`--env-file`), e.g. the local credential's local.env. */
  envFiles?: string[];
  /** The local credential, written to a private temporary env file (0600 in a 0700 directory) the server reads: never the config directory's path, which could lead elsewhere by then. */
  localToken?: string;
  /**
   * `false` for a server whose Worker source never changes while it runs (tests, benches):
   * once it answers, its bundler is paused. wrangler keeps esbuild running to rebuild on a
   * change, and esbuild polls the source and pings wrangler every second: ~1.6 % of a core
   * per idle server, which the test suite's six servers pay for its whole run.
   */
  rebuilds?: boolean;
  /**
   * A DevTools inspector on this port, for a developer who asks for one (`npm start --
   * --inspect`). Off when left out: any account on the machine can attach to it, read the
   * Worker's env (the local credential) and run code in it (scripts/local-worker.ts).
   */
  inspectorPort?: number;
}): LaunchedServer {
  const url = `http://127.0.0.1:${options.port}`;
  const envFiles = [...(options.envFiles ?? [])];
  let secrets: string | undefined;
  // A new run each launch: the dashboard's host, key and cookie of an earlier one die with it.
  const boot = options.localToken === undefined ? undefined : randomBytes(16).toString("hex");
  if (options.localToken !== undefined) {
    secrets = mkdtempSync(join(tmpdir(), "edgeclip-dev-secrets-"));
    const file = join(secrets, "local.env");
    writeFileSync(file, `${localCredentialText(options.localToken)}EDGECLIP_LOCAL_BOOT=${boot}\n`, {
      mode: 0o600,
    });
    envFiles.push(file);
  }
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "scripts", "local-worker.ts"),
      "--port",
      String(options.port),
      "--persist-to",
      options.persistTo,
      ...(options.quiet ? ["--log-level", "warn"] : []),
      ...(options.inspectorPort ? ["--inspector-port", String(options.inspectorPort)] : []),
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => [
        "--var",
        `${name}:${value}`,
      ]),
      ...envFiles.flatMap((file) => ["--env-file", file]),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...WRANGLER_ENV },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: scripts/local-worker.ts runs workerd and esbuild; `stop`
      // signals the whole group, so none of them outlives the server.
      detached: process.platform !== "win32",
    },
  );
  const signalAll = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  // Whatever way this process ends (a test run's teardown cut short too), the server goes with it.
  const onExit = () => signalAll("SIGKILL");
  process.once("exit", onExit);
  let output = "";
  const collect = (data: Buffer) => {
    output += data.toString();
    if (!options.quiet) process.stderr.write(data);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let paused: number[] = [];
  const stop = async (signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => {
    if (secrets) rmSync(secrets, { recursive: true, force: true });
    for (const pid of paused) signalPid(pid, "SIGCONT"); // so wrangler can dispose of it
    paused = [];
    process.removeListener("exit", onExit);
    if (child.exitCode !== null || child.signalCode !== null) {
      signalAll("SIGKILL"); // what it started, if anything is left
      return;
    }
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signalAll(signal);
    const timer = setTimeout(() => signalAll("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
    signalAll("SIGKILL");
  };
  /**
   * Whether the server answers: a local server by proving it holds its
   * credential at 127.0.0.1:port, as its agents will ask it to (another
   * program on the port can answer /health 200 too, and 0.8's `npm start`
   * printed its banner, link and bearer when one did: issue 42 §5); a server
   * with sign-in by /health. Not forever: whatever holds the port may accept
   * and never answer.
   */
  const answers = async () =>
    options.localToken === undefined
      ? (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).ok
      : (await proveLocalServer(`${url}/bridge`, options.localToken, "bridge")).ok;
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`);
      // wrangler says so and stays up, serving nothing: stop it, and say why.
      if (lostItsPort(output)) {
        await stop();
        throw new Error(`wrangler dev could not bind ${url}:\n${output}`);
      }
      try {
        if (await answers()) {
          if (options.rebuilds === false && child.pid !== undefined) {
            paused = groupProcesses(child.pid, "esbuild");
            for (const pid of paused) signalPid(pid, "SIGSTOP");
          }
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await stop();
    throw new Error(`wrangler dev did not answer on ${url} within 60 s:\n${output}`);
  })();
  return { url, process: child, token: options.localToken, boot, stop, ready };
}

/** The processes of process group `group` named `name` (Linux's /proc; none elsewhere). */
function groupProcesses(group: number, name: string): number[] {
  if (process.platform !== "linux") return [];
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid pgrp …: comm may hold spaces, so fields count from its ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp === group && comm === name) found.push(Number(entry));
    } catch {
      // it exited meanwhile
    }
  }
  return found;
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** `wrangler dev` as `npm start` runs it: a local server, here with a fresh local credential (tests, benches). */
export function startLocalDev(
  options: Omit<Parameters<typeof launchWranglerDev>[0], "localToken">,
): Promise<DevServer> {
  return startWranglerDev({ ...options, localToken: newLocalToken() });
}

/** `startLocalDev`, returning at once (see `launchWranglerDev`). */
export function launchLocalDev(
  options: Omit<Parameters<typeof launchWranglerDev>[0], "localToken">,
): LaunchedServer {
  return launchWranglerDev({ ...options, localToken: newLocalToken() });
}

/** The header that carries a server's local credential (none for a server without one). */
export function credentialHeaders(server: DevServer): Record<string, string> {
  return server.token ? { authorization: `Bearer ${server.token}` } : {};
}
