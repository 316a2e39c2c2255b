import { z } from "zod";
import { shortHash } from "../../core/file-changes.ts";
import { getPage } from "../../core/paging.ts";
import { compactDiff } from "../../core/text-diff.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { keyProblem } from "../../shared/core/names.ts";
import { showable } from "../../shared/core/quote.ts";
import { estimateTokens, numberLines, utf8Bytes } from "../../shared/core/text.ts";
import { defineAction } from "../define-tool.ts";
import { backwardsRange } from "../failures.ts";
import { readFileLines } from "../file-lines.ts";
import * as p from "../schemas.ts";
import { describeSelection, selectorOf, selectorProblem } from "../selection.ts";

const input = z.strictObject({
  session: p.session,
  path: p.path,
  start_line: p.lineNumber.optional().describe("First line (1-based, inclusive)."),
  end_line: p.lineNumber.optional().describe("Last line (inclusive)."),
  ...p.selector,
  lang: p.lang,
  ttl_calls: p.ttlCalls
    .default(LIMITS.readTtlCalls)
    .describe("Forget this copy after this many tool calls without use."),
  agent: p.agent,
});

const output = z.object({
  read: z.number().describe("This read's id (history)."),
  key: z.string().describe("The session entry holding the copy."),
  path: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  total_lines: z.number(),
  file_hash: z.string(),
  status: z.enum(["content", "unchanged", "diff"]),
  since: z.number().optional().describe("unchanged/diff: the read the model has."),
  content: z.string().optional(),
  pages: z.number().optional(),
  diff: z.string().optional(),
  tokens_kept_out: z.number(),
  result: z.string().optional().describe("With content: its result id, to cite lines."),
  selected: z.string().optional(),
});

export const readFile = defineAction({
  input,
  output,
  precheck: (args) => backwardsRange(args) ?? selectorProblem(args),
  async run(s, args) {
    const select = selectorOf(args);
    const got = await readFileLines(s, { ...args, select });
    if (!got.ok) return got;
    const r = got.value;
    const ranged = args.start_line !== undefined || args.end_line !== undefined;
    // A symbol keys by its name; a passage by the lines it spans (anchors may hold any text).
    const key = select?.focus
      ? `${r.path}:${select.focus}`
      : select
        ? `${r.path}:${r.start_line}-${r.end_line}`
        : ranged
          ? `${r.path}:${args.start_line ?? 1}-${args.end_line ?? ""}`
          : r.path;
    const keyIssue = keyProblem(key);
    if (keyIssue)
      return fail(
        "INVALID_ARGUMENT",
        `read keeps its copy under \`${key.slice(0, 60)}\`, which ${keyIssue}; read a shorter path${select?.focus ? " or symbol name" : ""}.`,
      );
    const earlier = await s.inScope("session", "raw", key);
    if (earlier && earlier.source.kind !== "read")
      return fail(
        "ENTRY_EXISTS",
        `The session entry \`${key}\` was stored by ${earlier.source.kind}, and read keeps its copies under the path: rename or delete that entry first.`,
      );
    const since =
      earlier && !earlier.expired ? Number((earlier.source as { read?: unknown }).read) : undefined;
    const diff =
      since !== undefined && earlier?.content !== r.text
        ? compactDiff(earlier?.content ?? "", r.text)
        : undefined;
    const status =
      since === undefined
        ? "content"
        : earlier?.content === r.text
          ? "unchanged"
          : diff && diff.text.length < r.text.length
            ? "diff"
            : "content";
    const lines = `${showable(r.path)} lines ${r.start_line}–${r.end_line} of ${r.total_lines}`;
    const summary =
      status === "unchanged"
        ? `read ${lines}: unchanged since read #${since}`
        : status === "diff"
          ? `read ${lines}: changed since read #${since} (+${diff?.added} −${diff?.removed})`
          : `read ${lines}`;
    const id = s.log.record("read", key, "session", summary);
    if (status !== "unchanged") {
      const stored = await s.inScope("session", "put", {
        key,
        content: r.text,
        source: {
          kind: "read",
          path: r.path,
          start_line: r.start_line,
          end_line: r.end_line,
          hash: r.hash,
          read: id,
        },
        ttlCalls: args.ttl_calls,
        ttlSeconds: null,
      });
      if (!stored.ok) return stored;
    }
    const page = status === "content" ? getPage(r.text, 1, undefined, r.start_line) : undefined;
    const result = page ? `r${s.results.keep("read", page.text, r.start_line)}` : undefined;
    const shown = page?.text ?? (status === "diff" ? (diff?.text ?? "") : "");
    return ok({
      read: id,
      key,
      path: r.path,
      start_line: r.start_line,
      end_line: r.end_line,
      total_lines: r.total_lines,
      file_hash: shortHash(r.hash),
      status,
      ...(since !== undefined && status !== "content" ? { since } : {}),
      ...(page ? { content: page.text, pages: page.pages } : {}),
      ...(status === "diff" ? { diff: diff?.text ?? "" } : {}),
      tokens_kept_out: estimateTokens(Math.max(0, utf8Bytes(r.text) - utf8Bytes(shown))),
      ...(result ? { result } : {}),
      ...(r.selection ? { selected: describeSelection(r.selection) } : {}),
    });
  },
  text: (r) => {
    const what = r.selected ? ` (${r.selected})` : "";
    const where = `${r.path}:${r.start_line}-${r.end_line} of ${r.total_lines}${what}`;
    if (r.status === "unchanged") return [`${where} unchanged since read ${r.since}`];
    if (r.status === "diff") return [`${where} changed since read ${r.since}:`, r.diff ?? ""];
    const more =
      (r.pages ?? 1) > 1
        ? [`(page 1 of ${r.pages}: read the rest with read from "@${r.key}" page 2)`]
        : [];
    return [`${r.result} ${where}:`, numberLines(r.content ?? "", r.start_line), ...more];
  },
});
