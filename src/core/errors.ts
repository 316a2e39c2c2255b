/**
 * Error codes a tool can answer with (as `isError` results). Each message names
 * the parameter and the fix; codes are stable strings clients may match on.
 *
 * - `INVALID_ARGUMENT`   a parameter is malformed (the message names it)
 * - `ENTRY_NOT_FOUND`    no entry with that key in the scopes searched
 * - `ENTRY_EXISTS`       `new_key` / an import would overwrite another entry
 * - `ENTRY_EXPIRED`      the entry's TTL has passed; it is kept but not usable
 * - `TEXT_TOO_LARGE`     content over the 10 MiB entry limit
 * - `SCOPE_FULL`         10,000 entries in that scope already
 * - `UNKNOWN_SESSION`    the session handle was never started, ended or expired
 * - `SESSION_PROTECTED`  the `default` session cannot be ended
 * - `AGENT_NOT_CONNECTED` the operation needs the local agent and none is connected
 * - `NOT_YET_SUPPORTED`  part of the contract that this version does not serve yet
 * - `TAG_NOT_FOUND`      no such tag
 * - `PAGE_OUT_OF_RANGE`  `page` beyond the last page
 * - `INTERNAL_ERROR`     a bug or platform failure; details go to the server log only
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
  | "AGENT_NOT_CONNECTED"
  | "NOT_YET_SUPPORTED"
  | "TAG_NOT_FOUND"
  | "PAGE_OUT_OF_RANGE"
  | "INTERNAL_ERROR";

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
