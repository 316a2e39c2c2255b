import { z } from "zod";
import { ok } from "../../core/errors.ts";
import { SCOPES } from "../../core/names.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import * as p from "../schemas.ts";

export const clipboardClear = defineTool({
  name: "clipboard_clear",
  title: "Clear clipboard scope",
  description:
    "Delete every entry of one scope (default: this session), or with `expired_only` only the expired ones. Clearing `project` or `user` affects your other sessions too.",
  annotations: destructive({ idempotent: true }),
  input: z.strictObject({
    session: p.session,
    scope: p.scope.default("session").describe("The scope to clear."),
    expired_only: z.boolean().default(false).describe("Delete only entries whose TTL has passed."),
  }),
  receipt: true,
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
