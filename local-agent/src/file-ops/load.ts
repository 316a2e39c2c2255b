import { readFile, stat } from "node:fs/promises";
import { LIMITS } from "../../../src/shared/core/limits.ts";
import { isPrivateKey } from "../deny.ts";
import { errnoOf } from "../fs-errors.ts";
import type { Resolved } from "../paths.ts";
import { decodeText, sha256 } from "../text-file.ts";
import { failure, osFailure, type Result } from "./workspace.ts";

/**
 * A file as an operation holds it: loaded once, then changed in memory by each
 * edit until the operation writes it. Loading is where the agent's limits on a
 * file are checked: its size, text only, never a private key.
 */

/** A file as loaded (or, when it does not exist, an empty stand-in). */
export interface FileState {
  display: string;
  exists: boolean;
  bom: boolean;
  text: string;
  hash: string | null;
  bytes: Uint8Array | null;
  mode: number | undefined;
}

export const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The state of a file that does not exist (yet). */
export const missingFile = (display: string): FileState => ({
  display,
  exists: false,
  bom: false,
  text: "",
  hash: null,
  bytes: null,
  mode: undefined,
});

/**
 * Reads a resolved file as text, or says why not. A missing file is
 * `exists: false`. The OS's refusals are answered by fs-errors.ts, naming the
 * path as the caller gave it.
 */
export async function load(file: Resolved): Promise<Result<FileState>> {
  const { abs, display, given } = file;
  const missing = missingFile(display);
  try {
    const info = await stat(abs);
    if (!info.isFile())
      return failure("NOT_A_FILE", `\`${display}\` is not a regular file (a directory?).`);
    if (info.size > LIMITS.fileBytes)
      return failure(
        "FILE_TOO_LARGE",
        `\`${display}\` is ${MiB(info.size)}; the agent reads and writes files up to ${MiB(LIMITS.fileBytes)}.`,
      );
    const bytes = new Uint8Array(await readFile(abs));
    const decoded = decodeText(bytes);
    if (!decoded.ok)
      return failure("BINARY_FILE", `\`${display}\` is not a text file: ${decoded.reason}.`);
    // A key copied under any name (`id_rsa (copy)`, `deploy-key.txt`): deny.ts.
    if (isPrivateKey(decoded.file.text))
      return failure(
        "PATH_DENIED",
        `\`${given}\` is a private key; edgeclip does not read or write private keys.`,
      );
    return {
      ok: true,
      value: {
        display,
        exists: true,
        ...decoded.file,
        hash: sha256(bytes),
        bytes,
        mode: info.mode & 0o7777,
      },
    };
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === "ENOENT") return { ok: true, value: missing };
    if (errno === undefined) throw error;
    return osFailure(errno, `\`${given}\``, "read");
  }
}
