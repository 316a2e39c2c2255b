import { showable } from "../../../src/shared/core/quote.ts";
import { isInside } from "../paths.ts";

/**
 * What a language's checker says of a project, and which of it a move made:
 * pure, so that the comparison at the heart of the build guard has tests of
 * its own.
 */

/** One diagnostic: where, and what (a checker's code, if it has codes, and its message). */
export interface Diagnostic {
  /** The file's absolute path ("" for one the checker ties to no file). */
  file: string;
  /** 1-based; 0 when the checker gives no line. */
  line: number;
  /** `TS2305`, `E0603`, `vet`: a checker's code, or "" where it has none. */
  code: string;
  message: string;
  /**
   * What the project cannot find, for a diagnostic that says only that (a
   * module it cannot resolve, a package not installed, type definitions not
   * installed): a bare name, or an absolute path for a relative one.
   */
  missing?: string;
  /**
   * What it is compared by, where its message names what a move changes
   * (pyflakes' `'.runtime.Undefined' imported but unused` names the module,
   * `redefinition of unused 'Console' from line 29` a line): the message
   * without those. The message otherwise.
   */
  same?: string;
  /**
   * Said again by each copy of what it is about, and one finding however many times (rustc's
   * `unexpected cfg condition name: fuzzing`, once a `#[cfg(fuzzing)]`): new only where the
   * project did not say it before.
   */
  repeats?: true;
  /**
   * A layout finding (gofmt's `not laid out as gofmt would: <the line>`): one whose
   * line's text the move changed (a qualifier renamed in a file its author never
   * formatted) is the one its file had before, where that one is gone.
   */
  layout?: true;
}

/** A message as it is compared: whitespace runs as one space, without a trailing period. */
const normal = (message: string) => message.replace(/\s+/g, " ").trim().replace(/\.$/, "");

/**
 * The diagnostics in `after` that `before` does not account for: what a move
 * made, not what the project had (an untyped project's noise cancels out).
 * Compared by code and message, as many times as each occurs, and not by
 * line: a move shifts lines. First within each file, then across files for
 * what is left: a move carries the errors its unit had into another file,
 * where they are not new, and a generic message (javac's `cannot find
 * symbol`) new in one file is not hidden by the same words another file had. A message that names the moved unit's
 * old module (`Module './a' has no exported member 'x'`) is new where it was not
 * before, which is what it should be.
 *
 * What the project could not find before the move (`Cannot find module
 * 'express'` in a clone never installed) is its setup, not the move's: a unit
 * that carries that import into another file says it again, and is not refused
 * for it. Only something newly missing counts (a relative import, by the file
 * it names, that no longer resolves from where it now is).
 */
export function newDiagnostics(
  before: readonly Diagnostic[],
  after: readonly Diagnostic[],
): Diagnostic[] {
  const missing = new Set<string>();
  for (const d of before) if (d.missing !== undefined) missing.add(d.missing);
  const found = before.filter((d) => d.missing === undefined);
  const what = (d: Diagnostic) => `${d.code}\u0000${normal(d.same ?? d.message)}`;
  // First in the same file (so a generic message, javac's `cannot find symbol`, new in one file
  // is not taken for one another file had), then anywhere (what the unit carried along).
  const inFile = counts(found, (d) => `${d.file}\u0000${what(d)}`);
  const leftover: Diagnostic[] = [];
  for (const d of after) {
    if (d.missing !== undefined) {
      if (!missing.has(d.missing)) leftover.push(d);
      continue;
    }
    if (!take(inFile, `${d.file}\u0000${what(d)}`)) leftover.push(d);
  }
  const unmatched = found.filter((d) => {
    const k = `${d.file}\u0000${what(d)}`;
    return take(inFile, k);
  });
  const anywhere = counts(unmatched, what);
  const said = new Set(found.filter((d) => d.repeats).map(what));
  const left = leftover.filter(
    (d) =>
      d.missing !== undefined || !(take(anywhere, what(d)) || (d.repeats && said.has(what(d)))),
  );
  // What is still left of a layout finding whose line the move reworded pairs with one its file
  // lost, of the same words but for qualifiers and spacing (`lz4block.Level` → `level.Level`).
  const lost = unmatched.filter((d) => d.layout && take(anywhere, what(d)));
  const words = (d: Diagnostic) =>
    `${d.file}\u0000${d.code}\u0000${normal(d.message.replace(/\b[A-Za-z_]\w*\./g, ""))}`;
  const pairs = counts(lost, words);
  return left.filter((d) => !(d.layout && take(pairs, words(d))));
}

function counts<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

/** Takes one of `key` from `left`: whether there was one. */
function take(left: Map<string, number>, key: string): boolean {
  const n = left.get(key) ?? 0;
  if (n === 0) return false;
  left.set(key, n - 1);
  return true;
}

/** The 1-based line of offset `at` in `text`. */
export function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/**
 * A diagnostic as a receipt or refusal names it: `src/b.ts:12: TS2305 Module
 * './a.js' has no exported member 'x'.`, the path as `shown` names it, the
 * message on one line and at most `max` characters.
 */
export function describeDiagnostic(
  d: Diagnostic,
  shown: (abs: string) => string,
  max = 300,
): string {
  const message = d.message.replace(/\s+/g, " ").trim();
  const text = `${d.file ? `${shown(d.file)}:${d.line || 1}: ` : ""}${d.code ? `${d.code} ` : ""}${message}`;
  // A checker's words come from the project's files: shown as names, never as lines.
  return showable(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

/**
 * A diagnostic as the model may see it: one in a file outside the agent's
 * roots (a project's config can make a checker read one) still counts, but
 * names neither the file nor what the checker says of it.
 */
export const within =
  (roots: readonly string[]) =>
  (d: Diagnostic): Diagnostic =>
    !d.file || roots.some((r) => isInside(r, d.file))
      ? d
      : { file: "", line: 0, code: d.code, message: "in a file outside the agent's roots" };
