import { z } from "zod";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { dispatch, dispatchProblem } from "../actions/index.ts";
import { readOnly } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  query: z.string().optional(),
  scope: z
    .enum([...SCOPES, "all"], { error: 'must be "session", "project", "user" or "all"' })
    .optional(),
  tags: p.tags.optional(),
  any_tags: p.tags.optional(),
  include_expired: z.boolean().optional(),
  verbose: z.boolean().optional(),
  page: p.page.unwrap().optional(),
});
type Args = z.output<typeof input>;

/** A listing, or with `query` a ranked search (which has no pages, `any_tags` or `verbose`). */
function routed(
  args: Args,
): { via: "list" | "search"; args: Record<string, unknown> } | ToolFailure {
  const common = { session: args.session, include_expired: args.include_expired ?? false };
  if (args.query === undefined)
    return {
      via: "list",
      args: {
        ...common,
        scope: args.scope ?? "all",
        ...(args.tags ? { tags: args.tags } : {}),
        ...(args.any_tags ? { any_tags: args.any_tags } : {}),
        verbose: args.verbose ?? false,
        page: args.page ?? 1,
      },
    };
  const extra = (["any_tags", "verbose", "page"] as const).filter((f) => args[f] !== undefined);
  if (extra.length)
    return {
      code: "INVALID_ARGUMENT",
      message: `\`query\` searches (the best 20 matches) and does not take ${extra.map((f) => `\`${f}\``).join(" or ")}; drop ${extra.length > 1 ? "them" : "it"}, or list without \`query\`.`,
    };
  return {
    via: "search",
    args: {
      ...common,
      query: args.query,
      ...(args.scope && args.scope !== "all" ? { scope: args.scope } : {}),
      ...(args.tags ? { tags: args.tags } : {}),
      max_results: 20,
    },
  };
}

export const list = defineTool({
  name: "list",
  title: "List entries",
  description:
    "List entries, newest first, without content, by `scope` and tags (`tags`: all of, `any_tags`: any of); with `query`, the best matches of keys, descriptions and content.",
  annotations: readOnly(),
  input,
  precheck(args) {
    const r = routed(args);
    return "code" in r
      ? r
      : dispatchProblem(r.via, r.args, r.via === "search" ? "query" : undefined);
  },
  async run(s, args) {
    const r = routed(args);
    return "code" in r ? { ok: false, error: r } : dispatch(s, r.via, r.args);
  },
});
