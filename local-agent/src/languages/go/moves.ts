import type { MoveLanguage } from "../moves.ts";
import { planGoImporter, planGoImports } from "./move.ts";

/** Go: packages are directories of a module (its go.mod), so both files by their root-relative paths. */
export const goMoves: MoveLanguage = {
  pairs: (from, to) => from === "go" && to === "go",
  plan: ({ source, dest, context, ...texts }) =>
    planGoImports({
      sourcePath: source.path,
      destPath: dest.path,
      ...texts,
      ...(context.go ? { go: context.go } : {}),
    }),
  importer: async (file, { go }) => {
    if (!go) return undefined;
    const plan = await planGoImporter({ importerPath: file.path, text: file.text, move: go });
    // Another module imports a published version of the old package, which no move changes.
    if (!plan || !go.files || go.files.includes(file.path) || plan.text === file.text) return plan;
    return {
      text: file.text,
      changes: [],
      unresolved: [
        `${file.path}: in another module, which imports ${go.oldImport} from a published version; not rewritten`,
      ],
    };
  },
};
