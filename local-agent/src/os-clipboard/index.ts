/**
 * The OS clipboard, one interface over one small module per platform, chosen
 * once (see `osClipboard`). Errors are results with the codes of DESIGN.md §4,
 * and messages that say how to fix them.
 */
import { linuxClipboard } from "./linux.ts";
import { macosClipboard } from "./macos.ts";
import { windowsClipboard } from "./windows.ts";

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
  /** Why there is none (a backend that answers every call with CLIPBOARD_UNAVAILABLE). */
  readonly unavailable?: string;
  /** The clipboard's text. */
  read(): Promise<ClipboardResult<string>>;
  /** Puts `text` on the clipboard. */
  write(text: string): Promise<ClipboardResult<void>>;
}

/** Text the agent moves through the OS clipboard, at most (DESIGN.md §5). */
export const CLIPBOARD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * A clipboard command that takes longer is stopped (OPERATION_TIMEOUT): 5 s,
 * and 1 s more per MiB it is given; a read is stopped after 5 s without
 * output. Never past CLIPBOARD_MAX_MS: a 10 MiB text through xsel on a busy
 * machine took over 5 s, and was stopped half moved (issue 27 §8).
 */
export const CLIPBOARD_TIMEOUT_MS = 5_000;
export const CLIPBOARD_MS_PER_MIB = 1_000;
export const CLIPBOARD_MAX_MS = 15_000;

/** How long a clipboard command given `bytes` of text may take. */
export const clipboardTimeoutMs = (bytes: number) =>
  Math.min(CLIPBOARD_MAX_MS, CLIPBOARD_TIMEOUT_MS + (bytes / 2 ** 20) * CLIPBOARD_MS_PER_MIB);

/**
 * The OS clipboard of `platform`, chosen once at startup. `env` is where the
 * backend looks for its display and tools (and what its commands run with),
 * so tests and the agent's own flags can point it elsewhere.
 */
export function osClipboard(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): OsClipboard {
  switch (platform) {
    case "darwin":
      return macosClipboard(env);
    case "win32":
      return windowsClipboard(env);
    // The BSDs run the same X11 and Wayland tools as Linux.
    case "linux":
    case "freebsd":
    case "openbsd":
    case "netbsd":
      return linuxClipboard(env);
    default:
      return unavailableClipboard(
        `the agent has no OS clipboard backend for ${platform}: use the file tools, or run the agent on Linux, macOS or Windows`,
      );
  }
}

/** A clipboard that answers every call with CLIPBOARD_UNAVAILABLE and `message`. */
export function unavailableClipboard(message: string): OsClipboard {
  const error = { ok: false, error: { code: "CLIPBOARD_UNAVAILABLE", message } } as const;
  return {
    name: "none",
    unavailable: message,
    read: async () => error,
    write: async () => error,
  };
}
