import type { AgentErrorCode } from "../../src/shared/core/errors.ts";

/**
 * What the agent answers when the operating system refuses a file operation:
 * one named code per thing the caller can do about it, and a message that
 * names the path as the caller gave it, says what to do, and never carries
 * the OS's own message (it holds the machine's absolute path, and nothing in
 * it helps a model). Every file-system call of the agent ends up here: paths.ts
 * (realpath), file-ops/load.ts (stat, read) and the journal's commit (mkdir,
 * temporary files, renames). Anything that is not an OS error is a bug, and
 * stays one (handlers.ts answers INTERNAL_ERROR and logs it on this machine).
 */

/** What the agent was doing: finding the path (realpath), reading the file, or writing it. */
export type FsStep = "resolve" | "read" | "write";

export interface FsFailure {
  code: AgentErrorCode;
  message: string;
}

/** The OS error code of a Node system error (`ENOENT`, …); undefined for anything else. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && /^E[A-Z0-9]+$/.test(code)
    ? code
    : undefined;
}

const VERB: Record<FsStep, string> = { resolve: "open", read: "read", write: "write" };

/**
 * The answer to OS error `errno` while doing `step` on `subject`: the path as
 * the caller gave it, quoted (`` `src/a.ts` ``), or a description such as "the
 * agent's journal".
 */
export function fsFailure(errno: string, subject: string, step: FsStep): FsFailure {
  const verb = VERB[step];
  switch (errno) {
    case "ENOENT":
      return {
        code: "FILE_NOT_FOUND",
        message: `${subject} does not exist, or a directory on its way does not; check the path.`,
      };
    case "ENAMETOOLONG":
      return {
        code: "PATH_TOO_LONG",
        message: `${subject} is too long for the file system: a name between slashes may take at most 255 bytes (an emoji takes 4, an accented letter 2), a whole path about 4,000. Give a shorter name.`,
      };
    case "ENOTDIR":
      return {
        code: "NOT_A_DIRECTORY",
        message: `${subject} goes through a file as if it were a directory: a name before its last \`/\` is a file. Check the path.`,
      };
    case "EISDIR":
      return {
        code: "NOT_A_FILE",
        message: `${subject} is a directory, not a file; give the path of a file in it.`,
      };
    case "ELOOP":
      return {
        code: "NOT_A_FILE",
        message: `${subject} goes through symbolic links that lead back to themselves (a loop), so it names no file. Give the real file's path, or ask the user to fix the link.`,
      };
    case "EACCES":
    case "EPERM":
      return {
        code: "PERMISSION_DENIED",
        message:
          step === "write"
            ? `The operating system does not let the agent write ${subject} (permissions, or a locked file). The agent replaces a file by renaming a new copy over it, so the file's directory must be writable too: ask the user to check both, or write another file.`
            : `The operating system does not let the agent ${verb} ${subject} (permissions of the file or of a directory on its way). Ask the user to check them, or use another file.`,
      };
    case "EMFILE":
    case "ENFILE":
      return {
        code: "FILE_BUSY",
        message: `The agent could not ${verb} ${subject}: too many files are open ${errno === "EMFILE" ? "in the agent" : "on the machine"}. Try again in a moment; if it keeps happening, ask the user to restart the agent or raise the open-files limit (ulimit -n).`,
      };
    case "EBUSY":
    case "ETXTBSY":
    case "EAGAIN":
      return {
        code: "FILE_BUSY",
        message: `${subject} is busy: in use or locked by another program, or a mount point. Try again in a moment; if it keeps happening, close what uses it, or use another file.`,
      };
    case "ENOSPC":
    case "EDQUOT":
      return {
        code: "NO_SPACE",
        message: `No space is left (or the user's disk quota is used up) on the disk that holds ${subject}. Ask the user to free some space, then try again.`,
      };
    case "EROFS":
      return {
        code: "READ_ONLY_FILE_SYSTEM",
        message: `${subject} is on a read-only file system: the agent cannot write there. Write somewhere else, or ask the user to make it writable.`,
      };
    case "EXDEV":
      return {
        code: "IO_ERROR",
        message: `${subject} is on another file system than its directory (a mount point): the agent writes a file by renaming a new copy over it, which cannot cross file systems. Write another file.`,
      };
    case "EILSEQ":
      return {
        code: "INVALID_ARGUMENT",
        message: `${subject} holds characters this file system does not accept in a name; use another name.`,
      };
    case "EFBIG":
      return {
        code: "FILE_TOO_LARGE",
        message: `${subject} would be larger than the file system allows.`,
      };
    default:
      return {
        code: "IO_ERROR",
        message: `The file system failed to ${verb} ${subject} (${errno}). Try again; if it keeps failing, ask the user to check the disk.`,
      };
  }
}
