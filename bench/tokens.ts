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
import { Knowledge } from "./knowledge.ts";
import { claudeCodeCall, claudeCodeTools, filesystemTools } from "./naive-tools.ts";
import { check, table } from "./report.ts";
import * as files from "./scenario-files.ts";
import { type Call, type NaiveTools, SCENARIOS } from "./scenarios.ts";
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

const newTally = (): Tally => ({ calls: 0, written: 0, read: 0, toolMs: 0 });

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}

/** A `Call` on an MCP client (with `defaults` in every call's arguments). */
function mcpCall(client: Client, defaults: Record<string, unknown> = {}): Call {
  return async (tool, args) => {
    const result = (await client.callTool({
      name: tool,
      arguments: { ...defaults, ...args },
    })) as ToolResult;
    const text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
    if (result.isError) throw new Error(`${tool}: ${text.slice(0, 400)}`);
    return text;
  };
}

/**
 * Where the naive ways' files are, as the model would write it: its project's
 * absolute path, of a usual length. The filesystem server and Claude Code take
 * absolute paths; the bench's files are in a temporary directory whose random,
 * longer name (~18 tokens) the model would never write, so it is counted as this.
 */
export const PROJECT_DIR = "/home/user/project";

/**
 * `call`, tallying every call's tokens (the name and arguments written, the
 * result read) and latency; `dir`, where the files are, counted as PROJECT_DIR.
 */
function tallied(call: Call, tally: Tally, dir?: string): Call {
  const asWritten = (text: string) => (dir ? text.replaceAll(dir, PROJECT_DIR) : text);
  return async (tool, args) => {
    const start = performance.now();
    const text = await call(tool, args);
    tally.toolMs += performance.now() - start;
    tally.calls++;
    tally.written += tokens(asWritten(tool + JSON.stringify(args)));
    tally.read += tokens(asWritten(text));
    return text;
  };
}

/**
 * `call`, checking that every word it writes is one the model knows (the
 * scenario's task, the definitions, what it composes, what it read so far:
 * bench/knowledge.ts), and learning from each result. A call with unknown
 * words is recorded in `problems` (the bench fails), then made anyway.
 */
function knowing(call: Call, known: Knowledge, problems: string[]): Call {
  return async (tool, args) => {
    const unknown = known.unknown(args);
    if (unknown.length) problems.push(`${tool} writes words it never read: ${unknown.join(", ")}`);
    const text = await call(tool, args);
    known.learn(text);
    return text;
  };
}

/** The naive tools with the same check: paths and texts they write, against what was read. */
function knowingTools(tools: NaiveTools, known: Knowledge, problems: string[]): NaiveTools {
  const check = (what: string, args: unknown) => {
    const unknown = known.unknown(args);
    if (unknown.length) problems.push(`${what} writes words it never read: ${unknown.join(", ")}`);
  };
  return {
    read: async (p) => {
      check("read", p);
      const text = await tools.read(p);
      known.learn(text);
      return text;
    },
    tail: async (p, lines) => {
      check("tail", p);
      const text = await tools.tail(p, lines);
      known.learn(text);
      return text;
    },
    edit: async (p, edits) => {
      check("edit", [p, edits]);
      await tools.edit(p, edits);
    },
    write: async (p, content) => {
      check("write", [p, content]);
      await tools.write(p, content);
    },
  };
}

/** A file of each language and format the agent parses: an outline of each loads its grammar or parser. */
const EVERY_PARSER: Record<string, string> = {
  "util.ts": files.UTIL_TS,
  "view.tsx": "export const View = () => <p>hi</p>;\n",
  "routes.js": files.ROUTES_JS,
  "models.py": files.MODELS_PY,
  "http.go": files.HTTP_GO,
  "parser.rs": files.PARSER_RS,
  "Order.java": files.ORDER_JAVA,
  "compose.yaml": files.COMPOSE_YAML,
  "package.json": '{\n  "name": "shop",\n  "version": "1.0.0"\n}\n',
  "Cargo.toml": '[package]\nname = "shop"\nversion = "0.1.0"\n',
  "README.md": files.README_MD,
};

/**
 * The agent's RSS (MB) idle with every grammar and parser loaded (issue 16:
 * ≤ 120 MB): an outline of a file of each, then 3 s without work (its idle
 * collection runs after 1 s); and again once its compute thread stopped
 * (30 s idle), which takes the grammars with it.
 */
async function idleWithEveryParser(
  server: DevServer,
  edge: Client | undefined,
  bin: string,
  base: string,
): Promise<{ fresh: number; loaded: number; stopped: number } | undefined> {
  if (!edge) return undefined;
  const dir = path.join(base, "every-parser");
  writeFiles(dir, EVERY_PARSER);
  const agent = await startAgentProcess({
    server: server.url,
    localToken: server.token,
    bin: [process.execPath, bin],
    root: dir,
    name: "bench-tokens",
    project: "bench-tokens",
  });
  try {
    const started = (await edge.callTool({
      name: "session",
      arguments: { action: "start", project: "bench-tokens" },
    })) as { structuredContent?: { session?: string } };
    const session = started.structuredContent?.session;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const fresh = rssMb(agent.child.pid);
    for (const name of Object.keys(EVERY_PARSER)) {
      const r = (await edge.callTool({
        name: "read",
        arguments: { session, from: name, outline: true },
      })) as { isError?: boolean };
      if (r.isError) throw new Error(`outline of ${name} failed`);
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const loaded = rssMb(agent.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 32_000));
    return { fresh, loaded, stopped: rssMb(agent.child.pid) };
  } finally {
    await agent.stop();
  }
}

function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  mkdirSync(dir, { recursive: true });
}

/** Every file under `dir`, by its path there. */
function snapshot(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(dir, full).split(path.sep).join("/"), readFileSync(full)];
      }),
  );
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

/** The three ways a scenario is done. */
const WAYS = ["filesystem", "claudeCode", "edgeclip"] as const;
type Way = (typeof WAYS)[number];

/** A server's definitions as they sit in every conversation: tools/list and the instructions. */
async function definitionTokens(client: Client): Promise<{ tokens: number; text: string }> {
  const text = JSON.stringify((await client.listTools()).tools) + (client.getInstructions() ?? "");
  return { tokens: tokens(text), text };
}

async function main(): Promise<number> {
  const base = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-tokens-"));
  const state = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-state-"));
  let server: DevServer | undefined;
  let agent: AgentProcess | undefined;
  let edge: Client | undefined;
  const rows: { name: string; language: string; reads: boolean; tally: Record<Way, Tally> }[] = [];
  let failures = 0;
  /** The agent's highest RSS right after a scenario (it has parsed with tree-sitter by then). */
  let agentMb = 0;
  /** Its RSS idle with every grammar and parser loaded, and once its compute thread stopped. */
  let idleMb: { fresh: number; loaded: number; stopped: number } | undefined;
  const definitions: Record<Way, { tokens: number; text: string }> = {
    filesystem: { tokens: 0, text: "" },
    claudeCode: { tokens: 0, text: "" }, // built in: there with or without edgeclip
    edgeclip: { tokens: 0, text: "" },
  };
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
    definitions.edgeclip = await definitionTokens(edge);

    for (const [i, scenario] of SCENARIOS.entries()) {
      log(`${i + 1}/${SCENARIOS.length} ${scenario.name}…`);
      const dirs = Object.fromEntries(
        WAYS.map((way) => [way, path.join(base, way, String(i + 1))]),
      ) as Record<Way, string>;
      for (const way of WAYS) writeFiles(dirs[way], scenario.files);
      const tally = Object.fromEntries(WAYS.map((way) => [way, newTally()])) as Record<Way, Tally>;
      const problems: string[] = [];
      /** Whether edgeclip had to read to do it (a scenario needing discovery). */
      let edgeclipReads = false;
      const knowledge = (way: Way) =>
        new Knowledge(scenario.task, ...(scenario.authored ?? []), definitions[way].text);

      // Rooted at and working in the scenario's directory, so paths can be relative.
      const fs = await connectFilesystemServer(dirs.filesystem, "edgeclip-bench-tokens-fs");
      try {
        if (i === 0) definitions.filesystem = await definitionTokens(fs);
        const call = tallied(mcpCall(fs), tally.filesystem, dirs.filesystem);
        await scenario.naive(
          knowingTools(filesystemTools(call, dirs.filesystem), knowledge("filesystem"), problems),
        );
      } finally {
        await fs.close();
      }

      const claude = tallied(claudeCodeCall(dirs.claudeCode), tally.claudeCode, dirs.claudeCode);
      await scenario.naive(
        knowingTools(claudeCodeTools(claude, dirs.claudeCode), knowledge("claudeCode"), problems),
      );

      agent = await startAgentProcess({
        server: server.url,
        localToken: server.token,
        bin: [process.execPath, bin],
        root: dirs.edgeclip,
        name: "bench-tokens",
        project: "bench-tokens",
      });
      const session = (await edge.callTool({
        name: "session",
        arguments: { action: "start", project: "bench-tokens" },
      })) as {
        structuredContent?: { session?: string };
      };
      try {
        const call = tallied(
          mcpCall(edge, { session: session.structuredContent?.session }),
          tally.edgeclip,
        );
        const known = knowing(call, knowledge("edgeclip"), problems);
        await scenario.edgeclip((tool, args) => {
          if (tool === "read") edgeclipReads = true;
          return known(tool, args);
        });
        agentMb = Math.max(agentMb, rssMb(agent.child.pid));
      } finally {
        await agent.stop();
        agent = undefined;
      }

      for (const way of ["claudeCode", "edgeclip"] as const) {
        const differs = difference(dirs.filesystem, dirs[way]);
        if (differs) problems.push(`the ${way} run left other files: ${differs}`);
      }
      for (const problem of problems) console.error(`bench: ${scenario.name}: ${problem}`);
      if (problems.length) failures++;
      rows.push({
        name: scenario.name,
        language: scenario.language,
        reads: edgeclipReads,
        tally,
      });
    }
    if (server) idleMb = await idleWithEveryParser(server, edge, bin, base);
  } finally {
    await edge?.close().catch(() => undefined);
    await agent?.stop();
    await server?.stop();
  }

  const sum = (way: Way, only = rows): Tally =>
    only.reduce(
      (t, r) => ({
        calls: t.calls + r.tally[way].calls,
        written: t.written + r.tally[way].written,
        read: t.read + r.tally[way].read,
        toolMs: t.toolMs + r.tally[way].toolMs,
      }),
      newTally(),
    );
  const total = Object.fromEntries(WAYS.map((way) => [way, sum(way)])) as Record<Way, Tally>;
  const header = [
    "scenario",
    "lang",
    "calls fs/cc/ec",
    "written fs",
    "cc",
    "edgeclip",
    "× fs",
    "read fs",
    "cc",
    "edgeclip",
    "× fs",
    "est. time fs",
    "edgeclip",
  ];
  const line = (name: string, language: string, t: Record<Way, Tally>) => [
    name,
    language,
    `${t.filesystem.calls}/${t.claudeCode.calls}/${t.edgeclip.calls}`,
    n(t.filesystem.written),
    n(t.claudeCode.written),
    n(t.edgeclip.written),
    ratio(t.filesystem.written, t.edgeclip.written),
    n(t.filesystem.read),
    n(t.claudeCode.read),
    n(t.edgeclip.read),
    ratio(t.filesystem.read, t.edgeclip.read),
    `${estimateSeconds(t.filesystem).toFixed(1)} s`,
    `${estimateSeconds(t.edgeclip).toFixed(1)} s`,
  ];
  console.log(
    `Token economy: ${rows.length} refactorings (${rows.filter((r) => r.reads).length} where edgeclip must read first), done with the filesystem server (fs: read_text_file, edit_file, write_file), with Claude Code's built-in Read / Edit / Write as modelled in bench/naive-tools.ts (cc), and with edgeclip.\n`,
  );
  console.log(
    table([
      header,
      ...rows.map((r) => line(`${r.name}${r.reads ? " (reads)" : ""}`, r.language, r.tally)),
      line("total", "", total),
      line(
        "where edgeclip must read first",
        "",
        Object.fromEntries(
          WAYS.map((way) => [
            way,
            sum(
              way,
              rows.filter((r) => r.reads),
            ),
          ]),
        ) as Record<Way, Tally>,
      ),
    ]),
  );
  console.log(
    `\ncalls: filesystem/Claude Code/edgeclip. written: o200k tokens of tool names and arguments (what the model generates); read: of result text.` +
      `\nest. time: written tokens at ${MODEL_TOKENS_PER_SECOND} tokens/s plus the measured tool latencies (reading is not counted).`,
  );
  const conversation = (way: Way) => definitions[way].tokens + total[way].written + total[way].read;
  console.log(
    `\nDefinitions (tools/list + instructions, in every conversation): edgeclip ${n(definitions.edgeclip.tokens)} tokens, filesystem server ${n(definitions.filesystem.tokens)}, Claude Code's built-ins counted 0 (there either way).`,
  );
  console.log(
    table([
      [
        "one conversation doing every scenario",
        "definitions",
        "written",
        "read",
        "total",
        "÷ edgeclip",
      ],
      ...WAYS.map((way) => [
        {
          filesystem: "filesystem server",
          claudeCode: "Claude Code built-ins",
          edgeclip: "edgeclip",
        }[way],
        n(definitions[way].tokens),
        n(total[way].written),
        n(total[way].read),
        n(conversation(way)),
        ratio(conversation(way), conversation("edgeclip")),
      ]),
    ]),
  );
  console.log(
    `edgeclip-agent RSS right after a scenario (grammars loaded): at most ${agentMb.toFixed(0)} MB${idleMb ? `; idle before any work: ${idleMb.fresh.toFixed(0)} MB; idle with every grammar and parser loaded: ${idleMb.loaded.toFixed(0)} MB; once its compute thread stopped: ${idleMb.stopped.toFixed(0)} MB` : ""}.`,
  );
  console.log("\nChecks:");
  check(
    failures === 0,
    `every way leaves byte-identical files, writing only words it knows: ${rows.length - failures}/${rows.length} scenarios`,
  );
  check(
    definitions.edgeclip.tokens <= 4_000,
    `edgeclip's tools/list + instructions ≤ 4,000 tokens: ${n(definitions.edgeclip.tokens)}`,
  );
  // Issue 16's bars, against the filesystem server.
  const fewer = (field: "written" | "read") => total.filesystem[field] / total.edgeclip[field];
  check(fewer("written") >= 15, `written ≥ 15× fewer: ${fewer("written").toFixed(2)}×`);
  check(fewer("read") >= 10, `read ≥ 10× fewer: ${fewer("read").toFixed(2)}×`);
  const cheaper = conversation("filesystem") / conversation("edgeclip");
  check(
    cheaper >= 3,
    `one conversation doing every scenario, definitions included, ≥ 3× cheaper: ${cheaper.toFixed(2)}×`,
  );
  check(rows.length >= 12, `at least 12 scenarios: ${rows.length}`);
  check(
    rows.filter((r) => r.reads).length >= 5,
    `at least 5 where edgeclip must read first: ${rows.filter((r) => r.reads).length}`,
  );
  check(
    idleMb !== undefined && idleMb.loaded <= 120,
    `edgeclip-agent idle with every grammar and parser loaded ≤ 120 MB: ${idleMb?.loaded.toFixed(0) ?? "not measured"} MB`,
  );
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
