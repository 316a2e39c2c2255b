/**
 * `npm run bench`, second part: file operations through the whole path (SDK
 * client → Worker → session Durable Object → Bridge → edgeclip-agent → disk),
 * beside the same edits through the official filesystem MCP server
 * (@modelcontextprotocol/server-filesystem over stdio, `edit_file`). Prints
 * latency (median, p99), the tokens a model writes and reads for each edit,
 * and the agent's memory. See bench/README.md.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getEncoding } from "js-tiktoken";
import type { AgentProcess } from "../scripts/agent-process.ts";
import type { DevServer } from "../scripts/wrangler-dev.ts";
import { connectFilesystemServer } from "./filesystem-server.ts";
import { check, ms, table } from "./report.ts";
import { connectClient, startWithAgent } from "./servers.ts";
import { errorLog, type Latency, peakRss, percentile, recordError, rssMb } from "./stats.ts";

const MiB = 1024 * 1024;
const TIMEOUT_MS = 60_000;
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const tokenizer = getEncoding("o200k_base");

/** `count` numbered lines of ~60 characters, tagged. */
const lines = (count: number, tag: string, from = 1) =>
  Array.from(
    { length: count },
    (_, i) => `${tag} line ${from + i}: the quick brown fox jumps over the dog\n`,
  ).join("");

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

/** A client of one server, recording the tokens of the last call's arguments and result text. */
class Caller {
  readonly client: Client;
  readonly defaults: Record<string, unknown>;
  last = { written: 0, read: 0 };

  constructor(client: Client, defaults: Record<string, unknown> = {}) {
    this.client = client;
    this.defaults = defaults;
  }

  async call(
    name: string,
    args: Record<string, unknown>,
    count = false,
    timeout = TIMEOUT_MS,
  ): Promise<ToolResult> {
    const result = (await this.client.callTool(
      { name, arguments: { ...this.defaults, ...args } },
      undefined,
      { timeout },
    )) as ToolResult;
    const text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
    if (result.isError) throw new Error(`${name}: ${text.slice(0, 300)}`);
    if (count) this.last = { written: tokens(JSON.stringify(args)), read: tokens(text) };
    return result;
  }
}

/** o200k tokens, or an estimate (4 characters a token) for text too long to tokenize quickly. */
function tokens(text: string): number {
  return text.length > 2 * MiB ? Math.ceil(text.length / 4) : tokenizer.encode(text).length;
}

/** `runs` timed runs of `op` (after `warmup`), each preceded by an untimed `before`. */
async function time(
  op: () => Promise<void>,
  options: { runs: number; warmup: number; before?: () => Promise<void> },
): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < options.warmup + options.runs; i++) {
    try {
      await options.before?.();
      const start = performance.now();
      await op();
      if (i >= options.warmup) samples.push(performance.now() - start);
    } catch (error) {
      recordError(error);
    }
  }
  samples.sort((a, b) => a - b);
  return {
    n: samples.length,
    medianMs: percentile(samples, 0.5),
    p99Ms: percentile(samples, 0.99),
  };
}

interface Row {
  label: string;
  edgeclip: Latency;
  /** Or why the filesystem server could not do it. */
  filesystem: Latency | string;
  tokens: {
    edgeclip: { written: number; read: number };
    filesystem: { written: number; read: number };
  };
  target?: number;
}

async function main(): Promise<number> {
  const root = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-files-"));
  const state = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-state-"));
  let server: DevServer | undefined;
  let agent: AgentProcess | undefined;
  let edge: Caller | undefined;
  let fs: Caller | undefined;
  try {
    writeFileSync(path.join(root, "big.txt"), lines(10_000, "big"));
    for (const name of ["mid.txt", "t1.txt", "t2.txt", "t3.txt"])
      writeFileSync(path.join(root, name), lines(1_000, name));
    writeFileSync(path.join(root, "huge.txt"), "start\n");
    const hundred = [lines(100, "pasted-a"), lines(100, "pasted-b")];
    const tenMib = lines(Math.floor((10 * MiB - 1024) / 60), "ten-mib");

    log("building the agent and starting wrangler dev…");
    ({ server, agent } = await startWithAgent(root, state, "bench"));
    await new Promise((r) => setTimeout(r, 1_000));
    const startMb = rssMb(agent.child.pid);
    const edgeClient = await connectClient(server, "edgeclip-bench-files");
    const started = (await edgeClient.callTool({
      name: "session",
      arguments: { action: "start", project: "bench" },
    })) as ToolResult;
    edge = new Caller(edgeClient, { session: started.structuredContent?.session });
    fs = new Caller(await connectFilesystemServer(root, "edgeclip-bench-fs", process.cwd()));
    const e = edge;
    const f = fs;
    await e.call("copy", { key: "hundred-0", text: hundred[0] });
    await e.call("copy", { key: "hundred-1", text: hundred[1] });
    await e.call("copy", { key: "ten-mib", text: tenMib });
    const file = (name: string) => path.join(root, name);
    const rows: Row[] = [];
    const small = { runs: 60, warmup: 5 };

    // Each case alternates two contents, so every edit really changes the file.
    let flip = 0;
    const next = () => flip++ % 2;
    /** Lines 401–500 of a 1,000-line file, as they are now (what edit_file must quote). */
    const current = (name: string) =>
      readFileSync(file(name), "utf8").split("\n").slice(400, 500).join("\n").concat("\n");

    log("copy 100 lines from a 10,000-line file…");
    rows.push({
      label: "copy 100 lines of a 10,000-line file",
      edgeclip: await time(
        () => e.call("copy", { key: "c100", from: "big.txt:5001-5100" }, true).then(),
        small,
      ),
      filesystem: await time(
        () => f.call("read_text_file", { path: file("big.txt"), head: 100 }, true).then(),
        small,
      ),
      tokens: { edgeclip: e.last, filesystem: f.last },
      target: 25,
    });

    log("paste 100 lines into a 1,000-line file…");
    rows.push({
      label: "paste 100 lines into a 1,000-line file",
      edgeclip: await time(
        () => e.call("paste", { from: `@hundred-${next()}`, to: "mid.txt:401-500" }, true).then(),
        small,
      ),
      filesystem: await time(async () => {
        await f.call(
          "edit_file",
          {
            path: file("mid.txt"),
            edits: [{ oldText: current("mid.txt"), newText: hundred[next()] }],
          },
          true,
        );
      }, small),
      tokens: { edgeclip: e.last, filesystem: f.last },
      target: 25,
    });

    log("3-target paste…");
    const three = ["t1.txt", "t2.txt", "t3.txt"];
    let fsThree = { written: 0, read: 0 };
    rows.push({
      label: "paste 100 lines into 3 files (one operation)",
      edgeclip: await time(
        () =>
          e
            .call(
              "paste",
              { from: `@hundred-${next()}`, to: three.map((p) => `${p}:401-500`) },
              true,
            )
            .then(),
        small,
      ),
      filesystem: await time(async () => {
        const text = hundred[next()];
        fsThree = { written: 0, read: 0 };
        for (const p of three) {
          await f.call(
            "edit_file",
            { path: file(p), edits: [{ oldText: current(p), newText: text }] },
            true,
          );
          fsThree = { written: fsThree.written + f.last.written, read: fsThree.read + f.last.read };
        }
      }, small),
      tokens: { edgeclip: e.last, filesystem: fsThree },
      target: 25,
    });

    log("undo…");
    let undone = "";
    rows.push({
      label: "undo that 100-line paste",
      edgeclip: await time(() => e.call("undo", {}, true).then(), {
        ...small,
        before: () => e.call("paste", { from: `@hundred-${next()}`, to: "mid.txt:401-500" }).then(),
      }),
      filesystem: await time(
        async () => {
          await f.call(
            "edit_file",
            { path: file("mid.txt"), edits: [{ oldText: current("mid.txt"), newText: undone }] },
            true,
          );
        },
        {
          ...small,
          before: async () => {
            undone = current("mid.txt");
            await f.call("edit_file", {
              path: file("mid.txt"),
              edits: [{ oldText: undone, newText: hundred[next()] }],
            });
          },
        },
      ),
      tokens: { edgeclip: e.last, filesystem: f.last },
      target: 25,
    });

    await new Promise((r) => setTimeout(r, 2_000));
    const idleMb = rssMb(agent.child.pid);
    log("paste 10 MiB…");
    let peakMb = 0;
    let pasted = false;
    rows.push({
      label: "paste 10 MiB into a file",
      edgeclip: await time(
        async () => {
          const { peakMb: peak } = await peakRss(agent?.child.pid, () =>
            e.call("paste", { from: "@ten-mib", to: "huge.txt" }, true),
          );
          peakMb = Math.max(peakMb, peak);
          pasted = true;
        },
        // Each run starts from the small file: the previous run's paste is undone first.
        {
          runs: 5,
          warmup: 1,
          before: () => (pasted ? e.call("undo", {}).then() : Promise.resolve()),
        },
      ),
      filesystem: await f
        .call(
          "write_file",
          { path: file("huge-fs.txt"), content: `start\n${tenMib}` },
          true,
          15_000,
        )
        .then(
          () => "did it",
          // The MCP SDK's stdio transport refuses a message over 10 MiB: the request never arrives.
          (error: Error) => `fails (${error.message.replace(/^MCP error -?\d+: /, "")})`,
        ),
      tokens: {
        edgeclip: e.last,
        filesystem: {
          written: tokens(
            JSON.stringify({ path: file("huge-fs.txt"), content: `start\n${tenMib}` }),
          ),
          read: 0,
        },
      },
      target: 1_500,
    });

    print(rows, { startMb, idleMb, peakMb });
    const errors = errorLog();
    console.log(`\nErrors: ${errors.length}`);
    for (const message of errors.slice(0, 5)) console.log(`  ${message}`);
    return errors.length ? 1 : 0;
  } finally {
    await edge?.client.close().catch(() => undefined);
    await fs?.client.close().catch(() => undefined);
    await agent?.stop();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  }
}

function print(rows: Row[], memory: { startMb: number; idleMb: number; peakMb: number }): void {
  const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
  console.log(
    "\nedgeclip file operations (client → Worker → DO → agent → disk) beside server-filesystem (stdio)\n",
  );
  console.log(
    table([
      [
        "",
        "edgeclip median",
        "p99",
        "filesystem median",
        "p99",
        "×",
        "tokens w/r edgeclip",
        "filesystem",
      ],
      ...rows.map((r) => [
        r.label,
        ms(r.edgeclip.medianMs),
        ms(r.edgeclip.p99Ms),
        typeof r.filesystem === "string" ? r.filesystem : ms(r.filesystem.medianMs),
        typeof r.filesystem === "string" ? "" : ms(r.filesystem.p99Ms),
        typeof r.filesystem === "string"
          ? ""
          : `${(r.edgeclip.medianMs / r.filesystem.medianMs).toFixed(1)}×`,
        `${k(r.tokens.edgeclip.written)} / ${k(r.tokens.edgeclip.read)}`,
        `${k(r.tokens.filesystem.written)} / ${k(r.tokens.filesystem.read)}`,
      ]),
    ]),
  );
  console.log(
    "\n×: edgeclip's median over the filesystem server's. tokens w/r: o200k tokens the model writes (arguments) and reads (result text) for one edit.",
  );
  console.log(
    "The filesystem server reads 100 lines with `head` (it has no line ranges), pastes with edit_file quoting the old text,",
  );
  console.log(
    "has no undo (edit_file back), no multi-file atomicity (3 edit_file calls), and refuses a 10 MiB write_file (over its 10 MiB stdio message limit).",
  );
  console.log(
    `\nedgeclip-agent memory (RSS): ${memory.startMb.toFixed(0)} MB idle after connecting, ${memory.idleMb.toFixed(0)} MB idle after the small edits, ${memory.peakMb.toFixed(0)} MB at most during the 10 MiB pastes.`,
  );
  console.log("\nTargets:");
  for (const r of rows) {
    if (r.target !== undefined)
      check(
        r.edgeclip.medianMs <= r.target,
        `${r.label} median ≤ ${ms(r.target)}: ${ms(r.edgeclip.medianMs)}`,
      );
  }
  const idle = Math.max(memory.startMb, memory.idleMb);
  check(idle <= 80, `agent RSS idle ≤ 80 MB: ${idle.toFixed(0)} MB`);
  check(
    memory.peakMb <= 200,
    `agent RSS during the 10 MiB paste ≤ 200 MB: ${memory.peakMb.toFixed(0)} MB`,
  );
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
