import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * A checker's command (go vet, gofmt, python3 -m pyflakes…) run to its end or
 * its deadline: never a shell, stdout and stderr together up to a cap, the
 * process group killed when time runs out or its memory passes MEMORY_CAP,
 * and nothing of it reaching the network (the callers' environments say so:
 * GOPROXY=off, --offline).
 */

/** The most resident memory a checker's processes may hold together (Linux; unchecked elsewhere). */
export const MEMORY_CAP = 2 * 1024 * 1024 * 1024;

/**
 * The resident memory of the processes whose group is `pgid`, or of `pid`
 * alone (`group: false`), from /proc; 0 where there is no /proc.
 */
export function residentBytes(pid: number, group = true): number {
  if (process.platform !== "linux") return 0;
  const rss = (p: string) => {
    try {
      const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1];
      return Number(kib ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  if (!group) return rss(String(pid));
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp …: comm may hold spaces, so fields count from its ")".
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === pid) total += rss(entry);
    } catch {
      // it exited meanwhile
    }
  }
  return total;
}

export type ToolRun =
  | { ok: true; code: number | null; output: string }
  | { ok: false; why: "missing" | "deadline" | "memory" | "failed"; message: string };

/** The most output kept: diagnostics, not content. */
const MAX_OUTPUT = 4 * 1024 * 1024;

export function runTool(
  command: string,
  args: readonly string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    deadline: number;
    input?: string;
    /** Bytes of resident memory the process group may hold (default MEMORY_CAP). */
    memoryCap?: number;
  },
): Promise<ToolRun> {
  const cap = options.memoryCap ?? MEMORY_CAP;
  return new Promise((resolve) => {
    const left = options.deadline - Date.now();
    if (left <= 0) {
      resolve({ ok: false, why: "deadline", message: `${command} had no time left` });
      return;
    }
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        detached: process.platform !== "win32",
      });
    } catch (error) {
      resolve({ ok: false, why: "failed", message: (error as Error).message });
      return;
    }
    let output = "";
    let settled = false;
    const finish = (result: ToolRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      resolve(result);
    };
    const kill = () => {
      try {
        if (child.pid !== undefined && process.platform !== "win32")
          process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // gone
      }
    };
    const timer = setTimeout(() => {
      kill();
      finish({ ok: false, why: "deadline", message: `${command} ran past its deadline` });
    }, left);
    const watch = setInterval(() => {
      if (child.pid === undefined || residentBytes(child.pid) <= cap) return;
      kill();
      finish({
        ok: false,
        why: "memory",
        message: `${command} passed its memory cap (${Math.round(cap / 2 ** 20)} MiB)`,
      });
    }, 200);
    const take = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString("utf8");
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.on("error", (error: NodeJS.ErrnoException) =>
      finish(
        error.code === "ENOENT"
          ? { ok: false, why: "missing", message: `no ${command} on PATH` }
          : { ok: false, why: "failed", message: `${command}: ${error.message}` },
      ),
    );
    child.on("close", (code) => finish({ ok: true, code, output: output.slice(0, MAX_OUTPUT) }));
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}
