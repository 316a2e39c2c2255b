import { describe, expect, it } from "vitest";
import { joinResolved, parseLineRange, parseResultId, scanMarkers } from "../../src/refs/syntax.ts";

describe("parseLineRange", () => {
  it.each([
    ["14..18", { start: 14, end: 18 }],
    ["14-18", { start: 14, end: 18 }],
    ["7", { start: 7, end: 7 }],
    ["r17:14..18", { result: 17, start: 14, end: 18 }],
  ])("reads %s", (spec, range) => expect(parseLineRange(spec)).toEqual(range));
  it.each(["", "a..b", "0..3", "9..3", "r:1..2"])("refuses %j", (spec) =>
    expect(parseLineRange(spec)).toHaveProperty("error"),
  );
  it("reads result ids with or without the r", () => {
    expect([parseResultId("r17"), parseResultId("17"), parseResultId("x")]).toEqual([
      17,
      17,
      undefined,
    ]);
  });
});

describe("scanMarkers", () => {
  it("returns text without markers as one piece", () => {
    expect(scanMarkers("plain {{text}}")).toEqual({ ok: true, pieces: ["plain {{text}}"] });
  });

  it("cuts text at markers nested among other text", () => {
    const r = scanMarkers("a {{ref:path=a.ts,focus=parse}} b {{ref:clip=k, lines=2..3}}!");
    expect(r).toEqual({
      ok: true,
      pieces: [
        "a ",
        { text: "{{ref:path=a.ts,focus=parse}}", fields: { path: "a.ts", focus: "parse" } },
        " b ",
        { text: "{{ref:clip=k, lines=2..3}}", fields: { clip: "k", lines: "2..3" } },
        "!",
      ],
    });
  });

  it("reads JSON-quoted values holding commas and braces", () => {
    const r = scanMarkers('{{ref:path=s.py,start="def load(self, path):",end="}} \\"x\\""}}');
    expect(r).toMatchObject({
      ok: true,
      pieces: [{ fields: { path: "s.py", start: "def load(self, path):", end: '}} "x"' } }],
    });
  });

  it("reads a marker without `=` as a locator string", () => {
    const r = scanMarkers(
      "a {{ref:src/a.ts#parse}} b {{ref: r17:3-9 }} c {{ref:@cfg:2-4}}{{ref:os:}}",
    );
    expect(r).toEqual({
      ok: true,
      pieces: [
        "a ",
        { text: "{{ref:src/a.ts#parse}}", fields: { locator: "src/a.ts#parse" } },
        " b ",
        { text: "{{ref: r17:3-9 }}", fields: { locator: "r17:3-9" } },
        " c ",
        { text: "{{ref:@cfg:2-4}}", fields: { locator: "@cfg:2-4" } },
        { text: "{{ref:os:}}", fields: { locator: "os:" } },
      ],
    });
    // A locator is the whole marker: fields after it are refused, not half-read.
    expect(scanMarkers("{{ref:a.ts, lines=2}}")).toMatchObject({ ok: false });
  });

  it("treats \\{{ref: as a literal", () => {
    expect(scanMarkers("write \\{{ref:path=x}} here")).toEqual({
      ok: true,
      pieces: ["write {{ref:path=x}} here"],
    });
  });

  it.each([
    ["{{ref:path=a.ts", "not closed"],
    ["{{ref:}}", "key=value"],
    ["{{ref:path=a,path=b}}", "twice"],
    ["{{ref:Path=a}}", "not a field name"],
    ['{{ref:start="abc}}', "JSON string"],
  ])("fails %j naming the marker", (text, why) => {
    const r = scanMarkers(`x ${text} y`);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toContain(why);
      expect(r.marker.startsWith("{{ref:")).toBe(true);
    }
  });
});

describe("joinResolved", () => {
  it("lets a marker alone on its line become exactly the lines it names", () => {
    expect(joinResolved(["class A:\n", { resolved: "  def f():\n    pass\n" }, "\n# end\n"])).toBe(
      "class A:\n  def f():\n    pass\n# end\n",
    );
  });
  it("keeps inline content as it is", () => {
    expect(joinResolved(["x = ", { resolved: "42" }, ";\n"])).toBe("x = 42;\n");
  });
});
