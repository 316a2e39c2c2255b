import { structuredPatch } from "diff";

export interface CompactDiff {
  /** Unified-diff hunks only (no file headers), 2 lines of context. */
  text: string;
  added: number;
  removed: number;
}

/** jsdiff gives up after this long, and `read` sends the content instead. */
const DIFF_TIMEOUT_MS = 500;

/**
 * What changed from `before` to `after`, as compact unified-diff hunks
 * (jsdiff). `undefined` when the diff took too long to compute.
 */
export function compactDiff(before: string, after: string): CompactDiff | undefined {
  const patch = structuredPatch("a", "b", before, after, undefined, undefined, {
    context: 2,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return undefined;
  const lines: string[] = [];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const line of hunk.lines) {
      if (line.startsWith("+")) added++;
      else if (line.startsWith("-")) removed++;
      lines.push(line);
    }
  }
  return { text: lines.join("\n"), added, removed };
}
