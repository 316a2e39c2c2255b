import { z } from "zod";
import { pageNote } from "../../core/paging.ts";
import { ok } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { numberLines } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { notFound } from "../failures.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  key: p.key,
  scope: p.lookupScope,
  start_line: p.lineNumber.optional().describe("First line to return (1-based, inclusive)."),
  end_line: p.lineNumber.optional().describe("Last line to return (inclusive)."),
  page: p.page,
  include_expired: z.boolean().default(false).describe("Read an entry whose TTL has passed."),
});

const output = z.object({
  key: z.string(),
  scope: z.enum(SCOPES),
  content: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  total_lines: z.number(),
  bytes: z.number(),
  page: z.number(),
  pages: z.number(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  result: p.resultId,
});

export const getEntry = defineAction({
  input,
  output,
  async run(s, args) {
    const request = {
      key: args.key,
      startLine: args.start_line,
      endLine: args.end_line,
      page: args.page,
      includeExpired: args.include_expired,
    };
    // Read in each scope in lookup order: one call per scope, not a lookup and then a read.
    let read: Awaited<ReturnType<typeof s.inScope<"read">>> | undefined;
    for (const scope of args.scope ? [args.scope] : s.scopes) {
      read = await s.inScope(scope, "read", request);
      if (read.ok || read.error.code !== "ENTRY_NOT_FOUND") break;
    }
    if (!read?.ok)
      return read && read.error.code !== "ENTRY_NOT_FOUND" ? read : notFound(args.key, args.scope);
    const { entry, text, startLine, endLine, page, pages } = read.value;
    return ok({
      result: `r${s.results.keep("read", text, startLine)}`,
      key: entry.key,
      scope: entry.scope,
      content: text,
      start_line: startLine,
      end_line: endLine,
      total_lines: entry.lines,
      bytes: entry.bytes,
      page,
      pages,
      expires_at: entry.expires_at,
      expired: entry.expired,
    });
  },
  text: (r) => [
    `${r.result} @${r.key}:${r.start_line}-${r.end_line} of ${r.total_lines}${r.scope === "session" ? "" : ` (${r.scope})`}` +
      pageNote(r.page, r.pages) +
      (r.expired ? `, EXPIRED at ${r.expires_at}` : "") +
      ":",
    numberLines(r.content, r.start_line),
  ],
});
