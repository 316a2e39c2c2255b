import { z } from "zod";
import { AgentName, HashPrefix, PasteMode } from "../shared/bridge/protocol.ts";
import { LIMITS } from "../shared/core/limits.ts";
import {
  keyProblem,
  PROJECT_NAME,
  SCOPES,
  SESSION_HANDLE,
  TAG_NAME,
} from "../shared/core/names.ts";

/**
 * Parameter schemas shared by the tools. Messages follow the parameter name in
 * the SDK's error ("key: must not be empty …"), so each says what to do.
 */
/**
 * On every tool, so it is kept short in tools/list: checked with `refine`
 * (same message) rather than a regex the JSON Schema would carry.
 */
export const session = z
  .string()
  .refine(
    (handle) => SESSION_HANDLE.test(handle),
    "must be `default` or a handle from session start (like `s-abcdefghijkm`)",
  )
  .optional();

export const key = z.string().superRefine((value, ctx) => {
  const problem = keyProblem(value);
  if (problem)
    ctx.addIssue({
      code: "custom",
      message: `${problem}; give an entry key such as "parse-config"`,
    });
});

export const scope = z.enum(SCOPES, { error: 'must be one of "session", "project", "user"' });

export const lookupScope = scope
  .optional()
  .describe("Scope to look in. Omitted: session, then project, then user.");

export const targetScope = scope.optional().describe("Default: session.");

export const tag = z
  .string()
  .regex(
    TAG_NAME,
    `must be letters, digits and ._:/- (at most ${LIMITS.tagChars} characters), starting with a letter or digit`,
  );

export const tags = z
  .array(tag)
  .max(LIMITS.tagsPerEntry, `take at most ${LIMITS.tagsPerEntry} tags`);

export const description = z
  .string()
  .max(LIMITS.descriptionChars, `must be at most ${LIMITS.descriptionChars} characters`);

export const ttlSeconds = z
  .number({ error: "must be a number of seconds" })
  .int("must be a whole number of seconds")
  .min(1, "must be at least 1 second")
  .max(LIMITS.maxTtlSeconds, `must be at most ${LIMITS.maxTtlSeconds} seconds (a year)`);

/** How many file operations `undo` reverts (or re-applies). */
export const operationCount = z
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(20, "must be at most 20");

/** How many tool calls the session keeps a file read's copy for. */
export const ttlCalls = z
  .number({ error: "must be a number of calls" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(LIMITS.maxTtlCalls, `must be at most ${LIMITS.maxTtlCalls}`);

/** A todo item's text, and its id in the list. */
export const todoText = z
  .string()
  .min(1, "must not be empty")
  .max(500, "must be at most 500 characters");
export const todoId = z.number({ error: "must be an item id from the list" }).int().min(1);

export const lineNumber = z
  .number({ error: "must be a line number" })
  .int("must be a whole line number")
  .min(1, "lines start at 1");

export const page = z
  .number({ error: "must be a page number" })
  .int("must be a whole page number")
  .min(1, "pages start at 1")
  .default(1)
  .describe(`Of a result over ${LIMITS.resultChars / 1000}k characters.`);

export const project = z
  .string()
  .regex(PROJECT_NAME, "must be 1–64 letters, digits and ._- starting with a letter or digit");

/** The receipt every content-changing tool returns. */
export const receipt = z.object({
  key: z.string(),
  scope: z.enum(SCOPES),
  lines: z.number(),
  bytes: z.number(),
  tokens_kept_out: z.number().describe("Estimated tokens of content not passed through the model."),
  expires_at: z.string().nullable(),
  description: z.string(),
  tags: z.array(z.string()),
  warning: z.string().optional(),
});

/** Entry metadata, as listings show it. */
export const entry = z.object({
  key: z.string(),
  scope: z.enum(SCOPES),
  description: z.string(),
  tags: z.array(z.string()),
  lines: z.number(),
  bytes: z.number(),
  chars: z.number(),
  source: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
});

/** Which local agent serves a file or OS-clipboard call. */
export const agent = z
  .string()
  .refine(
    (name) => AgentName.safeParse(name).success,
    "must be an agent name from session action `agents`",
  )
  .optional();

export const path = z
  .string()
  .min(1, "must not be empty")
  .max(4096, "must be at most 4,096 characters")
  .describe("File path, relative to the local agent's root.");

export const expect = HashPrefix.optional().describe(
  "File hash from a receipt: refuse if the file changed since.",
);

/** Where a paste goes. */
export const target = z.strictObject({
  path,
  mode: PasteMode.optional().describe("Default append."),
  line: z
    .number({ error: "must be a line number" })
    .int("must be a whole line number")
    .min(0, "line 0 is before line 1")
    .optional()
    .describe("after_line (0 = top), before_line."),
  start_line: lineNumber.optional().describe("replace_lines: first line."),
  end_line: lineNumber.optional().describe("replace_lines: last line (default start_line)."),
  marker: z
    .string()
    .min(1, "must not be empty")
    .optional()
    .describe("at_marker_*: unique text on one line."),
  create_if_missing: z.boolean().optional(),
  expect,
  focus: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Replace (or go after/before) this symbol, key or section."),
  start: z.string().min(1).max(4000).optional().describe("…or this passage, from `start`"),
  end: z.string().min(1).max(4000).optional().describe("through `end`."),
  lang: z.string().max(32).optional(),
});

// ── References (DESIGN.md §3) ────────────────────────────────────────────────

/** The id a result that shows content gets, to cite its lines later. */
export const resultId = z.string().describe("Cite its lines as {{ref:lines=r17:3..9}}.");

/** Picks part of a file or text: a symbol, or a passage by its first and last words. */
export const selector = {
  focus: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Symbol (`Class.method`), data key (`a.b.0`) or Markdown heading."),
  start: z.string().min(1).max(4000).optional().describe("Passage from these words…"),
  end: z.string().min(1).max(4000).optional().describe("…through these (included)."),
};

export const lang = z
  .string()
  .min(1, "must not be empty")
  .max(32)
  .optional()
  .describe("Language for focus when the extension does not say (python, ts, …).");

export const allowSyntaxErrors = z
  .boolean()
  .default(false)
  .describe("Write even if a file that parses would stop parsing.");

export const REF_SOURCES = ["file", "clip", "result", "os"] as const;

/** A reference: content named, not repeated. Inline form: {{ref:path=a.ts,focus=f}}. */
export const ref = z.strictObject({
  source: z.enum(REF_SOURCES).optional(),
  path: path.optional(),
  clip: key.optional().describe("Entry key."),
  scope: scope.optional(),
  result: z.string().max(20).optional().describe('Result id, e.g. "r17".'),
  lines: z.string().max(40).optional().describe('"14..18" or "r17:14..18".'),
  ...selector,
  lang,
});
export type Ref = z.output<typeof ref>;

/** A transform as the actions take it: `replace` as `{from, to}` objects (shared/refs/transforms.ts). */
export const transformSpec = z.strictObject({
  replace: z
    .array(z.strictObject({ from: z.string(), to: z.string() }))
    .max(100)
    .optional(),
  wrap: z.string().optional(),
  prepend: z.string().optional(),
  append: z.string().optional(),
  join: z.string().optional(),
  indent: z.union([z.literal("auto"), z.number().int().min(-16).max(16)]).optional(),
});
export type TransformSpec = z.output<typeof transformSpec>;

/**
 * A transform as tools take it: its fields at the top level of the call, not
 * nested (`"replace": [["DEV", "STAGING"]]`), `replace` as `[from, to]` pairs:
 * the fewest tokens to write.
 */
export const transformFields = {
  replace: z
    .array(z.tuple([z.string(), z.string()]))
    .max(100)
    .optional()
    .describe("Literal [from, to] pairs, in order."),
  wrap: z.string().optional().describe('"…{content}…"'),
  prepend: z.string().optional(),
  append: z.string().optional(),
  join: z.string().optional(),
  indent: z
    .union([z.literal("auto"), z.number().int().min(-16).max(16)])
    .optional()
    .describe('Levels, or "auto"'),
};
type TransformFields = {
  [F in keyof typeof transformFields]?: z.output<(typeof transformFields)[F]>;
};

/** The transform a tool's call gives (its top-level fields), as the actions take it; none: `undefined`. */
export function transformOf(args: TransformFields): TransformSpec | undefined {
  const t: TransformSpec = {
    ...(args.replace ? { replace: args.replace.map(([from, to]) => ({ from, to })) } : {}),
    ...(args.wrap !== undefined ? { wrap: args.wrap } : {}),
    ...(args.prepend !== undefined ? { prepend: args.prepend } : {}),
    ...(args.append !== undefined ? { append: args.append } : {}),
    ...(args.join !== undefined ? { join: args.join } : {}),
    ...(args.indent !== undefined ? { indent: args.indent } : {}),
  };
  return Object.keys(t).length ? t : undefined;
}

/** A call's arguments without its transform fields (what the tool routes besides). */
export function withoutTransform<A extends TransformFields>(
  args: A,
): Omit<A, keyof TransformFields> {
  const { replace: _r, wrap: _w, prepend: _p, append: _a, join: _j, indent: _i, ...rest } = args;
  return rest;
}
