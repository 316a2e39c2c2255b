import { describeStages, findPassage } from "../../../src/refs/anchors.ts";
import { wholeLineSpan } from "../../../src/refs/whole-lines.ts";
import { FORMATS } from "./formats/index.ts";
import { isCode, LANGUAGE_LIST, type Language } from "./languages.ts";
import { firstError, withTree } from "./parser.ts";
import { findSymbol, listSymbols, type SymbolUnit } from "./symbols.ts";

/** What a selector picks in a text: a symbol by name, or a passage by anchors. */
export interface Selector {
  focus?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

export interface Selected {
  start: number;
  end: number;
  start_line: number;
  end_line: number;
  /** How it was found: `focus`, or the anchors' stages. */
  how: string;
  /** With focus: the symbol's qualified name and kind. */
  symbol?: string | undefined;
}

export type SelectFailure = {
  code:
    | "SYMBOL_NOT_FOUND"
    | "SYMBOL_AMBIGUOUS"
    | "ANCHOR_NOT_FOUND"
    | "ANCHOR_AMBIGUOUS"
    | "LANGUAGE_UNSUPPORTED"
    | "INVALID_ARGUMENT";
  message: string;
};

export type SelectResult = { ok: true; value: Selected } | { ok: false; error: SelectFailure };

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
    const found = findSymbol(units, selector.focus, where);
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
  if (selector.start === undefined)
    return {
      ok: false,
      error: {
        code: "INVALID_ARGUMENT",
        message: "`end` needs `start`: give the passage's first words too.",
      },
    };
  const passage = findPassage(text, selector.start, selector.end);
  if (!passage.ok)
    return {
      ok: false,
      error: { ...passage.error, message: `${where}: ${passage.error.message}` },
    };
  const p = passage.value;
  // A pair of anchors covering whole lines selects those lines, as `focus` does.
  const lines = selector.end === undefined ? undefined : wholeLineSpan(text, p);
  return {
    ok: true,
    value: {
      start: lines?.start ?? p.start,
      end: lines?.end ?? p.end,
      start_line: p.start_line,
      end_line: p.end_line,
      how: `anchors (${describeStages(p.stages)}${lines ? "; whole lines" : ""})`,
    },
  };
}

/** The units of `text` in `lang`: a code file's symbols, a data file's keys or sections. */
export async function unitsOf(text: string, lang: Language): Promise<SymbolUnit[]> {
  return isCode(lang)
    ? withTree(text, lang, (tree) => listSymbols(tree, text, lang))
    : FORMATS[lang].units(text);
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
