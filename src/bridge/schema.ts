import type { Migrations } from "../storage/migrate.ts";

/** The Bridge object's SQLite schema (docs/storage.md, "Bridge objects"). */
export const BRIDGE_MIGRATIONS: Migrations = [
  // 1: connected agents (one row per live connection), refused agents.
  [
    `CREATE TABLE agents (
       conn TEXT PRIMARY KEY,
       name TEXT NOT NULL,
       project TEXT NOT NULL,
       roots TEXT NOT NULL,
       read_only INTEGER NOT NULL,
       version TEXT NOT NULL,
       platform TEXT NOT NULL,
       capabilities TEXT NOT NULL,
       connected_at INTEGER NOT NULL
     )`,
    `CREATE TABLE refusals (
       name TEXT PRIMARY KEY,
       version TEXT NOT NULL,
       protocol INTEGER NOT NULL,
       message TEXT NOT NULL,
       at INTEGER NOT NULL
     )`,
  ],
  // 2: writes interrupted by a disconnect or a timeout, until the agent says how they ended.
  [
    `CREATE TABLE interrupted (
       request TEXT PRIMARY KEY,
       agent TEXT NOT NULL,
       session TEXT NOT NULL,
       op INTEGER NOT NULL,
       at INTEGER NOT NULL
     )`,
    `CREATE INDEX interrupted_agent ON interrupted (agent)`,
  ],
  // 3: the roots where an agent's build checks may run the project's code (`--allow-build-code`).
  [`ALTER TABLE agents ADD COLUMN build_code TEXT NOT NULL DEFAULT '[]'`],
];
