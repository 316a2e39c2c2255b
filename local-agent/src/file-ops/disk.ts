import { readFileSync, statSync } from "node:fs";
import { LIMITS } from "../../../src/shared/core/limits.ts";
import { mapAtOnce } from "../at-once.ts";
import type { Disk } from "../languages/disk.ts";
import { resolvePath } from "../paths.ts";
import { load } from "./load.ts";
import type { Workspace } from "./workspace.ts";

/** Files resolved (or loaded) at once: their calls overlap (at-once.ts). */
export const AT_ONCE = 16;

/** The disk as a language's context.ts reads it (languages/disk.ts), through the workspace's sandbox. */
export function diskOf(ws: Workspace): Disk {
  return {
    roots: ws.sandbox.roots,
    async read(files, keep = () => true) {
      const kept = (await readAll(files)).filter(({ abs, text }) => keep(text, abs));
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
 * `files`' texts ("" for one that cannot be read), read synchronously a batch
 * at a time between turns of the event loop, as the walk reads them
 * (tree-walk.ts): several times faster than one await a file.
 */
export async function readAll(files: readonly string[]): Promise<{ abs: string; text: string }[]> {
  const out: { abs: string; text: string }[] = [];
  for (let at = 0; at < files.length; at += 200) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const abs of files.slice(at, at + 200)) {
      let text = "";
      try {
        if (statSync(abs).size <= LIMITS.fileBytes) text = readFileSync(abs, "utf8");
      } catch {
        // gone or unreadable: not an importer
      }
      out.push({ abs, text });
    }
  }
  return out;
}
