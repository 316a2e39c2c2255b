import { PermissionDenied } from "../auth/presets.ts";
import { parseLocator } from "../refs/locator.ts";
import {
  fitResolved,
  joinResolved,
  parseLineRange,
  parseResultId,
  scanMarkers,
  shownMarker,
} from "../refs/syntax.ts";
import type { SessionContext } from "../session/tool-context.ts";
import type { Selector } from "../shared/bridge/protocol.ts";
import { fail, type Outcome, ok, type ToolFailure } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { sliceLines, utf8Bytes } from "../shared/core/text.ts";
import { describeStages, findPassage } from "../shared/refs/anchors.ts";
import { languageOf } from "../shared/refs/languages.ts";
import { Mosaic, type Transform, transformProblem } from "../shared/refs/transforms.ts";
import { wholeLineSpan } from "../shared/refs/whole-lines.ts";
import { builtTooLarge, notFound } from "./failures.ts";
import { readFileLines } from "./file-lines.ts";
import { type Ref, ref as RefSchema } from "./schemas.ts";
import { anchorOf, describeSelection } from "./selection.ts";

/**
 * References resolved at the edge (DESIGN.md §3): a `ref` object, a
 * `multi_ref` list, or `{{ref:…}}` markers inside text parameters, turned into
 * the exact text they name. Files come through the local agent (which also
 * selects in them); entries, earlier results and the OS clipboard are read
 * here, and selected here too, except `focus`, which asks the agent's parser.
 */
export interface Resolved {
  text: string;
  /** For receipts: what was cited, e.g. "src/a.ts lines 4–20 (focus Store.load)". */
  what: string;
  /** Units selected in files (`focus`, anchors): where, so a paste can carry their imports. */
  origins?: Origin[];
}

/** A unit as it was in its file: the agent's path, its offsets, the file's hash then. */
export interface Origin {
  path: string;
  start: number;
  end: number;
  hash: string;
}

type Source = typeof import("./schemas.ts").REF_SOURCES[number];

/** The source a reference names (explicit, or by the field it gives), or why it is unclear. */
export function refSource(r: Ref): Source | string {
  const given = (["path", "clip", "result"] as const).filter((f) => r[f] !== undefined);
  if (given.length > 1)
    return `give one of \`path\`, \`clip\` and \`result\` (got ${given.join(" and ")})`;
  const implied: Source | undefined =
    given[0] === "path"
      ? "file"
      : given[0] === "clip"
        ? "clip"
        : given[0] === "result"
          ? "result"
          : undefined;
  const byLines = r.lines !== undefined && /^\s*r\d+:/.test(r.lines) ? "result" : undefined;
  const source = r.source ?? implied ?? byLines;
  if (source === undefined)
    return "say what it cites: `path` (a file), `clip` (an entry key), `result` (like r17) or `source: os`";
  if (implied !== undefined && implied !== source)
    return `\`source: ${source}\` does not take \`${given[0]}\``;
  if (source === "file" && r.path === undefined) return "`source: file` needs `path`";
  if (source === "clip" && r.clip === undefined)
    return "`source: clip` needs `clip` (the entry key)";
  if (source === "result" && r.result === undefined && byLines === undefined)
    return "`source: result` needs `result` (like r17) or `lines` like r17:14..18";
  return source;
}

/** Why a reference cannot be used, checked before anything is read (`at` names it). */
export function refProblem(r: Ref, at: string): ToolFailure | undefined {
  const bad = (message: string): ToolFailure => ({
    code: "INVALID_ARGUMENT",
    message: `${at}: ${message}.`,
  });
  const source = refSource(r);
  if (!(["file", "clip", "result", "os"] as string[]).includes(source)) return bad(source);
  const selectors = (["lines", "focus", "start"] as const).filter((f) => r[f] !== undefined);
  if (selectors.length > 1)
    return bad(
      `select with one of \`lines\`, \`focus\` and \`start\`/\`end\` (got ${selectors.join(" and ")})`,
    );
  if (r.end !== undefined && r.start === undefined) return bad("`end` needs `start`");
  if (r.lines !== undefined) {
    const range = parseLineRange(r.lines);
    if ("error" in range) return bad(range.error);
    if (range.result !== undefined && source !== "result")
      return bad("`lines` with `r17:` cite a result; drop the prefix");
  }
  if (r.scope !== undefined && source !== "clip") return bad("`scope` goes with `clip`");
  return undefined;
}

/** The references a call gives: its `multi_ref`, or its one `ref`. */
export function refsOf(args: { ref?: Ref | undefined; multi_ref?: Ref[] | undefined }): Ref[] {
  return args.multi_ref ?? (args.ref ? [args.ref] : []);
}

/** The first problem with a call's references, each named (`ref`, `multi_ref[2]`). */
export function refsProblem(args: {
  ref?: Ref | undefined;
  multi_ref?: Ref[] | undefined;
}): ToolFailure | undefined {
  for (const [i, r] of refsOf(args).entries()) {
    const problem = refProblem(r, args.ref ? "`from`" : `\`from[${i}]\``);
    if (problem) return problem;
  }
  return undefined;
}

const selectorOf = (r: Ref): Selector => ({
  ...(r.focus !== undefined ? { focus: r.focus } : {}),
  ...(r.start !== undefined ? { start: anchorOf(r.start) } : {}),
  ...(r.end !== undefined ? { end: anchorOf(r.end) } : {}),
  ...(r.lang !== undefined ? { lang: r.lang } : {}),
});

/** The language of the file an entry was copied from, when it is one the agent parses. */
function languageFromPath(path: unknown): string | undefined {
  return typeof path === "string" ? languageOf(path) : undefined;
}

/**
 * The part of `text` (first line numbered `firstLine`) a reference selects:
 * lines, a passage by anchors (here), or a symbol (the agent parses).
 */
async function selectIn(
  s: SessionContext,
  text: string,
  firstLine: number,
  r: Ref,
  name: string,
  lang: string | undefined,
  agent: string | undefined,
): Promise<Outcome<Resolved>> {
  if (r.lines !== undefined) {
    const range = parseLineRange(r.lines);
    if ("error" in range) return fail("INVALID_ARGUMENT", range.error);
    const slice = sliceLines(text, range.start - firstLine + 1, range.end - firstLine + 1);
    const last = firstLine + ("totalLines" in slice ? slice.totalLines : 0) - 1;
    if ("error" in slice || range.start < firstLine)
      return fail(
        "LINE_OUT_OF_RANGE",
        `${name} holds lines ${firstLine}–${last}; \`lines\` ${r.lines} is outside them.`,
      );
    return ok({
      text: slice.text,
      what: `${name} lines ${range.start}–${Math.min(range.end, last)}`,
    });
  }
  if (r.start !== undefined) {
    const p = findPassage(text, anchorOf(r.start), anchorOf(r.end));
    if (!p.ok) return fail(p.error.code, `${name}: ${p.error.message}`);
    const lines = `${p.value.start_line + firstLine - 1}–${p.value.end_line + firstLine - 1}`;
    // As in files: a pair covering whole lines selects those lines, line breaks included.
    const whole = r.end === undefined ? undefined : wholeLineSpan(text, p.value);
    const span = whole ?? p.value;
    return ok({
      text: text.slice(span.start, span.end),
      what: `${name} lines ${lines} (anchors: ${describeStages(p.value.stages)}${whole ? "; whole lines" : ""})`,
    });
  }
  if (r.focus !== undefined) {
    const language = r.lang ?? lang;
    const picked = await s.agent(
      "select",
      { text, name, select: { ...selectorOf(r), ...(language ? { lang: language } : {}) } },
      agent,
    );
    if (!picked.ok) return picked;
    const sel = picked.value.result;
    return ok({
      text: text.slice(sel.start, sel.end),
      what: `${name} lines ${sel.start_line + firstLine - 1}–${sel.end_line + firstLine - 1} (${sel.symbol ?? "focus"})`,
    });
  }
  return ok({ text, what: name });
}

/** The text one reference names. */
export async function resolveRef(
  s: SessionContext,
  r: Ref,
  agent: string | undefined,
): Promise<Outcome<Resolved>> {
  const source = refSource(r);
  switch (source) {
    case "file": {
      const range = r.lines === undefined ? undefined : parseLineRange(r.lines);
      if (range && "error" in range) return fail("INVALID_ARGUMENT", range.error);
      const sel = selectorOf(r);
      const read = await readFileLines(s, {
        path: r.path ?? "",
        start_line: range?.start,
        end_line: range?.end,
        ...(sel.focus !== undefined || sel.start !== undefined ? { select: sel } : {}),
        agent,
      });
      if (!read.ok) return read;
      const v = read.value;
      const selected = describeSelection(v.selection);
      const how = selected ? ` (${selected})` : "";
      const origins = v.selection
        ? [{ path: v.abs, start: v.selection.start, end: v.selection.end, hash: v.hash }]
        : [];
      return ok({
        text: v.text,
        what: `${v.path} lines ${v.start_line}–${v.end_line}${how}`,
        origins,
      });
    }
    case "clip": {
      const key = r.clip ?? "";
      const found = await s.locate(key, r.scope);
      const raw = found ? await s.inScope(found, "raw", key) : undefined;
      if (!found || !raw) return notFound(key, r.scope);
      if (raw.expired)
        return fail(
          "ENTRY_EXPIRED",
          `Entry \`${key}\` has expired and cannot be cited; renew it with update \`ttl_seconds\`.`,
        );
      const lang = languageFromPath((raw.source as { path?: unknown }).path);
      return selectIn(s, raw.content, 1, r, `entry \`${key}\``, lang, agent);
    }
    case "result": {
      const range = r.lines === undefined ? undefined : parseLineRange(r.lines);
      const named = r.result !== undefined ? parseResultId(r.result) : undefined;
      const byLines = range && !("error" in range) ? range.result : undefined;
      if (named !== undefined && byLines !== undefined && named !== byLines)
        return fail(
          "INVALID_ARGUMENT",
          `\`result\` r${named} and \`lines\` r${byLines}:… name different results; give one.`,
        );
      const id = r.result !== undefined ? named : byLines;
      if (id === undefined)
        return fail(
          "INVALID_ARGUMENT",
          `\`result\` "${r.result}" is not a result id; write it like r17.`,
        );
      const kept = s.results.cite(id);
      if (!kept)
        return fail(
          "RESULT_NOT_FOUND",
          `No result r${id} in this session: result ids are shown on results that carry content, and the newest 200 are kept.`,
        );
      // As a scope the preset forbids: refused for the whole call, whatever cites it.
      if ("code" in kept) throw new PermissionDenied(kept);
      const lines =
        range && !("error" in range) ? { ...r, lines: `${range.start}..${range.end}` } : r;
      return selectIn(s, kept.content, kept.first_line, lines, `result r${id}`, r.lang, agent);
    }
    case "os": {
      const read = await s.agent("os_read", {}, agent);
      if (!read.ok) return read;
      return selectIn(s, read.value.result.text, 1, r, "the OS clipboard", r.lang, agent);
    }
    default:
      return fail("INVALID_ARGUMENT", source);
  }
}

/**
 * Several references, each resolved then transformed, joined: a mosaic. The
 * joined size is counted as each piece arrives, and the piece that takes it
 * past `LIMITS.entryBytes` stops it at once (TEXT_TOO_LARGE naming it), before
 * the next reference is resolved: 50 references to a 10 MiB entry read two.
 * `name` says how a piece is named in messages (`ref`, `multi_ref[2]`).
 */
export async function resolveRefs(
  s: SessionContext,
  refs: Ref[],
  transform: Transform | undefined,
  agent: string | undefined,
  name: (i: number) => string = (i) => `from[${i}]`,
): Promise<Outcome<Resolved>> {
  const mosaic = new Mosaic(transform, LIMITS.entryBytes);
  const what: string[] = [];
  const origins: Origin[] = [];
  for (const [i, r] of refs.entries()) {
    const got = await resolveRef(s, r, agent);
    if (!got.ok)
      return refs.length > 1 ? fail(got.error.code, `\`${name(i)}\`: ${got.error.message}`) : got;
    const over = mosaic.add(got.value.text, name(i));
    if (over) return builtTooLarge(over);
    what.push(got.value.what);
    origins.push(...(got.value.origins ?? []));
  }
  return ok({ text: mosaic.text(), what: what.join(" + "), origins });
}

/**
 * `text` with its `{{ref:…}}` markers replaced by what they name (`param`
 * names the parameter in errors). A marker that cannot be resolved fails the
 * whole call, naming it; nothing is pasted literally.
 */
export async function expandMarkers(
  s: SessionContext,
  text: string,
  param: string,
  agent: string | undefined,
  limit: number = LIMITS.entryBytes,
): Promise<Outcome<{ text: string; cited: string[]; origins: Origin[] }>> {
  const scanned = scanMarkers(text);
  if (!scanned.ok)
    return fail(
      "INVALID_ARGUMENT",
      `\`${param}\`: the marker ${scanned.marker} ${scanned.error}. Write a literal \`{{ref:\` as \`\\{{ref:\`.`,
    );
  const cited: string[] = [];
  const origins: Origin[] = [];
  const parts: (string | { resolved: string })[] = [];
  // The expanded text's size, counted as it grows: the marker that takes it
  // past `limit` stops the expansion before any later marker is resolved.
  let bytes = 0;
  for (const [i, piece] of scanned.pieces.entries()) {
    if (typeof piece === "string") {
      parts.push(piece);
      bytes += utf8Bytes(piece);
      continue;
    }
    const marker = shownMarker(piece.text);
    const located =
      piece.fields.locator === undefined ? undefined : parseLocator(piece.fields.locator);
    if (located && "error" in located)
      return fail(
        "INVALID_ARGUMENT",
        `\`${param}\`: the marker ${marker}: the locator ${located.error}.`,
      );
    const parsed = RefSchema.safeParse(located ?? piece.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(
        "INVALID_ARGUMENT",
        `\`${param}\`: the marker ${marker}: ${issue?.path.join(".") || "field"} ${issue?.message}.`,
      );
    }
    const problem = refProblem(parsed.data, `\`${param}\`: the marker ${marker}`);
    if (problem) return { ok: false, error: problem };
    const got = await resolveRef(s, parsed.data, agent);
    if (!got.ok)
      return fail(
        got.error.code,
        `\`${param}\`: the marker ${marker} cannot be resolved: ${got.error.message}`,
      );
    bytes += utf8Bytes(fitResolved(got.value.text, scanned.pieces[i + 1]));
    if (bytes > limit) return builtTooLarge({ param, bytes }, ` (the marker ${marker})`);
    cited.push(got.value.what);
    origins.push(...(got.value.origins ?? []));
    parts.push({ resolved: got.value.text });
  }
  return ok({ text: joinResolved(parts), cited, origins });
}

/** Expands markers in optional text `value` (`param` names it in errors). */
export async function expandOptional(
  s: SessionContext,
  value: string | undefined,
  param: string,
  agent: string | undefined,
  limit: number = LIMITS.entryBytes,
): Promise<Outcome<string | undefined>> {
  if (value === undefined || !value.includes("{{ref:")) return ok(value);
  const got = await expandMarkers(s, value, param, agent, limit);
  return got.ok ? ok(got.value.text) : got;
}

/** A transform whose strings (replace's `to`, wrap, prepend, append, join) have their markers resolved. */
export async function expandTransform(
  s: SessionContext,
  t: Transform | undefined,
  agent: string | undefined,
): Promise<Outcome<Transform | undefined>> {
  if (!t) return ok(t);
  const out: Transform = { ...t };
  // What markers bring into the transform's strings counts against one limit
  // for them all: 100 `replace` targets citing a 10 MiB entry would be 1 GB.
  let room: number = LIMITS.entryBytes;
  const expand = async (value: string | undefined, param: string) => {
    const got = await expandOptional(s, value, param, agent, room);
    if (got.ok && got.value !== value) room -= utf8Bytes(got.value ?? "");
    return got;
  };
  for (const field of ["wrap", "prepend", "append", "join"] as const) {
    const got = await expand(t[field], field);
    if (!got.ok) return got;
    out[field] = got.value;
  }
  if (t.replace) {
    out.replace = [];
    for (const [i, r] of t.replace.entries()) {
      const to = await expand(r.to, `replace[${i}]`);
      if (!to.ok) return to;
      // `from` names content, like an anchor: the form a result showed finds it.
      out.replace.push({ from: anchorOf(r.from), to: to.value ?? "" });
    }
  }
  return ok(out);
}

/** Checks a transform; `INVALID_ARGUMENT` naming the field. */
export function checkTransform(t: Transform | undefined): ToolFailure | undefined {
  const problem = t ? transformProblem(t) : undefined;
  return problem ? { code: "INVALID_ARGUMENT", message: problem } : undefined;
}
