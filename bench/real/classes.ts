/**
 * What went wrong in a failed move, for `npm run bench:real`'s report: the
 * check's new findings named by the failure classes of issue 26 (a
 * TypeScript diagnostic's code, a Python import error's kind, rustc's error
 * code or lint), and the
 * project's tests that fail (issue 33, tests.ts).
 */

export interface Found {
  file: string;
  /**
   * TypeScript: the diagnostic's code; Python: compile, import or pyflakes;
   * Rust: rustc's error code (E0432) or its warning's lint (unused_imports);
   * a failing test: test (its id the message); a lint's: lint.
   */
  code: number | string;
  message: string;
}

/** The message of a finding that is a test run that did not complete starts so (tests.ts). */
export const INCOMPLETE = "the test run did not complete";

/**
 * A finding as it compares: its code and message, not its file. A finding the
 * untouched project already had (an undefined name in a unit, say) is not new
 * when it moves with its unit; the messages of what a move breaks name the
 * modules and names involved, so they differ from everything found before.
 */
const key = (f: Found) => `${f.code}\0${sameFinding(f.message)}`;

/**
 * A message as it compares: a relative specifier without its way there
 * (`'../../mocha.js'` where the unit's old file said `'../mocha.js'`), an
 * unused import by its name alone, an intersection's members in one order
 * (TypeScript prints them in the order it met them, which a move changes).
 */
function sameFinding(message: string): string {
  return (
    message
      .replace(/(['"])(?:\.\.?\/)+/g, "$1")
      // pyflakes names an import by its module: the same import of a name that now comes from
      // its new module (a package's `from .x import Name as Name`) is the same finding.
      .replace(/'[\w.]*\.(\w+)' imported but unused/g, "'$1' imported but unused")
      .replace(/'([^']*)'/g, (quoted, inner: string) =>
        inner.includes(" & ") ? `'${topLevel(inner, " & ").sort().join(" & ")}'` : quoted,
      )
  );
}

/** `text` split at `separator` where no bracket is open. */
function topLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if ("([{<".includes(c)) depth++;
    else if (")]}>".includes(c)) depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(from, i));
      from = i + separator.length;
    }
  }
  return [...parts, text.slice(from)];
}

/** The findings of `after` whose kind the untouched project did not have. */
export function newFindings(before: readonly Found[], after: readonly Found[]): Found[] {
  const known = new Set(before.map(key));
  return after.filter((f) => !known.has(key(f)));
}

/**
 * The linter's findings in what a move wrote that the untouched files did not
 * have (newFindings), but for gofmt's in a file its author never laid out:
 * a line of it the move reworded (a qualifier renamed: lz4's unaligned
 * struct) pairs with the one of the same words that file no longer has, as
 * the agent's guard reads them (Diagnostic.layout).
 */
export function newLintFindings(before: readonly Found[], after: readonly Found[]): Found[] {
  const gofmt = (f: Found) => f.message.startsWith("gofmt would change:");
  // The same words but for qualifiers and spacing (`lz4block.Level` → `level.Level`).
  const words = (f: Found) =>
    `${f.file}\u0000${f.message.replace(/\b[A-Za-z_]\w*\./g, "").replace(/\s+/g, " ")}`;
  const now = new Set(after.map(key));
  const lost = new Map<string, number>();
  for (const f of before)
    if (gofmt(f) && !now.has(key(f))) lost.set(words(f), (lost.get(words(f)) ?? 0) + 1);
  return newFindings(before, after).filter((f) => {
    const left = gofmt(f) ? (lost.get(words(f)) ?? 0) : 0;
    if (left) lost.set(words(f), left - 1);
    return !left;
  });
}

const TS_CLASSES: [number[], string][] = [
  [[2305, 2724, 2614, 2460], "an importer not followed"],
  [[2304, 2552, 2503, 2749, 2693, 2833], "a name the unit or its file uses not imported"],
  [[6133, 6192, 6196, 6198, 6138], "an unused import or name (scope)"],
  [[2307, 2792, 2834, 2835, 2306], "a module specifier that names no file"],
  [[1205, 1371, 1484, 1485, 2748, 1362, 1361], "a type imported or exported as a value"],
  [[2300, 2440, 2451, 2395, 2484], "a name declared twice"],
  [[2449, 2450, 2454, 2448], "a use before its declaration"],
  [[2308], "an ambiguous re-export"],
  [[2459, 2656, 4094], "a name not exported"],
];

const RUST_CLASSES: [string[], string][] = [
  [["E0432", "E0433"], "an importer not followed"],
  [["E0405", "E0412", "E0422", "E0423", "E0425"], "a name the unit or its file uses not imported"],
  [["unused_imports", "dead_code"], "an unused import or name (scope)"],
  [["E0583"], "a module specifier that names no file"],
  [["E0252", "E0254", "E0255", "E0428"], "a name declared twice"],
  [["E0451", "E0603", "E0616", "E0624"], "a name not exported"],
];

/** The failure class of one finding. */
export function classOf(f: Found): string {
  if (f.code === "test")
    return f.message.startsWith(INCOMPLETE)
      ? "a test run that does not complete"
      : "a test that fails";
  if (typeof f.code === "number") {
    const known = TS_CLASSES.find(([codes]) => codes.includes(f.code as number));
    if (known) return known[1];
    return f.code < 2000 ? "a syntax error" : `TS${f.code}`;
  }
  const rust = RUST_CLASSES.find(([codes]) => codes.includes(f.code as string));
  if (rust) return rust[1];
  if (/^E\d{4}$/.test(f.code)) return `rustc ${f.code}`;
  if (f.code === "compile") return "a syntax error";
  if (f.code === "pyflakes") return "a name the unit or its module uses not imported";
  if (/partially initialized|circular import/.test(f.message)) return "a circular import";
  if (/^ModuleNotFoundError/.test(f.message)) return "a module path that names no module";
  if (/^ImportError: cannot import name/.test(f.message)) return "an importer not followed";
  if (/^NameError/.test(f.message)) return "a name missing when the module loads";
  return f.message.split(":")[0] ?? "an import error";
}
