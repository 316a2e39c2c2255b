import type { MoveLanguage } from "../moves.ts";
import { planJavaImports } from "./move.ts";
import { rewriteJavaImporter, rewriteJavaResource } from "./packages.ts";

/** Java: packages are directories under a source root, so both files by their root-relative paths. */
export const javaMoves: MoveLanguage = {
  pairs: (from, to) => from === "java" && to === "java",
  plan: ({ source, dest, context, ...texts }) =>
    planJavaImports({
      sourcePath: source.path,
      destPath: dest.path,
      ...texts,
      ...(context.java ? { java: context.java } : {}),
    }),
  importer: async (file, { java }) =>
    java ? rewriteJavaImporter({ path: file.path, text: file.text }, java) : undefined,
  other: (file, { java }) =>
    java ? rewriteJavaResource({ path: file.path, text: file.text }, java) : undefined,
};
