import type { Selector } from "../../../src/shared/bridge/protocol.ts";
import type { Lines } from "../../../src/shared/core/lines.ts";
import { select } from "../compute/offload.ts";
import { LANGUAGES, type Language, languageNamed, languageOf } from "../syntax/languages.ts";
import type { Selected } from "../syntax/select.ts";
import { failure, type Result } from "./workspace.ts";

/**
 * Selectors resolved in a text (a file's, an entry's, a result's), and what a
 * selection of whole lines means when it is read and when it is removed.
 */

/** The language of a text: `lang` when given (it must be one we parse), else by the file's extension. */
export function languageFor(
  selector: { lang?: string | undefined },
  name: string,
): Result<Language | undefined> {
  if (selector.lang === undefined) return { ok: true, value: languageOf(name) };
  const lang = languageNamed(selector.lang);
  if (lang === undefined)
    return failure(
      "LANGUAGE_UNSUPPORTED",
      `\`lang\` "${selector.lang}" is not a language edgeclip parses: ${LANGUAGES.join(", ")}.`,
    );
  return { ok: true, value: lang };
}

/** A selector resolved in `text` (named `name` in messages). */
export async function selectIn(
  text: string,
  selector: Selector,
  name: string,
): Promise<Result<Selected>> {
  const lang = languageFor(selector, name);
  if (!lang.ok) return lang;
  const found = await select(text, selector, lang.value, `\`${name}\``);
  return found.ok ? found : failure(found.error.code, found.error.message);
}

/** Whether a selection covers whole lines (a symbol), not part of one (anchors). */
export function isWholeLines(lines: Lines, sel: Selected): boolean {
  return (
    lines.start(sel.start_line) === sel.start &&
    (lines.end(sel.end_line) === sel.end || sel.end === lines.text.length)
  );
}

/**
 * The lines removing a whole-line selection takes: with the blank lines that
 * set it apart — those after it when blank lines (or the start of the file)
 * come before it; those before it, at the end of the file.
 */
export function removedLines(
  lines: Lines,
  sel: Selected,
): { start_line: number; end_line: number } {
  const blank = (n: number) => lines.text.slice(lines.start(n), lines.end(n)).trim() === "";
  let first = sel.start_line;
  let last = sel.end_line;
  if (first === 1 || blank(first - 1)) {
    while (last < lines.count && blank(last + 1)) last++;
    if (last === lines.count) while (first > 1 && blank(first - 1)) first--;
  }
  return { start_line: first, end_line: last };
}
