import { z } from "zod";
import { getPage, pageNote } from "../../core/paging.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { countLines, numberLines } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { resolveRef } from "../references.ts";
import * as p from "../schemas.ts";

/**
 * Shows what a reference names when no other read does: lines of an earlier
 * result, or a symbol or passage of an entry. The content gets its own result id.
 */
export const cite = defineAction({
  input: z.strictObject({ session: p.session, ref: p.ref, page: p.page, agent: p.agent }),
  output: z.object({
    what: z.string(),
    content: z.string(),
    lines: z.number(),
    page: z.number(),
    pages: z.number(),
    result: p.resultId,
    first_line: z.number(),
  }),
  async run(s, args) {
    const got = await resolveRef(s, args.ref, args.agent);
    if (!got.ok) return got;
    const page = getPage(got.value.text, args.page, undefined, 1);
    if (!page)
      return fail(
        "INVALID_ARGUMENT",
        `\`page\` ${args.page} is past the end: ${got.value.what} has ${getPage(got.value.text, 1, undefined, 1)?.pages ?? 1} page(s).`,
      );
    const content = page.text;
    return ok({
      what: got.value.what,
      content,
      lines: countLines(got.value.text),
      page: args.page,
      pages: page.pages,
      result: `r${s.results.keep("read", content, page.firstLine)}`,
      first_line: page.firstLine,
    });
  },
  text: (r) => [
    `${r.result} ${r.what}${pageNote(r.page, r.pages)}:`,
    numberLines(r.content, r.first_line),
  ],
});
