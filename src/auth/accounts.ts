import { DurableObject } from "cloudflare:workers";
import { fail, type Outcome, ok } from "../shared/core/errors.ts";
import { randomSecret } from "../shared/secrets.ts";
import { type Migrations, migrate } from "../storage/migrate.ts";
import { hashPassphrase, needsRehash, passphraseProblem, verifyPassphrase } from "./passphrase.ts";
import { type Claim, type RefreshAnswer, RefreshRecord } from "./refresh-record.ts";
import { type Attempts, afterFailure, NO_ATTEMPTS, WINDOW_MS, waitMs } from "./throttle.ts";
import { digest, normaliseUserCode, userCode } from "./tokens.ts";

/**
 * Accounts: users, their sign-in sessions, sign-in throttling, agent pairings
 * and paired agents' tokens, in one SQLite Durable Object (`accounts`). One
 * object is enough: it is only reached on sign-in, on consent and account
 * pages, and when an agent connects; tool calls never touch it (their user
 * rides in the OAuth grant). Secrets (passphrases, cookies, device codes,
 * agent tokens) are stored only as hashes.
 */
const MIGRATIONS: Migrations = [
  [
    `CREATE TABLE users (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      passphrase TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`,
    `CREATE TABLE web_sessions (
      hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    )`,
    `CREATE TABLE attempts (key TEXT PRIMARY KEY, state TEXT NOT NULL)`,
    `CREATE TABLE pairings (
      device_hash TEXT PRIMARY KEY,
      user_code TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      address TEXT NOT NULL,
      status TEXT NOT NULL,
      user_id TEXT,
      expires_at INTEGER NOT NULL,
      polled_at INTEGER NOT NULL
    )`,
    `CREATE TABLE agent_tokens (
      id TEXT PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      last_used_at INTEGER
    )`,
    "CREATE INDEX agent_tokens_user ON agent_tokens (user_id)",
  ],
];

export interface Account {
  id: string;
  name: string;
}

export interface AgentToken {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export type SignIn =
  | { ok: true; account: Account; session: string }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "locked"; retry_after_s: number };

export interface PairingStart {
  device_code: string;
  user_code: string;
  expires_in: number;
  interval: number;
}

/** RFC 8628 token-endpoint answers while pairing, and the token when approved. */
export type PairingPoll =
  | { ok: true; token: string; user: string; agent: string }
  | {
      ok: false;
      error: "authorization_pending" | "slow_down" | "access_denied" | "expired_token";
    };

export const WEB_SESSION_MS = 12 * 60 * 60 * 1000;
export const PAIRING_INTERVAL_S = 2;
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Verified against when the name is unknown, so a miss costs what a hit does. */
const DUMMY_HASH =
  "pbkdf2-sha256$600000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export class Accounts extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly now = () => Date.now();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, MIGRATIONS);
    this.sql = ctx.storage.sql;
  }

  // ── Users ──────────────────────────────────────────────────────────────────

  /** Refreshes with one refresh token, made to happen once (refresh-record.ts): in memory only. */
  private readonly refreshes = new RefreshRecord();

  claimRefresh(token: string, client: string): Claim {
    return this.refreshes.claim(token, client);
  }

  settleRefresh(
    token: string,
    client: string,
    answer: RefreshAnswer | undefined,
    successor: string | undefined,
  ): void {
    this.refreshes.settle(token, client, answer, successor);
  }

  async addUser(name: string, passphrase: string): Promise<Outcome<Account>> {
    if (!USER_NAME.test(name))
      return fail(
        "INVALID_ARGUMENT",
        "A user name is 1–64 letters, digits, `.`, `_` or `-`, starting with a letter or digit.",
      );
    const problem = passphraseProblem(passphrase);
    if (problem) return fail("INVALID_ARGUMENT", `Passphrase refused: ${problem}.`);
    const hash = await hashPassphrase(passphrase);
    if (this.userNamed(name)) return fail("ENTRY_EXISTS", `A user named \`${name}\` exists.`);
    const account = { id: `u-${randomSecret(9).toLowerCase().replace(/[-_]/g, "x")}`, name };
    this.sql.exec(
      "INSERT INTO users (id, name, passphrase, created_at) VALUES (?, ?, ?, ?)",
      account.id,
      name,
      hash,
      this.now(),
    );
    return ok(account);
  }

  user(id: string): Account | undefined {
    return this.sql
      .exec<{ id: string; name: string }>("SELECT id, name FROM users WHERE id = ?", id)
      .toArray()[0];
  }

  private userNamed(name: string) {
    return this.sql
      .exec<{ id: string; name: string; passphrase: string }>(
        "SELECT id, name, passphrase FROM users WHERE name = ?",
        name,
      )
      .toArray()[0];
  }

  // ── Sign-in ────────────────────────────────────────────────────────────────

  /**
   * Checks a passphrase, throttled per account and per address: both records
   * must be unlocked before the passphrase is even hashed. An unknown name
   * costs the same hash and counts the same failure as a wrong passphrase.
   */
  async signIn(name: string, passphrase: string, address: string): Promise<SignIn> {
    const now = this.now();
    // Records of failures whose window passed and whose lock ended say nothing any more.
    this.sql.exec(
      "DELETE FROM attempts WHERE json_extract(state, '$.since') < ? AND json_extract(state, '$.locked_until') < ?",
      now - WINDOW_MS,
      now,
    );
    // A name no account can have is not a key of its own: it counts against the address only.
    const keys = USER_NAME.test(name)
      ? [`account:${name.toLowerCase()}`, `address:${address.slice(0, 64)}`]
      : [`address:${address.slice(0, 64)}`];
    const wait = Math.max(...keys.map((k) => waitMs(this.attempts(k), now)));
    if (wait > 0) return { ok: false, reason: "locked", retry_after_s: Math.ceil(wait / 1000) };
    const user = this.userNamed(name);
    const matches = await verifyPassphrase(passphrase, user?.passphrase ?? DUMMY_HASH);
    if (!user || !matches) {
      for (const key of keys) this.setAttempts(key, afterFailure(this.attempts(key), this.now()));
      return { ok: false, reason: "wrong" };
    }
    this.sql.exec("DELETE FROM attempts WHERE key = ?", `account:${name.toLowerCase()}`);
    if (needsRehash(user.passphrase))
      this.sql.exec(
        "UPDATE users SET passphrase = ? WHERE id = ?",
        await hashPassphrase(passphrase),
        user.id,
      );
    const session = randomSecret();
    this.sql.exec("DELETE FROM web_sessions WHERE expires_at < ?", now);
    this.sql.exec(
      "INSERT INTO web_sessions (hash, user_id, expires_at) VALUES (?, ?, ?)",
      await digest(session),
      user.id,
      now + WEB_SESSION_MS,
    );
    return { ok: true, account: { id: user.id, name: user.name }, session };
  }

  private attempts(key: string): Attempts {
    const row = this.sql
      .exec<{ state: string }>("SELECT state FROM attempts WHERE key = ?", key)
      .toArray()[0];
    return row ? (JSON.parse(row.state) as Attempts) : NO_ATTEMPTS;
  }

  private setAttempts(key: string, attempts: Attempts): void {
    this.sql.exec(
      "INSERT INTO attempts (key, state) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET state = excluded.state",
      key,
      JSON.stringify(attempts),
    );
  }

  /** The account signed in with this session cookie, if it is still valid. */
  async sessionAccount(session: string): Promise<Account | undefined> {
    const row = this.sql
      .exec<{ user_id: string }>(
        "SELECT user_id FROM web_sessions WHERE hash = ? AND expires_at > ?",
        await digest(session),
        this.now(),
      )
      .toArray()[0];
    return row ? this.user(row.user_id) : undefined;
  }

  async signOut(session: string): Promise<void> {
    this.sql.exec("DELETE FROM web_sessions WHERE hash = ?", await digest(session));
  }

  // ── Pairing local agents (RFC 8628 shape) ──────────────────────────────────

  async startPairing(name: string, address: string, ttlSeconds: number): Promise<PairingStart> {
    const now = this.now();
    this.sql.exec("DELETE FROM pairings WHERE expires_at < ?", now);
    const device = randomSecret();
    let code = userCode();
    while (this.pairingByCode(code)) code = userCode();
    this.sql.exec(
      "INSERT INTO pairings (device_hash, user_code, name, address, status, user_id, expires_at, polled_at) VALUES (?, ?, ?, ?, 'pending', NULL, ?, 0)",
      await digest(device),
      code,
      name,
      address,
      now + ttlSeconds * 1000,
    );
    return {
      device_code: device,
      user_code: code,
      expires_in: ttlSeconds,
      interval: PAIRING_INTERVAL_S,
    };
  }

  private pairingByCode(code: string) {
    return this.sql
      .exec<{
        device_hash: string;
        name: string;
        address: string;
        status: string;
        expires_at: number;
      }>(
        "SELECT device_hash, name, address, status, expires_at FROM pairings WHERE user_code = ?",
        code,
      )
      .toArray()[0];
  }

  /** A pending pairing as the approval page shows it, by the code the user typed. */
  pendingPairing(typed: string): { user_code: string; name: string; address: string } | undefined {
    const code = normaliseUserCode(typed);
    const row = code ? this.pairingByCode(code) : undefined;
    if (!code || !row || row.status !== "pending" || row.expires_at < this.now()) return undefined;
    return { user_code: code, name: row.name, address: row.address };
  }

  /** The signed-in user approves or denies a pending pairing. */
  decidePairing(typed: string, userId: string, approve: boolean): Outcome<{ name: string }> {
    const pending = this.pendingPairing(typed);
    if (!pending)
      return fail(
        "INVALID_ARGUMENT",
        "No pending pairing has this code: it may have expired. Run `edgeclip-agent login` again.",
      );
    this.sql.exec(
      "UPDATE pairings SET status = ?, user_id = ? WHERE user_code = ?",
      approve ? "approved" : "denied",
      userId,
      pending.user_code,
    );
    return ok({ name: pending.name });
  }

  /**
   * The agent's poll. An approved pairing yields its token once; a denied or
   * expired one is forgotten after saying so. Polling faster than the interval
   * gets `slow_down`.
   */
  async pollPairing(deviceCode: string): Promise<PairingPoll> {
    const hash = await digest(deviceCode);
    const row = this.sql
      .exec<{
        name: string;
        status: string;
        user_id: string | null;
        expires_at: number;
        polled_at: number;
      }>(
        "SELECT name, status, user_id, expires_at, polled_at FROM pairings WHERE device_hash = ?",
        hash,
      )
      .toArray()[0];
    const now = this.now();
    if (!row || row.expires_at < now) {
      this.sql.exec("DELETE FROM pairings WHERE device_hash = ?", hash);
      return { ok: false, error: "expired_token" };
    }
    if (row.status === "denied") {
      this.sql.exec("DELETE FROM pairings WHERE device_hash = ?", hash);
      return { ok: false, error: "access_denied" };
    }
    if (row.status === "approved" && row.user_id) {
      this.sql.exec("DELETE FROM pairings WHERE device_hash = ?", hash);
      const user = this.user(row.user_id);
      if (!user) return { ok: false, error: "access_denied" };
      const token = `eca_${randomSecret()}`;
      this.sql.exec(
        "INSERT INTO agent_tokens (id, hash, user_id, name, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, NULL)",
        `a-${randomSecret(6)}`,
        await digest(token),
        user.id,
        row.name,
        now,
      );
      return { ok: true, token, user: user.name, agent: row.name };
    }
    const tooSoon = now - row.polled_at < (PAIRING_INTERVAL_S * 1000) / 2;
    this.sql.exec("UPDATE pairings SET polled_at = ? WHERE device_hash = ?", now, hash);
    return { ok: false, error: tooSoon ? "slow_down" : "authorization_pending" };
  }

  // ── Paired agents' tokens ──────────────────────────────────────────────────

  /** Who an agent token acts for, recording its use; undefined when unknown or revoked. */
  async agentToken(token: string): Promise<{ user: string; id: string; name: string } | undefined> {
    const row = this.sql
      .exec<{ id: string; user_id: string; name: string }>(
        "SELECT id, user_id, name FROM agent_tokens WHERE hash = ?",
        await digest(token),
      )
      .toArray()[0];
    if (!row) return undefined;
    this.sql.exec("UPDATE agent_tokens SET last_used_at = ? WHERE id = ?", this.now(), row.id);
    return { user: row.user_id, id: row.id, name: row.name };
  }

  /** Whether a token id is still valid (not revoked). */
  hasAgentToken(id: string): boolean {
    return this.sql.exec("SELECT 1 FROM agent_tokens WHERE id = ?", id).toArray().length > 0;
  }

  agentTokens(userId: string): AgentToken[] {
    return this.sql
      .exec<{ id: string; name: string; created_at: number; last_used_at: number | null }>(
        "SELECT id, name, created_at, last_used_at FROM agent_tokens WHERE user_id = ? ORDER BY created_at",
        userId,
      )
      .toArray();
  }

  /** Revokes one of `userId`'s agent tokens; false when it is not theirs (or gone). */
  revokeAgentToken(userId: string, id: string): boolean {
    return (
      this.sql.exec("DELETE FROM agent_tokens WHERE id = ? AND user_id = ?", id, userId)
        .rowsWritten > 0
    );
  }
}
