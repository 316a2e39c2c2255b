import { z } from "zod";
import type { EditResult } from "../bridge/protocol.ts";
import type { ToolFailure } from "../core/errors.ts";
import { describeChange, shortHash } from "../core/file-changes.ts";

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
  /** Checked by the syntax guard (a language the agent parses): whether the file parses after. */
  parses: z.boolean().optional(),
});
export type ChangedFile = z.infer<typeof changedFile>;

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

/** "- src/a.ts +12 −0 at line 30 (hash 1a2b… → 3c4d…)", one line per file. */
export function describeFiles(files: readonly ChangedFile[]): string {
  return files
    .map(
      (f) =>
        `- ${describeChange(f)} (hash ${f.hash_before} → ${f.hash_after})` +
        (f.parses === undefined ? "" : f.parses ? ", parses" : ", does not parse"),
    )
    .join("\n");
}

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
