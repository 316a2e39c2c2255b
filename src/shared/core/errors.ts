/**
 * Error codes a tool can answer with (as `isError` results). Each message names
 * the parameter and the fix; codes are stable strings clients may match on.
 * The README lists them for users; keep the two in step.
 *
 * Clipboard and sessions:
 * - `INVALID_ARGUMENT`    a parameter is malformed (the message names it)
 * - `ENTRY_NOT_FOUND`     no entry with that key in the scopes searched
 * - `ENTRY_EXISTS`        `new_key` / an import would overwrite another entry
 * - `ENTRY_EXPIRED`       the entry's TTL has passed; it is kept but not usable
 * - `TEXT_TOO_LARGE`      content over the 10 MiB entry limit (or the OS clipboard's)
 * - `SCOPE_FULL`          10,000 entries in that scope already
 * - `UNKNOWN_SESSION`     the session handle was never started, ended or expired
 * - `SESSION_PROTECTED`   the `default` session cannot be ended
 * - `TAG_NOT_FOUND`       no such tag
 * - `PAGE_OUT_OF_RANGE`   `page` beyond the last page
 * - `INTERNAL_ERROR`      a bug or platform failure; details go to the server's log (or the agent's) only
 *
 * The bridge to the local agent:
 * - `AGENT_NOT_CONNECTED` the operation needs a local agent and none (or not the named one) is connected
 * - `AGENT_AMBIGUOUS`     several agents could serve the call; the message lists them for `agent`
 * - `AGENT_DISCONNECTED`  the agent went away during the call (its journal settles file writes on restart)
 * - `AGENT_TIMEOUT`       the agent did not answer in time (30 s; OS clipboard 32 s)
 * - `AGENT_ANSWER_MISMATCH` the agent's answer to a write named other files or kinds than asked: not recorded
 *
 * File operations (answered by the agent, which enforces them):
 * - `PATH_OUTSIDE_ROOT`   the path resolves outside the agent's roots (`..`, absolute, symlink)
 * - `PATH_DENIED`         the path is on the agent's deny-list (`.git/`, `.env*`, keys, credentials,
 *                       edgeclip's own config and state, `--deny`), or the file is a private key
 * - `READ_ONLY`           the agent runs with `--read-only`
 * - `FILE_NOT_FOUND`      no such file (a paste to a path alone creates it)
 * - `NOT_A_FILE`          the path is a directory, a symbolic link loop or another non-regular file
 * - `NOT_A_DIRECTORY`     the path goes through a file as if it were a directory (`a.ts/b.ts`)
 * - `PATH_TOO_LONG`       a name in the path is over 255 bytes, or the path over the OS's limit
 * - `BINARY_FILE`         not text: a binary signature, a NUL byte or invalid UTF-8
 * - `FILE_TOO_LARGE`      the file, or the file a paste would make, is over 10 MiB
 * - `FILE_CHANGED`        the file's hash is not the `expect`ed one, or another program
 *                         changed a file while the operation wrote it (all undone)
 * - `LINE_OUT_OF_RANGE`   a line number past the file's last line
 * - `MARKER_NOT_FOUND`    the marker text is not in the file
 * - `MARKER_AMBIGUOUS`    the marker occurs more than once (the message gives the lines)
 * - `NO_SPACE`            no space left (or the disk quota used up) where the file is written
 * - `READ_ONLY_FILE_SYSTEM` the file is on a read-only file system (not the agent's `--read-only`)
 * - `FILE_BUSY`           the file is in use or locked, or too many files are open: try again
 * - `IO_ERROR`            any other file-system failure; the OS code, never content or its message
 * - `UNDO_CONFLICT`       a file changed since the operation being undone/redone (names it)
 * - `UNDO_UNRECORDED`     the agent has no record of writing what the undo/redo would revert: refused
 * - `NOTHING_TO_UNDO`     no file operation left to undo (or redo)
 * - `OPERATION_UNSETTLED` an interrupted operation's outcome is not known yet
 *
 * References (DESIGN.md §3):
 * - `SYMBOL_NOT_FOUND`    `focus` names no symbol (the message lists the nearest names)
 * - `SYMBOL_AMBIGUOUS`    `focus` names several (overloads, two classes): the candidates with their lines
 * - `ANCHOR_NOT_FOUND`    `start`/`end` not found, even normalised or fuzzily
 * - `ANCHOR_AMBIGUOUS`    the anchors match several passages: their lines
 * - `LANGUAGE_UNSUPPORTED` `focus` on text of a language edgeclip does not parse
 * - `SYNTAX_ERROR`        the paste would give a file a syntax error it does not have (the line); `allow_syntax_errors`
 * - `MOVE_BLOCKED`        a move cannot leave the project whole (its unit assigns to a variable that stays
 *                       behind, or it would make a circular import): what blocks it; nothing changed
 * - `MOVE_BREAKS_BUILD`   the language's own checker finds new errors after the move (the first named):
 *                       nothing was changed; another destination, a smaller move, or `keep`
 * - `TOO_COMPLEX`         a file too large or too intricate to parse for its structure within the
 *                       agent's limits (lines and separators, 8 s, 384 MB): read it by lines or anchors
 * - `RESULT_NOT_FOUND`    a `result` reference names no result kept by this session
 *
 * The OS clipboard (DESIGN.md §4):
 * - `CLIPBOARD_UNAVAILABLE` no clipboard tool or display (the message says what to install)
 * - `INVALID_UTF8`        the clipboard holds bytes that are not UTF-8 text
 * - `PERMISSION_DENIED`   the OS refused access (also: a file or directory the agent may not read or write)
 * - `OPERATION_TIMEOUT`   the clipboard tool did not answer in time (5 s, 1 s more per MiB; 15 s at most)
 * - `CLIPBOARD_EMPTY`     the clipboard holds nothing
 * - `NO_TEXT_CONTENT`     the clipboard holds something, but not text
 */
export type ErrorCode =
  | "INVALID_ARGUMENT"
  | "ENTRY_NOT_FOUND"
  | "ENTRY_EXISTS"
  | "ENTRY_EXPIRED"
  | "TEXT_TOO_LARGE"
  | "SCOPE_FULL"
  | "UNKNOWN_SESSION"
  | "SESSION_PROTECTED"
  | "TAG_NOT_FOUND"
  | "PAGE_OUT_OF_RANGE"
  | "INTERNAL_ERROR"
  | "AGENT_NOT_CONNECTED"
  | "AGENT_AMBIGUOUS"
  | "AGENT_DISCONNECTED"
  | "AGENT_TIMEOUT"
  | "AGENT_ANSWER_MISMATCH"
  | "UNDO_CONFLICT"
  | "NOTHING_TO_UNDO"
  | "OPERATION_UNSETTLED"
  | "RESULT_NOT_FOUND"
  | AgentErrorCode;

/** The codes a local agent may answer a request with (the wire protocol's `error.code`). */
export const AGENT_ERROR_CODES = [
  "INVALID_ARGUMENT",
  "INTERNAL_ERROR",
  "TEXT_TOO_LARGE",
  "PATH_OUTSIDE_ROOT",
  "PATH_DENIED",
  "READ_ONLY",
  "FILE_NOT_FOUND",
  "NOT_A_FILE",
  "NOT_A_DIRECTORY",
  "PATH_TOO_LONG",
  "BINARY_FILE",
  "FILE_TOO_LARGE",
  "FILE_CHANGED",
  "LINE_OUT_OF_RANGE",
  "MARKER_NOT_FOUND",
  "MARKER_AMBIGUOUS",
  "NO_SPACE",
  "READ_ONLY_FILE_SYSTEM",
  "FILE_BUSY",
  "IO_ERROR",
  "UNDO_CONFLICT",
  "UNDO_UNRECORDED",
  "SYMBOL_NOT_FOUND",
  "SYMBOL_AMBIGUOUS",
  "ANCHOR_NOT_FOUND",
  "ANCHOR_AMBIGUOUS",
  "LANGUAGE_UNSUPPORTED",
  "SYNTAX_ERROR",
  "MOVE_BLOCKED",
  "MOVE_BREAKS_BUILD",
  "TOO_COMPLEX",
  "CLIPBOARD_UNAVAILABLE",
  "INVALID_UTF8",
  "PERMISSION_DENIED",
  "OPERATION_TIMEOUT",
  "CLIPBOARD_EMPTY",
  "NO_TEXT_CONTENT",
] as const;
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

export interface ToolFailure {
  code: ErrorCode;
  message: string;
}

/** The result of an operation that can fail in a way the model can act on. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ToolFailure };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): { ok: false; error: ToolFailure } => ({
  ok: false,
  error: { code, message },
});
