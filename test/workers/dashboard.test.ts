import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getPage } from "../../src/core/paging.ts";
import { copy } from "../../src/mcp/tools/copy.ts";
import { freshUser, op, projectOf, sessionOf, stubFor, userOf, value } from "./helpers.ts";

/**
 * What the dashboard reads and changes in the Durable Objects: the SQL-paged
 * listing with its filters, reads that never create an object, its actions,
 * and the tokens-kept-out figures that outlive a session.
 */
const copyArgs = (args: Record<string, unknown>) => copy.input.parse(args);
const all = { state: "all" as const, offset: 0, limit: 50 };

describe("the dashboard's listing", () => {
  it("pages, searches key, description and content, and filters by tag and state", async () => {
    const user = freshUser();
    const session = sessionOf(user);
    for (let i = 1; i <= 120; i++) {
      value(
        await op(
          session,
          "copy",
          copyArgs({
            key: `k${i}`,
            text: i === 77 ? "a Needle in content" : `text ${i}`,
            description: i === 5 ? "described as NEEDLE" : "",
            tags: i % 3 === 0 ? ["third"] : [],
            scope: "project",
          }),
        ),
      );
    }
    value(
      await op(
        session,
        "copy",
        copyArgs({ key: "old", text: "x", ttl_seconds: 1, scope: "project" }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1100));
    const project = projectOf(user);
    const stub = stubFor(project);

    const first = await stub.browse(project, all);
    expect(first?.total).toBe(121);
    expect(first?.entries.map((e) => e.key).slice(0, 3)).toEqual(["old", "k120", "k119"]);
    const last = await stub.browse(project, { ...all, offset: 100 });
    expect(last?.entries.map((e) => e.key)).toEqual(
      Array.from({ length: 21 }, (_, i) => `k${21 - i}`),
    );

    const found = await stub.browse(project, { ...all, query: "needle" });
    expect(found?.entries.map((e) => e.key).sort()).toEqual(["k5", "k77"]);
    expect((await stub.browse(project, { ...all, query: "k11" }))?.total).toBe(11); // k11, k110–k119
    expect((await stub.browse(project, { ...all, tag: "third" }))?.total).toBe(40);
    expect(first?.tags).toEqual([{ name: "third", entries: 40 }]);
    const expired = await stub.browse(project, { ...all, state: "expired" });
    expect(expired?.entries.map((e) => [e.key, e.expired])).toEqual([["old", true]]);
    expect((await stub.browse(project, { ...all, state: "live" }))?.total).toBe(120);
  });

  it("treats a URL naming a clipboard that was never used as empty, and writes nothing", async () => {
    const user = freshUser();
    const project = projectOf(user, "never-used");
    const session = sessionOf(user, "s-aaaaaaaaaaaa");
    expect(await stubFor(project).browse(project, all)).toBeUndefined();
    expect(await stubFor(project).preview(project, "k", 1)).toBeUndefined();
    expect(await stubFor(session).sessionFacts(session)).toBeUndefined();
    expect(await stubFor(session).activity(session, 10)).toBeUndefined();
    expect(await stubFor(session).act(session, { kind: "delete", key: "k" })).toBeUndefined();
    for (const address of [project, session]) {
      const rows = await runInDurableObject(stubFor(address), (_, state) =>
        state.storage.sql.exec("SELECT key FROM meta WHERE key != 'schema_version'").toArray(),
      );
      expect(rows).toEqual([]);
    }
  });
});

describe("the dashboard's actions", () => {
  it("deletes an entry and clears expired ones, leaving the rest", async () => {
    const user = freshUser();
    const session = sessionOf(user);
    value(await op(session, "copy", copyArgs({ key: "a", text: "a" })));
    value(await op(session, "copy", copyArgs({ key: "b", text: "b" })));
    value(await op(session, "copy", copyArgs({ key: "c", text: "c", ttl_seconds: 1 })));
    await new Promise((r) => setTimeout(r, 1100));
    const stub = stubFor(session);
    expect(await stub.act(session, { kind: "delete", key: "a" })).toBe(1);
    expect(await stub.act(session, { kind: "delete", key: "a" })).toBe(0);
    expect(await stub.act(session, { kind: "clear_expired" })).toBe(1);
    expect((await stub.browse(session, all))?.entries.map((e) => e.key)).toEqual(["b"]);
  });

  it("shows one page of content without counting it as a use", async () => {
    const user = freshUser();
    const session = sessionOf(user);
    value(await op(session, "copy", copyArgs({ key: "big", text: "line\n".repeat(20_000) })));
    const stub = stubFor(session);
    const second = await stub.preview(session, "big", 2);
    // The pages a read shows (numbered lines count against a page's size).
    const expected = getPage("line\n".repeat(20_000), 2, undefined, 1);
    expect(expected?.pages).toBe(6);
    expect(second?.pages).toBe(expected?.pages);
    expect(second?.page).toBe(2);
    expect(second?.firstLine).toBe(expected?.firstLine);
    expect(await stub.content(session, "big")).toBe("line\n".repeat(20_000));
  });
});

describe("tokens kept out", () => {
  it("counts the receipts' estimates per session and day, and keeps them when the session ends", async () => {
    const user = freshUser();
    const session = sessionOf(user, "s-bbbbbbbbbbbb");
    const stub = stubFor(session);
    await stub.start(session, "default", "");
    value(await op(session, "copy", copyArgs({ key: "a", text: "x".repeat(4000) })));
    value(await op(session, "copy", copyArgs({ key: "b", text: "y".repeat(400) })));
    const today = new Date().toISOString().slice(0, 10);
    const own = await stub.savings(session);
    expect(own).toEqual([{ session: session.name, day: today, tokens: own[0]?.tokens, calls: 2 }]);
    expect(own[0]?.tokens).toBeGreaterThan(1000);

    value(await stub.end(session));
    expect(await stub.savings(session)).toEqual([]);
    const kept = await stubFor(userOf(user)).savings(userOf(user));
    expect(kept).toEqual(own);
  });
});
