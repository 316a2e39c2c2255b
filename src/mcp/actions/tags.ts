import { z } from "zod";
import type { TagAction } from "../../session/clipboard.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { defineAction } from "../define-tool.ts";
import { notFound } from "../failures.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  action: z.enum(["list", "add", "remove", "create", "delete"], {
    error: 'must be "list", "add", "remove", "create" or "delete"',
  }),
  key: p.key.optional().describe("The entry, for add / remove (and list, to see its tags)."),
  tags: p.tags.optional().describe("Tag names, for add / remove / create / delete."),
  description: p.description.optional().describe("With create: what the tag means."),
  scope: p.lookupScope.describe(
    "Scope of the entry or tags. Omitted: the entry's own scope, or session for create / delete / list.",
  ),
});

export const tagsAction = defineAction({
  input,
  output: z.object({
    action: z.string(),
    scope: z.enum(SCOPES),
    key: z.string().optional(),
    tags: z.array(
      z.union([
        z.string(),
        z.object({ name: z.string(), description: z.string(), entries: z.number() }),
      ]),
    ),
    entry_tags: z.array(z.string()).optional(),
    untagged: z.number().optional(),
  }),
  precheck(args) {
    if ((args.action === "add" || args.action === "remove") && args.key === undefined) {
      return {
        code: "INVALID_ARGUMENT",
        message: `\`key\` is required for action "${args.action}": name the entry to tag.`,
      };
    }
    if (args.action !== "list" && !args.tags?.length) {
      return {
        code: "INVALID_ARGUMENT",
        message: `\`tags\` is required for action "${args.action}": give at least one tag name.`,
      };
    }
    return undefined;
  },
  async run(s, args) {
    let scope = args.scope ?? "session";
    if (args.key !== undefined) {
      const found = await s.locate(args.key, args.scope);
      if (!found) return notFound(args.key, args.scope);
      scope = found;
    }
    const action: TagAction | undefined =
      args.action === "list"
        ? { action: "list", key: args.key }
        : args.action === "create"
          ? { action: "create", tags: args.tags ?? [], description: args.description }
          : args.action === "delete"
            ? { action: "delete", tags: args.tags ?? [] }
            : args.key !== undefined
              ? { action: args.action, key: args.key, tags: args.tags ?? [] }
              : undefined;
    if (!action) return fail("INVALID_ARGUMENT", "`key` is required for add / remove.");
    const result = await s.inScope(scope, "tag", action);
    if (!result.ok) return result;
    if (args.action !== "list")
      s.log.record(
        "tag",
        args.key ?? null,
        scope,
        `${args.action} tags ${(args.tags ?? []).join(", ")}`,
      );
    return ok({ ...result.value, scope });
  },
  text: (r) => {
    if (r.action === "list") {
      const all = r.tags.map((t) =>
        typeof t === "string"
          ? t
          : `${t.name} (${t.entries})${t.description ? ` — ${t.description}` : ""}`,
      );
      const own = r.entry_tags
        ? `\`${r.key ?? ""}\` has: ${r.entry_tags.join(", ") || "no tags"}\n`
        : "";
      return [`${own}Tags in the ${r.scope} scope: ${all.join(", ") || "none"}`];
    }
    return [
      `${r.action}: ${r.tags.map((t) => (typeof t === "string" ? t : t.name)).join(", ")}${r.key ? ` on \`${r.key}\`` : ""} (${r.scope})`,
    ];
  },
});
