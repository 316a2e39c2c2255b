import { describe, expect, it } from "vitest";
import {
  describeChange,
  reversalOf,
  shortHash,
  splitResults,
} from "../../src/core/file-changes.ts";
import { isFailure, toDestination } from "../../src/mcp/locators.ts";
import { checkTargets } from "../../src/shared/core/paste-targets.ts";

describe("checkTargets", () => {
  it("accepts each mode with what it needs", () => {
    expect(
      checkTargets([
        { path: "a" },
        { path: "a", mode: "prepend" },
        { path: "a", mode: "after_line", line: 0 },
        { path: "a", mode: "before_line", line: 3 },
        { path: "a", mode: "replace_lines", start_line: 2, end_line: 4 },
        { path: "a", mode: "replace_lines", start_line: 2 },
        { path: "a", mode: "at_marker_replace", marker: "// here" },
        { path: "a", mode: "at_marker_after", marker: "x" },
        {
          path: "a",
          mode: "at_marker_before",
          marker: "x",
          create_if_missing: true,
          expect: "0123456789ab",
        },
      ]),
    ).toBeUndefined();
  });

  it("names the target as the model wrote it (`to`, or `to[i]` in a list) and what is missing", () => {
    expect(checkTargets([{ path: "a" }, { path: "b", mode: "after_line" }])?.message).toBe(
      '`to[1]` has mode `after_line`, which needs lines, a #symbol or `start`/`end` (e.g. "a.ts:12").',
    );
    expect(checkTargets([{ path: "a", mode: "replace_lines" }])?.message).toMatch(
      /^`to` has mode `replace_lines`, which needs lines/,
    );
    expect(checkTargets([{ path: "a", mode: "at_marker_after" }])?.message).toContain("`marker`");
  });

  it("refuses fields the mode ignores, a backwards range and a marker over two lines", () => {
    expect(checkTargets([{ path: "a", mode: "append", line: 3 }])?.message).toBe(
      "`to` gives lines, which mode `append` does not use; remove it or pick the mode that uses it.",
    );
    expect(
      checkTargets([{ path: "a", mode: "after_line", line: 1, marker: "m" }])?.message,
    ).toContain("`marker`");
    expect(
      checkTargets([{ path: "a", mode: "replace_lines", start_line: 5, end_line: 2 }])?.message,
    ).toBe("`to` has lines 5-2, which end before they start.");
    expect(
      checkTargets([{ path: "a", mode: "at_marker_after", marker: "a\nb" }])?.message,
    ).toContain("one line");
  });

  it("takes targets as tools write them: locators, objects, a list, top-level mode and marker", () => {
    expect(toDestination("a.ts:5", { mode: "after_line" })).toEqual({
      os: false,
      targets: [{ path: "a.ts", mode: "after_line", line: 5 }],
    });
    expect(toDestination("a.ts:3-9", {})).toEqual({
      os: false,
      targets: [{ path: "a.ts", mode: "replace_lines", start_line: 3, end_line: 9 }],
    });
    expect(
      toDestination(["a.ts#Store.add", { path: "b.ts", mode: "prepend" }], { mode: "after_line" }),
    ).toEqual({
      os: false,
      targets: [
        { path: "a.ts", mode: "after_line", focus: "Store.add" },
        { path: "b.ts", mode: "prepend" },
      ],
    });
    expect(toDestination("os:", {})).toEqual({ os: true });
    expect(toDestination(["a.ts", "os:"], {})).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringContaining('names "os:" beside files'),
    });
    expect(toDestination(["a.ts", "@cfg"], {})).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringMatching(/^`to\[1\]` "@cfg" is not a file/),
    });
    const parsed = toDestination(["a.ts", "b.ts"], { mode: "after_line" });
    expect(isFailure(parsed) || parsed.os ? parsed : checkTargets(parsed.targets)).toMatchObject({
      message: expect.stringMatching(/^`to\[0\]` has mode `after_line`, which needs lines/),
    });
  });
});

describe("file change helpers", () => {
  it("shortens hashes to 12 digits", () => {
    expect(shortHash("a".repeat(64))).toBe("aaaaaaaaaaaa");
    expect(shortHash(null)).toBe("none");
  });

  it("splits results by the edit counts of each operation", () => {
    expect(splitResults([1, 2, 3, 4, 5], [2, 0, 3])).toEqual([[1, 2], [], [3, 4, 5]]);
  });

  it("reverts results newest first, each expecting the hash the edit left and naming the result it came from", () => {
    const undo = { kind: "remove", path: "/x" } as const;
    const r = (h: string) =>
      ({ undo, after_hash: h }) as unknown as Parameters<typeof reversalOf>[0][number];
    expect(reversalOf([r("h1"), r("h2")], 7)).toEqual([
      { kind: "revert", reverts: { op: 7, edit: 1 }, undo, expect: "h2", force: false },
      { kind: "revert", reverts: { op: 7, edit: 0 }, undo, expect: "h1", force: false },
    ]);
    // A part of an undo's results (from its third), without the results of a kept file.
    expect(reversalOf([r("h1"), r("h2"), r("h3")], 9, 2, new Set([3]))).toEqual([
      { kind: "revert", reverts: { op: 9, edit: 4 }, undo, expect: "h3", force: false },
      { kind: "revert", reverts: { op: 9, edit: 2 }, undo, expect: "h1", force: false },
    ]);
  });

  it("describes a change in one line", () => {
    const base = {
      path: "a.ts",
      created: false,
      removed: false,
      lines_added: 3,
      lines_removed: 1,
      first_line: 9,
    };
    expect(describeChange(base)).toBe("a.ts +3 −1 at line 9");
    expect(describeChange({ ...base, created: true })).toBe("a.ts created, +3 −1 at line 9");
    expect(describeChange({ ...base, removed: true })).toBe("a.ts removed");
  });
});
