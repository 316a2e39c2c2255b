import { describe, expect, it } from "vitest";
import { ExactSearch } from "../../src/shared/refs/exact-search.ts";

describe("ExactSearch", () => {
  it("finds what indexOf finds, short needles and long, from any position", () => {
    const long = `${"ab".repeat(300)}c${"ab".repeat(200)}`;
    const text = `xx${long}ab${long.slice(1)}yy${long}`;
    for (const needle of ["ab", "c", long, long.slice(1), `${long}z`, "ab".repeat(400)]) {
      const search = new ExactSearch(needle);
      for (const from of [0, 1, 2, 3, 700, text.length - 5, text.length])
        expect(search.find(text, from), `${needle.length} from ${from}`).toBe(
          text.indexOf(needle, from),
        );
    }
  });

  it("stays linear where V8's indexOf is quadratic (seconds on 10 MiB)", () => {
    const text = "a".repeat(1 << 20);
    const needle = `${"a".repeat(500)}b${"a".repeat(499)}`;
    const began = performance.now();
    expect(new ExactSearch(needle).find(text, 0)).toBe(-1);
    expect(new ExactSearch(needle.replace("b", "a")).find(text, 12_345)).toBe(12_345);
    expect(performance.now() - began).toBeLessThan(2_000);
  });
});
