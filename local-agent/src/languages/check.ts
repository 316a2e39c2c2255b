import type { BuildCheck } from "../../../src/shared/bridge/protocol.ts";
import { isCode, type Language, languageOf } from "../syntax/languages.ts";
import { type Diagnostic, describeDiagnostic, newDiagnostics, within } from "./diagnostics.ts";
import { goChecker } from "./go/check.ts";
import { javaChecker } from "./java/check.ts";
import { pythonChecker } from "./python/check.ts";
import { rustChecker } from "./rust/check.ts";
import { typescriptChecker } from "./typescript/check.ts";

/**
 * The build guard (DESIGN.md §3, issue 43): a move is judged by its
 * language's own checker before its receipt says it is done. Each language
 * that has one gives a `LanguageChecker`; this module asks the ones the
 * move's files need, compares what each says of the project as it is and as
 * the move would leave it, and keeps only what is new.
 */

/** A file the operation changes: its text before and after (undefined: absent). */
export interface Change {
  abs: string;
  before: string | undefined;
  after: string | undefined;
}

export interface CheckContext {
  roots: readonly string[];
  /** Roots where a checker may run the project's own code (`--allow-build-code`). */
  buildCode: readonly string[];
  /** Where a checker may keep what makes it warm (the agent's state directory). */
  cacheDir?: string | undefined;
  /** When the check must be over (Date.now() time). */
  deadline: number;
}

/** What a checker found before and after, or why it could not look. */
export type Checked =
  | {
      ok: true;
      before: Diagnostic[];
      after: Diagnostic[];
      /** What it could not judge, and why (Go: a package that cannot be loaded): the receipt says not checked, unless what it judged is broken. */
      partly?: string;
    }
  | { ok: false; why: string };

/** A language's checker, as the build guard calls it without knowing the language. */
export interface LanguageChecker {
  /** What receipts call it: `tsc`, `go vet`. */
  readonly name: string;
  /** The languages whose files it judges. */
  readonly languages: readonly Language[];
  /**
   * Checks the project(s) the changed files belong to, as they are on disk and
   * with `changes` made (nothing is written), within `context.deadline`.
   */
  check(changes: readonly Change[], context: CheckContext): Promise<Checked>;
}

/** Every language's checker: one line each. */
const CHECKERS: readonly LanguageChecker[] = [
  typescriptChecker,
  goChecker,
  pythonChecker,
  javaChecker,
  rustChecker,
];

/** How long a move's check may take, all checkers together. */
export const CHECK_MS = 45_000;

/** The most new diagnostics a refusal or receipt names. */
const NAMED = 5;

/** What the build guard found: the receipt's `check`, and the new diagnostics (for a refusal). */
export interface Guarded {
  check: BuildCheck;
  made: Diagnostic[];
}

/**
 * Checks a move's changes with each checker its files need. `shown` names a
 * file as results do. A checker that cannot run, or runs past the deadline,
 * makes the whole check `not_checked`, saying why; what those that ran found
 * new still counts.
 */
export async function guardBuild(
  changes: readonly Change[],
  where: Omit<CheckContext, "deadline">,
  shown: (abs: string) => string,
): Promise<Guarded> {
  const started = Date.now();
  const deadline = started + CHECK_MS;
  const byChecker = new Map<LanguageChecker, Change[]>();
  const unchecked = new Set<string>();
  for (const change of changes) {
    const lang = languageOf(change.abs);
    if (lang === undefined) continue;
    const checker = CHECKERS.find((c) => c.languages.includes(lang));
    if (checker) byChecker.set(checker, [...(byChecker.get(checker) ?? []), change]);
    else if (isCode(lang)) unchecked.add(lang);
  }
  const names = [...byChecker.keys()].map((c) => c.name);
  const whys = [...unchecked].map((lang) => `no checker for ${lang} yet`);
  const made: Diagnostic[] = [];
  for (const [checker, mine] of byChecker) {
    const left = deadline - Date.now();
    const checked = await Promise.race([
      checker.check(mine, { ...where, deadline }),
      new Promise<Checked>((resolve) =>
        setTimeout(
          () => resolve({ ok: false, why: `past its deadline (${CHECK_MS / 1000} s)` }),
          Math.max(0, left),
        ).unref(),
      ),
    ]);
    if (!checked.ok) whys.push(`${checker.name}: ${checked.why}`);
    else {
      made.push(...newDiagnostics(checked.before, checked.after).map(within(where.roots)));
      if (checked.partly) whys.push(`${checker.name}: ${checked.partly}`);
    }
  }
  const ms = Date.now() - started;
  const checker = names.join(" + ") || "no checker";
  if (!names.length && !unchecked.size) whys.push("no file of a language with a checker");
  const diagnostics = made.slice(0, NAMED).map((d) => describeDiagnostic(d, shown));
  if (made.length) {
    const files = [...new Set(made.map((d) => d.file).filter(Boolean))].map(shown);
    return {
      made,
      check: { checker, outcome: "broke", diagnostics, files: files.slice(0, 100), ms },
    };
  }
  if (whys.length)
    return { made, check: { checker, outcome: "not_checked", why: whys.join("; "), ms } };
  return { made, check: { checker, outcome: "passed", ms } };
}
