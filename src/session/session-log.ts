import { LIMITS } from "../shared/core/limits.ts";

export type HistoryItem = {
  id: number;
  op: string;
  key: string | null;
  scope: string | null;
  summary: string;
  at: number;
};

export type TodoItem = {
  id: number;
  text: string;
  done_at: number | null;
  created_at: number;
};

/** A session's operation history (newest first) and its short todo list. */
export class SessionLog {
  private readonly sql: SqlStorage;
  private readonly now: () => number;

  constructor(sql: SqlStorage, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  record(op: string, key: string | null, scope: string | null, summary: string): number {
    const id = this.sql
      .exec<{ id: number }>(
        "INSERT INTO history (op, key, scope, summary, at) VALUES (?, ?, ?, ?, ?) RETURNING id",
        op,
        key,
        scope,
        summary,
        this.now(),
      )
      .one().id;
    this.sql.exec("DELETE FROM history WHERE id <= ?", id - LIMITS.historyKept);
    return id;
  }

  /** Rewrites an operation's line once its outcome is known (file operations). */
  update(id: number, summary: string): void {
    this.sql.exec("UPDATE history SET summary = ? WHERE id = ?", summary, id);
  }

  /** Removes the line of an operation that turned out not to happen. */
  remove(id: number): void {
    this.sql.exec("DELETE FROM history WHERE id = ?", id);
  }

  history(limit: number, op?: string): HistoryItem[] {
    return op
      ? this.sql
          .exec<HistoryItem>(
            "SELECT * FROM history WHERE op = ? ORDER BY id DESC LIMIT ?",
            op,
            limit,
          )
          .toArray()
      : this.sql
          .exec<HistoryItem>("SELECT * FROM history ORDER BY id DESC LIMIT ?", limit)
          .toArray();
  }

  todos(): TodoItem[] {
    return this.sql.exec<TodoItem>("SELECT * FROM todos ORDER BY id").toArray();
  }

  addTodo(text: string): TodoItem {
    return this.sql
      .exec<TodoItem>(
        "INSERT INTO todos (text, created_at) VALUES (?, ?) RETURNING *",
        text,
        this.now(),
      )
      .one();
  }

  /** Marks the item done; false when there is no such item. */
  doneTodo(id: number): boolean {
    return (
      this.sql.exec("UPDATE todos SET done_at = coalesce(done_at, ?) WHERE id = ?", this.now(), id)
        .rowsWritten > 0
    );
  }

  clearTodos(doneOnly: boolean): number {
    return this.sql.exec(
      doneOnly ? "DELETE FROM todos WHERE done_at IS NOT NULL" : "DELETE FROM todos",
    ).rowsWritten;
  }
}
