import { z } from "zod";
import { ok } from "../../shared/core/errors.ts";
import { defineAction } from "../define-tool.ts";
import { notFound } from "../failures.ts";
import { receiptFor } from "../receipts.ts";
import * as p from "../schemas.ts";

export const deleteAction = defineAction({
  input: z.strictObject({ session: p.session, key: p.key, scope: p.lookupScope }),
  output: p.receipt.extend({ deleted: z.literal(true) }),
  async run(s, args) {
    const scope = await s.locate(args.key, args.scope);
    const deleted = scope && (await s.inScope(scope, "delete", args.key));
    if (!scope || !deleted) return notFound(args.key, args.scope);
    s.log.record("delete", args.key, scope, `deleted \`${args.key}\` (${scope})`);
    return ok({ ...receiptFor(deleted), deleted: true as const });
  },
  text: (r) => [`Deleted \`${r.key}\` (${r.scope}, ${r.lines} lines).`],
});
