import { type Selector, type SelectResult, selectByAnchors } from "./anchored.ts";
import type { SyntaxFault } from "./faults.ts";
import { FORMATS } from "./formats/index.ts";
import { isCode, LANGUAGE_LIST, type Language } from "./languages.ts";
import { syntaxFaults as faultsOf, firstError, withTree } from "./parser.ts";
import { listRegions } from "./regions.ts";
import { findSymbol, listSymbols, type SymbolUnit } from "./symbols.ts";

export type { Selected, SelectFailure, Selector, SelectResult } from "./anchored.ts";

/**
 * Resolves a selector in `text`. `focus` needs a language (`undefined`: the
 * error says which languages are understood); `where` names the text in messages.
 */
export async function select(
  text: string,
  selector: Selector,
  lang: Language | undefined,
  where: string,
): Promise<SelectResult> {
  if (selector.focus !== undefined) {
    if (lang === undefined)
      return {
        ok: false,
        error: {
          code: "LANGUAGE_UNSUPPORTED",
          message: `\`focus\` needs a file edgeclip parses (${LANGUAGE_LIST}); ${where} is not one (by its extension or \`lang\`). Select by \`start\`/\`end\` anchors or \`lines\` instead.`,
        },
      };
    const units = await unitsOf(text, lang).catch((error: unknown) => {
      if (error instanceof RangeError) return undefined;
      throw error;
    });
    // A parse deeper than the stack (100,000 nested brackets in a hostile file) is named, never a crash.
    if (units === undefined)
      return {
        ok: false,
        error: {
          code: "SYMBOL_NOT_FOUND",
          message: `${where} nests too deeply to parse for \`focus\`; select by \`lines\` or \`start\`/\`end\` anchors instead.`,
        },
      };
    // A symbol's name wins over a region's: a region is found by a name no symbol has.
    const symbols = units.filter((u) => u.kind !== "region");
    const first = findSymbol(symbols, selector.focus, where);
    const found =
      first.ok || first.code === "SYMBOL_AMBIGUOUS" || symbols.length === units.length
        ? first
        : findSymbol(units, selector.focus, where);
    if (!found.ok) return { ok: false, error: { code: found.code, message: found.message } };
    const s = found.symbol;
    return {
      ok: true,
      value: {
        start: s.start,
        end: s.end,
        start_line: s.start_line,
        end_line: s.end_line,
        how: "focus",
        symbol: `${s.name} (${s.kind})`,
      },
    };
  }
  return selectByAnchors(text, selector, where);
}

/**
 * The units of `text` in `lang`: a code file's symbols and regions (in source
 * order, a region before what it holds), a data file's keys or sections.
 */
export async function unitsOf(text: string, lang: Language): Promise<SymbolUnit[]> {
  if (!isCode(lang)) return FORMATS[lang].units(text);
  const symbols = await withTree(text, lang, (tree) => listSymbols(tree, text, lang));
  const regions = listRegions(text);
  if (!regions.length) return symbols;
  return [...regions, ...symbols].sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * The syntax errors of `text` in `lang` (parser.ts `syntaxFaults`); a data
 * file's first error, named by its line's text; one that nests too deeply for
 * the parser, one fault on line 1. Empty: it parses cleanly.
 */
export async function syntaxFaults(text: string, lang: Language): Promise<SyntaxFault[]> {
  try {
    if (isCode(lang)) return await withTree(text, lang, faultsOf);
    const line = FORMATS[lang].firstError(text);
    if (line === undefined) return [];
    return [{ line, text: text.split("\n")[line - 1]?.trim().slice(0, 200) ?? "" }];
  } catch (error) {
    if (error instanceof RangeError) return [{ line: 1, text: "nests too deeply to parse" }];
    throw error;
  }
}

/** Whether `text` parses cleanly as `lang`: `undefined`, or the 1-based line of the first error. */
export async function syntaxError(text: string, lang: Language): Promise<number | undefined> {
  try {
    return isCode(lang) ? await withTree(text, lang, firstError) : FORMATS[lang].firstError(text);
  } catch (error) {
    // Too deep for the parser's stack: it cannot be shown to parse, so it counts as not parsing.
    if (error instanceof RangeError) return 1;
    throw error;
  }
}
