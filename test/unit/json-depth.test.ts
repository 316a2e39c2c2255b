import { describe, expect, it } from "vitest";
import { shownPath, tooDeep } from "../../src/core/json-depth.ts";

/** `{"a":{"a":…1…}}` nested `depth` levels, built from text as a client would send it. */
const nested = (depth: number, open = '{"a":', close = "}") =>
  JSON.parse(`${open.repeat(depth)}1${close.repeat(depth)}`) as unknown;

describe("tooDeep", () => {
  it("measures a 20,000-deep value without overflowing the stack, naming where it passes the limit", () => {
    expect(tooDeep(nested(20_000), 32, "data")).toBe(`data${".a".repeat(32)}`);
    expect(tooDeep(nested(20_000, "[", "]"), 3, "tags")).toBe("tags.0.0.0");
  });

  it("accepts values at the limit, scalars, and wide shallow values", () => {
    expect(tooDeep(nested(32), 32, "data")).toBeUndefined();
    expect(tooDeep(nested(33), 32, "data")).toBe(`data${".a".repeat(32)}`);
    expect(tooDeep("text", 1)).toBeUndefined();
    expect(tooDeep(null, 1)).toBeUndefined();
    const wide = { entries: Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}` })) };
    expect(tooDeep(wide, 3)).toBeUndefined();
    expect(tooDeep(wide, 2)).toBe("entries.0");
  });

  it("finds the deep branch among shallow ones", () => {
    const value = { a: [1, 2, { b: 1 }], c: { d: { e: { f: {} } } } };
    expect(tooDeep(value, 4)).toBe("c.d.e.f");
    expect(tooDeep(value, 5)).toBeUndefined();
  });

  it("shortens a long path for a message", () => {
    const path = `data${".a".repeat(60)}`;
    const shown = shownPath(path);
    expect(shown.length).toBeLessThanOrEqual(80);
    expect(shown.startsWith("data.a")).toBe(true);
    expect(shown).toContain("…");
  });
});
