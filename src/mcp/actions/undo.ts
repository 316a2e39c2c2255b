import { z } from "zod";
import { ok } from "../../shared/core/errors.ts";
import { defineAction } from "../define-tool.ts";
import { changedFile, changedFiles, fileReceipt } from "../file-receipts.ts";
import * as p from "../schemas.ts";

const output = z.object({
  operation: z.number().describe("This undo's (or redo's) own id in history."),
  reverted: z.array(z.number()).describe("The operations undone (or redone), newest first."),
  files: z.array(changedFile),
});

/** `undo`, or with `redo` its mirror: the same shape, opposite direction. */
export function revertTool(redo: boolean) {
  return defineAction({
    input: z.strictObject({
      session: p.session,
      count: p.operationCount.default(1).describe("How many operations."),
      force: z
        .boolean()
        .default(false)
        .describe("Revert a changed file where its changed region is still intact."),
    }),
    output,
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
      fileReceipt(
        redo ? "redo" : "undo",
        `op ${r.reverted.join(", ")} `,
        r.files,
        r.operation,
        false,
      ),
    ],
  });
}

export const undo = revertTool(false);
