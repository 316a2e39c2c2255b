/**
 * What a language may read of the disk for a move (each folder's
 * context.ts): files through the agent's sandbox, named as results name
 * them. file-ops/disk.ts gives it, over the operation's workspace.
 */
export interface Disk {
  /** The agent's roots. */
  roots: readonly string[];
  /**
   * `files` read and named as results name them, those `keep` accepts (by
   * text, before resolving), through the sandbox: a file whose path no longer
   * resolves to itself (swapped for a link since the walk) is left out.
   */
  read(
    files: readonly string[],
    keep?: (text: string, abs: string) => boolean,
  ): Promise<{ abs: string; path: string; text: string }[]>;
  /** One file through the sandbox, as results name it and its text; undefined where it is not there or refused. */
  file(abs: string): Promise<{ path: string; text: string } | undefined>;
  /** A path as results name it (a directory too); undefined where the sandbox refuses it. */
  shown(abs: string): Promise<string | undefined>;
}
