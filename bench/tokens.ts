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

import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getEncoding } from "js-tiktoken";
import { type AgentProcess, startAgentProcess } from "../scripts/agent-process.ts";
import { buildAgent } from "../scripts/build-agent.ts";
import { type DevServer, freePort, startLocalDev } from "../scripts/wrangler-dev.ts";
import { type DefinitionCosts, definitionCosts } from "./definitions.ts";
import { connectFilesystemServer } from "./filesystem-server.ts";
import { Knowledge } from "./knowledge.ts";
import { claudeCodeCall, claudeCodeTools, filesystemTools } from "./naive-tools.ts";
import { writeTexts } from "./real/tree.ts";
import { check, table } from "./report.ts";
import * as files from "./scenario-files.ts";
import { type Call, type NaiveTools, SCENARIOS, SMALL_TASKS } from "./scenarios.ts";
import { connectClient } from "./servers.ts";
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
  /** The tools it called, by name: what a deferring client loads (bench/definitions.ts). */
  tools: Set<string>;
}

const newTally = (): Tally => ({ calls: 0, written: 0, read: 0, toolMs: 0, tools: new Set() });

/** `BENCH_SHOW=1`: every edgeclip call and its result on stderr, to read the receipts. */
const SHOW = process.env.BENCH_SHOW === "1";
/** `BENCH_ONLY=text`: only the scenarios whose name contains it (while writing one; the checks then fail). */
const ONLY = process.env.BENCH_ONLY;
/** The two sets: the refactorings, and small tasks (issue 44: what many conversations are). */
type ScenarioSet = "refactorings" | "small";
const RUN = [
  ...SCENARIOS.map((scenario) => ({ scenario, set: "refactorings" as ScenarioSet })),
  ...SMALL_TASKS.map((scenario) => ({ scenario, set: "small" as ScenarioSet })),
].filter(({ scenario }) => ONLY === undefined || scenario.name.includes(ONLY));

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
    tally.tools.add(tool);
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
  writeTexts(dir, Object.entries(files));
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

/** An empty server's definitions (Claude Code's built-ins: there with or without a server). */
const BUILT_IN: DefinitionCosts = definitionCosts("builtin", [], "", () => 0);

/**
 * The scenario whose conversation is "one small edit" (issue 28: what a
 * conversation that only does this costs each way, definitions included).
 */
const SMALL_EDIT = "double a setting";

/** The regimes in which a client loads definitions (bench/definitions.ts). */
const REGIMES = {
  upFront: "(a) every definition up front (Claude.ai, MCP Inspector)",
  deferred: "(b) deferred: names + instructions, a tool's schema on first use (Claude Code)",
} as const;
type Regime = keyof typeof REGIMES;

/**
 * What definitions cost a conversation in `regime` in which `used` tools were
 * called: written (ToolSearch calls) and read (definitions).
 */
function definitionsCost(
  costs: DefinitionCosts,
  regime: Regime,
  used: ReadonlySet<string>,
): { written: number; read: number } {
  if (regime === "upFront") return { written: 0, read: costs.upFront };
  let written = 0;
  let read = costs.namesAndInstructions;
  for (const tool of used) {
    written += costs.search(tool);
    read += costs.perTool[tool] ?? 0;
  }
  return { written, read };
}

const estimateSeconds = (t: Tally) => t.written / MODEL_TOKENS_PER_SECOND + t.toolMs / 1000;
const ratio = (a: number, b: number) => (b === 0 ? "∞" : `${(a / b).toFixed(1)}×`);
const n = (value: number) => value.toLocaleString("en-US");

/** The three ways a scenario is done. */
const WAYS = ["filesystem", "claudeCode", "edgeclip"] as const;
type Way = (typeof WAYS)[number];

/** A server's definitions and what they cost (bench/definitions.ts). */
async function definitionsOf(server: string, client: Client): Promise<DefinitionCosts> {
  return definitionCosts(
    server,
    (await client.listTools()).tools,
    client.getInstructions() ?? "",
    tokens,
  );
}

async function main(): Promise<number> {
  const base = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-tokens-"));
  const state = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-state-"));
  let server: DevServer | undefined;
  let agent: AgentProcess | undefined;
  let edge: Client | undefined;
  const all: {
    name: string;
    language: string;
    set: ScenarioSet;
    reads: boolean;
    tally: Record<Way, Tally>;
  }[] = [];
  let failures = 0;
  /** The agent's highest RSS right after a scenario (it has parsed with tree-sitter by then). */
  let agentMb = 0;
  /** Its RSS idle with every grammar and parser loaded, and once its compute thread stopped. */
  let idleMb: { fresh: number; loaded: number; stopped: number } | undefined;
  const definitions: Record<Way, DefinitionCosts> = {
    filesystem: BUILT_IN,
    claudeCode: BUILT_IN, // built in: there with or without edgeclip
    edgeclip: BUILT_IN,
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
    edge = await connectClient(server, "edgeclip-bench-tokens");
    definitions.edgeclip = await definitionsOf("edgeclip", edge);

    for (const [i, { scenario, set }] of RUN.entries()) {
      log(`${i + 1}/${RUN.length} ${scenario.name}…`);
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
        if (i === 0) definitions.filesystem = await definitionsOf("filesystem", fs);
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
        await scenario.edgeclip(async (tool, args) => {
          if (tool === "read") edgeclipReads = true;
          const text = await known(tool, args);
          if (SHOW)
            log(`  ${tool} ${JSON.stringify(args)}\n    → ${text.replaceAll("\n", "\n      ")}`);
          return text;
        });
        // What the edgeclip way relies on is said in what a model reads before it calls: the
        // instructions and the definitions of the tools it calls (not the README).
        const told = [...tally.edgeclip.tools]
          .map((t) => definitions.edgeclip.textOf(t))
          .join("\n");
        for (const claim of scenario.relies ?? [])
          if (!told.includes(claim))
            problems.push(`relies on "${claim}", which its tools' definitions do not say`);
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
      all.push({
        name: scenario.name,
        language: scenario.language,
        set,
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

  const rows = all.filter((r) => r.set === "refactorings");
  const tasks = all.filter((r) => r.set === "small");
  const sum = (way: Way, only = rows): Tally =>
    only.reduce(
      (t, r) => ({
        calls: t.calls + r.tally[way].calls,
        written: t.written + r.tally[way].written,
        read: t.read + r.tally[way].read,
        toolMs: t.toolMs + r.tally[way].toolMs,
        tools: new Set([...t.tools, ...r.tally[way].tools]),
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
  const ec = definitions.edgeclip;
  const fsDefs = definitions.filesystem;
  console.log(
    `\nDefinitions (o200k): edgeclip tools/list + instructions ${n(ec.upFront)} tokens (filesystem server ${n(fsDefs.upFront)}); tool names + instructions ${n(ec.namesAndInstructions)} (${n(fsDefs.namesAndInstructions)}); per tool ${Object.entries(
      ec.perTool,
    )
      .map(([name, k]) => `${name} ${k}`)
      .join(", ")}. Claude Code's built-ins count 0 (there either way).`,
  );
  /** One conversation doing `only`'s scenarios, each way, in `regime`. */
  const conversation = (way: Way, regime: Regime, only = rows) => {
    const t = sum(way, only);
    const d = definitionsCost(definitions[way], regime, t.tools);
    return {
      definitions: d.read,
      written: t.written + d.written,
      read: t.read + d.read,
      total: t.written + t.read + d.written + d.read,
    };
  };
  const WAY_NAMES: Record<Way, string> = {
    filesystem: "filesystem server",
    claudeCode: "Claude Code built-ins",
    edgeclip: "edgeclip",
  };
  const small = rows.filter((r) => r.name === SMALL_EDIT);
  for (const regime of Object.keys(REGIMES) as Regime[]) {
    console.log(`\n${REGIMES[regime]}`);
    const cell = (way: Way, only: typeof rows) => {
      const c = conversation(way, regime, only);
      return [n(c.definitions), n(c.written), n(c.read), n(c.total)];
    };
    console.log(
      table([
        [
          "one conversation",
          "definitions read",
          "written",
          "read",
          "total",
          "÷ edgeclip",
          `only "${SMALL_EDIT}"`,
          "÷ edgeclip",
        ],
        ...WAYS.map((way) => [
          WAY_NAMES[way],
          ...cell(way, rows),
          ratio(conversation(way, regime).total, conversation("edgeclip", regime).total),
          n(conversation(way, regime, small).total),
          ratio(
            conversation(way, regime, small).total,
            conversation("edgeclip", regime, small).total,
          ),
        ]),
      ]),
    );
  }
  if (tasks.length) {
    const totalOf = (only: typeof rows) =>
      Object.fromEntries(WAYS.map((way) => [way, sum(way, only)])) as Record<Way, Tally>;
    console.log(
      `\nSmall tasks (issue 44): ${tasks.length} one-line edits, renames, a duplicated block, a read of one method, each as a careful hand would on each side.\n`,
    );
    console.log(
      table([
        header,
        ...tasks.map((r) => line(`${r.name}${r.reads ? " (reads)" : ""}`, r.language, r.tally)),
        line("total", "", totalOf(tasks)),
      ]),
    );
    for (const regime of Object.keys(REGIMES) as Regime[]) {
      console.log(`\n${REGIMES[regime]}: the small tasks in one conversation`);
      console.log(
        table([
          ["one conversation", "definitions read", "written", "read", "total", "÷ edgeclip"],
          ...WAYS.map((way) => {
            const c = conversation(way, regime, tasks);
            return [
              WAY_NAMES[way],
              n(c.definitions),
              n(c.written),
              n(c.read),
              n(c.total),
              ratio(c.total, conversation("edgeclip", regime, tasks).total),
            ];
          }),
        ]),
      );
    }
  }
  console.log(
    `\n"written" and "read" include the definitions' share: in (b), a ToolSearch call written and the tool's definition read, once per tool a conversation uses.`,
  );
  console.log(
    `edgeclip-agent RSS right after a scenario (grammars loaded): at most ${agentMb.toFixed(0)} MB${idleMb ? `; idle before any work: ${idleMb.fresh.toFixed(0)} MB; idle with every grammar and parser loaded: ${idleMb.loaded.toFixed(0)} MB; once its compute thread stopped: ${idleMb.stopped.toFixed(0)} MB` : ""}.`,
  );
  console.log("\nChecks:");
  check(
    failures === 0,
    `every way leaves byte-identical files, writing only words it knows, relying only on what its definitions say: ${all.length - failures}/${all.length} scenarios`,
  );
  check(
    ec.upFront <= 3_000,
    `edgeclip's tools/list + instructions ≤ 3,000 tokens: ${n(ec.upFront)}`,
  );
  const largest = Object.entries(ec.perTool).sort((x, y) => y[1] - x[1])[0] ?? ["none", 0];
  check(
    largest[1] <= 500,
    `every tool's definition ≤ 500 tokens: largest ${largest[0]} ${largest[1]}`,
  );
  check(
    ec.namesAndInstructions <= 400,
    `tool names + instructions (what a conversation that never calls edgeclip pays for it in (b)) ≤ 400 tokens: ${n(ec.namesAndInstructions)}`,
  );
  const fewer = (field: "written" | "read") => total.filesystem[field] / total.edgeclip[field];
  check(
    fewer("written") >= 15,
    `written ≥ 15× fewer than the filesystem server: ${fewer("written").toFixed(2)}×`,
  );
  check(
    fewer("read") >= 12,
    `read ≥ 12× fewer than the filesystem server: ${fewer("read").toFixed(2)}×`,
  );
  const cheaper = (way: Way, regime: Regime) =>
    conversation(way, regime).total / conversation("edgeclip", regime).total;
  check(
    cheaper("filesystem", "upFront") >= 4,
    `(a) one conversation ≥ 4× cheaper than the filesystem server: ${cheaper("filesystem", "upFront").toFixed(2)}×`,
  );
  check(
    cheaper("claudeCode", "upFront") >= 3.5,
    `(a) one conversation ≥ 3.5× cheaper than Claude Code's built-ins: ${cheaper("claudeCode", "upFront").toFixed(2)}×`,
  );
  check(
    cheaper("claudeCode", "deferred") >= 6,
    `(b) one conversation ≥ 6× cheaper than Claude Code's built-ins: ${cheaper("claudeCode", "deferred").toFixed(2)}×`,
  );
  check(rows.length >= 12, `at least 12 scenarios: ${rows.length}`);
  check(tasks.length >= 8, `at least 8 small tasks (issue 44): ${tasks.length}`);
  const smallCheaper = (way: Way, regime: Regime) =>
    conversation(way, regime, tasks).total / conversation("edgeclip", regime, tasks).total;
  for (const way of ["filesystem", "claudeCode"] as const) {
    check(
      cheaper(way, "upFront") >= 5,
      `issue 44: (a) the refactorings in one conversation ≥ 5× cheaper than ${WAY_NAMES[way]}: ${cheaper(way, "upFront").toFixed(2)}×`,
    );
    check(
      smallCheaper(way, "upFront") >= 5,
      `issue 44: (a) the small tasks in one conversation ≥ 5× cheaper than ${WAY_NAMES[way]}: ${smallCheaper(way, "upFront").toFixed(2)}×`,
    );
  }
  check(
    cheaper("claudeCode", "deferred") >= 8,
    `issue 44: (b) the refactorings in one conversation ≥ 8× cheaper than Claude Code built-ins: ${cheaper("claudeCode", "deferred").toFixed(2)}×`,
  );
  check(
    smallCheaper("claudeCode", "deferred") >= 8,
    `issue 44: (b) the small tasks in one conversation ≥ 8× cheaper than Claude Code built-ins: ${smallCheaper("claudeCode", "deferred").toFixed(2)}×`,
  );
  const smallEdit = (way: Way) => conversation(way, "deferred", small).total;
  check(
    smallEdit("edgeclip") <= 1.5 * smallEdit("claudeCode"),
    `issue 44: (b) the one-small-edit conversation ≤ 1.5× Claude Code built-ins': ${n(smallEdit("edgeclip"))} / ${n(smallEdit("claudeCode"))} = ${(smallEdit("edgeclip") / smallEdit("claudeCode")).toFixed(2)}×`,
  );
  check(
    ec.upFront <= 2_300 && largest[1] <= 400 && ec.namesAndInstructions <= 300,
    `issue 44: definitions ≤ 2,300 tokens (${n(ec.upFront)}), each ≤ 400 (${largest[0]} ${largest[1]}), names + instructions ≤ 300 (${n(ec.namesAndInstructions)})`,
  );
  check(
    rows.filter((r) => r.reads).length >= 5,
    `at least 5 where edgeclip must read first: ${rows.filter((r) => r.reads).length}`,
  );
  const relying = RUN.filter(({ scenario }) => scenario.relies?.length).length;
  check(
    relying >= 3,
    `at least 3 whose cheap call is found only in the definitions (each claim checked there): ${relying}`,
  );
  check(small.length === 1, `the one-small-edit conversation ("${SMALL_EDIT}") is measured`);
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
