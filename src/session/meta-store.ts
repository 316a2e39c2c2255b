/** Small key/value facts about one clipboard: its address, project, last use. */
export class MetaStore {
  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  get(key: string): string | undefined {
    return this.sql
      .exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key)
      .toArray()[0]?.value;
  }

  set(key: string, value: string | number): void {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      String(value),
    );
  }

  number(key: string): number | undefined {
    const value = this.get(key);
    return value === undefined ? undefined : Number(value);
  }
}
