import { z } from "zod";
import { dispatch } from "../actions/index.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  count: p.operationCount.optional(),
  redo: z.boolean().optional(),
  force: z.boolean().optional(),
});

export const undo = defineTool({
  name: "undo",
  title: "Undo or redo",
  description:
    "Revert the last `count` file operations (all or none), or re-apply undone ones with `redo: true`. Refused if a file changed since, unless `force`.",
  annotations: destructive({ openWorld: true }),
  input,
  // It rewrites files (the agent's `apply` refuses it too; this says so before anything is asked).
  needs: () => "writing files",
  run: (s, args) =>
    dispatch(s, args.redo ? "redo" : "undo", {
      session: args.session,
      count: args.count ?? 1,
      force: args.force ?? false,
    }),
});
