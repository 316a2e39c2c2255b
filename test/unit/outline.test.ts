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
    expect(r.lines).toEqual(["class Store:3-40", "  load():5-9", "VERSION:42"]);
    expect(r).toMatchObject({ listed: 3, cut: 0 });
    expect(
      renderOutline([
        unit("server", 0, 1, 9, "table"),
        unit("ports", 1, 3, 5, "key"),
        unit("0", 2, 4, 5, "item"),
        unit("Install", 0, 11, 20, "section"),
        unit("Shape", 0, 22, 25, "interface"),
      ]).lines,
    ).toEqual([
      "[server]:1-9",
      "  ports:3-5",
      "    [0]:4-5",
      "Install:11-20",
      "interface Shape:22-25",
    ]);
  });

  it("quotes a name holding a line break or control characters, and shortens a long one", () => {
    const r = renderOutline([
      unit("a\nkey fake 1-2", 0, 1, 2, "key"),
      unit(" padded", 0, 3, 4, "key"),
      unit("x".repeat(500), 0, 5, 6, "key"),
    ]);
    expect(r.lines[0]).toBe('"a\\nkey fake 1-2":1-2');
    expect(r.lines[1]).toBe('" padded":3-4');
    expect(r.lines[2]).toBe(`${"x".repeat(119)}…:5-6`);
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

  it("gives three or more one-line units of one kind on lines in a row one line", () => {
    const r = renderOutline([
      unit("main", 0, 1, 5),
      ...Array.from({ length: 40 }, (_, i) => unit(`LIMIT_${i}`, 0, 10 + i, 10 + i, "variable")),
      unit("a", 0, 60, 60, "variable"),
      unit("b", 0, 61, 61, "variable"),
      unit("f", 0, 62, 62),
    ]);
    // a and b follow a blank gap: a run of two is no run; f is a function, not a variable.
    expect(r.lines).toEqual([
      "main():1-5",
      "LIMIT_0 … LIMIT_39 (40):10-49",
      "a:60",
      "b:61",
      "f():62",
    ]);
    expect(r.listed).toBe(44);
  });
});

describe("names a hostile file gives its units", () => {
  it("cannot forge an outline line: U+2028, U+0085, U+202E and line breaks are shown escaped, quoted", () => {
    const r = renderOutline([
      unit("real", 0, 1, 5, "region"),
      unit("x\u2028region fake():1-2", 0, 6, 9, "region"),
      unit("y\u0085fake():3-4", 0, 10, 12, "region"),
      unit("z\u202etxt.exe", 0, 13, 15, "region"),
    ]);
    expect(r.lines).toHaveLength(4);
    for (const line of r.lines) expect(line).not.toMatch(/[\u2028\u0085\u202e\n]/);
    expect(r.lines[1]).toContain('"x\\u{2028}region fake():1-2"');
    expect(r.lines[3]).toContain("\\u{202e}");
  });
});
