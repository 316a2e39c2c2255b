import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, lostItsPort } from "../../scripts/wrangler-dev.ts";

const repo = path.join(import.meta.dirname, "..", "..");

export interface NpmStart {
  child: ChildProcess;
  port: number;
  /** What it printed so far. */
  stdout: () => string;
  stderr: () => string;
  /** Its state directory (`EDGECLIP_DEV_STATE`). */
  state: string;
  /** Ctrl-C, and waits for it to exit. */
  stop: () => Promise<void>;
}

/**
 * `npm start` as a user runs it (scripts/dev.ts, on this Node), with `args`,
 * on a free port (or `port`), a fresh state directory (unless `env` names one)
 * and `env` added: resolves once it printed its banner (or exited). Another
 * program may bind the chosen port before the server does (a busy machine):
 * then it starts again on another, unless the port was given.
 */
export async function npmStart(
  args: string[],
  env: Record<string, string>,
  given?: number,
): Promise<NpmStart> {
  const state = env.EDGECLIP_DEV_STATE ?? mkdtempSync(path.join(tmpdir(), "edgeclip-dev-state-"));
  for (let attempt = 1; ; attempt++) {
    const port = given ?? (await freePort());
    let stdout = "";
    let stderr = "";
    const child = spawn(process.execPath, [path.join(repo, "scripts", "dev.ts"), ...args], {
      cwd: repo,
      env: { ...process.env, PORT: String(port), EDGECLIP_DEV_STATE: state, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    // A guard against a hang, not a speed test: on 2 busy cores wrangler alone can take 20 s to boot.
    for (let i = 0; i < 900 && !stdout.includes("Press Ctrl-C") && child.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 100));
    if (
      child.exitCode === null ||
      given !== undefined ||
      !lostItsPort(stdout + stderr) ||
      attempt === 3
    )
      return {
        child,
        port,
        stdout: () => stdout,
        stderr: () => stderr,
        state,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGINT");
          await exited;
        },
      };
  }
}
