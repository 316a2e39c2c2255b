import type { ToolFailure } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { SCOPES, type Scope } from "../shared/core/names.ts";

/**
 * What a result showed came from: a clipboard scope, the OS clipboard, or the
 * agent's files. A result keeps the classes of what its call read, and
 * citing it (`from: "r6"`, `{{ref:r6:2-3}}`, `r6:1-4`) needs the right to read
 * each of them, as reading them again would (issue 27): a sandboxed grant
 * cannot cite what a full grant of the same user read from the user scope or
 * the OS clipboard.
 */
export type ResultClass = Scope | "os" | "file";
const CLASSES: readonly ResultClass[] = [...SCOPES, "os", "file"];

/** A result kept for citing: the content it showed, the line number its first line had, its classes. */
export interface KeptResult {
  id: number;
  tool: string;
  first_line: number;
  content: string;
  classes: ResultClass[];
}

/** What a call's results are stamped with, and what a caller may cite (clipboard-session.ts `context`). */
export interface ResultAccess {
  /** The classes the current call has read so far: each result it keeps carries them. */
  touched: Set<ResultClass>;
  /** Why the caller may not read `cls`, or undefined when it may. */
  refused(cls: ResultClass): ToolFailure | undefined;
}

/**
 * The result index (DESIGN.md §3): every tool result that shows content gets
 * an id (`r17`) and keeps that content with the session, so a later reference
 * (`{{ref:result=r17,lines=3..9}}`) moves those exact lines without the model
 * repeating them. A result holds at most one page (40,000 characters); the
 * newest `LIMITS.resultsKept` are kept, and all go with the session.
 */
export class ResultStore {
  private readonly sql: SqlStorage;
  private readonly now: () => number;
  private readonly access: ResultAccess;

  constructor(sql: SqlStorage, now: () => number, access: ResultAccess) {
    this.sql = sql;
    this.now = now;
    this.access = access;
  }

  /**
   * Keeps `content` (whose first line is line `firstLine` of what it shows)
   * with the classes of everything its call has read, and returns its id.
   */
  keep(tool: string, content: string, firstLine = 1): number {
    const classes = CLASSES.filter((c) => this.access.touched.has(c)).join(",");
    const row = this.sql
      .exec<{ id: number }>(
        "INSERT INTO results (tool, first_line, content, created_at, classes) VALUES (?, ?, ?, ?, ?) RETURNING id",
        tool,
        firstLine,
        content,
        this.now(),
        classes,
      )
      .one();
    this.sql.exec("DELETE FROM results WHERE id <= ?", row.id - LIMITS.resultsKept);
    return row.id;
  }

  /**
   * Result `id`, if the caller may read every class it showed (else the
   * refusal, saying which); what it showed then counts as read by this call.
   */
  cite(id: number): KeptResult | ToolFailure | undefined {
    const row = this.sql
      .exec<{ id: number; tool: string; first_line: number; content: string; classes: string }>(
        "SELECT id, tool, first_line, content, classes FROM results WHERE id = ?",
        id,
      )
      .toArray()[0];
    if (!row) return undefined;
    const classes = row.classes
      .split(",")
      .filter((c): c is ResultClass => (CLASSES as readonly string[]).includes(c));
    for (const cls of classes) {
      const refused = this.access.refused(cls);
      if (refused)
        return {
          code: refused.code,
          message: `${refused.message} (Result r${id} showed what came from ${cls === "os" ? "the OS clipboard" : cls === "file" ? "files" : `the ${cls} scope`}.)`,
        };
    }
    for (const cls of classes) this.access.touched.add(cls);
    return { ...row, classes };
  }
}
