import { z } from "zod";
import { ok } from "../../shared/core/errors.ts";
import { defineAction } from "../define-tool.ts";
import * as p from "../schemas.ts";

export const history = defineAction({
  input: z.strictObject({
    session: p.session,
    limit: z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(100, "must be at most 100")
      .default(20),
    op: z.string().min(1).optional().describe('Only operations of this kind, e.g. "copy".'),
  }),
  output: z.object({
    operations: z.array(
      z.object({
        id: z.number(),
        op: z.string(),
        key: z.string().nullable(),
        scope: z.string().nullable(),
        summary: z.string(),
        at: z.string(),
      }),
    ),
  }),
  async run(s, args) {
    const operations = s.log
      .history(args.limit, args.op)
      .map((h) => ({ ...h, at: new Date(h.at).toISOString() }));
    return ok({ operations });
  },
  text: (r) => [
    r.operations.length
      ? r.operations.map((o) => `#${o.id} ${o.at} ${o.op}: ${o.summary}`).join("\n")
      : "No operations yet.",
  ],
});
