import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

/** A temporary project directory holding `files` (path → content). */
export function tempProject(files: Record<string, string | Uint8Array> = {}): string {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-project-")));
  for (const [name, content] of Object.entries(files)) writeFile(root, name, content);
  return root;
}

export function writeFile(root: string, name: string, content: string | Uint8Array): void {
  const file = path.join(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Files under `root` named like edgeclip's temporary files. */
export function tempFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    f.includes(".edgeclip-"),
  );
}

export interface AgentOptions {
  root: string;
  name: string;
  project?: string;
  readOnly?: boolean;
  deny?: string[];
  /** Its state directory (journal): keep it across restarts to test recovery. */
  state?: string;
  /** Run this build of the agent instead of local-agent/dist (the packed tarball's, say). */
  bin?: string[];
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
}

/** Starts `edgeclip-agent connect` for the test server and waits until it is connected. */
export async function startAgent(options: AgentOptions): Promise<AgentProcess> {
  const state = options.state ?? mkdtempSync(path.join(tmpdir(), "edgeclip-agent-state-"));
  const command = options.bin ?? [process.execPath, inject("agentBin")];
  const args = ["connect", inject("baseUrl"), "--root", options.root, "--name", options.name];
  if (options.project) args.push("--project", options.project);
  if (options.readOnly) args.push("--read-only");
  for (const glob of options.deny ?? []) args.push("--deny", glob);
  const display = inject("display");
  const child = spawn(command[0] ?? "", [...command.slice(1), ...args], {
    env: {
      ...process.env,
      EDGECLIP_STATE_DIR: state,
      ...(display ? { DISPLAY: display } : {}),
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
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
  const agent: AgentProcess = {
    name: options.name,
    state,
    child,
    log: () => stderr,
    waitFor,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
  try {
    await waitFor(`as ${options.name}`);
  } catch (error) {
    await agent.stop("SIGKILL");
    throw error;
  }
  return agent;
}
