import { z } from "zod";
import { shortHash } from "../../core/file-changes.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { defineAction } from "../define-tool.ts";
import { backwardsRange } from "../failures.ts";
import { readFileLines } from "../file-lines.ts";
import { changedFile, changedFiles } from "../file-receipts.ts";
import { receiptFor } from "../receipts.ts";
import * as p from "../schemas.ts";
import { describeSelection, selectorOf, selectorProblem } from "../selection.ts";
import { removalEdit } from "../targets.ts";

const input = z.strictObject({
  session: p.session,
  path: p.path,
  start_line: p.lineNumber.optional().describe("First line to cut (default 1)."),
  end_line: p.lineNumber.optional().describe("Last line to cut (default: the file's last)."),
  ...p.selector,
  lang: p.lang,
  key: p.key.optional().describe("Entry key. Omitted: the next free `clip-N`."),
  scope: p.targetScope,
  description: p.description.optional(),
  tags: p.tags.optional(),
  ttl_seconds: p.ttlSeconds.optional(),
  expect: p.expect,
  agent: p.agent,
});

const output = p.receipt.extend({
  operation: z.number().describe("Operation id (history, undo)."),
  path: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  file: changedFile,
  selected: z.string().optional(),
});

export const cut = defineAction({
  input,
  output,
  precheck: (args) => backwardsRange(args) ?? selectorProblem(args),
  async run(s, args) {
    const select = selectorOf(args);
    const read = await readFileLines(s, { ...args, select });
    if (!read.ok) return read;
    const r = read.value;
    if (args.expect !== undefined && !r.hash.startsWith(args.expect))
      return fail(
        "FILE_CHANGED",
        `\`${r.path}\` is not the version expected (\`expect\`): its hash is now ${shortHash(r.hash)}. Read it again, or drop \`expect\`.`,
      );
    if (r.end_line < r.start_line)
      return fail("INVALID_ARGUMENT", `\`${r.path}\` is empty: there is nothing to cut.`);
    const scope = args.scope ?? "session";
    // Keep the entry this key held, to put back if the removal fails.
    const previous =
      args.key === undefined ? [] : await s.inScope(scope, "exportEntries", { keys: [args.key] });
    const stored = await s.inScope(scope, "put", {
      key: args.key,
      content: r.text,
      description: args.description,
      tags: args.tags,
      ttlSeconds: args.ttl_seconds,
      source: {
        kind: "cut",
        path: r.path,
        start_line: r.start_line,
        end_line: r.end_line,
        hash: r.hash,
        agent: r.agent,
      },
    });
    if (!stored.ok) return stored;
    const { entry } = stored.value;
    const removed = await s.files.apply({
      kind: "cut",
      key: entry.key,
      scope,
      edits: [removalEdit(r, select)],
      texts: [""],
      syntaxGuard: "report",
      agent: r.agent,
      describe: () =>
        `cut ${r.path} lines ${r.start_line}–${r.end_line} into \`${entry.key}\` (${scope})`,
    });
    if (!removed.ok) {
      const code = removed.error.code;
      if (code !== "AGENT_DISCONNECTED" && code !== "AGENT_TIMEOUT") {
        if (previous.length) await s.inScope(scope, "importEntries", previous, "overwrite", false);
        else await s.inScope(scope, "delete", entry.key);
        return fail(
          code,
          `${removed.error.message} The cut was undone: \`${entry.key}\` is as before.`,
        );
      }
      // The removal may have happened: keep the entry, which may now be the only copy.
      return fail(code, `${removed.error.message} \`${entry.key}\` keeps the lines either way.`);
    }
    const [file] = changedFiles(removed.value.results);
    if (!file) throw new Error("cut: the agent returned no result");
    return ok({
      ...receiptFor(entry),
      operation: removed.value.id,
      path: r.path,
      start_line: r.start_line,
      end_line: r.end_line,
      file,
      ...(r.selection ? { selected: describeSelection(r.selection) } : {}),
    });
  },
  text: (r) => [
    `cut ${r.path}:${r.start_line}-${r.end_line} → @${r.key} · op ${r.operation}${r.warning ? `. Warning: ${r.warning}` : ""}`,
  ],
});
