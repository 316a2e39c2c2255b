import { type Selector, type SelectResult, selectByAnchors } from "./anchored.ts";
import type { SyntaxFault } from "./faults.ts";
import { FORMATS } from "./formats/index.ts";
import { isCode, LANGUAGE_LIST, type Language } from "./languages.ts";
import { syntaxFaults as faultsOf, firstError, outlineFault, withTree } from "./parser.ts";
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
    const merged = mergedDeclaration(text, symbols, selector.focus, lang);
    const first = merged
      ? { ok: true as const, symbol: merged }
      : findSymbol(symbols, selector.focus, where);
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

/** The kinds TypeScript merges into one declaration: an interface with a class, another interface, a function's or class's namespace. */
const MERGING = new Set(["class", "interface", "function", "enum", "module"]);
const DECLARES =
  /^(?:export|declare|default|abstract|async|function|class|interface|type|const|let|var|enum|namespace|module|import|@)\b/;

/**
 * TypeScript's merged declaration of `name` (`class Schema` and `interface
 * Schema`, found by bench:real on yup): one unit from the first to the last,
 * where what stands between them declares nothing and names it (a comment,
 * `create.prototype = Schema.prototype`); where something else stands there,
 * the value (the class) alone, whose move takes the rest along. Undefined
 * where it is not one (or only interfaces).
 */
function mergedDeclaration(
  text: string,
  symbols: readonly SymbolUnit[],
  name: string,
  lang: Language,
): SymbolUnit | undefined {
  if (lang !== "typescript" && lang !== "tsx") return undefined;
  const parts = symbols.filter((s) => s.name === name.trim()).sort((a, b) => a.start - b.start);
  const first = parts[0];
  const last = parts.at(-1);
  if (!first || !last || parts.length < 2 || !parts.every((p) => MERGING.has(p.kind)))
    return undefined;
  if (parts.filter((p) => p.kind !== "interface" && p.kind !== "module").length > 1)
    return undefined;
  const word = new RegExp(`(?<![\\w$])${name.trim().replace(/\$/g, "\\$")}(?![\\w$])`);
  const value = parts.find((p) => p.kind !== "interface" && p.kind !== "module");
  for (let i = 1; i < parts.length; i++) {
    const between = text
      .slice((parts[i - 1] as SymbolUnit).end, (parts[i] as SymbolUnit).start)
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    for (const line of between.split("\n").map((l) => l.trim()))
      if (line && (DECLARES.test(line) || (!word.test(line) && !/^[)\]};,]+$/.test(line))))
        // Something else stands between (yup's `interface TupleSchemaSpec`, `create.INVALID_DATE
        // = …`): the value alone, whose move takes the rest of it along (typescript/move.ts bringAlong).
        return value;
  }
  return { ...first, kind: (value ?? first).kind, end: last.end, end_line: last.end_line };
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
    if (isCode(lang))
      return await withTree(text, lang, (tree) => {
        const outline = outlineFault(tree, lang);
        return [...(outline ? [outline] : []), ...faultsOf(tree)];
      });
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
    return isCode(lang)
      ? await withTree(text, lang, (tree) => {
          const error = firstError(tree);
          const outline = outlineFault(tree, lang)?.line;
          return error === undefined || outline === undefined
            ? (error ?? outline)
            : Math.min(error, outline);
        })
      : FORMATS[lang].firstError(text);
  } catch (error) {
    // Too deep for the parser's stack: it cannot be shown to parse, so it counts as not parsing.
    if (error instanceof RangeError) return 1;
    throw error;
  }
}
