import { z } from "zod";
import { ExportDocument, type ExportedEntry, type ImportStep } from "../../core/export-format.ts";
import { shownPath, tooDeep } from "../../core/json-depth.ts";
import { unescapeMarkers } from "../../refs/syntax.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { keyProblem, SCOPES, type Scope, TAG_NAME } from "../../shared/core/names.ts";
import { defineAction } from "../define-tool.ts";
import { textTooLarge } from "../failures.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  data: z
    .union([z.string(), z.record(z.string(), z.unknown())], {
      error: "must be the export document, as JSON text or an object",
    })
    .optional()
    .describe("An export document (from update action `export`), as JSON text or an object."),
  path: p.path.optional().describe("Read the export document from this file instead."),
  conflict: z
    .enum(["skip", "overwrite", "rename"], { error: 'must be "skip", "overwrite" or "rename"' })
    .default("skip")
    .describe(
      "When a key exists: skip the import, overwrite the entry, or import under `key-2`, `key-3`, …",
    ),
  scope: p.scope
    .optional()
    .describe("Import every entry into this scope instead of the one it was exported from."),
  dry_run: z
    .boolean()
    .default(true)
    .describe("Only report what would happen (the default). Pass false to import."),
  agent: p.agent,
});

const output = z.object({
  dry_run: z.boolean(),
  steps: z.array(
    z.object({
      key: z.string(),
      scope: z.enum(SCOPES),
      action: z.enum(["create", "skip", "overwrite", "rename"]),
      as: z.string().optional(),
    }),
  ),
});

export const importAction = defineAction({
  input,
  output,
  precheck(args) {
    if ((args.data === undefined) === (args.path === undefined))
      return {
        code: "INVALID_ARGUMENT",
        message:
          "Give the export document as `data` (the `document` from update action `export`), or the file holding it as `path`, not both.",
      };
    return undefined;
  },
  async run(s, args) {
    let data = args.data;
    if (args.path !== undefined) {
      const file = await s.agent("read", { path: args.path }, args.agent);
      if (!file.ok) return file;
      data = file.value.result.text;
    }
    const parsed =
      args.path === undefined
        ? // Inline text reads `\{{ref:` as `{{ref:`, like every text parameter: a
          // document echoed from a result (say, a `read` of an exported file) shows
          // its markers escaped. An export shows them `\u007b{ref:`, untouched here.
          parseDocument(typeof data === "string" ? unescapeMarkers(data) : data, "`data`")
        : parseDocument(data, `The file \`${args.path}\``);
    if (!parsed.ok) return parsed;
    const byScope = new Map<Scope, ExportedEntry[]>();
    for (const entry of parsed.value.entries) {
      const scope = args.scope ?? entry.scope;
      byScope.set(scope, [...(byScope.get(scope) ?? []), { ...entry, scope }]);
    }
    // Plan every scope first, so a refusal in one leaves all of them unchanged.
    for (const [scope, entries] of byScope) {
      const plan = await s.inScope(scope, "importEntries", entries, args.conflict, true);
      if (!plan.ok) return plan;
    }
    const steps: ImportStep[] = [];
    for (const [scope, entries] of byScope) {
      const done = await s.inScope(scope, "importEntries", entries, args.conflict, args.dry_run);
      if (!done.ok) return done;
      steps.push(...done.value);
    }
    if (!args.dry_run)
      s.log.record(
        "import",
        null,
        args.scope ?? null,
        `imported ${steps.filter((x) => x.action !== "skip").length} of ${steps.length} entries`,
      );
    return ok({ dry_run: args.dry_run, steps });
  },
  text: (r) => {
    const count = (a: string) => r.steps.filter((x) => x.action === a).length;
    const summary = `${r.dry_run ? "Dry run (nothing changed): would" : "Imported:"} create ${count("create")}, overwrite ${count("overwrite")}, rename ${count("rename")}, skip ${count("skip")}.`;
    const lines = r.steps.map(
      (x) => `- \`${x.key}\` (${x.scope}): ${x.action}${x.as ? ` as \`${x.as}\`` : ""}`,
    );
    return [
      [summary, ...lines, ...(r.dry_run ? ["Pass `dry_run: false` to import."] : [])].join("\n"),
    ];
  },
});

function parseDocument(data: unknown, what: string) {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch (error) {
      return fail(
        "INVALID_ARGUMENT",
        `${what} is not valid JSON (${(error as Error).message}); pass the \`document\` returned by update action "export".`,
      );
    }
    const deep = tooDeep(value, LIMITS.jsonDepth);
    if (deep !== undefined)
      return fail(
        "INVALID_ARGUMENT",
        `${what} nests objects and arrays more than ${LIMITS.jsonDepth} levels deep (at \`${shownPath(deep)}\`); an export document never does.`,
      );
  }
  const doc = ExportDocument.safeParse(value);
  if (!doc.success) {
    const issue = doc.error.issues[0];
    const where = issue?.path.length ? `at \`${issue.path.join(".")}\`` : "";
    return fail(
      "INVALID_ARGUMENT",
      `${what} is not an edgeclip export (format "edgeclip", version 1) ${where}: ${issue?.message}.`,
    );
  }
  for (const [i, entry] of doc.data.entries.entries()) {
    const problem = keyProblem(entry.key);
    if (problem) return fail("INVALID_ARGUMENT", `\`data.entries.${i}.key\` ${problem}.`);
    const tooLarge = textTooLarge(`data.entries.${i}.content`, entry.content);
    if (tooLarge) return { ok: false as const, error: tooLarge };
    const badTag = entry.tags.find((t) => !TAG_NAME.test(t));
    if (badTag !== undefined)
      return fail(
        "INVALID_ARGUMENT",
        `\`data.entries.${i}.tags\` has \`${badTag}\`, not a tag name (letters, digits and ._:/-).`,
      );
    if (entry.description.length > LIMITS.descriptionChars)
      return fail(
        "INVALID_ARGUMENT",
        `\`data.entries.${i}.description\` is over ${LIMITS.descriptionChars} characters.`,
      );
  }
  return ok(doc.data);
}
