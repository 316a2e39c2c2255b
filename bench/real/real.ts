/**
 * `npm run bench:real`: moves on code no one here wrote, judged by the
 * language's own check, beside the language's own refactoring (issue 26).
 *
 * For each pinned project (bench/real/projects.ts), units are drawn by a
 * seeded rule (bench/real/units.ts) and each is moved into a new file in
 * another directory:
 * - by edgeclip: `move {from: "<file>#<name>", to: "<new file>"}` through a
 *   real `wrangler dev` and a real agent rooted at a copy of the project;
 *   then the check, then one `undo`, which must restore every file byte for byte;
 * - by the language's own refactoring on another copy: TypeScript's language
 *   service ("Move to file"), or rope's move for Python.
 * The check is the language's own: TypeScript's compiler with the project's
 * settings (`tsc --noEmit -p`); for Python, compiling every module, importing
 * each in a fresh process, and pyflakes' undefined names. A move succeeds
 * when the check finds nothing it did not find in the untouched project.
 *
 * `npm run bench:real -- rxjs markdown` runs only the projects named.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type AgentProcess, startAgentProcess } from "../../scripts/agent-process.ts";
import { buildAgent } from "../../scripts/build-agent.ts";
import {
  credentialHeaders,
  type DevServer,
  freePort,
  startLocalDev,
} from "../../scripts/wrangler-dev.ts";
import { check, table } from "../report.ts";
import { CACHE, ensureCachePackages, ensureProject, PYTHON } from "./cache.ts";
import { classOf, type Found, newFindings } from "./classes.ts";
import { PROJECTS, type ProjectSpec } from "./projects.ts";
import { differences, freshCopy, restore, type Snapshot, snapshot, writeTexts } from "./tree.ts";
import { loadTypeScript, TsProject, type TsUnit } from "./ts-tools.ts";
import { type Candidate, type Move, pickMoves } from "./units.ts";

const log = (text: string) => process.stderr.write(`${text}\n`);
const PY_TOOLS = path.join(import.meta.dirname, "py_tools.py");

/** One side's outcome for one move. */
interface Outcome {
  ok: boolean;
  /** The tool refused or failed (its message); undefined when it ran. */
  refused?: string;
  found: Found[];
  seconds: number;
}

interface MoveReport {
  move: Move;
  edgeclip: Outcome & { receipt: string; undoExact: boolean; undoDiffers: string[] };
  baseline: Outcome;
}

/** A project's language-specific parts: its units, the check, and the baseline's move. */
interface Side {
  candidates: Candidate[];
  dirs: string[];
  fileName: (name: string) => string;
  check(root: string): Found[];
  baseline(move: Move, root: string): string | undefined;
  baselineName: string;
}

function pythonJson<T>(args: string[]): T {
  const out = execFileSync(PYTHON, [PY_TOOLS, ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONWARNINGS: "ignore" },
  });
  return JSON.parse(out) as T;
}

function typescriptSide(spec: ProjectSpec & { lang: "typescript" }, pristine: string): Side {
  const project = new TsProject(loadTypeScript(CACHE), pristine, spec.config);
  const candidates: (Candidate & TsUnit)[] = project.units();
  const files = project.files();
  const dirs = [...new Set(files.map((f) => path.posix.dirname(f)))];
  return {
    candidates,
    dirs,
    fileName: (name) => `${name}.ts`,
    check: (root) => project.check(root),
    baseline: (move, root) => {
      const texts = project.moveToFile(move.unit as TsUnit, move.dest);
      if (!texts.size) return "the language service offered no edits";
      writeTexts(root, texts);
      return undefined;
    },
    baselineName: "TypeScript's Move to file",
  };
}

function pythonSide(spec: ProjectSpec & { lang: "python" }, pristine: string): Side {
  const listed = pythonJson<{ units: Candidate[]; packageDirs: string[] }>([
    "units",
    pristine,
    ...spec.packages,
  ]);
  // A module the untouched project cannot import cannot judge a move by importing it.
  const check = (root: string) =>
    pythonJson<{ file: string; kind: string; message: string }[]>([
      "check",
      root,
      ...spec.packages,
    ]).map((f) => ({ file: f.file, code: f.kind, message: f.message }));
  const unimportable = new Set(
    check(pristine)
      .filter((f) => f.code === "import")
      .map((f) => f.file),
  );
  return {
    candidates: listed.units.filter((u) => !unimportable.has(u.path)),
    dirs: listed.packageDirs,
    fileName: (name) => `${name.toLowerCase()}.py`,
    check,
    baseline: (move, root) => {
      const done = pythonJson<{ ok: boolean; error?: string }>([
        "rope",
        root,
        move.unit.path,
        move.unit.name,
        move.dest,
      ]);
      return done.ok ? undefined : (done.error ?? "rope failed");
    },
    baselineName: "rope's move",
  };
}

function timed<T>(work: () => T): [T, number] {
  const start = performance.now();
  const value = work();
  return [value, (performance.now() - start) / 1000];
}

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}
const textOf = (r: ToolResult) =>
  (r.content ?? [])
    .map((c) => c.text ?? "")
    .join("\n")
    .trim();

async function runProject(
  spec: ProjectSpec,
  server: DevServer,
  client: Client,
  agentBin: string,
): Promise<MoveReport[]> {
  const pristine = ensureProject(spec);
  const work = path.join(CACHE, "work", spec.name);
  const edgeRoot = path.join(work, "edgeclip");
  const baseRoot = path.join(work, "baseline");
  freshCopy(pristine, edgeRoot);
  freshCopy(pristine, baseRoot);
  const snap: Snapshot = snapshot(pristine);
  log(`${spec.name}: listing units…`);
  const side =
    spec.lang === "typescript" ? typescriptSide(spec, pristine) : pythonSide(spec, pristine);
  const moves = pickMoves(
    side.candidates,
    side.dirs,
    side.fileName,
    new Set(snap.keys()),
    spec.lang === "typescript" ? spec.newDir : undefined,
  );
  log(`${spec.name}: checking the untouched project…`);
  const before = side.check(edgeRoot);
  const beforeBase = side.check(baseRoot);

  let agent: AgentProcess | undefined;
  const reports: MoveReport[] = [];
  try {
    agent = await startAgentProcess({
      server: server.url,
      localToken: server.token,
      bin: [process.execPath, agentBin],
      root: edgeRoot,
      name: `real-${spec.name}`,
      project: `real-${spec.name}`,
    });
    const started = (await client.callTool({
      name: "session",
      arguments: { action: "start", project: `real-${spec.name}` },
    })) as { structuredContent?: { session?: string } };
    const session = started.structuredContent?.session;
    for (const [i, move] of moves.entries()) {
      const label = `${move.unit.path}#${move.unit.name} → ${move.dest}`;
      log(`${spec.name} ${i + 1}/${moves.length}: ${label}`);
      // edgeclip
      const t0 = performance.now();
      const result = (await client.callTool({
        name: "move",
        arguments: { from: `${move.unit.path}#${move.unit.name}`, to: move.dest, session },
      })) as ToolResult;
      const moveSeconds = (performance.now() - t0) / 1000;
      const receipt = textOf(result);
      const [found, checkSeconds] = result.isError ? [[], 0] : timed(() => side.check(edgeRoot));
      const fresh = newFindings(before, found);
      let undoExact = true;
      let undoDiffers: string[] = [];
      if (!result.isError) {
        const undone = (await client.callTool({
          name: "undo",
          arguments: { session },
        })) as ToolResult;
        undoDiffers = differences(edgeRoot, snap);
        undoExact = !undone.isError && undoDiffers.length === 0;
        if (undone.isError) undoDiffers = [`undo failed: ${textOf(undone)}`, ...undoDiffers];
      } else if (differences(edgeRoot, snap).length) {
        undoExact = false;
        undoDiffers = ["a refused move changed files"];
      }
      restore(edgeRoot, snap);
      // the language's own refactoring
      const [refusedBase, baseSeconds] = timed(() => {
        try {
          return side.baseline(move, baseRoot);
        } catch (error) {
          return error instanceof Error ? error.message.split("\n")[0] : String(error);
        }
      });
      const [foundBase, baseCheck] =
        refusedBase === undefined ? timed(() => side.check(baseRoot)) : [[], 0];
      const freshBase = newFindings(beforeBase, foundBase);
      restore(baseRoot, snap);
      reports.push({
        move,
        edgeclip: {
          ok: !result.isError && fresh.length === 0,
          ...(result.isError ? { refused: receipt } : {}),
          found: fresh,
          seconds: moveSeconds + checkSeconds,
          receipt,
          undoExact,
          undoDiffers,
        },
        baseline: {
          ok: refusedBase === undefined && freshBase.length === 0,
          ...(refusedBase === undefined ? {} : { refused: refusedBase }),
          found: freshBase,
          seconds: baseSeconds + baseCheck,
        },
      });
    }
  } finally {
    await agent?.stop();
  }
  return reports;
}

const percent = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)} %` : "n/a");
const oneLine = (s: string, max = 160) => {
  const line = s.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

function describe(outcome: Outcome): string {
  if (outcome.refused !== undefined) return `refused: ${oneLine(outcome.refused)}`;
  const classes = [...new Set(outcome.found.map(classOf))];
  const first = outcome.found[0];
  return `${classes.join("; ")} — ${first ? `${first.file}: ${first.code} ${oneLine(first.message, 120)}` : ""}${outcome.found.length > 1 ? ` (+${outcome.found.length - 1} more)` : ""}`;
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const specs = only.length ? PROJECTS.filter((p) => only.includes(p.name)) : PROJECTS;
  if (!specs.length) throw new Error(`no project named ${only.join(", ")}`);
  ensureCachePackages();
  let server: DevServer | undefined;
  let client: Client | undefined;
  const all: { spec: ProjectSpec; reports: MoveReport[] }[] = [];
  try {
    log("building the agent and starting wrangler dev…");
    const bin = await buildAgent();
    server = await startLocalDev({
      port: await freePort(),
      persistTo: mkdtempSync(path.join(tmpdir(), "edgeclip-bench-real-")),
      quiet: true,
      rebuilds: false,
    });
    client = new Client({ name: "edgeclip-bench-real", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", server.url), {
        requestInit: { headers: credentialHeaders(server) },
      }),
    );
    for (const spec of specs)
      all.push({ spec, reports: await runProject(spec, server, client, bin) });
  } finally {
    await client?.close().catch(() => undefined);
    await server?.stop();
  }

  console.log(
    "\nMoves on real code: each unit into a new file in another directory, judged by the",
  );
  console.log(
    "language's own check (TypeScript: tsc with the project's settings; Python: compile,",
  );
  console.log(
    "import every module, pyflakes' undefined names), beside the language's own refactoring.\n",
  );
  const header = ["project", "units", "edgeclip", "baseline", "", "undo exact", "edgeclip s/move"];
  const rows = all.map(({ spec, reports }) => {
    const n = reports.length;
    const ok = reports.filter((r) => r.edgeclip.ok).length;
    const base = reports.filter((r) => r.baseline.ok).length;
    const exact = reports.filter((r) => r.edgeclip.undoExact).length;
    const seconds = reports.reduce((s, r) => s + r.edgeclip.seconds, 0) / Math.max(1, n);
    return [
      `${spec.name} (${spec.lang === "typescript" ? spec.npm : `${spec.deb} ${spec.version}`})`,
      String(n),
      `${ok} (${percent(ok, n)})`,
      `${base} (${percent(base, n)})`,
      spec.lang === "typescript" ? "language service" : "rope",
      `${exact}/${n}`,
      seconds.toFixed(1),
    ];
  });
  console.log(table([header, ...rows]));

  for (const { spec, reports } of all) {
    const failed = reports.filter((r) => !r.edgeclip.ok || !r.baseline.ok || !r.edgeclip.undoExact);
    if (!failed.length) continue;
    console.log(`\n${spec.name}:`);
    for (const r of failed) {
      console.log(
        `  ${r.move.unit.path}#${r.move.unit.name} → ${r.move.dest} (${r.move.unit.importers} importers)`,
      );
      if (!r.edgeclip.ok) console.log(`    edgeclip: ${describe(r.edgeclip)}`);
      if (!r.edgeclip.undoExact)
        console.log(`    undo not exact: ${r.edgeclip.undoDiffers.slice(0, 5).join(", ")}`);
      if (!r.baseline.ok) console.log(`    baseline: ${describe(r.baseline)}`);
    }
  }

  console.log("\nFailure classes (edgeclip):");
  const classes = new Map<string, number>();
  for (const { reports } of all)
    for (const r of reports) {
      if (r.edgeclip.ok) continue;
      const names =
        r.edgeclip.refused !== undefined
          ? ["refused"]
          : [...new Set(r.edgeclip.found.map(classOf))];
      for (const c of names) classes.set(c, (classes.get(c) ?? 0) + 1);
    }
  for (const [c, n] of [...classes].sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${c}`);
  if (!classes.size) console.log("  none");

  console.log("\nBars (issue 26):");
  for (const lang of ["typescript", "python"] as const) {
    const mine = all.filter((p) => p.spec.lang === lang);
    if (!mine.length) continue;
    const reports = mine.flatMap((p) => p.reports);
    const ok = reports.filter((r) => r.edgeclip.ok).length;
    const bar = lang === "typescript" ? 0.95 : 0.8;
    for (const { spec, reports: rs } of mine) {
      const mineOk = rs.filter((r) => r.edgeclip.ok).length;
      const baseOk = rs.filter((r) => r.baseline.ok).length;
      check(
        mineOk >= baseOk,
        `${spec.name}: edgeclip ${mineOk}/${rs.length} ≥ ${lang === "typescript" ? "the language service" : "rope"} ${baseOk}/${rs.length}`,
      );
    }
    check(
      ok >= bar * reports.length,
      `${lang === "typescript" ? "TypeScript" : "Python"} overall ≥ ${bar * 100} %: ${percent(ok, reports.length)} (${ok}/${reports.length})`,
    );
  }
  const reports = all.flatMap((p) => p.reports);
  const exact = reports.filter((r) => r.edgeclip.undoExact).length;
  check(exact === reports.length, `every undo exact: ${exact}/${reports.length}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
