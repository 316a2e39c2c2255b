import { z } from "zod";
import { ok } from "../../core/errors.ts";
import { getPage } from "../../core/paging.ts";
import { utf8Bytes } from "../../core/text.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { textTooLarge } from "../failures.ts";
import { describeReceipt, receiptFor } from "../receipts.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  text: z.string().optional().describe("Content to store (source: text)."),
  path: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .describe("File to copy from, through the local agent (source: file)."),
  start_line: p.lineNumber.optional().describe("With `path`: first line (1-based, inclusive)."),
  end_line: p.lineNumber.optional().describe("With `path`: last line (inclusive)."),
  focus: z
    .string()
    .optional()
    .describe("With `path`: a symbol to copy whole (function, class, `Class.method`)."),
  start: z.string().optional().describe("With `path`: anchor text where the copy starts."),
  end: z.string().optional().describe("With `path`: anchor text where the copy ends."),
  from_os: z.boolean().optional().describe("Copy the OS clipboard of your machine (source: os)."),
  ref: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .optional()
    .describe("A reference to copy (source: ref)."),
  multi_ref: z.array(z.unknown()).optional().describe("Several references assembled in order."),
  transform: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Transform applied to `ref`/`multi_ref` content."),
  key: p.key
    .optional()
    .describe(
      "Entry key. Omitted: the next free `clip-N`. An existing key is updated, not duplicated.",
    ),
  scope: p.targetScope,
  description: p.description.optional().describe("What the entry is, for listings and search."),
  tags: p.tags.optional(),
  ttl_seconds: p.ttlSeconds.optional().describe("Expire the entry after this many seconds."),
  show: z
    .boolean()
    .default(false)
    .describe("Also return the content (costs tokens); long content, its first page."),
});

const output = p.receipt.extend({
  created: z.boolean(),
  content: z.string().optional(),
  content_pages: z
    .number()
    .optional()
    .describe("With `show`: pages of content; read the rest with clipboard_get."),
});

const SOURCES = ["text", "path", "from_os", "ref", "multi_ref"] as const;

export const copy = defineTool({
  name: "copy",
  title: "Copy to clipboard",
  description:
    "Store content in the clipboard under a key, from exactly one source: `text`, a file (`path`, optionally a line range, `focus` symbol or `start`/`end` anchors), the OS clipboard (`from_os`), or a reference (`ref`/`multi_ref`). Returns a receipt (lines, bytes, tokens kept out of context), not the content, unless `show`. Reusing a key updates that entry.",
  annotations: destructive(),
  input,
  output,
  precheck(args) {
    const given = SOURCES.filter((s) => args[s] !== undefined && args[s] !== false);
    if (given.length !== 1) {
      return {
        code: "INVALID_ARGUMENT",
        message: `Give exactly one source: \`text\`, \`path\`, \`from_os\`, \`ref\` or \`multi_ref\` (got ${given.length ? given.map((s) => `\`${s}\``).join(" and ") : "none"}).`,
      };
    }
    const fileOnly = (["start_line", "end_line", "focus", "start", "end"] as const).filter(
      (f) => args[f] !== undefined,
    );
    if (fileOnly.length && args.path === undefined) {
      return {
        code: "INVALID_ARGUMENT",
        message: `${fileOnly.map((f) => `\`${f}\``).join(", ")} select part of a file and need \`path\`; for \`text\`, pass just the part you want.`,
      };
    }
    if (args.transform !== undefined && args.ref === undefined && args.multi_ref === undefined) {
      return {
        code: "INVALID_ARGUMENT",
        message:
          "`transform` applies to `ref` or `multi_ref` content; remove it or copy from a reference.",
      };
    }
    if (args.path !== undefined || args.from_os) {
      return {
        code: "AGENT_NOT_CONNECTED",
        message: `\`${args.path !== undefined ? "path" : "from_os"}\` needs the local agent on your machine, and none is connected to this server. Start it with \`npx edgeclip-agent connect <server-url>\`, or pass the content as \`text\`.`,
      };
    }
    if (args.ref !== undefined || args.multi_ref !== undefined) {
      return {
        code: "NOT_YET_SUPPORTED",
        message:
          "References (`ref`, `multi_ref`) are not served by this version yet. Pass the content as `text`, or read an entry with clipboard_get.",
      };
    }
    return textTooLarge("text", args.text ?? "");
  },
  async run(s, args) {
    const scope = args.scope ?? "session";
    const stored = await s.inScope(scope, "put", {
      key: args.key,
      content: args.text ?? "",
      description: args.description,
      tags: args.tags,
      ttlSeconds: args.ttl_seconds,
      source: { kind: "text" },
    });
    if (!stored.ok) return stored;
    const { entry, created } = stored.value;
    const shown = args.show ? getPage(args.text ?? "", 1) : undefined;
    const receipt = receiptFor(entry, shown ? utf8Bytes(shown.text) : 0);
    s.log.record(
      "copy",
      entry.key,
      scope,
      `${created ? "copied" : "updated"} ${describeReceipt(receipt)}`,
    );
    return ok({
      ...receipt,
      created,
      ...(shown ? { content: shown.text, content_pages: shown.pages } : {}),
    });
  },
  text: (r) => [
    `${r.created ? "Copied" : "Updated"} ${describeReceipt(r)}`,
    ...(r.content !== undefined ? [r.content] : []),
    ...(r.content_pages !== undefined && r.content_pages > 1
      ? [`(page 1 of ${r.content_pages}: read the rest with clipboard_get key "${r.key}" page 2)`]
      : []),
  ],
});
