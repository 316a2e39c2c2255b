import search from "approx-string-match";
import { Lines } from "../core/lines.ts";

/**
 * Anchors (DESIGN.md §3): a passage named by its first and last words. Each
 * anchor is looked for in three stages, the first that finds it wins:
 * 1. `exact`: the anchor's characters as given;
 * 2. `normalised`: ignoring whitespace (all of it, so indentation and spacing
 *    drift do not matter), case, and typographic punctuation (curly quotes,
 *    dashes, non-breaking spaces read as their ASCII forms);
 * 3. `fuzzy`: the normalised anchor within Levenshtein distance ≤ 2 (≤ 1 for
 *    anchors of 5–9 normalised characters; none below 5), found with Myers'
 *    bit-parallel algorithm (approx-string-match), best matches only.
 *
 * The passage runs from the start of the `start` match through the end of the
 * first `end` match that begins at or after it, both included. Pure: used by
 * the edge on entries and by the local agent on files.
 */
export type Stage = "exact" | "normalised" | "fuzzy";

export interface Span {
  start: number;
  end: number;
}

export interface Hit extends Span {
  stage: Stage;
}

export interface Passage extends Span {
  /** 1-based lines the passage starts and ends on. */
  start_line: number;
  end_line: number;
  /** The stage that matched each anchor (`end` absent when only `start` was given). */
  stages: { start: Stage; end?: Stage };
}

export type AnchorFailure = {
  code: "ANCHOR_NOT_FOUND" | "ANCHOR_AMBIGUOUS" | "INVALID_ARGUMENT";
  message: string;
};
export type PassageResult = { ok: true; value: Passage } | { ok: false; error: AnchorFailure };

/** Typographic characters read as their ASCII forms by the normalised stages. */
const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
};

/** Candidates named in an ambiguity error, at most. */
const SHOWN = 10;

/** Whitespace as JavaScript's `\s` has it, by character code (the hot loop of `fold`). */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A text without whitespace, lower-cased, plain punctuation; `at[i]` is where folded char i came from. */
interface Folded {
  text: string;
  at: Uint32Array;
}

function fold(text: string): Folded {
  // Lower-casing lengthens only U+0130 (İ → i̇); room for exactly those.
  let longer = 0;
  for (let i = text.indexOf("\u0130"); i !== -1; i = text.indexOf("\u0130", i + 1)) longer++;
  const at = new Uint32Array(text.length + longer + 1);
  let out = "";
  const parts: string[] = [];
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    const c = text[i] as string;
    // ASCII letters fold by arithmetic; everything else through the tables.
    const folded =
      code >= 65 && code <= 90
        ? String.fromCharCode(code + 32)
        : code < 128
          ? c
          : (PLAIN[c] ?? c.toLowerCase());
    for (let k = 0; k < folded.length; k++) at[n++] = i;
    parts.push(folded);
    if (parts.length >= 4096) {
      out += parts.join("");
      parts.length = 0;
    }
  }
  out += parts.join("");
  return { text: out, at: at.subarray(0, n) };
}

/** Errors the fuzzy stage allows for a normalised anchor of `length` characters. */
export function fuzzyBudget(length: number): number {
  return length >= 10 ? 2 : length >= 5 ? 1 : 0;
}

function exactHits(text: string, anchor: string): Hit[] {
  const hits: Hit[] = [];
  for (let at = text.indexOf(anchor); at !== -1; at = text.indexOf(anchor, at + 1))
    hits.push({ start: at, end: at + anchor.length, stage: "exact" });
  return hits;
}

/**
 * Every place `anchor` occurs in `text`, from the first stage that finds any
 * (none: `[]`). Fuzzy matches that overlap are one match (the one with fewest errors).
 */
export function findAnchor(text: string, anchor: string): Hit[] {
  const exact = exactHits(text, anchor);
  if (exact.length) return exact;
  const needle = fold(anchor).text;
  if (needle === "") return [];
  const hay = fold(text);
  const back = (start: number, end: number, stage: Stage): Hit => ({
    start: hay.at[start] ?? 0,
    end: (hay.at[end - 1] ?? 0) + 1,
    stage,
  });
  const normal: Hit[] = [];
  for (let at = hay.text.indexOf(needle); at !== -1; at = hay.text.indexOf(needle, at + 1))
    normal.push(back(at, at + needle.length, "normalised"));
  if (normal.length) return normal;
  const budget = fuzzyBudget(needle.length);
  if (budget === 0) return [];
  const matches = search(hay.text, needle, budget).sort(
    (a, b) => a.start - b.start || a.errors - b.errors || b.end - a.end,
  );
  const merged: typeof matches = [];
  for (const m of matches) {
    const last = merged[merged.length - 1];
    if (last && m.start < last.end) {
      if (m.errors < last.errors) merged[merged.length - 1] = m;
      continue;
    }
    merged.push(m);
  }
  return merged.map((m) => back(m.start, m.end, "fuzzy"));
}

function listLines(lines: Lines, spans: Span[]): string {
  const shown = spans
    .slice(0, SHOWN)
    .map((s) => {
      const a = lines.lineOf(s.start);
      const b = lines.lineOf(Math.max(s.start, s.end - 1));
      return a === b ? `${a}` : `${a}–${b}`;
    })
    .join(", ");
  return spans.length > SHOWN ? `${shown}, …` : shown;
}

/** Which stage matched, for receipts: "exact", or "start fuzzy, end exact" when they differ. */
export function describeStages(stages: Passage["stages"]): string {
  return stages.end === undefined || stages.end === stages.start
    ? stages.start
    : `start ${stages.start}, end ${stages.end}`;
}

const failure = (code: AnchorFailure["code"], message: string): PassageResult => ({
  ok: false,
  error: { code, message },
});

/**
 * The passage from `start` through `end` in `text` (or just the `start` match
 * when `end` is omitted). Ambiguity — several places it could be — is refused
 * with their lines, never guessed.
 */
export function findPassage(text: string, start: string, end?: string): PassageResult {
  if (start === "")
    return failure("INVALID_ARGUMENT", "`start` is empty; give the passage's first words.");
  if (end === "")
    return failure(
      "INVALID_ARGUMENT",
      "`end` is empty; give the passage's last words, or omit it.",
    );
  const lines = new Lines(text);
  const starts = findAnchor(text, start);
  if (!starts.length)
    return failure(
      "ANCHOR_NOT_FOUND",
      `\`start\` was not found, not even ignoring whitespace and case or with ${fuzzyBudget(fold(start).text.length)} typos; check its text, or select by \`lines\`.`,
    );
  const pairs: { start: Hit; end?: Hit }[] = [];
  if (end === undefined) {
    for (const s of starts) pairs.push({ start: s });
  } else {
    const first = starts[0] as Hit;
    const tail = text.slice(first.start);
    const ends = findAnchor(tail, end).map((e) => ({
      ...e,
      start: e.start + first.start,
      end: e.end + first.start,
    }));
    for (const s of starts) {
      const e = ends.find((h) => h.start >= s.start && h.end >= s.end);
      if (e) pairs.push({ start: s, end: e });
    }
    if (!pairs.length)
      return failure(
        "ANCHOR_NOT_FOUND",
        `\`end\` was not found after \`start\` (line ${listLines(lines, starts)}); check its text, or select by \`lines\`.`,
      );
  }
  if (pairs.length > 1) {
    const spans = pairs.map((p) => ({ start: p.start.start, end: (p.end ?? p.start).end }));
    return failure(
      "ANCHOR_AMBIGUOUS",
      `The anchors match ${pairs.length} passages, at lines ${listLines(lines, spans)}; nothing was changed. Give more of the first words so one passage matches, or select by \`lines\`.`,
    );
  }
  const only = pairs[0] as { start: Hit; end?: Hit };
  const span = { start: only.start.start, end: (only.end ?? only.start).end };
  return {
    ok: true,
    value: {
      ...span,
      start_line: lines.lineOf(span.start),
      end_line: lines.lineOf(Math.max(span.start, span.end - 1)),
      stages: only.end
        ? { start: only.start.stage, end: only.end.stage }
        : { start: only.start.stage },
    },
  };
}
