import { z } from "zod";
import type { ListedEntry } from "../../session/clipboard.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { plural } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { formatBytes } from "../receipts.ts";
import * as p from "../schemas.ts";

const PER_PAGE = 100;

const input = z.strictObject({
  session: p.session,
  scope: z
    .enum([...SCOPES, "all"], { error: 'must be "session", "project", "user" or "all"' })
    .default("all")
    .describe("Which scope to list, or all of them."),
  tags: p.tags.optional().describe("Only entries carrying all of these tags."),
  any_tags: p.tags.optional().describe("Only entries carrying at least one of these tags."),
  include_expired: z.boolean().default(false).describe("Also list entries whose TTL has passed."),
  verbose: z.boolean().default(false).describe("Show each entry's first and last 3 lines."),
  page: p.page,
});

const output = z.object({
  entries: z.array(
    p.entry.extend({ head: z.array(z.string()).optional(), tail: z.array(z.string()).optional() }),
  ),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
});

export const listAction = defineAction({
  input,
  output,
  async run(s, args) {
    const scopes = args.scope === "all" ? s.scopes : [args.scope];
    const all: ListedEntry[] = [];
    for (const scope of scopes) {
      all.push(
        ...(await s.inScope(scope, "list", {
          tags: args.tags,
          anyTags: args.any_tags,
          includeExpired: args.include_expired,
          verbose: args.verbose,
        })),
      );
    }
    const pages = Math.max(1, Math.ceil(all.length / PER_PAGE));
    if (args.page > pages)
      return fail(
        "PAGE_OUT_OF_RANGE",
        `\`page\` ${args.page} does not exist; the listing has ${pages} page(s).`,
      );
    const entries = all.slice((args.page - 1) * PER_PAGE, args.page * PER_PAGE);
    return ok({ entries, total: all.length, page: args.page, pages });
  },
  text: (r) => {
    if (r.total === 0) return ["The clipboard is empty."];
    const lines = r.entries.map((e) => {
      const facts = [plural(e.lines, "line"), formatBytes(e.bytes)];
      if (e.tags.length) facts.push(`tags: ${e.tags.join(", ")}`);
      if (e.expired) facts.push("EXPIRED");
      else if (e.expires_at) facts.push(`expires ${e.expires_at}`);
      let line = `- \`${e.key}\` (${e.scope}) ${facts.join(", ")}${e.description ? ` — ${e.description}` : ""}`;
      if (e.head)
        line += `\n    ${[...e.head, ...(e.tail?.length ? ["…", ...e.tail] : [])].join("\n    ")}`;
      return line;
    });
    const more = r.pages > 1 ? `\nPage ${r.page} of ${r.pages}.` : "";
    return [`${r.total} ${r.total === 1 ? "entry" : "entries"}:\n${lines.join("\n")}${more}`];
  },
});
