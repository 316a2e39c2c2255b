import { z } from "zod";
import { fail, type Outcome, ok } from "../../core/errors.ts";
import { describeChange } from "../../core/file-changes.ts";
import { checkTargets } from "../../core/paste-targets.ts";
import { countLines, estimateTokens, plural, utf8Bytes } from "../../core/text.ts";
import type { SessionContext } from "../../session/clipboard-session.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { notFound, textTooLarge } from "../failures.ts";
import { changedFile, changedFiles, describeFiles, forTarget } from "../file-receipts.ts";
import { formatBytes } from "../receipts.ts";
import * as p from "../schemas.ts";

const MAX_TARGETS = 50;

const input = z.strictObject({
  session: p.session,
  key: p.key.optional().describe("Entry to paste."),
  scope: p.lookupScope,
  text: z.string().optional().describe("Text to paste instead of an entry."),
  targets: z
    .array(p.target)
    .min(1, "give at least one target")
    .max(MAX_TARGETS, `take at most ${MAX_TARGETS} targets`)
    .optional()
    .describe("Files to paste into; all change or none."),
  to_os: z.boolean().optional().describe("Put the content on your OS clipboard instead."),
  dry_run: z.boolean().default(false).describe("Report what would change; write nothing."),
  agent: p.agent,
});

const output = z.object({
  operation: z.number().describe("Operation id (history, undo); 0 for a dry run."),
  dry_run: z.boolean(),
  key: z.string().optional(),
  lines: z.number(),
  bytes: z.number(),
  tokens_kept_out: z.number(),
  to_os: z.boolean(),
  files: z.array(changedFile),
});

const CONTENT = ["key", "text"] as const;

export const paste = defineTool({
  name: "paste",
  title: "Paste into files",
  description:
    "Paste an entry (`key`) or `text` into one or more files (`targets`), all or none, or onto the OS clipboard (`to_os`). Modes: append (default), prepend, after_line, before_line, replace_lines, at_marker_replace/after/before. Returns an operation id and a per-file summary, not content.",
  annotations: destructive({ openWorld: true }),
  input,
  output,
  receipt: true,
  precheck(args) {
    const given = CONTENT.filter((c) => args[c] !== undefined);
    if (given.length !== 1)
      return {
        code: "INVALID_ARGUMENT",
        message: `Give exactly one of \`key\` and \`text\` (got ${given.length ? given.map((c) => `\`${c}\``).join(" and ") : "none"}).`,
      };
    if ((args.targets === undefined) === !args.to_os)
      return {
        code: "INVALID_ARGUMENT",
        message: args.to_os
          ? "Give `targets` or `to_os: true`, not both."
          : "Give `targets` (the files to paste into), or `to_os: true` for the OS clipboard.",
      };
    if (args.scope !== undefined && args.key === undefined)
      return {
        code: "INVALID_ARGUMENT",
        message: "`scope` says where to find `key`; it needs `key`.",
      };
    return checkTargets(args.targets ?? []) ?? textTooLarge("text", args.text ?? "");
  },
  async run(s, args) {
    const content = await contentOf(s, args.key, args.scope, args.text);
    if (!content.ok) return content;
    const text = content.value;
    const size = { lines: countLines(text), bytes: utf8Bytes(text) };
    const what = args.key === undefined ? "text" : `\`${args.key}\``;
    if (args.to_os) {
      if (args.dry_run)
        return ok({
          operation: 0,
          dry_run: true,
          key: args.key,
          ...size,
          tokens_kept_out: 0,
          to_os: true,
          files: [],
        });
      const written = await s.agent("os_write", { text }, args.agent);
      if (!written.ok) return written;
      const id = s.log.record(
        "paste",
        args.key ?? null,
        null,
        `pasted ${what} (${formatBytes(size.bytes)}) to the OS clipboard`,
      );
      return ok({
        operation: id,
        dry_run: false,
        key: args.key,
        ...size,
        tokens_kept_out: estimateTokens(size.bytes),
        to_os: true,
        files: [],
      });
    }
    const targets = args.targets ?? [];
    const applied = await s.files.apply({
      kind: "paste",
      key: args.key,
      edits: targets.map(({ mode, ...t }) => ({
        kind: "paste" as const,
        mode: mode ?? "append",
        ...t,
        text: 0,
      })),
      texts: [text],
      dryRun: args.dry_run,
      agent: args.agent,
      describe: (results) => `pasted ${what} into ${results.map(describeChange).join(", ")}`,
    });
    if (!applied.ok)
      return {
        ok: false,
        error: forTarget(applied.error, (i) => `\`targets[${i}]\``),
      };
    return ok({
      operation: applied.value.id,
      dry_run: args.dry_run,
      key: args.key,
      ...size,
      tokens_kept_out: args.dry_run ? 0 : estimateTokens(size.bytes * targets.length),
      to_os: false,
      files: changedFiles(applied.value.results),
    });
  },
  text: (r) => {
    const what = `${r.key === undefined ? "text" : `\`${r.key}\``} (${plural(r.lines, "line")}, ${formatBytes(r.bytes)})`;
    if (r.to_os)
      return [
        r.dry_run
          ? `Dry run: would put ${what} on the OS clipboard.`
          : `Put ${what} on the OS clipboard (#${r.operation}).`,
      ];
    const saved = r.tokens_kept_out
      ? `; ~${r.tokens_kept_out.toLocaleString("en-US")} tokens kept out of context`
      : "";
    const head = r.dry_run
      ? `Dry run, nothing written: pasting ${what} would change ${plural(r.files.length, "file")}:`
      : `Pasted ${what} as operation #${r.operation} into ${plural(r.files.length, "file")}${saved}:`;
    return [`${head}\n${describeFiles(r.files)}${r.dry_run ? "" : "\nUndo with `undo`."}`];
  },
});

/** The text to paste: an entry's whole content (live entries only), or the given text. */
async function contentOf(
  s: SessionContext,
  key: string | undefined,
  scope: z.output<typeof input>["scope"],
  text: string | undefined,
): Promise<Outcome<string>> {
  if (key === undefined) return ok(text ?? "");
  const found = await s.locate(key, scope);
  if (!found) return notFound(key, scope);
  const raw = await s.inScope(found, "raw", key);
  if (!raw) return notFound(key, scope);
  if (raw.expired)
    return fail(
      "ENTRY_EXPIRED",
      `Entry \`${key}\` (${found} scope) has expired and cannot be pasted. Renew it with clipboard_update \`ttl_seconds\`, or copy it again.`,
    );
  return ok(raw.content);
}
