import { describe, expect, it } from "vitest";
import { compactDiff } from "../../src/core/text-diff.ts";

describe("compactDiff", () => {
  it("gives only the changed hunks with two lines of context, and counts lines", () => {
    const before = Array.from({ length: 30 }, (_, i) => `line ${i + 1}\n`).join("");
    const after = before.replace("line 15\n", "line fifteen\n").concat("line 31\n");
    const diff = compactDiff(before, after);
    expect(diff).toMatchObject({ added: 2, removed: 1 });
    expect(diff?.text).toBe(
      [
        "@@ -13,5 +13,5 @@",
        " line 13",
        " line 14",
        "-line 15",
        "+line fifteen",
        " line 16",
        " line 17",
        "@@ -29,2 +29,3 @@",
        " line 29",
        " line 30",
        "+line 31",
      ].join("\n"),
    );
  });

  it("is empty for equal texts", () => {
    expect(compactDiff("a\nb\n", "a\nb\n")).toEqual({ text: "", added: 0, removed: 0 });
  });
});
