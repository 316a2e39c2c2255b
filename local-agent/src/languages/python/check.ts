import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { withTree } from "../../syntax/parser.ts";
import type { Change, CheckContext, Checked, LanguageChecker } from "../check.ts";
import { type Diagnostic, lineAt } from "../diagnostics.ts";
import { runTool } from "../tool-run.ts";
import { typeOnlyReads } from "./scopes.ts";

/**
 * Python's build check: pyflakes (syntax errors, names used and defined
 * nowhere, imports left unused) over every file the move writes, as they are
 * and as it leaves them, read from copies. What crosses modules (an import
 * that would fail when the code loads) is the move's load check, which runs
 * before this (python/load-check.ts: refused as MOVE_BLOCKED). pyflakes
 * reads the code and runs none of it; it is the system's `python3 -m
 * pyflakes` (Debian: python3-pyflakes), never anything of the project.
 */

/**
 * Where pyflakes is looked for, in order: its own command, the python3 on
 * PATH (a project's virtualenv may have it), the system's (Debian's
 * python3-pyflakes installs the module only).
 */
const PYFLAKES = [
  ["pyflakes3"],
  ["pyflakes"],
  ["python3", "-m", "pyflakes"],
  ["/usr/bin/python3", "-m", "pyflakes"],
] as const;

/** A pyflakes line: `path:line:col: message` (older versions: `path:line: message`). */
const LINE = /^(.+?\.py):(\d+)(?::\d+)?:? (.*)$/;

/** The pyflakes command that ran, found once an agent: PATH does not change under it. */
let pyflakesCommand: readonly string[] | undefined;

/**
 * Runs pyflakes over `paths`: the command found before, else each of PYFLAKES
 * in turn (a python3 without the module says so, and the next is tried).
 * Its output, or why none could run.
 */
async function runFlakes(
  paths: readonly string[],
  cwd: string,
  deadline: number,
): Promise<{ output: string } | string> {
  for (const [command, ...first] of pyflakesCommand ? [pyflakesCommand] : PYFLAKES) {
    if (command === undefined) continue;
    const tried = await runTool(command, [...first, ...paths], { cwd, deadline });
    if (!tried.ok && tried.why !== "missing") return tried.message;
    if (tried.ok && !/No module named pyflakes/.test(tried.output)) {
      pyflakesCommand = [command, ...first];
      return tried;
    }
  }
  pyflakesCommand = undefined;
  return "no pyflakes (Debian: apt install python3-pyflakes; else pip install pyflakes)";
}

/**
 * What pyflakes says of each side's texts, each read from a copy named as the
 * file is, all in one run.
 */
async function flakes(
  sides: readonly (readonly { abs: string; text: string }[])[],
  scratch: string,
  deadline: number,
): Promise<Diagnostic[][] | string> {
  const copies = new Map<string, { abs: string; text: string; side: number }>();
  for (const [side, files] of sides.entries())
    for (const [i, f] of files.entries()) {
      const dir = path.join(scratch, String(side), String(i));
      await mkdir(dir, { recursive: true });
      const copy = path.join(dir, path.basename(f.abs));
      await writeFile(copy, f.text);
      copies.set(copy, { ...f, side });
    }
  const out: Diagnostic[][] = sides.map(() => []);
  if (!copies.size) return out;
  const ran = await runFlakes([...copies.keys()], scratch, deadline);
  if (typeof ran === "string") return ran;
  for (const line of ran.output.split("\n")) {
    const m = LINE.exec(line.trim());
    const file = m?.[1] ? copies.get(path.resolve(scratch, m[1])) : undefined;
    if (!m?.[2] || m[3] === undefined || !file) continue;
    const at = Number(m[2]);
    // A line the project marks `# noqa` is one it means to keep, as flake8 reads it.
    if (/#\s*noqa\b/i.test(file.text.split("\n")[at - 1] ?? "")) continue;
    out[file.side]?.push({
      file: file.abs,
      line: at,
      code: "",
      message: m[3],
      same: comparable(m[3]),
    });
  }
  return out;
}

async function check(changes: readonly Change[], context: CheckContext): Promise<Checked> {
  const scratch = await mkdtemp(path.join(tmpdir(), "edgeclip-py-check-"));
  try {
    const found = await flakes(
      (["before", "after"] as const).map((side) =>
        changes.flatMap((c) => {
          const text = c[side];
          return text === undefined ? [] : [{ abs: c.abs, text }];
        }),
      ),
      scratch,
      context.deadline,
    );
    if (typeof found === "string") return { ok: false, why: found };
    const [before = [], after = []] = found;
    return {
      ok: true,
      before: [...before, ...(await typeCheckingNameErrors(changes, "before"))],
      after: [...after, ...(await typeCheckingNameErrors(changes, "after"))],
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * What pyflakes cannot see: a name bound only under `if TYPE_CHECKING:` and
 * read where Python evaluates it (python/scopes.ts typeOnlyReads), a
 * NameError on import or when the code reading it runs.
 */
async function typeCheckingNameErrors(
  changes: readonly Change[],
  which: "before" | "after",
): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const c of changes) {
    const text = c[which];
    // Most files have no guard: not parsed again for it.
    if (text === undefined || !text.includes("TYPE_CHECKING")) continue;
    // A module too deep to walk (a hostile file): what pyflakes says of it stands alone.
    const reads = await withTree(text, "python", (tree) => typeOnlyReads(tree, text)).catch(
      (error: unknown) => {
        if (error instanceof RangeError || /call stack/i.test(String(error))) return [];
        throw error;
      },
    );
    for (const r of reads) {
      const message = `name '${r.name}' is imported only under TYPE_CHECKING and read ${r.immediate ? "as the module loads (NameError on import)" : "at run time (NameError when that code runs)"}`;
      out.push({ file: c.abs, line: lineAt(text, r.at), code: "", message });
    }
  }
  return out;
}

export const pythonChecker: LanguageChecker = {
  name: "pyflakes",
  languages: ["python"],
  check,
};

/**
 * A pyflakes message as the guard compares it: without the module an
 * unused import names (`'.runtime.Undefined'` is `'Undefined'`: a move
 * changes the module, not the finding) and the line another finding points
 * at (`from line 29`: a move shifts lines).
 */
export function comparable(message: string): string {
  return message
    .replace(/^'(?:[.\w]*\.)?([\w*]+)' imported but unused/, "'$1' imported but unused")
    .replace(/ from line \d+/g, " from line …")
    .replace(/ on line \d+/g, " on line …");
}
