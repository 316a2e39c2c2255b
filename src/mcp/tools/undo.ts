import { z } from "zod";
import { ok } from "../../core/errors.ts";
import { plural } from "../../core/text.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { changedFile, changedFiles, describeFiles } from "../file-receipts.ts";
import * as p from "../schemas.ts";

const output = z.object({
  operation: z.number().describe("This undo's (or redo's) own id in history."),
  reverted: z.array(z.number()).describe("The operations undone (or redone), newest first."),
  files: z.array(changedFile),
});

/** `undo`, or with `redo` its mirror: the same shape, opposite direction. */
export function revertTool(redo: boolean) {
  const name = redo ? "redo" : "undo";
  return defineTool({
    name,
    title: redo ? "Redo file operations" : "Undo file operations",
    description: redo
      ? "Re-apply the last `count` file operations that `undo` reverted."
      : "Revert the last `count` file operations of this session (paste, cut, export to a file), restoring every file they changed, all or none. Refused with UNDO_CONFLICT if a file changed since, unless `force`.",
    annotations: destructive({ openWorld: true }),
    input: z.strictObject({
      session: p.session,
      count: z
        .number({ error: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .max(20, "must be at most 20")
        .default(1)
        .describe("How many operations."),
      force: z
        .boolean()
        .default(false)
        .describe("Revert a changed file where its changed region is still intact."),
    }),
    output,
    receipt: true,
    async run(s, args) {
      const done = await s.files.revert(args.count, args.force, redo);
      if (!done.ok) return done;
      return ok({
        operation: done.value.id,
        reverted: done.value.ops.map((o) => o.id),
        files: changedFiles(done.value.results),
      });
    },
    text: (r) => [
      `${redo ? "Redid" : "Undid"} ${r.reverted.map((id) => `#${id}`).join(", ")} (${plural(r.files.length, "file change")}, operation #${r.operation}):\n${describeFiles(r.files)}`,
    ],
  });
}

export const undo = revertTool(false);
