import { splitIntoChunks } from "../core/chunks.ts";
import { type Page, pageStarts } from "../core/paging.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { countLines, utf8Bytes } from "../shared/core/text.ts";

/** Where an entry's content came from. Stored as JSON. */
export type EntrySource =
  | { kind: "text" }
  | { kind: "import" }
  | { kind: string; [field: string]: unknown };

export type EntryRow = {
  id: number;
  key: string;
  description: string;
  source: string;
  bytes: number;
  chars: number;
  lines: number;
  chunk_count: number;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
  expired_at: number | null;
  purge_at: number | null;
  /** `read` copies: forgotten (expired) after this many tool calls without use. */
  ttl_calls: number | null;
  /** The session's call count when the entry was last used. */
  last_call: number | null;
  /** Where each page starts: JSON `[offset, first line][]` (null for entries stored before 0.5). */
  page_starts: string | null;
};

export interface PutEntry {
  key: string;
  content: string;
  description?: string | undefined;
  source: EntrySource;
  /** `undefined` keeps the entry's TTL, `null` removes it, a number sets it. */
  ttlSeconds?: number | null | undefined;
  /** Call-counted TTL (`read`): `undefined` keeps it, `null` removes it. */
  ttlCalls?: number | null | undefined;
  /** The session's call count now (when `ttlCalls` is set). */
  lastCall?: number | undefined;
}

/** What the dashboard's entry listing asks for. */
export interface BrowseFilter {
  query?: string | undefined;
  tag?: string | undefined;
  state: "all" | "live" | "expired";
  offset: number;
  limit: number;
}

/** True when the entry's TTL has passed, whether or not the alarm has run yet. */
export function isExpired(row: Pick<EntryRow, "expires_at" | "expired_at">, now: number): boolean {
  return row.expired_at !== null || (row.expires_at !== null && row.expires_at <= now);
}

/**
 * Entries and their content in one clipboard's SQLite database. Content is split
 * into chunks of at most 1 MiB and always bound as a parameter (DO SQLite caps a
 * value at 2 MB and a statement at 100 KB). Callers wrap multi-statement changes
 * in `transactionSync`.
 */
export class EntryStore {
  private readonly sql: SqlStorage;
  private readonly now: () => number;

  constructor(sql: SqlStorage, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  count(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM entries").one().n;
  }

  find(key: string): EntryRow | undefined {
    return this.sql.exec<EntryRow>("SELECT * FROM entries WHERE key = ?", key).toArray()[0];
  }

  all(): EntryRow[] {
    return this.sql
      .exec<EntryRow>("SELECT * FROM entries ORDER BY updated_at DESC, id DESC")
      .toArray();
  }

  /**
   * One page of entries, newest change first, filtered in SQL (the dashboard:
   * fast at 10,000 entries). `query` matches key, description or content,
   * case-insensitively for ASCII letters.
   */
  browse(filter: BrowseFilter): { rows: EntryRow[]; total: number } {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.query) {
      const q = filter.query.toLowerCase();
      where.push(
        `(instr(lower(key), ?) > 0 OR instr(lower(description), ?) > 0
          OR EXISTS (SELECT 1 FROM chunks c WHERE c.entry_id = entries.id AND instr(lower(c.data), ?) > 0))`,
      );
      params.push(q, q, q);
    }
    if (filter.tag) {
      where.push("EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = entries.id AND t.tag = ?)");
      params.push(filter.tag);
    }
    if (filter.state !== "all") {
      const expired = "(expired_at IS NOT NULL OR (expires_at IS NOT NULL AND expires_at <= ?))";
      where.push(filter.state === "expired" ? expired : `NOT ${expired}`);
      params.push(this.now());
    }
    const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const total = this.sql
      .exec<{ n: number }>(`SELECT count(*) AS n FROM entries ${clause}`, ...params)
      .one().n;
    const rows = this.sql
      .exec<EntryRow>(
        `SELECT * FROM entries ${clause} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`,
        ...params,
        filter.limit,
        filter.offset,
      )
      .toArray();
    return { rows, total };
  }

  keys(): Set<string> {
    return new Set(
      this.sql
        .exec<{ key: string }>("SELECT key FROM entries")
        .toArray()
        .map((r) => r.key),
    );
  }

  content(row: Pick<EntryRow, "id">): string {
    let text = "";
    for (const chunk of this.chunks(row)) text += chunk;
    return text;
  }

  /**
   * Page `page` of the content, reading only the chunks it spans, so a page
   * costs its own size, not the entry's; undefined when there is no such page
   * or the entry predates page starts (then page the whole content).
   */
  page(row: Pick<EntryRow, "id" | "page_starts">, page: number): Page | undefined {
    if (row.page_starts === null) return undefined;
    const starts = JSON.parse(row.page_starts) as [number, number][];
    const [from, firstLine] = starts[page - 1] ?? [];
    if (from === undefined || firstLine === undefined) return undefined;
    const lengths = this.sql
      .exec<{ seq: number; chars: number | null }>(
        "SELECT seq, chars FROM chunks WHERE entry_id = ? ORDER BY seq",
        row.id,
      )
      .toArray();
    if (lengths.some((c) => c.chars === null)) return undefined;
    const to = starts[page]?.[0] ?? lengths.reduce((sum, c) => sum + (c.chars ?? 0), 0);
    let offset = 0;
    let first = -1;
    let last = -1;
    let firstOffset = 0;
    for (const chunk of lengths) {
      const end = offset + (chunk.chars ?? 0);
      if (end > from && first === -1) {
        first = chunk.seq;
        firstOffset = offset;
      }
      if (offset < to) last = chunk.seq;
      offset = end;
    }
    let text = "";
    for (const { data } of this.sql.exec<{ data: string }>(
      "SELECT data FROM chunks WHERE entry_id = ? AND seq BETWEEN ? AND ? ORDER BY seq",
      row.id,
      Math.max(first, 0),
      Math.max(last, first, 0),
    ))
      text += data;
    return {
      text: text.slice(from - firstOffset, to - firstOffset),
      page,
      pages: starts.length,
      firstLine,
    };
  }

  /** The content chunk by chunk, in order, without holding it all. */
  *chunks(row: Pick<EntryRow, "id">): Generator<string> {
    const cursor = this.sql.exec<{ data: string }>(
      "SELECT data FROM chunks WHERE entry_id = ? ORDER BY seq",
      row.id,
    );
    for (const { data } of cursor) yield data;
  }

  /** Creates the entry or replaces its content (same key = update, not a duplicate). */
  put(input: PutEntry): { row: EntryRow; created: boolean } {
    const now = this.now();
    const existing = this.find(input.key);
    const chunks = splitIntoChunks(input.content);
    const pages = JSON.stringify(pagesOf(input.content));
    const size = {
      bytes: utf8Bytes(input.content),
      chars: input.content.length,
      lines: countLines(input.content),
      chunk_count: chunks.length,
    };
    // New content for an expired entry starts afresh: its old deadline is gone.
    const keptTtl = existing && !isExpired(existing, now) ? existing.expires_at : null;
    const expiresAt =
      input.ttlSeconds === undefined
        ? keptTtl
        : input.ttlSeconds === null
          ? null
          : now + input.ttlSeconds * 1000;
    let id: number;
    if (existing) {
      id = existing.id;
      this.sql.exec("DELETE FROM chunks WHERE entry_id = ?", id);
      this.sql.exec(
        `UPDATE entries SET description = ?, source = ?, bytes = ?, chars = ?, lines = ?, chunk_count = ?,
           updated_at = ?, expires_at = ?, expired_at = NULL, purge_at = NULL,
           ttl_calls = ?, last_call = ?, page_starts = ? WHERE id = ?`,
        input.description ?? existing.description,
        JSON.stringify(input.source),
        size.bytes,
        size.chars,
        size.lines,
        size.chunk_count,
        now,
        expiresAt,
        input.ttlCalls === undefined ? existing.ttl_calls : input.ttlCalls,
        input.ttlCalls === undefined ? existing.last_call : (input.lastCall ?? 0),
        pages,
        id,
      );
    } else {
      id = this.sql
        .exec<{ id: number }>(
          `INSERT INTO entries (key, description, source, bytes, chars, lines, chunk_count, created_at, updated_at, expires_at, ttl_calls, last_call, page_starts)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          input.key,
          input.description ?? "",
          JSON.stringify(input.source),
          size.bytes,
          size.chars,
          size.lines,
          size.chunk_count,
          now,
          now,
          expiresAt,
          input.ttlCalls ?? null,
          input.ttlCalls == null ? null : (input.lastCall ?? 0),
          pages,
        )
        .one().id;
    }
    chunks.forEach((data, seq) => {
      this.sql.exec(
        "INSERT INTO chunks (entry_id, seq, data, chars) VALUES (?, ?, ?, ?)",
        id,
        seq,
        data,
        data.length,
      );
    });
    return { row: this.byId(id), created: !existing };
  }

  byId(id: number): EntryRow {
    return this.sql.exec<EntryRow>("SELECT * FROM entries WHERE id = ?", id).one();
  }

  setDescription(row: EntryRow, description: string): void {
    this.sql.exec(
      "UPDATE entries SET description = ?, updated_at = ? WHERE id = ?",
      description,
      this.now(),
      row.id,
    );
  }

  rename(row: EntryRow, newKey: string): void {
    this.sql.exec(
      "UPDATE entries SET key = ?, updated_at = ? WHERE id = ?",
      newKey,
      this.now(),
      row.id,
    );
  }

  /** Sets (or with `null` removes) the TTL, counted from now; an expired entry becomes live again. */
  setTtl(row: EntryRow, ttlSeconds: number | null): void {
    const expiresAt = ttlSeconds === null ? null : this.now() + ttlSeconds * 1000;
    this.sql.exec(
      "UPDATE entries SET expires_at = ?, expired_at = NULL, purge_at = NULL, updated_at = ? WHERE id = ?",
      expiresAt,
      this.now(),
      row.id,
    );
  }

  delete(row: Pick<EntryRow, "id">): void {
    this.sql.exec("DELETE FROM chunks WHERE entry_id = ?", row.id);
    this.sql.exec("DELETE FROM entry_tags WHERE entry_id = ?", row.id);
    this.sql.exec("DELETE FROM entries WHERE id = ?", row.id);
  }

  /**
   * Marks entries whose TTL has passed as expired and schedules their purge.
   * Idempotent: an entry is marked once, so a repeated alarm changes nothing.
   */
  expireDue(now: number): number {
    return this.sql.exec(
      `UPDATE entries SET expired_at = expires_at, purge_at = expires_at + ?
       WHERE expired_at IS NULL AND expires_at IS NOT NULL AND expires_at <= ?`,
      LIMITS.expiredRetentionMs,
      now,
    ).rowsWritten;
  }

  /** Records a use of a call-counted entry (`read` copies), which pushes back its expiry. */
  touch(row: Pick<EntryRow, "id" | "ttl_calls">, calls: number): void {
    if (row.ttl_calls !== null)
      this.sql.exec("UPDATE entries SET last_call = ? WHERE id = ?", calls, row.id);
  }

  /** Whether any live entry expires by call count (only then are calls counted). */
  hasCallTtl(): boolean {
    return (
      this.sql
        .exec("SELECT 1 FROM entries WHERE ttl_calls IS NOT NULL AND expired_at IS NULL LIMIT 1")
        .toArray().length > 0
    );
  }

  /**
   * Marks entries unused for more than their `ttl_calls` calls expired, as the
   * clock-based TTL does (kept 7 days, then purged). Returns how many.
   */
  expireByCalls(calls: number, now: number): number {
    return this.sql.exec(
      `UPDATE entries SET expired_at = ?, purge_at = ?
       WHERE ttl_calls IS NOT NULL AND expired_at IS NULL AND ? - last_call > ttl_calls`,
      now,
      now + LIMITS.expiredRetentionMs,
      calls,
    ).rowsWritten;
  }

  /** Deletes expired entries whose 7-day retention is over. Returns the keys purged. */
  purgeDue(now: number): string[] {
    const due = this.sql
      .exec<{ id: number; key: string }>("SELECT id, key FROM entries WHERE purge_at <= ?", now)
      .toArray();
    for (const row of due) this.delete(row);
    return due.map((r) => r.key);
  }

  /** The earliest time an entry expires or is purged, if any. */
  nextDeadline(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        `SELECT min(at) AS at FROM (
           SELECT min(expires_at) AS at FROM entries WHERE expired_at IS NULL
           UNION ALL SELECT min(purge_at) FROM entries)`,
      )
      .one().at;
  }
}

/** Where each page of `text` starts (paging.ts's pages): its offset and its first line's number. */
function pagesOf(text: string): [number, number][] {
  const pages: [number, number][] = [];
  let line = 1;
  let at = 0;
  // Numbered from 1, as a read of the entry shows it.
  for (const start of pageStarts(text, undefined, 1)) {
    for (let nl = text.indexOf("\n", at); nl !== -1 && nl < start; nl = text.indexOf("\n", nl + 1))
      line++;
    at = start;
    pages.push([start, line]);
  }
  return pages;
}
