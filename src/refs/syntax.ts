/**
 * How references are written (DESIGN.md §3), as pure parsing:
 * - a line range: `14..18`, `14-18`, `14`, or `r17:14..18` (lines of result r17);
 * - an inline marker, inside any text parameter: a locator string
 *   (`{{ref:src/a.ts#parse}}`, `{{ref:@cfg:2-9}}`: no `=` in it, and the
 *   locator is all that is between `{{ref:` and `}}`), or fields:
 *   `{{ref:source=file,path=a.ts,focus=parse}}`. Values run to the next `,` or
 *   `}}`; a value holding either is written as a JSON string:
 *   `start="def load(self, path)"`. `\{{ref:` is a literal `{{ref:` (the
 *   backslash is dropped), for text that must contain the characters themselves.
 *
 * Results show content with every `{{ref:` escaped (`escapeMarkers`), so text
 * a model echoes from a result is literal: scanning it gives back exactly the
 * bytes the result showed, and nothing in it expands (DESIGN.md §3, "Markers
 * in results are inert").
 */

export interface LineRange {
  /** Result id (`r17` → 17) when the range names one. */
  result?: number;
  start: number;
  end: number;
}

const RANGE = /^\s*(?:r(\d+):)?(\d+)\s*(?:(?:\.\.|-)\s*(\d+))?\s*$/;

/** Parses a `lines` value, or says what is wrong with it. */
export function parseLineRange(spec: string): LineRange | { error: string } {
  const m = RANGE.exec(spec);
  if (!m)
    return {
      error: `\`lines\` "${spec.slice(0, 40)}" is not a line range; write it as 14..18, 14, or r17:14..18 for lines of result r17`,
    };
  const start = Number(m[2]);
  const end = m[3] === undefined ? start : Number(m[3]);
  const huge = [m[1], m[2], m[3]].find((n) => n !== undefined && !Number.isSafeInteger(Number(n)));
  if (huge !== undefined)
    return {
      error: `\`lines\` ${spec.trim().slice(0, 40)} has ${huge}, past any line a file can have`,
    };
  if (start < 1) return { error: "`lines` start at 1" };
  if (end < start) return { error: `\`lines\` ${start}..${end} ends before it starts` };
  return { ...(m[1] === undefined ? {} : { result: Number(m[1]) }), start, end };
}

/** A result id as written: `r17` (or `17`). */
export function parseResultId(id: string): number | undefined {
  const m = /^r?(\d+)$/.exec(id.trim());
  return m ? Number(m[1]) : undefined;
}

export const MARKER_OPEN = "{{ref:";
const ESCAPED_OPEN = `\\${MARKER_OPEN}`;

/**
 * `text` as a result shows it: a backslash before every `{{ref:`, so none is
 * a marker. An escaped `\{{ref:` in the content becomes `\\{{ref:`, so
 * `scanMarkers` (and `unescapeMarkers`) give back exactly `text`. Adds one
 * character per `{{ref:` and no line.
 */
export function escapeMarkers(text: string): string {
  return text.includes(MARKER_OPEN) ? text.replaceAll(MARKER_OPEN, ESCAPED_OPEN) : text;
}

/**
 * The inverse of `escapeMarkers`: one backslash dropped before every `{{ref:`,
 * as `scanMarkers` reads a literal. For text that names content without being
 * expanded (anchors, `replace.from`, an import document), so the form a result
 * showed finds the content it showed.
 */
export function unescapeMarkers(text: string): string {
  return text.includes(ESCAPED_OPEN) ? text.replaceAll(ESCAPED_OPEN, MARKER_OPEN) : text;
}

/**
 * JSON text (as `JSON.stringify` writes it) with every `{{ref:` written
 * `\u007b{ref:`: the same JSON value, and no marker in the text. In such JSON
 * `{{ref:` only occurs inside strings (a structural `{` is followed by `"` or
 * `}`), where `\u007b` is a valid escape, unlike `\{`.
 */
export function escapeMarkersInJson(json: string): string {
  return json.includes(MARKER_OPEN) ? json.replaceAll(MARKER_OPEN, "\\u007b{ref:") : json;
}

/** How many `{{ref:` start in `text` between `from` and `to` and end by `to`: what escaping them adds. */
export function markersWithin(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (
    let at = text.indexOf(MARKER_OPEN, from);
    at !== -1 && at + MARKER_OPEN.length <= to;
    at = text.indexOf(MARKER_OPEN, at + MARKER_OPEN.length)
  )
    n++;
  return n;
}

/** An inline marker as written, and its fields (values unparsed). */
export interface Marker {
  /** The marker's text, `{{ref:…}}`, for error messages. */
  text: string;
  fields: Record<string, string>;
}

/** A text cut at its markers: literal pieces (escapes already undone) and markers, in order. */
export type Piece = string | Marker;

export type Scanned = { ok: true; pieces: Piece[] } | { ok: false; marker: string; error: string };

/** Shortens a marker for messages. */
export function shownMarker(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * Cuts `text` at its inline markers. Texts without `{{ref:` come back as one
 * piece. A marker that does not parse fails the whole text, naming it.
 */
export function scanMarkers(text: string): Scanned {
  if (!text.includes(MARKER_OPEN)) return { ok: true, pieces: [text] };
  const pieces: Piece[] = [];
  let literal = "";
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf(MARKER_OPEN, at);
    if (open === -1) {
      literal += text.slice(at);
      break;
    }
    if (open > 0 && text.startsWith(ESCAPED_OPEN, open - 1)) {
      literal += text.slice(at, open - 1) + MARKER_OPEN;
      at = open + MARKER_OPEN.length;
      continue;
    }
    literal += text.slice(at, open);
    const parsed = parseFields(text, open + MARKER_OPEN.length);
    const shown = shownMarker(text.slice(open, "end" in parsed ? parsed.end : open + 80));
    if ("error" in parsed) return { ok: false, marker: shown, error: parsed.error };
    if (literal) pieces.push(literal);
    literal = "";
    pieces.push({ text: text.slice(open, parsed.end), fields: parsed.fields });
    at = parsed.end;
  }
  if (literal) pieces.push(literal);
  return { ok: true, pieces };
}

type Fields = { fields: Record<string, string>; end: number } | { error: string; end?: number };

/** Reads `key=value,…}}` from `from`; `end` is just past the closing `}}`. */
function parseFields(text: string, from: number): Fields {
  const fields: Record<string, string> = {};
  let at = from;
  for (;;) {
    const eq = text.indexOf("=", at);
    const close = text.indexOf("}}", at);
    if (close === -1) return { error: "it is not closed with `}}`" };
    if (eq === -1 || eq > close) {
      const rest = text.slice(at, close).trim();
      if (rest === "" && Object.keys(fields).length) return { fields, end: close + 2 };
      // No `=` at all: the marker holds a locator string (`{{ref:src/a.ts#parse}}`).
      if (rest !== "" && at === from) return { fields: { locator: rest }, end: close + 2 };
      return { error: "write its fields as key=value, separated by commas", end: close + 2 };
    }
    const key = text.slice(at, eq).trim();
    if (!/^[a-z_]+$/.test(key))
      return { error: `\`${key.slice(0, 20)}\` is not a field name`, end: close + 2 };
    if (key in fields) return { error: `it gives \`${key}\` twice`, end: close + 2 };
    let value: string;
    let next = eq + 1;
    while (text[next] === " ") next++;
    if (text[next] === '"') {
      const quoted = readJsonString(text, next);
      if (quoted === undefined)
        return { error: `the quoted value of \`${key}\` is not a valid JSON string` };
      value = quoted.value;
      next = quoted.end;
      while (text[next] === " ") next++;
    } else {
      const comma = text.indexOf(",", next);
      const stop = comma !== -1 && comma < close ? comma : close;
      value = text.slice(next, stop).trim();
      next = stop;
    }
    fields[key] = value;
    if (text.startsWith("}}", next)) return { fields, end: next + 2 };
    if (text[next] !== ",")
      return { error: `expected \`,\` or \`}}\` after the value of \`${key}\``, end: close + 2 };
    at = next + 1;
  }
}

function readJsonString(text: string, from: number): { value: string; end: number } | undefined {
  for (let at = from + 1; at < text.length; at++) {
    if (text[at] === "\\") {
      at++;
      continue;
    }
    if (text[at] === '"') {
      try {
        return { value: JSON.parse(text.slice(from, at + 1)) as string, end: at + 1 };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Joins resolved pieces. A marker that ends its line (followed by a line
 * break) and resolves to whole lines (ending with one) gives up its own line
 * break, so a marker alone on a line becomes exactly the lines it names.
 */
export function joinResolved(pieces: (string | { resolved: string })[]): string {
  let out = "";
  for (const [i, piece] of pieces.entries()) {
    out += typeof piece === "string" ? piece : fitResolved(piece.resolved, pieces[i + 1]);
  }
  return out;
}

/** What a resolved marker contributes, given the piece after it (see `joinResolved`). */
export function fitResolved(resolved: string, next: unknown): string {
  const nextText = typeof next === "string" ? next : "";
  return resolved.endsWith("\n") && /^\r?\n/.test(nextText)
    ? resolved.replace(/\r?\n$/, "")
    : resolved;
}
