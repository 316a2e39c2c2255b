import { isScript, languageOf } from "../../syntax/languages.ts";
import type { MoveLanguage } from "../moves.ts";
import { planScriptImporter, planScriptImports } from "./move.ts";

/** TypeScript and JavaScript, any pair of them (a .ts unit into a .tsx file): specifiers are paths, so both files by their real paths. */
export const scriptMoves: MoveLanguage = {
  pairs: (from, to) => isScript(from) && isScript(to),
  plan: ({ source, dest, context, ...texts }) => {
    const lang = languageOf(source.abs);
    const destLang = languageOf(dest.abs);
    if (!isScript(lang) || !isScript(destLang)) throw new Error("not a script move");
    return planScriptImports({
      lang,
      destLang,
      sourcePath: source.abs,
      destPath: dest.abs,
      ...texts,
      ...(context.script?.extensionsRequired ? { extensionsRequired: true } : {}),
    });
  },
  importer: async (file, move) => {
    const lang = languageOf(file.abs);
    if (!isScript(lang)) return undefined;
    const { movedTypes, movedDefault, configs, destCreated, sourceEmptied, loadOrder } = move;
    return planScriptImporter({
      lang,
      importerPath: file.abs,
      sourcePath: move.source.abs,
      destPath: move.dest.abs,
      text: file.text,
      moved: move.moved,
      ...(movedTypes ? { movedTypes } : {}),
      ...(movedDefault !== undefined ? { movedDefault } : {}),
      ...(configs ? { configs } : {}),
      ...(destCreated !== undefined ? { destCreated } : {}),
      ...(sourceEmptied ? { sourceEmptied } : {}),
      ...(loadOrder ? { loadOrder } : {}),
    });
  },
};
