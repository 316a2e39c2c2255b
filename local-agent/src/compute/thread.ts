import { Worker } from "node:worker_threads";
import type { JobName, Jobs } from "./jobs.ts";

/**
 * One worker thread for the agent's CPU-heavy, pure work (jobs.ts), so that a
 * long selection or parse never stalls the requests behind it: the main
 * thread keeps reading and writing files, answering the edge and sending
 * heartbeats while the worker computes. (A tree-sitter parse is one
 * synchronous WebAssembly call — 0.6 s for 1 MiB of TypeScript here, 5 s for
 * 10 MiB — so it cannot be time-sliced on the main thread; a thread can also
 * be stopped, and with it all the memory the parse grew.) File locks, the
 * journal and writes stay on the main thread.
 *
 * Started on first use (an agent that never selects or guards never pays
 * for it), stopped after IDLE_MS without work, or as soon as it is idle after
 * a large job (WebAssembly memory only grows: a 10 MiB parse leaves 400 MB
 * behind in the thread until it stops). Measured from the bundle: starting
 * it, loading tree-sitter and a grammar and parsing a line take ~0.3 s, and
 * it holds ~55 MB once it has parsed; 30 s keeps it for a working session's
 * calls and gives the memory back soon after. It never keeps the process
 * alive when idle.
 *
 * The thread's script is worker.ts: in the packed agent its own bundle,
 * edgeclip-compute.js beside edgeclip-agent.js (scripts/build-agent.ts), so
 * neither thread loads the other's code (the parsers stay out of the main
 * thread; the connection, journal and wire schemas out of the worker); run
 * from source, worker.ts itself.
 */
export const IDLE_MS = 30_000;

/** Where the thread's script is: beside the bundle, or beside this file in the source. */
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./worker.ts" : "./edgeclip-compute.js",
  import.meta.url,
);

export interface Job {
  id: number;
  name: JobName;
  args: unknown[];
}
export type Done =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string };

export class ComputeThread {
  /** How many threads were started (tests, the bench). */
  starts = 0;
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private ids = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private releaseSoon = false;
  private readonly idleMs: number;

  constructor(options: { idleMs?: number } = {}) {
    this.idleMs = options.idleMs ?? IDLE_MS;
  }

  /** Runs job `name` in the thread. `release`: stop the thread as soon as it is idle after it. */
  run<N extends JobName>(
    name: N,
    args: Parameters<Jobs[N]>,
    options: { release?: boolean } = {},
  ): Promise<Awaited<ReturnType<Jobs[N]>>> {
    const worker = this.ensure();
    clearTimeout(this.idleTimer);
    if (options.release) this.releaseSoon = true;
    const id = ++this.ids;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, name, args } satisfies Job);
    });
  }

  /** Whether a thread is running now. */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Stops the thread now; jobs in flight fail. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.lost(worker, "it was stopped");
    await worker.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL);
    worker.on("message", (done: Done) => {
      const waiting = this.pending.get(done.id);
      if (!waiting) return;
      this.pending.delete(done.id);
      if (done.ok) waiting.resolve(done.value);
      else waiting.reject(new Error(done.message));
      if (this.pending.size === 0) this.idle(worker);
    });
    worker.on("error", (error) => this.lost(worker, error.message));
    worker.on("exit", (code) => this.lost(worker, `it exited (${code})`));
    this.worker = worker;
    this.starts++;
    return worker;
  }

  /** Nothing in flight: let the process exit without it, and stop it later (or now, after a large job). */
  private idle(worker: Worker): void {
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stop(), this.releaseSoon ? 0 : this.idleMs);
    this.idleTimer.unref();
  }

  private lost(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.releaseSoon = false;
    clearTimeout(this.idleTimer);
    for (const waiting of this.pending.values())
      waiting.reject(new Error(`the agent's compute thread stopped: ${why}`));
    this.pending.clear();
  }
}
