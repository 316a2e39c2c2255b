import { z } from "zod";
import { fail, ok } from "../../core/errors.ts";
import type { ExportDocument, ExportedEntry } from "../../core/export-format.ts";
import { SCOPES } from "../../core/names.ts";
import { getPage } from "../../core/paging.ts";
import { readOnly } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  scope: z
    .enum([...SCOPES, "all"], { error: 'must be "session", "project", "user" or "all"' })
    .default("all"),
  tags: p.tags.optional().describe("Only entries carrying all of these tags."),
  keys: z.array(p.key).optional().describe("Only these entries."),
  path: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .describe("Write the export to this file through the local agent instead of returning it."),
  page: p.page,
});

export const clipboardExport = defineTool({
  name: "clipboard_export",
  title: "Export clipboard",
  description:
    "Export entries with full metadata as JSON (format `edgeclip` version 1), returned inline (long exports in pages) for clipboard_import. Filter by `scope`, `tags` or `keys`.",
  annotations: readOnly(),
  input,
  output: z.object({
    entries: z.number(),
    bytes: z.number(),
    page: z.number(),
    pages: z.number(),
    document: z.string(),
  }),
  precheck(args) {
    if (args.path !== undefined) {
      return {
        code: "AGENT_NOT_CONNECTED",
        message:
          "`path` writes through the local agent on your machine, and none is connected. Omit `path` to get the export inline.",
      };
    }
    return undefined;
  },
  async run(s, args) {
    const entries: ExportedEntry[] = [];
    for (const scope of args.scope === "all" ? SCOPES : [args.scope]) {
      entries.push(
        ...(await s.inScope(scope, "exportEntries", { keys: args.keys, tags: args.tags })),
      );
    }
    const document: ExportDocument = {
      format: "edgeclip",
      version: 1,
      exported_at: new Date(s.now()).toISOString(),
      entries,
    };
    const json = JSON.stringify(document);
    const page = getPage(json, args.page);
    if (!page)
      return fail(
        "PAGE_OUT_OF_RANGE",
        `\`page\` ${args.page} does not exist; the export has ${getPage(json, 1)?.pages ?? 1} page(s).`,
      );
    return ok({
      entries: entries.length,
      bytes: new TextEncoder().encode(json).byteLength,
      page: page.page,
      pages: page.pages,
      document: page.text,
    });
  },
  text: (r) => [
    `Exported ${r.entries} ${r.entries === 1 ? "entry" : "entries"}${r.pages > 1 ? `, page ${r.page} of ${r.pages}: join the pages in order for clipboard_import` : ""}.`,
    r.document,
  ],
});
