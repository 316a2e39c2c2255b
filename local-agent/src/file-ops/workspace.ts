import type { AgentError } from "../../../src/shared/bridge/protocol.ts";
import { type FsStep, fsFailure } from "../fs-errors.ts";
import type { Journal } from "../journal.ts";
import type { PathLocks } from "../locks.ts";
import type { Sandbox } from "../paths.ts";

/**
 * What every file operation runs against and answers with: the workspace (the
 * roots, the write policy, the journal, the locks), and a result that is a
 * value or the agent's error, the OS's refusals among them (fs-errors.ts).
 */

/** What file operations run against: the roots, the write policy, the journal and the locks. */
export interface Workspace {
  sandbox: Sandbox;
  readOnly: boolean;
  journal: Journal;
  locks: PathLocks;
  /** Roots where the build guard may run checks that execute the project's code (`--allow-build-code`). */
  buildCode?: readonly string[];
  /** Where checkers keep what makes them warm (a crate's copy, its build), in the state directory. */
  checkCache?: string;
  /** The most importers a move rewrites (default MAX_IMPORTERS; tests set fewer). */
  maxImporters?: number;
  /** The most text one read of a move's files keeps (default MAX_READ_BYTES, disk.ts; tests set less). */
  maxReadBytes?: number;
}

export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; error: AgentError & { edit?: number } };

export const failure = (code: AgentError["code"], message: string, edit?: number) =>
  ({ ok: false, error: { code, message, ...(edit === undefined ? {} : { edit }) } }) as const;

/** The OS's refusal as this module's failure (fs-errors.ts). */
export function osFailure(
  errno: string,
  subject: string,
  step: FsStep,
  suffix = "",
  edit?: number,
) {
  const { code, message } = fsFailure(errno, subject, step);
  return failure(code, suffix ? `${message} ${suffix}` : message, edit);
}
