import type { EditResult, RevertEdit } from "../shared/bridge/protocol.ts";

/** The first 12 hex digits of a hash: what receipts show, and enough for `expect`. */
export function shortHash(hash: string | null): string {
  return hash === null ? "none" : hash.slice(0, 12);
}

/**
 * The edits that revert an applied operation: each edit's undo, newest first,
 * each expecting the file as the operation left it, and naming the result it
 * came from (`reverts`: operation `op`, result `first + i`), which the agent
 * checks against its own record. Results in `kept` (targets the agent's
 * recovery did not write) have nothing to revert and are left out.
 */
export function reversalOf(
  results: readonly EditResult[],
  op: number,
  first = 0,
  kept: ReadonlySet<number> = new Set(),
): RevertEdit[] {
  return results
    .map(
      (r, i) =>
        ({
          kind: "revert",
          reverts: { op, edit: first + i },
          undo: r.undo,
          expect: r.after_hash,
          force: false,
        }) as const,
    )
    .filter((e) => !kept.has(e.reverts.edit))
    .reverse();
}

/** `results` cut into consecutive runs of `counts[i]` results. */
export function splitResults<T>(results: readonly T[], counts: readonly number[]): T[][] {
  const parts: T[][] = [];
  let at = 0;
  for (const count of counts) {
    parts.push(results.slice(at, at + count));
    at += count;
  }
  return parts;
}

/** "src/a.ts +12 −3 at line 30" (or "created", "removed"). */
export function describeChange(
  r: Pick<
    EditResult,
    "path" | "created" | "removed" | "lines_added" | "lines_removed" | "first_line"
  >,
): string {
  if (r.removed) return `${r.path} removed`;
  const delta = `+${r.lines_added} −${r.lines_removed}`;
  return `${r.path} ${r.created ? "created, " : ""}${delta} at line ${r.first_line}`;
}
