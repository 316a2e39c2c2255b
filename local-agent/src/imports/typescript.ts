import type { ScriptLanguage } from "../syntax/languages.ts";
import { type Node, type Tree, withTree } from "../syntax/parser.ts";
import {
  type ImporterPlan,
  type ImportPlan,
  importerChanges,
  kids,
  lineEnd,
  type MoveTexts,
  replaceRanges,
} from "./plan.ts";
import {
  extensionStyle,
  isRelative,
  respecify,
  names as specifierNames,
  specifierOf,
} from "./specifiers.ts";

/**
 * Import-aware moves for TypeScript, TSX and JavaScript (DESIGN.md §3): what
 * the files around a moved unit need so that both still compile. Pure: texts
 * in, texts out; the agent applies them in the move's one journaled operation.
 *
 * - The destination gains the imports the unit uses (merged into an existing
 *   import of the same module; relative specifiers rewritten for its directory).
 * - Names the unit uses from its old file's top level are imported from there,
 *   and exported there if they were not.
 * - The old file imports the unit back if it still uses it.
 * What it cannot follow (a dynamic `import()` or `require()` of a relative path
 * inside the unit, a name bound by `export * from`) is reported, never guessed.
 * A name the unit declares locally with the name of an import is taken for the
 * import (an import too many, never one too few).
 */

/** One name an import statement binds. `imported`: the exported name, `default`, or `*` (namespace). */
export interface Binding {
  local: string;
  imported: string;
  specifier: string;
  typeOnly: boolean;
}

interface ImportStatement {
  node: { start: number; end: number };
  specifier: string;
  /** The source string as written, quotes included. */
  sourceText: string;
  semicolon: boolean;
  /** Its names as written (`b as c`, `type T`), each with the local name it binds and the name it imports. */
  parts: {
    local: string;
    imported: string;
    text: string;
    kind: "default" | "namespace" | "named";
  }[];
  typeOnly: boolean;
  /** The `{ … }` list's closing brace offset, when it has one. */
  closeBrace: number | undefined;
}

interface TopLevel {
  name: string;
  /** An interface or a type alias: imported with `type`. */
  isType: boolean;
  /** Where `export ` goes to export it; undefined when it is exported already. */
  exportAt: number | undefined;
  start: number;
  end: number;
}

interface FileFacts {
  imports: ImportStatement[];
  bindings: Binding[];
  topLevel: TopLevel[];
  /** Where a new import statement goes: after the last import, or after the file's leading comments. */
  insertAt: number;
  quote: string;
  semicolon: boolean;
}

const DECLARATIONS = new Set([
  "function_declaration",
  "generator_function_declaration",
  "class_declaration",
  "abstract_class_declaration",
  "lexical_declaration",
  "variable_declaration",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
]);

function declaredNames(node: Node): string[] {
  if (node.type === "lexical_declaration" || node.type === "variable_declaration")
    return kids(node)
      .filter((c) => c.type === "variable_declarator")
      .flatMap((c) => {
        const id = c.childForFieldName("name");
        return id?.type === "identifier" ? [id.text] : [];
      });
  const name = node.childForFieldName("name");
  return name ? [name.text] : [];
}

function stringValue(node: Node | null): string | undefined {
  if (node?.type !== "string") return undefined;
  return kids(node)
    .filter((c) => c.type === "string_fragment")
    .map((c) => c.text)
    .join("");
}

function factsOf(tree: Tree, text: string): FileFacts {
  const imports: ImportStatement[] = [];
  const bindings: Binding[] = [];
  const topLevel: TopLevel[] = [];
  let quote = '"';
  let semicolon = true;
  let insertAt = leadingCommentsEnd(text);
  for (const child of kids(tree.rootNode)) {
    if (child.type === "import_statement") {
      const specifier = stringValue(child.childForFieldName("source"));
      if (specifier === undefined) continue;
      const source = child.childForFieldName("source");
      if (imports.length === 0 && source) {
        quote = source.text[0] === "'" ? "'" : '"';
        semicolon = child.text.trimEnd().endsWith(";");
      }
      const typeOnly = kids(child).some((c) => c.type === "type");
      const clause = kids(child).find((c) => c.type === "import_clause");
      const statement: ImportStatement = {
        node: { start: child.startIndex, end: child.endIndex },
        specifier,
        sourceText: source?.text ?? `"${specifier}"`,
        semicolon: child.text.trimEnd().endsWith(";"),
        parts: [],
        typeOnly,
        closeBrace: undefined,
      };
      /** One name the statement binds: a part of it, and a binding of the file. */
      const bind = (part: ImportStatement["parts"][number], typeName = false) => {
        statement.parts.push(part);
        const { local, imported } = part;
        bindings.push({ local, imported, specifier, typeOnly: typeOnly || typeName });
      };
      for (const part of clause ? kids(clause) : []) {
        if (part.type === "identifier") {
          bind({ local: part.text, imported: "default", text: part.text, kind: "default" });
        } else if (part.type === "namespace_import") {
          const id = kids(part).find((c) => c.type === "identifier");
          if (id) bind({ local: id.text, imported: "*", text: part.text, kind: "namespace" });
        } else if (part.type === "named_imports") {
          const close = kids(part).find((c) => c.type === "}");
          statement.closeBrace = close?.startIndex;
          for (const spec of kids(part).filter((c) => c.type === "import_specifier")) {
            const ids = kids(spec).filter((c) => c.type === "identifier");
            const imported = ids[0]?.text;
            if (!imported) continue;
            bind(
              { local: ids[1]?.text ?? imported, imported, text: spec.text, kind: "named" },
              kids(spec).some((c) => c.type === "type"),
            );
          }
        }
      }
      imports.push(statement);
      insertAt = lineEnd(text, child.endIndex);
      continue;
    }
    const exported = child.type === "export_statement";
    const declaration = exported ? child.childForFieldName("declaration") : child;
    if (!declaration || !DECLARATIONS.has(declaration.type)) continue;
    for (const name of declaredNames(declaration))
      topLevel.push({
        name,
        isType:
          declaration.type === "interface_declaration" ||
          declaration.type === "type_alias_declaration",
        exportAt: exported ? undefined : child.startIndex,
        start: child.startIndex,
        end: child.endIndex,
      });
  }
  return { imports, bindings, topLevel, insertAt, quote, semicolon };
}

/**
 * Past a shebang, a `"use strict"`, and the comment blocks that open a file
 * (a licence, a module's doc comment): a block followed by a blank line. A
 * comment directly above code is that code's doc comment, and stays with it.
 */
function leadingCommentsEnd(text: string): number {
  let at = 0;
  let header = 0;
  let comment = false;
  let inBlock = false;
  while (at < text.length) {
    const end = lineEnd(text, at);
    const line = text.slice(at, end).trim();
    if (inBlock) {
      if (line.includes("*/")) inBlock = false;
    } else if (line === "") {
      // A comment block ends the header only where a blank line follows it.
      if (comment) header = end;
      comment = false;
    } else if (line.startsWith("#!") || line === '"use strict";' || line === "'use strict';") {
      header = end;
    } else if (line.startsWith("//")) {
      comment = true;
    } else if (line.startsWith("/*")) {
      comment = true;
      inBlock = !line.slice(2).includes("*/");
    } else break;
    at = end;
  }
  return header;
}

/** `text` without the blank lines that set its imports apart from its code, once no import is left. */
function withoutLeadingBlank(text: string): string {
  const at = leadingCommentsEnd(text);
  let end = at;
  while (text.startsWith("\n", end) || text.startsWith("\r\n", end))
    end += text.startsWith("\n", end) ? 1 : 2;
  return text.slice(0, at) + text.slice(end);
}

/** The identifiers read in [start, end) of `tree` (outside import statements), and the dynamic imports and requires there. */
function usesIn(tree: Tree, start: number, end: number) {
  const used = new Set<string>();
  const dynamic: string[] = [];
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_statement") return;
    if (
      node.type === "identifier" ||
      node.type === "type_identifier" ||
      node.type === "shorthand_property_identifier"
    )
      used.add(node.text);
    if (node.type === "call_expression") {
      const fn = node.childForFieldName("function");
      const args = node.childForFieldName("arguments");
      const first = args ? kids(args).find((c) => c.type === "string") : undefined;
      const spec = stringValue(first ?? null);
      if (
        fn &&
        (fn.type === "import" || fn.text === "require") &&
        spec !== undefined &&
        isRelative(spec)
      )
        dynamic.push(`${fn.text === "require" ? "require" : "import"}("${spec}")`);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return { used, dynamic };
}

/** One import a file needs: a binding under its local name, from a specifier as that file writes it. */
interface Need {
  local: string;
  imported: string;
  specifier: string;
  /** From an `import type` statement: goes in one. */
  typeOnly: boolean;
  /** A type among values (`{ type Entry, digest }`). */
  typeName?: boolean;
}

const specifierText = (need: Need) =>
  `${need.typeName ? "type " : ""}${need.imported === need.local ? need.local : `${need.imported} as ${need.local}`}`;

/** `text` with `needs` imported: merged into an import of the same module, or in new statements. */
function addImports(text: string, facts: FileFacts, needs: Need[], path: string): string {
  const edits: { start: number; end: number; insert: string }[] = [];
  const fresh = new Map<string, Need[]>();
  for (const need of needs) {
    if (facts.bindings.some((b) => b.local === need.local)) continue;
    if (facts.topLevel.some((t) => t.name === need.local)) continue;
    const same = facts.imports.find(
      (s) =>
        (s.specifier === need.specifier ||
          (isRelative(s.specifier) &&
            isRelative(need.specifier) &&
            specifierNames(s.specifier, path, joinFrom(path, need.specifier)))) &&
        s.typeOnly === need.typeOnly,
    );
    if (
      same &&
      need.imported !== "default" &&
      need.imported !== "*" &&
      same.closeBrace !== undefined
    ) {
      const before = text.slice(0, same.closeBrace).trimEnd();
      const sep = before.endsWith("{") ? " " : before.endsWith(",") ? " " : ", ";
      edits.push({
        start: before.length,
        end: before.length,
        insert: `${sep}${specifierText(need)}`,
      });
      continue;
    }
    const key = `${need.typeOnly ? "type " : ""}${need.specifier}`;
    fresh.set(key, [...(fresh.get(key) ?? []), need]);
  }
  const q = facts.quote;
  const end = facts.semicolon ? ";" : "";
  const statements: string[] = [];
  for (const group of fresh.values()) {
    const first = group[0] as Need;
    const from = `${q}${first.specifier}${q}`;
    const allTypes = group.every((n) => n.typeName);
    const type = first.typeOnly || allTypes ? "type " : "";
    const named = group
      .filter((n) => n.imported !== "default" && n.imported !== "*")
      .map((n) => (allTypes ? { ...n, typeName: false } : n));
    const defaults = group.filter((n) => n.imported === "default");
    const namespaces = group.filter((n) => n.imported === "*");
    for (const n of namespaces) statements.push(`import ${type}* as ${n.local} from ${from}${end}`);
    const head = defaults[0]?.local;
    if (head !== undefined || named.length) {
      const list = named.length ? `{ ${named.map(specifierText).join(", ")} }` : "";
      statements.push(
        `import ${type}${[head, list].filter(Boolean).join(", ")} from ${from}${end}`,
      );
    }
  }
  if (statements.length) {
    const at = facts.insertAt;
    const after = text.slice(at);
    const block = `${statements.join("\n")}\n`;
    // A file without imports gets a blank line between them and its code.
    const gap = facts.imports.length === 0 && after !== "" && !after.startsWith("\n") ? "\n" : "";
    edits.push({ start: at, end: at, insert: block + gap });
  }
  return replaceRanges(text, edits);
}

function joinFrom(importer: string, specifier: string): string {
  const dir = importer.includes("/") ? importer.slice(0, importer.lastIndexOf("/")) : ".";
  return normalize(`${dir}/${specifier}`);
}

function normalize(p: string): string {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

/** `statement` with only `kept` of its names, on one line. */
function rebuilt(statement: ImportStatement, kept: ImportStatement["parts"]): string {
  const head = kept.filter((p) => p.kind !== "named").map((p) => p.text);
  const named = kept.filter((p) => p.kind === "named").map((p) => p.text);
  const list = [...head, ...(named.length ? [`{ ${named.join(", ")} }`] : [])].join(", ");
  return `import ${statement.typeOnly ? "type " : ""}${list} from ${statement.sourceText}${statement.semicolon ? ";" : ""}`;
}

export interface MoveInput extends MoveTexts {
  lang: ScriptLanguage;
  /** The destination's language, when not the source's (a .ts unit into a .tsx file). */
  destLang?: ScriptLanguage;
}

/** The imports both files need after `unit` moved from `sourcePath` to `destPath`. */
export async function planScriptImports(input: MoveInput): Promise<ImportPlan> {
  const { lang, sourcePath, destPath } = input;
  const before = await withTree(input.sourceBefore, lang, (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    uses: usesIn(tree, input.unit.start, input.unit.end),
  }));
  const moved = new Set(
    before.facts.topLevel
      .filter((t) => t.start >= input.unit.start && t.end <= input.unit.end)
      .map((t) => t.name),
  );
  const dest = await withTree(input.destAfter, input.destLang ?? lang, (tree) =>
    factsOf(tree, input.destAfter),
  );
  const style = extensionStyle([
    ...dest.imports.map((s) => s.specifier),
    ...before.facts.imports.map((s) => s.specifier),
  ]);
  const changes: string[] = [];
  const unresolved = before.uses.dynamic.map(
    (d) => `${d} in the moved unit names a path relative to ${sourcePath}; it was not rewritten`,
  );

  // What the unit uses: the old file's imports (in their order there), then its other
  // top-level names (in the order they are declared), as one import of the old file.
  const used = before.uses.used;
  const destNeeds: Need[] = [];
  const toExport: string[] = [];
  for (const binding of before.facts.bindings)
    if (used.has(binding.local) && !moved.has(binding.local))
      destNeeds.push({ ...binding, specifier: respecify(binding.specifier, sourcePath, destPath) });
  for (const top of before.facts.topLevel) {
    if (!used.has(top.name) || moved.has(top.name)) continue;
    if (destNeeds.some((n) => n.local === top.name)) continue;
    destNeeds.push({
      local: top.name,
      imported: top.name,
      specifier: specifierOf(sourcePath, destPath, style),
      typeOnly: false,
      typeName: top.isType,
    });
    if (top.exportAt !== undefined) toExport.push(top.name);
  }
  const destination = addImports(input.destAfter, dest, destNeeds, destPath);
  if (destination !== input.destAfter)
    changes.push(
      `${destPath}: imports ${destNeeds
        .map((n) => n.local)
        .filter(
          (n) =>
            !dest.bindings.some((b) => b.local === n) && !dest.topLevel.some((t) => t.name === n),
        )
        .join(", ")}`,
    );

  // The old file: export what the unit now imports from it, import the unit back if still used.
  let source = input.sourceAfter;
  const after = await withTree(source, lang, (tree) => ({
    facts: factsOf(tree, source),
    uses: usesIn(tree, 0, source.length),
  }));
  const exportEdits = after.facts.topLevel
    .filter((t) => toExport.includes(t.name) && t.exportAt !== undefined)
    .map((t) => ({ start: t.exportAt as number, end: t.exportAt as number, insert: "export " }));
  const exports = exportEdits.filter(
    (e, i) => exportEdits.findIndex((f) => f.start === e.start) === i,
  );
  if (exports.length) changes.push(`${sourcePath}: exports ${toExport.join(", ")}`);

  // Imports the unit used that nothing left in the old file uses go with it.
  const unitImports = new Set(
    before.facts.bindings.filter((b) => used.has(b.local)).map((b) => b.local),
  );
  const gone = (local: string) => unitImports.has(local) && !after.uses.used.has(local);
  const dropped: string[] = [];
  const drops = after.facts.imports.flatMap((statement) => {
    const kept = statement.parts.filter((part) => !gone(part.local));
    if (kept.length === statement.parts.length) return [];
    dropped.push(...statement.parts.filter((part) => gone(part.local)).map((p) => p.local));
    return kept.length === 0
      ? [{ start: statement.node.start, end: lineEnd(source, statement.node.end), insert: "" }]
      : [
          {
            start: statement.node.start,
            end: statement.node.end,
            insert: rebuilt(statement, kept),
          },
        ];
  });
  if (dropped.length) changes.push(`${sourcePath}: drops imports ${dropped.join(", ")}`);

  // The unit imported back where the old file still uses it.
  const importedNames = new Set(after.facts.bindings.map((b) => b.local));
  const stillUsed = [...moved].filter(
    (name) => after.uses.used.has(name) && !importedNames.has(name),
  );
  source = replaceRanges(source, [...exports, ...drops]);
  // No import left: the blank line that set them apart from the code goes too.
  const allGone =
    after.facts.imports.length > 0 &&
    after.facts.imports.every((st) => st.parts.every((p) => gone(p.local)));
  if (allGone) source = withoutLeadingBlank(source);
  if (stillUsed.length) {
    const backNeeds: Need[] = stillUsed.map((name) => ({
      local: name,
      imported: name,
      specifier: specifierOf(destPath, sourcePath, style),
      typeOnly: false,
    }));
    const refreshed = await withTree(source, lang, (tree) => factsOf(tree, source));
    source = addImports(source, refreshed, backNeeds, sourcePath);
    changes.push(`${sourcePath}: imports ${stillUsed.join(", ")} from ${destPath}`);
  }
  return { source, destination, changes, unresolved, moved: [...moved] };
}

export interface ImporterInput {
  lang: ScriptLanguage;
  /** The importer, the unit's old file and its new one, as absolute paths. */
  importerPath: string;
  sourcePath: string;
  destPath: string;
  text: string;
  /** The names the unit declares. */
  moved: readonly string[];
}

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/**
 * An importer of names that moved from `sourcePath` to `destPath`: each
 * `import { … } from` the old file loses them, and they are imported from the
 * new one (merged into an import of it, in the importer's specifier style).
 * A namespace import, a re-export or a dynamic import of the old file that
 * may reach them is reported, not rewritten.
 */
export async function planScriptImporter(input: ImporterInput): Promise<ImporterPlan> {
  const { importerPath, sourcePath, destPath, text } = input;
  const moved = new Set(input.moved);
  const namesSource = (specifier: string) => specifierNames(specifier, importerPath, sourcePath);
  const found = await withTree(text, input.lang, (tree) => {
    const reexports: string[] = [];
    for (const child of kids(tree.rootNode)) {
      if (child.type !== "export_statement") continue;
      const spec = stringValue(child.childForFieldName("source"));
      if (spec === undefined || !namesSource(spec)) continue;
      const clause = kids(child).find((c) => c.type === "export_clause");
      const names = clause
        ? kids(clause)
            .filter((c) => c.type === "export_specifier")
            .map((c) => c.childForFieldName("name")?.text ?? "")
        : undefined;
      if (names === undefined || names.some((n) => moved.has(n)))
        reexports.push(
          `export ${names ? `{ ${names.filter((n) => moved.has(n)).join(", ")} }` : "*"} from "${spec}"`,
        );
    }
    const dynamic = usesIn(tree, 0, text.length).dynamic.filter((d) =>
      namesSource(d.slice(d.indexOf('"') + 1, d.lastIndexOf('"'))),
    );
    return { facts: factsOf(tree, text), reexports, dynamic };
  });
  const unresolved = [
    ...found.reexports.map(
      (r) => `${importerPath}: ${r} re-exports from ${sourcePath}; not rewritten`,
    ),
    ...found.dynamic.map((d) => `${importerPath}: ${d} may reach what moved; not rewritten`),
  ];
  const needs: Need[] = [];
  const edits: { start: number; end: number; insert: string }[] = [];
  // With no import of the new file to merge into (and no name of the unit's declared
  // here), each import of the old file is followed by one of the new file for what moved.
  const inPlace =
    !found.facts.imports.some((s) => specifierNames(s.specifier, importerPath, destPath)) &&
    !found.facts.topLevel.some((t) => moved.has(t.name));
  for (const statement of found.facts.imports) {
    if (!namesSource(statement.specifier)) continue;
    const going = statement.parts.filter((p) => p.kind === "named" && moved.has(p.imported));
    for (const p of statement.parts.filter((p) => p.kind === "namespace")) {
      const through = [...moved].filter((m) =>
        new RegExp(
          `(?<![\\w$])${escapeRegExp(p.local)}\\s*\\??\\.\\s*${escapeRegExp(m)}(?![\\w$])`,
        ).test(text),
      );
      if (through.length)
        unresolved.push(
          `${importerPath}: uses ${through.map((m) => `${p.local}.${m}`).join(", ")} through \`import * as ${p.local}\`; not rewritten`,
        );
    }
    // A default import under a moved name is likely the unit itself: said, not guessed.
    for (const p of statement.parts.filter((p) => p.kind === "default" && moved.has(p.local)))
      unresolved.push(
        `${importerPath}: imports the default export of ${sourcePath} as ${p.local}; if that is what moved, import it from ${destPath}`,
      );
    if (!going.length) continue;
    const style = extensionStyle([statement.specifier]);
    for (const p of going)
      needs.push({
        local: p.local,
        imported: p.imported,
        specifier: specifierOf(destPath, importerPath, style),
        typeOnly: statement.typeOnly,
        typeName: !statement.typeOnly && p.text.startsWith("type "),
      });
    const kept = statement.parts.filter((p) => !going.includes(p));
    if (inPlace) {
      // The new import goes where the old one is, in its quotes and with its semicolon.
      const q = statement.sourceText[0] ?? '"';
      const fresh = `import ${statement.typeOnly ? "type " : ""}{ ${going.map((p) => p.text).join(", ")} } from ${q}${specifierOf(destPath, importerPath, style)}${q}${statement.semicolon ? ";" : ""}`;
      const insert = kept.length ? `${rebuilt(statement, kept)}\n${fresh}` : fresh;
      edits.push({ start: statement.node.start, end: statement.node.end, insert });
      continue;
    }
    edits.push(
      kept.length === 0
        ? { start: statement.node.start, end: lineEnd(text, statement.node.end), insert: "" }
        : {
            start: statement.node.start,
            end: statement.node.end,
            insert: rebuilt(statement, kept),
          },
    );
  }
  if (!edits.length) return { text, changes: [], unresolved };
  if (inPlace)
    return {
      text: replaceRanges(text, edits),
      changes: importerChanges(
        importerPath,
        destPath,
        needs.map((n) => ({ local: n.local, here: false })),
      ),
      unresolved,
    };
  let dropped = replaceRanges(text, edits);
  if (edits.length === found.facts.imports.length && edits.every((e) => e.insert === ""))
    dropped = withoutLeadingBlank(dropped);
  const refreshed = await withTree(dropped, input.lang, (tree) => factsOf(tree, dropped));
  const out = addImports(dropped, refreshed, needs, importerPath);
  const here = (n: Need) => refreshed.topLevel.some((t) => t.name === n.local);
  const changes = importerChanges(
    importerPath,
    destPath,
    needs.map((n) => ({ local: n.local, here: here(n) })),
  );
  return { text: out, changes, unresolved };
}
