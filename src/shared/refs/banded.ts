import type { WorkMeter } from "./work-meter.ts";

/**
 * Edit distance in a band of diagonals: the dynamic program restricted to
 * the cells an alignment with at most `k` errors can reach, so its cost is
 * the pattern's length times the band's width instead of times the text's.
 * Values saturate at k+1 (all that matters is whether they are within k).
 */

/**
 * The best score of `pattern` ending at each text position, over alignments
 * that start on a diagonal in [dlo, dhi] (start offset − pattern offset) and
 * stay within 2k of it — which is every alignment with ≤ k errors through an
 * exact piece found at such a diagonal (pigeonhole: fuzzy.ts). Only text in
 * [origin, limit) is used. Returns the ends with score ≤ k, in order.
 */
export function bandScores(
  text: string,
  pattern: string,
  band: { dlo: number; dhi: number; k: number; origin: number; limit: number },
  meter: WorkMeter,
): { ends: number[]; scores: number[] } {
  const { k, origin, limit } = band;
  const m = pattern.length;
  const lo = band.dlo - 2 * k;
  const width = band.dhi + 2 * k - lo + 1;
  const inf = k + 1;
  let prev = new Uint8Array(width);
  let cur = new Uint8Array(width);
  // Row 0: any start inside the text is free.
  for (let t = 0; t < width; t++) {
    const c = lo + t;
    prev[t] = c >= origin && c <= limit ? 0 : inf;
  }
  meter.charge(m * width);
  for (let r = 1; r <= m; r++) {
    const pc = pattern.charCodeAt(r - 1);
    let rowMin = inf;
    for (let t = 0; t < width; t++) {
      const c = r + lo + t;
      if (c < origin || c > limit) {
        cur[t] = inf;
        continue;
      }
      let best = inf;
      if (c - 1 >= origin) {
        const diagonal = (prev[t] as number) + (text.charCodeAt(c - 1) === pc ? 0 : 1);
        if (diagonal < best) best = diagonal;
        if (t > 0 && (cur[t - 1] as number) + 1 < best) best = (cur[t - 1] as number) + 1;
      }
      if (t + 1 < width && (prev[t + 1] as number) + 1 < best) best = (prev[t + 1] as number) + 1;
      cur[t] = Math.min(best, inf);
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > k) return { ends: [], scores: [] };
    [prev, cur] = [cur, prev];
  }
  const ends: number[] = [];
  const scores: number[] = [];
  for (let t = 0; t < width; t++) {
    const s = prev[t] as number;
    if (s <= k) {
      ends.push(m + lo + t);
      scores.push(s);
    }
  }
  return { ends, scores };
}

/**
 * The leftmost start s ≥ `origin` such that `pattern` matches text[s, end)
 * with at most `errors` edits (-1 if none): a match's start, chosen to make it
 * as long as it can be, as approx-string-match chooses it.
 */
export function leftmostStart(
  text: string,
  pattern: string,
  end: number,
  errors: number,
  origin: number,
  meter: WorkMeter,
): number {
  const m = pattern.length;
  const e = errors;
  const width = 2 * e + 1;
  const inf = e + 1;
  // Reversed: row r has consumed the pattern's last r characters, column c the
  // text's last c before `end`; band t = c − r + e.
  let prev = new Uint8Array(width);
  let cur = new Uint8Array(width);
  for (let t = 0; t < width; t++) {
    const c = t - e;
    prev[t] = c < 0 || end - c < origin ? inf : c;
  }
  meter.charge(m * width);
  for (let r = 1; r <= m; r++) {
    const pc = pattern.charCodeAt(m - r);
    let rowMin = inf;
    for (let t = 0; t < width; t++) {
      const c = r + t - e;
      if (c < 0 || end - c < origin) {
        cur[t] = inf;
        continue;
      }
      let best = inf;
      if (c >= 1) {
        const diagonal = (prev[t] as number) + (text.charCodeAt(end - c) === pc ? 0 : 1);
        if (diagonal < best) best = diagonal;
        if (t > 0 && (cur[t - 1] as number) + 1 < best) best = (cur[t - 1] as number) + 1;
      }
      if (t + 1 < width && (prev[t + 1] as number) + 1 < best) best = (prev[t + 1] as number) + 1;
      cur[t] = Math.min(best, inf);
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > e) return -1;
    [prev, cur] = [cur, prev];
  }
  for (let t = width - 1; t >= 0; t--) {
    const c = m + t - e;
    if ((prev[t] as number) <= e && c >= 0 && end - c >= origin) return end - c;
  }
  return -1;
}
