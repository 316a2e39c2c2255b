/**
 * `npm run bench`: MCP tool-call latency and throughput against a local
 * `wrangler dev`, each set against the floor (a bare GET /health on the same
 * server). See bench/README.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  credentialHeaders,
  type DevServer,
  freePort,
  startLocalDev,
} from "../scripts/wrangler-dev.ts";
import { printDrift, printResults, printTargets, type Result } from "./report.ts";
import { errorLog, measure, throughput } from "./stats.ts";

/** Concurrent sessions (and clients) in the loaded runs. */
const SESSIONS = 8;
const CALL_TIMEOUT_MS = 60_000;
/** The whole run gives up (and cleans up) after this long. */
const BENCH_TIMEOUT_MS = 5 * 60_000;
const MIB = 1024 * 1024;

interface Agent {
  client: Client;
  session: string;
}

interface Plan {
  label: string;
  latency: { count: number; warmup: number; maxMs: number };
  load: { durationMs: number; maxCount: number };
  /** Held to the small-call targets (see report.ts). */
  small?: boolean;
  /** Target: median latency at most this. */
  maxMedianMs?: number;
}

interface ToolCase extends Plan {
  /** Runs once before measuring: seeds entries and checks a result. */
  prepare(agents: readonly Agent[]): Promise<void>;
  call(agent: Agent): Promise<void>;
}

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

/** `bytes` of ASCII text in 64-byte lines. */
function makeText(bytes: number): string {
  const line = "edgeclip bench: the quick brown fox jumps over the lazy dog 0123\n";
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

/** Calls a tool in the agent's session; a thrown error or `isError` result is a failure. */
async function callTool(agent: Agent, name: string, args: Record<string, unknown>) {
  const result = (await agent.client.callTool(
    { name, arguments: { ...args, session: agent.session } },
    undefined,
    { timeout: CALL_TIMEOUT_MS },
  )) as ToolResult;
  if (result.isError) {
    const text = (result.content ?? []).map((c) => c.text ?? "").join(" ");
    throw new Error(`${name} returned isError: ${text.slice(0, 300)}`);
  }
  return result.structuredContent ?? {};
}

/** A fresh SDK v1 client with its own session from `session {action: "start"}`. */
async function connect(url: string, index: number, agents: Agent[]): Promise<void> {
  const client = new Client({ name: `edgeclip-bench-${index}`, version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", url), {
      requestInit: { headers: endpoint.headers },
    }),
  );
  const result = (await client.callTool(
    { name: "session", arguments: { action: "start", description: `bench worker ${index}` } },
    undefined,
    { timeout: CALL_TIMEOUT_MS },
  )) as ToolResult;
  const session = result.structuredContent?.session;
  if (result.isError || typeof session !== "string") {
    await client.close();
    throw new Error(`session start failed: ${JSON.stringify(result).slice(0, 300)}`);
  }
  agents.push({ client, session });
}

function getCase(label: string, text: string, plan: Omit<Plan, "label">): ToolCase {
  const key = "bench-get";
  return {
    label,
    ...plan,
    async prepare(agents) {
      for (const agent of agents) {
        await callTool(agent, "copy", { text, key });
        const got = await callTool(agent, "read", { from: `@${key}` });
        if (got.content !== text) throw new Error(`read @${key} returned other content`);
      }
    },
    async call(agent) {
      await callTool(agent, "read", { from: `@${key}` });
    },
  };
}

function copyCase(label: string, bytes: number, plan: Omit<Plan, "label">): ToolCase {
  const text = makeText(bytes);
  const key = `bench-copy-${bytes}`;
  return {
    label,
    ...plan,
    async prepare([first]) {
      if (!first) throw new Error("no agents");
      const receipt = await callTool(first, "copy", { text, key });
      if (receipt.bytes !== bytes) throw new Error(`copy stored ${receipt.bytes} B, not ${bytes}`);
    },
    async call(agent) {
      await callTool(agent, "copy", { text, key });
    },
  };
}

/** Set once the server is up; the raw case posts JSON-RPC to it with a plain fetch. */
const endpoint: { mcp: string; headers: Record<string, string> } = { mcp: "", headers: {} };

/**
 * The same read of an entry as a hand-written JSON-RPC POST with `fetch`, like the
 * floor's client: the SDK client's own CPU shares this machine's two cores with
 * the server, so this row shows what the server costs without it.
 */
function rawGetCase(label: string, text: string, plan: Omit<Plan, "label">): ToolCase {
  const key = "bench-get";
  const inner = getCase(label, text, plan);
  return {
    ...inner,
    async call(agent) {
      const response = await fetch(endpoint.mcp, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...endpoint.headers,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "read", arguments: { from: `@${key}`, session: agent.session } },
        }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const body = await response.text();
      if (!response.ok || body.includes('"isError":true') || !body.includes('"result"')) {
        throw new Error(`raw read failed: HTTP ${response.status} ${body.slice(0, 300)}`);
      }
    },
  };
}

const FLOOR: Plan = {
  label: "floor: GET /health",
  latency: { count: 300, warmup: 500, maxMs: 20_000 },
  load: { durationMs: 3_000, maxCount: 50_000 },
};

const CASES: ToolCase[] = [
  getCase("read @entry 100 B", makeText(100), {
    small: true,
    latency: { count: 300, warmup: 30, maxMs: 20_000 },
    load: { durationMs: 3_000, maxCount: 20_000 },
  }),
  rawGetCase("read @entry 100 B, raw", makeText(100), {
    small: true,
    latency: { count: 300, warmup: 30, maxMs: 20_000 },
    load: { durationMs: 3_000, maxCount: 20_000 },
  }),
  copyCase("copy 1 KiB", 1024, {
    small: true,
    latency: { count: 300, warmup: 30, maxMs: 20_000 },
    load: { durationMs: 3_000, maxCount: 20_000 },
  }),
  copyCase("copy 1 MiB", MIB, {
    latency: { count: 30, warmup: 3, maxMs: 20_000 },
    load: { durationMs: 4_000, maxCount: 400 },
  }),
  copyCase("copy 10 MiB - 1 KiB", 10 * MIB - 1024, {
    maxMedianMs: 500,
    latency: { count: 8, warmup: 2, maxMs: 20_000 },
    load: { durationMs: 6_000, maxCount: 48 },
  }),
];

/** Latency with one worker, then throughput with 1 and with SESSIONS workers. */
async function run(
  plan: Plan,
  worker: (index: number) => () => Promise<void>,
  log: (line: string) => void,
): Promise<Result> {
  log(`${plan.label}: latency…`);
  const latency = await measure(worker(0), plan.latency);
  log(`${plan.label}: throughput, 1 worker…`);
  const one = await throughput([worker(0)], plan.load);
  log(`${plan.label}: throughput, ${SESSIONS} workers…`);
  const many = await throughput(
    Array.from({ length: SESSIONS }, (_, i) => worker(i)),
    plan.load,
  );
  return {
    label: plan.label,
    small: plan.small,
    maxMedianMs: plan.maxMedianMs,
    latency,
    one,
    many,
  };
}

async function main(): Promise<number> {
  const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
  const state = mkdtempSync(join(tmpdir(), "edgeclip-bench-"));
  const agents: Agent[] = [];
  let server: DevServer | undefined;
  const cleanup = async () => {
    await Promise.allSettled(agents.map((agent) => agent.client.close()));
    await server?.stop();
    rmSync(state, { recursive: true, force: true });
  };
  const abort = (why: string) => {
    log(why);
    void cleanup().finally(() => process.exit(1));
  };
  const watchdog = setTimeout(
    () => abort(`gave up after ${BENCH_TIMEOUT_MS / 1000} s`),
    BENCH_TIMEOUT_MS,
  );
  process.once("SIGINT", () => abort("interrupted"));
  try {
    log("starting wrangler dev…");
    server = await startLocalDev({
      port: await freePort(),
      persistTo: state,
      quiet: true,
      rebuilds: false,
    });
    const url = server.url;
    endpoint.mcp = `${url}/mcp`;
    endpoint.headers = credentialHeaders(server);
    const health = async () => {
      const response = await fetch(`${url}/health`, {
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /health: HTTP ${response.status}`);
    };
    const floor = await run(FLOOR, () => health, log);

    log(`connecting ${SESSIONS} clients, each with its own session…`);
    for (let i = 0; i < SESSIONS; i++) await connect(url, i, agents);
    const results: Result[] = [];
    for (const c of CASES) {
      await c.prepare(agents);
      results.push(
        await run(
          c,
          (i) => {
            const agent = agents[i];
            if (!agent) throw new Error(`no agent ${i}`);
            return () => c.call(agent);
          },
          log,
        ),
      );
    }

    log("floor again, to see drift…");
    const floorAgain = await measure(health, FLOOR.latency);

    const errors = errorLog();
    console.log(`\nedgeclip MCP bench: ${url}, ${SESSIONS} concurrent sessions in loaded runs\n`);
    printResults(floor, results, SESSIONS);
    printDrift(floor.latency, floorAgain);
    printTargets(floor, results);
    console.log(`\nErrors: ${errors.length}`);
    for (const message of errors.slice(0, 5)) console.log(`  ${message}`);
    return errors.length > 0 ? 1 : 0;
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
