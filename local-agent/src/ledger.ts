import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { OpContext, RevertOf } from "../../src/shared/bridge/protocol.ts";
import { ignore, PRIVATE_DIR, PRIVATE_FILE, writeDurably } from "./durable.ts";
import type { OpRecord } from "./op-record.ts";

/**
 * Records kept per server: the edge keeps the last 100 undoable operations of
 * each session, and an undo needs the record of what it reverts, a redo the
 * record of that undo. 5,000 covers dozens of busy sessions; 30 days covers
 * any undo a person still means (an older one is refused with a reason).
 */
export const LEDGER_LIMITS = { records: 5_000, maxAgeMs: 30 * 24 * 60 * 60 * 1000 } as const;

/** Prune after this many records written by this process (and at start-up). */
const PRUNE_EVERY = 100;

/** A revert this operation made: its result `edit` reverted result `of.edit` of operation `of.op`. */
export interface Reverted {
  edit: number;
  of: RevertOf;
}

/**
 * The agent's durable record of the operations it performed, per server
 * (`<state>/ledger/<server key>/<operation key>.json`, one file per operation,
 * each written atomically). Written by the journal as part of each commit,
 * read back when the edge asks for an undo or redo (op-record.ts), and
 * bounded by `LEDGER_LIMITS`. File names are hashes, so nothing from the wire
 * ever becomes a path.
 */
export class Ledger {
  private readonly dir: string;
  /** Read-modify-write of records (marking one reverted) happens one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private written = 0;
  private readonly now: () => number;
  private readonly limits: { records: number; maxAgeMs: number };

  constructor(
    base: string,
    server: string,
    options: { now?: () => number; limits?: { records: number; maxAgeMs: number } } = {},
  ) {
    this.dir = path.join(base, digest(server, 16));
    this.now = options.now ?? Date.now;
    this.limits = options.limits ?? LEDGER_LIMITS;
  }

  /** The record of operation `context`, if the agent has one. */
  async find(context: OpContext): Promise<OpRecord | undefined> {
    const raw = await readFile(this.file(context), "utf8").catch(ignore("ENOENT"));
    if (raw === undefined) return undefined;
    const record = JSON.parse(raw) as OpRecord;
    // A hash collision, or a file from elsewhere: not this operation's record.
    const same = record.context.session === context.session && record.context.op === context.op;
    if (!same || this.now() - record.at > this.limits.maxAgeMs) return undefined;
    return record;
  }

  /**
   * Writes `record`, and marks the results it reverted (`reverted`) as
   * reverted by it. Idempotent: recovery calls it again after a crash.
   */
  add(record: OpRecord, reverted: readonly Reverted[]): Promise<void> {
    const task = this.queue.then(async () => {
      await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR });
      await writeDurably(this.file(record.context), JSON.stringify(record), PRIVATE_FILE);
      const kept = new Set(record.edits.flatMap((e, i) => (e.kept ? [i] : [])));
      // Each earlier record read and written once, whatever number of its results this reverts
      // (an undo of a move with 5,000 importers reverts 5,002 of one record's).
      const byOp = new Map<number, number[]>();
      for (const { edit, of } of reverted) {
        if (kept.has(edit)) continue; // not written, so nothing was reverted
        const edits = byOp.get(of.op);
        if (edits) edits.push(of.edit);
        else byOp.set(of.op, [of.edit]);
      }
      for (const [op, edits] of byOp) {
        const context = { session: record.context.session, op };
        const earlier = await this.find(context);
        if (!earlier) continue;
        let marked = false;
        for (const i of edits) {
          const target = earlier.edits[i];
          if (!target || target.reverted_by === record.context.op) continue;
          target.reverted_by = record.context.op;
          marked = true;
        }
        if (marked) await writeDurably(this.file(context), JSON.stringify(earlier), PRIVATE_FILE);
      }
      if (++this.written % PRUNE_EVERY === 0) await this.prune();
    });
    this.queue = task.catch(() => undefined);
    return task;
  }

  /** Deletes records older than the age limit, then the oldest beyond the count limit. */
  async prune(): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const now = this.now();
    const files: { name: string; at: number }[] = [];
    for (const name of names) {
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      if (!info) continue;
      // A temporary file left by a crash (an hour is far longer than any write takes).
      if (name.endsWith(".tmp")) {
        if (now - info.mtimeMs > 60 * 60 * 1000) files.push({ name, at: 0 });
        continue;
      }
      files.push({ name, at: info.mtimeMs });
    }
    files.sort((a, b) => b.at - a.at);
    const doomed = files.filter(
      (f, i) => i >= this.limits.records || now - f.at > this.limits.maxAgeMs,
    );
    for (const f of doomed) await unlink(path.join(this.dir, f.name)).catch(ignore("ENOENT"));
    return doomed.length;
  }

  private file(context: OpContext): string {
    return path.join(this.dir, `${digest(JSON.stringify([context.session, context.op]), 32)}.json`);
  }
}

function digest(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}
