/** A session as the user's registry knows it. */
export type SessionInfo = {
  handle: string;
  project: string;
  description: string;
  created_at: number;
};

/** The user's started sessions, kept in the user-scope object (`sessions` table). */
export class SessionRegistry {
  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  add(info: SessionInfo): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO sessions (handle, project, description, created_at) VALUES (?, ?, ?, ?)",
      info.handle,
      info.project,
      info.description,
      info.created_at,
    );
  }

  remove(handle: string): void {
    this.sql.exec("DELETE FROM sessions WHERE handle = ?", handle);
  }

  list(): SessionInfo[] {
    return this.sql.exec<SessionInfo>("SELECT * FROM sessions ORDER BY created_at DESC").toArray();
  }
}
