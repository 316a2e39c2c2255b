/**
 * The clipboard's SQLite schema, as numbered migrations. `meta.schema_version`
 * records how many have run; `migrate` applies the rest in one transaction.
 * Every table is described in docs/storage.md.
 */
const MIGRATIONS: readonly (readonly string[])[] = [
  // 1: entries, content chunks, tags, history, todos, sessions registry.
  [
    `CREATE TABLE IF NOT EXISTS meta (
       key TEXT PRIMARY KEY,
       value TEXT NOT NULL
     )`,
    `CREATE TABLE entries (
       id INTEGER PRIMARY KEY,
       key TEXT NOT NULL UNIQUE,
       description TEXT NOT NULL DEFAULT '',
       source TEXT NOT NULL,
       bytes INTEGER NOT NULL,
       chars INTEGER NOT NULL,
       lines INTEGER NOT NULL,
       chunk_count INTEGER NOT NULL,
       created_at INTEGER NOT NULL,
       updated_at INTEGER NOT NULL,
       expires_at INTEGER,
       expired_at INTEGER,
       purge_at INTEGER
     )`,
    `CREATE INDEX entries_expires_at ON entries (expires_at) WHERE expired_at IS NULL`,
    `CREATE INDEX entries_purge_at ON entries (purge_at)`,
    `CREATE TABLE chunks (
       entry_id INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
       seq INTEGER NOT NULL,
       data TEXT NOT NULL,
       PRIMARY KEY (entry_id, seq)
     ) WITHOUT ROWID`,
    `CREATE TABLE tags (
       name TEXT PRIMARY KEY,
       description TEXT NOT NULL DEFAULT '',
       created_at INTEGER NOT NULL
     )`,
    `CREATE TABLE entry_tags (
       entry_id INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
       tag TEXT NOT NULL REFERENCES tags (name) ON DELETE CASCADE,
       PRIMARY KEY (entry_id, tag)
     ) WITHOUT ROWID`,
    `CREATE INDEX entry_tags_tag ON entry_tags (tag)`,
    `CREATE TABLE history (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       op TEXT NOT NULL,
       key TEXT,
       scope TEXT,
       summary TEXT NOT NULL,
       at INTEGER NOT NULL
     )`,
    `CREATE TABLE todos (
       id INTEGER PRIMARY KEY AUTOINCREMENT,
       text TEXT NOT NULL,
       done_at INTEGER,
       created_at INTEGER NOT NULL
     )`,
    `CREATE TABLE sessions (
       handle TEXT PRIMARY KEY,
       project TEXT NOT NULL,
       description TEXT NOT NULL DEFAULT '',
       created_at INTEGER NOT NULL
     )`,
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database up to `SCHEMA_VERSION`. Safe to call on every start. */
export function migrate(storage: DurableObjectStorage): void {
  const sql = storage.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  const row = sql
    .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")
    .toArray()[0];
  const current = row ? Number(row.value) : 0;
  if (current >= SCHEMA_VERSION) return;
  storage.transactionSync(() => {
    for (const statements of MIGRATIONS.slice(current)) {
      for (const statement of statements) sql.exec(statement);
    }
    sql.exec(
      "INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      String(SCHEMA_VERSION),
    );
  });
}
