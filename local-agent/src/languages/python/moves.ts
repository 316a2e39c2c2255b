import type { MoveLanguage } from "../moves.ts";
import { type ModuleNames, planPythonImporter, planPythonImports } from "./move.ts";

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
      ...(python.live?.length ? { live: python.live } : {}),
      ...(python.relativeHint !== undefined ? { relativeHint: python.relativeHint } : {}),
      ...(python.throughPackage !== undefined ? { throughPackage: python.throughPackage } : {}),
      ...(python.sourcePackage !== undefined ? { sourcePackage: python.sourcePackage } : {}),
      ...(python.cutAt !== undefined ? { cutAt: python.cutAt } : {}),
      ...(python.stub ? { stub: python.stub } : {}),
      ...(python.stars ? { stars: python.stars } : {}),
    });
  },
  importer: async (
    file,
    { source, dest, moved, modules, unitReads, readThrough, starKept, loadUses },
  ) =>
    planPythonImporter({
      importerPath: file.path,
      sourcePath: source.path,
      destPath: dest.path,
      text: file.text,
      moved,
      ...(modules ? { modules } : {}),
      ...(unitReads ? { unitReads } : {}),
      ...(readThrough?.[file.path]?.length ? { keepBound: readThrough[file.path] } : {}),
      ...(starKept?.length ? { starKept } : {}),
      ...(loadUses?.length ? { loadUses } : {}),
      ...(readThrough ? { boundIn: boundIn(readThrough, modules) } : {}),
    }),
};

/** The modules that bind the old module for others to read through them, by dotted name (ImportersInput.readThrough turned round). */
function boundIn(
  readThrough: Readonly<Record<string, readonly string[]>>,
  modules: ModuleNames | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, names] of Object.entries(readThrough)) {
    const module = modules?.[path];
    if (module && names[0]) out[module] = names[0];
  }
  return out;
}
