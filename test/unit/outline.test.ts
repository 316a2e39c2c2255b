import { describe, expect, it } from "vitest";
import { type OutlineUnit, renderOutline } from "../../src/core/outline.ts";

const unit = (
  name: string,
  depth: number,
  start: number,
  end: number,
  kind = "function",
): OutlineUnit => ({
  name,
  kind,
  start_line: start,
  end_line: end,
  depth,
});

describe("renderOutline", () => {
  it("shows one line per unit, indented by nesting, with its kind and lines", () => {
    const r = renderOutline([
      unit("Store", 0, 3, 40, "class"),
      unit("load", 1, 5, 9, "method"),
      unit("VERSION", 0, 42, 42, "variable"),
    ]);
    expect(r.lines).toEqual(["class Store 3-40", "  method load 5-9", "variable VERSION 42"]);
    expect(r).toMatchObject({ listed: 3, folded: 0, cut: 0 });
  });

  it("counts one-line units inside others instead of listing them", () => {
    const r = renderOutline([
      unit("dependencies", 0, 10, 40, "key"),
      ...Array.from({ length: 29 }, (_, i) => unit(`dep${i}`, 1, 11 + i, 11 + i, "key")),
    ]);
    expect(r.lines).toEqual(["key dependencies 10-40"]);
    expect(r.folded).toBe(29);
  });

  it("quotes a name holding a line break or control characters, and shortens a long one", () => {
    const r = renderOutline([
      unit("a\nkey fake 1-2", 0, 1, 2, "key"),
      unit(" padded", 0, 3, 4, "key"),
      unit("x".repeat(500), 0, 5, 6, "key"),
    ]);
    expect(r.lines[0]).toBe('key "a\\nkey fake 1-2" 1-2');
    expect(r.lines[1]).toBe('key " padded" 3-4');
    expect(r.lines[2]).toBe(`key ${"x".repeat(119)}… 5-6`);
    expect(r.lines.every((l) => !l.includes("\n"))).toBe(true);
  });

  it("stops at its line limit and says how many units it left out", () => {
    const r = renderOutline(
      Array.from({ length: 30 }, (_, i) => unit(`f${i}`, 0, i * 3 + 1, i * 3 + 2)),
      10,
    );
    expect(r.lines).toHaveLength(10);
    expect(r.cut).toBe(20);
  });
});
