import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/**
 * How the agent opens a file it found by listing a directory, or read before:
 * never through a link swapped in at its last name since, and never waiting on
 * a FIFO swapped in (no writer: the open and the read answer at once instead
 * of holding the thread until one comes).
 */
export const SAFE_READ =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of the regular file at `file`, read synchronously: null where it
 * is gone, undefined where it is something else now (a link, a FIFO, a device,
 * a directory), larger than `max`, or cannot be read. What another account
 * swaps in after a listing can neither hold the thread nor be read through.
 */
export function readRegular(file: string, max: number): Buffer | null | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, SAFE_READ);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > max) return undefined;
    const buffer = Buffer.allocUnsafe(stat.size);
    let length = 0;
    for (let got = -1; got !== 0 && length < buffer.length; length += got)
      got = readSync(fd, buffer, length, buffer.length - length, null);
    return buffer.subarray(0, length);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? null : undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
