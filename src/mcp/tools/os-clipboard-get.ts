import { z } from "zod";
import { ok } from "../../core/errors.ts";
import { getPage } from "../../core/paging.ts";
import { countLines, utf8Bytes } from "../../core/text.ts";
import { readOnly } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { formatBytes } from "../receipts.ts";
import * as p from "../schemas.ts";

export const osClipboardGet = defineTool({
  name: "os_clipboard_get",
  title: "Read the OS clipboard",
  description:
    "Return the text on your machine's clipboard, through the local agent. To keep it instead of reading it, use `copy` with `from_os`.",
  annotations: readOnly(true),
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
    const page = getPage(text, 1);
    const value = {
      content: page?.text ?? "",
      lines: countLines(text),
      bytes: utf8Bytes(text),
      pages: page?.pages ?? 1,
      result: `r${s.results.keep("os_clipboard_get", page?.text ?? "")}`,
    };
    s.log.record(
      "os_clipboard_get",
      null,
      null,
      `read the OS clipboard (${formatBytes(value.bytes)})`,
    );
    return ok(value);
  },
  text: (r) => [
    `${r.result}:`,
    r.content,
    ...(r.pages > 1
      ? [
          `(page 1 of ${r.pages}: to see the rest, store it with copy from_os: true and read it with clipboard_get)`,
        ]
      : []),
  ],
});
