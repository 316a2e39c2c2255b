/**
 * The languages `focus` and the syntax guard understand, by file extension or
 * by name: source code (the local agent parses it with tree-sitter) and data
 * formats (keys and sections, through each format's own parser). Shared: the
 * edge uses it to say which language an entry copied from a file is in.
 */
export const CODE_LANGUAGES = [
  "typescript",
  "tsx",
  "javascript",
  "python",
  "go",
  "rust",
  "java",
] as const;
export const DATA_FORMATS = ["yaml", "json", "toml", "markdown"] as const;
export const LANGUAGES = [...CODE_LANGUAGES, ...DATA_FORMATS] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
export type DataFormatName = (typeof DATA_FORMATS)[number];
export type Language = (typeof LANGUAGES)[number];

/** Whether `lang` is source code (tree-sitter), not a data format. */
export function isCode(lang: Language): lang is CodeLanguage {
  return (CODE_LANGUAGES as readonly string[]).includes(lang);
}

/** The languages, as messages name them. */
export const LANGUAGE_LIST =
  "TypeScript, TSX, JavaScript, Python, Go, Rust, Java, YAML, JSON, TOML or Markdown";

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
  yaml: "yaml",
  yml: "yaml",
  json: "json",
  jsonc: "json",
  toml: "toml",
  md: "markdown",
  markdown: "markdown",
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
