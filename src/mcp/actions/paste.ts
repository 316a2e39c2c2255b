import { z } from "zod";
import { describeChange } from "../../core/file-changes.ts";
import type { SessionContext } from "../../session/tool-context.ts";
import { fail, type Outcome, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { checkTargets, targetName } from "../../shared/core/paste-targets.ts";
import { countLines, estimateTokens, plural, utf8Bytes } from "../../shared/core/text.ts";
import { type Transform, transformPiece } from "../../shared/refs/transforms.ts";
import { type Gathered, gather, shiftForEntry } from "../content.ts";
import { defineAction } from "../define-tool.ts";
import { builtText, notFound, textTooLarge } from "../failures.ts";
import {
  changedFile,
  changedFiles,
  fileReceipt,
  forTarget,
  importFields,
  importsOf,
  unfollowedLines,
} from "../file-receipts.ts";
import { formatBytes } from "../receipts.ts";
import { checkTransform, expandMarkers, expandTransform, refsProblem } from "../references.ts";
import * as p from "../schemas.ts";
import { type Target, toPasteEdit } from "../targets.ts";

const MAX_TARGETS = 50;

const input = z.strictObject({
  session: p.session,
  key: p.key.optional().describe("Entry to paste."),
  scope: p.lookupScope,
  text: z.string().optional().describe("Text to paste; {{ref:…}} markers resolve."),
  ref: p.ref.optional(),
  multi_ref: z.array(p.ref).min(1).max(50).optional().describe("Several refs, joined."),
  transform: p.transformSpec.optional(),
  targets: z
    .array(p.target)
    .min(1, "give at least one target")
    .max(MAX_TARGETS, `take at most ${MAX_TARGETS} targets`)
    .optional()
    .describe("Files to paste into; all change or none."),
  to_os: z.boolean().optional().describe("Put the content on your OS clipboard instead."),
  dry_run: z.boolean().default(false).describe("Report what would change; write nothing."),
  allow_syntax_errors: p.allowSyntaxErrors,
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
  cited: z.string().optional(),
  ...importFields,
});

const CONTENT = ["key", "text", "ref", "multi_ref"] as const;

export const paste = defineAction({
  input,
  output,
  precheck(args) {
    const given = CONTENT.filter((c) => args[c] !== undefined);
    if (given.length !== 1)
      return {
        code: "INVALID_ARGUMENT",
        message: `Give exactly one of \`key\`, \`text\`, \`ref\` and \`multi_ref\` (got ${given.length ? given.map((c) => `\`${c}\``).join(" and ") : "none"}).`,
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
    if (args.to_os && args.transform?.indent === "auto")
      return {
        code: "INVALID_ARGUMENT",
        message:
          '`indent: "auto"` takes a file\'s indentation at the paste point; the OS clipboard has none. Give a number of levels.',
      };
    return (
      refsProblem(args) ??
      checkTargets(args.targets ?? []) ??
      checkTransform(args.transform) ??
      textTooLarge("text", args.text ?? "")
    );
  },
  async run(s, args) {
    const transform = await expandTransform(s, args.transform, args.agent);
    if (!transform.ok) return transform;
    const content =
      args.key !== undefined
        ? await entryContent(s, args.key, args.scope, transform.value)
        : await gather(s, { ...args, transform: transform.value }, "text");
    if (!content.ok) return content;
    const shifted = args.to_os
      ? shiftForEntry(content.value.text, args.transform)
      : ok(content.value.text);
    if (!shifted.ok) return shifted;
    const text = shifted.value;
    const cited = content.value.cited.length ? content.value.cited.join(", ") : undefined;
    const tooLarge = textTooLarge("the content", text);
    if (tooLarge) return { ok: false, error: tooLarge };
    const size = { lines: countLines(text), bytes: utf8Bytes(text) };
    const what = args.key !== undefined ? `\`${args.key}\`` : cited ? `${cited}` : "text";
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
    const targets = await expandTargetMarkers(s, args.targets ?? [], args.agent);
    if (!targets.ok) return targets;
    const applied = await s.files.apply({
      kind: "paste",
      key: args.key,
      // Units pasted from files take their imports along (DESIGN.md §3).
      edits: targets.value.map((t) => {
        // One symbol, appended, is a unit: set apart from what the file ends with.
        const edit = toPasteEdit(t, args.transform?.indent, 0, args.ref?.focus !== undefined);
        const origins = content.value.origins ?? [];
        return origins.length && edit.kind === "paste"
          ? { ...edit, imports_from: origins.slice(0, 20) }
          : edit;
      }),
      texts: [text],
      dryRun: args.dry_run,
      syntaxGuard: args.allow_syntax_errors ? "report" : "refuse",
      agent: args.agent,
      describe: (results) => `pasted ${what} into ${results.map(describeChange).join(", ")}`,
    });
    if (!applied.ok)
      return {
        ok: false,
        error: forTarget(applied.error, (i) => targetName(i, args.targets?.length ?? 0)),
      };
    return ok({
      operation: applied.value.id,
      dry_run: args.dry_run,
      key: args.key,
      ...size,
      tokens_kept_out: args.dry_run ? 0 : estimateTokens(size.bytes * targets.value.length),
      to_os: false,
      files: changedFiles(applied.value.results),
      ...(cited ? { cited } : {}),
      ...importsOf(applied.value.results),
    });
  },
  text: (r) => {
    const key = r.key !== undefined ? `@${r.key} ` : "";
    if (r.to_os) {
      // No span to show where it went: the receipt counts the lines.
      const what = `${key}(${plural(r.lines, "line")}) `;
      return [
        r.dry_run
          ? `dry run, nothing written: would paste ${what}→ os:`
          : `pasted ${what}→ os: · op ${r.operation}`,
      ];
    }
    return [fileReceipt("paste", key, r.files, r.operation, r.dry_run), ...unfollowedLines(r)];
  },
});

/** An entry's whole content (live entries only), transformed. */
async function entryContent(
  s: SessionContext,
  key: string,
  scope: z.output<typeof input>["scope"],
  t: Transform | undefined,
): Promise<Outcome<Gathered>> {
  const found = await s.locate(key, scope);
  if (!found) return notFound(key, scope);
  const raw = await s.inScope(found, "raw", key);
  if (!raw) return notFound(key, scope);
  if (raw.expired)
    return fail(
      "ENTRY_EXPIRED",
      `Entry \`${key}\` (${found} scope) has expired and cannot be pasted. Renew it with update \`ttl_seconds\`, or copy it again.`,
    );
  const text = builtText(transformPiece(raw.content, t, LIMITS.entryBytes));
  return text.ok ? ok({ text: text.value, cited: [] }) : text;
}

/** Targets whose `marker` holds `{{ref:…}}` markers, with them resolved. */
async function expandTargetMarkers(
  s: SessionContext,
  targets: Target[],
  agent: string | undefined,
): Promise<Outcome<Target[]>> {
  const out: Target[] = [];
  for (const [i, t] of targets.entries()) {
    if (t.marker === undefined || !t.marker.includes("{{ref:")) {
      out.push(t);
      continue;
    }
    const got = await expandMarkers(s, t.marker, `to[${i}].marker`, agent);
    if (!got.ok) return got;
    out.push({ ...t, marker: got.value.text });
  }
  return ok(out);
}
