import { describe, expect, it } from "vitest";
import {
  countLines,
  estimateTokens,
  headAndTail,
  sliceLines,
  utf8Bytes,
} from "../../src/shared/core/text.ts";

describe("countLines", () => {
  it.each([
    ["", 0],
    ["a", 1],
    ["a\n", 1],
    ["a\nb", 2],
    ["a\r\nb\r\n", 2],
    ["\n\n", 2],
  ])("counts %j as %i lines", (text, lines) => expect(countLines(text)).toBe(lines));
});

describe("sliceLines", () => {
  const text = "one\ntwo\r\nthree\nfour";
  it("returns lines start..end inclusive, keeping each line's own ending", () => {
    expect(sliceLines(text, 2, 3)).toEqual({
      text: "two\r\nthree\n",
      startLine: 2,
      endLine: 3,
      totalLines: 4,
    });
  });
  it("clamps an end past the last line and keeps a missing final newline", () => {
    expect(sliceLines(text, 3, 99)).toMatchObject({ text: "three\nfour", endLine: 4 });
  });
  it("reads to the end when end is omitted", () => {
    expect(sliceLines(text, 4, undefined)).toMatchObject({
      text: "four",
      startLine: 4,
      endLine: 4,
    });
  });
  it("reports a start past the last line and an end before the start", () => {
    expect(sliceLines(text, 5, undefined)).toEqual({
      error: "START_PAST_LAST_LINE",
      totalLines: 4,
    });
    expect(sliceLines(text, 3, 2)).toEqual({ error: "START_AFTER_END", totalLines: 4 });
  });
});

describe("sizes", () => {
  it("measures UTF-8 bytes, not UTF-16 units", () => {
    expect(utf8Bytes("a€😀")).toBe(1 + 3 + 4);
  });
  it("estimates about four bytes per token, rounding up", () => {
    expect(estimateTokens(0)).toBe(0);
    expect(estimateTokens(9)).toBe(3);
  });
  it("gives the first and last lines for verbose listings", () => {
    expect(headAndTail("1\n2\n3\n4\n5\n6\n7\n8\n", 3)).toEqual({
      head: ["1", "2", "3"],
      tail: ["6", "7", "8"],
    });
    expect(headAndTail("1\n2\n", 3)).toEqual({ head: ["1", "2"], tail: [] });
  });
});
