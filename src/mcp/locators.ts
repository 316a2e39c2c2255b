import { z } from "zod";
import { type Located, parseLocator } from "../refs/locator.ts";
import { parseLineRange } from "../refs/syntax.ts";
import { PasteMode } from "../shared/bridge/protocol.ts";
import type { ToolFailure } from "../shared/core/errors.ts";
import { keyProblem } from "../shared/core/names.ts";
import { brief } from "./lean-schema.ts";
import { refSource } from "./references.ts";
import * as p from "./schemas.ts";
import type { Target } from "./targets.ts";

/**
 * What the tools take where they name content or a place (DESIGN §3): a
 * locator string (`src/a.ts#Store.load`, `@cfg:2-9`, `os:`), or the object
 * form for anchors, options and paths holding `#` or a trailing `:N`. The
 * grammar is in `refs/locator.ts` and in the server's instructions, once,
 * so the schemas carry no descriptions.
 */
export const locator = z.string().superRefine((text, ctx) => {
  const got = parseLocator(text);
  const problem =
    "error" in got ? got.error : got.clip !== undefined ? keyProblem(got.clip) : undefined;
  if (problem)
    ctx.addIssue({
      code: "custom",
      message: `"${text.slice(0, 60)}" ${problem}`,
    });
});

const lines = z
  .string()
  .max(40)
  .refine((spec) => !("error" in parseLineRange(spec)), 'must be a line range like "14-18"');

const selectors = {
  lines: lines.optional(),
  focus: z.string().min(1).max(200).optional(),
  start: z.string().min(1).max(4000).optional(),
  end: z.string().min(1).max(4000).optional(),
  lang: p.lang.unwrap().optional(),
};

/** Nested fields say what they are in the instructions' locator table, not each time. */
const path = p.path.describe("");
const key = p.key.describe("");

/**
 * A union of a locator string, an object form and (for lists) an array, whose
 * error is the one of the option the input's shape picks: `{clip: 5}` is told
 * "clip: expected string", and `[…, {clip: 5}]` "[1].clip: …", not zod's bare
 * "Invalid input".
 */
function either<const T extends readonly [z.ZodType, ...z.ZodType[]]>(options: T, shape: string) {
  return z.union(options, {
    error: (issue) => {
      const input = (issue as { input?: unknown }).input;
      const errors = (issue as { errors?: Issue[][] }).errors ?? [];
      const picked = options.findIndex((o) => accepts(o, input));
      const first = picked === -1 ? undefined : errors[picked]?.[0];
      if (!first) return `must be ${shape}`;
      const { path, message } = innermost(first);
      return path.length ? `${renderPath(path)}: ${message}` : message;
    },
  });
}

type Issue = z.core.$ZodIssue & { errors?: Issue[][] };

/** Through nested unions, the issue of the one option that fits the input's shape. */
function innermost(issue: Issue): { path: PropertyKey[]; message: string } {
  const fitting = issue.code === "invalid_union" ? (issue.errors ?? []).filter(fits) : [];
  const inner = fitting.length === 1 ? fitting[0]?.[0] : undefined;
  if (!inner) return { path: issue.path, message: issue.message };
  const deeper = innermost(inner);
  return { path: [...issue.path, ...deeper.path], message: deeper.message };
}

/** Whether an option's issues are about the input's content rather than its shape. */
function fits(issues: Issue[]): boolean {
  const [first] = issues;
  if (!first || first.path.length) return true;
  if (first.code === "invalid_type") return false;
  return first.code !== "invalid_union" || (first.errors ?? []).some(fits);
}

const renderPath = (path: PropertyKey[]) =>
  path.map((k, i) => (typeof k === "number" ? `[${k}]` : i ? `.${String(k)}` : String(k))).join("");

/** Whether a schema is of the input's shape (string, object, array, or a union of those). */
function accepts(schema: z.ZodType, input: unknown): boolean {
  const def = schema._zod.def as { type: string; options?: z.ZodType[] };
  switch (def.type) {
    case "string":
      return typeof input === "string";
    case "array":
      return Array.isArray(input);
    case "object":
      return typeof input === "object" && input !== null && !Array.isArray(input);
    case "union":
      return (def.options ?? []).some((o) => accepts(o, input));
    default:
      return false;
  }
}

const SOURCE_SHAPE =
  'a locator like "src/a.ts:3-9", "@key" or "os:", or an object with `path`, `clip`, `result` or `source`';
const TARGET_SHAPE = 'a locator like "src/a.ts" or "src/a.ts:3-9", or an object with `path`';

/** A source in the object form: `path`, `clip` (with `scope`), `result` or `source: "os"`, and what to take of it. */
export const sourceObject = brief(
  z.strictObject({
    path: path.optional(),
    clip: key.optional(),
    scope: p.scope.optional(),
    result: z.string().max(20).optional(),
    source: z.enum(p.REF_SOURCES).optional(),
    ...selectors,
  }),
);

export const source = either([locator, sourceObject], SOURCE_SHAPE);

/** What a cut and `move` take: a file, whole or in part. */
export const fileSource = either(
  [locator, brief(z.strictObject({ path, ...selectors }))],
  'a file locator like "src/a.ts#Store.load" or "src/a.ts:14-18", or an object with `path`',
);
export type Source = z.output<typeof source>;

/** One source, or several (assembled in order, `join` between). */
export const sources = either(
  [source, z.array(source).min(1).max(50)],
  `${SOURCE_SHAPE}, or a list of them`,
);
export type Sources = z.output<typeof sources>;

/** A place to paste in the object form: a file and, optionally, lines, a symbol or a passage, with options. */
export const targetObject = brief(
  z.strictObject({
    path,
    ...selectors,
    mode: PasteMode.optional(),
    marker: z.string().min(1).optional(),
    create_if_missing: z.boolean().optional(),
    expect: p.expect.unwrap().describe("").optional(),
  }),
);

export const target = either([locator, targetObject], TARGET_SHAPE);
/** One place a paste goes, as a tool takes it: a locator string or the object form. */
type Place = z.output<typeof target>;
export const targets = either(
  [target, z.array(target).min(1).max(50)],
  `${TARGET_SHAPE}, or a list of them`,
);
export type Targets = z.output<typeof targets>;

/** A source as a reference object (`Ref`): a locator parsed, an object as given. */
export function toRef(s: Source): p.Ref {
  if (typeof s !== "string") return s;
  return parseLocator(s) as Located;
}

export const listOf = <T>(one: T | T[]): T[] => (Array.isArray(one) ? one : [one]);

/** Where a paste goes: files, or the OS clipboard (`os:`). */
export type Destination = { os: true } | { os: false; targets: Target[] };

/**
 * Targets in the paste's terms. A file locator or object appends, or with
 * lines, a symbol or a passage replaces them, unless `mode` (its own, or the
 * call's) says otherwise: `after_line` goes after the last of its lines,
 * `before_line` before the first.
 */
export function toDestination(
  given: Targets,
  defaults: { mode?: PasteMode | undefined; marker?: string | undefined },
  param = "to",
): Destination | ToolFailure {
  const all = listOf(given);
  if (all.some((t) => t === "os:")) {
    if (all.length > 1)
      return invalid(`\`${param}\` names "os:" beside files; paste to the OS clipboard alone.`);
    return { os: true };
  }
  const out: Target[] = [];
  for (const [i, t] of all.entries()) {
    const at = Array.isArray(given) ? `${param}[${i}]` : param;
    const located = typeof t === "string" ? parseLocator(t) : undefined;
    if (located && !("error" in located) && located.source !== "file")
      return invalid(
        `\`${at}\` "${t}" is not a file: paste into files or "os:"; store into an entry with copy.`,
      );
    const object = typeof t === "string" ? { ...(located as Located) } : t;
    const path = (object as { path?: string }).path as string;
    const mode = ("mode" in object ? object.mode : undefined) ?? defaults.mode;
    const marker = ("marker" in object ? object.marker : undefined) ?? defaults.marker;
    const range = object.lines === undefined ? undefined : parseLineRange(object.lines);
    if (range && "error" in range) return invalid(`\`${at}\`: ${range.error}.`);
    const position =
      range === undefined
        ? {}
        : mode === "after_line" || mode === "before_line"
          ? { line: mode === "after_line" ? range.end : range.start }
          : { start_line: range.start, end_line: range.end };
    out.push({
      path,
      ...(mode !== undefined ? { mode } : range ? { mode: "replace_lines" as const } : {}),
      ...position,
      ...(marker !== undefined ? { marker } : {}),
      ...(object.focus !== undefined ? { focus: object.focus } : {}),
      ...("start" in object && object.start !== undefined ? { start: object.start } : {}),
      ...("end" in object && object.end !== undefined ? { end: object.end } : {}),
      ...("lang" in object && object.lang !== undefined ? { lang: object.lang } : {}),
      ...("create_if_missing" in object && object.create_if_missing !== undefined
        ? { create_if_missing: object.create_if_missing }
        : {}),
      ...("expect" in object && object.expect !== undefined ? { expect: object.expect } : {}),
    });
  }
  return { os: false, targets: out };
}

/**
 * Where a paste or move goes, as the call says it: `to` (with `mode`), or
 * `after` / `before` a place, fewer tokens to write: `to` with mode
 * `after_line` / `before_line`, or with `marker` and no place in the file,
 * `at_marker_after` / `at_marker_before`. Exactly one of the three; a place
 * given by `after` or `before` takes no `mode` of its own.
 */
export function placement(args: {
  to?: Targets | undefined;
  after?: Targets | undefined;
  before?: Targets | undefined;
  mode?: PasteMode | undefined;
  marker?: string | undefined;
}): Destination | ToolFailure {
  const given = (["to", "after", "before"] as const).filter((k) => args[k] !== undefined);
  if (given.length !== 1)
    return invalid(
      given.length > 1
        ? `Give one of ${given.map((k) => `\`${k}\``).join(" and ")}: \`after\` and \`before\` are \`to\` with mode after_line and before_line.`
        : "Give `to` (a file locator, or a list), or `after` / `before` a place.",
    );
  const param = placeParam(args);
  if (param === "to") return toDestination(args.to as Targets, args);
  const places = listOf(args[param] as Targets);
  const own = places.some((t) => typeof t !== "string" && t.mode !== undefined);
  if (args.mode !== undefined || own)
    return invalid(
      `\`${param}\` places the paste ${param} it; drop \`mode\`, or give \`to\` with \`mode\`.`,
    );
  if (places.some((t) => t === "os:"))
    return invalid(
      `\`${param}\` is a place in a file; to paste to the OS clipboard, give \`to: "os:"\`.`,
    );
  const lineMode: PasteMode = param === "after" ? "after_line" : "before_line";
  const markerMode: PasteMode = param === "after" ? "at_marker_after" : "at_marker_before";
  // A whole file with `marker`: after or before the marker's line.
  const byMarker = (t: Place) => {
    if (args.marker === undefined) return t;
    const o = typeof t === "string" ? parseLocator(t) : t;
    if ("error" in o || ("source" in o && o.source !== "file")) return t;
    const inFile = ["lines", "focus", "start", "end"].some(
      (k) => (o as Record<string, unknown>)[k] !== undefined,
    );
    return inFile ? t : { ...o, path: o.path ?? "", mode: markerMode };
  };
  const place = args[param] as Targets;
  return toDestination(
    (Array.isArray(place) ? place.map(byMarker) : byMarker(place)) as Targets,
    { mode: lineMode, marker: args.marker },
    param,
  );
}

/** Which of `to`, `after` and `before` a call gives (messages name it as written). */
export const placeParam = (args: { after?: unknown; before?: unknown }) =>
  args.after !== undefined ? "after" : args.before !== undefined ? "before" : "to";

/** A failure naming the place as the call wrote it: `after[1]` rather than `to[1]`. */
export function asPlaced<T extends { ok: boolean }>(outcome: T, param: string): T;
export function asPlaced(failure: ToolFailure, param: string): ToolFailure;
export function asPlaced(r: ToolFailure | { ok: boolean; error?: ToolFailure }, param: string) {
  if (param === "to") return r;
  const rename = (f: ToolFailure) => ({
    ...f,
    message: f.message.replace(
      /`to(\[\d+\])?`/g,
      (_, i: string | undefined) => `\`${param}${i ?? ""}\``,
    ),
  });
  if ("code" in r) return rename(r);
  return !r.ok && r.error ? { ...r, error: rename(r.error) } : r;
}

const invalid = (message: string): ToolFailure => ({ code: "INVALID_ARGUMENT", message });

/** A failure rather than a destination. */
export const isFailure = (d: Destination | ToolFailure): d is ToolFailure => "code" in d;

/**
 * What a source names: a file, an entry, an earlier result or the OS clipboard;
 * undefined when that is unclear (`{}`, or `path` with `clip`), which the
 * reference check then explains.
 */
export function kindOf(r: p.Ref): "file" | "clip" | "result" | "os" | undefined {
  const source = refSource(r);
  return source === "file" || source === "clip" || source === "result" || source === "os"
    ? source
    : undefined;
}

/** A file source as the file actions take it: `path`, lines as `start_line`/`end_line`, selectors. */
export function fileArgs(r: p.Ref): Record<string, unknown> {
  const range = r.lines === undefined ? undefined : parseLineRange(r.lines);
  return {
    path: r.path,
    ...(range && !("error" in range) ? { start_line: range.start, end_line: range.end } : {}),
    ...(r.focus !== undefined ? { focus: r.focus } : {}),
    ...(r.start !== undefined ? { start: r.start } : {}),
    ...(r.end !== undefined ? { end: r.end } : {}),
    ...(r.lang !== undefined ? { lang: r.lang } : {}),
  };
}

/** Whether a reference names its source whole: no lines, symbol or passage of it. */
export const isWhole = (r: p.Ref) =>
  r.lines === undefined && r.focus === undefined && r.start === undefined && r.end === undefined;

/** The refusal of a call that gives neither or both of `from` and `text` (`like` shows a locator). */
export function fromOrText(
  from: Sources | undefined,
  text: string | undefined,
  like: string,
): ToolFailure | undefined {
  if ((from === undefined) !== (text === undefined)) return undefined;
  return invalid(
    from === undefined
      ? `Give \`from\` (a locator like ${like}) or \`text\`.`
      : "Give `from` or `text`, not both (inline {{ref:…}} in `text` cites other content).",
  );
}

/** Whether any of the sources is the OS clipboard (which a sandboxed grant may not read). */
export const namesOs = (given: Sources | undefined) =>
  given !== undefined && listOf(given).some((s) => kindOf(toRef(s)) === "os");

/** A file source for a cut and `move`: a file, whole or in part (not an entry, a result or the OS clipboard). */
export function asFile(s: Source, param: string): p.Ref | ToolFailure {
  const r = toRef(s);
  if (kindOf(r) !== "file")
    return invalid(
      `\`${param}\` must name a file (like "src/a.ts#Store.load" or "src/a.ts:14-18"); to paste an entry or a result, use paste.`,
    );
  return r;
}
