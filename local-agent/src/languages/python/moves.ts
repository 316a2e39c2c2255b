import type { MoveLanguage } from "../moves.ts";
import { planPythonImporter, planPythonImports } from "./move.ts";

/** Python: modules are named from where their package starts, so both files by their root-relative paths. */
export const pythonMoves: MoveLanguage = {
  pairs: (from, to) => from === "python" && to === "python",
  plan: ({ source, dest, context, ...texts }) => {
    const python = context.python ?? {};
    return planPythonImports({
      sourcePath: source.path,
      destPath: dest.path,
      ...texts,
      ...(python.modules ? { modules: python.modules } : {}),
      ...(python.keep?.length ? { keep: python.keep } : {}),
      ...(python.namedByPath?.length ? { namedByPath: python.namedByPath } : {}),
      ...(python.relativeHint !== undefined ? { relativeHint: python.relativeHint } : {}),
      ...(python.throughPackage !== undefined ? { throughPackage: python.throughPackage } : {}),
      ...(python.sourcePackage !== undefined ? { sourcePackage: python.sourcePackage } : {}),
      ...(python.cutAt !== undefined ? { cutAt: python.cutAt } : {}),
    });
  },
  importer: async (file, { source, dest, moved, modules, unitReads }) =>
    planPythonImporter({
      importerPath: file.path,
      sourcePath: source.path,
      destPath: dest.path,
      text: file.text,
      moved,
      ...(modules ? { modules } : {}),
      ...(unitReads ? { unitReads } : {}),
    }),
};
