import { describe, expect, it } from "vitest";
import type { EditResult, RevertEdit } from "../../src/shared/bridge/protocol.ts";
import { textHash, undoSplice } from "../src/edits.ts";
import { recordOf, revertMismatch } from "../src/op-record.ts";

const context = { session: "default", op: 4 };
const H = (c: string) => c.repeat(64);

function result(over: Partial<EditResult>): EditResult {
  return {
    path: "a.txt",
    abs: "/root/a.txt",
    created: false,
    removed: false,
    before_hash: H("1"),
    after_hash: H("2"),
    lines_added: 1,
    lines_removed: 1,
    first_line: 1,
    relocated: false,
    undo: undoSplice(
      "/root/a.txt",
      "one\ntwo\n",
      { start: 4, end: 8, insert: "TWO\n" },
      "one\nTWO\n",
    ),
    ...over,
  };
}

const revertOf = (r: EditResult, edit = 0): RevertEdit => ({
  kind: "revert",
  reverts: { op: 4, edit },
  undo: r.undo,
  expect: r.after_hash,
  force: false,
});

describe("recordOf", () => {
  it("keeps of a change its range, the hashes of what it wrote and replaced, never the text", () => {
    const r = result({});
    const record = recordOf(context, [r], 123);
    expect(record).toEqual({
      version: 1,
      context,
      at: 123,
      edits: [
        {
          path: "/root/a.txt",
          kind: "changed",
          start: 4,
          end: 8,
          wrote: textHash("TWO\n"),
          replaced: textHash("two\n"),
          around: expect.stringMatching(/^[0-9a-f]{64}$/),
          after: H("2"),
        },
      ],
    });
    expect(JSON.stringify(record)).not.toContain("two");
  });

  it("records a creation and a removal as such", () => {
    const created = result({
      created: true,
      before_hash: null,
      undo: { kind: "remove", path: "/root/a.txt" },
    });
    const removed = result({
      removed: true,
      after_hash: null,
      undo: {
        ...undoSplice("/root/a.txt", "", { start: 0, end: 0, insert: "" }, ""),
        insert: "old\n",
        create: true,
      },
    });
    expect(recordOf(context, [created, removed], 0).edits).toEqual([
      expect.objectContaining({ kind: "created", after: H("2") }),
      expect.objectContaining({ kind: "removed", replaced: textHash("old\n"), after: null }),
    ]);
  });
});

describe("revertMismatch", () => {
  it("accepts exactly the undo the agent returned for that result", () => {
    const r = result({});
    expect(revertMismatch(recordOf(context, [r], 0), revertOf(r))).toBeUndefined();
  });

  it("says why an undo does not match: no record, another result, reverted already", () => {
    const r = result({});
    const record = recordOf(context, [r], 0);
    expect(revertMismatch(undefined, revertOf(r))).toMatch(/no record of writing operation #4/);
    expect(revertMismatch(record, revertOf(r, 1))).toMatch(/has no result 2/);
    const reverted = { ...record, edits: record.edits.map((e) => ({ ...e, reverted_by: 5 })) };
    expect(revertMismatch(reverted, revertOf(r))).toMatch(/already reverted, by #5/);
    const kept = { ...record, edits: record.edits.map((e) => ({ ...e, kept: true as const })) };
    expect(revertMismatch(kept, revertOf(r))).toMatch(/never wrote it/);
  });
});
