/** Tags of one clipboard: named labels on entries, created on first use. */
export class TagStore {
  private readonly sql: SqlStorage;
  private readonly now: () => number;

  constructor(sql: SqlStorage, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  /** Every tag with how many entries carry it. */
  list(): { name: string; description: string; entries: number }[] {
    return this.sql
      .exec<{ name: string; description: string; entries: number }>(
        `SELECT t.name, t.description, count(et.entry_id) AS entries
         FROM tags t LEFT JOIN entry_tags et ON et.tag = t.name GROUP BY t.name ORDER BY t.name`,
      )
      .toArray();
  }

  exists(name: string): boolean {
    return this.sql.exec("SELECT 1 FROM tags WHERE name = ?", name).toArray().length > 0;
  }

  /** Creates the tag if it is new; a description given replaces the old one. */
  create(name: string, description?: string): void {
    this.sql.exec(
      `INSERT INTO tags (name, description, created_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET description = coalesce(?, description)`,
      name,
      description ?? "",
      this.now(),
      description ?? null,
    );
  }

  /** Deletes the tag and takes it off every entry. */
  delete(name: string): number {
    const removed = this.sql.exec("DELETE FROM entry_tags WHERE tag = ?", name).rowsWritten;
    this.sql.exec("DELETE FROM tags WHERE name = ?", name);
    return removed;
  }

  of(entryId: number): string[] {
    return this.sql
      .exec<{ tag: string }>("SELECT tag FROM entry_tags WHERE entry_id = ? ORDER BY tag", entryId)
      .toArray()
      .map((r) => r.tag);
  }

  add(entryId: number, names: readonly string[]): void {
    for (const name of names) {
      this.create(name);
      this.sql.exec(
        "INSERT OR IGNORE INTO entry_tags (entry_id, tag) VALUES (?, ?)",
        entryId,
        name,
      );
    }
  }

  remove(entryId: number, names: readonly string[]): void {
    for (const name of names)
      this.sql.exec("DELETE FROM entry_tags WHERE entry_id = ? AND tag = ?", entryId, name);
  }
}
