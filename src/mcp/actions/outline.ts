import { z } from "zod";
import { shortHash } from "../../core/file-changes.ts";
import { outlineHeader, renderOutline } from "../../core/outline.ts";
import { ok } from "../../shared/core/errors.ts";
import { estimateTokens, utf8Bytes } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import * as p from "../schemas.ts";

/** `read` with `outline`: a file's units with their lines, parsed by the local agent. */
export const outlineFile = defineAction({
  input: z.strictObject({
    session: p.session,
    path: p.path,
    lang: p.lang,
    agent: p.agent,
    /** Name the file above its outline (a `read` of several sources); alone, the call names it. */
    named: z.boolean().default(true),
  }),
  output: z.object({
    path: z.string(),
    lang: z.string(),
    total_lines: z.number(),
    file_hash: z.string(),
    outline: z.string(),
    units: z.number().describe("Units in the file."),
    folded: z.number().describe("One-line units inside others: counted, not listed."),
    cut: z.number().describe("Units past what an outline shows (1,000 lines)."),
    tokens_kept_out: z.number(),
  }),
  async run(s, args) {
    const got = await s.agent(
      "outline",
      { path: args.path, ...(args.lang !== undefined ? { lang: args.lang } : {}) },
      args.agent,
    );
    if (!got.ok) return got;
    const r = got.value.result;
    const shown = renderOutline(r.units);
    const outline = shown.lines.join("\n");
    s.log.record(
      "read",
      null,
      null,
      `outlined ${r.path} (${r.units.length + r.folded + r.cut} units, ${r.total_lines} lines)`,
    );
    return ok({
      path: r.path,
      lang: r.lang,
      total_lines: r.total_lines,
      file_hash: shortHash(r.hash),
      outline,
      units: r.units.length + r.folded + r.cut,
      folded: r.folded,
      cut: r.cut + shown.cut,
      // What reading the whole file would have cost, less the outline.
      tokens_kept_out: estimateTokens(Math.max(0, r.bytes - utf8Bytes(outline))),
    });
  },
  text: (r, args) => [...(args.named || r.cut ? [outlineHeader(r.path, r)] : []), r.outline],
});
