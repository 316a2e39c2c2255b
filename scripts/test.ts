/**
 * `npm test`: the whole suite, what CI runs. Three processes side by side:
 * - the type check and lint (`npm run check`, ~10 s of CPU): a failure stops
 *   the run at once and prints why;
 * - vitest for the `workers` project, in one workerd (`--maxWorkers 1`), its
 *   output held back and printed after the other's: each worker slot of that
 *   project starts a runtime of its own, which fetches and compiles the
 *   Worker's whole module graph, and in one runtime its files take ~20 s of one
 *   core; in the same vitest as the others, that one slot would be a group of
 *   its own that the others wait for (vitest runs groups one after another);
 * - vitest for every other project, its output live.
 * The run is CPU-bound on 2 cores, so what runs beside the rest fills time the
 * servers' and agents' waits would leave idle. The last lines repeat each
 * failed test either run named and add up both runs' summaries, in their form
 * ("N passed, N failed, N skipped").
 * With extra arguments (a file, `--project`, a test name), one vitest runs
 * them as given.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WRANGLER_ENV } from "./wrangler-dev.ts";

const ROOT = path.join(import.meta.dirname, "..");
const VITEST = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
/**
 * The run's temporary directory: every test's projects, agents' state and
 * checkers' copies go under it (TMPDIR), and it goes when the run ends, so
 * that runs do not fill the machine's /tmp. Open to all like /tmp (sticky):
 * the other-account tests' process reads what a test puts there for it.
 */
const TEMP = mkdtempSync(path.join(tmpdir(), "edgeclip-test-run-"));
chmodSync(TEMP, 0o1777);
/**
 * Node 22 keeps the code it compiled there (NODE_COMPILE_CACHE): the run starts wrangler,
 * vitest workers and agents dozens of times, each compiling the same megabytes of JavaScript
 * (wrangler's ~15 % of a start's CPU). A directory of its own, made private at once
 * (mkdtemp, 0700), not one inside TEMP: any account can make entries there, and a cache
 * another account planted would be code this run loads. Gone when the run ends.
 */
const COMPILE_CACHE = mkdtempSync(path.join(tmpdir(), "edgeclip-compile-cache-"));
const env = {
  ...process.env,
  ...WRANGLER_ENV,
  TMPDIR: TEMP,
  NODE_COMPILE_CACHE: COMPILE_CACHE,
};
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/gm;

interface Run {
  name: string;
  child: ChildProcess;
  /** Its stdout and stderr. */
  output: string;
  /** Whether its output is held back (else it is printed as it comes). */
  held: boolean;
  exit: Promise<number>;
}

function start(name: string, command: string, args: string[], live: boolean): Run {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const run: Run = {
    name,
    child,
    output: "",
    held: !live,
    exit: new Promise((resolve) =>
      child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
    ),
  };
  const take = (stream: NodeJS.WriteStream) => (data: Buffer) => {
    const text = data.toString();
    if (live) stream.write(text);
    run.output += text;
  };
  child.stdout?.on("data", take(process.stdout));
  child.stderr?.on("data", take(process.stderr));
  return run;
}

const extra = process.argv.slice(2);
const check = start("npm run check", "npm", ["run", "--silent", "check"], false);
/**
 * What a stopped run leaves running (an agent a test had paused with SIGSTOP, in a process
 * group of its own that the run's signal never reached; a test's Xvfb) is ended: every
 * process whose command line names the run's directory, or whose environment has it as
 * TMPDIR (Linux's /proc; elsewhere, nothing to find).
 */
function endLeftovers(): void {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      if (
        readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(TEMP) ||
        readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`TMPDIR=${TEMP}`)
      )
        process.kill(Number(pid), "SIGKILL");
    } catch {
      // gone, or another user's
    }
  }
}
const removeTemp = () => {
  endLeftovers();
  rmSync(TEMP, { recursive: true, force: true });
  rmSync(COMPILE_CACHE, { recursive: true, force: true });
};
process.once("exit", removeTemp);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    removeTemp();
    process.exit(130);
  });
const vitests = extra.length
  ? [start("vitest", process.execPath, [VITEST, "run", ...extra], true)]
  : [
      start(
        "vitest (workers)",
        process.execPath,
        [VITEST, "run", "--project", "workers", "--maxWorkers", "1"],
        false,
      ),
      start("vitest", process.execPath, [VITEST, "run", "--project", "!workers"], true),
    ];

let failed = false;
void check.exit.then((code) => {
  if (code === 0) {
    process.stderr.write("npm run check: types, lint and format are clean\n");
    return;
  }
  failed = true;
  process.stderr.write(`\nnpm run check failed (${code}):\n${check.output}\n`);
  for (const run of vitests) run.child.kill("SIGTERM");
});

const codes = await Promise.all(vitests.map((run) => run.exit));
await check.exit;
if (!failed) {
  for (const run of vitests)
    if (run.held) process.stdout.write(`\n── ${run.name} ──\n${run.output}`);
  if (vitests.length > 1) {
    /** The counts of a run's last summary line (summary-reporter.ts). */
    const counts = (run: Run) => [...run.output.matchAll(SUMMARY)].at(-1)?.slice(1).map(Number);
    const total = [0, 1, 2].map((i) =>
      vitests.reduce((sum, run) => sum + (counts(run)?.[i] ?? 0), 0),
    );
    /** The failed tests each run named (summary-reporter.ts), repeated where a log's tail shows them. */
    const failures = vitests.flatMap((run) => run.output.match(/^failed: .*$/gm) ?? []);
    process.stdout.write(
      `\nall projects:\n${failures.map((line) => `${line}\n`).join("")}` +
        `${total[0]} passed, ${total[1]} failed, ${total[2]} skipped\n`,
    );
  }
}
process.exitCode = failed || codes.some((code) => code !== 0) ? 1 : 0;
