import search from "approx-string-match";
import { describe, expect, it } from "vitest";
import { leftmostStart } from "../../src/shared/refs/banded.ts";
import { bestEnds, FuzzyMatches } from "../../src/shared/refs/fuzzy.ts";
import { MyersPattern, MyersRun } from "../../src/shared/refs/myers.ts";
import { WorkBudgetExceeded, WorkMeter } from "../../src/shared/refs/work-meter.ts";

/** A small deterministic generator (mulberry32), so failures reproduce. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (alphabet: string, n: number) =>
    Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  const edit = (text: string, edits: number, alphabet: string) => {
    const chars = [...text];
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(next() * chars.length);
      const c = pick(alphabet, 1);
      const op = Math.floor(next() * 3);
      if (op === 0) chars[at] = c;
      else if (op === 1) chars.splice(at, 0, c);
      else chars.splice(at, 1);
    }
    return chars.join("");
  };
  return { next, pick, edit };
}

/** Edit distance of `a` and `b` (the textbook dynamic program). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
      );
    row = next;
  }
  return row[b.length] as number;
}

/** For each end position of `text`, the fewest edits of `needle` into a substring ending there. */
function endScores(text: string, needle: string): number[] {
  // Column by column over the text; row 0 is free (a match starts anywhere).
  let column = Array.from({ length: needle.length + 1 }, (_, i) => i);
  const scores = [column[needle.length] as number];
  for (const c of text) {
    const next = [0];
    for (let i = 1; i <= needle.length; i++)
      next[i] = Math.min(
        (column[i - 1] as number) + (needle[i - 1] === c ? 0 : 1),
        (column[i] as number) + 1,
        (next[i - 1] as number) + 1,
      );
    column = next;
    scores.push(column[needle.length] as number);
  }
  return scores;
}

describe("the fuzzy stage", () => {
  it("finds the same best matches as approx-string-match, on short and long needles, plain and repetitive texts", () => {
    const r = random(7);
    let compared = 0;
    for (let round = 0; round < 400; round++) {
      const alphabet = ["ab", "abc", "abcdefgh"][round % 3] as string;
      const m = [6, 12, 40, 100, 200, 400][round % 6] as number;
      const period = r.pick(alphabet, 1 + Math.floor(r.next() * 5));
      const repetitive = round % 2 === 0;
      const needle = r.edit(
        repetitive ? period.repeat(m).slice(0, m) : r.pick(alphabet, m),
        1 + Math.floor(r.next() * 3),
        alphabet,
      );
      let text = repetitive
        ? period.repeat(8_000).slice(0, 2_000 + Math.floor(r.next() * 8_000))
        : r.pick(alphabet, 500 + Math.floor(r.next() * 3_000));
      for (let c = 0; c < 3; c++) {
        const at = Math.floor(r.next() * text.length);
        text =
          text.slice(0, at) + r.edit(needle, Math.floor(r.next() * 4), alphabet) + text.slice(at);
      }
      const k = needle.length >= 10 ? 2 : 1;
      const origin = round % 4 === 1 ? Math.floor(r.next() * 200) : 0;
      const theirs = search(text.slice(origin), needle, k);
      // An exact occurrence is the normalised stage's, never the fuzzy one's.
      if (theirs[0]?.errors === 0) continue;
      const ours = bestEnds(text, needle, k, new WorkMeter(), origin);
      expect(ours.errors, `round ${round}`).toBe(theirs[0]?.errors);
      expect(ours.ends, `round ${round}`).toEqual(theirs.map((t) => t.end + origin));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("gives each match its leftmost start, reading them in order without repeats", () => {
    const text = "x;helloworle;helowold;heloworld;";
    const matches = new FuzzyMatches(text, "helloworld", 2, 0, new WorkMeter());
    expect(matches.errors()).toBe(1);
    const found = [];
    for (let hit = matches.next(0, 0); hit; hit = matches.next(hit.end, hit.end)) found.push(hit);
    // "helowold" has two edits: only the matches with the fewest count. Of
    // "helloworl" and "helloworle" (same start, one edit each), the longest.
    expect(found.map((h) => text.slice(h.start, h.end))).toEqual(["helloworle", "heloworld"]);
    for (const h of found) expect(distance(text.slice(h.start, h.end), "helloworld")).toBe(1);
    expect(leftmostStart("xxabcd", "abcd", 6, 1, 0, new WorkMeter())).toBe(1);
  });

  it("copies the scores of a repeating stretch instead of computing them", () => {
    const text = "ab".repeat(1 << 19);
    const needle = [..."ab".repeat(200)].map((c, i) => (i === 100 ? "x" : c)).join("");
    const meter = new WorkMeter();
    const run = new MyersRun(new MyersPattern(needle), text, {
      from: 0,
      to: text.length,
      k: 2,
      reportFrom: 0,
      meter,
    });
    const ends: number[] = [];
    for (let end = run.next(); end !== -1; end = run.next()) ends.push(end);
    // Computing every column would take 1 MiB × 13 blocks.
    expect(meter.spent).toBeLessThan(200_000);
    // The ends the textbook dynamic program gives, well past where copying starts.
    const expected = endScores(text.slice(0, 6_000), needle)
      .map((score, end) => (score <= 2 ? end : -1))
      .filter((end) => end > 0);
    expect(ends.slice(0, expected.length)).toEqual(expected);
    expect(ends.length).toBeGreaterThan(1_000_000);
  });

  it("stops with WorkBudgetExceeded past its budget", () => {
    const text = "ab".repeat(50_000);
    // Three typos in the first piece: the other two occur everywhere.
    const needle = [..."ab".repeat(200)].map((c, i) => (i % 10 === 5 && i < 40 ? "x" : c)).join("");
    expect(() => new FuzzyMatches(text, needle, 2, 0, new WorkMeter(5_000)).errors()).toThrow(
      WorkBudgetExceeded,
    );
  });
});
