import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { idleCollector } from "../idle-gc.ts";
import { TooComplex } from "../syntax/formats/format.ts";
import { JOBS } from "./jobs.ts";
import type { Done, Job } from "./thread.ts";

/**
 * The compute thread's script (thread.ts): serves jobs until stopped. On
 * Linux the thread first lowers its own priority (nice 5: a thread's nice
 * value is its own there, not the process's), so a long parse yields the CPU
 * to the agent's main thread (three times its weight) and to the rest of the
 * machine; elsewhere that call would slow the whole agent. Not nice 10: on a
 * machine kept busy by two processes at nice 0, that left the thread a tenth
 * of a core, and a 1 MiB focus the model waits for took over 25 s. Its heap is collected once it is idle, as
 * the main thread's is (idle-gc.ts): a parse leaves its trees and tokens
 * behind as garbage.
 */
function serve(port: NonNullable<typeof parentPort>): void {
  if (process.platform === "linux") {
    try {
      setPriority(0, 5);
    } catch {
      // Not allowed (a container's seccomp profile): run at the same priority.
    }
  }
  const collector = idleCollector();
  port.on("message", async (job: Job) => {
    collector.busy();
    try {
      const run = JOBS[job.name] as (...args: unknown[]) => unknown;
      port.postMessage({ id: job.id, ok: true, value: await run(...job.args) } satisfies Done);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const tooComplex = error instanceof TooComplex;
      port.postMessage({ id: job.id, ok: false, message, tooComplex } satisfies Done);
    } finally {
      collector.done();
    }
  });
}

if (parentPort) serve(parentPort);
