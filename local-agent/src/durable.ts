import { randomBytes } from "node:crypto";
import { open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Writing files so that a crash leaves either the old or the new one: shared
 * by the journal and the ledger of operations.
 */

/**
 * Writes `data` to `file` and makes it durable; `atomic`: through a temporary
 * file and rename. `syncParent: false`: the caller makes its directory durable
 * (once for many files written there).
 */
export async function writeDurably(
  file: string,
  data: string | Uint8Array,
  mode?: number,
  atomic = true,
  syncParent = true,
): Promise<void> {
  // A temporary name of its own, so that two writers of one file never share one.
  const target = atomic ? `${file}.${randomBytes(4).toString("hex")}.tmp` : file;
  const handle = await open(target, "wx", mode ?? 0o666);
  try {
    try {
      await handle.writeFile(data);
      // The umask may have narrowed it; through the handle, never a link swapped in for the name.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (atomic) await rename(target, file);
  } catch (error) {
    // A full disk, say: no temporary file of ours is left behind (a direct write's caller decides).
    if (atomic) await unlink(target).catch(() => undefined);
    throw error;
  }
  if (syncParent) await syncDir(path.dirname(file));
}

/**
 * The mode of what edgeclip keeps in its state directory (the journal, the
 * ledger, status files), and of its directories: its user's alone, whatever
 * the umask (issue 42 §4; private-dir.ts makes the directory so at start).
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Makes a directory's entries durable (renames, creations). Not possible on Windows. */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === "win32") return;
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** A rejection handler that swallows the given error codes and rethrows the rest. */
export function ignore(...codes: string[]) {
  return (error: NodeJS.ErrnoException) => {
    if (!codes.includes(error.code ?? "")) throw error;
  };
}
