import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localCredentialText } from "../local-agent/src/local-credential.ts";

export interface AgentOptions {
  /** The server's base URL. */
  server: string;
  /** How to run the agent: a command and its first arguments (e.g. node and the bundle). */
  bin: string[];
  root: string;
  name: string;
  project?: string;
  readOnly?: boolean;
  deny?: string[];
  /** Roots where its build checks may run the project's code (`--allow-build-code`). */
  buildCode?: string[];
  /** Its state directory (journal): keep it across restarts to test recovery. */
  state?: string;
  /**
   * The server's local credential, written to the agent's own config directory
   * (local.env, 0600) for it to read as it would `npm start`'s; `null`: none.
   */
  localToken?: string | null;
  env?: NodeJS.ProcessEnv;
}

export interface AgentProcess {
  name: string;
  state: string;
  child: ChildProcess;
  /** Everything it wrote on stderr so far. */
  log(): string;
  /** Resolves when stderr shows `pattern`, or fails after `ms`. */
  waitFor(pattern: string | RegExp, ms?: number): Promise<void>;
  /** Stops it (SIGTERM, or `signal`) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /**
   * Its exit code once it exits (`null`: killed by a signal). Listened for from
   * its start: an `exit` listener added later misses an exit that came first.
   */
  exited: Promise<number | null>;
}

/**
 * Starts `edgeclip-agent connect` and waits until it is connected. Shared by
 * the end-to-end tests (test/e2e-agent) and the bench.
 */
export async function startAgentProcess(options: AgentOptions): Promise<AgentProcess> {
  const state = options.state ?? mkdtempSync(path.join(tmpdir(), "edgeclip-agent-state-"));
  if (options.localToken)
    writeFileSync(path.join(state, "local.env"), localCredentialText(options.localToken), {
      mode: 0o600,
    });
  const args = ["connect", options.server, "--root", options.root, "--name", options.name];
  if (options.project) args.push("--project", options.project);
  if (options.readOnly) args.push("--read-only");
  for (const glob of options.deny ?? []) args.push("--deny", glob);
  for (const dir of options.buildCode ?? []) args.push("--allow-build-code", dir);
  const [command = "", ...first] = options.bin;
  const child = spawn(command, [...first, ...args], {
    // Its own config directory (pairing tokens) unless given one: never the machine's.
    env: { ...process.env, EDGECLIP_STATE_DIR: state, EDGECLIP_CONFIG_DIR: state, ...options.env },
    stdio: ["ignore", "ignore", "pipe"],
    // Its own process group: a wrapper (`npx …/agent.tgz`) does not pass signals on, so `stop`
    // signals the whole group, the agent under the wrapper included.
    detached: process.platform !== "win32",
  });
  let stderr = "";
  const waiters = new Set<() => void>();
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of waiters) check();
  });
  const waitFor = (pattern: string | RegExp, ms = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () =>
        typeof pattern === "string" ? stderr.includes(pattern) : pattern.test(stderr);
      const check = () => {
        if (!matches()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `edgeclip-agent ${options.name} did not log ${pattern} within ${ms} ms:\n${stderr}`,
          ),
        );
      }, ms);
      waiters.add(check);
      check();
    });
  const exitCode = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const agent: AgentProcess = {
    name: options.name,
    state,
    child,
    exited: exitCode,
    log: () => stderr,
    waitFor,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        if (child.pid !== undefined && process.platform !== "win32")
          process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        child.kill(signal);
      }
      await exited;
    },
  };
  try {
    // Connected, or gone for good (refused, unpaired): whichever comes first.
    const exited = new Promise<never>((_, reject) =>
      child.once("exit", (code) =>
        reject(
          new Error(
            `edgeclip-agent ${options.name} exited (${code}) before connecting:\n${stderr}`,
          ),
        ),
      ),
    );
    exited.catch(() => undefined);
    await Promise.race([waitFor(`as ${options.name}`), exited]);
  } catch (error) {
    await agent.stop("SIGKILL");
    throw error;
  }
  return agent;
}
