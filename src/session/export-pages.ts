import { pageStarts } from "../core/paging.ts";

/** How long an export's pages stay, for the pages after the first. */
export const EXPORT_SNAPSHOT_MS = 60 * 60 * 1000;

/** An inline export as paged: which filter made it, and its size. */
export interface ExportFacts {
  entries: number;
  bytes: number;
  pages: number;
}

/**
 * An inline export's pages (update action "export" without `path`), cut once from
 * one snapshot of the document: page 1 builds the document and keeps every
 * page here; a later page with the same filter is one row, so each page costs
 * time in proportion to itself, not to the whole document, and the pages a
 * model joins always form one consistent document even if entries change in
 * between. One snapshot per session, replaced by the next page 1 (or another
 * filter), forgotten after an hour and with the session.
 */
export class ExportPages {
  private readonly sql: SqlStorage;
  private readonly now: () => number;

  constructor(sql: SqlStorage, now: () => number) {
    this.sql = sql;
    this.now = now;
  }

  /** The kept snapshot of `filter`, if one is fresh. */
  find(filter: string): ExportFacts | undefined {
    return this.sql
      .exec<{ entries: number; bytes: number; pages: number }>(
        "SELECT entries, bytes, pages FROM export_snapshot WHERE id = 1 AND filter = ? AND created_at > ?",
        filter,
        this.now() - EXPORT_SNAPSHOT_MS,
      )
      .toArray()[0];
  }

  /** Cuts `document` into pages and keeps them as the snapshot of `filter` (replacing any other). */
  keep(filter: string, document: string, facts: { entries: number; bytes: number }): ExportFacts {
    const starts = pageStarts(document);
    this.sql.exec("DELETE FROM export_pages");
    this.sql.exec(
      "INSERT OR REPLACE INTO export_snapshot (id, filter, entries, bytes, pages, created_at) VALUES (1, ?, ?, ?, ?, ?)",
      filter,
      facts.entries,
      facts.bytes,
      starts.length,
      this.now(),
    );
    for (const [i, start] of starts.entries())
      this.sql.exec(
        "INSERT INTO export_pages (page, text) VALUES (?, ?)",
        i + 1,
        document.slice(start, starts[i + 1] ?? document.length),
      );
    return { ...facts, pages: starts.length };
  }

  /** Page `page` (1-based) of the kept snapshot. */
  page(page: number): string | undefined {
    return this.sql
      .exec<{ text: string }>("SELECT text FROM export_pages WHERE page = ?", page)
      .toArray()[0]?.text;
  }
}
