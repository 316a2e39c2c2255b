import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/**
 * Syntax highlighting for the entry page, by highlight.js on the server: its
 * output escapes the text it is given (clipboard content is hostile) and
 * marks tokens with `hljs-*` classes the stylesheet colours. The language
 * comes from the file the entry was copied from, or its key's extension;
 * anything else is shown plain.
 */
const LANGUAGES = {
  bash,
  c,
  cpp,
  css,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  ruby,
  rust,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

const EXTENSIONS: Record<string, keyof typeof LANGUAGES> = {
  sh: "bash",
  bash: "bash",
  c: "c",
  h: "c",
  cc: "cpp",
  cpp: "cpp",
  hpp: "cpp",
  css: "css",
  go: "go",
  java: "java",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  json: "json",
  md: "markdown",
  py: "python",
  pyi: "python",
  rb: "ruby",
  rs: "rust",
  sql: "sql",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "typescript",
  html: "xml",
  xml: "xml",
  svg: "xml",
  yml: "yaml",
  yaml: "yaml",
};

/** The language to highlight an entry in: by its source file's extension, else its key's. */
export function languageFor(source: { path?: unknown }, key: string): string | undefined {
  for (const name of [typeof source.path === "string" ? source.path : "", key]) {
    const match = /\.([A-Za-z0-9]+)$/.exec(name);
    const language = match && EXTENSIONS[match[1]?.toLowerCase() ?? ""];
    if (language) return language;
  }
  return undefined;
}

/**
 * The text for an `html` template: highlighted HTML when the language is
 * known, else the plain string, which the template escapes.
 */
export function highlighted(
  text: string,
  language: string | undefined,
): HtmlEscapedString | string {
  return language ? raw(hljs.highlight(text, { language, ignoreIllegals: true }).value) : text;
}
