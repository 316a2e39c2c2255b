/** Product limits (DESIGN.md §5). One place, so docs, schemas and checks agree. */
export const LIMITS = {
  /** Largest entry, in UTF-8 bytes. */
  entryBytes: 10 * 1024 * 1024,
  /** Largest file the local agent reads or writes, in bytes. */
  fileBytes: 10 * 1024 * 1024,
  /** Receipts warn above this size. */
  entryWarnBytes: 100 * 1024,
  /** Largest SQLite row we write for content (the platform caps a string at 2 MB). */
  chunkBytes: 1024 * 1024,
  /**
   * Characters of content one tool result may carry; longer content is paged.
   * Sized so a page of dense JSON (~2.6 characters a token) stays under Claude
   * Code's default 25,000-token MCP output limit.
   */
  resultChars: 40_000,
  entriesPerScope: 10_000,
  /** Largest accepted HTTP request body: a 10 MiB entry plus JSON escaping and envelope. */
  requestBodyBytes: 12 * 1024 * 1024,
  sessionIdleMs: 24 * 60 * 60 * 1000,
  /** How long the edge waits for a local agent's reply. */
  bridgeTimeoutMs: 30_000,
  /**
   * …for a move the build guard checks: the language's own checker gets 45 s
   * (local-agent/src/languages/check.ts, CHECK_MS) besides the move itself.
   */
  checkedMoveTimeoutMs: 90_000,
  /**
   * …for the OS clipboard: the agent's own limits (5 s a command, 1 s more per
   * MiB of text, 15 s at most; an xsel write waits as long again for the
   * clipboard to take it), plus the round trip.
   */
  osClipboardTimeoutMs: 32_000,
  /** Expired entries are kept (marked, not pasteable) this long, then purged. */
  expiredRetentionMs: 7 * 24 * 60 * 60 * 1000,
  maxTtlSeconds: 365 * 24 * 60 * 60,
  keyChars: 200,
  descriptionChars: 2_000,
  tagChars: 64,
  tagsPerEntry: 32,
  historyKept: 1_000,
  /** File operations a session can undo (older ones are forgotten). */
  undoDepth: 100,
  /** `read`: a file's copy is forgotten after this many tool calls without use (default, max). */
  readTtlCalls: 10,
  maxTtlCalls: 1_000,
  todoItems: 200,
  /** Results a session keeps for `result` references (older ones are forgotten). */
  resultsKept: 200,
  /**
   * Levels of objects and arrays one tool argument (or an import document) may
   * nest. Ours need 5; a deep value overflows the stack in RPC serialisation.
   */
  jsonDepth: 32,
} as const;
