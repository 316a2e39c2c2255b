import { Worker } from "node:worker_threads";
import { TooComplex } from "../syntax/formats/format.ts";
import type { JobName, Jobs } from "./jobs.ts";

/**
 * A worker thread for the agent's CPU-heavy, pure work (jobs.ts), so that a
 * long selection or parse never stalls the requests behind it: the main
 * thread keeps reading and writing files, answering the edge and sending
 * heartbeats while the worker computes. (A tree-sitter parse is one
 * synchronous WebAssembly call — 0.6 s for 1 MiB of TypeScript here, 5 s for
 * 10 MiB — so it cannot be time-sliced on the main thread; a thread can also
 * be stopped, and with it all the memory the parse grew.) File locks, the
 * journal and writes stay on the main thread. offload.ts keeps two, one for
 * small texts and one for large, so a small call never waits behind a slow one.
 *
 * Jobs run one at a time, in order. Each has `deadlineMs` (8 s) of the
 * thread's CPU time (where Node can tell it, `worker.cpuUsage`, 22.19 and
 * later; else of wall time), and never more than WALL_MS of wall time; the
 * thread has a JavaScript heap of `heapMb` (384 MB). A job past any is
 * refused with TooComplex (the thread is stopped, which frees all it held,
 * and the jobs behind it go on in a new one), so no file, however hostile,
 * holds the agent's CPU or memory for long. CPU time, not wall time: on a
 * busy machine (the thread runs at nice 5) a fair parse is slow, not hostile.
 *
 * Started on first use (an agent that never selects or guards never pays
 * for it), stopped after IDLE_MS without work, or as soon as it is idle after
 * a large job (WebAssembly memory only grows: a 10 MiB parse leaves 400 MB
 * behind in the thread until it stops). Measured from the bundle: starting
 * it, loading tree-sitter and a grammar and parsing a line take ~0.3 s, and
 * it holds ~50 MB once it has parsed. A model's calls in one task come tens
 * of seconds apart (each is a turn of writing and reading, often a test run
 * between): 120 s keeps the thread for them, where 30 s started it afresh
 * for most, and a thread started afresh runs its first jobs cold (measured
 * on rich's 24 bench moves through wrangler dev: a median move of 0.56 s with
 * the thread kept, 1.19 s with 32 s between calls). Two idle minutes later
 * the memory is given back. It never keeps the process alive when idle.
 *
 * The thread's script is worker.ts: in the packed agent its own bundle,
 * edgeclip-compute.js beside edgeclip-agent.js (scripts/build-agent.ts), so
 * neither thread loads the other's code (the parsers stay out of the main
 * thread; the connection, journal and wire schemas out of the worker); run
 * from source, worker.ts itself.
 */
export const IDLE_MS = 120_000;
export const DEADLINE_MS = 8_000;
/** Under the edge's 30 s wait for the agent: past it, nobody waits for the answer. */
export const WALL_MS = 25_000;
/** How often a running job's CPU time is looked at. */
const TICK_MS = 250;
export const HEAP_MB = 384;

/**
 * The thread's CPU time so far, where Node can tell it (22.19 and later;
 * undefined before): zero for a thread still starting (not yet running).
 */
function cpuOf(worker: Worker): Promise<NodeJS.CpuUsage | undefined> {
  const usage = (worker as { cpuUsage?: () => Promise<NodeJS.CpuUsage> }).cpuUsage;
  if (!usage) return Promise.resolve(undefined);
  return usage.call(worker).catch(() => ({ user: 0, system: 0 }));
}

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
  | { id: number; ok: false; message: string; tooComplex?: boolean };

interface Queued extends Job {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

export class ComputeThread {
  /** How many threads were started (tests, the bench). */
  starts = 0;
  private worker: Worker | undefined;
  private readonly queue: Queued[] = [];
  private current: { job: Queued; timer: ReturnType<typeof setInterval> } | undefined;
  private ids = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private releaseSoon = false;
  private readonly idleMs: number;
  private readonly deadlineMs: number;
  private readonly heapMb: number;

  constructor(options: { idleMs?: number; deadlineMs?: number; heapMb?: number } = {}) {
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.deadlineMs = options.deadlineMs ?? DEADLINE_MS;
    this.heapMb = options.heapMb ?? HEAP_MB;
  }

  /** Runs job `name` in the thread. `release`: stop the thread as soon as it is idle after it. */
  run<N extends JobName>(
    name: N,
    args: Parameters<Jobs[N]>,
    options: { release?: boolean } = {},
  ): Promise<Awaited<ReturnType<Jobs[N]>>> {
    clearTimeout(this.idleTimer);
    if (options.release) this.releaseSoon = true;
    const id = ++this.ids;
    return new Promise((resolve, reject) => {
      this.queue.push({ id, name, args, resolve: resolve as (v: unknown) => void, reject });
      this.next();
    });
  }

  /** Whether a thread is running now. */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Whether a job is running or waiting. */
  get busy(): boolean {
    return this.current !== undefined || this.queue.length > 0;
  }

  /** Stops the thread now; jobs in flight or waiting fail. */
  async stop(): Promise<void> {
    for (const job of this.queue.splice(0))
      job.reject(new Error("the agent's compute thread stopped: it was stopped"));
    const worker = this.worker;
    if (!worker) return;
    this.lost(worker, new Error("the agent's compute thread stopped: it was stopped"));
    await worker.terminate();
  }

  /** Sends the next job to the thread, when none is running. */
  private next(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) {
      if (this.worker) this.idle(this.worker);
      return;
    }
    const worker = this.ensure();
    const began = performance.now();
    const cpu = cpuOf(worker);
    const timer = setInterval(
      async () => {
        const wall = performance.now() - began;
        const [before, now] = await Promise.all([cpu, cpuOf(worker)]);
        const used =
          before && now ? (now.user + now.system - before.user - before.system) / 1000 : wall;
        // (A thread still starting has used no CPU time yet: cpuOf answers zero for it.)
        if (this.current?.job !== job || (used <= this.deadlineMs && wall <= WALL_MS)) return;
        this.lost(
          worker,
          new TooComplex(
            `parsing it for its structure took longer than the agent allows (${this.deadlineMs / 1000} s)${used > this.deadlineMs ? "" : " on this busy machine"}; read it by lines or anchors`,
          ),
        );
        void worker.terminate();
      },
      Math.min(TICK_MS, this.deadlineMs),
    );
    this.current = { job, timer };
    worker.ref();
    worker.postMessage({ id: job.id, name: job.name, args: job.args } satisfies Job);
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    worker.on("message", (done: Done) => {
      const current = this.current;
      if (!current || current.job.id !== done.id) return;
      clearInterval(current.timer);
      this.current = undefined;
      if (done.ok) current.job.resolve(done.value);
      else
        current.job.reject(
          done.tooComplex ? new TooComplex(done.message) : new Error(done.message),
        );
      this.next();
    });
    worker.on("error", (error) =>
      this.lost(
        worker,
        (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new TooComplex(
              `parsing it for its structure needed more memory than the agent allows (${this.heapMb} MB); read it by lines or anchors`,
            )
          : new Error(`the agent's compute thread stopped: ${error.message}`),
      ),
    );
    worker.on("exit", (code) =>
      this.lost(worker, new Error(`the agent's compute thread stopped: it exited (${code})`)),
    );
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

  /** The thread is gone: its job fails with `why`; the jobs waiting go on in a new one. */
  private lost(worker: Worker, why: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.releaseSoon = false;
    clearTimeout(this.idleTimer);
    const current = this.current;
    this.current = undefined;
    if (current) {
      clearInterval(current.timer);
      current.job.reject(why);
    }
    this.next();
  }
}
