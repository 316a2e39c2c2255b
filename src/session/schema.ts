import type { Migrations } from "../storage/migrate.ts";

/**
 * The clipboard's SQLite schema, as numbered migrations (applied by
 * `migrate` in src/storage/migrate.ts). Every table is described in
 * docs/storage.md.
 */
export const MIGRATIONS: Migrations = [
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
  // 2: file operations (undo/redo through the local agent) and call-counted TTL (`read`).
  [
    `ALTER TABLE entries ADD COLUMN ttl_calls INTEGER`,
    `ALTER TABLE entries ADD COLUMN last_call INTEGER`,
    // Checked on every tool call (is anything counting calls?): an index, not a scan.
    `CREATE INDEX entries_ttl_calls ON entries (last_call) WHERE ttl_calls IS NOT NULL AND expired_at IS NULL`,
    `CREATE TABLE file_ops (
       id INTEGER PRIMARY KEY,
       kind TEXT NOT NULL,
       agent TEXT NOT NULL,
       state TEXT NOT NULL,
       targets TEXT NOT NULL,
       covers TEXT,
       undone_seq INTEGER,
       chunk_count INTEGER NOT NULL DEFAULT 0,
       created_at INTEGER NOT NULL,
       updated_at INTEGER NOT NULL
     )`,
    `CREATE INDEX file_ops_state ON file_ops (state, id)`,
    `CREATE TABLE file_op_chunks (
       op_id INTEGER NOT NULL,
       seq INTEGER NOT NULL,
       data TEXT NOT NULL,
       PRIMARY KEY (op_id, seq)
     ) WITHOUT ROWID`,
  ],
  // 3: the result index (references cite lines of earlier results: `r17:14..18`).
  [
    `CREATE TABLE results (
       id INTEGER PRIMARY KEY,
       tool TEXT NOT NULL,
       first_line INTEGER NOT NULL,
       content TEXT NOT NULL,
       created_at INTEGER NOT NULL
     )`,
  ],
  // 4: the dashboard: listings in update order without a sort, and tokens kept out per session and day.
  [
    `CREATE INDEX entries_updated_at ON entries (updated_at, id)`,
    `CREATE TABLE savings (
       session TEXT NOT NULL,
       day TEXT NOT NULL,
       tokens INTEGER NOT NULL,
       calls INTEGER NOT NULL,
       PRIMARY KEY (session, day)
     ) WITHOUT ROWID`,
  ],
  // 5 (0.5): pages that cost their own size, not the content's (each entry's page starts, each
  // chunk's length, so a page reads only the chunks it spans; an inline export's pages cut once
  // from one snapshot), and what each file operation asked of the agent, so a late answer (a
  // journal's report) is checked against it.
  [
    `ALTER TABLE entries ADD COLUMN page_starts TEXT`,
    `ALTER TABLE chunks ADD COLUMN chars INTEGER`,
    `CREATE TABLE export_snapshot (
       id INTEGER PRIMARY KEY CHECK (id = 1),
       filter TEXT NOT NULL,
       entries INTEGER NOT NULL,
       bytes INTEGER NOT NULL,
       pages INTEGER NOT NULL,
       created_at INTEGER NOT NULL
     )`,
    `CREATE TABLE export_pages (
       page INTEGER PRIMARY KEY,
       text TEXT NOT NULL
     )`,
    `ALTER TABLE file_ops ADD COLUMN asked TEXT`,
  ],
  // 6 (issue 27): what each result showed came from (ResultClass, comma-separated), which
  // citing it needs the right to read; results kept before it count as from everywhere.
  [`ALTER TABLE results ADD COLUMN classes TEXT NOT NULL DEFAULT 'user,os,file'`],
  // 7 (issue 45): a file operation's targets and what it asked, past one chunk (a move of
  // 10,000 importers, its undo), in chunks: SQLite in a Durable Object keeps 2 MB a value.
  [
    `CREATE TABLE file_op_parts (
       op_id INTEGER NOT NULL,
       part TEXT NOT NULL,
       seq INTEGER NOT NULL,
       data TEXT NOT NULL,
       PRIMARY KEY (op_id, part, seq)
     ) WITHOUT ROWID`,
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;
