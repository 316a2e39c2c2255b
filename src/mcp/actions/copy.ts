import { z } from "zod";
import { shortHash } from "../../core/file-changes.ts";
import { getPage } from "../../core/paging.ts";
import type { EntrySource } from "../../session/entry-store.ts";
import type { SessionContext } from "../../session/tool-context.ts";
import { type Outcome, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { numberLines, plural, utf8Bytes } from "../../shared/core/text.ts";
import { transformPiece } from "../../shared/refs/transforms.ts";
import { gather, shiftForEntry } from "../content.ts";
import { defineAction } from "../define-tool.ts";
import { backwardsRange, builtText, textTooLarge } from "../failures.ts";
import { readFileLines } from "../file-lines.ts";
import { describeReceipt, receiptFor } from "../receipts.ts";
import { checkTransform, expandTransform, refsProblem } from "../references.ts";
import * as p from "../schemas.ts";
import { describeSelection, selectorOf, selectorProblem } from "../selection.ts";

const input = z.strictObject({
  session: p.session,
  text: z.string().optional().describe("Content to store; {{ref:…}} markers resolve."),
  path: p.path.optional().describe("Copy from this file (through the local agent)."),
  start_line: p.lineNumber.optional().describe("With `path`: first line (1-based, inclusive)."),
  end_line: p.lineNumber.optional().describe("With `path`: last line (inclusive)."),
  ...p.selector,
  lang: p.lang,
  from_os: z.boolean().optional().describe("Copy your machine's OS clipboard."),
  ref: p.ref.optional(),
  multi_ref: z.array(p.ref).min(1).max(50).optional().describe("Several refs, joined."),
  transform: p.transformSpec.optional(),
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
  result: z.string().optional(),
  cited: z.string().optional(),
  selected: z.string().optional(),
});

const SOURCES = ["text", "path", "from_os", "ref", "multi_ref"] as const;

type Args = z.output<typeof input>;
type Source = {
  content: string;
  source: EntrySource;
  file?: { path: string; start_line: number; end_line: number; hash: string; selected?: string };
  cited: string[];
};

export const copy = defineAction({
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
    if (args.transform?.indent === "auto")
      return {
        code: "INVALID_ARGUMENT",
        message:
          '`indent: "auto"` takes the indentation of a paste point; an entry has none. Give a number of levels, or indent when pasting.',
      };
    const fileOnly = (["start_line", "end_line", "focus", "start", "end", "lang"] as const).filter(
      (f) => args[f] !== undefined,
    );
    if (fileOnly.length && args.path === undefined) {
      return {
        code: "INVALID_ARGUMENT",
        message: `${fileOnly.map((f) => `\`${f}\``).join(" and ")} select part of a file and need \`path\`; to select in an entry or a result, use \`ref\`.`,
      };
    }
    return (
      refsProblem(args) ??
      backwardsRange(args) ??
      selectorProblem(args) ??
      checkTransform(args.transform) ??
      textTooLarge("text", args.text ?? "")
    );
  },
  async run(s, args) {
    const transform = await expandTransform(s, args.transform, args.agent);
    if (!transform.ok) return transform;
    const got = await sourceOf(s, { ...args, transform: transform.value });
    if (!got.ok) return got;
    const { source, file } = got.value;
    const shifted = shiftForEntry(got.value.content, args.transform);
    if (!shifted.ok) return shifted;
    const content = shifted.value;
    const tooLarge = textTooLarge("the content", content);
    if (tooLarge) return { ok: false, error: tooLarge };
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
    // Numbered as the file's lines when the content is exactly those lines.
    const firstLine = file && !args.transform ? file.start_line : 1;
    const shown = args.show ? getPage(content, 1, undefined, firstLine) : undefined;
    const result = shown ? `r${s.results.keep("copy", shown.text, firstLine)}` : undefined;
    const receipt = receiptFor(entry, shown ? utf8Bytes(shown.text) : 0);
    const from = file
      ? ` from ${file.path} lines ${file.start_line}–${file.end_line}`
      : args.from_os
        ? " from the OS clipboard"
        : got.value.cited.length
          ? ` from ${got.value.cited.join(", ")}`
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
      ...(shown ? { content: shown.text, content_pages: shown.pages, result } : {}),
      ...(got.value.cited.length ? { cited: got.value.cited.join(", ") } : {}),
      ...(file?.selected ? { selected: file.selected } : {}),
    });
  },
  text: (r, args) => [
    `${r.created ? "copied" : "updated"} ${r.path ? `${r.path}:${r.start_line}-${r.end_line} ` : args.from_os ? "os: " : ""}→ @${r.key} (${r.scope === "session" ? "" : `${r.scope}, `}${plural(r.lines, "line")})` +
      (r.warning ? `. Warning: ${r.warning}` : "") +
      inexactAnchors(r.selected, r.cited) +
      (r.result ? `; content is ${r.result}:` : ""),
    ...(r.content !== undefined
      ? [numberLines(r.content, r.path && !args.transform ? (r.start_line ?? 1) : 1)]
      : []),
    ...(r.content_pages !== undefined && r.content_pages > 1
      ? [`(page 1 of ${r.content_pages}: read the rest with read from "@${r.key}" page 2)`]
      : []),
  ],
});

/** The content to store and where it came from: the text, a file, or the OS clipboard. */
async function sourceOf(s: SessionContext, args: Args): Promise<Outcome<Source>> {
  if (args.path !== undefined) {
    const read = await readFileLines(s, { ...args, path: args.path, select: selectorOf(args) });
    if (!read.ok) return read;
    const r = read.value;
    const selected = describeSelection(r.selection);
    const content = builtText(transformPiece(r.text, args.transform, LIMITS.entryBytes));
    if (!content.ok) return content;
    return ok({
      cited: [],
      content: content.value,
      source: {
        kind: "file",
        path: r.path,
        start_line: r.start_line,
        end_line: r.end_line,
        hash: r.hash,
        agent: r.agent,
      },
      file: {
        path: r.path,
        start_line: r.start_line,
        end_line: r.end_line,
        hash: r.hash,
        ...(selected ? { selected } : {}),
      },
    });
  }
  if (args.from_os) {
    const read = await s.agent("os_read", {}, args.agent);
    if (!read.ok) return read;
    const tooLarge = textTooLarge("the OS clipboard", read.value.result.text);
    if (tooLarge) return { ok: false, error: tooLarge };
    const content = builtText(
      transformPiece(read.value.result.text, args.transform, LIMITS.entryBytes),
    );
    if (!content.ok) return content;
    return ok({
      content: content.value,
      source: { kind: "os", agent: read.value.agent },
      cited: [],
    });
  }
  const gathered = await gather(s, args, "text");
  if (!gathered.ok) return gathered;
  return ok({
    content: gathered.value.text,
    source: gathered.value.cited.length
      ? { kind: "ref", cited: gathered.value.cited.join(", ") }
      : { kind: "text" },
    cited: gathered.value.cited,
  });
}

/**
 * What was taken when anchors matched only normalised or fuzzily, for the
 * receipt's text: the model should see that the text it named was not found
 * as typed. An exact match says nothing (the details are in structuredContent).
 */
export function inexactAnchors(...described: (string | undefined)[]): string {
  const inexact = described.find(
    (d) => d !== undefined && /anchors\b.*\b(normalised|fuzzy)/.test(d),
  );
  return inexact ? `; took ${inexact}` : "";
}
