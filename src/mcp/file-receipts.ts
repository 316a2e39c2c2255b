import { z } from "zod";
import { shortHash } from "../core/file-changes.ts";
import type { EditResult } from "../shared/bridge/protocol.ts";
import type { ToolFailure } from "../shared/core/errors.ts";
import { showable } from "../shared/core/quote.ts";

/** One file a file operation changed (or, in a dry run, would change): no content. */
export const changedFile = z.object({
  path: z.string(),
  created: z.boolean(),
  removed: z.boolean(),
  lines_added: z.number(),
  lines_removed: z.number(),
  first_line: z.number(),
  hash_before: z.string(),
  hash_after: z.string(),
  /** Checked by the syntax guard (a language the agent parses): true cleanly, false with an error this operation made; left out when it kept only errors it had. */
  parses: z.boolean().optional(),
});
export type ChangedFile = z.infer<typeof changedFile>;

/** What the build guard found (protocol.ts `BuildCheck`), as a move's output carries it. */
export const buildCheck = z.object({
  checker: z.string(),
  outcome: z.enum(["passed", "broke", "not_checked"]),
  why: z.string().optional(),
  diagnostics: z.array(z.string()).optional(),
  files: z.array(z.string()).optional(),
  ms: z.number(),
});
export type BuildCheckOut = z.infer<typeof buildCheck>;

/**
 * What a receipt says of the build check in place of `parses`: `passes tsc`
 * (the checker that judged it: `passes go vet`, `passes cargo check`);
 * `new tsc errors in: a.ts` (a move kept with `keep`); or, where no checker
 * could judge it, `parses` and `not checked: <why>` (`parses` alone never
 * reads as a build). Worded to keep a one-file move's receipt within 30
 * tokens (`checked: tsc` took 31).
 */
function checkNote(check: BuildCheckOut, parses: string): string {
  switch (check.outcome) {
    case "passed":
      return parses.startsWith(" · does not parse") ? parses : ` · passes ${check.checker}`;
    case "broke":
      return `${parses.startsWith(" · does not parse") ? parses : ""} · new ${check.checker} errors in: ${(check.files ?? []).map(showable).join(", ")}`;
    default:
      return `${parses} · not checked: ${showable(check.why ?? "no checker")}`;
  }
}

export function changedFiles(results: readonly EditResult[]): ChangedFile[] {
  return results.map((r) => ({
    path: r.path,
    created: r.created,
    removed: r.removed,
    lines_added: r.lines_added,
    lines_removed: r.lines_removed,
    first_line: r.first_line,
    hash_before: shortHash(r.before_hash),
    hash_after: shortHash(r.after_hash),
    ...(r.parses !== undefined ? { parses: r.parses } : {}),
  }));
}

/**
 * Where a file changed, as a locator the model can read or cite next:
 * `src/a.ts:30-32` (the lines it holds now), `src/a.ts:30 (−4)` (lines
 * removed there), `(new)` or `(deleted)`; `(−2)` after a span counts the
 * lines it replaced.
 */
export function placeOf(f: ChangedFile): string {
  const path = showable(f.path);
  if (f.removed) return `${path} (deleted)`;
  const last = f.first_line + f.lines_added - 1;
  const span = f.lines_added > 1 ? `${f.first_line}-${last}` : `${f.first_line}`;
  const notes = [f.created ? "new" : "", f.lines_removed ? `−${f.lines_removed}` : ""].filter(
    Boolean,
  );
  return `${path}:${span}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/**
 * A file operation's receipt, in one line: `pasted @cfg → src/a.ts:30-32 ·
 * parses · op 12` (a one-file write: ≤ 20 tokens); a checked move says
 * `checked: tsc` there (`check`). `notes` go before the operation id (a
 * move's `2 importers updated`). Hashes, counts, imports carried and tokens
 * kept out are in its `structuredContent`.
 */
export function fileReceipt(
  verb: string,
  what: string,
  files: readonly ChangedFile[],
  operation: number,
  dryRun: boolean,
  notes: readonly string[] = [],
  check?: BuildCheckOut,
): string {
  const broken = files.filter((f) => f.parses === false).map((f) => showable(f.path));
  const syntax = broken.length
    ? ` · does not parse: ${broken.join(", ")}`
    : files.some((f) => f.parses)
      ? " · parses"
      : "";
  const parses = check ? checkNote(check, syntax) : syntax;
  const places = files.map(placeOf).join(", ");
  const noted = notes.map((note) => ` · ${note}`).join("");
  return dryRun
    ? `dry run, nothing written: would ${verb} ${what}→ ${places}${parses}${noted}`
    : `${pastTense(verb)} ${what}→ ${places}${parses}${noted} · op ${operation}`;
}

const pastTense = (verb: string) =>
  ({ paste: "pasted", move: "moved", cut: "cut", undo: "undid", redo: "redid" })[verb] ?? verb;

/**
 * An agent's refusal of an `apply`, naming the target it concerns: the agent
 * says which edit failed, and edit i is `targets[i]` (or `what` for a single one).
 */
export function forTarget(
  error: ToolFailure & { edit?: number },
  what: (edit: number) => string,
): ToolFailure {
  return error.edit === undefined
    ? error
    : { code: error.code, message: `${what(error.edit)}: ${error.message}` };
}

/**
 * What a move's or paste's files got besides the content (their imports), and
 * what it could not follow (in `all` its results, when a move's importers,
 * named on a line of their own, are left out of `results`).
 */
export function importsOf(
  results: readonly EditResult[],
  all: readonly EditResult[] = results,
): {
  imports?: string[];
  unresolved?: string[];
} {
  const changes = results.flatMap((r) => r.imports?.changes ?? []);
  const unresolved = all.flatMap((r) => r.imports?.unresolved ?? []);
  return {
    ...(changes.length ? { imports: changes } : {}),
    ...(unresolved.length ? { unresolved } : {}),
  };
}

/** The output fields `importsOf` fills. */
export const importFields = {
  imports: z.array(z.string()).optional().describe("What the files got besides the content."),
  unresolved: z.array(z.string()).optional().describe("What it could not follow."),
};

/**
 * The receipt's lines after the first: only what the model must act on, what
 * the operation could not follow. What the files got besides the content (the
 * imports a unit brought, those its old file dropped) is what the tools'
 * definitions promise, so it stays in `structuredContent` (`imports`).
 */
export function unfollowedLines(r: { unresolved?: string[] | undefined }): string[] {
  return r.unresolved?.length ? [`not followed: ${r.unresolved.map(showable).join("; ")}`] : [];
}
