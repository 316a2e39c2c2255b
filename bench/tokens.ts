/**
 * `npm run bench:tokens`: the token economy of references. Each scenario of
 * bench/scenarios.ts runs twice against real servers — the official
 * filesystem MCP server over stdio, and edgeclip (`wrangler dev` + a real
 * edgeclip-agent) — from the same files; the resulting files must be
 * byte-identical. Counted with the o200k tokenizer: the tokens the model
 * writes (tool name and arguments) and reads (result text). Time is estimated
 * as written tokens at MODEL_TOKENS_PER_SECOND plus the measured tool
 * latencies. Prints a table per scenario, the totals, and the size of each
 * server's tools/list (it sits in every conversation). See bench/README.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getEncoding } from "js-tiktoken";
import { type AgentProcess, startAgentProcess } from "../scripts/agent-process.ts";
import { buildAgent } from "../scripts/build-agent.ts";
import {
  credentialHeaders,
  type DevServer,
  freePort,
  startLocalDev,
} from "../scripts/wrangler-dev.ts";
import { connectFilesystemServer } from "./filesystem-server.ts";
import { check, table } from "./report.ts";
import { type Call, SCENARIOS } from "./scenarios.ts";
import { rssMb } from "./stats.ts";

/** The model's output speed the time estimate assumes. */
const MODEL_TOKENS_PER_SECOND = 60;
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const tokenizer = getEncoding("o200k_base");
const tokens = (text: string) => tokenizer.encode(text).length;

interface Tally {
  calls: number;
  written: number;
  read: number;
  toolMs: number;
}

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}

/** A `Call` on `client` that tallies every call's tokens and latency. */
function tallying(client: Client, tally: Tally, defaults: Record<string, unknown> = {}): Call {
  return async (tool, args) => {
    const start = performance.now();
    const result = (await client.callTool({
      name: tool,
      arguments: { ...defaults, ...args },
    })) as ToolResult;
    tally.toolMs += performance.now() - start;
    const text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
    if (result.isError) throw new Error(`${tool}: ${text.slice(0, 400)}`);
    tally.calls++;
    tally.written += tokens(tool + JSON.stringify(args));
    tally.read += tokens(text);
    return text;
  };
}

function writeFiles(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

/** Every file of `dir`, by name. */
function snapshot(dir: string): Map<string, Buffer> {
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name))]));
}

/** Where two directories differ, or `undefined` when byte-identical. */
function difference(a: string, b: string): string | undefined {
  const x = snapshot(a);
  const y = snapshot(b);
  for (const name of new Set([...x.keys(), ...y.keys()])) {
    const p = x.get(name);
    const q = y.get(name);
    if (!p || !q) return `${name} exists only in ${p ? "the naive run" : "the edgeclip run"}`;
    if (!p.equals(q)) {
      const s = p.toString();
      const t = q.toString();
      let i = 0;
      while (s[i] === t[i]) i++;
      return `${name} differs at character ${i}: naive ${JSON.stringify(s.slice(i, i + 60))}, edgeclip ${JSON.stringify(t.slice(i, i + 60))}`;
    }
  }
  return undefined;
}

const estimateSeconds = (t: Tally) => t.written / MODEL_TOKENS_PER_SECOND + t.toolMs / 1000;
const ratio = (a: number, b: number) => (b === 0 ? "∞" : `${(a / b).toFixed(1)}×`);
const n = (value: number) => value.toLocaleString("en-US");

async function main(): Promise<number> {
  const base = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-tokens-"));
  const state = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-state-"));
  let server: DevServer | undefined;
  let agent: AgentProcess | undefined;
  let edge: Client | undefined;
  const rows: { name: string; language: string; naive: Tally; edgeclip: Tally }[] = [];
  let failures = 0;
  /** The agent's highest RSS right after a scenario (it has parsed with tree-sitter by then). */
  let agentMb = 0;
  let toolsList = { edgeclip: 0, filesystem: 0 };
  try {
    log("building the agent and starting wrangler dev…");
    const bin = await buildAgent();
    server = await startLocalDev({
      port: await freePort(),
      persistTo: state,
      quiet: true,
      rebuilds: false,
    });
    edge = new Client({ name: "edgeclip-bench-tokens", version: "1.0.0" });
    await edge.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", server.url), {
        requestInit: { headers: credentialHeaders(server) },
      }),
    );
    const listed = await edge.listTools();
    toolsList = { ...toolsList, edgeclip: tokens(JSON.stringify(listed.tools)) };

    for (const [i, scenario] of SCENARIOS.entries()) {
      log(`${i + 1}/${SCENARIOS.length} ${scenario.name}…`);
      const naiveDir = path.join(base, "naive", String(i + 1));
      const edgeDir = path.join(base, "edgeclip", String(i + 1));
      writeFiles(naiveDir, scenario.files);
      writeFiles(edgeDir, scenario.files);
      const naive: Tally = { calls: 0, written: 0, read: 0, toolMs: 0 };
      const edgeclip: Tally = { calls: 0, written: 0, read: 0, toolMs: 0 };

      // Rooted at and working in the scenario's directory, so paths can be relative.
      const fs = await connectFilesystemServer(naiveDir, "edgeclip-bench-tokens-fs");
      try {
        if (i === 0)
          toolsList = {
            ...toolsList,
            filesystem: tokens(JSON.stringify((await fs.listTools()).tools)),
          };
        await scenario.naive(tallying(fs, naive), (p) => p);
      } finally {
        await fs.close();
      }

      agent = await startAgentProcess({
        server: server.url,
        localToken: server.token,
        bin: [process.execPath, bin],
        root: edgeDir,
        name: "bench-tokens",
        project: "bench-tokens",
      });
      const session = (await edge.callTool({
        name: "session_start",
        arguments: { project: "bench-tokens" },
      })) as {
        structuredContent?: { session?: string };
      };
      try {
        await scenario.edgeclip(
          tallying(edge, edgeclip, { session: session.structuredContent?.session }),
        );
        agentMb = Math.max(agentMb, rssMb(agent.child.pid));
      } finally {
        await agent.stop();
        agent = undefined;
      }

      const differs = difference(naiveDir, edgeDir);
      if (differs) {
        failures++;
        console.error(`bench: ${scenario.name}: the two runs left different files: ${differs}`);
      }
      rows.push({ name: scenario.name, language: scenario.language, naive, edgeclip });
    }
  } finally {
    await edge?.close().catch(() => undefined);
    await agent?.stop();
    await server?.stop();
  }

  const header = [
    "scenario",
    "lang",
    "calls",
    "written naive",
    "edgeclip",
    "×",
    "read naive",
    "edgeclip",
    "×",
    "est. time naive",
    "edgeclip",
  ];
  const line = (name: string, language: string, a: Tally, b: Tally) => [
    name,
    language,
    `${a.calls}/${b.calls}`,
    n(a.written),
    n(b.written),
    ratio(a.written, b.written),
    n(a.read),
    n(b.read),
    ratio(a.read, b.read),
    `${estimateSeconds(a).toFixed(1)} s`,
    `${estimateSeconds(b).toFixed(1)} s`,
  ];
  const sum = (pick: (r: (typeof rows)[number]) => Tally): Tally =>
    rows.map(pick).reduce(
      (t, x) => ({
        calls: t.calls + x.calls,
        written: t.written + x.written,
        read: t.read + x.read,
        toolMs: t.toolMs + x.toolMs,
      }),
      { calls: 0, written: 0, read: 0, toolMs: 0 },
    );
  const total = { naive: sum((r) => r.naive), edgeclip: sum((r) => r.edgeclip) };
  console.log(
    `Token economy: ${rows.length} refactorings, the filesystem server (naive: read, edit_file, write_file) vs edgeclip.\n`,
  );
  console.log(
    table([
      header,
      ...rows.map((r) => line(r.name, r.language, r.naive, r.edgeclip)),
      line("total", "", total.naive, total.edgeclip),
    ]),
  );
  console.log(
    `\ncalls: naive/edgeclip. written: o200k tokens of tool names and arguments (what the model generates); read: of result text.` +
      `\nest. time: written tokens at ${MODEL_TOKENS_PER_SECOND} tokens/s plus the measured tool latencies (reading is not counted).`,
  );
  console.log(
    `\ntools/list (in every conversation): edgeclip ${n(toolsList.edgeclip)} tokens, filesystem server ${n(toolsList.filesystem)} tokens.`,
  );
  console.log(
    `edgeclip-agent RSS right after a scenario (grammars loaded): at most ${agentMb.toFixed(0)} MB.`,
  );
  const savedPerRun =
    total.naive.written + total.naive.read - total.edgeclip.written - total.edgeclip.read;
  console.log(
    `Over the suite edgeclip saves ${n(savedPerRun)} tokens; its tools/list costs ${n(toolsList.edgeclip - toolsList.filesystem)} more than the filesystem server's per conversation.`,
  );
  console.log("\nTargets:");
  check(
    failures === 0,
    `both ways leave byte-identical files in every scenario: ${rows.length - failures}/${rows.length}`,
  );
  check(
    total.naive.written >= 10 * total.edgeclip.written,
    `≥ 10× fewer written tokens: ${ratio(total.naive.written, total.edgeclip.written)}`,
  );
  check(
    total.naive.read >= 3 * total.edgeclip.read,
    `≥ 3× fewer read tokens: ${ratio(total.naive.read, total.edgeclip.read)}`,
  );
  check(toolsList.edgeclip <= 9_000, `tools/list ≤ 9,000 tokens: ${n(toolsList.edgeclip)}`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
