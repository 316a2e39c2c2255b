import { z } from "zod";
import { rank } from "../../core/search.ts";
import type { SearchHit } from "../../session/clipboard.ts";
import { ok } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { defineAction } from "../define-tool.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  query: z
    .string()
    .min(1, "must not be empty; give the text to look for")
    .max(1000, "must be at most 1000 characters"),
  scope: p.lookupScope.describe("Search one scope only. Omitted: all three."),
  tags: p.tags.optional().describe("Only entries carrying all of these tags."),
  max_results: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20),
  include_expired: z.boolean().default(false),
});

const output = z.object({
  results: z.array(
    z.object({
      key: z.string(),
      scope: z.enum(SCOPES),
      score: z.number(),
      description: z.string(),
      content_matches: z.number(),
      line: z.number().optional(),
      snippet: z.string().optional(),
    }),
  ),
});

export const searchAction = defineAction({
  input,
  output,
  async run(s, args) {
    const hits: SearchHit[] = [];
    for (const scope of args.scope ? [args.scope] : s.scopes) {
      hits.push(...(await s.inScope(scope, "search", args.query, args.tags, args.include_expired)));
    }
    const results = rank(args.query, hits, args.max_results).map((h) => ({
      key: h.key,
      scope: h.scope,
      score: Math.round(h.score * 10) / 10,
      description: h.description,
      content_matches: h.contentMatches,
      ...(h.line !== undefined ? { line: h.line, snippet: h.snippet ?? "" } : {}),
    }));
    return ok({ results });
  },
  text: (r) =>
    r.results.length === 0
      ? ["No entries match."]
      : [
          r.results
            .map(
              (h) =>
                `- \`${h.key}\` (${h.scope})${h.line !== undefined ? ` line ${h.line}: ${h.snippet}` : ""}${h.description ? ` — ${h.description}` : ""}`,
            )
            .join("\n"),
        ],
});
