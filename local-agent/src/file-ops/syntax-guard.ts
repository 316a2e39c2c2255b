import { syntaxFaults } from "../compute/offload.ts";
import type { Resolved } from "../paths.ts";
import { newFault, type SyntaxFault } from "../syntax/faults.ts";
import { TooComplex } from "../syntax/formats/format.ts";
import { type Language, languageOf } from "../syntax/languages.ts";
import type { FileState } from "./load.ts";
import { placeFault, rustReachable } from "./places.ts";
import { failure, type Result } from "./workspace.ts";

/**
 * The syntax guard, run once an operation's edits are computed and before
 * anything is written: each changed file parsed (on the compute thread,
 * compute/offload.ts) as it was and as it would be.
 */

/**
 * The syntax guard (DESIGN.md §3): every changed file of a language the agent
 * parses is parsed before and after, and its syntax errors compared one by
 * one (select.ts `newFault`): a file this operation would leave with an error
 * it did not have refuses the whole operation (unless only `report`ing). A
 * file the parser already stumbled on (a construct the grammar misreads) is
 * guarded too: only errors it did not have count. What the language's tools
 * say of a file's place counts as one of its errors (places.ts: a Java
 * package that does not name its directory), and a new Rust file no module
 * of the operation declares is not claimed to parse. Returns, per file, whether
 * it parses after: true cleanly, false with an error this write made; a file
 * whose only errors are the ones it had is left out (not this write's to report).
 */
export async function guardSyntax(
  initial: Map<string, FileState>,
  current: Map<string, FileState>,
  where: Resolved[],
  refuse: boolean,
): Promise<Result<Map<string, boolean>>> {
  const parses = new Map<string, boolean>();
  for (const [abs, after] of current) {
    const first = initial.get(abs);
    const lang = languageOf(abs);
    if (!lang || !after.exists || first?.hash === after.hash) continue;
    // A file too large to parse is not checked: the receipt says nothing of its syntax.
    const faults = await withPlace(after, await faultsWithin(after.text, lang), lang);
    if (!faults?.length) {
      // A new Rust file no module of the operation declares is not compiled: no "parses".
      const compiled =
        lang !== "rust" ||
        first?.exists === true ||
        rustReachable(
          after.display,
          [...current.values()].filter((f) => f.exists).map((f) => f.text),
        );
      if (faults && compiled) parses.set(abs, true);
      continue;
    }
    const had = first?.exists
      ? await withPlace(first, await faultsWithin(first.text, lang), lang)
      : [];
    if (!had) continue;
    const fault = newFault(had, faults);
    if (!fault) continue;
    parses.set(abs, false);
    if (!refuse) continue;
    const edit = where.findLastIndex((w) => w.abs === abs);
    return failure(
      "SYNTAX_ERROR",
      `\`${after.display}\` would have a syntax error at line ${fault.line} after this change that it does not have now (${fault.text.slice(0, 120)}), so nothing was written. Check the pasted text and where it goes, or pass \`allow_syntax_errors: true\`.`,
      edit === -1 ? undefined : edit,
    );
  }
  return { ok: true, value: parses };
}

/** A file's syntax faults with what its language's tools say of its place (places.ts). */
function withPlace(
  file: FileState,
  faults: SyntaxFault[] | undefined,
  lang: Language,
): SyntaxFault[] | undefined {
  const place = faults && placeFault(file.display, file.text, lang);
  return place ? [place, ...(faults ?? [])] : faults;
}

/** `syntaxFaults`, or undefined for a text too large to parse (TooComplex). */
function faultsWithin(text: string, lang: Language): Promise<SyntaxFault[] | undefined> {
  return syntaxFaults(text, lang).catch((error: unknown) => {
    if (error instanceof TooComplex) return undefined;
    throw error;
  });
}
