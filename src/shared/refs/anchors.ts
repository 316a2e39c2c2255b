import { ExactSearch } from "./exact-search.ts";
import { type Folded, fold, foldedIndex, originalSpan } from "./fold.ts";
import { FuzzyMatches } from "./fuzzy.ts";
import { WorkBudgetExceeded, WorkMeter } from "./work-meter.ts";

/**
 * Anchors (DESIGN.md §3): a passage named by its first and last words. Each
 * anchor is looked for in three stages, the first that finds it wins:
 * 1. `exact`: the anchor's characters as given;
 * 2. `normalised`: ignoring whitespace (all of it, so indentation and spacing
 *    drift do not matter), case, and typographic punctuation (curly quotes,
 *    dashes, non-breaking spaces read as their ASCII forms; fold.ts);
 * 3. `fuzzy`: the normalised anchor within Levenshtein distance ≤ 2 (≤ 1 for
 *    anchors of 5–9 normalised characters; none below 5), the matches with
 *    the fewest edits only (fuzzy.ts).
 *
 * The passage runs from the start of the `start` match through the end of the
 * first `end` match that begins at or after it (and ends at or after its
 * end), both included; `end` is looked for from the first `start` match on.
 * Several passages are refused with their lines, never guessed. Pure: used by
 * the edge on entries and by the local agent on files.
 *
 * Linear in the text, whatever the anchors: matches are read in order through
 * cursors (`indexOf` from a position, a lazy fuzzy scan), never all collected;
 * each `start` match finds its `end` by seeking forward from where the last
 * one's was, and counting stops at COUNTED passages ("at least 100"). So
 * `start: "a", end: "a"` in 10 MiB of `a`s reads a hundred matches, not ten
 * million (0.4.0 paired every start with every end: 22 s at 156 KiB).
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

/** Candidates named in an ambiguity error, at most. */
const SHOWN = 10;
/** Passages (or matches) counted before an ambiguity says "at least". */
export const COUNTED = 100;

/** Errors the fuzzy stage allows for a normalised anchor of `length` characters. */
export function fuzzyBudget(length: number): number {
  return length >= 10 ? 2 : length >= 5 ? 1 : 0;
}

/** An anchor's matches in one text, from the first stage that finds any. */
interface Cursor {
  stage: Stage;
  /** The first match starting at or after `from` and ending at or after `minEnd`. */
  next(from: number, minEnd: number): Hit | undefined;
  /** The match listed after `hit`: the next occurrence (fuzzy: the next that starts after it ends). */
  after(hit: Hit): Hit | undefined;
}

/** One text searched for anchors: its normalised form (made once, when first needed) and the work meter. */
class Haystack {
  readonly text: string;
  readonly meter: WorkMeter;
  private folded: Folded | undefined;

  constructor(text: string, meter = new WorkMeter()) {
    this.text = text;
    this.meter = meter;
  }

  get normal(): Folded {
    this.folded ??= fold(this.text);
    return this.folded;
  }

  /** `anchor`'s matches in the text from `origin` on, or undefined when no stage finds any. */
  cursor(anchor: string, origin: number): Cursor | undefined {
    const { text } = this;
    const exact = new ExactSearch(anchor);
    if (exact.find(text, origin) !== -1) {
      const next = (from: number, minEnd: number): Hit | undefined => {
        const at = exact.find(text, Math.max(origin, from, minEnd - anchor.length));
        return at === -1 ? undefined : { start: at, end: at + anchor.length, stage: "exact" };
      };
      return { stage: "exact", next, after: (hit) => next(hit.start + 1, 0) };
    }
    const needle = fold(anchor).text;
    if (needle === "") return undefined;
    const hay = this.normal;
    const first = foldedIndex(hay, origin);
    // Folded index bounds for a match starting at or after `from`, ending at or after `minEnd`.
    const lowest = (from: number, minEnd: number, length: number) =>
      Math.max(first, foldedIndex(hay, from), foldedIndex(hay, minEnd - 1) - length + 1);
    const normal = new ExactSearch(needle);
    // Folding that changed neither finds nothing the exact stage did not.
    const same = needle === anchor && hay.text === text;
    if (!same && normal.find(hay.text, first) !== -1) {
      const next = (from: number, minEnd: number): Hit | undefined => {
        const at = normal.find(hay.text, lowest(from, minEnd, needle.length));
        return at === -1
          ? undefined
          : { ...originalSpan(hay, at, at + needle.length), stage: "normalised" };
      };
      return { stage: "normalised", next, after: (hit) => next(hit.start + 1, 0) };
    }
    const budget = fuzzyBudget(needle.length);
    if (budget === 0) return undefined;
    const fuzzy = new FuzzyMatches(hay.text, needle, budget, first, this.meter);
    if (fuzzy.errors() === undefined) return undefined;
    const next = (from: number, minEnd: number): Hit | undefined => {
      const m = fuzzy.next(
        Math.max(first, foldedIndex(hay, from)),
        foldedIndex(hay, Math.max(0, minEnd - 1)) + (minEnd > 0 ? 1 : 0),
      );
      return m ? { ...originalSpan(hay, m.start, m.end), stage: "fuzzy" } : undefined;
    };
    return { stage: "fuzzy", next, after: (hit) => next(hit.end, hit.end) };
  }
}

/**
 * The places `anchor` occurs in `text`, in order, from the first stage that
 * finds any (none: `[]`), at most `limit` of them. Fuzzy matches that overlap
 * are one match.
 */
export function findAnchor(text: string, anchor: string, limit = COUNTED): Hit[] {
  const cursor = new Haystack(text).cursor(anchor, 0);
  const hits: Hit[] = [];
  for (let hit = cursor?.next(0, 0); hit && hits.length < limit; hit = cursor?.after(hit))
    hits.push(hit);
  return hits;
}

/** The 1-based lines of `offsets` (any order), counting line breaks in one pass. */
function linesOf(text: string, offsets: number[]): number[] {
  const order = offsets.map((_, i) => i).sort((a, b) => (offsets[a] ?? 0) - (offsets[b] ?? 0));
  const lines = new Array<number>(offsets.length);
  let line = 1;
  let next = text.indexOf("\n");
  for (const i of order) {
    const at = offsets[i] ?? 0;
    while (next !== -1 && next < at) {
      line++;
      next = text.indexOf("\n", next + 1);
    }
    lines[i] = line;
  }
  return lines;
}

/** The lines of the first SHOWN spans ("4–6, 9–11"), with "…" when `more` follow. */
function listLines(text: string, spans: Span[], more: boolean): string {
  const shown = spans.slice(0, SHOWN);
  const lines = linesOf(
    text,
    shown.flatMap((s) => [s.start, Math.max(s.start, s.end - 1)]),
  );
  const list = shown
    .map((_, i) => {
      const a = lines[2 * i];
      const b = lines[2 * i + 1];
      return a === b ? `${a}` : `${a}–${b}`;
    })
    .join(", ");
  return more || spans.length > SHOWN ? `${list}, …` : list;
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

/** The first `limit` matches a cursor lists from `first` on, and whether more follow. */
function listed(cursor: Cursor, first: Hit, limit: number): { hits: Hit[]; more: boolean } {
  const hits: Hit[] = [];
  let hit: Hit | undefined = first;
  for (; hit && hits.length < limit; hit = cursor.after(hit)) hits.push(hit);
  return { hits, more: hit !== undefined };
}

/**
 * The passage from `start` through `end` in `text` (or just the `start` match
 * when `end` is omitted). Ambiguity — several places it could be — is refused
 * with their lines, never guessed. `meter` bounds the fuzzy stage's work
 * (work-meter.ts; tests give a smaller one).
 */
export function findPassage(
  text: string,
  start: string,
  end?: string,
  meter = new WorkMeter(),
): PassageResult {
  if (start === "")
    return failure("INVALID_ARGUMENT", "`start` is empty; give the passage's first words.");
  if (end === "")
    return failure(
      "INVALID_ARGUMENT",
      "`end` is empty; give the passage's last words, or omit it.",
    );
  const hay = new Haystack(text, meter);
  let looking: "start" | "end" = "start";
  try {
    const starts = hay.cursor(start, 0);
    const first = starts?.next(0, 0);
    if (!starts || !first)
      return failure(
        "ANCHOR_NOT_FOUND",
        `\`start\` was not found, not even ignoring whitespace and case or with ${fuzzyBudget(fold(start).text.length)} typos; check its text, or select by \`lines\`.`,
      );
    const pairs: { start: Hit; end?: Hit }[] = [];
    let more = false;
    if (end === undefined) {
      const all = listed(starts, first, COUNTED);
      for (const hit of all.hits) pairs.push({ start: hit });
      more = all.more;
    } else {
      looking = "end";
      const ends = hay.cursor(end, first.start);
      // Each start's end is the first at or after it; a start without one means
      // none after it has one either (they are later still).
      let s: Hit | undefined = first;
      for (; ends && s && pairs.length < COUNTED; s = starts.after(s)) {
        const e = ends.next(s.start, s.end);
        if (!e) break;
        pairs.push({ start: s, end: e });
      }
      more =
        pairs.length === COUNTED && s !== undefined && ends?.next(s.start, s.end) !== undefined;
      if (!pairs.length) {
        const shown = listed(starts, first, SHOWN);
        return failure(
          "ANCHOR_NOT_FOUND",
          `\`end\` was not found after \`start\` (line ${listLines(text, shown.hits, shown.more)}); check its text, or select by \`lines\`.`,
        );
      }
    }
    if (pairs.length > 1) {
      const spans = pairs.map((p) => ({ start: p.start.start, end: (p.end ?? p.start).end }));
      return failure(
        "ANCHOR_AMBIGUOUS",
        `The anchors match ${more ? "at least " : ""}${pairs.length} passages, at lines ${listLines(text, spans, more)}; nothing was changed. Give more of the first words so one passage matches, or select by \`lines\`.`,
      );
    }
    const only = pairs[0] as { start: Hit; end?: Hit };
    const span = { start: only.start.start, end: (only.end ?? only.start).end };
    const [startLine, endLine] = linesOf(text, [span.start, Math.max(span.start, span.end - 1)]);
    return {
      ok: true,
      value: {
        ...span,
        start_line: startLine ?? 1,
        end_line: endLine ?? 1,
        stages: only.end
          ? { start: only.start.stage, end: only.end.stage }
          : { start: only.start.stage },
      },
    };
  } catch (error) {
    if (!(error instanceof WorkBudgetExceeded)) throw error;
    return failure(
      "ANCHOR_NOT_FOUND",
      `\`${looking}\` was not found as written or ignoring whitespace and case, and this text is too repetitive to look for it with typos in reasonable time; give its exact words, or select by \`lines\`.`,
    );
  }
}
