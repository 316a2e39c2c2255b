import { describe, expect, it } from "vitest";
import { findAnchor, findPassage, fuzzyBudget } from "../../src/shared/refs/anchors.ts";
import { WorkMeter } from "../../src/shared/refs/work-meter.ts";

const py = [
  "class Store:",
  "    def load(self, path):",
  '        """Read the store from path."""',
  "        with open(path) as f:",
  "            data = json.load(f)",
  "        return data",
  "",
  "    def save(self, path, data):",
  "        with open(path, 'w') as f:",
  "            json.dump(data, f)",
  "        return data",
  "",
].join("\n");

const passage = (text: string, start: string, end?: string) => {
  const r = findPassage(text, start, end);
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, text: text.slice(r.value.start, r.value.end) };
};

describe("findPassage", () => {
  it("selects from the start of `start` through the end of the first `end` after it", () => {
    const p = passage(py, "def load(", "return data");
    expect(p.text.startsWith("def load(self, path):")).toBe(true);
    expect(p.text.endsWith("        return data")).toBe(true);
    expect(p).toMatchObject({
      start_line: 2,
      end_line: 6,
      stages: { start: "exact", end: "exact" },
    });
  });

  it("matches through whitespace drift and case changes (normalised stage)", () => {
    const p = passage(py, "DEF  load( self,path )", "RETURN   data");
    expect(p).toMatchObject({
      start_line: 2,
      end_line: 6,
      stages: { start: "normalised", end: "normalised" },
    });
    expect(p.text.startsWith("def load(self, path):")).toBe(true);
  });

  it("matches through typos within the fuzzy budget", () => {
    const p = passage(py, "def saev(self, path, data):", "json.dump(data, f)");
    expect(p).toMatchObject({
      start_line: 8,
      end_line: 10,
      stages: { start: "fuzzy", end: "exact" },
    });
    expect(p.text.startsWith("def save(self, path, data):")).toBe(true);
  });

  it("reads curly quotes and dashes as ASCII", () => {
    const text = "say('it\u2019s') \u2014 done\n";
    expect(passage(text, "it's') - done").stages.start).toBe("normalised");
  });

  it("refuses ambiguous anchors with the lines of every candidate", () => {
    const r = findPassage(py, "with open(path", "return data");
    expect(r).toMatchObject({ ok: false, error: { code: "ANCHOR_AMBIGUOUS" } });
    if (!r.ok) expect(r.error.message).toContain("lines 4–6, 9–11");
  });

  it("selects just the `start` match when `end` is omitted", () => {
    expect(passage(py, "json.dump(data, f)")).toMatchObject({
      start_line: 10,
      end_line: 10,
      text: "json.dump(data, f)",
    });
  });

  it("fails with ANCHOR_NOT_FOUND when `end` occurs only before `start`", () => {
    const r = findPassage(py, "def save", "Read the store");
    expect(r).toMatchObject({ ok: false, error: { code: "ANCHOR_NOT_FOUND" } });
    if (!r.ok) expect(r.error.message).toContain("`end`");
  });

  it("does not match beyond the budget, and never fuzzily for short anchors", () => {
    expect(findPassage(py, "def sxxe(self, pxth, dxxa):").ok).toBe(false);
    expect(findAnchor("abc abd", "abx")).toEqual([]);
    expect([fuzzyBudget(4), fuzzyBudget(5), fuzzyBudget(10)]).toEqual([0, 1, 2]);
  });

  it("keeps offsets exact in CRLF text and past astral characters", () => {
    const text = "😀 one\r\n  two three\r\nfour\r\n";
    const p = passage(text, "TWO three", "four");
    expect(p.text).toBe("two three\r\nfour");
    expect(p).toMatchObject({ start_line: 2, end_line: 3 });
  });

  it("rejects empty anchors", () => {
    expect(findPassage(py, "")).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENT" } });
  });
});

describe("findPassage at scale (bounded time and memory)", () => {
  it("refuses `start: a, end: a` in 160,000 `a`s as ambiguous, counting at most 100 passages", () => {
    const began = performance.now();
    const r = findPassage("a".repeat(160_000), "a", "a");
    expect(r).toMatchObject({ ok: false, error: { code: "ANCHOR_AMBIGUOUS" } });
    if (!r.ok) expect(r.error.message).toContain("at least 100 passages, at lines 1, 1, 1");
    // 0.4.0 paired every start with every end: 22 s here.
    expect(performance.now() - began).toBeLessThan(5_000);
  });

  it("pairs each of 50,000 starts with the first end after it, and lists the first ten", () => {
    const text = "BEGIN x\nEND\n".repeat(50_000);
    const r = findPassage(text, "BEGIN", "END");
    expect(r).toMatchObject({ ok: false, error: { code: "ANCHOR_AMBIGUOUS" } });
    if (!r.ok)
      expect(r.error.message).toContain(
        "at least 100 passages, at lines 1–2, 3–4, 5–6, 7–8, 9–10, 11–12, 13–14, 15–16, 17–18, 19–20, …",
      );
  });

  it("finds the one passage when only the first of 100,000 starts has an end after it", () => {
    const text = `START\nEND\n${"START\n".repeat(100_000)}`;
    expect(passage(text, "START", "END")).toMatchObject({ start_line: 1, end_line: 2 });
  });

  it("counts exactly below the cap", () => {
    const r = findPassage("x\n".repeat(37), "x");
    if (!r.ok) expect(r.error.message).toContain("match 37 passages, at lines 1, 2, 3");
    expect(r.ok).toBe(false);
  });

  it("caps matches found in normalised and fuzzy stages in 1 MiB of one character", () => {
    const text = "a".repeat(1 << 20);
    for (const anchor of ["A", "aaaaabaaaaa", `${"a".repeat(2000)}b${"a".repeat(1999)}`]) {
      const r = findPassage(text, anchor);
      expect(r, anchor.slice(0, 20)).toMatchObject({
        ok: false,
        error: { code: "ANCHOR_AMBIGUOUS" },
      });
      if (!r.ok) expect(r.error.message).toContain("at least 100 passages");
    }
    expect(findAnchor(text, "aaaaabaaaaa")).toHaveLength(100);
    expect(findAnchor(text, "A", 7)).toHaveLength(7);
  });

  it("finds a 4,000-character anchor with two typos among 250 copies with three", () => {
    const base = Array.from({ length: 400 }, (_, i) => `line ${i} of the block;`)
      .join("")
      .slice(0, 4_000);
    const typos = (at: number[]) =>
      [...base].map((c, i) => (at.includes(i) ? (c === "#" ? "%" : "#") : c)).join("");
    const copies = Array.from({ length: 250 }, (_, i) => typos([i + 3, i + 900, 2 * i + 1400]));
    copies[137] = typos([500, 2500]);
    const text = copies.join("\n");
    const p = passage(text, base);
    expect(p.stages).toEqual({ start: "fuzzy" });
    expect(p.start).toBe(137 * 4_001);
    expect(p.text).toBe(copies[137]);
  });

  it("says the text is too repetitive for typos when the fuzzy search goes over its work budget", () => {
    const text = "ab".repeat(50_000);
    const anchor = [..."ab".repeat(200)].map((c, i) => (i === 100 || i === 301 ? "x" : c)).join("");
    const r = findPassage(text, anchor, undefined, new WorkMeter(10_000));
    expect(r).toMatchObject({ ok: false, error: { code: "ANCHOR_NOT_FOUND" } });
    if (!r.ok) expect(r.error.message).toContain("too repetitive to look for it with typos");
    // With its normal budget the same search finds every copy.
    expect(findPassage(text, anchor)).toMatchObject({ error: { code: "ANCHOR_AMBIGUOUS" } });
  });
});
