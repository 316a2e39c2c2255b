import { z } from "zod";
import type { ExportDocument, ExportedEntry } from "../../core/export-format.ts";
import { describeChange } from "../../core/file-changes.ts";
import { escapeMarkersInJson } from "../../refs/syntax.ts";
import type { ExportFacts, ExportPages } from "../../session/export-pages.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { utf8Bytes } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { formatBytes } from "../receipts.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  scope: z
    .enum([...SCOPES, "all"], { error: 'must be "session", "project", "user" or "all"' })
    .default("all"),
  tags: p.tags.optional().describe("Only entries carrying all of these tags."),
  keys: z.array(p.key).optional().describe("Only these entries."),
  path: p.path.optional().describe("Write the whole export to this file instead (undoable)."),
  page: p.page,
  agent: p.agent,
});

export const exportAction = defineAction({
  input,
  output: z.object({
    entries: z.number(),
    bytes: z.number(),
    page: z.number(),
    pages: z.number(),
    document: z.string().describe("Without `path`: this page of the export."),
    path: z.string().optional(),
    operation: z.number().optional().describe("With `path`: the file operation's id (undo)."),
  }),
  precheck(args) {
    if (args.path !== undefined && args.page !== 1)
      return {
        code: "INVALID_ARGUMENT",
        message: "`page` is for inline exports; with `path` the whole export is written.",
      };
    return undefined;
  },
  async run(s, args) {
    // Pages after the first come from the snapshot page 1 took: one row each.
    const filter = JSON.stringify([args.scope, args.tags ?? null, args.keys ?? null]);
    const kept = args.path === undefined && args.page > 1 ? s.exports.find(filter) : undefined;
    if (kept) return pageOf(s.exports, kept, args.page);
    const entries: ExportedEntry[] = [];
    for (const scope of args.scope === "all" ? s.scopes : [args.scope]) {
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
    const bytes = utf8Bytes(json);
    if (args.path !== undefined) {
      const written = await s.files.apply({
        kind: "write",
        edits: [{ kind: "write", path: args.path, text: 0 }],
        texts: [json],
        agent: args.agent,
        describe: (results) =>
          `exported ${entries.length} entries to ${results.map(describeChange).join(", ")}`,
      });
      if (!written.ok) return written;
      const [file] = written.value.results;
      return ok({
        entries: entries.length,
        bytes,
        page: 1,
        pages: 1,
        document: "",
        path: file?.path,
        operation: written.value.id,
      });
    }
    // Shown inert the JSON way (`\u007b{ref:`): the same document, still valid JSON for import.
    const facts = s.exports.keep(filter, escapeMarkersInJson(json), {
      entries: entries.length,
      bytes,
    });
    return pageOf(s.exports, facts, args.page);
  },
  text: (r) =>
    r.path !== undefined
      ? [
          `Exported ${r.entries} ${r.entries === 1 ? "entry" : "entries"} (${formatBytes(r.bytes)}) to ${r.path} (operation #${r.operation}; undo with \`undo\`).`,
        ]
      : [
          `Exported ${r.entries} ${r.entries === 1 ? "entry" : "entries"}${r.pages > 1 ? `, page ${r.page} of ${r.pages}: join the pages in order for update action "import"` : ""}.`,
          r.document,
        ],
});

/** Page `page` of a kept export, or PAGE_OUT_OF_RANGE. */
function pageOf(exports: ExportPages, facts: ExportFacts, page: number) {
  const text = exports.page(page);
  if (text === undefined)
    return fail(
      "PAGE_OUT_OF_RANGE",
      `\`page\` ${page} does not exist; the export has ${facts.pages} page(s).`,
    );
  return ok({
    entries: facts.entries,
    bytes: facts.bytes,
    page,
    pages: facts.pages,
    document: text,
  });
}
