import { describe, expect, it } from "vitest";
import { findAnchor, findPassage, fuzzyBudget } from "../../src/refs/anchors.ts";

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
