import { bandScores, leftmostStart } from "./banded.ts";
import { ExactSearch } from "./exact-search.ts";
import { MyersPattern, MyersRun } from "./myers.ts";
import type { WorkMeter } from "./work-meter.ts";

/**
 * The fuzzy anchor stage (anchors.ts): where a normalised needle occurs in a
 * normalised text with at most `k` edits (Levenshtein), keeping only the
 * matches with the fewest edits any match has — what approx-string-match's
 * `search` returns — but lazily, in order, in memory that does not grow with
 * the number of matches, and in time near-linear in the text:
 *
 * - needles under PIECES_FROM characters: Myers' bit-parallel scan of the
 *   whole text (one to three 32-character blocks per character);
 * - longer ones: pigeonhole filtering. Split in k+1 pieces, a match with ≤ k
 *   edits contains one piece unchanged, so only the neighbourhoods of exact
 *   piece occurrences (found with `indexOf`) are examined: one occurrence by a
 *   banded dynamic program (~9 cells per needle character), a dense run of
 *   them (repetitive text) by a Myers scan of that stretch, which skips what
 *   repeats (myers.ts).
 *
 * Positions are in the searched text; only text from `origin` on is searched.
 * A match is its end position (exclusive) and its leftmost start.
 */

/** Needles this long and longer are filtered by exact pieces. */
export const PIECES_FROM = 96;

/** A Myers scan restarts (instead of reading on) when asked for an end this far ahead. */
const JUMP = 1 << 16;

/** Ends of matches with score ≤ a threshold, in order. */
interface EndSource {
  /** The first end ≥ `minEnd` (and after the last one returned) with score ≤ the threshold, or -1. */
  next(minEnd: number): number;
  /** The score of the end `next` returned. */
  readonly score: number;
}

interface Searched {
  text: string;
  needle: MyersPattern;
  origin: number;
  meter: WorkMeter;
}

/** Short needles: Myers over the text, jumping ahead when asked for far ends. */
class ScanSource implements EndSource {
  score = 0;
  private readonly s: Searched;
  private readonly k: number;
  private run: MyersRun | undefined;
  private last: number;

  constructor(s: Searched, k: number) {
    this.s = s;
    this.k = k;
    this.last = s.origin;
  }

  next(minEnd: number): number {
    const { text, needle, origin, meter } = this.s;
    const target = Math.max(minEnd, this.last + 1);
    const span = needle.length + this.k;
    if (!this.run || target - span > this.run.position + JUMP) {
      const from = Math.max(origin, target - span);
      this.run = new MyersRun(needle, text, {
        from,
        to: text.length,
        k: this.k,
        reportFrom: from === origin ? target : Math.max(target, from + span),
        meter,
      });
    }
    for (;;) {
      const end = this.run.next();
      if (end === -1) {
        this.last = text.length;
        return -1;
      }
      if (end >= target) {
        this.last = end;
        this.score = this.run.score;
        return end;
      }
    }
  }
}

/** A stretch being examined: a band's computed ends, or a Myers scan over a dense stretch. */
type Region =
  | { kind: "band"; ends: number[]; scores: number[]; i: number }
  | { kind: "scan"; run: MyersRun; to: number };

/** Long needles: exact pieces, then a band or a scan around their occurrences. */
class PieceSource implements EndSource {
  score = 0;
  private readonly s: Searched;
  private readonly k: number;
  private readonly pieces: { search: ExactSearch; offset: number }[] = [];
  /** Per piece, the last search: from where, and the occurrence found (`Infinity`: none). */
  private readonly found: { from: number; hit: number }[] = [];
  private region: Region | undefined;
  /** Diagonals below this belong to regions already examined. */
  private floor: number;
  private last: number;

  constructor(s: Searched, k: number) {
    this.s = s;
    this.k = k;
    const m = s.needle.length;
    for (let i = 0; i <= k; i++) {
      const offset = Math.floor((i * m) / (k + 1));
      const to = Math.floor(((i + 1) * m) / (k + 1));
      this.pieces.push({ search: new ExactSearch(s.needle.pattern.slice(offset, to)), offset });
      this.found.push({ from: Number.POSITIVE_INFINITY, hit: -1 });
    }
    this.floor = s.origin - k;
    this.last = s.origin;
  }

  /**
   * The smallest diagonal ≥ `from` (a match's start minus the piece's offset
   * in the needle, i.e. where the needle would start) at which a piece occurs.
   */
  private nextDiagonal(from: number): number | undefined {
    const { text, origin } = this.s;
    let best = Number.POSITIVE_INFINITY;
    for (const [i, piece] of this.pieces.entries()) {
      const at = Math.max(origin, from + piece.offset);
      const last = this.found[i] as { from: number; hit: number };
      // The last search answers this one if it started no later and found nothing before `at`.
      if (last.from > at || last.hit < at) {
        const hit = piece.search.find(text, at);
        last.from = at;
        last.hit = hit === -1 ? Number.POSITIVE_INFINITY : hit;
      }
      best = Math.min(best, last.hit - piece.offset);
    }
    return Number.isFinite(best) ? best : undefined;
  }

  next(minEnd: number): number {
    const target = Math.max(minEnd, this.last + 1);
    for (;;) {
      const end = this.region ? this.fromRegion(this.region, target) : -1;
      if (end !== -1) {
        this.last = end;
        return end;
      }
      this.region = undefined;
      const { needle } = this.s;
      const d = this.nextDiagonal(Math.max(this.floor, target - needle.length - 2 * this.k));
      if (d === undefined) {
        this.last = this.s.text.length;
        return -1;
      }
      this.region = this.regionAt(d, target);
    }
  }

  private fromRegion(region: Region, target: number): number {
    if (region.kind === "band") {
      while (region.i < region.ends.length) {
        const end = region.ends[region.i] as number;
        const score = region.scores[region.i] as number;
        region.i++;
        if (end >= target) {
          this.score = score;
          return end;
        }
      }
      return -1;
    }
    if (target > region.to) return -1;
    for (;;) {
      const end = region.run.next();
      if (end === -1) return -1;
      if (end >= target) {
        this.score = region.run.score;
        return end;
      }
    }
  }

  /**
   * The region starting at candidate diagonal `d`: nearby candidates join it;
   * a narrow cluster is computed as a band, a wide one (a dense run of piece
   * occurrences: repetitive text) scanned with Myers.
   */
  private regionAt(d: number, target: number): Region {
    const { text, needle, origin, meter } = this.s;
    const k = this.k;
    const m = needle.length;
    const blocks = needle.blocks;
    const bandCost = (width: number) => m * (width + 4 * k + 1);
    const scanCost = (width: number) => (width + m + 5 * k) * blocks;
    let dhi = d;
    for (;;) {
      const next = this.nextDiagonal(dhi + 1);
      if (next === undefined || next > dhi + 4 * k + 1) break;
      dhi = next;
      if (bandCost(dhi - d) > scanCost(dhi - d)) return this.scanRegion(d, dhi, target);
    }
    if (bandCost(dhi - d) > scanCost(dhi - d)) return this.scanRegion(d, dhi, target);
    this.floor = dhi + 1;
    const band = bandScores(
      text,
      needle.pattern,
      { dlo: d, dhi, k, origin, limit: text.length },
      meter,
    );
    return { kind: "band", ends: band.ends, scores: band.scores, i: 0 };
  }

  /** A Myers scan over the stretch of dense candidates from `dlo`, extended while they go on. */
  private scanRegion(dlo: number, from: number, target: number): Region {
    const { text, needle, origin, meter } = this.s;
    const k = this.k;
    const m = needle.length;
    // Candidates this close share one scan (what lies between costs one or
    // two blocks a character). Far probes first, so a dense run of 10 MiB
    // costs about a thousand probes, not millions.
    const gap = 4 * m;
    let dhi = from;
    for (;;) {
      const far = this.nextDiagonal(dhi + (gap >> 1));
      if (far !== undefined && far <= dhi + gap) {
        dhi = far;
        continue;
      }
      const near = this.nextDiagonal(dhi + 1);
      if (near === undefined || near > dhi + gap) break;
      dhi = near;
    }
    this.floor = dhi + 1;
    const first = Math.max(dlo + m - 2 * k, target);
    const start = Math.max(origin, first - m - k);
    const to = Math.min(text.length, dhi + m + 2 * k);
    const run = new MyersRun(needle, text, {
      from: start,
      to,
      k,
      reportFrom: start === origin ? first : Math.max(first, start + m + k),
      meter,
    });
    return { kind: "scan", run, to };
  }
}

function sourceFor(s: Searched, k: number): EndSource {
  return s.needle.length >= PIECES_FROM ? new PieceSource(s, k) : new ScanSource(s, k);
}

/** A fuzzy match: [start, end) in the searched text. */
export interface FuzzyHit {
  start: number;
  end: number;
  errors: number;
}

/**
 * The best fuzzy matches of `needle` in `text` from `origin`, read in order.
 * `errors()` scans once for the fewest edits (stopping early at 1, the fewest
 * there can be: a match with none is the normalised stage's); `next` then
 * reads the matches with that many lazily.
 */
export class FuzzyMatches {
  private readonly s: Searched;
  private readonly k: number;
  private best: number | undefined | null = null;
  private source: EndSource | undefined;
  /** Ends read from the source and not yet passed. */
  private readonly ahead: number[] = [];

  constructor(text: string, needle: string, k: number, origin: number, meter: WorkMeter) {
    this.s = { text, needle: new MyersPattern(needle), origin, meter };
    this.k = k;
  }

  /** The fewest edits of any match, or undefined when none is within k. */
  errors(): number | undefined {
    if (this.best !== null) return this.best;
    let found: number | undefined;
    let after = this.s.origin;
    for (let k = this.k; k >= 1; k = (found ?? 1) - 1) {
      const source = sourceFor(this.s, k);
      const end = source.next(after);
      if (end === -1) break;
      found = source.score;
      after = end + 1;
      if (found <= 1) break;
    }
    this.best = found;
    return found;
  }

  /**
   * The first match (with the fewest edits) that starts at or after `from` and
   * ends at or after `minEnd`. Of matches with the same start, the longest.
   * Calls must not go back: `from` and `minEnd` never decrease.
   */
  next(from: number, minEnd: number): FuzzyHit | undefined {
    const errors = this.errors();
    if (errors === undefined) return undefined;
    const { text, needle, origin, meter } = this.s;
    const m = needle.length;
    // A match is at least m − errors long: ends before this cannot start at `from`.
    const lowest = Math.max(minEnd, from + m - errors);
    for (;;) {
      const end = this.peek(0, lowest);
      if (end === -1) return undefined;
      this.ahead.shift();
      const start = leftmostStart(text, needle.pattern, end, errors, origin, meter);
      if (start < from) continue;
      let longest = end;
      // Same start, a few characters longer: the same match (approx-string-match keeps the longest).
      for (let i = 0; ; i++) {
        const later = this.peek(i, end + 1);
        if (later === -1 || later > end + 2 * errors) break;
        if (leftmostStart(text, needle.pattern, later, errors, origin, meter) === start)
          longest = later;
      }
      return { start, end: longest, errors };
    }
  }

  /** The i-th end read ahead, after dropping those before `minEnd`; reads more as needed. */
  private peek(i: number, minEnd: number): number {
    while (this.ahead.length > 0 && (this.ahead[0] as number) < minEnd) this.ahead.shift();
    while (this.ahead.length <= i) {
      this.source ??= sourceFor(this.s, this.best ?? this.k);
      const end = this.source.next(
        this.ahead.length ? (this.ahead[this.ahead.length - 1] as number) + 1 : minEnd,
      );
      if (end === -1) return -1;
      this.ahead.push(end);
    }
    return this.ahead[i] as number;
  }
}

/**
 * Every end position of a best fuzzy match (the fewest edits, ≤ k) of
 * `needle` in `text` from `origin`, up to `limit`: the raw ends `FuzzyMatches`
 * reads, for tests and the bench to compare with approx-string-match.
 */
export function bestEnds(
  text: string,
  needle: string,
  k: number,
  meter: WorkMeter,
  origin = 0,
  limit = Number.POSITIVE_INFINITY,
): { errors: number | undefined; ends: number[] } {
  const matches = new FuzzyMatches(text, needle, k, origin, meter);
  const errors = matches.errors();
  const ends: number[] = [];
  if (errors === undefined) return { errors, ends };
  const source = sourceFor({ text, needle: new MyersPattern(needle), origin, meter }, errors);
  for (let end = source.next(origin); end !== -1 && ends.length < limit; end = source.next(end + 1))
    ends.push(end);
  return { errors, ends };
}
