import { mkdtempSync, readdirSync, realpathSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Ledger } from "../src/ledger.ts";
import type { OpRecord } from "../src/op-record.ts";

const SERVER = "http://127.0.0.1:8787";

const record = (op: number, at: number, session = "default"): OpRecord => ({
  version: 1,
  context: { session, op },
  at,
  edits: [
    {
      path: "/root/a.txt",
      kind: "changed",
      start: 0,
      end: 3,
      wrote: "a".repeat(64),
      replaced: "b".repeat(64),
      around: "c".repeat(64),
      after: "d".repeat(64),
    },
  ],
});

function ledgerDir() {
  return realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-ledger-")));
}

/** The one server directory's record files. */
const files = (base: string) =>
  readdirSync(base).flatMap((server) => readdirSync(path.join(base, server)));

describe("Ledger", () => {
  it("finds an operation's record by session and id, per server", async () => {
    const base = ledgerDir();
    const ledger = new Ledger(base, SERVER);
    await ledger.add(record(3, Date.now()), []);
    expect(await ledger.find({ session: "default", op: 3 })).toEqual(record(3, expect.any(Number)));
    expect(await ledger.find({ session: "s-other", op: 3 })).toBeUndefined();
    expect(await new Ledger(base, "http://elsewhere").find({ session: "default", op: 3 })).toBe(
      undefined,
    );
  });

  it("never makes a path of what the wire sends: file names are hashes", async () => {
    const base = ledgerDir();
    const ledger = new Ledger(base, SERVER);
    await ledger.add(record(1, Date.now(), "../../etc/passwd"), []);
    expect(files(base)).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    expect(await ledger.find({ session: "../../etc/passwd", op: 1 })).toBeDefined();
  });

  it("marks the results an operation reverted, once, and not those of files it kept", async () => {
    const ledger = new Ledger(ledgerDir(), SERVER);
    await ledger.add(record(1, Date.now()), []);
    await ledger.add(record(2, Date.now()), []);
    const undo = record(3, Date.now());
    await ledger.add(undo, [{ edit: 0, of: { op: 1, edit: 0 } }]);
    const kept = { ...record(4, Date.now()) };
    kept.edits = kept.edits.map((e) => ({ ...e, kept: true as const }));
    await ledger.add(kept, [{ edit: 0, of: { op: 2, edit: 0 } }]);
    expect((await ledger.find({ session: "default", op: 1 }))?.edits[0]?.reverted_by).toBe(3);
    expect((await ledger.find({ session: "default", op: 2 }))?.edits[0]?.reverted_by).toBe(
      undefined,
    );
    // Recovery adds the same record again: nothing changes.
    await ledger.add(undo, [{ edit: 0, of: { op: 1, edit: 0 } }]);
    expect((await ledger.find({ session: "default", op: 1 }))?.edits[0]?.reverted_by).toBe(3);
  });

  it("forgets records past their age, and the oldest beyond its count", async () => {
    const base = ledgerDir();
    let now = 1_000_000_000_000;
    const limits = { records: 3, maxAgeMs: 10_000 };
    const ledger = new Ledger(base, SERVER, { now: () => now, limits });
    for (let op = 1; op <= 5; op++) await ledger.add(record(op, now), []);
    // Distinct ages, all within the age limit: only the count prunes.
    const dir = path.join(base, readdirSync(base)[0] ?? "");
    const byOp = async (op: number) => ledger.find({ session: "default", op });
    for (const [i, name] of readdirSync(dir).entries()) {
      const at = new Date(now - 5_000 + i);
      utimesSync(path.join(dir, name), at, at);
    }
    expect(await ledger.prune()).toBe(2);
    expect(files(base)).toHaveLength(3);
    now += 20_000;
    expect(await byOp(5)).toBeUndefined(); // too old to trust, even before it is pruned
    expect(await ledger.prune()).toBe(3);
    expect(files(base)).toEqual([]);
  });
});
