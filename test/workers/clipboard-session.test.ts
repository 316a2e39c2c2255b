import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getPage } from "../../src/core/paging.ts";
import { ResultStore } from "../../src/session/result-store.ts";
import { SCHEMA_VERSION } from "../../src/session/schema.ts";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { call, freshUser, projectOf, sessionOf, stubFor, userOf, value } from "./helpers.ts";

describe("schema", () => {
  it("creates every table and records the migration version", async () => {
    const address = sessionOf(freshUser());
    await call(address, "copy", { text: "x" });
    const { tables, version } = await runInDurableObject(stubFor(address), (_, state) => ({
      tables: state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name",
        )
        .toArray()
        .map((r) => r.name),
      version: state.storage.sql
        .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")
        .one().value,
    }));
    expect(tables).toEqual(
      expect.arrayContaining([
        "chunks",
        "entries",
        "entry_tags",
        "file_op_chunks",
        "file_ops",
        "history",
        "meta",
        "results",
        "sessions",
        "tags",
        "todos",
      ]),
    );
    expect(Number(version)).toBe(SCHEMA_VERSION);
  });
});

describe("chunked content", () => {
  it("stores a 10 MiB entry in rows of at most 1 MiB and reads it back exactly, page by page, line after line", async () => {
    const address = sessionOf(freshUser());
    // Lines of varying length with 2-, 3- and 4-byte characters, so bytes ≠ characters
    // and neither pages nor chunks end on round numbers; the last line has no line break.
    const lines: string[] = [];
    let bytes = 0;
    const encoder = new TextEncoder();
    for (let i = 0; ; i++) {
      const line = `${i}: ${"abcdefghij".repeat(i % 37)}é€😀 ${"x".repeat(i % 13)}\n`;
      const size = encoder.encode(line).length;
      if (bytes + size > LIMITS.entryBytes - 100) break;
      lines.push(line);
      bytes += size;
    }
    lines.push("z".repeat(LIMITS.entryBytes - 100 - bytes));
    const text = lines.join("");
    const receipt = value(await call(address, "copy", { text, key: "big" }));
    expect(receipt.bytes).toBe(new TextEncoder().encode(text).length);
    expect(receipt.bytes).toBeLessThanOrEqual(LIMITS.entryBytes);

    const rows = await runInDurableObject(stubFor(address), (_, state) =>
      state.storage.sql
        .exec<{ seq: number; bytes: number }>(
          "SELECT seq, length(CAST(data AS BLOB)) AS bytes FROM chunks ORDER BY seq",
        )
        .toArray(),
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.bytes).toBeLessThanOrEqual(LIMITS.chunkBytes);

    let joined = "";
    let nextLine = 1;
    for (let page = 1; ; page++) {
      const got = value(await call(address, "read", { from: "@big", page }));
      expect(got.page).toBe(page);
      // The page as shown, numbered and escaped, stays within a result's size.
      expect((got.shown as string[])[1]?.length).toBeLessThanOrEqual(LIMITS.resultChars);
      expect(got.content.length).toBeGreaterThan(0);
      // Pages follow each other line by line, and only the last may end mid-line.
      expect(got.start_line).toBe(nextLine);
      if (page < got.pages) expect(got.content.endsWith("\n")).toBe(true);
      nextLine = got.end_line + 1;
      joined += got.content;
      if (page === got.pages) break;
    }
    expect(nextLine - 1).toBe(lines.length);
    expect(joined === text).toBe(true);
  }, 120_000);

  it("reads a page from the chunks it spans only, so a page costs its own size, not the entry's", async () => {
    const address = sessionOf(freshUser());
    const text = "a line of text for paging\n".repeat(200_000); // ~5 MiB, 16 chunks
    value(await call(address, "copy", { text, key: "paged" }));
    const whole = getPage(text, 2, undefined, 1); // paged as a read shows it, numbered
    // Take away every chunk but the first: page 2 lies in the first chunk, so it still reads back exactly.
    await runInDurableObject(stubFor(address), (_, state) => {
      state.storage.sql.exec("DELETE FROM chunks WHERE seq > 0");
    });
    const got = value(await call(address, "read", { from: "@paged", page: 2 }));
    expect(got.content === whole?.text).toBe(true);
    expect(got.start_line).toBe(whole?.firstLine);
    expect(got.pages).toBe(whole?.pages);
  });

  it("pages an entry stored before page starts were kept (0.4) by its whole content", async () => {
    const address = sessionOf(freshUser());
    const text = "old entry line\n".repeat(10_000);
    value(await call(address, "copy", { text, key: "old" }));
    await runInDurableObject(stubFor(address), (_, state) => {
      state.storage.sql.exec("UPDATE entries SET page_starts = NULL");
      state.storage.sql.exec("UPDATE chunks SET chars = NULL");
    });
    const got = value(await call(address, "read", { from: "@old", page: 2 }));
    expect(got.content === getPage(text, 2, undefined, 1)?.text).toBe(true);
  });
});

describe("TTL", () => {
  it("marks an entry expired when its alarm runs, keeps it 7 days, then purges it", async () => {
    const address = sessionOf(freshUser());
    const stub = stubFor(address);
    value(await call(address, "copy", { text: "short-lived", key: "t", ttl_seconds: 60 }));
    const armedAt = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(armedAt).not.toBeNull();

    // Move the deadline into the past instead of sleeping.
    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec(
        "UPDATE entries SET expires_at = ? WHERE key = 't'",
        Date.now() - 1000,
      );
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    const row = await runInDurableObject(stub, (_, state) =>
      state.storage.sql
        .exec<{ expired_at: number | null; purge_at: number | null }>(
          "SELECT expired_at, purge_at FROM entries WHERE key = 't'",
        )
        .one(),
    );
    expect(row.expired_at).not.toBeNull();
    expect(row.purge_at).toBe((row.expired_at ?? 0) + LIMITS.expiredRetentionMs);

    const get = await call(address, "read", { from: "@t" });
    expect(get.ok ? "ok" : get.error.code).toBe("ENTRY_EXPIRED");
    const listed = value(await call(address, "list", { include_expired: true }));
    expect(
      listed.entries.map((e: { key: string; expired: boolean }) => [e.key, e.expired]),
    ).toEqual([["t", true]]);
    expect(value(await call(address, "list", {})).total).toBe(0);

    // The alarm was re-armed for the purge; run it with the purge due.
    const next = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(next).toBe(row.purge_at);
    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec("UPDATE entries SET purge_at = ? WHERE key = 't'", Date.now() - 1);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = await runInDurableObject(stub, (_, state) => ({
      entries: state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM entries").one().n,
      chunks: state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM chunks").one().n,
      alarm: state.storage.getAlarm(),
    }));
    expect(left.entries).toBe(0);
    expect(left.chunks).toBe(0);
    expect(await left.alarm).toBeNull();
  });

  it("starts an expired entry afresh when new content is copied to its key", async () => {
    const address = sessionOf(freshUser());
    const stub = stubFor(address);
    value(await call(address, "copy", { text: "old", key: "t", ttl_seconds: 60 }));
    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec(
        "UPDATE entries SET expires_at = ? WHERE key = 't'",
        Date.now() - 1000,
      );
    });
    await runDurableObjectAlarm(stub);
    const renewed = value(await call(address, "copy", { text: "new", key: "t" }));
    expect(renewed.expires_at).toBeNull();
    expect(value(await call(address, "read", { from: "@t" })).content).toBe("new");
  });

  it("is idempotent: an alarm that runs twice changes nothing the second time", async () => {
    const address = sessionOf(freshUser());
    const stub = stubFor(address);
    value(await call(address, "copy", { text: "a", key: "t", ttl_seconds: 60 }));
    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec(
        "UPDATE entries SET expires_at = ? WHERE key = 't'",
        Date.now() - 1000,
      );
    });
    const snapshot = () =>
      runInDurableObject(stub, (_, state) =>
        state.storage.sql
          .exec("SELECT key, expires_at, expired_at, purge_at FROM entries")
          .toArray(),
      );
    await runInDurableObject(stub, (instance) => instance.alarm());
    const once = await snapshot();
    await runInDurableObject(stub, (instance) => instance.alarm());
    expect(await snapshot()).toEqual(once);
  });

  it("keeps one alarm at the earliest deadline among entries", async () => {
    const address = sessionOf(freshUser());
    const stub = stubFor(address);
    value(await call(address, "copy", { text: "a", key: "late", ttl_seconds: 3600 }));
    const before = Date.now();
    value(await call(address, "copy", { text: "b", key: "soon", ttl_seconds: 60 }));
    const alarm = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(before + 60_000 - 1000);
    expect(alarm).toBeLessThan(before + 3600_000);
  });
});

describe("idle expiry", () => {
  it("deletes a started session's data and alarm after 24 h without use", async () => {
    const user = freshUser();
    const address = sessionOf(user, "s-abcdefghijkm");
    const stub = stubFor(address);
    await stub.start(address, "default", "test");
    value(await call(address, "copy", { text: "mine", key: "k" }));
    expect((await stubFor(userOf(user)).listSessions(userOf(user))).map((s) => s.handle)).toEqual([
      "s-abcdefghijkm",
    ]);

    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec(
        "UPDATE meta SET value = ? WHERE key = 'last_used_at'",
        String(Date.now() - LIMITS.sessionIdleMs - 1000),
      );
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    const after = await runInDurableObject(stub, (_, state) => ({
      entries: state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM entries").one().n,
      alarm: state.storage.getAlarm(),
    }));
    expect(after.entries).toBe(0);
    expect(await after.alarm).toBeNull();
    expect(await stubFor(userOf(user)).listSessions(userOf(user))).toEqual([]);
    const get = await call(address, "read", { from: "@k" });
    expect(get.ok ? "ok" : get.error.code).toBe("UNKNOWN_SESSION");
  });

  it("answers an unknown handle without storing anything for it", async () => {
    const address = sessionOf(freshUser(), "s-cccccccccccc");
    const get = await call(address, "read", { from: "@k" });
    expect(get.ok ? "ok" : get.error.code).toBe("UNKNOWN_SESSION");
    const rows = await runInDurableObject(stubFor(address), (_, state) =>
      state.storage.sql.exec("SELECT key FROM meta WHERE key != 'schema_version'").toArray(),
    );
    expect(rows).toEqual([]);
  });

  it("does not expire a session that was used within 24 h, and re-arms for the new deadline", async () => {
    const address = sessionOf(freshUser(), "s-bbbbbbbbbbbb");
    const stub = stubFor(address);
    await stub.start(address, "default", "");
    value(await call(address, "copy", { text: "mine", key: "k" }));
    expect(await runDurableObjectAlarm(stub)).toBe(true); // runs early: nothing is due
    expect(value(await call(address, "read", { from: "@k" })).content).toBe("mine");
    const alarm = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + LIMITS.sessionIdleMs - 60_000);
  });

  it("never expires the default session", async () => {
    const address = sessionOf(freshUser());
    const stub = stubFor(address);
    value(await call(address, "copy", { text: "keep", key: "k" }));
    await runInDurableObject(stub, (_, state) => {
      state.storage.sql.exec(
        "UPDATE meta SET value = ? WHERE key = 'last_used_at'",
        String(Date.now() - 30 * LIMITS.sessionIdleMs),
      );
    });
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBeNull();
    expect(value(await call(address, "read", { from: "@k" })).content).toBe("keep");
  });
});

describe("scopes", () => {
  it("finds keys in session, then project, then user order", async () => {
    const user = freshUser();
    const s = sessionOf(user);
    value(await call(s, "copy", { text: "user", key: "k", scope: "user" }));
    expect(value(await call(s, "read", { from: "@k" })).scope).toBe("user");
    value(await call(s, "copy", { text: "project", key: "k", scope: "project" }));
    expect(value(await call(s, "read", { from: "@k" })).content).toBe("project");
    value(await call(s, "copy", { text: "session", key: "k" }));
    expect(value(await call(s, "read", { from: "@k" })).content).toBe("session");
    expect(value(await call(s, "read", { from: { clip: "k", scope: "user" } })).content).toBe(
      "user",
    );
  });

  it("stores project and user entries in their own objects", async () => {
    const user = freshUser();
    value(await call(sessionOf(user), "copy", { text: "p", key: "shared", scope: "project" }));
    const count = (address: ReturnType<typeof projectOf>) =>
      runInDurableObject(
        stubFor(address),
        (_, state) =>
          state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM entries").one().n,
      );
    expect(await count(projectOf(user))).toBe(1);
    expect(await count(sessionOf(user))).toBe(0);
  });

  it("never shows one user's entries to another", async () => {
    const alice = freshUser("alice");
    const bob = freshUser("bob");
    for (const scope of ["session", "project", "user"] as const) {
      value(await call(sessionOf(alice), "copy", { text: "secret", key: `k-${scope}`, scope }));
    }
    expect(value(await call(sessionOf(bob), "list", {})).total).toBe(0);
    const get = await call(sessionOf(bob), "read", { from: "@k-user" });
    expect(get.ok ? "ok" : get.error.code).toBe("ENTRY_NOT_FOUND");
  });

  it("refuses an entry past the per-scope limit and keeps the others", async () => {
    const address = sessionOf(freshUser());
    value(await call(address, "copy", { text: "first", key: "a" }));
    await runInDurableObject(stubFor(address), (_, state) => {
      state.storage.sql.exec(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO entries (key, source, bytes, chars, lines, chunk_count, created_at, updated_at)
         SELECT 'filler-' || i, '{"kind":"text"}', 0, 0, 0, 0, 0, 0 FROM n`,
        LIMITS.entriesPerScope - 1,
      );
    });
    const refused = await call(address, "copy", { text: "one too many", key: "b" });
    expect(refused.ok ? "ok" : refused.error.code).toBe("SCOPE_FULL");
    // Updating an existing key is still allowed at the limit.
    expect(value(await call(address, "copy", { text: "changed", key: "a" })).created).toBe(false);
  });
});

describe("the result index", () => {
  it("keeps the newest results with their first line, forgets older ones, and goes with the session", async () => {
    const user = freshUser("results");
    const address = sessionOf(user);
    value(await call(address, "copy", { key: "seed", text: "one\n", show: false }));
    const kept = await runInDurableObject(stubFor(address), (_, state) => {
      const store = new ResultStore(state.storage.sql, Date.now, {
        touched: new Set(["session"]),
        refused: () => undefined,
      });
      const ids = Array.from({ length: LIMITS.resultsKept + 5 }, (_, i) =>
        store.keep("read", `line ${i}\n`, 10 + i),
      );
      return {
        first: store.cite(ids[0] ?? 0),
        fifth: store.cite(ids[4] ?? 0),
        sixth: store.cite(ids[5] ?? 0),
        last: store.cite(ids[ids.length - 1] ?? 0),
        rows: state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM results").one().n,
      };
    });
    expect(kept.first).toBeUndefined();
    expect(kept.fifth).toBeUndefined();
    expect(kept.sixth).toMatchObject({
      tool: "read",
      first_line: 15,
      content: "line 5\n",
      classes: ["session"],
    });
    expect(kept.last).toMatchObject({ content: `line ${LIMITS.resultsKept + 4}\n` });
    expect(kept.rows).toBe(LIMITS.resultsKept);
  });
});
