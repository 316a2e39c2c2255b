/**
 * The OS clipboard, one interface over one small module per platform, chosen
 * once (see `osClipboard`). Errors are results with the codes of DESIGN.md §4,
 * and messages that say how to fix them.
 */
export type ClipboardErrorCode =
  | "CLIPBOARD_UNAVAILABLE"
  | "TEXT_TOO_LARGE"
  | "INVALID_UTF8"
  | "PERMISSION_DENIED"
  | "OPERATION_TIMEOUT"
  | "CLIPBOARD_EMPTY"
  | "NO_TEXT_CONTENT";

export type ClipboardResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: ClipboardErrorCode; message: string } };

export interface OsClipboard {
  /** Which backend this is, for logs and `status` (e.g. "xclip", "pbcopy"). */
  readonly name: string;
  /** The clipboard's text. */
  read(): Promise<ClipboardResult<string>>;
  /** Puts `text` on the clipboard. */
  write(text: string): Promise<ClipboardResult<void>>;
}

/** Text the agent moves through the OS clipboard, at most (DESIGN.md §5). */
export const CLIPBOARD_MAX_BYTES = 10 * 1024 * 1024;
/** A clipboard command that takes longer is stopped (OPERATION_TIMEOUT). */
export const CLIPBOARD_TIMEOUT_MS = 5_000;
