import { describe, expect, it } from "vitest";
import { parseLocator } from "../../src/refs/locator.ts";

describe("locator strings", () => {
  it.each([
    ["src/a.ts", { source: "file", path: "src/a.ts" }],
    ["src/a.ts#Store.load", { source: "file", path: "src/a.ts", focus: "Store.load" }],
    ["src/a.ts:14-18", { source: "file", path: "src/a.ts", lines: "14..18" }],
    ["src/a.ts:14", { source: "file", path: "src/a.ts", lines: "14..14" }],
    [
      "deploy.yaml#services.api.env",
      { source: "file", path: "deploy.yaml", focus: "services.api.env" },
    ],
    ["README.md#Install", { source: "file", path: "README.md", focus: "Install" }],
    ["r17", { source: "result", result: "r17" }],
    ["r17:14-18", { source: "result", result: "r17", lines: "14..18" }],
    ["@cfg", { source: "clip", clip: "cfg" }],
    ["@cfg:2-9", { source: "clip", clip: "cfg", lines: "2..9" }],
    ["@src/a.ts:3-4", { source: "clip", clip: "src/a.ts", lines: "3..4" }],
    ["os:", { source: "os" }],
    // Only a trailing :N or :N-M is a range; other colons belong to the path or key.
    ["notes:draft.txt", { source: "file", path: "notes:draft.txt" }],
    ["@team:cfg", { source: "clip", clip: "team:cfg" }],
    ["r17x.txt", { source: "file", path: "r17x.txt" }],
  ])("%s", (text, expected) => {
    expect(parseLocator(text)).toEqual(expected);
  });

  it.each([
    ["", "is empty"],
    [" a.ts", "spaces"],
    ["a.ts:0-3", "lines start at 1"],
    ["a.ts:9-3", "end before they start"],
    ["@", "no entry key"],
    ["@:3", "no entry key"],
    [":3-4", "no path"],
    ["#Store", "no path"],
    ["a.ts#", "no symbol"],
    ["a.ts#Store:3-4", "both a symbol and lines"],
  ])("refuses %j, saying it %s", (text, problem) => {
    const got = parseLocator(text);
    expect(got).toHaveProperty("error");
    expect((got as { error: string }).error).toContain(problem);
  });
});
