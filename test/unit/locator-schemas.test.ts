import { describe, expect, it } from "vitest";
import { fileSource, sources, targets } from "../../src/mcp/locators.ts";

/** The first issue as the MCP SDK shows it after the parameter's name: its path, if any, and message. */
function messageOf(
  schema: {
    safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  v: unknown,
) {
  const issue = schema.safeParse(v).error?.issues[0];
  return issue?.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue?.message;
}

describe("locator schemas' errors name the field that is wrong", () => {
  it("names a wrong field of the object form, not zod's bare 'Invalid input'", () => {
    expect(messageOf(sources, { clip: 5 })).toBe(
      "clip: Invalid input: expected string, received number",
    );
    expect(messageOf(targets, { path: "a.ts", mode: "sideways" })).toMatch(/^mode: Invalid option/);
  });

  it("names the item of a list and its field", () => {
    expect(messageOf(sources, ["src/a.ts", { clip: 5 }])).toBe(
      "[1].clip: Invalid input: expected string, received number",
    );
    expect(messageOf(targets, ["a.ts", { path: "b.ts", lines: "x" }])).toBe(
      '1.lines: must be a line range like "14-18"',
    );
  });

  it("says what a source may be when the input is of no accepted shape", () => {
    expect(messageOf(sources, 5)).toMatch(
      /^must be a locator like "src\/a.ts:3-9", "@key" or "os:"/,
    );
    expect(messageOf(fileSource, true)).toMatch(/^must be a file locator/);
  });

  it("passes a locator's own parse error through", () => {
    expect(messageOf(sources, "src/a.ts:0")).toBe('"src/a.ts:0" has line 0: lines start at 1');
    expect(messageOf(sources, { path: "a.ts", bogus: 1 })).toBe('Unrecognized key: "bogus"');
  });

  it("accepts every well-formed form", () => {
    for (const v of [
      "src/a.ts#Store.load",
      "@cfg:2-9",
      "os:",
      { path: "a#b.ts", lines: "3-4" },
      ["r2:1-3", "@k"],
    ])
      expect(sources.safeParse(v).success, JSON.stringify(v)).toBe(true);
  });
});
