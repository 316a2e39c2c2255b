import { LIMITS } from "../core/limits.ts";

/** A result kept for citing: the content it showed, and the line number its first line had. */
export interface KeptResult {
  id: number;
  tool: string;
  first_line: number;
  content: string;
}

/**
 * The result index (DESIGN.md §3): every tool result that shows content gets
 * an id (`r17`) and keeps that content with the session, so a later reference
 * (`{{ref:result=r17,lines=3..9}}`) moves those exact lines without the model
 * repeating them. A result holds at most one page (40,000 characters); the
 * newest `LIMITS.resultsKept` are kept, and all go with the session.
 */
export class ResultStore {
  private readonly sql: SqlStorage;
  private readonly now: () => number;

  constructor(sql: SqlStorage, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  /** Keeps `content` (whose first line is line `firstLine` of what it shows) and returns its id. */
  keep(tool: string, content: string, firstLine = 1): number {
    const row = this.sql
      .exec<{ id: number }>(
        "INSERT INTO results (tool, first_line, content, created_at) VALUES (?, ?, ?, ?) RETURNING id",
        tool,
        firstLine,
        content,
        this.now(),
      )
      .one();
    this.sql.exec("DELETE FROM results WHERE id <= ?", row.id - LIMITS.resultsKept);
    return row.id;
  }

  get(id: number): KeptResult | undefined {
    return this.sql
      .exec<{ id: number; tool: string; first_line: number; content: string }>(
        "SELECT id, tool, first_line, content FROM results WHERE id = ?",
        id,
      )
      .toArray()[0];
  }
}
