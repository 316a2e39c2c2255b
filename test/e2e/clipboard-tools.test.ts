import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  startSession,
} from "./clients.ts";

interface Receipt {
  key: string;
  scope: string;
  lines: number;
  bytes: number;
  tokens_kept_out: number;
  expires_at: string | null;
  description: string;
  tags: string[];
  created?: boolean;
  content?: string;
}
interface Listed {
  key: string;
  scope: string;
  description: string;
  tags: string[];
  lines: number;
  bytes: number;
  expires_at: string | null;
  expired: boolean;
  head?: string[];
  tail?: string[];
}
interface Listing {
  entries: Listed[];
  total: number;
}
interface Got {
  key: string;
  scope: string;
  content: string;
  start_line: number;
  end_line: number;
  total_lines: number;
  bytes: number;
  page: number;
  pages: number;
}

const eras = [
  ["v1 (2025-11-25)", connectV1],
  ["v2 (2026-07-28)", connectV2],
] as const;

describe.each(eras)("entry lifecycle with the %s client", (_era, connect) => {
  let client: AnyClient;
  let session: string;
  beforeAll(async () => {
    client = await connect();
    await client.listTools(); // lets the client check results against each tool's outputSchema
    session = await startSession(client, { description: "e2e entry lifecycle" });
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  it("copies text and returns a receipt with lines, bytes and tokens kept out, not the content", async () => {
    const text = "héllo wörld\nsecond line\nthird\n";
    const copied = await call(client, "copy", {
      session,
      key: "greeting",
      text,
      description: "a greeting",
      tags: ["demo"],
    });
    expect(copied.isError).toBeFalsy();
    const r = copied.data as unknown as Receipt;
    expect(r).toMatchObject({
      key: "greeting",
      scope: "session",
      lines: 3,
      bytes: Buffer.byteLength(text),
      description: "a greeting",
      tags: ["demo"],
      expires_at: null,
      created: true,
    });
    expect(Buffer.byteLength(text)).not.toBe(text.length); // é and ö are two bytes each
    expect(r.tokens_kept_out).toBeGreaterThan(0);
    expect(r.tokens_kept_out).toBeLessThanOrEqual(r.bytes);
    expect(r.content).toBeUndefined();
    expect(copied.text).not.toContain("second line");
    expect(copied.text).toContain("3 lines");
    // A receipt's text is terse (DESIGN §2): what, where and how big; the tokens kept out
    // travel in structuredContent (checked above), for the dashboard's chart.
    expect(copied.text).toBe("copied → @greeting (3 lines)");
  });

  it("returns the content with show, and then counts no tokens as kept out", async () => {
    const r = await ok<Receipt>(client, "copy", {
      session,
      key: "shown",
      text: "visible\n",
      show: true,
    });
    expect(r.content).toBe("visible\n");
    expect(r.tokens_kept_out).toBe(0);
  });

  it("updates an existing key instead of duplicating it", async () => {
    await ok(client, "copy", { session, key: "same", text: "one\n" });
    const second = await ok<Receipt>(client, "copy", { session, key: "same", text: "one\ntwo\n" });
    expect(second.created).toBe(false);
    expect(second.lines).toBe(2);
    const listing = await ok<Listing>(client, "list", { session, scope: "session" });
    expect(listing.entries.filter((e) => e.key === "same")).toHaveLength(1);
    const got = await ok<Got>(client, "read", { session, from: "@same" });
    expect(got.content).toBe("one\ntwo\n");
  });

  it("names an entry clip-N when no key is given, without reusing a taken name", async () => {
    const a = await ok<Receipt>(client, "copy", { session, text: "auto a" });
    const b = await ok<Receipt>(client, "copy", { session, text: "auto b" });
    expect(a.key).toMatch(/^clip-\d+$/);
    expect(b.key).toMatch(/^clip-\d+$/);
    expect(b.key).not.toBe(a.key);
    expect((await ok<Got>(client, "read", { session, from: { clip: a.key } })).content).toBe(
      "auto a",
    );
    expect((await ok<Got>(client, "read", { session, from: { clip: b.key } })).content).toBe(
      "auto b",
    );
  });

  it("accepts any printable key, unicode and punctuation included", async () => {
    const key = "naïve/ключ: α β ✓";
    await ok(client, "copy", { session, key, text: "unicode key\n" });
    const got = await ok<Got>(client, "read", { session, from: { clip: key } });
    expect(got).toMatchObject({ key, content: "unicode key\n" });
  });

  it("gets a line range, inclusive and 1-based, clamping an end past the last line", async () => {
    await ok(client, "copy", { session, key: "five", text: "l1\nl2\nl3\nl4\nl5\n" });
    const mid = await ok<Got>(client, "read", { session, from: "@five:2-4" });
    expect(mid).toMatchObject({
      content: "l2\nl3\nl4\n",
      start_line: 2,
      end_line: 4,
      total_lines: 5,
      page: 1,
      pages: 1,
    });
    const tail = await ok<Got>(client, "read", { session, from: "@five:4-99" });
    expect(tail.content).toBe("l4\nl5\n");
    expect(tail.end_line).toBe(5);
    const past = await call(client, "read", { session, from: "@five:6" });
    expectToolError(past, "INVALID_ARGUMENT", ["Line 6", "5 lines"]);
    const reversed = await call(client, "read", { session, from: "@five:4-2" });
    expectToolError(reversed, undefined, ["from:", "@five:4-2", "end before they start"]);
  });

  it("updates content, description, key and TTL, and removes the TTL with null", async () => {
    await ok(client, "copy", { session, key: "upd", text: "old\n", description: "before" });

    const content = await ok<Receipt>(client, "update", {
      session,
      key: "upd",
      text: "new\nnewer\n",
    });
    expect(content).toMatchObject({ key: "upd", lines: 2, bytes: 10, description: "before" });
    expect((await ok<Got>(client, "read", { session, from: "@upd" })).content).toBe("new\nnewer\n");

    const described = await ok<Receipt>(client, "update", {
      session,
      key: "upd",
      description: "after",
    });
    expect(described.description).toBe("after");

    const renamed = await ok<Receipt>(client, "update", {
      session,
      key: "upd",
      new_key: "upd-renamed",
    });
    expect(renamed.key).toBe("upd-renamed");
    expectToolError(await call(client, "read", { session, from: "@upd" }), "ENTRY_NOT_FOUND", [
      "upd",
    ]);
    const moved = await ok<Got>(client, "read", { session, from: "@upd-renamed" });
    expect(moved.content).toBe("new\nnewer\n");

    const before = Date.now();
    const ttl = await ok<Receipt>(client, "update", {
      session,
      key: "upd-renamed",
      ttl_seconds: 3600,
    });
    expect(ttl.expires_at).not.toBeNull();
    const expiresIn = Date.parse(ttl.expires_at ?? "") - before;
    expect(expiresIn).toBeGreaterThan(3_500_000);
    expect(expiresIn).toBeLessThan(3_700_000);

    const cleared = await ok<Receipt>(client, "update", {
      session,
      key: "upd-renamed",
      ttl_seconds: null,
    });
    expect(cleared.expires_at).toBeNull();
    const listed = await ok<Listing>(client, "list", { session, scope: "session" });
    const entry = listed.entries.find((e) => e.key === "upd-renamed");
    expect(entry).toMatchObject({ expires_at: null, expired: false, description: "after" });
  });

  it("refuses a new_key that is taken with ENTRY_EXISTS and changes neither entry", async () => {
    await ok(client, "copy", { session, key: "taken-a", text: "A\n" });
    await ok(client, "copy", { session, key: "taken-b", text: "B\n" });
    const refused = await call(client, "update", {
      session,
      key: "taken-a",
      new_key: "taken-b",
      text: "changed\n",
    });
    expectToolError(refused, "ENTRY_EXISTS", ["`new_key`", "taken-b"]);
    expect((await ok<Got>(client, "read", { session, from: "@taken-a" })).content).toBe("A\n");
    expect((await ok<Got>(client, "read", { session, from: "@taken-b" })).content).toBe("B\n");
  });

  it("deletes one entry, which is then gone from get and list", async () => {
    await ok(client, "copy", { session, key: "doomed", text: "bye\n" });
    await ok(client, "copy", { session, key: "survivor", text: "stay\n" });
    const deleted = await ok<Receipt & { deleted: boolean }>(client, "update", {
      session,
      action: "delete",
      key: "doomed",
    });
    expect(deleted).toMatchObject({ key: "doomed", scope: "session", deleted: true, lines: 1 });
    expectToolError(await call(client, "read", { session, from: "@doomed" }), "ENTRY_NOT_FOUND", [
      "doomed",
    ]);
    const keys = (await ok<Listing>(client, "list", { session, scope: "session" })).entries.map(
      (e) => e.key,
    );
    expect(keys).not.toContain("doomed");
    expect(keys).toContain("survivor");
    expectToolError(
      await call(client, "update", { session, action: "delete", key: "doomed" }),
      "ENTRY_NOT_FOUND",
      ["doomed"],
    );
  });

  it("swaps the contents of two entries, keeping their keys and descriptions", async () => {
    await ok(client, "copy", { session, key: "swap-a", text: "alpha\n", description: "first" });
    await ok(client, "copy", {
      session,
      key: "swap-b",
      text: "beta\nbeta\n",
      description: "second",
    });
    const swapped = await ok<{ a: Receipt; b: Receipt }>(client, "update", {
      session,
      action: "swap",
      key: "swap-a",
      with: "swap-b",
    });
    expect(swapped.a).toMatchObject({ key: "swap-a", lines: 2, description: "first" });
    expect(swapped.b).toMatchObject({ key: "swap-b", lines: 1, description: "second" });
    expect((await ok<Got>(client, "read", { session, from: "@swap-a" })).content).toBe(
      "beta\nbeta\n",
    );
    expect((await ok<Got>(client, "read", { session, from: "@swap-b" })).content).toBe("alpha\n");
    const same = await call(client, "update", {
      session,
      action: "swap",
      key: "swap-a",
      with: "swap-a",
    });
    expectToolError(same, "INVALID_ARGUMENT", ["`key`", "`with`", "same entry"]);
    const missing = await call(client, "update", {
      session,
      action: "swap",
      key: "swap-a",
      with: "no-such-swap",
    });
    expectToolError(missing, "ENTRY_NOT_FOUND", ["no-such-swap"]);
    expect((await ok<Got>(client, "read", { session, from: "@swap-a" })).content).toBe(
      "beta\nbeta\n",
    );
  });
});

describe("listing, clearing and history", () => {
  let client: AnyClient;
  let session: string;
  beforeAll(async () => {
    client = await connectV1();
    await client.listTools();
    session = await startSession(client);
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  it("lists entries newest first, filtered by scope, all tags and any tag, with head and tail when verbose", async () => {
    const long = Array.from({ length: 10 }, (_, i) => `row ${i + 1}`).join("\n");
    await ok(client, "copy", { session, key: "list-1", text: "one\n", tags: ["red", "round"] });
    await ok(client, "copy", { session, key: "list-2", text: long, tags: ["red"] });
    await ok(client, "copy", { session, key: "list-3", text: "three\n", tags: ["blue"] });

    const all = await ok<Listing>(client, "list", { session, scope: "session" });
    expect(all.entries.map((e) => e.key)).toEqual(["list-3", "list-2", "list-1"]);
    expect(all.total).toBe(3);
    expect(all.entries[0]).toMatchObject({
      scope: "session",
      lines: 1,
      bytes: 6,
      tags: ["blue"],
      expired: false,
    });
    expect(all.entries[0]?.head).toBeUndefined();

    const red = await ok<Listing>(client, "list", { session, scope: "session", tags: ["red"] });
    expect(red.entries.map((e) => e.key)).toEqual(["list-2", "list-1"]);
    const redRound = await ok<Listing>(client, "list", {
      session,
      scope: "session",
      tags: ["red", "round"],
    });
    expect(redRound.entries.map((e) => e.key)).toEqual(["list-1"]);
    const anyOf = await ok<Listing>(client, "list", {
      session,
      scope: "session",
      any_tags: ["round", "blue"],
    });
    expect(anyOf.entries.map((e) => e.key)).toEqual(["list-3", "list-1"]);

    const verbose = await ok<Listing>(client, "list", { session, scope: "session", verbose: true });
    const two = verbose.entries.find((e) => e.key === "list-2");
    expect(two?.head).toEqual(["row 1", "row 2", "row 3"]);
    expect(two?.tail).toEqual(["row 8", "row 9", "row 10"]);

    const project = await ok<Listing>(client, "list", { session, scope: "project" });
    expect(project.entries.map((e) => e.key)).not.toContain("list-1");
  });

  it("gives parallel auto-keyed copies distinct keys", async () => {
    const receipts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ok<Receipt>(client, "copy", { session, text: `parallel ${i}\n` }),
      ),
    );
    const keys = receipts.map((r) => r.key);
    expect(new Set(keys).size).toBe(8);
    for (const [i, key] of keys.entries()) {
      expect((await ok<Got>(client, "read", { session, from: { clip: key } })).content).toBe(
        `parallel ${i}\n`,
      );
    }
  });

  it("pages a listing of more than 100 entries", async () => {
    const paged = await startSession(client);
    try {
      for (let batch = 0; batch < 105; batch += 15) {
        await Promise.all(
          Array.from({ length: Math.min(15, 105 - batch) }, (_, i) =>
            ok(client, "copy", {
              session: paged,
              key: `many-${String(batch + i).padStart(3, "0")}`,
              text: "m",
            }),
          ),
        );
      }
      const first = await ok<Listing & { page: number; pages: number }>(client, "list", {
        session: paged,
        scope: "session",
      });
      expect(first).toMatchObject({ total: 105, page: 1, pages: 2 });
      expect(first.entries).toHaveLength(100);
      const second = await ok<Listing & { page: number }>(client, "list", {
        session: paged,
        scope: "session",
        page: 2,
      });
      expect(second.entries).toHaveLength(5);
      const keys = [...first.entries, ...second.entries].map((e) => e.key);
      expect(new Set(keys).size).toBe(105);
      expectToolError(
        await call(client, "list", { session: paged, scope: "session", page: 3 }),
        "PAGE_OUT_OF_RANGE",
        ["`page`"],
      );
    } finally {
      await call(client, "session", { action: "end", session: paged });
    }
  });

  it("clears every entry of its own session scope and nothing in another session", async () => {
    const other = await startSession(client);
    await ok(client, "copy", { session: other, key: "bystander", text: "keep me\n" });
    const own = (await ok<Listing>(client, "list", { session, scope: "session" })).total;
    expect(own).toBeGreaterThan(0);

    const cleared = await ok<{ deleted: number; scope: string }>(client, "update", {
      session,
      action: "clear",
    });
    expect(cleared).toMatchObject({ deleted: own, scope: "session", expired_only: false });
    expect(
      (await ok<Listing>(client, "list", { session, scope: "session", include_expired: true }))
        .total,
    ).toBe(0);
    expect((await ok<Got>(client, "read", { session: other, from: "@bystander" })).content).toBe(
      "keep me\n",
    );
    await ok(client, "session", { action: "end", session: other });
  });

  it("keeps the history of operations newest first, filterable by kind", async () => {
    await ok(client, "copy", { session, key: "hist", text: "h\n" });
    await ok(client, "update", { session, key: "hist", description: "changed" });
    await ok(client, "update", { session, action: "delete", key: "hist" });

    const { operations } = await ok<{
      operations: { id: number; op: string; key: string | null; summary: string; at: string }[];
    }>(client, "session", { session, action: "history", limit: 3 });
    expect(operations.map((o) => [o.op, o.key])).toEqual([
      ["delete", "hist"],
      ["update", "hist"],
      ["copy", "hist"],
    ]);
    const ids = operations.map((o) => o.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(Date.parse(operations[0]?.at ?? "")).toBeGreaterThanOrEqual(
      Date.parse(operations[2]?.at ?? ""),
    );

    const copies = await ok<{ operations: { op: string }[] }>(client, "session", {
      session,
      action: "history",
      op: "copy",
    });
    expect(copies.operations.length).toBeGreaterThan(0);
    expect(copies.operations.every((o) => o.op === "copy")).toBe(true);
  });
});

describe("search", () => {
  let client: AnyClient;
  let session: string;
  beforeAll(async () => {
    client = await connectV2();
    await client.listTools();
    session = await startSession(client, { project: `search-${Date.now().toString(36)}` });
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  interface Hit {
    key: string;
    scope: string;
    content_matches: number;
    line?: number;
    snippet?: string;
  }

  it("ranks a key match above a content match, case-insensitively, and points at the first matching line", async () => {
    const word = `zebu${Math.random().toString(36).slice(2, 8)}`;
    // Written first, so a tie on score would put it last; content mentions the word 3 times.
    await ok(client, "copy", {
      session,
      key: `notes-${word.toUpperCase()}`,
      text: "nothing here\n",
    });
    await ok(client, "copy", {
      session,
      key: "content-only",
      text: `intro\n${word} one\nand ${word.toUpperCase()} two, ${word} three\n`,
    });
    await ok(client, "copy", { session, key: "unrelated", text: "no match at all\n" });

    const { results } = await ok<{ results: Hit[] }>(client, "list", {
      session,
      query: word.toUpperCase().slice(0, 4) + word.slice(4),
    });
    expect(results.map((r) => r.key)).toEqual([`notes-${word.toUpperCase()}`, "content-only"]);
    const content = results[1];
    expect(content?.content_matches).toBe(3);
    expect(content?.line).toBe(2);
    expect(content?.snippet).toBe(`${word} one`);
  });

  it("ranks a description match between key and content matches, and answers the best 20", async () => {
    const word = `okapi${Math.random().toString(36).slice(2, 8)}`;
    await ok(client, "copy", { session, key: "c-x-1", text: `${word}\n` });
    await ok(client, "copy", {
      session,
      key: "by-description",
      text: "plain\n",
      description: `about ${word}`,
    });
    await ok(client, "copy", { session, key: `${word}-key`, text: "plain\n" });

    const { results } = await ok<{ results: Hit[] }>(client, "list", { session, query: word });
    expect(results.map((r) => r.key)).toEqual([`${word}-key`, "by-description", "c-x-1"]);

    // 22 more content matches: a search answers its best 20, key and description matches first.
    for (let i = 0; i < 22; i++)
      await ok(client, "copy", { session, key: `c-x-${i + 2}`, text: `${word}\n` });
    const top = await ok<{ results: Hit[] }>(client, "list", { session, query: word });
    expect(top.results).toHaveLength(20);
    expect(top.results.slice(0, 2).map((r) => r.key)).toEqual([`${word}-key`, "by-description"]);
  });

  it("finds nothing for a word no entry holds", async () => {
    const { results } = await ok<{ results: Hit[] }>(client, "list", {
      session,
      query: `absent${Math.random().toString(36).slice(2)}`,
    });
    expect(results).toEqual([]);
  });
});

describe("tags", () => {
  let client: AnyClient;
  let session: string;
  beforeAll(async () => {
    client = await connectV1();
    await client.listTools();
    session = await startSession(client);
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  interface TagInfo {
    name: string;
    description: string;
    entries: number;
  }

  it("adds and removes tags on an entry, creates described tags, lists and deletes them", async () => {
    await ok(client, "copy", { session, key: "tagged", text: "t\n", tags: ["alpha"] });

    const added = await ok<{ tags: string[]; key: string }>(client, "update", {
      session,
      action: "tag",
      key: "tagged",
      tags: ["beta", "gamma"],
    });
    expect([...added.tags].sort()).toEqual(["alpha", "beta", "gamma"]);

    const removed = await ok<{ tags: string[] }>(client, "update", {
      session,
      action: "untag",
      key: "tagged",
      tags: ["alpha"],
    });
    expect([...removed.tags].sort()).toEqual(["beta", "gamma"]);

    await ok(client, "update", {
      session,
      action: "define_tags",
      tags: ["todo-later"],
      description: "revisit",
    });
    const listed = await ok<{ tags: TagInfo[]; entry_tags?: string[] }>(client, "update", {
      session,
      action: "tags",
    });
    const byName = Object.fromEntries(listed.tags.map((t) => [t.name, t]));
    expect(byName["todo-later"]).toMatchObject({ description: "revisit", entries: 0 });
    expect(byName.beta?.entries).toBe(1);
    expect(byName.alpha?.entries ?? 0).toBe(0);

    const ofEntry = await ok<{ entry_tags?: string[] }>(client, "update", {
      session,
      action: "tags",
      key: "tagged",
    });
    expect([...(ofEntry.entry_tags ?? [])].sort()).toEqual(["beta", "gamma"]);

    const deleted = await ok<{ untagged: number }>(client, "update", {
      session,
      action: "drop_tags",
      tags: ["beta"],
    });
    expect(deleted.untagged).toBe(1);
    const listedEntry = (
      await ok<Listing>(client, "list", { session, scope: "session" })
    ).entries.find((e) => e.key === "tagged");
    expect(listedEntry?.tags).toEqual(["gamma"]);

    const unknown = await call(client, "update", {
      session,
      action: "drop_tags",
      tags: ["never-made"],
    });
    expectToolError(unknown, "TAG_NOT_FOUND", ["never-made"]);
    const noKey = await call(client, "update", { session, action: "tag", tags: ["x"] });
    expectToolError(noKey, "INVALID_ARGUMENT", ["`key`"]);
  });
});
