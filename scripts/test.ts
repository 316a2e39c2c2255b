/**
 * `npm test`: the whole suite, what CI runs. The type check and lint
 * (`npm run check`) run beside the vitest projects rather than before them
 * (they take ~10 s of a 2-core machine that the tests, mostly waiting on
 * servers, leave idle). A failed check stops the run at once and prints why;
 * otherwise the exit code is vitest's. Extra arguments go to vitest.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { WRANGLER_ENV } from "./wrangler-dev.ts";

const ROOT = path.join(import.meta.dirname, "..");
const env = { ...process.env, ...WRANGLER_ENV };

let checkOutput = "";
const check = spawn("npm", ["run", "--silent", "check"], {
  cwd: ROOT,
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
check.stdout.on("data", (d: Buffer) => {
  checkOutput += d.toString();
});
check.stderr.on("data", (d: Buffer) => {
  checkOutput += d.toString();
});

const vitest = spawn(
  process.execPath,
  [path.join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", ...process.argv.slice(2)],
  { cwd: ROOT, env, stdio: "inherit" },
);

check.on("exit", (code) => {
  if (code === 0) {
    process.stderr.write("npm run check: types, lint and format are clean\n");
    return;
  }
  process.stderr.write(`\nnpm run check failed (${code}):\n${checkOutput}\n`);
  vitest.kill("SIGTERM");
  process.exitCode = 1;
});

vitest.on("exit", (code, signal) => {
  if (process.exitCode === 1) return;
  const checked = check.exitCode === null ? new Promise((r) => check.once("exit", r)) : undefined;
  void Promise.resolve(checked).then(() => {
    process.exitCode = check.exitCode !== 0 ? 1 : (code ?? (signal ? 1 : 0));
  });
});
