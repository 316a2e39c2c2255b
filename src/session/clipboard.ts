import type { Conflict, ExportedEntry, ImportStep } from "../core/export-format.ts";
import { planImport } from "../core/export-format.ts";
import { getPage } from "../core/paging.ts";
import { createMatchCounter } from "../core/search.ts";
import { fail, type Outcome, ok } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { nextAutoKey, type Scope } from "../shared/core/names.ts";
import { headAndTail, sliceLines } from "../shared/core/text.ts";
import {
  type BrowseFilter,
  type EntryRow,
  type EntrySource,
  EntryStore,
  isExpired,
} from "./entry-store.ts";
import type { MetaStore } from "./meta-store.ts";
import { TagStore } from "./tag-store.ts";

/** An entry as tools see it: metadata, never content. */
export interface EntryView {
  key: string;
  scope: Scope;
  description: string;
  tags: string[];
  lines: number;
  bytes: number;
  chars: number;
  source: EntrySource;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  expired: boolean;
}

export interface PutInput {
  key?: string | undefined;
  content: string;
  description?: string | undefined;
  tags?: string[] | undefined;
  ttlSeconds?: number | null | undefined;
  ttlCalls?: number | null | undefined;
  source: EntrySource;
}

export interface ReadInput {
  key: string;
  startLine?: number | undefined;
  endLine?: number | undefined;
  page: number;
  includeExpired: boolean;
}

export interface ReadResult {
  entry: EntryView;
  text: string;
  /** Lines of the entry the text covers. */
  startLine: number;
  endLine: number;
  page: number;
  pages: number;
}

export interface ListInput {
  tags?: string[] | undefined;
  anyTags?: string[] | undefined;
  includeExpired: boolean;
  verbose: boolean;
}

export type ListedEntry = EntryView & { head?: string[]; tail?: string[] };

export interface UpdateInput {
  key: string;
  content?: string | undefined;
  description?: string | undefined;
  newKey?: string | undefined;
  ttlSeconds?: number | null | undefined;
}

export interface SearchHit {
  key: string;
  scope: Scope;
  description: string;
  updatedAt: number;
  contentMatches: number;
  line?: number | undefined;
  snippet?: string | undefined;
}

export interface Browsed {
  entries: EntryView[];
  /** Entries matching the filter, over all pages. */
  total: number;
  tags: { name: string; entries: number }[];
}

export interface Preview {
  entry: EntryView;
  text: string;
  /** The line number of `text`'s first line in the entry. */
  firstLine: number;
  page: number;
  pages: number;
}

export type TagAction =
  | { action: "list"; key?: string | undefined }
  | { action: "add" | "remove"; key: string; tags: string[] }
  | { action: "create"; tags: string[]; description?: string | undefined }
  | { action: "delete"; tags: string[] };

export type TagResult =
  | {
      action: "list";
      tags: { name: string; description: string; entries: number }[];
      entry_tags?: string[];
    }
  | { action: "add" | "remove"; key: string; tags: string[] }
  | { action: "create" | "delete"; tags: string[]; untagged?: number };

/**
 * One clipboard (a session's, a project's or the user's): the operations every
 * scope serves. The session Durable Object calls its own directly and other
 * scopes' through RPC (`ClipboardSession.scopeCall`). Every result is plain data.
 */
export class Clipboard {
  readonly entries: EntryStore;
  readonly tags: TagStore;

  private readonly storage: DurableObjectStorage;
  private readonly meta: MetaStore;
  private readonly scope: Scope;
  private readonly now: () => number;

  constructor(storage: DurableObjectStorage, meta: MetaStore, scope: Scope, now: () => number) {
    this.storage = storage;
    this.meta = meta;
    this.scope = scope;
    this.now = now;
    this.entries = new EntryStore(storage.sql, now);
    this.tags = new TagStore(storage.sql, now);
  }

  /** The session's tool-call count (call-counted TTL). */
  private calls(): number {
    return this.meta.number("calls") ?? 0;
  }

  view(row: EntryRow): EntryView {
    return {
      key: row.key,
      scope: this.scope,
      description: row.description,
      tags: this.tags.of(row.id),
      lines: row.lines,
      bytes: row.bytes,
      chars: row.chars,
      source: JSON.parse(row.source) as EntrySource,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
      expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      expired: isExpired(row, this.now()),
    };
  }

  has(key: string): boolean {
    return this.entries.find(key) !== undefined;
  }

  get(key: string): EntryView | undefined {
    const row = this.entries.find(key);
    return row && this.view(row);
  }

  put(input: PutInput): Outcome<{ entry: EntryView; created: boolean }> {
    return this.storage.transactionSync(() => {
      let key = input.key;
      if (key === undefined) {
        const auto = nextAutoKey(this.entries.keys(), this.meta.number("next_clip") ?? 1);
        this.meta.set("next_clip", auto.next);
        key = auto.key;
      }
      if (!this.entries.find(key) && this.entries.count() >= LIMITS.entriesPerScope) {
        return fail(
          "SCOPE_FULL",
          `The ${this.scope} scope holds ${LIMITS.entriesPerScope} entries, its limit. Delete some with update (action delete or clear), or use another scope.`,
        );
      }
      const { row, created } = this.entries.put({ ...input, key, lastCall: this.calls() });
      if (input.tags) this.tags.add(row.id, input.tags);
      return ok({ entry: this.view(row), created });
    });
  }

  read(input: ReadInput): Outcome<ReadResult> {
    const row = this.entries.find(input.key);
    if (!row)
      return fail("ENTRY_NOT_FOUND", `No entry \`${input.key}\` in the ${this.scope} scope.`);
    if (!input.includeExpired && isExpired(row, this.now())) return expiredFailure(this.view(row));
    this.entries.touch(row, this.calls());
    const ranged = input.startLine !== undefined || input.endLine !== undefined;
    // A page of the whole content reads only the chunks it spans; a line range reads it all.
    const stored = ranged ? undefined : this.entries.page(row, input.page);
    let text = stored ? "" : this.entries.content(row);
    let startLine = 1;
    if (ranged) {
      const slice = sliceLines(text, input.startLine ?? 1, input.endLine);
      if ("error" in slice) {
        return fail(
          "INVALID_ARGUMENT",
          slice.error === "START_AFTER_END"
            ? "The line range ends before it starts; give it as start-end, start ≤ end."
            : `Line ${input.startLine} is past the last line; \`${row.key}\` has ${slice.totalLines} lines.`,
        );
      }
      ({ text, startLine } = slice);
    }
    const page = stored ?? getPage(text, input.page, undefined, startLine);
    if (!page) {
      const pages = getPage(text, 1, undefined, startLine)?.pages ?? 1;
      return fail(
        "PAGE_OUT_OF_RANGE",
        `\`page\` ${input.page} does not exist; \`${row.key}\` has ${pages} page(s) of content.`,
      );
    }
    const pageStart = startLine + page.firstLine - 1;
    const pageLines =
      page.text.length === 0
        ? 0
        : page.text.split("\n").length - (page.text.endsWith("\n") ? 1 : 0);
    return ok({
      entry: this.view(row),
      text: page.text,
      startLine: pageStart,
      endLine: Math.max(pageStart, pageStart + pageLines - 1),
      page: page.page,
      pages: page.pages,
    });
  }

  /** The whole content and source, for moves between entries (swap). */
  raw(key: string): { content: string; source: EntrySource; expired: boolean } | undefined {
    const row = this.entries.find(key);
    if (!row) return undefined;
    this.entries.touch(row, this.calls());
    return {
      content: this.entries.content(row),
      source: JSON.parse(row.source) as EntrySource,
      expired: isExpired(row, this.now()),
    };
  }

  list(input: ListInput): ListedEntry[] {
    const now = this.now();
    const result: ListedEntry[] = [];
    for (const row of this.entries.all()) {
      if (!input.includeExpired && isExpired(row, now)) continue;
      const view = this.view(row);
      if (input.tags?.some((t) => !view.tags.includes(t))) continue;
      if (input.anyTags && !input.anyTags.some((t) => view.tags.includes(t))) continue;
      result.push(input.verbose ? { ...view, ...headAndTail(this.entries.content(row), 3) } : view);
    }
    return result;
  }

  /** One page of the listing the dashboard shows, and the scope's tags. */
  browse(filter: BrowseFilter): Browsed {
    const { rows, total } = this.entries.browse(filter);
    return {
      entries: rows.map((row) => this.view(row)),
      total,
      tags: this.tags.list().map(({ name, entries }) => ({ name, entries })),
    };
  }

  /** An entry's whole content, for the dashboard's copy button; not a use. */
  contentOf(key: string): string | undefined {
    const row = this.entries.find(key);
    return row && this.entries.content(row);
  }

  /**
   * One page of an entry's content as the dashboard shows it, paged like
   * `read`. Looking is not a use: it moves no call-counted TTL.
   */
  preview(key: string, page: number): Preview | undefined {
    const row = this.entries.find(key);
    if (!row) return undefined;
    const found =
      this.entries.page(row, page) ??
      this.entries.page(row, 1) ??
      (() => {
        const text = this.entries.content(row);
        return getPage(text, page, undefined, 1) ?? getPage(text, 1, undefined, 1);
      })();
    if (!found) return undefined;
    return {
      entry: this.view(row),
      text: found.text,
      firstLine: found.firstLine,
      page: found.page,
      pages: found.pages,
    };
  }

  update(input: UpdateInput): Outcome<EntryView> {
    return this.storage.transactionSync(() => {
      const row = this.entries.find(input.key);
      if (!row)
        return fail("ENTRY_NOT_FOUND", `No entry \`${input.key}\` in the ${this.scope} scope.`);
      if (
        input.newKey !== undefined &&
        input.newKey !== row.key &&
        this.entries.find(input.newKey)
      ) {
        return fail(
          "ENTRY_EXISTS",
          `\`new_key\` \`${input.newKey}\` is already taken in the ${this.scope} scope; pick another key or delete that entry first.`,
        );
      }
      if (input.content !== undefined) {
        this.entries.put({
          key: row.key,
          content: input.content,
          source: JSON.parse(row.source) as EntrySource,
        });
      }
      if (input.description !== undefined) this.entries.setDescription(row, input.description);
      if (input.ttlSeconds !== undefined) this.entries.setTtl(row, input.ttlSeconds);
      if (input.newKey !== undefined) this.entries.rename(row, input.newKey);
      return ok(this.view(this.entries.byId(row.id)));
    });
  }

  /** Replaces content and source, keeping key, description, tags and TTL (for swap). */
  replaceContent(key: string, content: string, source: EntrySource): EntryView | undefined {
    const row = this.entries.find(key);
    if (!row) return undefined;
    return this.storage.transactionSync(() =>
      this.view(this.entries.put({ key, content, source }).row),
    );
  }

  delete(key: string): EntryView | undefined {
    const row = this.entries.find(key);
    if (!row) return undefined;
    const view = this.view(row);
    this.storage.transactionSync(() => this.entries.delete(row));
    return view;
  }

  clear(expiredOnly: boolean): number {
    const now = this.now();
    const rows = this.entries.all().filter((row) => !expiredOnly || isExpired(row, now));
    this.storage.transactionSync(() => {
      for (const row of rows) this.entries.delete(row);
    });
    return rows.length;
  }

  /** Entries whose key, description or content contains `query`, case-insensitively. */
  search(query: string, tags: string[] | undefined, includeExpired: boolean): SearchHit[] {
    const now = this.now();
    const hits: SearchHit[] = [];
    for (const row of this.entries.all()) {
      if (!includeExpired && isExpired(row, now)) continue;
      if (tags?.length) {
        const own = this.tags.of(row.id);
        if (tags.some((t) => !own.includes(t))) continue;
      }
      const counter = createMatchCounter(query);
      for (const chunk of this.entries.chunks(row)) counter.push(chunk);
      const found = counter.result();
      hits.push({
        key: row.key,
        scope: this.scope,
        description: row.description,
        updatedAt: row.updated_at,
        contentMatches: found.count,
        line: found.firstLine,
        snippet: found.firstLineText?.slice(0, 200),
      });
    }
    return hits;
  }

  tag(input: TagAction): Outcome<TagResult> {
    switch (input.action) {
      case "list": {
        if (input.key === undefined) return ok({ action: "list", tags: this.tags.list() });
        const row = this.entries.find(input.key);
        if (!row)
          return fail("ENTRY_NOT_FOUND", `No entry \`${input.key}\` in the ${this.scope} scope.`);
        return ok({ action: "list", tags: this.tags.list(), entry_tags: this.tags.of(row.id) });
      }
      case "add":
      case "remove": {
        const row = this.entries.find(input.key);
        if (!row)
          return fail("ENTRY_NOT_FOUND", `No entry \`${input.key}\` in the ${this.scope} scope.`);
        this.storage.transactionSync(() =>
          input.action === "add"
            ? this.tags.add(row.id, input.tags)
            : this.tags.remove(row.id, input.tags),
        );
        return ok({ action: input.action, key: row.key, tags: this.tags.of(row.id) });
      }
      case "create":
        this.storage.transactionSync(() => {
          for (const name of input.tags) this.tags.create(name, input.description);
        });
        return ok({ action: "create", tags: input.tags });
      case "delete": {
        const missing = input.tags.filter((t) => !this.tags.exists(t));
        if (missing.length) {
          return fail(
            "TAG_NOT_FOUND",
            `No tag ${missing.map((t) => `\`${t}\``).join(", ")} in the ${this.scope} scope; see update action "tags".`,
          );
        }
        let untagged = 0;
        this.storage.transactionSync(() => {
          for (const name of input.tags) untagged += this.tags.delete(name);
        });
        return ok({ action: "delete", tags: input.tags, untagged });
      }
    }
  }

  /** Entries with content, for export. */
  exportEntries(filter: {
    keys?: string[] | undefined;
    tags?: string[] | undefined;
  }): ExportedEntry[] {
    const out: ExportedEntry[] = [];
    for (const row of this.entries.all()) {
      if (filter.keys && !filter.keys.includes(row.key)) continue;
      const view = this.view(row);
      if (filter.tags?.some((t) => !view.tags.includes(t))) continue;
      out.push({
        key: view.key,
        scope: this.scope,
        content: this.entries.content(row),
        description: view.description,
        tags: view.tags,
        source: view.source,
        created_at: view.created_at,
        updated_at: view.updated_at,
        expires_at: view.expires_at,
      });
    }
    return out;
  }

  /** Carries out (or with `dryRun` only plans) an import into this scope. */
  importEntries(
    entries: ExportedEntry[],
    conflict: Conflict,
    dryRun: boolean,
  ): Outcome<ImportStep[]> {
    const keys = this.entries.keys();
    const none = new Set<string>();
    const plan = planImport(
      entries,
      { session: none, project: none, user: none, [this.scope]: keys },
      conflict,
    );
    const creating = plan.filter((s) => s.action === "create" || s.action === "rename").length;
    if (this.entries.count() + creating > LIMITS.entriesPerScope) {
      return fail(
        "SCOPE_FULL",
        `Importing would put more than ${LIMITS.entriesPerScope} entries in the ${this.scope} scope; import fewer or clear some first.`,
      );
    }
    if (dryRun) return ok(plan);
    const now = this.now();
    this.storage.transactionSync(() => {
      plan.forEach((step, i) => {
        const entry = entries[i];
        if (!entry || step.action === "skip") return;
        const expiresAt = entry.expires_at ? Date.parse(entry.expires_at) : null;
        const { row } = this.entries.put({
          key: step.as ?? step.key,
          content: entry.content,
          description: entry.description,
          source: entry.source as EntrySource,
          ttlSeconds: expiresAt === null ? null : Math.max(0, (expiresAt - now) / 1000),
        });
        this.tags.add(row.id, entry.tags);
      });
    });
    return ok(plan);
  }
}

export function expiredFailure(entry: EntryView): {
  ok: false;
  error: { code: "ENTRY_EXPIRED"; message: string };
} {
  return {
    ok: false,
    error: {
      code: "ENTRY_EXPIRED",
      message: `Entry \`${entry.key}\` (${entry.scope} scope) expired at ${entry.expires_at}. It is kept, but cannot be used: renew it with update \`ttl_seconds\`, or read it with \`include_expired: true\`.`,
    },
  };
}
