/**
 * What a model knows in a token-bench scenario: the words of what it was
 * given (the task, the tools' definitions, text it was asked to compose) and
 * of every result it has read. A call that writes a word from none of them
 * used knowledge no model would have, such as an import line it never read:
 * bench/tokens.ts fails that scenario. A compound word (`app_staging_session`,
 * `calculateTotal`) passes when each of its parts is known: a model composes
 * those from what it read and what the task asks. Numbers are not checked (a
 * model counts lines in what it read; bench/scenarios.ts counts them the same way).
 */
const WORD = /[\p{L}_][\p{L}\p{N}_]*/gu;

/** The words of `text`: letters, digits and underscores, starting with a letter or underscore. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Every string at any depth of `value` (object keys excluded: parameter names come from the definitions). */
export function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** A word's parts, lower-cased: split at underscores and at lower-to-upper case changes. */
export function partsOf(word: string): string[] {
  return word
    .split(/_+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u)
    .filter((part) => part !== "")
    .map((part) => part.toLowerCase());
}

export class Knowledge {
  private readonly words = new Set<string>();
  private readonly parts = new Set<string>();

  constructor(...texts: string[]) {
    for (const text of texts) this.learn(text);
  }

  learn(text: string): void {
    for (const word of wordsOf(text)) {
      this.words.add(word);
      for (const part of partsOf(word)) this.parts.add(part);
    }
  }

  /** The words of `args`' strings it has not seen, each once, in order. */
  unknown(args: unknown): string[] {
    const missing = new Set<string>();
    for (const text of stringsOf(args))
      for (const word of wordsOf(text))
        if (!this.words.has(word) && !partsOf(word).every((part) => this.parts.has(part)))
          missing.add(word);
    return [...missing];
  }
}
