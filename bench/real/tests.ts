/**
 * The projects' own tests, as `npm run bench:real` judges a move by them
 * (issue 33): each runner's failing tests by id, as findings (classes.ts), so
 * that a test failing after a move and not in the untouched project is a new
 * finding like any other. A run that does not complete (a runner that cannot
 * load its files, a timeout) is one finding. Each runner writes its report
 * beside the tree, never in it: a test run must leave the tree as it was.
 * A test counts as failing only when it fails twice: on shared cores, a
 * suite's timeouts fail a passing test now and then.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PYTHON } from "./cache.ts";
import { type Found, INCOMPLETE, newFindings } from "./classes.ts";
import type { TestSpec } from "./projects.ts";

const PY_TOOLS = path.join(import.meta.dirname, "py_tools.py");
const TIMEOUT_MS = 20 * 60_000;

interface MochaReport {
  failures: { fullTitle: string; file?: string }[];
}
interface VitestReport {
  testResults: {
    name: string;
    status: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}
interface PytestReport {
  exit: number;
  failed: string[];
  tail: string[];
}

const lastLines = (text: string, n = 8) => text.trim().split("\n").slice(-n).join("\n");
const failed = (file: string, id: string): Found => ({ file, code: "test", message: id });

/**
 * The tests that fail in the tree at `root` (a copy of the project; its
 * packages under `importRoot`). With `changed`, the files a move wrote, a
 * runner that can run only the tests related to them does.
 */
export function failingTests(
  tests: TestSpec,
  root: string,
  importRoot: string,
  changed?: readonly string[],
): Found[] {
  const report = `${root}.tests.json`;
  rmSync(report, { force: true });
  const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
  let command: string[];
  let env: Record<string, string | undefined> = { ...process.env };
  if (tests.runner === "mocha") {
    command = [process.execPath, tests.bin, "--reporter", "json"];
    command.push("--reporter-option", `output=${report}`, ...tests.args);
  } else if (tests.runner === "vitest") {
    const related = tests.related && changed ? ["related", "--run", ...changed] : ["run"];
    command = [process.execPath, tests.bin, ...related, ...tests.args];
    command.push("--passWithNoTests", "--reporter=json", `--outputFile=${report}`);
    env = { ...env, ...tests.env };
  } else {
    command = [PYTHON, PY_TOOLS, "tests", root, ...tests.args];
    // The project's own warning filters apply (pytest's settings), not the bench's.
    const { PYTHONWARNINGS: _, ...rest } = env;
    env = { ...rest, PYTHONPATH: path.join(root, importRoot), PYTHONDONTWRITEBYTECODE: "1" };
  }
  const [bin = "", ...args] = command;
  const run = spawnSync(bin, args, {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: TIMEOUT_MS,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const incomplete = (why: string): Found[] => [
    { file: "", code: "test", message: `${INCOMPLETE} (${why})` },
  ];
  if (run.error) return incomplete(run.error.message);
  if (tests.runner === "pytest") {
    let out: PytestReport;
    try {
      out = JSON.parse(run.stdout) as PytestReport;
    } catch {
      // The run ended before its report (a process that exits from a test, a crash).
      return incomplete(`exit ${run.status ?? run.signal}: ${lastLines(run.stderr || run.stdout)}`);
    }
    // 0: all passed, 1: some failed, 5: none collected.
    if (![0, 1, 5].includes(out.exit))
      return incomplete(`pytest exit ${out.exit}: ${lastLines(out.tail.join("\n"))}`);
    return out.failed.map((id) => failed(id.split("::")[0] ?? id, id));
  }
  if (!existsSync(report)) {
    // vitest writes no report when it finds no test related to the files.
    if (run.status === 0) return [];
    return incomplete(`exit ${run.status ?? run.signal}: ${lastLines(run.stderr || run.stdout)}`);
  }
  const text = readFileSync(report, "utf8");
  rmSync(report, { force: true });
  if (tests.runner === "mocha")
    return (JSON.parse(text) as MochaReport).failures.map((f) => {
      const file = f.file ? rel(f.file) : "";
      return failed(file, `${file} > ${f.fullTitle}`);
    });
  return (JSON.parse(text) as VitestReport).testResults.flatMap((r) => {
    const file = rel(r.name);
    const failures = r.assertionResults.filter((a) => a.status === "failed");
    // A file that fails with no test failing: it could not be loaded.
    if (r.status === "failed" && !failures.length) return [failed(file, file)];
    // Older vitest begins a name with a space (its root suite's empty one).
    return failures.map((a) => failed(file, `${file} > ${a.fullName.trim()}`));
  });
}

/**
 * The tests failing in the tree at `root` that did not fail untouched
 * (`known`), run twice when any does: a test counts when it fails both
 * times, a run that does not complete when neither does.
 */
export function newFailures(
  tests: TestSpec,
  root: string,
  importRoot: string,
  known: readonly Found[],
  changed: readonly string[],
): Found[] {
  const bound = (f: Found) => tests.pathBound?.some((p) => f.message.includes(p.test)) === true;
  const run = () =>
    newFindings(known, failingTests(tests, root, importRoot, changed)).filter((f) => !bound(f));
  const first = run();
  if (!first.length) return first;
  const second = run();
  const again = new Set(second.map((f) => f.message));
  const incomplete = (f: Found) => f.message.startsWith(INCOMPLETE);
  const stillIncomplete = second.some(incomplete);
  return first.filter((f) => again.has(f.message) || (incomplete(f) && stillIncomplete));
}
