import { describe, expect, it } from "vitest";
import { replaceRanges } from "./plan.ts";

describe("replaceRanges", () => {
  it("applies edits given in any order, insertions at one place in the order given", () => {
    const edits = [
      { start: 6, end: 11, insert: "there" },
      { start: 0, end: 0, insert: "<" },
      { start: 0, end: 0, insert: "[" },
      { start: 11, end: 11, insert: "!" },
    ];
    expect(replaceRanges("hello world", edits)).toBe("<[hello there!");
  });

  it("applies overlapping edits one at a time from the last, as it always has", () => {
    expect(
      replaceRanges("abcdef", [
        { start: 1, end: 4, insert: "X" },
        { start: 2, end: 3, insert: "Y" },
      ]),
    ).toBe("aXef");
  });
});
