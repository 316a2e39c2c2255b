import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FileOpStore } from "../../src/session/file-op-store.ts";
import { type EditResult, MAX_IMPORTERS } from "../../src/shared/bridge/protocol.ts";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { freshUser, sessionOf, stubFor } from "./helpers.ts";

/** A result as the agent returns it for one edit of `path`. */
function result(path: string, before: string, after: string): EditResult {
  return {
    path,
    abs: `/root/${path}`,
    created: false,
    removed: false,
    before_hash: before.padEnd(64, "0"),
    after_hash: after.padEnd(64, "0"),
    lines_added: 1,
    lines_removed: 0,
    first_line: 1,
    relocated: false,
    undo: {
      kind: "splice",
      path: `/root/${path}`,
      start: 0,
      end: 2,
      insert: "",
      was_hash: "0".repeat(64),
      before: "",
      after: "",
      create: false,
    },
  };
}

/** Runs `test` with a FileOpStore on a fresh session object's SQLite. */
function withStore(test: (store: FileOpStore, sql: SqlStorage) => void) {
  const address = sessionOf(freshUser());
  return runInDurableObject(stubFor(address), (_, state) =>
    test(new FileOpStore(state.storage.sql, Date.now), state.storage.sql),
  );
}

describe("FileOpStore", () => {
  it("makes a completed change undoable, reverting its edits newest first, each expecting the file as left", () =>
    withStore((store) => {
      store.begin(1, "paste");
      expect(store.complete(1, "laptop", [result("a", "a0", "a1"), result("b", "b0", "b1")])).toBe(
        true,
      );
      expect(store.undoable(5).map((o) => [o.id, o.state, o.agent])).toEqual([
        [1, "done", "laptop"],
      ]);
      expect(store.reversal(1).map((e) => [e.undo.path, e.expect])).toEqual([
        ["/root/b", "b1".padEnd(64, "0")],
        ["/root/a", "a1".padEnd(64, "0")],
      ]);
    }));

  it("settles an interrupted change once: a repeated report changes nothing", () =>
    withStore((store) => {
      store.begin(3, "cut");
      store.interrupted(3);
      expect(store.unsettled()?.id).toBe(3);
      expect(store.complete(3, "laptop", [result("a", "a0", "a1")])).toBe(true);
      expect(store.unsettled()).toBeUndefined();
      expect(store.complete(3, "laptop", [result("a", "zz", "zz")])).toBe(false);
      expect(store.rolledBack(3)).toBe(false);
      expect(store.reversal(3)[0]?.expect).toBe("a1".padEnd(64, "0"));
    }));

  it("marks a rolled-back interruption, which is not undoable", () =>
    withStore((store) => {
      store.begin(4, "paste");
      store.interrupted(4);
      expect(store.rolledBack(4)).toBe(true);
      expect(store.find(4)?.state).toBe("rolled_back");
      expect(store.undoable(5)).toEqual([]);
    }));

  it("flips changes to undone and back through undo and redo records, and a new change forgets the redo stack", () =>
    withStore((store) => {
      store.begin(1, "paste");
      store.complete(1, "laptop", [result("a", "a0", "a1")]);
      store.begin(2, "paste");
      store.complete(2, "laptop", [result("a", "a1", "a2")]);
      store.begin(3, "undo", [
        { op: 2, edits: 1 },
        { op: 1, edits: 1 },
      ]);
      store.complete(3, "laptop", [result("a", "a2", "a1"), result("a", "a1", "a0")]);
      expect(store.undoable(5)).toEqual([]);
      expect(store.redoable(5).map((o) => o.id)).toEqual([1, 2]); // most recently undone first
      expect(store.reversal(1)[0]?.expect).toBe("a0".padEnd(64, "0"));
      store.begin(4, "redo", [{ op: 1, edits: 1 }]);
      store.complete(4, "laptop", [result("a", "a0", "a1")]);
      expect(store.undoable(5).map((o) => o.id)).toEqual([1]);
      expect(store.redoable(5).map((o) => o.id)).toEqual([2]);
      store.begin(5, "paste");
      store.complete(5, "laptop", [result("b", "b0", "b1")]);
      expect(store.redoable(5)).toEqual([]);
      expect(store.undoable(5).map((o) => o.id)).toEqual([5, 1]);
    }));

  it("records a move of the most importers a move rewrites, with long paths, and its undo (past SQLite's 2 MB a value)", () =>
    withStore((store, sql) => {
      const results = Array.from({ length: MAX_IMPORTERS + 2 }, (_, i) =>
        result(`packages/some-package/src/components/deeply/nested/file${i}.tsx`, `b${i}`, `a${i}`),
      );
      store.begin(1, "move");
      expect(store.complete(1, "laptop", results)).toBe(true);
      expect(store.summaryOf(1)?.targets).toHaveLength(MAX_IMPORTERS + 2);
      expect(store.reversal(1)).toHaveLength(MAX_IMPORTERS + 2);
      const asked = results.map((r) => ({
        kind: "revert" as const,
        path: r.abs,
        undo: "change" as const,
        expect: r.after_hash,
        force: false,
      }));
      store.begin(2, "undo", [{ op: 1, edits: MAX_IMPORTERS + 2 }], asked);
      expect(store.asked(2)).toEqual(asked);
      expect(store.complete(2, "laptop", results)).toBe(true);
      expect(store.summaryOf(2)?.targets[MAX_IMPORTERS + 1]?.path).toBe(
        `packages/some-package/src/components/deeply/nested/file${MAX_IMPORTERS + 1}.tsx`,
      );
      // No value past what a Durable Object's SQLite keeps (workerd here does not hold it to 2 MB).
      const largest = (query: string) => sql.exec<{ n: number | null }>(query).one().n ?? 0;
      expect(largest("SELECT max(length(CAST(targets AS BLOB))) AS n FROM file_ops")).toBeLessThan(
        2e6,
      );
      expect(largest("SELECT max(length(CAST(asked AS BLOB))) AS n FROM file_ops")).toBeLessThan(
        2e6,
      );
      expect(
        largest("SELECT max(length(CAST(data AS BLOB))) AS n FROM file_op_parts"),
      ).toBeLessThan(2e6);
      expect(
        largest("SELECT max(length(CAST(data AS BLOB))) AS n FROM file_op_chunks"),
      ).toBeLessThan(2e6);
    }));

  it(`keeps the last ${LIMITS.undoDepth} changes`, () =>
    withStore((store) => {
      for (let id = 1; id <= LIMITS.undoDepth + 5; id++) {
        store.begin(id, "paste");
        store.complete(id, "laptop", [result("a", `h${id - 1}`, `h${id}`)]);
      }
      const kept = store.undoable(LIMITS.undoDepth + 10).map((o) => o.id);
      expect(kept).toHaveLength(LIMITS.undoDepth);
      expect(kept.at(-1)).toBe(6);
      expect(store.reversal(1)).toEqual([]);
    }));
});
