import { z } from "zod";
import { ok } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { defineAction } from "../define-tool.ts";
import * as p from "../schemas.ts";

export const clearAction = defineAction({
  input: z.strictObject({
    session: p.session,
    scope: p.scope.default("session").describe("The scope to clear."),
    expired_only: z.boolean().default(false).describe("Delete only entries whose TTL has passed."),
  }),
  output: z.object({ scope: z.enum(SCOPES), deleted: z.number(), expired_only: z.boolean() }),
  async run(s, args) {
    const deleted = await s.inScope(args.scope, "clear", args.expired_only);
    s.log.record(
      "clear",
      null,
      args.scope,
      `cleared ${deleted} ${args.expired_only ? "expired " : ""}entries`,
    );
    return ok({ scope: args.scope, deleted, expired_only: args.expired_only });
  },
  text: (r) => [
    `Deleted ${r.deleted} ${r.expired_only ? "expired " : ""}${r.deleted === 1 ? "entry" : "entries"} from the ${r.scope} scope.`,
  ],
});
