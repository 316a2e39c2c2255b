import { z } from "zod";
import { type Outcome, ok } from "../../core/errors.ts";
import { shortHash } from "../../core/file-changes.ts";
import { getPage } from "../../core/paging.ts";
import { utf8Bytes } from "../../core/text.ts";
import type { SessionContext } from "../../session/clipboard-session.ts";
import type { EntrySource } from "../../session/entry-store.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { backwardsRange, textTooLarge } from "../failures.ts";
import { readFileLines } from "../file-lines.ts";
import { describeReceipt, receiptFor } from "../receipts.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  text: z.string().optional().describe("Content to store."),
  path: p.path.optional().describe("Copy from this file (through the local agent)."),
  start_line: p.lineNumber.optional().describe("With `path`: first line (1-based, inclusive)."),
  end_line: p.lineNumber.optional().describe("With `path`: last line (inclusive)."),
  from_os: z.boolean().optional().describe("Copy your machine's OS clipboard."),
  key: p.key
    .optional()
    .describe("Entry key. Omitted: the next free `clip-N`. An existing key is updated."),
  scope: p.targetScope,
  description: p.description.optional().describe("What the entry is, for listings and search."),
  tags: p.tags.optional(),
  ttl_seconds: p.ttlSeconds.optional().describe("Expire the entry after this many seconds."),
  show: z.boolean().default(false).describe("Also return the content (costs tokens)."),
  agent: p.agent,
});

const output = p.receipt.extend({
  created: z.boolean(),
  path: z.string().optional(),
  start_line: z.number().optional(),
  end_line: z.number().optional(),
  file_hash: z.string().optional().describe("With `path`: the file's hash, for `expect`."),
  content: z.string().optional(),
  content_pages: z.number().optional(),
});

const SOURCES = ["text", "path", "from_os"] as const;

type Args = z.output<typeof input>;
type Source = {
  content: string;
  source: EntrySource;
  file?: { path: string; start_line: number; end_line: number; hash: string };
};

export const copy = defineTool({
  name: "copy",
  title: "Copy to clipboard",
  description:
    "Store content under a key from one source: `text`, a file (`path`, optionally lines) or the OS clipboard (`from_os`). Returns a receipt, not the content (unless `show`). Reusing a key updates that entry.",
  annotations: destructive({ openWorld: true }),
  input,
  output,
  receipt: true,
  precheck(args) {
    const given = SOURCES.filter((s) => args[s] !== undefined && args[s] !== false);
    if (given.length !== 1) {
      return {
        code: "INVALID_ARGUMENT",
        message: `Give exactly one source: \`text\`, \`path\` or \`from_os\` (got ${given.length ? given.map((s) => `\`${s}\``).join(" and ") : "none"}).`,
      };
    }
    const fileOnly = (["start_line", "end_line"] as const).filter((f) => args[f] !== undefined);
    if (fileOnly.length && args.path === undefined) {
      return {
        code: "INVALID_ARGUMENT",
        message: `${fileOnly.map((f) => `\`${f}\``).join(" and ")} select lines of a file and need \`path\`; for \`text\`, pass just the part you want.`,
      };
    }
    return backwardsRange(args) ?? textTooLarge("text", args.text ?? "");
  },
  async run(s, args) {
    const got = await sourceOf(s, args);
    if (!got.ok) return got;
    const { content, source, file } = got.value;
    const scope = args.scope ?? "session";
    const stored = await s.inScope(scope, "put", {
      key: args.key,
      content,
      description: args.description,
      tags: args.tags,
      ttlSeconds: args.ttl_seconds,
      source,
    });
    if (!stored.ok) return stored;
    const { entry, created } = stored.value;
    const shown = args.show ? getPage(content, 1) : undefined;
    const receipt = receiptFor(entry, shown ? utf8Bytes(shown.text) : 0);
    const from = file
      ? ` from ${file.path} lines ${file.start_line}–${file.end_line}`
      : args.from_os
        ? " from the OS clipboard"
        : "";
    s.log.record(
      "copy",
      entry.key,
      scope,
      `${created ? "copied" : "updated"} ${describeReceipt(receipt)}${from}`,
    );
    return ok({
      ...receipt,
      created,
      ...(file
        ? {
            path: file.path,
            start_line: file.start_line,
            end_line: file.end_line,
            file_hash: shortHash(file.hash),
          }
        : {}),
      ...(shown ? { content: shown.text, content_pages: shown.pages } : {}),
    });
  },
  text: (r) => [
    `${r.created ? "Copied" : "Updated"} ${describeReceipt(r)}` +
      (r.path
        ? `, from ${r.path} lines ${r.start_line}–${r.end_line} (file hash ${r.file_hash})`
        : ""),
    ...(r.content !== undefined ? [r.content] : []),
    ...(r.content_pages !== undefined && r.content_pages > 1
      ? [`(page 1 of ${r.content_pages}: read the rest with clipboard_get key "${r.key}" page 2)`]
      : []),
  ],
});

/** The content to store and where it came from: the text, a file, or the OS clipboard. */
async function sourceOf(s: SessionContext, args: Args): Promise<Outcome<Source>> {
  if (args.path !== undefined) {
    const read = await readFileLines(s, { ...args, path: args.path });
    if (!read.ok) return read;
    const r = read.value;
    return ok({
      content: r.text,
      source: {
        kind: "file",
        path: r.path,
        start_line: r.start_line,
        end_line: r.end_line,
        hash: r.hash,
        agent: r.agent,
      },
      file: { path: r.path, start_line: r.start_line, end_line: r.end_line, hash: r.hash },
    });
  }
  if (args.from_os) {
    const read = await s.agent("os_read", {}, args.agent);
    if (!read.ok) return read;
    const tooLarge = textTooLarge("the OS clipboard", read.value.result.text);
    if (tooLarge) return { ok: false, error: tooLarge };
    return ok({ content: read.value.result.text, source: { kind: "os", agent: read.value.agent } });
  }
  return ok({ content: args.text ?? "", source: { kind: "text" } });
}
