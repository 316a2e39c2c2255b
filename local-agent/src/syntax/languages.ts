/**
 * The languages `focus` and the syntax guard understand, each with its
 * tree-sitter grammar (from @vscode/tree-sitter-wasm, the prebuilt WebAssembly
 * grammars VS Code ships) and what counts as a symbol in it.
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

export type Kind =
  | "function"
  | "class"
  | "method"
  | "interface"
  | "type"
  | "enum"
  | "variable"
  | "module";

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
  ]),
};

export const GRAMMARS: Record<Language, Grammar> = {
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
  },
};
