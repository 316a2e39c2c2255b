import { existsSync } from "node:fs";
import path from "node:path";
import { isInside } from "../../paths.ts";
import type { Disk } from "../disk.ts";
import { dependencySources } from "./dependencies.ts";
import type { RustContext } from "./modules.ts";

/**
 * A Rust move's crate (rust/modules.ts RustContext): the `src/` beside the
 * Cargo.toml nearest above the old file, and the Rust files below it; and the
 * sources of the dependencies the old file imports from, for their traits
 * (dependencies.ts).
 */
export async function rustContext(
  disk: Disk,
  source: string,
  files: readonly string[],
): Promise<RustContext | undefined> {
  const root = disk.roots.find((r) => isInside(r, source)) ?? disk.roots[0] ?? "";
  for (let dir = path.dirname(source); isInside(root, dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "Cargo.toml"))) {
      const src = path.join(dir, "src");
      const shown = await disk.shown(src);
      if (shown === undefined) return undefined;
      const out = await disk.read(files.filter((f) => isInside(src, f)));
      const old = out.find((f) => f.abs === source)?.text ?? "";
      return {
        src: shown,
        files: out.map(({ path, text }) => ({ path, text })),
        dependencies: dependencySources(dir, old),
      };
    }
    if (dir === path.dirname(dir)) break;
  }
  return undefined;
}
