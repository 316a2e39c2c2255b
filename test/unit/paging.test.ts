import { describe, expect, it } from "vitest";
import { getPage, pageStarts } from "../../src/core/paging.ts";

describe("paging", () => {
  it("keeps text under the cap on one page", () => {
    expect(getPage("a\nb\n", 1, 10)).toEqual({ text: "a\nb\n", page: 1, pages: 1, firstLine: 1 });
  });

  it("ends pages at line breaks, and the pages rejoin exactly", () => {
    const text = "aaaa\nbbbb\ncccc\ndddd\n";
    expect(pageStarts(text, 12)).toEqual([0, 10]);
    const pages = [1, 2].map((n) => getPage(text, n, 12));
    expect(pages.map((p) => p?.text)).toEqual(["aaaa\nbbbb\n", "cccc\ndddd\n"]);
    expect(pages.map((p) => p?.firstLine)).toEqual([1, 3]);
  });

  it("cuts a single line longer than a page, never losing a character", () => {
    const text = "x".repeat(25);
    const pages = [1, 2, 3].map((n) => getPage(text, n, 10)?.text);
    expect(pages).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });

  it("never splits a surrogate pair when it must cut a long line", () => {
    const text = "😀".repeat(10); // 20 UTF-16 units, no line breaks
    const count = getPage(text, 1, 7)?.pages ?? 0;
    const pages = Array.from({ length: count }, (_, i) => getPage(text, i + 1, 7)?.text ?? "");
    expect(pages.length).toBe(4); // 6 units a page: a 7th would split a pair
    expect(pages.join("")).toBe(text);
    for (const page of pages) expect(page.isWellFormed()).toBe(true);
  });

  it("has no page past the last", () => {
    expect(getPage("abc", 2, 10)).toBeUndefined();
  });
});
