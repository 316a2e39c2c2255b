import { spawn } from "node:child_process";

/**
 * A checker's command (go vet, gofmt, python3 -m pyflakes…) run to its end or
 * its deadline: never a shell, stdout and stderr together up to a cap, the
 * process group killed when time runs out, and nothing of it reaching the
 * network (the callers' environments say so: GOPROXY=off, --offline).
 */

export type ToolRun =
  | { ok: true; code: number | null; output: string }
  | { ok: false; why: "missing" | "deadline" | "failed"; message: string };

/** The most output kept: diagnostics, not content. */
const MAX_OUTPUT = 4 * 1024 * 1024;

export function runTool(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; deadline: number; input?: string },
): Promise<ToolRun> {
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
