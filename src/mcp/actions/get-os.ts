import { z } from "zod";
import { getPage } from "../../core/paging.ts";
import { ok } from "../../shared/core/errors.ts";
import { countLines, numberLines, utf8Bytes } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { formatBytes } from "../receipts.ts";
import * as p from "../schemas.ts";

export const getOs = defineAction({
  input: z.strictObject({ session: p.session, agent: p.agent }),
  output: z.object({
    content: z.string(),
    lines: z.number(),
    bytes: z.number(),
    pages: z.number(),
    result: p.resultId,
  }),
  async run(s, args) {
    const got = await s.agent("os_read", {}, args.agent);
    if (!got.ok) return got;
    const { text } = got.value.result;
    const page = getPage(text, 1, undefined, 1);
    const value = {
      content: page?.text ?? "",
      lines: countLines(text),
      bytes: utf8Bytes(text),
      pages: page?.pages ?? 1,
      result: `r${s.results.keep("read", page?.text ?? "")}`,
    };
    s.log.record("read", null, null, `read the OS clipboard (${formatBytes(value.bytes)})`);
    return ok(value);
  },
  text: (r) => [
    `${r.result} os:`,
    numberLines(r.content),
    ...(r.pages > 1
      ? [
          `(page 1 of ${r.pages}: to see the rest, store it with copy from "os:" and read it with read page 2)`,
        ]
      : []),
  ],
});
