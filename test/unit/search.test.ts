import { describe, expect, it } from "vitest";
import { createMatchCounter, rank } from "../../src/core/search.ts";

function count(query: string, pieces: string[]) {
  const counter = createMatchCounter(query);
  for (const piece of pieces) counter.push(piece);
  return counter.result();
}

describe("createMatchCounter", () => {
  it("matches case-insensitively and reports the first line", () => {
    expect(count("WORLD", ["hello\nworld\nWorld\n"])).toEqual({
      count: 2,
      firstLine: 2,
      firstLineText: "world",
    });
  });

  it("finds a match split across chunk boundaries, with the right line", () => {
    expect(count("needle", ["a\nb\nnee", "dle here\n"])).toEqual({
      count: 1,
      firstLine: 3,
      firstLineText: "needle here",
    });
    expect(count("abc", ["x\na", "b", "c"])).toMatchObject({ count: 1, firstLine: 2 });
  });

  it("reports nothing when the query is absent", () => {
    expect(count("zzz", ["abc", "def"])).toEqual({
      count: 0,
      firstLine: undefined,
      firstLineText: undefined,
    });
  });
});

describe("rank", () => {
  const base = { description: "", contentMatches: 0, updatedAt: 0 };
  it("ranks key over description over content, and drops non-matches", () => {
    const ranked = rank(
      "parse",
      [
        { ...base, key: "content-only", contentMatches: 5 },
        { ...base, key: "other" },
        { ...base, key: "described", description: "the parse step" },
        { ...base, key: "parse-config" },
      ],
      10,
    );
    expect(ranked.map((r) => r.key)).toEqual(["parse-config", "described", "content-only"]);
  });

  it("breaks ties by the most recent update and honours max", () => {
    const ranked = rank(
      "k",
      [
        { ...base, key: "k1", updatedAt: 1 },
        { ...base, key: "k2", updatedAt: 2 },
      ],
      1,
    );
    expect(ranked.map((r) => r.key)).toEqual(["k2"]);
  });
});
