import { LIMITS } from "../../../src/shared/core/limits.ts";
import { mapAtOnce } from "../at-once.ts";
import type { Disk } from "../languages/disk.ts";
import { resolvePath } from "../paths.ts";
import { readRegular } from "../regular-file.ts";
import { load } from "./load.ts";
import type { Workspace } from "./workspace.ts";

/** Files resolved (or loaded) at once: their calls overlap (at-once.ts). */
export const AT_ONCE = 16;

/** The disk as a language's context.ts reads it (languages/disk.ts), through the workspace's sandbox. */
export function diskOf(ws: Workspace): Disk {
  return {
    roots: ws.sandbox.roots,
    async read(files, keep = () => true) {
      const kept = await readAll(files, keep, ws.maxReadBytes);
      const found = await mapAtOnce(kept, AT_ONCE, ({ abs }) => resolvePath(ws.sandbox, abs));
      return kept.flatMap(({ abs, text }, i) => {
        const at = found[i];
        return at?.ok && at.abs === abs ? [{ abs, path: at.display, text }] : [];
      });
    },
    async file(abs) {
      const found = await resolvePath(ws.sandbox, abs);
      if (!found.ok) return undefined;
      const loaded = await load(found);
      return loaded.ok && loaded.value.exists
        ? { path: found.display, text: loaded.value.text }
        : undefined;
    },
    async shown(abs) {
      const found = await resolvePath(ws.sandbox, abs);
      return found.ok ? found.display : undefined;
    },
  };
}

/**
 * The most text one read of a move's files keeps (a Go module's, a crate's, a
 * Python project's for its load check): a tree past it is refused, never
 * held in memory.
 */
export const MAX_READ_BYTES = 256 * 1024 * 1024;

/** Thrown by readAll past MAX_READ_BYTES: the move is refused (apply.ts), nothing changed. */
export class TooMuchToRead extends Error {
  constructor(files: number, max: number) {
    super(
      `The files this move reads to follow its importers pass ${max % (1024 * 1024) ? `${max} bytes` : `${max / 1024 / 1024} MiB`} (of ${files.toLocaleString("en")} files under the roots), more than one move holds.`,
    );
  }
}

/**
 * `files`' texts that `keep` accepts, read synchronously a batch at a time
 * between turns of the event loop, as the walk reads them (tree-walk.ts):
 * several times faster than one await a file. Only regular files within the
 * size limit, opened as the walk opens them (regular-file.ts); one that cannot
 * be read is "". What `keep` refuses is dropped batch by batch, never held;
 * past MAX_READ_BYTES kept, TooMuchToRead.
 */
async function readAll(
  files: readonly string[],
  keep: (text: string, abs: string) => boolean = () => true,
  max = MAX_READ_BYTES,
): Promise<{ abs: string; text: string }[]> {
  const out: { abs: string; text: string }[] = [];
  let held = 0;
  for (let at = 0; at < files.length; at += 200) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const abs of files.slice(at, at + 200)) {
      const text = readRegular(abs, LIMITS.fileBytes)?.toString("utf8") ?? "";
      if (!keep(text, abs)) continue;
      held += text.length;
      if (held > max) throw new TooMuchToRead(files.length, max);
      out.push({ abs, text });
    }
  }
  return out;
}
