import type { AskedEdit } from "../core/answer-check.ts";
import { splitIntoChunks } from "../core/chunks.ts";
import { reversalOf, splitResults } from "../core/file-changes.ts";
import type { EditResult, RevertEdit } from "../shared/bridge/protocol.ts";
import { LIMITS } from "../shared/core/limits.ts";

/** What a file operation was: a change (undoable) or an undo/redo of earlier ones. */
export type FileOpKind = "paste" | "cut" | "move" | "write" | "undo" | "redo";
const CHANGES: readonly FileOpKind[] = ["paste", "cut", "move", "write"];
/** `CHANGES` as an SQL list. */
const CHANGE_KINDS = CHANGES.map((k) => `'${k}'`).join(", ");

/**
 * - `pending`: sent to the agent, no answer yet
 * - `done`: applied (a change can be undone)
 * - `undone`: a change that was undone (it can be redone)
 * - `unknown`: the agent went away mid-call; its journal settles it when it reconnects
 * - `rolled_back`: an interrupted call the journal undid: no file changed
 */
export type FileOpState = "pending" | "done" | "undone" | "unknown" | "rolled_back";

/** What a file operation did to one file, without content. */
export interface TargetSummary {
  path: string;
  before_hash: string | null;
  after_hash: string | null;
  created: boolean;
  removed: boolean;
  /** The agent's recovery kept the file as it was (it had changed): this edit did not happen. */
  kept?: true;
}

/** A file operation as the dashboard shows it. */
export interface FileOpSummary {
  id: number;
  kind: FileOpKind;
  agent: string;
  state: FileOpState;
  targets: TargetSummary[];
}

/** An undo or redo: which changes it reverts, and how many edits each contributed. */
export interface Cover {
  op: number;
  edits: number;
}

export type FileOpRow = {
  id: number;
  kind: FileOpKind;
  agent: string;
  state: FileOpState;
  targets: string;
  covers: string | null;
  /** JSON `AskedEdit[]`: what was asked of the agent (NULL for operations begun before it was kept). */
  asked: string | null;
  undone_seq: number | null;
  chunk_count: number;
  created_at: number;
  updated_at: number;
};

/** What a JSON column holds when its value is in `file_op_parts`, in chunks. */
const PARTED = "parts";

/**
 * A session's file operations (`file_ops`, `file_op_chunks`, `file_op_parts`).
 * A change keeps what reverts it (the agent's undo edits, which can be as
 * large as the text it replaced) in chunks of at most 1 MiB; undoing stores,
 * in the same place, what redoes it. What an operation did to its files and
 * what it asked are a column each, or chunks past one (a move of 10,000
 * importers): SQLite in a Durable Object keeps 2 MB a value. Ids are the
 * operations' history ids.
 */
export class FileOpStore {
  private readonly sql: SqlStorage;
  private readonly now: () => number;

  constructor(sql: SqlStorage, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  /** Records an operation about to be sent to the agent, and what it asks (to check the answer). */
  begin(id: number, kind: FileOpKind, covers?: Cover[], asked?: AskedEdit[]): void {
    const now = this.now();
    this.sql.exec(
      "INSERT INTO file_ops (id, kind, agent, state, targets, covers, asked, created_at, updated_at) VALUES (?, ?, '', 'pending', '[]', ?, ?, ?, ?)",
      id,
      kind,
      covers ? JSON.stringify(covers) : null,
      asked ? this.parted(id, "asked", JSON.stringify(asked)) : null,
      now,
      now,
    );
  }

  /** What operation `id` asked of the agent, if it was kept. */
  asked(id: number): AskedEdit[] | undefined {
    const row = this.find(id);
    return row?.asked ? (JSON.parse(this.whole(id, "asked", row.asked)) as AskedEdit[]) : undefined;
  }

  /** The agent refused the operation: nothing changed, so it never was one. */
  abandon(id: number): void {
    this.deleteWhere(`id = ${Number(id)} AND state = 'pending'`);
  }

  /**
   * The agent's answer did not match the request: the operation is not
   * recorded as done (nothing of it can be undone) and no longer waits to be
   * settled. Its history line says why.
   */
  refuse(id: number): boolean {
    const row = this.find(id);
    if (!row || (row.state !== "pending" && row.state !== "unknown")) return false;
    this.deleteWhere(`id = ${Number(id)}`);
    return true;
  }

  /** The agent went away mid-call. */
  interrupted(id: number): void {
    this.sql.exec(
      "UPDATE file_ops SET state = 'unknown', updated_at = ? WHERE id = ? AND state = 'pending'",
      this.now(),
      id,
    );
  }

  /**
   * The operation was applied (now, or by the agent's journal after a crash):
   * a change becomes undoable; an undo or redo flips the changes it covers.
   * Results in `kept` (files the agent's recovery kept as they were) did not
   * happen: nothing reverts them, and an undo or redo that did none of a
   * change's edits leaves that change as it was. Returns false when there is
   * no such operation waiting to be settled.
   */
  complete(
    id: number,
    agent: string,
    results: EditResult[],
    kept: ReadonlySet<number> = new Set(),
  ): boolean {
    const row = this.find(id);
    if (!row || (row.state !== "pending" && row.state !== "unknown")) return false;
    const targets = this.parted(
      id,
      "targets",
      JSON.stringify(
        results.map((r, i) => ({ ...summaryOf(r), ...(kept.has(i) ? { kept: true } : {}) })),
      ),
    );
    if (CHANGES.includes(row.kind)) {
      this.forgetRedo();
      this.setReversal(id, reversalOf(results, id, 0, kept));
      this.update(id, { state: "done", agent, targets });
      this.prune();
      return true;
    }
    const covers = JSON.parse(row.covers ?? "[]") as Cover[];
    const parts = splitResults(
      results,
      covers.map((c) => c.edits),
    );
    let seq =
      this.sql.exec<{ n: number | null }>("SELECT max(undone_seq) AS n FROM file_ops").one().n ?? 0;
    let first = 0;
    covers.forEach((cover, i) => {
      const part = parts[i] ?? [];
      const from = first;
      first += cover.edits;
      if (part.length && part.every((_, j) => kept.has(from + j))) return; // none of it happened
      this.setReversal(cover.op, reversalOf(part, id, from, kept));
      if (row.kind === "undo") this.update(cover.op, { state: "undone", undone_seq: ++seq });
      else this.update(cover.op, { state: "done", undone_seq: null });
    });
    this.update(id, { state: "done", agent, targets });
    return true;
  }

  /** An interrupted operation the journal rolled back: nothing changed. */
  rolledBack(id: number): boolean {
    const row = this.find(id);
    if (!row || (row.state !== "pending" && row.state !== "unknown")) return false;
    this.update(id, { state: "rolled_back" });
    return true;
  }

  find(id: number): FileOpRow | undefined {
    return this.sql.exec<FileOpRow>("SELECT * FROM file_ops WHERE id = ?", id).toArray()[0];
  }

  /** The newest operations, for the dashboard's history: what they did to which files. */
  recent(limit: number): FileOpSummary[] {
    return this.sql
      .exec<FileOpRow>("SELECT * FROM file_ops ORDER BY id DESC LIMIT ?", limit)
      .toArray()
      .map((row) => this.summaryOfRow(row));
  }

  /** One operation, as `recent` shows it. */
  summaryOf(id: number): FileOpSummary | undefined {
    const row = this.find(id);
    return row && this.summaryOfRow(row);
  }

  /** The newest operation whose outcome is not known (it blocks undo and redo). */
  unsettled(): FileOpRow | undefined {
    return this.sql
      .exec<FileOpRow>(
        "SELECT * FROM file_ops WHERE state IN ('pending', 'unknown') ORDER BY id DESC LIMIT 1",
      )
      .toArray()[0];
  }

  /** The changes the next undo reverts, newest first. */
  undoable(count: number): FileOpRow[] {
    return this.sql
      .exec<FileOpRow>(
        `SELECT * FROM file_ops WHERE state = 'done' AND kind IN (${CHANGE_KINDS}) ORDER BY id DESC LIMIT ?`,
        count,
      )
      .toArray();
  }

  /** The changes the next redo re-applies, most recently undone first. */
  redoable(count: number): FileOpRow[] {
    return this.sql
      .exec<FileOpRow>(
        "SELECT * FROM file_ops WHERE state = 'undone' ORDER BY undone_seq DESC LIMIT ?",
        count,
      )
      .toArray();
  }

  /** The edits that revert (or, once undone, redo) operation `id`. */
  reversal(id: number): RevertEdit[] {
    const json = this.joined("SELECT data FROM file_op_chunks WHERE op_id = ? ORDER BY seq", id);
    return json ? (JSON.parse(json) as RevertEdit[]) : [];
  }

  /** The `data` of the chunks `query` selects, in its order, joined. */
  private joined(query: string, ...params: (string | number)[]): string {
    let json = "";
    for (const { data } of this.sql.exec<{ data: string }>(query, ...params)) json += data;
    return json;
  }

  private setReversal(id: number, edits: RevertEdit[]): void {
    const chunks = splitIntoChunks(JSON.stringify(edits));
    this.sql.exec("DELETE FROM file_op_chunks WHERE op_id = ?", id);
    chunks.forEach((data, seq) => {
      this.sql.exec(
        "INSERT INTO file_op_chunks (op_id, seq, data) VALUES (?, ?, ?)",
        id,
        seq,
        data,
      );
    });
    this.sql.exec("UPDATE file_ops SET chunk_count = ? WHERE id = ?", chunks.length, id);
  }

  /** `json` as its column holds it: itself when one chunk, else PARTED with its chunks in `file_op_parts`. */
  private parted(id: number, part: "targets" | "asked", json: string): string {
    this.sql.exec("DELETE FROM file_op_parts WHERE op_id = ? AND part = ?", id, part);
    const chunks = splitIntoChunks(json);
    if (chunks.length === 1) return json;
    chunks.forEach((data, seq) => {
      this.sql.exec(
        "INSERT INTO file_op_parts (op_id, part, seq, data) VALUES (?, ?, ?, ?)",
        id,
        part,
        seq,
        data,
      );
    });
    return PARTED;
  }

  /** What `parted` was given, from its column's value. */
  private whole(id: number, part: "targets" | "asked", column: string): string {
    if (column !== PARTED) return column;
    return this.joined(
      "SELECT data FROM file_op_parts WHERE op_id = ? AND part = ? ORDER BY seq",
      id,
      part,
    );
  }

  private summaryOfRow(row: FileOpRow): FileOpSummary {
    return {
      id: row.id,
      kind: row.kind,
      agent: row.agent,
      state: row.state,
      targets: JSON.parse(this.whole(row.id, "targets", row.targets)) as TargetSummary[],
    };
  }

  private update(
    id: number,
    set: Partial<Pick<FileOpRow, "state" | "agent" | "targets" | "undone_seq">>,
  ): void {
    const columns = Object.keys(set); // from the typed keys above: never input
    this.sql.exec(
      `UPDATE file_ops SET ${columns.map((c) => `${c} = ?`).join(", ")}, updated_at = ? WHERE id = ?`,
      ...Object.values(set),
      this.now(),
      id,
    );
  }

  /** A new change makes the undone ones unreachable: forget them. */
  private forgetRedo(): void {
    this.deleteWhere("state = 'undone'");
  }

  /** Keeps the newest `undoDepth` changes, and no settled undo/redo records. */
  private prune(): void {
    const keep = this.sql
      .exec<{ id: number }>(
        `SELECT id FROM file_ops WHERE kind IN (${CHANGE_KINDS}) ORDER BY id DESC LIMIT 1 OFFSET ?`,
        LIMITS.undoDepth - 1,
      )
      .toArray()[0]?.id;
    if (keep !== undefined)
      this.deleteWhere(`id < ${keep} AND state NOT IN ('pending', 'unknown')`);
    this.deleteWhere("kind IN ('undo', 'redo') AND state IN ('done', 'rolled_back')");
  }

  /** Deletes the operations `condition` (SQL of this file's own making, never input) holds, with their chunks. */
  private deleteWhere(condition: string): void {
    for (const table of ["file_op_chunks", "file_op_parts"])
      this.sql.exec(
        `DELETE FROM ${table} WHERE op_id IN (SELECT id FROM file_ops WHERE ${condition})`,
      );
    this.sql.exec(`DELETE FROM file_ops WHERE ${condition}`);
  }
}

function summaryOf(r: EditResult): TargetSummary {
  return {
    path: r.path,
    before_hash: r.before_hash,
    after_hash: r.after_hash,
    created: r.created,
    removed: r.removed,
  };
}
