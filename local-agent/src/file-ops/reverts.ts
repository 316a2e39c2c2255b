import type { ApplyArgs } from "../../../src/shared/bridge/protocol.ts";
import { LEDGER_LIMITS } from "../ledger.ts";
import { type OpRecord, revertMismatch } from "../op-record.ts";
import { failure, type Workspace } from "./workspace.ts";

/**
 * The undo authority's check, before an operation with revert edits touches a
 * file: the agent's ledger must say it wrote what each one reverts.
 */

/**
 * The agent reverts only what it wrote (DESIGN.md §4): each revert edit must
 * match the agent's record of the operation and result it names, which was
 * not reverted already (nor named twice here). Checked inside the paths'
 * locks, before any file is read for writing, so a refusal changes nothing.
 */
export async function checkReverts(
  ws: Workspace,
  args: ApplyArgs,
  where: { display: string }[],
): Promise<ReturnType<typeof failure> | undefined> {
  const records = new Map<number, OpRecord | undefined>();
  const named = new Set<string>();
  for (const [i, edit] of args.edits.entries()) {
    if (edit.kind !== "revert") continue;
    const { op } = edit.reverts;
    if (!records.has(op))
      records.set(op, await ws.journal.ledger.find({ session: args.context.session, op }));
    const key = `${op}:${edit.reverts.edit}`;
    const reason = named.has(key)
      ? `result ${edit.reverts.edit + 1} of operation #${op} is named twice`
      : revertMismatch(records.get(op), edit);
    named.add(key);
    if (reason)
      return failure(
        "UNDO_UNRECORDED",
        `\`${where[i]?.display}\` cannot be reverted: ${reason}. The agent undoes and redoes only what its own record says it wrote (records are kept ${LEDGER_LIMITS.maxAgeMs / 86_400_000} days); nothing was changed. If the file should change, edit it yourself.`,
        i,
      );
  }
  return undefined;
}
