/** The table and the target checks that bench/mcp.ts prints. */
import type { Latency, Throughput } from "./stats.ts";

export interface Result {
  label: string;
  latency: Latency;
  /** Throughput with one worker, and with several (one session each). */
  one: Throughput;
  many: Throughput;
  /** Held to the small-call targets (latency and throughput relative to the floor). */
  small?: boolean;
  /** Held to an absolute median latency. */
  maxMedianMs?: number;
}

/** Targets, relative to the floor. */
const SMALL_MEDIAN_MAX_RATIO = 2;
const MANY_THROUGHPUT_MIN_SHARE = 0.7;
/** Floor drift over a run beyond which the ratios are flagged as noisy. */
const MAX_DRIFT = 0.25;

export const ms = (value: number) =>
  Number.isNaN(value) ? "n/a" : `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
const rate = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} req/s`;
const times = (value: number) => `${value.toFixed(1)}×`;
const percent = (value: number) => `${Math.round(value * 100)}%`;

export function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** One row per case; ×: multiple of the floor's latency, %: share of its throughput. */
export function printResults(floor: Result, results: readonly Result[], sessions: number): void {
  const header = [
    "",
    "calls",
    "median",
    "×floor",
    "p99",
    "×floor",
    "1 session",
    "%floor",
    `${sessions} sessions`,
    "%floor",
  ];
  const row = (r: Result) => [
    r.label,
    String(r.latency.n),
    ms(r.latency.medianMs),
    times(r.latency.medianMs / floor.latency.medianMs),
    ms(r.latency.p99Ms),
    times(r.latency.p99Ms / floor.latency.p99Ms),
    rate(r.one.perSecond),
    percent(r.one.perSecond / floor.one.perSecond),
    rate(r.many.perSecond),
    percent(r.many.perSecond / floor.many.perSecond),
  ];
  console.log(table([header, row(floor), ...results.map(row)]));
  console.log(
    `\n×floor: the call's latency as a multiple of GET /health's; %floor: its throughput as a share of`,
  );
  console.log(
    `GET /health's at the same concurrency (the floor's "sessions" columns are plain concurrent clients).`,
  );
}

/** The floor measured again at the end: a large change means the ratios are noisy. */
export function printDrift(start: Latency, end: Latency): void {
  const change = end.medianMs / start.medianMs - 1;
  const sign = change >= 0 ? "+" : "";
  console.log(
    `\nFloor drift: GET /health median ${ms(start.medianMs)} at the start, ${ms(end.medianMs)} at the end (${sign}${percent(change)}).`,
  );
  if (Math.abs(change) > MAX_DRIFT) {
    console.log(
      `  Over ${percent(MAX_DRIFT)}: the machine was busy or noisy; read the ratios with care, or run again.`,
    );
  }
}

export function check(met: boolean, text: string): void {
  console.log(`  ${met ? "met    " : "NOT MET"}  ${text}`);
}

export function printTargets(floor: Result, results: readonly Result[]): void {
  console.log("\nTargets:");
  for (const r of results.filter((r) => r.small)) {
    const ratio = r.latency.medianMs / floor.latency.medianMs;
    check(
      ratio <= SMALL_MEDIAN_MAX_RATIO,
      `${r.label} median ≤ ${SMALL_MEDIAN_MAX_RATIO}× floor: ${ms(r.latency.medianMs)} = ${times(ratio)} floor (${ms(floor.latency.medianMs)})`,
    );
  }
  for (const r of results.filter((r) => r.small)) {
    const share = r.many.perSecond / floor.many.perSecond;
    check(
      share >= MANY_THROUGHPUT_MIN_SHARE,
      `${r.label} with ${r.many.workers} sessions ≥ ${percent(MANY_THROUGHPUT_MIN_SHARE)} of floor: ${rate(r.many.perSecond)} = ${percent(share)} of floor (${rate(floor.many.perSecond)})`,
    );
  }
  for (const r of results) {
    if (r.maxMedianMs === undefined) continue;
    check(
      r.latency.medianMs <= r.maxMedianMs,
      `${r.label} median ≤ ${ms(r.maxMedianMs)}: ${ms(r.latency.medianMs)}`,
    );
  }
}
