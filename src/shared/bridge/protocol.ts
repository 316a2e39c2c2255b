import { z } from "zod";
import { AGENT_ERROR_CODES } from "../core/errors.ts";
import { PROJECT_NAME } from "../core/names.ts";
import { UNSHOWABLE } from "../core/quote.ts";

/**
 * The edge ↔ local-agent wire protocol: every message either side sends, as zod
 * schemas. The Worker (Bridge and session Durable Objects) and the local agent
 * (`local-agent/`, which bundles this file into its build) both import this
 * module; nothing is copied.
 *
 * One WebSocket per agent, JSON text messages:
 * 0. On a local server the agent proves the local credential to the server,
 *    and the server to it, before the socket exists (a challenge over HTTP,
 *    then the agent's proof in the upgrade: proof.ts). A paired agent
 *    presents its token when it opens the socket.
 * 1. The agent sends `hello`. The edge answers `welcome`, or `refused` and
 *    closes (an agent of another protocol version is told to upgrade).
 * 2. The edge sends `request`s `{id, op, args}`; the agent answers each with a
 *    `reply` `{id, ok, result | error}` of the same id, in any order.
 * 3. The agent sends `HEARTBEAT.ping` every `HEARTBEAT_MS`; the edge answers
 *    `HEARTBEAT.pong` without waking its Durable Object (an auto-response).
 * 4. Every write the agent commits stays on its disk until the edge `ack`s the
 *    reply. On each (re)connection the agent sends a `settled` report for each
 *    one still there (and for writes its journal finished or undid after a
 *    crash), then `synced` with the writes it is still working on. The edge
 *    acks each report; an interrupted write it was told nothing about never
 *    reached the journal, so no file changed (docs/journal.md).
 * A message longer than `FRAME_CHARS` travels as `frame` parts (frames.ts).
 *
 * Version 3: a hello's fields have a narrow alphabet (they reach the model);
 * a revert names the operation and result it reverts (`reverts`), which the
 * agent checks against its own record of what it wrote; a `settled` report
 * says which files recovery kept because they changed before it could finish
 * (`kept`).
 *
 * Version 4: `outline` (a file's units with their lines, `read` with `outline`);
 * `focus` and the syntax guard know YAML, JSON, TOML and Markdown.
 *
 * Version 6: a paste edit's `spacing` (a unit set apart by the file's blank lines).
 * Version 7: `MOVE_BLOCKED` (a move refused for what blocks it); `parses` is left out of a
 *   result whose file had the same syntax errors before (the guard compares them one by one).
 * Version 8: on a local server, `challenge` and `proof` before the hello (proof.ts).
 * Version 10: the proofs move before the upgrade (a challenge over HTTP, the agent's proof in
 *   the upgrade's headers) and name the server's addresses as well as its port (issue 42).
 * Version 11: the build guard (`build_guard`, the result's `check`, `MOVE_BREAKS_BUILD`).
 * Version 12: a move rewrites up to MAX_IMPORTERS (10,000) importers, and one apply carries
 *   up to MAX_APPLY_EDITS edits, so that its undo fits (issue 45).
 */
export const PROTOCOL_VERSION = 12;

/** How often the agent pings; it reconnects when two pongs in a row are missing. */
export const HEARTBEAT_MS = 15_000;

/** Fixed texts, so the edge can answer pings with a WebSocket auto-response. */
export const HEARTBEAT = { ping: '{"type":"ping"}', pong: '{"type":"pong"}' } as const;

/** WebSocket close codes the edge uses (4000–4999 are the application's). */
export const CLOSE_CODES = {
  /** The hello was refused (protocol version or malformed); the agent must not retry as is. */
  refused: 4000,
  /** A newer agent with the same name connected; this one must not reconnect. */
  replaced: 4001,
  /** The agent's pairing token was revoked (logout, or by the user); it must not reconnect. */
  revoked: 4401,
  /** No hello in time, or too large a message before it; the agent must not retry as is. */
  unproven: 4403,
} as const;

/**
 * Pairing a local agent with a server that requires sign-in (RFC 8628 shape).
 * The agent POSTs JSON to these paths and sends the token it gets as
 * `Authorization: Bearer <token>` when it opens /bridge.
 */
export const PAIRING_PATHS = {
  /** `{ name }` → `{ device_code, user_code, verification_uri, verification_uri_complete, expires_in, interval }`. */
  device: "/pair/device",
  /** `{ device_code }` → `{ access_token, token_type, user, agent }`, or 400 `{ error }` while pending. */
  token: "/pair/token",
  /** With the bearer token → `{ revoked: true }`. */
  revoke: "/pair/revoke",
} as const;

export const Hash = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 hex digest");
/** A hash as the model may give it back: the full digest or a prefix of at least 8. */
export const HashPrefix = z
  .string()
  .regex(/^[0-9a-f]{8,64}$/, "must be the file's hash (8 to 64 hex characters)");
export const AgentName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/,
    "must be 1–64 letters, digits and ._@- starting with a letter or digit",
  );

const FilePath = z.string().min(1).max(4096);

/** An agent's version: what `npm version` makes (semver, with pre-release and build). */
export const AgentVersion = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, "must be 1–64 letters, digits and .+-");
/** `process.platform`: lower-case letters, digits, `_` and `-`. */
export const Platform = z.string().regex(/^[a-z0-9_-]{1,32}$/, "must be a Node platform name");
/** A root: an absolute path (`/…`, `C:\…` or `\\server\…`), bounded, without control characters. */
export const RootPath = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^(?:\/|[A-Za-z]:[\\/]|\\\\)/, "must be an absolute path")
  .refine((p) => !UNSHOWABLE.test(p), "must not contain control characters");
const Line = z.number().int().min(1);
const Count = z.number().int().min(0);
/** A position in a file's text, in UTF-16 code units after any BOM. */
const Offset = z.number().int().min(0);

// ── Handshake ────────────────────────────────────────────────────────────────

export const Capability = z.enum(["files", "os_clipboard", "journal"]);

export const Hello = z.strictObject({
  type: z.literal("hello"),
  protocol: z.number().int(),
  /** Unique among the user's agents; a newer agent with the same name replaces the older. */
  name: AgentName,
  version: AgentVersion,
  /** The workspace name: the project scope of sessions started while it is connected. */
  project: z.string().regex(PROJECT_NAME, "must be 1–64 letters, digits and ._-"),
  /** Its real root directories. Shown to the model (quoted), so bounded and without controls. */
  roots: z.array(RootPath).min(1).max(32),
  read_only: z.boolean(),
  capabilities: z.array(Capability).max(8),
  platform: Platform,
  /** Roots where its build checks may run the project's own code (`--allow-build-code`). */
  build_code: z.array(RootPath).max(32).optional(),
});
export type Hello = z.infer<typeof Hello>;

/** Just enough of a hello to read its protocol version, whatever else a newer agent sends. */
export const HelloVersion = z.object({ type: z.literal("hello"), protocol: z.number() });

export const Welcome = z.strictObject({
  type: z.literal("welcome"),
  name: AgentName,
  protocol: z.literal(PROTOCOL_VERSION),
  server_version: z.string(),
});

export const Refused = z.strictObject({
  type: z.literal("refused"),
  code: z.enum(["PROTOCOL_MISMATCH", "INVALID_HELLO"]),
  message: z.string(),
});

// ── Operations ───────────────────────────────────────────────────────────────

export const PASTE_MODES = [
  "append",
  "prepend",
  "after_line",
  "before_line",
  "replace_lines",
  "at_marker_replace",
  "at_marker_after",
  "at_marker_before",
] as const;
export const PasteMode = z.enum(PASTE_MODES);
export type PasteMode = z.infer<typeof PasteMode>;

/** Where an interrupted write belongs: the session and its operation id, echoed back by `settled`. */
export const OpContext = z.strictObject({ session: z.string(), op: z.number().int() });
export type OpContext = z.infer<typeof OpContext>;

/**
 * Picks part of a text (DESIGN.md §3): a symbol's whole unit (`focus`, parsed
 * with tree-sitter by the agent), or the passage from `start` through `end`
 * (anchors: exact → normalised → fuzzy; `end` omitted: the `start` match).
 * `lang` names the language when the path's extension does not.
 */
export const Selector = z.strictObject({
  focus: z.string().min(1).max(200).optional(),
  start: z.string().min(1).max(4000).optional(),
  end: z.string().min(1).max(4000).optional(),
  lang: z.string().min(1).max(32).optional(),
});
export type Selector = z.infer<typeof Selector>;

/** Where a selector landed, and how it was found. */
export const Selection = z.strictObject({
  start: Offset,
  end: Offset,
  start_line: Line,
  end_line: Line,
  /** "focus", or the anchors' match stages, e.g. "anchors (exact)". */
  how: z.string(),
  /** With focus: the symbol's qualified name and kind, e.g. "Store.load (method)". */
  symbol: z.string().optional(),
  /** The lines removing it takes (whole-line selections take the blank lines that set them apart). */
  removes: z.strictObject({ start_line: Line, end_line: Line }).optional(),
});
export type Selection = z.infer<typeof Selection>;

export const ReadArgs = z.strictObject({
  path: FilePath,
  start_line: Line.optional(),
  end_line: Line.optional(),
  /** Instead of lines: the selected symbol or passage (its exact text). */
  select: Selector.optional(),
});

export const ReadResult = z.strictObject({
  /** Relative to the agent's first root when inside it, else absolute. */
  path: z.string(),
  /** The real absolute path. */
  abs: z.string(),
  /** The lines asked for (all of them by default), each with its own line ending. */
  text: z.string(),
  /** SHA-256 of the whole file's bytes: what `expect` compares with. */
  hash: Hash,
  bytes: Count,
  total_lines: Count,
  start_line: Line,
  /** `start_line - 1` when the range is empty (an empty file). */
  end_line: Count,
  /** With `select`: where the selection is, and how it was found. */
  selection: Selection.optional(),
});

/** A file's structure: its units (symbols, keys, sections) with their lines. */
export const OutlineArgs = z.strictObject({
  path: FilePath,
  /** The language or format when the path's extension does not say it. */
  lang: z.string().min(1).max(32).optional(),
});

export const OutlineResult = z.strictObject({
  path: z.string(),
  hash: Hash,
  bytes: Count,
  total_lines: Count,
  /** The language or format it was parsed as. */
  lang: z.string().max(32),
  /**
   * In source order; `depth` 0 at the top, each unit named within its parent.
   * One-line units inside others are only counted (`folded`); past 5,000, `cut`.
   */
  units: z.array(
    z.strictObject({
      name: z.string(),
      kind: z.string().max(32),
      start_line: Line,
      end_line: Line,
      depth: Count,
    }),
  ),
  folded: Count,
  cut: Count,
});

/** Resolve a selector in a text the edge holds (an entry, an earlier result): `focus` needs the agent's parser. */
export const SelectArgs = z.strictObject({
  text: z.string(),
  select: Selector,
  /** How to name the text in messages, e.g. "entry `k`". */
  name: z.string().max(300),
});

/** Paste `texts[text]` into a file, in one of the paste modes. */
export const PasteEdit = z.strictObject({
  kind: z.literal("paste"),
  path: FilePath,
  mode: PasteMode,
  /** after_line (0 = before line 1) and before_line. */
  line: Count.optional(),
  /** replace_lines. */
  start_line: Line.optional(),
  end_line: Line.optional(),
  /** at_marker_*: literal text on one line. */
  marker: z.string().min(1).optional(),
  create_if_missing: z.boolean().optional(),
  expect: HashPrefix.optional(),
  /**
   * Instead of line numbers: the symbol or passage the mode acts on.
   * `replace_lines` replaces it, `after_line`/`before_line` insert after/before
   * its lines. Resolved on the file as it is when the edit applies.
   */
  select: Selector.optional(),
  /** Re-indent the text: to the paste point's indentation ("auto"), or by ± levels. */
  indent: z.union([z.literal("auto"), z.number().int().min(-16).max(16)]).optional(),
  /**
   * Set the text apart from its neighbours by the blank lines the file puts
   * between its units (after_line, before_line, append; never removes any).
   */
  spacing: z.boolean().optional(),
  /** Index into `ApplyArgs.texts`, so one text pasted to many targets travels once. */
  text: Count,
  /**
   * Where the pasted units were in their files (`hash`: the file as it was
   * read): the target gains the imports they use (DESIGN.md §3), as a move's
   * destination does. Those files are not changed.
   */
  imports_from: z
    .array(z.strictObject({ path: FilePath, start: Offset, end: Offset, hash: Hash }))
    .max(20)
    .optional(),
});

/** Replace a whole file with `texts[text]`, or create it. */
export const WriteEdit = z.strictObject({
  kind: z.literal("write"),
  path: FilePath,
  expect: HashPrefix.optional(),
  text: Count,
});

/**
 * One change to a file's text, exactly: replace `[start, end)` with `insert`.
 * `was_hash` is the SHA-256 of the text `[start, end)` held (its UTF-8), not
 * the text itself, so undoing a large paste carries no copy of it.
 * `before`/`after` are a little of the text around it, so a forced undo can
 * find the place again after the file moved around it. `create`: the file does
 * not exist and this makes it.
 */
export const Splice = z.strictObject({
  kind: z.literal("splice"),
  path: FilePath,
  start: Offset,
  end: Offset,
  insert: z.string(),
  was_hash: Hash,
  before: z.string(),
  after: z.string(),
  create: z.boolean(),
});
export type Splice = z.infer<typeof Splice>;

/** Delete a file (the undo of one an operation created). */
export const Remove = z.strictObject({ kind: z.literal("remove"), path: FilePath });

/** What undoes one edit: returned with every edit's result, sent back by undo/redo. */
export const UndoEdit = z.discriminatedUnion("kind", [Splice, Remove]);
export type UndoEdit = z.infer<typeof UndoEdit>;

/**
 * Which result of which operation (of the request's session) an undo edit came
 * from: the agent looks it up in its own record of what it wrote, and refuses
 * the revert unless the undo matches that record (`UNDO_UNRECORDED`).
 */
export const RevertOf = z.strictObject({ op: z.number().int().min(1), edit: Count });
export type RevertOf = z.infer<typeof RevertOf>;

/**
 * Apply an `UndoEdit` if the file's hash is `expect` (`null`: the file must not
 * exist). With `force`, a changed file is still reverted when the edited region
 * can be found intact; otherwise `UNDO_CONFLICT`. The agent reverts only what
 * its record of `reverts` says it wrote.
 */
export const RevertEdit = z.strictObject({
  kind: z.literal("revert"),
  reverts: RevertOf,
  undo: UndoEdit,
  expect: Hash.nullable(),
  force: z.boolean(),
});
export type RevertEdit = z.infer<typeof RevertEdit>;

export const Edit = z.discriminatedUnion("kind", [PasteEdit, WriteEdit, RevertEdit]);
export type Edit = z.infer<typeof Edit>;

/**
 * The most importers a move rewrites (results after its edits' own): far above
 * what a move in a real repository reaches (issue 45: 5,000 in a 100,000-file
 * tree), a bound on one operation's size; the receipt names any beyond it.
 */
export const MAX_IMPORTERS = 10_000;

/** The most edits one `apply` carries: the undo of a move with the most importers fits, with room for others. */
export const MAX_APPLY_EDITS = MAX_IMPORTERS + 400;

/**
 * Edits applied together, in order, all or none, under the agent's journal.
 * Several edits may touch one file: each sees the file as the previous left it.
 */
export const ApplyArgs = z.strictObject({
  context: OpContext,
  dry_run: z.boolean(),
  /**
   * The syntax guard, for files of a language the agent parses: `refuse`: a
   * file that parses cleanly before and would not after is not written
   * (`SYNTAX_ERROR`); `report`: write, and say whether each file parses;
   * `off`: do not parse (undo, redo).
   */
  syntax_guard: z.enum(["refuse", "report", "off"]).default("off"),
  texts: z.array(z.string()),
  edits: z.array(Edit).min(1).max(MAX_APPLY_EDITS),
  /**
   * A move's imports (DESIGN.md §3): edit `from` removed a unit that edit `to`
   * pasted into another file; both files get what the unit needs, in the same
   * operation (each one's result and undo cover it). For scripts and Python,
   * the files under the roots that imported the unit from its old file import
   * it from the new one: each such file has a result of its own, after the
   * edits' results (at most MAX_IMPORTERS). A move within one file is left as it is.
   */
  carry_imports: z.strictObject({ from: Count, to: Count }).optional(),
  /**
   * The build guard (DESIGN.md §3), for a move (`carry_imports`): the project
   * is checked as its language's own checker would (tsc, go vet, …), before and
   * after, and only new diagnostics count. `refuse`: a move with new ones is not
   * made (`MOVE_BREAKS_BUILD`, the first of them named); `keep`: made all the
   * same, the result naming the files with new ones; `off` (or left out): not
   * checked. The result says which checker judged it, or why none could (`check`).
   * `keep` also makes a move whose run-time change no checker sees (Go code that
   * tells types by their printed name): refused otherwise, named under
   * `not followed:` when kept.
   */
  build_guard: z.enum(["refuse", "keep", "off"]).optional(),
});
export type ApplyArgs = z.infer<typeof ApplyArgs>;

export const EditResult = z.strictObject({
  path: z.string(),
  abs: z.string(),
  created: z.boolean(),
  removed: z.boolean(),
  /** `null` when the file did not exist before / does not after. */
  before_hash: Hash.nullable(),
  after_hash: Hash.nullable(),
  /** The lines the edit's own content took, and those it replaced (imports a move added are in `imports`). */
  lines_added: Count,
  lines_removed: Count,
  /**
   * First line of the edit's own content in the new file, below any imports a
   * move or paste gave the file (0 when the file was removed): with
   * `lines_added`, the lines a receipt names.
   */
  first_line: Count,
  /** A forced revert applied at another place than recorded. */
  relocated: z.boolean(),
  /**
   * A package's `__init__.py` a move created for the new subpackage its unit
   * went to (Python, as rope and PyCharm make one): not an importer.
   */
  package: z.boolean().optional(),
  /**
   * With the syntax guard, for a language the agent parses: true when the file
   * parses cleanly after, false when the edit gave it a syntax error it did
   * not have; left out when its only errors are the ones it had.
   */
  parses: z.boolean().optional(),
  /** With `select`: the selection the edit acted on. */
  selection: Selection.optional(),
  /**
   * A move's destination: the old file's private declarations that only the
   * unit used, moved with it (their names).
   */
  brought: z.array(z.string().max(200)).max(50).optional(),
  /** What else this edit's file got (`carry_imports`), and what could not be followed. */
  imports: z
    .strictObject({
      changes: z.array(z.string().max(2000)).max(20),
      unresolved: z.array(z.string().max(2000)).max(100),
    })
    .optional(),
  undo: UndoEdit,
});
export type EditResult = z.infer<typeof EditResult>;

/**
 * What the build guard found (`ApplyArgs.build_guard`): the checkers that
 * judged the project (`tsc`, `go vet`; several joined by " + " for a move
 * across languages), and `passed` (no new diagnostics), `broke` (new ones,
 * and the move was kept: `files` has them), or `not_checked` (`why`: no
 * toolchain, past its deadline…; then `checker` names what would have).
 * `diagnostics` holds the first new ones as `file:line: message`.
 */
export const BuildCheck = z.strictObject({
  checker: z.string().max(200),
  outcome: z.enum(["passed", "broke", "not_checked"]),
  why: z.string().max(500).optional(),
  diagnostics: z.array(z.string().max(600)).max(10).optional(),
  files: z.array(z.string().max(2000)).max(100).optional(),
  /** How long the check took. */
  ms: Count,
});
export type BuildCheck = z.infer<typeof BuildCheck>;

export const ApplyResult = z.strictObject({
  results: z.array(EditResult),
  check: BuildCheck.optional(),
});
export type ApplyResult = z.infer<typeof ApplyResult>;

export const OsReadResult = z.strictObject({ text: z.string() });
export const OsWriteArgs = z.strictObject({ text: z.string() });

/** Every operation an agent serves: its arguments and its result. */
export const OPS = {
  read: { args: ReadArgs, result: ReadResult },
  select: { args: SelectArgs, result: Selection },
  outline: { args: OutlineArgs, result: OutlineResult },
  apply: { args: ApplyArgs, result: ApplyResult },
  os_read: { args: z.strictObject({}), result: OsReadResult },
  os_write: { args: OsWriteArgs, result: z.strictObject({}) },
} as const;
export type OpName = keyof typeof OPS;
export const OP_NAMES = Object.keys(OPS) as [OpName, ...OpName[]];
export type OpArgs<N extends OpName> = z.input<(typeof OPS)[N]["args"]>;
export type OpResult<N extends OpName> = z.output<(typeof OPS)[N]["result"]>;

// ── Requests, replies, reports ───────────────────────────────────────────────

export const Request = z.strictObject({
  type: z.literal("request"),
  id: z.string().min(1).max(64),
  op: z.enum(OP_NAMES),
  args: z.unknown(),
});
export type Request = z.infer<typeof Request>;

export const AgentError = z.strictObject({
  code: z.enum(AGENT_ERROR_CODES),
  message: z.string(),
  /** For `apply`: which edit failed, so the edge can name the target. */
  edit: z.number().int().min(0).optional(),
});
export type AgentError = z.infer<typeof AgentError>;

export const Reply = z.union([
  z.strictObject({
    type: z.literal("reply"),
    id: z.string(),
    ok: z.literal(true),
    result: z.unknown(),
  }),
  z.strictObject({
    type: z.literal("reply"),
    id: z.string(),
    ok: z.literal(false),
    error: AgentError,
  }),
]);
export type Reply = z.infer<typeof Reply>;

/**
 * A target that recovery did not overwrite: it changed after the operation
 * was committed and before the agent restarted, so it was kept as it is and
 * the operation's version of it set aside (`set_aside`, next to it; `null`
 * when the operation was to remove it). `edits`: the results it concerns.
 */
export const Kept = z.strictObject({
  path: FilePath,
  set_aside: FilePath.nullable(),
  edits: z.array(Count).min(1).max(100),
});
export type Kept = z.infer<typeof Kept>;

/** How a write ended, from the agent's records: committed (with its results) or rolled back. */
export const Settled = z.strictObject({
  type: z.literal("settled"),
  /** The record's id, for the edge's `ack` (none when no file was written). */
  report: z.string().min(1).max(128).optional(),
  context: OpContext,
  outcome: z.enum(["committed", "rolled_back"]),
  /** With `committed`: the results the interrupted call would have returned. */
  results: z.array(EditResult).optional(),
  /** With `committed`: the targets recovery kept as they were (their edits did not happen). */
  kept: z.array(Kept).max(100).optional(),
});
export type Settled = z.infer<typeof Settled>;

/** Sent after the reports on each connection: the writes the agent is still working on. */
export const Synced = z.strictObject({
  type: z.literal("synced"),
  in_progress: z.array(OpContext),
});

/** The edge has a reply (`id`) or a report (`report`): the agent may forget its record. */
export const Ack = z.strictObject({
  type: z.literal("ack"),
  id: z.string().optional(),
  report: z.string().optional(),
});

/** What the agent sends after its hello. */
export const AgentMessage = z.union([Reply, Settled, Synced]);
/** What the edge sends. */
export const EdgeMessage = z.union([Welcome, Refused, Request, Ack]);
export type EdgeMessage = z.infer<typeof EdgeMessage>;
