/**
 * What counts as a symbol in each language's tree-sitter grammar (from
 * @vscode/tree-sitter-wasm, the prebuilt WebAssembly grammars VS Code ships).
 * Which languages there are, by extension, is src/shared/refs/languages.ts (the edge
 * needs it too).
 */
import type { CodeLanguage, Language } from "../../../src/shared/refs/languages.ts";

export {
  CODE_LANGUAGES,
  type CodeLanguage,
  type DataFormatName,
  isCode,
  LANGUAGE_LIST,
  LANGUAGES,
  type Language,
  languageNamed,
  languageOf,
} from "../../../src/shared/refs/languages.ts";

/** TypeScript, TSX and JavaScript: one import planner for all three (typescript/move.ts). */
export type ScriptLanguage = Extract<CodeLanguage, "typescript" | "tsx" | "javascript">;

export function isScript(lang: Language | undefined): lang is ScriptLanguage {
  return lang === "typescript" || lang === "tsx" || lang === "javascript";
}

/** Whether a move's importers are rewritten for files of `lang` (imports/importers.ts): each language with a planner in languages/ (moves.ts). */
export function followsImporters(lang: Language | undefined): boolean {
  return isScript(lang) || lang === "python" || lang === "go" || lang === "java" || lang === "rust";
}

export type Kind =
  | "function"
  | "class"
  | "method"
  | "interface"
  | "type"
  | "enum"
  | "variable"
  | "module"
  // Code files: a `# region NAME` … `# endregion` block (regions.ts).
  | "region"
  // Data formats (formats/): a mapping key, an array item, a TOML table, a Markdown section.
  | "key"
  | "item"
  | "table"
  | "section";

/** How symbols look in one grammar's trees. */
export interface Grammar {
  /** Node types that define a named symbol, and their kind. */
  definitions: Record<string, Kind>;
  /** Definitions whose children's names are qualified by theirs (`Class.method`). */
  containers: ReadonlySet<string>;
  /** Nodes that only contain definitions of another name (Rust `impl`): their name qualifies members, they are not symbols. */
  scopes: ReadonlySet<string>;
  /** A node whose whole range is the unit of the definition it wraps (`export …`, `@decorated …`). */
  wrappers: ReadonlySet<string>;
  /** Preceding siblings that belong to the next definition: doc comments, decorators, attributes. */
  attached: ReadonlySet<string>;
  /** Definitions that declare variables: symbols only outside functions. */
  variables: ReadonlySet<string>;
  /** Function bodies that are not definitions (arrow functions, lambdas): variables inside are local. */
  functionScopes: ReadonlySet<string>;
}

const js: Grammar = {
  definitions: {
    function_declaration: "function",
    generator_function_declaration: "function",
    function_signature: "function",
    class_declaration: "class",
    abstract_class_declaration: "class",
    method_definition: "method",
    method_signature: "method",
    abstract_method_signature: "method",
    public_field_definition: "variable",
    field_definition: "variable",
    interface_declaration: "interface",
    type_alias_declaration: "type",
    enum_declaration: "enum",
    internal_module: "module",
    module: "module",
    lexical_declaration: "variable",
    variable_declaration: "variable",
    // CommonJS's `exports.k = …` (symbols.ts commonJsExport): outside functions only.
    expression_statement: "variable",
  },
  containers: new Set([
    "class_declaration",
    "abstract_class_declaration",
    "interface_declaration",
    "internal_module",
    "module",
    "enum_declaration",
  ]),
  scopes: new Set(),
  wrappers: new Set(["export_statement", "ambient_declaration"]),
  attached: new Set(["comment", "decorator"]),
  variables: new Set([
    "lexical_declaration",
    "variable_declaration",
    "public_field_definition",
    "field_definition",
    "expression_statement",
  ]),
  functionScopes: new Set([
    "arrow_function",
    "function_expression",
    "function",
    "generator_function",
  ]),
};

export const GRAMMARS: Record<CodeLanguage, Grammar> = {
  typescript: js,
  tsx: js,
  javascript: js,
  python: {
    definitions: {
      function_definition: "function",
      class_definition: "class",
      expression_statement: "variable",
    },
    containers: new Set(["class_definition"]),
    scopes: new Set(),
    wrappers: new Set(["decorated_definition"]),
    attached: new Set(["comment"]),
    variables: new Set(["expression_statement"]),
    functionScopes: new Set(["lambda"]),
  },
  go: {
    definitions: {
      function_declaration: "function",
      method_declaration: "method",
      type_declaration: "type",
      const_declaration: "variable",
      var_declaration: "variable",
    },
    containers: new Set(),
    scopes: new Set(),
    wrappers: new Set(),
    attached: new Set(["comment"]),
    variables: new Set(["const_declaration", "var_declaration"]),
    functionScopes: new Set(["func_literal"]),
  },
  rust: {
    definitions: {
      function_item: "function",
      function_signature_item: "function",
      struct_item: "class",
      enum_item: "enum",
      union_item: "class",
      trait_item: "interface",
      type_item: "type",
      mod_item: "module",
      const_item: "variable",
      static_item: "variable",
      macro_definition: "function",
    },
    containers: new Set(["trait_item", "mod_item"]),
    scopes: new Set(["impl_item"]),
    wrappers: new Set(),
    attached: new Set(["line_comment", "block_comment", "attribute_item"]),
    variables: new Set(["const_item", "static_item"]),
    functionScopes: new Set(["closure_expression"]),
  },
  java: {
    definitions: {
      class_declaration: "class",
      interface_declaration: "interface",
      enum_declaration: "enum",
      record_declaration: "class",
      annotation_type_declaration: "interface",
      method_declaration: "method",
      constructor_declaration: "method",
      field_declaration: "variable",
      constant_declaration: "variable",
    },
    containers: new Set([
      "class_declaration",
      "interface_declaration",
      "enum_declaration",
      "record_declaration",
      "annotation_type_declaration",
    ]),
    scopes: new Set(),
    wrappers: new Set(),
    attached: new Set(["line_comment", "block_comment"]),
    variables: new Set(["field_declaration", "constant_declaration"]),
    functionScopes: new Set(["lambda_expression"]),
  },
};
