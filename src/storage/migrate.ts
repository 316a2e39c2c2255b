/** Numbered schema steps, each a list of SQL statements; never edit a step that has shipped. */
export type Migrations = readonly (readonly string[])[];

/**
 * Brings a Durable Object's SQLite database up to `migrations.length`:
 * `meta.schema_version` records how many steps have run; the missing ones and
 * the new version are applied in one transaction, so an object is either
 * fully on the new schema or untouched. Safe to call on every start.
 */
export function migrate(storage: DurableObjectStorage, migrations: Migrations): void {
  const sql = storage.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  const row = sql
    .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")
    .toArray()[0];
  const current = row ? Number(row.value) : 0;
  if (current >= migrations.length) return;
  storage.transactionSync(() => {
    for (const statements of migrations.slice(current)) {
      for (const statement of statements) sql.exec(statement);
    }
    sql.exec(
      "INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      String(migrations.length),
    );
  });
}
