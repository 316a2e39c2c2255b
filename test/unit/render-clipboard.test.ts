import { describe, expect, it } from "vitest";
import { age, renderClipboard } from "../../src/core/render-clipboard.ts";

const now = Date.parse("2026-11-21T12:00:00Z");
const entry = (key: string, minutesAgo: number) => ({
  key,
  scope: "session" as const,
  description: "",
  lines: 3,
  bytes: 42,
  source: { kind: "text" },
  updated_at: new Date(now - minutesAgo * 60_000).toISOString(),
  expires_at: null,
});

describe("renderClipboard", () => {
  it("groups entries by scope with source and age, shows the todo list and the time", () => {
    const md = renderClipboard({
      session: "default",
      project: "web",
      now,
      entries: { session: [entry("a", 5)], project: [], user: [] },
      totals: { session: 1, project: 0, user: 0 },
      todos: [{ id: 1, text: "ship", done: true }],
    });
    expect(md).toContain("Now: 2026-11-21T12:00:00.000Z");
    expect(md).toContain("## Session (1 entry)\n- `a` — 3 lines, 42 B, from text, 5 min ago");
    expect(md).toContain("## Project (0 entries)\n_empty_");
    expect(md).toContain("- [x] 1. ship");
  });

  it("shows at most 10 entries per scope and says how many more there are", () => {
    const many = Array.from({ length: 12 }, (_, i) => entry(`k${i}`, i));
    const md = renderClipboard({
      session: "s",
      project: "p",
      now,
      entries: { session: many, project: [], user: [] },
      totals: { session: 12, project: 0, user: 0 },
      todos: [],
    });
    expect(md).toContain("`k9`");
    expect(md).not.toContain("`k10`");
    expect(md).toContain("… and 2 more");
  });

  it("describes ages in the largest whole unit", () => {
    expect(age(new Date(now - 30_000).toISOString(), now)).toBe("30 s ago");
    expect(age(new Date(now - 3 * 3600_000).toISOString(), now)).toBe("3 h ago");
    expect(age(new Date(now - 2 * 86400_000).toISOString(), now)).toBe("2 d ago");
  });
});
