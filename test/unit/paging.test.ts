import { describe, expect, it } from "vitest";
import { getPage, pageStarts } from "../../src/core/paging.ts";
import { escapeMarkers } from "../../src/refs/syntax.ts";
import { numberLines } from "../../src/shared/core/text.ts";

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

describe("paging content shown numbered", () => {
  /** Every page of `text`, numbered and escaped as a result shows it. */
  function shownPages(text: string, cap: number, first: number) {
    const pages: { raw: string; shown: string }[] = [];
    for (let n = 1; ; n++) {
      const page = getPage(text, n, cap, first);
      if (!page) break;
      pages.push({
        raw: page.text,
        shown: escapeMarkers(numberLines(page.text, first + page.firstLine - 1)),
      });
    }
    return pages;
  }

  it("counts each line's number and tab against the cap, so short lines make short pages", () => {
    const text = "\n".repeat(30);
    const pages = shownPages(text, 20, 1);
    for (const p of pages) expect(p.shown.length).toBeLessThanOrEqual(20);
    expect(pages.map((p) => p.raw).join("")).toBe(text);
    // Unnumbered, the same text is one page.
    expect(pageStarts(text, 40)).toEqual([0]);
    expect(pageStarts(text, 40, 1).length).toBeGreaterThan(1);
  });

  it("counts wider numbers from a later first line", () => {
    const text = "a\n".repeat(12);
    // "N\ta\n" is 4 characters shown for lines 1–9: 7 lines fit in 30, the 8th would make 32.
    expect(pageStarts(text, 30, 1)[1]).toBe(14);
    for (const p of shownPages(text, 12, 99_995)) expect(p.shown.length).toBeLessThanOrEqual(12);
  });

  it("keeps every page within the cap as shown, on texts of lines, long lines and markers", () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const parts = ["x", "yy\n", "\n", "{{ref:", "😀", "a longer line of text\n"];
    for (let round = 0; round < 200; round++) {
      let text = "";
      const length = rand(120);
      for (let i = 0; i < length; i++) text += parts[rand(parts.length)];
      const cap = 12 + rand(40);
      const first = 1 + rand(2000);
      const pages = shownPages(text, cap, first);
      expect(pages.map((p) => p.raw).join(""), JSON.stringify(text)).toBe(text);
      for (const p of pages)
        expect(p.shown.length, JSON.stringify({ text, cap, first })).toBeLessThanOrEqual(cap);
    }
  });
});
