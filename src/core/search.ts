/**
 * Case-insensitive substring search over content read chunk by chunk, and the
 * ranking of entries by where and how often the query occurs. Pure: the store
 * feeds it text, so a match across a chunk boundary is found like any other.
 */

export interface MatchCounter {
  /** Feed the next piece of the content, in order. */
  push(piece: string): void;
  /** Occurrences seen so far and the 1-based line of the first one. */
  result(): { count: number; firstLine: number | undefined; firstLineText: string | undefined };
}

const fold = (s: string) => s.toLowerCase();

/**
 * Counts occurrences of `query` (case-insensitive) in content fed piecewise. The
 * last `query.length - 1` characters of each piece are carried into the next, so
 * a match across a boundary is found; such a match may overlap one counted
 * before, which only nudges the ranking.
 */
export function createMatchCounter(query: string): MatchCounter {
  const needle = fold(query);
  let carry = "";
  let carryStartLine = 1; // line number of carry's first character
  let count = 0;
  let firstLine: number | undefined;
  let firstLineText: string | undefined;
  return {
    push(piece) {
      if (needle.length === 0) return;
      // Lower-casing keeps newlines, so line numbers come from the folded text; the
      // snippet is taken from the original when folding kept its length.
      const original = carry + piece;
      const text = fold(original);
      const snippetSource = text.length === original.length ? original : text;
      for (
        let at = text.indexOf(needle);
        at !== -1;
        at = text.indexOf(needle, at + needle.length)
      ) {
        count++;
        if (firstLine === undefined) {
          firstLine = carryStartLine + newlinesIn(text, 0, at);
          const start = text.lastIndexOf("\n", at) + 1;
          const nl = text.indexOf("\n", at + needle.length);
          firstLineText = snippetSource.slice(start, nl === -1 ? undefined : nl);
        }
      }
      const keep = Math.min(text.length, needle.length - 1);
      carryStartLine += newlinesIn(text, 0, text.length - keep);
      carry = original.slice(original.length - keep);
    },
    result: () => ({ count, firstLine, firstLineText }),
  };
}

function newlinesIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

export interface SearchCandidate {
  key: string;
  description: string;
  contentMatches: number;
  updatedAt: number;
}

/** Where the query was found, weighted: a key match outranks a description match outranks content. */
export function score(query: string, c: SearchCandidate): number {
  const q = fold(query);
  const key = fold(c.key);
  let s = 0;
  if (key === q) s += 100;
  else if (key.includes(q)) s += 40;
  if (fold(c.description).includes(q)) s += 20;
  if (c.contentMatches > 0) s += 10 + Math.min(10, Math.log2(1 + c.contentMatches) * 3);
  return s;
}

/** Highest score first, then the most recently updated. Entries with no match are dropped. */
export function rank<T extends SearchCandidate>(
  query: string,
  candidates: T[],
  max: number,
): Array<T & { score: number }> {
  return candidates
    .map((c) => ({ ...c, score: score(query, c) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || b.updatedAt - a.updatedAt)
    .slice(0, max);
}
