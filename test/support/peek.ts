import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Another account looking into a directory of the user's for `seconds`
 * (issue 42 §4): it walks it over and over, reads every file it can, and
 * counts what it read and how often a file held `marker`. It prints
 * `{"walks":N,"reads":N,"sawMarker":N}` at the end. Plain Node, no dependency:
 * the tests run it as another user
 * (`node test/support/peek.ts <dir> <seconds> <marker>`).
 */
const [dir = ".", seconds = "5", marker = "\u0000"] = process.argv.slice(2);
const until = Date.now() + Number(seconds) * 1000;
let walks = 0;
let reads = 0;
let sawMarker = 0;

function walk(at: string): void {
  let names: string[];
  try {
    names = readdirSync(at);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(at, name);
    try {
      const text = readFileSync(file, "utf8");
      reads++;
      if (text.includes(marker)) sawMarker++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EISDIR") walk(file);
    }
  }
}

while (Date.now() < until) {
  walk(dir);
  walks++;
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(`${JSON.stringify({ walks, reads, sawMarker })}\n`);
