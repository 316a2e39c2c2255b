import { z } from "zod";
import { parseLineRange } from "../../refs/syntax.ts";
import type { EditResult } from "../../shared/bridge/protocol.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { checkTargets } from "../../shared/core/paste-targets.ts";
import { showable } from "../../shared/core/quote.ts";
import { countLines, estimateTokens, plural, utf8Bytes } from "../../shared/core/text.ts";
import { transformPiece } from "../../shared/refs/transforms.ts";
import { defineAction } from "../define-tool.ts";
import { builtText } from "../failures.ts";
import { readFileLines } from "../file-lines.ts";
import {
  buildCheck,
  type ChangedFile,
  changedFile,
  changedFiles,
  fileReceipt,
  forTarget,
  importFields,
  importsOf,
  unfollowedLines,
} from "../file-receipts.ts";
import { checkTransform, expandTransform } from "../references.ts";
import * as p from "../schemas.ts";
import { describeSelection, selectorOf, selectorProblem } from "../selection.ts";
import { removalEdit, toPasteEdit } from "../targets.ts";

const input = z.strictObject({
  session: p.session,
  from: z
    .strictObject({
      path: p.path,
      lines: z.string().max(40).optional().describe('"14..18".'),
      ...p.selector,
      lang: p.lang,
    })
    .describe("What to move: `lines`, `focus` or `start`/`end` of a file."),
  to: p.target.describe("Where it goes, as a paste target (same file allowed)."),
  transform: p.transformSpec.optional(),
  allow_syntax_errors: p.allowSyntaxErrors,
  keep: z.boolean().default(false),
  dry_run: z.boolean().default(false),
  agent: p.agent,
});

const output = z.object({
  operation: z.number(),
  dry_run: z.boolean(),
  from: z.string(),
  /** The unit's lines where it was, as a locator: `shapes.py:5-11`. */
  moved: z.string(),
  lines: z.number(),
  bytes: z.number(),
  tokens_kept_out: z.number(),
  files: z.array(changedFile),
  ...importFields,
  /** Files under the roots that imported the unit from its old file, now importing it from the new one. */
  importers: z.array(z.string()).optional(),
  /** Private declarations of the old file only the unit used, moved with it. */
  brought: z.array(z.string()).optional(),
  /** What the language's own checker found (the build guard), for a move into another file. */
  check: buildCheck.optional(),
});

/** Whether two paths the model wrote name the same file (`./a.ts`, `a/../a.ts`, `a.ts`). */
function samePath(a: string, b: string): boolean {
  const norm = (p: string) => {
    const parts: string[] = [];
    for (const part of p.replace(/\\/g, "/").split("/")) {
      if (part === "" || part === ".") continue;
      if (part === "..") parts.pop();
      else parts.push(part);
    }
    return `${p.startsWith("/") ? "/" : ""}${parts.join("/")}`;
  };
  return norm(a) === norm(b);
}

function lineBreaks(text: string): number {
  let n = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

/**
 * `move` (DESIGN.md §2): cut and paste as one journaled operation in the
 * agent, so both files change or neither, even through a crash, and one
 * `undo` reverts both. The source is read first (its exact text and hash);
 * then one `apply` removes it (expecting that hash) and pastes it.
 */
export const move = defineAction({
  input,
  output,
  precheck(args) {
    const from = args.from;
    const ways = [from.lines, from.focus, from.start].filter((w) => w !== undefined);
    if (ways.length !== 1)
      return {
        code: "INVALID_ARGUMENT",
        message: "`from` selects with exactly one of `lines`, `focus` and `start`/`end`.",
      };
    if (from.lines !== undefined) {
      const range = parseLineRange(from.lines);
      if ("error" in range || range.result !== undefined)
        return {
          code: "INVALID_ARGUMENT",
          message: `\`from.lines\`: ${"error" in range ? range.error : "a result cannot be moved; give file lines like 14..18"}.`,
        };
    }
    return (
      selectorProblem(from, "`from`: ") ?? checkTargets([args.to]) ?? checkTransform(args.transform)
    );
  },
  async run(s, args) {
    const { from } = args;
    const range = from.lines === undefined ? undefined : parseLineRange(from.lines);
    const select = selectorOf(from);
    const read = await readFileLines(s, {
      path: from.path,
      ...(range && !("error" in range) ? { start_line: range.start, end_line: range.end } : {}),
      select,
      agent: args.agent,
    });
    if (!read.ok) return read;
    const r = read.value;
    if (r.text === "")
      return fail("INVALID_ARGUMENT", `\`from\` selects nothing in \`${r.path}\`.`);
    const transform = await expandTransform(s, args.transform, args.agent);
    if (!transform.ok) return transform;
    // The moved text is built within the entry limit: a `replace` cannot blow it up.
    const built = builtText(transformPiece(r.text, transform.value, LIMITS.entryBytes));
    if (!built.ok) return built;
    const text = built.value;
    let to = args.to;
    const sameFile = [from.path, r.path, r.abs].some((p) => samePath(p, to.path));
    // The lines the removal takes: whole lines (a symbol, with the blank lines
    // that set it apart), or, for a passage inside lines, as many as it holds breaks.
    const whole = r.selection === undefined || r.selection.removes !== undefined;
    const gone = r.selection?.removes ?? { start_line: r.start_line, end_line: r.end_line };
    const removed = whole ? gone.end_line - gone.start_line + 1 : lineBreaks(r.text);
    if (sameFile && (to.line !== undefined || to.start_line !== undefined)) {
      // Line numbers in `to` count in the file as it is; the removal comes first.
      const shift = (line: number | undefined) => {
        if (line === undefined) return { line };
        if (line > gone.end_line) return { line: line - removed };
        if (line < gone.start_line) return { line };
        return { error: line };
      };
      const line = shift(to.line);
      const start = shift(to.start_line);
      const end = shift(to.end_line);
      const inside = [line, start, end].find((l) => "error" in l);
      if (inside && "error" in inside)
        return fail(
          "INVALID_ARGUMENT",
          `\`to\` line ${inside.error} is inside what moves (lines ${r.start_line}–${r.end_line}); pick a line outside it.`,
        );
      to = { ...to, line: line.line, start_line: start.line, end_line: end.line };
    }
    const selected = describeSelection(r.selection);
    const where = `${r.path} lines ${r.start_line}–${r.end_line}${selected ? ` (${selected})` : ""}`;
    const applied = await s.files.apply({
      kind: "move",
      edits: [
        removalEdit(r, select),
        toPasteEdit(to, args.transform?.indent, 1, from.focus !== undefined),
      ],
      texts: ["", text],
      dryRun: args.dry_run,
      syntaxGuard: args.allow_syntax_errors ? "report" : "refuse",
      // Into another file, the unit takes its imports along, and the project is checked.
      carryImports: sameFile ? undefined : { from: 0, to: 1 },
      buildGuard: sameFile ? undefined : args.keep ? "keep" : "refuse",
      agent: args.agent,
      describe: (results) => {
        const n = importersOf(results).length;
        return `moved ${where} to ${results[1]?.path}${n ? `, and ${plural(n, "importer")} now import it from there` : ""}`;
      },
    });
    if (!applied.ok)
      return { ok: false, error: forTarget(applied.error, (i) => (i === 0 ? "`from`" : "`to`")) };
    const bytes = utf8Bytes(text);
    const importers = importersOf(applied.value.results);
    return ok({
      operation: applied.value.id,
      dry_run: args.dry_run,
      from: where,
      moved: `${r.path}:${r.start_line}${r.end_line > r.start_line ? `-${r.end_line}` : ""}`,
      lines: countLines(text),
      bytes,
      // The model neither read the code nor wrote it back.
      tokens_kept_out: args.dry_run ? 0 : estimateTokens(utf8Bytes(r.text) + bytes),
      files: changedFiles(applied.value.results),
      // The edits' results, then the importers the move rewrote.
      ...importsOf(applied.value.results.slice(0, 2), applied.value.results),
      ...(importers.length ? { importers: importers.map((x) => x.path) } : {}),
      ...(applied.value.results[1]?.brought?.length
        ? { brought: applied.value.results[1].brought }
        : {}),
      ...(applied.value.check ? { check: applied.value.check } : {}),
    });
  },
  text: (r) => {
    // The first change is the removal; the receipt names the unit, where it was.
    const [, ...placed] = r.files;
    const importers = r.importers ?? [];
    const dest = placed.slice(0, placed.length - importers.length);
    return [
      fileReceipt(
        "move",
        `${r.moved} `,
        dest.length ? dest : r.files,
        r.operation,
        r.dry_run,
        [
          // What else left the old file, the model should know without reading.
          ...(r.brought?.length ? [`brought ${r.brought.map(showable).join(", ")}`] : []),
          ...(importers.length ? importersNotes(importers.length, placed.slice(dest.length)) : []),
        ],
        r.check,
      ),
      ...unfollowedLines(r),
    ];
  },
});

/**
 * A move's importers: the results after its two edits' (a new package's
 * `__init__.py` it created comes first among them, and is not one).
 */
const importersOf = (results: readonly EditResult[]) =>
  results.slice(2).filter((r) => r.package !== true);

/**
 * What the receipt says of the importers a move rewrote: how many (their
 * names are in `structuredContent`: the definitions promise they follow), and
 * any that no longer parses, by name (the model must act on it).
 */
function importersNotes(count: number, files: ChangedFile[]): string[] {
  const broken = files.filter((f) => f.parses === false).map((f) => showable(f.path));
  return [
    `${plural(count, "importer")} updated`,
    ...(broken.length ? [`importers that do not parse: ${broken.join(", ")}`] : []),
  ];
}
