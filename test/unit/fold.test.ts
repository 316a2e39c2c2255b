import { describe, expect, it } from "vitest";
import { fold, foldedIndex, originalSpan } from "../../src/shared/refs/fold.ts";

describe("fold", () => {
  it("drops whitespace, lower-cases and reads typographic punctuation as ASCII", () => {
    expect(fold("  Say\t\u201cHI\u201d \u2014 ok\r\n").text).toBe('say"hi"-ok');
    expect(fold("İx").text).toBe("i̇x");
  });

  it("maps every folded character back to where it came from, and offsets forward", () => {
    const text = `${"  Ab\tc\r\n".repeat(20)}İ😀 Z${" ".repeat(200)}end\u00a0É`;
    const folded = fold(text);
    // The map a per-character walk gives.
    const from: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (/\s/.test(text[i] as string)) continue;
      const f = text[i] === "İ" ? "i̇" : (text[i] as string).toLowerCase();
      for (const _ of f) from.push(i);
    }
    expect(folded.text.length).toBe(from.length);
    for (let f = 0; f < from.length; f++)
      expect(originalSpan(folded, f, f + 1).start, `folded ${f}`).toBe(from[f]);
    for (let offset = 0; offset <= text.length; offset++)
      expect(foldedIndex(folded, offset), `offset ${offset}`).toBe(
        from.filter((o) => o < offset).length,
      );
  });
});
