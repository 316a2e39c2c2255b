/**
 * Part of `npm run bench`: the worst expansions (DESIGN.md §3, "sizes are
 * checked while content is built, never after") through a real `wrangler
 * dev`: how long each takes to be refused, and the peak memory of the workerd
 * process that runs the session object while it is, against the floor
 * (GET /health) and the idle process of the same run. See bench/README.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  credentialHeaders,
  type DevServer,
  freePort,
  startLocalDev,
} from "../scripts/wrangler-dev.ts";
import { ms, table } from "./report.ts";
import { measure, percentile } from "./stats.ts";

const MIB = 1024 * 1024;
const ENTRY_BYTES = 10 * MIB;
/**
 * Timed runs of each case (after one warm-up): the median time, the largest
 * peak. `EXPANSION_RUNS=1` for a quick look (or for a build that takes
 * seconds per case, such as 0.4.0's; give it `EXPANSION_TIMEOUT_S` too).
 */
const RUNS = Number(process.env.EXPANSION_RUNS ?? 5);
const CALL_TIMEOUT_MS = 120_000;
const BENCH_TIMEOUT_MS = Number(process.env.EXPANSION_TIMEOUT_S ?? 600) * 1000;
/** A deployed isolate has 128 MB; a refusal should cost a small part of it. */
const TARGET_PEAK_MB = 64;
/** Time to refuse, as a multiple of the floor's median. */
const TARGET_RATIO = 100;

interface Reply {
  isError: boolean;
  text: string;
}

interface Case {
  label: string;
  /** The expected outcome: an error code, or "ok" for a call that must succeed. */
  expect: string;
  /** The call's JSON-RPC `arguments`, as JSON text (so a 20,000-deep one can be sent). */
  tool: string;
  args: (session: string) => string;
}

/** The server's local credential, sent with every call. */
let auth: Record<string, string> = {};

/** A tools/call as a hand-written JSON-RPC POST (2025-era, no session header). */
async function callRaw(url: string, name: string, argsJson: string): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch(`${url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
        ...auth,
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argsJson}}}`,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    return { isError: true, text: `fetch failed: ${String(error).slice(0, 120)}` };
  }
  const body = await response.text();
  const data = body.startsWith("{") ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? "");
  let message: { result?: { isError?: boolean; content?: { text?: string }[] }; error?: unknown };
  try {
    message = JSON.parse(data);
  } catch {
    return { isError: true, text: `HTTP ${response.status}: ${body.slice(0, 200)}` };
  }
  if (!message.result)
    return { isError: true, text: `JSON-RPC error ${JSON.stringify(message.error)}` };
  return {
    isError: message.result.isError === true,
    text: (message.result.content ?? []).map((c) => c.text ?? "").join(" "),
  };
}

/** The reply's code: `ok`, an error code (`TEXT_TOO_LARGE`), or the start of an odd reply. */
function codeOf(reply: Reply): string {
  if (!reply.isError) return "ok";
  return /^([A-Z_]+): /.exec(reply.text)?.[1] ?? reply.text.slice(0, 24);
}

// ── Memory of the workerd processes (Linux /proc) ───────────────────────────

/** Pids of `workerd` processes descended from `root`. */
function workerdPids(root: number): number[] {
  const parent = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      parent.set(Number(entry), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // gone
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === root) return true;
    return false;
  };
  return [...names].filter(([pid, name]) => name === "workerd" && descends(pid)).map(([p]) => p);
}

/** A `/proc/<pid>/status` figure in MB (`VmRSS`, `VmHWM`), or `undefined` once the process is gone. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Runs `op` and returns the largest rise of any workerd's peak RSS above its
 * RSS just before: writing 5 to `clear_refs` resets the peak (VmHWM) to the
 * current RSS (proc(5), Linux ≥ 4.0), so VmHWM afterwards is the peak during
 * `op`. `died`: a workerd process was gone afterwards (it crashed; wrangler
 * starts another).
 */
async function peakDuring<T>(pids: number[], op: () => Promise<T>) {
  const before = new Map(pids.map((pid) => [pid, statusMb(pid, "VmRSS") ?? 0]));
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      // gone already
    }
  }
  const value = await op();
  let rise = 0;
  let died = false;
  for (const pid of pids) {
    const peak = statusMb(pid, "VmHWM");
    if (peak === undefined) died = true;
    else rise = Math.max(rise, peak - (before.get(pid) ?? 0));
  }
  return { value, riseMb: rise, died };
}

// ── The cases ────────────────────────────────────────────────────────────────

const s = (session: string) => `"session":"${session}"`;
const DEPTH = 20_000;
const deep = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;

const CASES: Case[] = [
  {
    label: "copy 3 KB, replace a→a×10 chained 8 times (the report)",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) =>
      `{${s(id)},"text":"${"a".repeat(3_000)}","replace":[${Array(8).fill('["a","aaaaaaaaaa"]').join(",")}]}`,
  },
  {
    label: "copy from a list: 50 × a 10 MiB entry (the report)",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) => `{${s(id)},"from":[${Array(50).fill('"@big"').join(",")}]}`,
  },
  {
    label: "copy text with 50 markers to a 10 MiB entry",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) => `{${s(id)},"text":"${"{{ref:clip=big}} ".repeat(50)}"}`,
  },
  {
    label: "copy a 10 MiB entry, replace x→xx (every character)",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) => `{${s(id)},"from":"@big","replace":[["x","xx"]]}`,
  },
  {
    label: "copy a 10 MiB entry, wrap with 100 {content} slots",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) => `{${s(id)},"from":"@big","wrap":"${"{content}".repeat(100)}"}`,
  },
  {
    label: "copy: 100 replace pairs whose `to` cites a 10 MiB entry",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) =>
      `{${s(id)},"text":"x","replace":[${Array.from({ length: 100 }, (_, i) => `["${i}","{{ref:clip=big}}"]`).join(",")}]}`,
  },
  {
    label: "copy 5 MiB of short lines, indent +16 levels",
    expect: "TEXT_TOO_LARGE",
    tool: "copy",
    args: (id) => `{${s(id)},"from":"@lines","indent":16}`,
  },
  {
    label: "paste a list of 50 × 10 MiB to the OS clipboard",
    expect: "TEXT_TOO_LARGE",
    tool: "paste",
    args: (id) => `{${s(id)},"from":[${Array(50).fill('"@big"').join(",")}],"to":"os:"}`,
  },
  {
    label: "import data nested 20,000 deep",
    expect: "INVALID_ARGUMENT",
    tool: "update",
    args: (id) => `{${s(id)},"action":"import","data":${deep}}`,
  },
  {
    label: "accepted, for scale: copy one ref to the 10 MiB entry",
    expect: "ok",
    tool: "copy",
    args: (id) => `{${s(id)},"key":"copy-of-big","from":"@big"}`,
  },
];

/** Waits (up to a minute) until the server answers GET /health. */
async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // restarting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not come back within a minute");
}

interface Row {
  label: string;
  expect: string;
  code: string;
  medianMs: number;
  peakMb: number;
}

async function main(): Promise<number> {
  const log = (line: string) => process.stderr.write(`bench:expansion: ${line}\n`);
  const state = mkdtempSync(join(tmpdir(), "edgeclip-bench-expansion-"));
  let server: DevServer | undefined;
  const cleanup = async () => {
    await server?.stop();
    rmSync(state, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    log(`gave up after ${BENCH_TIMEOUT_MS / 1000} s`);
    void cleanup().finally(() => process.exit(1));
  }, BENCH_TIMEOUT_MS);
  try {
    log("starting wrangler dev…");
    server = await startLocalDev({
      port: await freePort(),
      persistTo: state,
      quiet: true,
      rebuilds: false,
    });
    auth = credentialHeaders(server);
    const url = server.url;
    const pid = server.process.pid;
    if (pid === undefined) throw new Error("wrangler dev has no pid");
    let pids = workerdPids(pid);
    if (pids.length === 0) throw new Error("no workerd process found under wrangler dev");

    const started = await callRaw(
      url,
      "session",
      '{"action":"start","description":"bench expansion"}',
    );
    const session = /(s-[a-z2-7]{12})/.exec(started.text)?.[1];
    if (!session) throw new Error(`session start: ${started.text.slice(0, 200)}`);
    log("storing a 10 MiB entry and 5 MiB of short lines…");
    for (const [key, text] of [
      ["big", "x".repeat(ENTRY_BYTES)],
      ["lines", "a\n".repeat((5 * MIB) / 2)],
    ] as const) {
      const stored = await callRaw(url, "copy", JSON.stringify({ session, key, text }));
      if (stored.isError) throw new Error(`copy ${key}: ${stored.text.slice(0, 200)}`);
    }

    log("floor: GET /health…");
    const health = async () => void (await (await fetch(`${url}/health`)).arrayBuffer());
    const floor = await measure(health, { count: 200, warmup: 100, maxMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleMb = Math.max(...pids.map((p) => statusMb(p, "VmRSS") ?? 0));

    const rows: Row[] = [];
    let failures = 0;
    for (const c of CASES) {
      log(c.label);
      const args = c.args(session);
      await callRaw(url, c.tool, args);
      await waitForHealth(url);
      pids = workerdPids(pid);
      const times: number[] = [];
      let peakMb = 0;
      let code = "";
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const { value, riseMb, died } = await peakDuring(pids, () => callRaw(url, c.tool, args));
        times.push(performance.now() - start);
        peakMb = Math.max(peakMb, riseMb);
        code = died ? "workerd died" : codeOf(value);
        if (died) {
          // wrangler restarts the runtime: wait for it, and watch the new process.
          await waitForHealth(url);
          pids = workerdPids(pid);
        }
        if (code !== c.expect) {
          failures++;
          log(`  expected ${c.expect}, got: ${value.text.slice(0, 200)}`);
        }
      }
      times.sort((a, b) => a - b);
      rows.push({
        label: c.label,
        expect: c.expect,
        code,
        medianMs: percentile(times, 0.5),
        peakMb,
      });
    }

    console.log(
      `\nExpansions refused while built, ${RUNS} runs each (after 1 warm-up), on ${url}:\n`,
    );
    const refused = rows.filter((r) => r.expect !== "ok");
    console.log(
      table([
        ["case", "result", "median", "×floor", "peak RSS rise"],
        ["floor: GET /health", "", ms(floor.medianMs), "1.0×", ""],
        ...rows.map((r) => [
          r.label,
          r.code,
          ms(r.medianMs),
          `${(r.medianMs / floor.medianMs).toFixed(1)}×`,
          `${r.peakMb.toFixed(1)} MB`,
        ]),
      ]),
    );
    console.log(
      `\nPeak RSS rise: the most any workerd process's peak resident memory (VmHWM, reset through\nclear_refs before each call) rose above its RSS just before the call, over the ${RUNS} runs; the\nworkerd processes held ${idleMb.toFixed(0)} MB idle. ×floor: the median time to answer over GET /health's (${ms(floor.medianMs)}).`,
    );
    console.log("\nTargets:");
    for (const r of refused) {
      const ratio = r.medianMs / floor.medianMs;
      const met = r.code === r.expect && r.peakMb <= TARGET_PEAK_MB && ratio <= TARGET_RATIO;
      console.log(
        `  ${met ? "met    " : "NOT MET"}  ${r.label}: ${r.code === r.expect ? r.code : `${r.code}, not ${r.expect}`}, peak rise ≤ ${TARGET_PEAK_MB} MB (${r.peakMb.toFixed(1)}), ≤ ${TARGET_RATIO}× floor (${ratio.toFixed(1)}×)`,
      );
    }
    console.log(`\nUnexpected results: ${failures}`);
    return failures > 0 ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
