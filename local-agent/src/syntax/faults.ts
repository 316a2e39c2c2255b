/**
 * Syntax errors as the syntax guard compares them (file-ops/syntax-guard.ts):
 * pure, so the main thread compares what the compute thread parsed (select.ts
 * `syntaxFaults`).
 */

/** A syntax error: its line, and what it is (its text, or what is missing where). */
export interface SyntaxFault {
  line: number;
  text: string;
}

/**
 * The first of `after`'s faults that `before`'s do not account for (each of
 * those accounts for one of the same text): an error this write made, in a
 * file that may have had others (a construct the grammar misreads, which stays).
 */
export function newFault(
  before: readonly SyntaxFault[],
  after: readonly SyntaxFault[],
): SyntaxFault | undefined {
  const left = new Map<string, number>();
  for (const f of before) left.set(f.text, (left.get(f.text) ?? 0) + 1);
  for (const f of after) {
    const n = left.get(f.text) ?? 0;
    if (n === 0) return f;
    left.set(f.text, n - 1);
  }
  return undefined;
}
