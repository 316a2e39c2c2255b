import { z } from "zod";
import { ok } from "../../shared/core/errors.ts";
import { countLines, utf8Bytes } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { textTooLarge } from "../failures.ts";
import { formatBytes } from "../receipts.ts";
import { expandOptional } from "../references.ts";
import * as p from "../schemas.ts";

export const setOs = defineAction({
  input: z.strictObject({
    session: p.session,
    text: z.string().describe("Text to put on the clipboard; {{ref:…}} markers resolve."),
    agent: p.agent,
  }),
  output: z.object({ lines: z.number(), bytes: z.number() }),
  precheck: (args) => textTooLarge("text", args.text),
  async run(s, args) {
    const expanded = await expandOptional(s, args.text, "text", args.agent);
    if (!expanded.ok) return expanded;
    const text = expanded.value ?? "";
    const tooLarge = textTooLarge("text", text);
    if (tooLarge) return { ok: false, error: tooLarge };
    const written = await s.agent("os_write", { text }, args.agent);
    if (!written.ok) return written;
    const value = { lines: countLines(text), bytes: utf8Bytes(text) };
    s.log.record("paste", null, null, `put ${formatBytes(value.bytes)} on the OS clipboard`);
    return ok(value);
  },
  text: (r) => [`Put ${r.lines} line(s), ${formatBytes(r.bytes)} on the OS clipboard.`],
});
