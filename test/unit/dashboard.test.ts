import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { highlighted, languageFor } from "../../src/dashboard/highlight.ts";
import { historyPage, SHOWN_TARGETS } from "../../src/dashboard/pages/history.ts";
import { placeOf } from "../../src/dashboard/places.ts";
import { barsOf, dailyTotals, sessionTotals } from "../../src/dashboard/savings-chart.ts";
import { ChangeFeed } from "../../src/session/change-feed.ts";

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("the tokens chart", () => {
  const rows = [
    { session: "s-a", day: "2026-11-21", tokens: 300, calls: 2 },
    { session: "s-b", day: "2026-11-21", tokens: 100, calls: 1 },
    { session: "s-a", day: "2026-11-19", tokens: 50, calls: 1 },
    { session: "s-old", day: "2026-01-01", tokens: 999, calls: 9 },
  ];

  it("sums each day of the last 30 over sessions, zero where nothing happened", () => {
    const days = dailyTotals(rows, NOW);
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe("2026-10-23");
    expect(days.at(-1)).toEqual({ day: "2026-11-21", tokens: 400 });
    expect(days.at(-3)).toEqual({ day: "2026-11-19", tokens: 50 });
    expect(days.reduce((s, d) => s + d.tokens, 0)).toBe(450);
  });

  it("totals each session, largest first", () => {
    expect(sessionTotals(rows)).toEqual([
      { session: "s-old", tokens: 999, calls: 9 },
      { session: "s-a", tokens: 350, calls: 3 },
      { session: "s-b", tokens: 100, calls: 1 },
    ]);
  });

  it("scales bars so the largest day fills the height, and empty days draw nothing", () => {
    const bars = barsOf(dailyTotals(rows, NOW), 600, 160);
    expect(bars.at(-1)).toMatchObject({ h: 160, y: 0, x: 580 });
    expect(bars.at(-3)?.h).toBe(20);
    expect(bars[0]?.h).toBe(0);
  });
});

describe("highlighting", () => {
  it("picks the language from the source file, else the key's extension", () => {
    expect(languageFor({ path: "src/app.ts" }, "clip-1")).toBe("typescript");
    expect(languageFor({}, "notes.py")).toBe("python");
    expect(languageFor({ path: "README" }, "clip-2")).toBeUndefined();
  });

  it("escapes what it highlights and leaves unknown languages to the template's escaping", () => {
    const hostile = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    const html = String(highlighted(`const s = "${hostile}";`, "typescript"));
    expect(html).toContain("hljs-string");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(highlighted(hostile, undefined)).toBe(hostile); // a plain string: html`` escapes it
  });
});

describe("places", () => {
  it("builds every address from the viewer's own user id, and refuses malformed names", () => {
    expect(placeOf("alice", "session", "s-abcdefghijkl")?.address).toEqual({
      user: "alice",
      scope: "session",
      name: "s-abcdefghijkl",
    });
    expect(placeOf("alice", "user")?.address).toEqual({
      user: "alice",
      scope: "user",
      name: "alice",
    });
    expect(placeOf("alice", "project", "web")?.topic).toBe("project:web");
    expect(placeOf("alice", "session", "bob:s-abcdefghijkl")).toBeUndefined();
    expect(placeOf("alice", "project", "../x")).toBeUndefined();
    expect(placeOf("alice", "bridge", "x")).toBeUndefined();
  });
});

describe("the change feed", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the first change at once and coalesces the rest of the window into one message", async () => {
    const sent: string[][] = [];
    const feed = new ChangeFeed(async (topics) => {
      sent.push(topics);
    }, 250);
    feed.changed("sessions", "session:s-a");
    expect(sent).toEqual([["sessions", "session:s-a"]]);
    feed.changed("session:s-a");
    feed.changed("project:web");
    feed.changed("session:s-a");
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toEqual([
      ["sessions", "session:s-a"],
      ["session:s-a", "project:web"],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    feed.changed("user");
    expect(sent.at(-1)).toEqual(["user"]);
  });

  it("only logs a failed send", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const feed = new ChangeFeed(() => Promise.reject(new Error("hub away")));
    feed.changed("sessions");
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith("edgeclip: live update not sent", expect.any(Error));
    error.mockRestore();
  });
});

describe("the history page", () => {
  it(`names an operation's first ${SHOWN_TARGETS} files and counts the rest (a move of 10,000 importers)`, async () => {
    const place = placeOf("alice", "session", "s-abcdefghijkl");
    if (!place) throw new Error("no place");
    const targets = Array.from({ length: 10_002 }, (_, i) => ({
      path: `src/u${i}.ts`,
      before_hash: null,
      after_hash: null,
      created: false,
      removed: false,
    }));
    const op = { id: 1, kind: "move" as const, agent: "laptop", state: "done" as const, targets };
    const page = String(
      await historyPage(
        {
          place,
          facts: { project: "web", started_at: NOW, last_used_at: NOW },
          activity: {
            history: [{ id: 1, op: "move", key: null, scope: null, summary: "moved", at: NOW }],
            fileOps: [op],
            nextUndo: op,
          },
          now: NOW,
        },
        { account: undefined, live: [] },
      ),
    );
    expect(page).toContain("<code>src/u19.ts</code>");
    expect(page).not.toContain("<code>src/u20.ts</code>");
    expect(page).toContain("<li>and 9,982 more files</li>");
  });
});
