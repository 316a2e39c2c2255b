import type { MoveLanguage } from "../moves.ts";
import { rewriteRustImporter } from "./modules.ts";
import { planRustImports } from "./move.ts";

/** Rust: modules are paths from the crate's `src/`, so both files by their root-relative paths. */
export const rustMoves: MoveLanguage = {
  pairs: (from, to) => from === "rust" && to === "rust",
  plan: ({ source, dest, context, ...texts }) =>
    planRustImports({
      sourcePath: source.path,
      destPath: dest.path,
      ...texts,
      ...(context.rust ? { rust: context.rust } : {}),
    }),
  importer: async (file, { rust }) => {
    if (!rust) return undefined;
    // The file that declares the new module gets its `mod` line too.
    const declare = rust.declare?.path === file.path ? rust.declare : undefined;
    return rewriteRustImporter(
      { path: file.path, text: file.text },
      rust.move,
      rust.context,
      declare,
    );
  },
};
