/**
 * `npm run bench`, hostile structure (issue 27 §6): files shaped to make
 * their parsers slow or greedy — 64,000 distinct YAML keys, a TOML key of a
 * million parts, 100,000 regions of one name, and each shape at 10 MiB —
 * read for their structure (an outline, a `focus`) through a real agent:
 * how long each takes, answered or refused, and the agent's peak memory
 * (RSS, its compute threads included). Then the small calls beside a slow
 * one: a 1-line `read` in the same session and a 1-line paste into a tiny
 * YAML file in another, against the same calls on an idle agent (the floor).
 * Bars: every structural read ends within 10 s and 512 MB; a small call
 * answers within 200 ms while a slow one runs.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { AgentProcess } from "../scripts/agent-process.ts";
import type { DevServer } from "../scripts/wrangler-dev.ts";
import { check, ms, table } from "./report.ts";
import { connectClient, startWithAgent } from "./servers.ts";
import { peakRss, percentile, rssMb } from "./stats.ts";

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const MiB = 1024 * 1024;
/** The largest file the agent reads (10 MiB), less a line. */
const LIMIT = 10 * MiB - 64;
/** Bars (issue 27 §6). */
const END_MS = 10_000;
const PEAK_MB = 512;
const SMALL_MS = 200;

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}

/** `unit(i)` repeated until the text reaches `bytes`, between `head` and `tail`. */
function fill(bytes: number, unit: (i: number) => string, head = "", tail = ""): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const u = unit(i);
    parts.push(u);
    size += u.length;
  }
  parts.push(tail);
  return parts.join("");
}

/** The files, and what is read of each: an outline and a `focus`. */
const FILES: {
  name: string;
  label: string;
  make: () => string;
  focus: string;
  /** A large file that is not hostile: shown for reference, not held to the bars. */
  reference?: true;
}[] = [
  {
    name: "keys-64k.yaml",
    label: "YAML, 64,000 distinct keys",
    make: () => Array.from({ length: 64_000 }, (_, i) => `key${i}: ${i % 10}\n`).join(""),
    focus: "key63999",
  },
  {
    name: "keys.yaml",
    label: "YAML, distinct keys",
    make: () => fill(LIMIT, (i) => `key${i}: ${i % 10}\n`),
    focus: "key5",
  },
  {
    name: "parts-1m.toml",
    label: "TOML, one key of 1,000,000 parts",
    make: () => `${"a.".repeat(1_000_000)}a = 1\n`,
    focus: "a",
  },
  {
    name: "parts.toml",
    label: "TOML, one key of many parts",
    make: () => fill(LIMIT, () => "a.", "", "a = 1\n"),
    focus: "a",
  },
  {
    name: "regions-100k.py",
    label: "Python, 100,000 regions of one name",
    make: () => "# region r\n# endregion\n".repeat(100_000),
    focus: "r",
  },
  {
    name: "regions.py",
    label: "Python, regions of one name",
    make: () => fill(LIMIT, () => "# region r\n# endregion\n"),
    focus: "r",
  },
  {
    name: "keys.json",
    label: "JSON, distinct keys",
    make: () => fill(LIMIT, (i) => `"k${i}":1,`, "{", '"z":1}\n'),
    focus: "k5",
  },
  {
    name: "headings.md",
    label: "Markdown, headings",
    make: () => fill(LIMIT, (i) => `# h${i}\n`),
    focus: "h5",
  },
  {
    name: "big.ts",
    label: "TypeScript, functions (large, not hostile)",
    make: () =>
      fill(LIMIT, (i) => `export function f${i}(a: number): number {\n  return a + ${i};\n}\n`),
    focus: "f5",
    reference: true,
  },
];

async function main(): Promise<number> {
  const root = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-hostile-"));
  const state = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-state-"));
  let server: DevServer | undefined;
  let agent: AgentProcess | undefined;
  const clients: Client[] = [];
  try {
    log("writing the files…");
    const sizes = new Map<string, number>();
    for (const f of FILES) {
      const text = f.make();
      sizes.set(f.name, text.length);
      writeFileSync(path.join(root, f.name), text);
    }
    writeFileSync(path.join(root, "small.txt"), "one line\ntwo lines\n");
    writeFileSync(path.join(root, "tiny.yaml"), "a: 1\n");
    log("building the agent and starting wrangler dev…");
    ({ server, agent } = await startWithAgent(root, state, "bench-hostile"));
    const dev = server;
    const connect = async () => {
      const client = await connectClient(dev, "edgeclip-bench-hostile");
      clients.push(client);
      const started = (await client.callTool({
        name: "session",
        arguments: { action: "start" },
      })) as ToolResult & { structuredContent?: { session?: string } };
      return { client, session: started.structuredContent?.session };
    };
    const [one, other] = [await connect(), await connect()];
    const call = async (
      who: typeof one,
      name: string,
      args: Record<string, unknown>,
    ): Promise<string> => {
      const r = (await who.client.callTool(
        { name, arguments: { session: who.session, ...args } },
        undefined,
        { timeout: 120_000 },
      )) as ToolResult;
      const text = (r.content ?? []).map((x) => x.text ?? "").join("\n");
      if (!r.isError) return "answered";
      return /^([A-Z_]+):/.exec(text)?.[1] ?? "error";
    };
    const idleMb = rssMb(agent.child.pid);
    const pid = agent.child.pid;

    // ── Structural reads ──────────────────────────────────────────────────
    const rows = [["file", "size", "read", "outcome", "took", "agent peak"]];
    let slowest = 0;
    let greediest = 0;
    let failures = 0;
    for (const f of FILES) {
      for (const [what, args] of [
        ["outline", { from: f.name, outline: true }],
        ["focus", { from: `${f.name}#${f.focus}` }],
      ] as const) {
        log(`${f.label}: ${what}…`);
        const start = performance.now();
        const { value, peakMb } = await peakRss(pid, () => call(one, "read", args));
        const took = performance.now() - start;
        const fine =
          value === "answered" || value === "TOO_COMPLEX" || value === "SYMBOL_AMBIGUOUS";
        if (!fine) failures++;
        if (!f.reference) {
          slowest = Math.max(slowest, took);
          greediest = Math.max(greediest, peakMb);
        }
        rows.push([
          `${f.label}${f.reference ? " *" : ""}`,
          `${((sizes.get(f.name) ?? 0) / MiB).toFixed(1)} MiB`,
          what,
          value,
          ms(took),
          `${peakMb.toFixed(0)} MB`,
        ]);
      }
    }

    // ── Small calls beside a slow one ────────────────────────────────────
    const read = () => call(one, "read", { from: "small.txt:1" });
    const paste = () => call(other, "paste", { to: "tiny.yaml", text: "b: 2\n", mode: "append" });
    const undo = () => call(other, "undo", {});
    const timed = async (op: () => Promise<string>) => {
      const start = performance.now();
      const outcome = await op();
      if (outcome !== "answered") throw new Error(`a small call answered ${outcome}`);
      return performance.now() - start;
    };
    log("small calls on the idle agent…");
    const idle = { read: [] as number[], paste: [] as number[] };
    for (let i = 0; i < 10; i++) {
      idle.read.push(await timed(read));
      idle.paste.push(await timed(paste));
      await undo();
    }
    log("small calls beside a slow outline (10 MiB of TypeScript, then of regions)…");
    const during = { read: [] as number[], paste: [] as number[] };
    let longMs = 0;
    for (const slow of ["big.ts", "regions.py"]) {
      let done = false;
      const began = performance.now();
      const running = call(one, "read", { from: slow, outline: true }).finally(() => {
        done = true;
        longMs = Math.max(longMs, performance.now() - began);
      });
      await new Promise((r) => setTimeout(r, 300)); // the outline is being parsed
      while (!done) {
        const r = await timed(read);
        const p = await timed(paste);
        await undo();
        if (done) break;
        during.read.push(r);
        during.paste.push(p);
      }
      await running;
    }
    const stat = (samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        n: sorted.length,
        median: percentile(sorted, 0.5),
        p90: percentile(sorted, 0.9),
        max: sorted.at(-1) ?? Number.NaN,
      };
    };
    const [idleRead, idlePaste, busyRead, busyPaste] = [
      stat(idle.read),
      stat(idle.paste),
      stat(during.read),
      stat(during.paste),
    ];

    console.log("\nHostile files read for their structure, through a real agent\n");
    console.log(table(rows));
    console.log(
      `\n* not hostile, for reference (tree-sitter's parse of 10 MiB of code): not held to the bars.\nedgeclip-agent memory (RSS): ${idleMb.toFixed(0)} MB idle after connecting; the peaks above are the whole process, its compute threads included.`,
    );
    console.log(
      "\nSmall calls: a 1-line `read` in the slow call's session, a 1-line paste into a 5-byte YAML file in another\n",
    );
    const times = (v: number, floor: number) => `${(v / floor).toFixed(1)}×`;
    console.log(
      table([
        ["", "calls", "median", "p90", "max", "×idle"],
        [
          "read, idle agent (floor)",
          String(idleRead.n),
          ms(idleRead.median),
          ms(idleRead.p90),
          ms(idleRead.max),
          "1.0×",
        ],
        [
          "read, beside a slow outline",
          String(busyRead.n),
          ms(busyRead.median),
          ms(busyRead.p90),
          ms(busyRead.max),
          times(busyRead.median, idleRead.median),
        ],
        [
          "paste, idle agent (floor)",
          String(idlePaste.n),
          ms(idlePaste.median),
          ms(idlePaste.p90),
          ms(idlePaste.max),
          "1.0×",
        ],
        [
          "paste, beside a slow outline",
          String(busyPaste.n),
          ms(busyPaste.median),
          ms(busyPaste.p90),
          ms(busyPaste.max),
          times(busyPaste.median, idlePaste.median),
        ],
      ]),
    );
    console.log(`(the slow outlines took up to ${ms(longMs)})`);
    console.log("\nTargets:");
    check(
      failures === 0,
      `every structural read answered or refused TOO_COMPLEX: ${failures} otherwise`,
    );
    check(
      slowest <= END_MS,
      `every structural read of a hostile file ends within ${END_MS / 1000} s: slowest ${ms(slowest)}`,
    );
    check(
      greediest <= PEAK_MB,
      `the agent stays within ${PEAK_MB} MB on hostile files: peak ${greediest.toFixed(0)} MB`,
    );
    check(
      busyRead.n > 0 && busyRead.p90 <= SMALL_MS && busyPaste.p90 <= SMALL_MS,
      `a small call beside a slow one answers within ${SMALL_MS} ms (p90): read ${ms(busyRead.p90)}, paste ${ms(busyPaste.p90)} (${busyRead.n} of each)`,
    );
    return 0;
  } finally {
    for (const client of clients) await client.close().catch(() => undefined);
    await agent?.stop();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
