import type { Hello, OpContext } from "../shared/bridge/protocol.ts";
import type { AgentInfo } from "./routing.ts";

/** An agent that was turned away (another protocol version), shown by session action "agents". */
export type Refusal = {
  name: string;
  version: string;
  protocol: number;
  message: string;
  at: number;
};

type AgentRow = {
  conn: string;
  name: string;
  project: string;
  roots: string;
  read_only: number;
  version: string;
  platform: string;
  connected_at: number;
  build_code: string;
};

/** Refusals are shown this long, then forgotten. */
const REFUSALS_SHOWN_MS = 24 * 60 * 60 * 1000;

/**
 * The user's agents, in the Bridge object's SQLite: one row per connection
 * that said hello (a WebSocket attachment holds at most 2 KiB, too little for
 * a list of roots), and the agents recently refused.
 */
export class AgentRegistry {
  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  add(conn: string, hello: Hello, now: number): void {
    this.sql.exec(
      `INSERT OR REPLACE INTO agents (conn, name, project, roots, read_only, version, platform, capabilities, connected_at, build_code)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      conn,
      hello.name,
      hello.project,
      JSON.stringify(hello.roots),
      hello.read_only ? 1 : 0,
      hello.version,
      hello.platform,
      JSON.stringify(hello.capabilities),
      now,
      JSON.stringify(hello.build_code ?? []),
    );
    this.sql.exec("DELETE FROM refusals WHERE name = ?", hello.name);
  }

  remove(conn: string): void {
    this.sql.exec("DELETE FROM agents WHERE conn = ?", conn);
  }

  /** The agents whose connection is in `live` (rows of lost connections are dropped). */
  list(live: ReadonlyMap<string, number>): (AgentInfo & { conn: string })[] {
    const rows = this.sql.exec<AgentRow>("SELECT * FROM agents ORDER BY connected_at").toArray();
    const agents = [];
    for (const row of rows) {
      const lastSeen = live.get(row.conn);
      if (lastSeen === undefined) {
        this.remove(row.conn);
        continue;
      }
      agents.push({
        conn: row.conn,
        name: row.name,
        project: row.project,
        roots: JSON.parse(row.roots) as string[],
        read_only: row.read_only === 1,
        version: row.version,
        platform: row.platform,
        connected_at: row.connected_at,
        last_seen: Math.max(lastSeen, row.connected_at),
        build_code: JSON.parse(row.build_code) as string[],
      });
    }
    return agents;
  }

  refuse(refusal: Refusal): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO refusals (name, version, protocol, message, at) VALUES (?, ?, ?, ?, ?)",
      refusal.name,
      refusal.version,
      refusal.protocol,
      refusal.message,
      refusal.at,
    );
  }

  /** Remembers a write whose reply never came (disconnect, timeout), until its outcome is known. */
  interrupt(request: string, agent: string, context: OpContext, now: number): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO interrupted (request, agent, session, op, at) VALUES (?, ?, ?, ?, ?)",
      request,
      agent,
      context.session,
      context.op,
      now,
    );
  }

  /** The interrupted write that request `request` was, forgotten as it is settled now. */
  takeRequest(request: string): OpContext | undefined {
    const row = this.sql
      .exec<{ session: string; op: number }>(
        "DELETE FROM interrupted WHERE request = ? RETURNING session, op",
        request,
      )
      .toArray()[0];
    return row && { session: row.session, op: row.op };
  }

  /** Forgets an interrupted write the agent has reported. */
  settled(context: OpContext): void {
    this.sql.exec(
      "DELETE FROM interrupted WHERE session = ? AND op = ?",
      context.session,
      context.op,
    );
  }

  /** The interrupted writes of `agent` not among `inProgress`: forgotten, for the caller to settle. */
  takeUnreported(agent: string, inProgress: readonly OpContext[]): OpContext[] {
    const rows = this.sql
      .exec<{ request: string; session: string; op: number }>(
        "SELECT request, session, op FROM interrupted WHERE agent = ?",
        agent,
      )
      .toArray()
      .filter((r) => !inProgress.some((c) => c.session === r.session && c.op === r.op));
    for (const r of rows) this.sql.exec("DELETE FROM interrupted WHERE request = ?", r.request);
    return rows.map((r) => ({ session: r.session, op: r.op }));
  }

  refusals(now: number): Refusal[] {
    this.sql.exec("DELETE FROM refusals WHERE at < ?", now - REFUSALS_SHOWN_MS);
    return this.sql.exec<Refusal>("SELECT * FROM refusals ORDER BY at DESC").toArray();
  }
}
