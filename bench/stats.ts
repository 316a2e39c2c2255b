import { readFileSync } from "node:fs";

/** Latency percentiles and closed-loop throughput, for bench/mcp.ts; process memory. */

export interface Latency {
  /** Timed calls that succeeded. */
  n: number;
  medianMs: number;
  p99Ms: number;
}

export interface Throughput {
  workers: number;
  completed: number;
  seconds: number;
  perSecond: number;
}

const errors: string[] = [];

/** Every failed operation inside measure() or throughput() lands here. */
export function recordError(error: unknown): void {
  errors.push(error instanceof Error ? error.message : String(error));
}

export function errorLog(): readonly string[] {
  return errors;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Runs `op` once, returning its duration in ms, or undefined (recorded) if it failed. */
async function timed(op: () => Promise<void>): Promise<number | undefined> {
  const start = performance.now();
  try {
    await op();
    return performance.now() - start;
  } catch (error) {
    recordError(error);
    return undefined;
  }
}

/**
 * Sequential latency: `warmup` untimed calls, then up to `count` timed ones,
 * stopping early once `maxMs` have passed.
 */
export async function measure(
  op: () => Promise<void>,
  options: { count: number; warmup: number; maxMs: number },
): Promise<Latency> {
  for (let i = 0; i < options.warmup; i++) await timed(op);
  const samples: number[] = [];
  const deadline = performance.now() + options.maxMs;
  for (let i = 0; i < options.count && performance.now() < deadline; i++) {
    const ms = await timed(op);
    if (ms !== undefined) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return {
    n: samples.length,
    medianMs: percentile(samples, 0.5),
    p99Ms: percentile(samples, 0.99),
  };
}

/**
 * Closed-loop throughput: each worker warms up once, then all call their `op`
 * back to back until `durationMs` have passed or `maxCount` calls were started.
 * The clock runs until the last in-flight call returns.
 */
export async function throughput(
  workers: readonly (() => Promise<void>)[],
  options: { durationMs: number; maxCount: number },
): Promise<Throughput> {
  await Promise.all(workers.map((op) => timed(op)));
  let started = 0;
  let completed = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;
  const loop = async (op: () => Promise<void>) => {
    while (started < options.maxCount && performance.now() < deadline) {
      started++;
      if ((await timed(op)) !== undefined) completed++;
    }
  };
  await Promise.all(workers.map(loop));
  const seconds = (performance.now() - start) / 1000;
  return { workers: workers.length, completed, seconds, perSecond: completed / seconds };
}

/** Resident memory of `pid` in MB (Linux /proc), or NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The highest RSS of `pid` while `task` runs, sampled every 5 ms. */
export async function peakRss<T>(
  pid: number | undefined,
  task: () => Promise<T>,
): Promise<{ value: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 5);
  try {
    return { value: await task(), peakMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}
