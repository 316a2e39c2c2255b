import { describe, expect, it } from "vitest";
import { planImport } from "../../src/core/export-format.ts";

const none = new Set<string>();
const existing = { session: new Set(["a", "a-2"]), project: none, user: none };
const entries = [
  { key: "a", scope: "session" as const },
  { key: "b", scope: "session" as const },
  { key: "a", scope: "project" as const },
];

describe("planImport", () => {
  it("creates new keys and skips taken ones by default", () => {
    expect(planImport(entries, existing, "skip").map((s) => s.action)).toEqual([
      "skip",
      "create",
      "create",
    ]);
  });
  it("overwrites taken keys when asked", () => {
    expect(planImport(entries, existing, "overwrite")[0]).toEqual({
      key: "a",
      scope: "session",
      action: "overwrite",
    });
  });
  it("renames to the next free suffix, also among entries of the same import", () => {
    const plan = planImport(
      [...entries, { key: "a", scope: "session" as const }],
      existing,
      "rename",
    );
    expect(plan[0]).toEqual({ key: "a", scope: "session", action: "rename", as: "a-3" });
    expect(plan[3]).toEqual({ key: "a", scope: "session", action: "rename", as: "a-4" });
  });
});
