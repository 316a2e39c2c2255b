import { describe, expect, it } from "vitest";
import { findPassage } from "../../src/shared/refs/anchors.ts";

/**
 * Anchors resolve at the edge for entries and results: the same pure module,
 * in workerd. The normalised stage decodes its folded text with TextDecoder
 * (UTF-8 for ASCII texts, UTF-16LE otherwise), which workerd must support.
 */
describe("anchors inside workerd", () => {
  it("finds a normalised passage in text with accents, curly quotes and an astral character", () => {
    const text = "Ünïcode — “quoted” 😀\n  Café CRÈME\r\nend\n";
    const r = findPassage(text, "café  crème", "END");
    expect(r).toMatchObject({
      ok: true,
      value: { start_line: 2, end_line: 3, stages: { start: "normalised", end: "normalised" } },
    });
    if (r.ok) expect(text.slice(r.value.start, r.value.end)).toBe("Café CRÈME\r\nend");
    expect(findPassage(text, '"QUOTED"')).toMatchObject({ ok: true, value: { start_line: 1 } });
  });

  it("resolves a fuzzy anchor in 1 MiB of ASCII, and caps ambiguity", () => {
    const text = `${"x".repeat(1 << 20)}\nthe quick brown fox\n`;
    expect(findPassage(text, "the quikc brown fox")).toMatchObject({
      ok: true,
      value: { start_line: 2, stages: { start: "fuzzy" } },
    });
    const r = findPassage("a".repeat(1 << 20), "A");
    if (!r.ok) expect(r.error.message).toContain("at least 100 passages");
    expect(r.ok).toBe(false);
  });
});
