/** Tokens kept out of the model on one day (UTC) by one session's tool calls. */
export type SavingsRow = {
  session: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  tokens: number;
  /** Tool calls that kept tokens out. */
  calls: number;
};

/** How long the user object keeps the figures of ended sessions. */
const KEPT_DAYS = 365;

/**
 * The `savings` table: a session object adds each receipt's `tokens_kept_out`
 * to its own row for the day; when the session ends or expires, its rows move
 * to the user object, so the dashboard's chart outlives the sessions.
 */
export class SavingsStore {
  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  add(session: string, at: number, tokens: number, calls = 1): void {
    this.sql.exec(
      `INSERT INTO savings (session, day, tokens, calls) VALUES (?, ?, ?, ?)
       ON CONFLICT (session, day) DO UPDATE SET tokens = tokens + excluded.tokens, calls = calls + excluded.calls`,
      session,
      dayOf(at),
      tokens,
      calls,
    );
  }

  /** Adds a receipt's `tokens_kept_out` (if it has some) to the session's figures for today; whether it did. */
  addReceipt(session: string, at: number, value: unknown): boolean {
    const tokens = (value as { tokens_kept_out?: unknown } | null)?.tokens_kept_out;
    if (typeof tokens !== "number" || tokens <= 0) return false;
    this.add(session, at, Math.round(tokens));
    return true;
  }

  /** Keeps the rows of an ended session (user objects), and forgets those older than a year. */
  keep(rows: readonly SavingsRow[], now: number): void {
    for (const row of rows) this.add(row.session, Date.parse(row.day), row.tokens, row.calls);
    this.sql.exec("DELETE FROM savings WHERE day < ?", dayOf(now - KEPT_DAYS * 86_400_000));
  }

  all(): SavingsRow[] {
    return this.sql.exec<SavingsRow>("SELECT * FROM savings ORDER BY day, session").toArray();
  }
}

export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
