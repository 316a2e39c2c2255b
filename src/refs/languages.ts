/**
 * The languages `focus` and the syntax guard understand (the local agent
 * parses them with tree-sitter), by file extension or by name. Shared: the
 * edge uses it to say which language an entry copied from a file is in.
 */
export const LANGUAGES = [
  "typescript",
  "tsx",
  "javascript",
  "python",
  "go",
  "rust",
  "java",
] as const;
export type Language = (typeof LANGUAGES)[number];

const EXTENSIONS: Record<string, Language> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  py: "python",
  pyi: "python",
  go: "go",
  rs: "rust",
  java: "java",
};

/** The language of a file, by its extension (`undefined`: not one we parse). */
export function languageOf(path: string): Language | undefined {
  const dot = path.lastIndexOf(".");
  if (dot === -1 || path.lastIndexOf("/") > dot) return undefined;
  return EXTENSIONS[path.slice(dot + 1).toLowerCase()];
}

/** A `lang` as the model may write it: a language name or an extension. */
export function languageNamed(name: string): Language | undefined {
  const lower = name.toLowerCase().replace(/^\./, "");
  if ((LANGUAGES as readonly string[]).includes(lower)) return lower as Language;
  return (
    EXTENSIONS[lower] ??
    ({ py3: "python", golang: "go", js: "javascript" } as Record<string, Language>)[lower]
  );
}
