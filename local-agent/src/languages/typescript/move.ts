import {
  addItem,
  dropItems,
  freeAlias,
  type ImporterPlan,
  type ImportPlan,
  importerChanges,
  kids,
  lineEnd,
  type MoveTexts,
  removeStatement,
  replaceRanges,
  type Span,
  type TextEdit,
} from "../../imports/plan.ts";
import type { ScriptLanguage } from "../../syntax/languages.ts";
import { type Node, type Tree, withTree } from "../../syntax/parser.ts";
import { cjsReexport, isCommonJs, planCommonJsImporter, planCommonJsImports } from "./cjs-moves.ts";
import { companions, wholeLines } from "./companions.ts";
import { carriedTypedefs, repointImportTypes, typesBack } from "./jsdoc-typedefs.ts";
import { importerNaming, type ModuleConfigs } from "./resolve.ts";
import {
  moduleCallReferences,
  moduleLoadReferences,
  moduleReferences,
  moduleWrites,
} from "./script-scopes.ts";
import {
  directivesOf,
  endsWithSemicolon,
  leadingCommentsEnd,
  loadedReads,
  mockEdits,
  moduleAlias,
  moduleCalls,
  namesOf,
  namespaceUses,
  nameTaken,
  replacesOn,
  spanOf,
  stringValue,
  withoutLeadingBlank,
} from "./script-syntax.ts";
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
 * - Importers of what moved import it from the new file; re-exports of it (a
 *   barrel's `export { x } from`, `export * from`) re-export it from there.
 * New and rewritten imports are written in the file's own style (quotes,
 * semicolons, extensions, a directory for its index) and keep their layout.
 * What it cannot follow (a dynamic `import()` or `require()` of a relative path
 * inside the unit, `export * as ns from` the old file) is reported, never guessed.
 */

/** One name an import statement binds. `imported`: the exported name, `default`, or `*` (namespace). */
export interface Binding {
  local: string;
  imported: string;
  specifier: string;
  typeOnly: boolean;
}

interface Part extends Span {
  local: string;
  imported: string;
  /** As written (`b as c`, `type T`). */
  text: string;
  kind: "default" | "namespace" | "named";
}

interface ImportStatement {
  node: Span;
  specifier: string;
  /** The source string, quotes included. */
  source: Span & { text: string };
  semicolon: boolean;
  parts: Part[];
  typeOnly: boolean;
  /** The `{ … }` list's closing brace offset, when it has one. */
  closeBrace: number | undefined;
}

/** `export … from "<specifier>"`: a list of names, every name (`*`), or a namespace (`* as ns`). */
interface ReExport {
  node: Span;
  specifier: string;
  source: Span & { text: string };
  typeOnly: boolean;
  semicolon: boolean;
  kind: "named" | "star" | "namespace";
  /** A named re-export's entries: the name it takes from the module, as written. */
  items: (Span & { name: string; text: string })[];
}

interface TopLevel {
  name: string;
  /** An interface or a type alias: imported with `type`. */
  isType: boolean;
  /** Where `export ` goes to export it; undefined when it is exported already. */
  exportAt: number | undefined;
  /** Its own statement exports it as the default (`export default class Schema`). */
  isDefault: boolean;
  start: number;
  end: number;
}

/** How a file writes its statements; undefined where the file does not show it. */
interface Style {
  quote: string | undefined;
  semicolon: boolean | undefined;
}

interface FileFacts {
  imports: ImportStatement[];
  reexports: ReExport[];
  bindings: Binding[];
  topLevel: TopLevel[];
  /**
   * The names `export { a, b as c }` and `export default a;` export, by the
   * local name they export (statements without a module: the file's own names).
   */
  exportedAs: Map<string, string[]>;
  /** Where a new import statement goes: after the last import, or after the file's leading comments. */
  insertAt: number;
  style: Style;
}

const DECLARATIONS = new Set([
  "function_declaration",
  "generator_function_declaration",
  "function_signature",
  "class_declaration",
  "abstract_class_declaration",
  "lexical_declaration",
  "variable_declaration",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
  "internal_module",
]);

/** Statements a namespace of types alone holds: it is no value (TypeScript does not instantiate it). */
const TYPE_STATEMENTS = new Set(["interface_declaration", "type_alias_declaration"]);

/** Whether `node` is a declaration of a type alone: an interface, a type alias, a namespace of only those. */
function declaresTypeOnly(node: Node): boolean {
  if (TYPE_STATEMENTS.has(node.type)) return true;
  if (node.type !== "internal_module") return false;
  const body = node.childForFieldName("body");
  return (
    !body ||
    kids(body).every((statement) => {
      if (statement.type === "{" || statement.type === "}" || statement.type === "comment")
        return true;
      const inner =
        statement.type === "export_statement"
          ? statement.childForFieldName("declaration")
          : statement.type === "expression_statement"
            ? kids(statement)[0]
            : statement;
      return inner !== null && inner !== undefined && declaresTypeOnly(inner);
    })
  );
}

/** The names a binding pattern declares: `{ a, b: c, ...d }`, `[e, f = 1]`, `g`. */
function patternNames(node: Node | null): string[] {
  switch (node?.type) {
    case "identifier":
    case "shorthand_property_identifier_pattern":
      return [node.text];
    case "assignment_pattern":
    case "object_assignment_pattern":
      return patternNames(node.childForFieldName("left"));
    case "pair_pattern":
      return patternNames(node.childForFieldName("value"));
    case "object_pattern":
    case "array_pattern":
    case "rest_pattern":
      return kids(node).flatMap(patternNames);
    default:
      return [];
  }
}

function declaredNames(node: Node): string[] {
  if (node.type === "lexical_declaration" || node.type === "variable_declaration")
    return kids(node)
      .filter((c) => c.type === "variable_declarator")
      .flatMap((c) => patternNames(c.childForFieldName("name")));
  const name = node.childForFieldName("name");
  // `namespace A.B {}` declares A.
  return name ? [name.text.split(".")[0] ?? name.text] : [];
}

/** `declare class X`, `declare function f()`, `declare const c`: the declaration a `declare` wraps. */
function unwrapAmbient(node: Node | null): Node | null {
  if (node?.type !== "ambient_declaration") return node;
  return kids(node).find((c) => DECLARATIONS.has(c.type)) ?? null;
}

/** How `name` is exported from a file: under its own name (named), only as the default, or not at all. */
function exportOf(facts: FileFacts, top: TopLevel): "named" | "default" | undefined {
  const as = facts.exportedAs.get(top.name) ?? [];
  if (top.exportAt === undefined && !top.isDefault) return "named";
  if (as.includes(top.name)) return "named";
  if (top.isDefault || as.includes("default")) return "default";
  return undefined;
}
/** The names a file exports `units` under: their own (an `export` of theirs, or `export { x }`), and `default`. */
function exportedNames(facts: FileFacts, units: readonly TopLevel[]): string[] {
  const out = new Set<string>();
  for (const u of units) {
    const as = facts.exportedAs.get(u.name) ?? [];
    if ((u.exportAt === undefined && !u.isDefault) || as.includes(u.name)) out.add(u.name);
    if (u.isDefault || as.includes("default")) out.add("default");
  }
  return [...out];
}

function importOf(child: Node, bindings: Binding[]): ImportStatement | undefined {
  const sourceNode = child.childForFieldName("source");
  const specifier = stringValue(sourceNode);
  if (specifier === undefined || !sourceNode) return undefined;
  const typeOnly = kids(child).some((c) => c.type === "type");
  const clause = kids(child).find((c) => c.type === "import_clause");
  const statement: ImportStatement = {
    node: spanOf(child),
    specifier,
    source: { ...spanOf(sourceNode), text: sourceNode.text },
    semicolon: endsWithSemicolon(child),
    parts: [],
    typeOnly,
    closeBrace: undefined,
  };
  const bind = (part: Part, typeName = false) => {
    statement.parts.push(part);
    bindings.push({
      local: part.local,
      imported: part.imported,
      specifier,
      typeOnly: typeOnly || typeName,
    });
  };
  for (const part of clause ? kids(clause) : []) {
    if (part.type === "identifier") {
      const text = part.text;
      bind({ local: text, imported: "default", text, kind: "default", ...spanOf(part) });
    } else if (part.type === "namespace_import") {
      const id = kids(part).find((c) => c.type === "identifier");
      if (id)
        bind({
          local: id.text,
          imported: "*",
          text: part.text,
          kind: "namespace",
          ...spanOf(part),
        });
    } else if (part.type === "named_imports") {
      statement.closeBrace = kids(part).find((c) => c.type === "}")?.startIndex;
      for (const spec of kids(part).filter((c) => c.type === "import_specifier")) {
        const ids = kids(spec).filter((c) => c.type === "identifier");
        const imported = ids[0]?.text;
        if (!imported) continue;
        bind(
          {
            local: ids[1]?.text ?? imported,
            imported,
            text: spec.text,
            kind: "named",
            ...spanOf(spec),
          },
          kids(spec).some((c) => c.type === "type"),
        );
      }
    }
  }
  return statement;
}

function reexportOf(child: Node): ReExport | undefined {
  const sourceNode = child.childForFieldName("source");
  const specifier = stringValue(sourceNode);
  if (specifier === undefined || !sourceNode) return undefined;
  const clause = kids(child).find((c) => c.type === "export_clause");
  const namespace = kids(child).find((c) => c.type === "namespace_export");
  return {
    node: spanOf(child),
    specifier,
    source: { ...spanOf(sourceNode), text: sourceNode.text },
    typeOnly: kids(child).some((c) => c.type === "type"),
    semicolon: endsWithSemicolon(child),
    kind: clause ? "named" : namespace ? "namespace" : "star",
    items: clause
      ? kids(clause)
          .filter((c) => c.type === "export_specifier")
          .map((c) => ({
            ...spanOf(c),
            name: c.childForFieldName("name")?.text ?? "",
            text: c.text,
          }))
      : [],
  };
}

function factsOf(tree: Tree, text: string): FileFacts {
  const imports: ImportStatement[] = [];
  const reexports: ReExport[] = [];
  const bindings: Binding[] = [];
  const topLevel: TopLevel[] = [];
  const exportedAs = new Map<string, string[]>();
  const exportAs = (local: string, as: string) =>
    exportedAs.set(local, [...(exportedAs.get(local) ?? []), as]);
  let insertAt = leadingCommentsEnd(text);
  let statementSemicolon: boolean | undefined;
  for (const child of kids(tree.rootNode)) {
    if (child.type === "import_statement") {
      const statement = importOf(child, bindings);
      if (!statement) continue;
      imports.push(statement);
      insertAt = lineEnd(text, child.endIndex);
      continue;
    }
    const exported = child.type === "export_statement";
    if (exported && child.childForFieldName("source")) {
      const reexport = reexportOf(child);
      if (reexport) reexports.push(reexport);
      continue;
    }
    if (exported) {
      // `export { a, b as c };` and `export default a;`: names of this file, exported.
      const clause = kids(child).find((c) => c.type === "export_clause");
      for (const spec of clause ? kids(clause).filter((c) => c.type === "export_specifier") : []) {
        const local = spec.childForFieldName("name")?.text;
        if (local) exportAs(local, spec.childForFieldName("alias")?.text ?? local);
      }
      const value = child.childForFieldName("value");
      if (value?.type === "identifier") exportAs(value.text, "default");
    }
    const isDefault = exported && kids(child).some((c) => c.type === "default");
    // `namespace X {}` not exported is an expression statement of its own.
    const declaration = unwrapAmbient(
      exported
        ? child.childForFieldName("declaration")
        : child.type === "expression_statement" && kids(child)[0]?.type === "internal_module"
          ? (kids(child)[0] ?? null)
          : child,
    );
    if (
      statementSemicolon === undefined &&
      (declaration?.type === "lexical_declaration" || child.type === "expression_statement")
    )
      statementSemicolon = endsWithSemicolon(child);
    if (!declaration || !DECLARATIONS.has(declaration.type)) continue;
    for (const name of declaredNames(declaration))
      topLevel.push({
        name,
        isType: declaresTypeOnly(declaration),
        exportAt: exported ? undefined : child.startIndex,
        isDefault,
        start: child.startIndex,
        end: child.endIndex,
      });
  }
  const first = imports[0] ?? reexports[0];
  const style: Style = {
    quote: first ? (first.source.text[0] === "'" ? "'" : '"') : undefined,
    semicolon: first ? first.semicolon : statementSemicolon,
  };
  return { imports, reexports, bindings, topLevel, exportedAs, insertAt, style };
}

/**
 * The names read in [start, end) of `tree` that resolve to its module (its
 * top-level names, imports, globals: typescript/script-scopes.ts), and the dynamic
 * imports and requires there.
 */
function usesIn(tree: Tree, start: number, end: number) {
  return { used: moduleReferences(tree, start, end), dynamic: dynamicImports(tree, start, end) };
}

/** The `import("…")` and `require("…")` calls of a literal in [start, end) of `tree` (relative ones only, unless `all`). */
function dynamicImports(tree: Tree, start: number, end: number, all = false): string[] {
  const dynamic: string[] = [];
  const text = tree.rootNode.text;
  if (!text.includes("import(") && !text.includes("require(")) return dynamic;
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_statement") return;
    if (node.type === "call_expression") {
      const fn = node.childForFieldName("function");
      const args = node.childForFieldName("arguments");
      const first = args ? kids(args).find((c) => c.type === "string") : undefined;
      const spec = stringValue(first ?? null);
      if (
        fn &&
        (fn.type === "import" || fn.text === "require") &&
        spec !== undefined &&
        (all || isRelative(spec))
      )
        dynamic.push(`${fn.text === "require" ? "require" : "import"}("${spec}")`);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return dynamic;
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

/** The quote and semicolon a file writes with: its own, else `fallback`'s (a new file takes its source's), else `"` and `;`. */
function styleOf(facts: FileFacts, fallback?: Style): { quote: string; end: string } {
  const quote = facts.style.quote ?? fallback?.quote ?? '"';
  const semicolon = facts.style.semicolon ?? fallback?.semicolon ?? true;
  return { quote, end: semicolon ? ";" : "" };
}

/** `text` with `needs` imported: merged into an import of the same module (in its layout), or in new statements. */
function addImports(
  text: string,
  facts: FileFacts,
  needs: Need[],
  path: string,
  fallback?: Style,
): string {
  const edits: TextEdit[] = [];
  const fresh = new Map<string, Need[]>();
  const added = new Map<ImportStatement, Span>();
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
    const last = same && (added.get(same) ?? same.parts.filter((p) => p.kind === "named").at(-1));
    if (same && need.imported !== "default" && need.imported !== "*" && last) {
      const edit = addItem(text, last, specifierText(need));
      edits.push(edit);
      // The next name goes after this one, in the same layout.
      added.set(same, { start: last.start, end: last.end });
      continue;
    }
    const key = `${need.typeOnly ? "type " : ""}${need.specifier}`;
    fresh.set(key, [...(fresh.get(key) ?? []), need]);
  }
  const { quote: q, end } = styleOf(facts, fallback);
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
    const list = named.length ? `{ ${named.map(specifierText).join(", ")} }` : "";
    // `import type A, { B }` is not TypeScript: a type-only default stands alone.
    if (type && head !== undefined && list) {
      statements.push(`import type ${head} from ${from}${end}`);
      statements.push(`import type ${list} from ${from}${end}`);
    } else if (head !== undefined || list)
      statements.push(
        `import ${type}${[head, list].filter(Boolean).join(", ")} from ${from}${end}`,
      );
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

/**
 * The edits that take `going` out of `statement`, as it is laid out: names
 * off their list (lines and all, in a list written one name per line), or
 * the whole statement and its line when nothing is left. A default or
 * namespace part that goes with named ones left rebuilds the head.
 */
function withoutParts(
  text: string,
  statement: ImportStatement,
  going: readonly Part[],
): TextEdit[] {
  const kept = statement.parts.filter((p) => !going.includes(p));
  if (!kept.length)
    return [{ start: statement.node.start, end: lineEnd(text, statement.node.end), insert: "" }];
  const named = statement.parts.filter((p) => p.kind === "named");
  const namedGoing = new Set(named.flatMap((p, i) => (going.includes(p) ? [i] : [])));
  const headGoing = going.some((p) => p.kind !== "named");
  const keptNamed = kept.filter((p) => p.kind === "named");
  if (!headGoing && keptNamed.length) return dropItems(text, named, namedGoing);
  // The head changes, or no named import is left: the statement is written again.
  const head = kept.filter((p) => p.kind !== "named").map((p) => p.text);
  const list = [
    ...head,
    ...(keptNamed.length ? [`{ ${keptNamed.map((p) => p.text).join(", ")} }`] : []),
  ];
  return [
    {
      start: statement.node.start,
      end: statement.node.end,
      insert: `import ${statement.typeOnly ? "type " : ""}${list.join(", ")} from ${statement.source.text}${statement.semicolon ? ";" : ""}`,
    },
  ];
}

/** The unit's text as it left its old file. */
const unitTextOf = (input: MoveTexts) => input.sourceBefore.slice(input.unit.start, input.unit.end);

/**
 * The move widened by what goes with the unit (typescript/companions.ts): each private
 * declaration only the unit uses leaves the old file and goes before the unit
 * in the new one, and the planner treats all of them as what moved. Nothing
 * is brought where the new file declares one of those names already, or the
 * unit changed on its way (a transform).
 */
async function bringAlong(
  input: MoveInput,
  /** Which declarations (by their text) may go: all, unless said. */
  may: (text: string) => boolean = () => true,
  /** Private declarations to take even where the old file uses them too (imported back). */
  take: readonly string[] = [],
): Promise<{ input: MoveInput; ranges: Span[]; brought: string[] }> {
  const unchanged = { input, ranges: [input.unit], brought: [] };
  // A paste leaves its unit's file as it is: nothing leaves it.
  if (input.sourceAfter === input.sourceBefore) return unchanged;
  const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
  const at = input.destAfter.indexOf(unitText);
  if (at === -1) return unchanged;
  const found = await withTree(input.sourceBefore, input.lang, (tree) => {
    const facts = factsOf(tree, input.sourceBefore);
    const inUnit = (t: Span) => t.start >= input.unit.start && t.end <= input.unit.end;
    const moved = new Set(facts.topLevel.filter(inUnit).map((t) => t.name));
    const declared = facts.topLevel
      .filter((t) => !inUnit(t))
      .map((t) => ({
        name: t.name,
        start: t.start,
        end: t.end,
        exported: exportOf(facts, t) !== undefined,
      }));
    // `slug.displayName = …`, `create.INVALID_DATE = …`: properties TypeScript declares on a
    // function only in its own file (not `prototype` and the like, which every function has).
    const expandos = kids(tree.rootNode).flatMap((st) => {
      const assign = st.type === "expression_statement" ? kids(st)[0] : undefined;
      const left =
        assign?.type === "assignment_expression" ? assign.childForFieldName("left") : null;
      const object = left?.type === "member_expression" ? left.childForFieldName("object") : null;
      const property = left?.childForFieldName("property")?.text ?? "";
      return object?.type === "identifier" &&
        moved.has(object.text) &&
        !FUNCTION_PROPS.has(property) &&
        !inUnit({ start: st.startIndex, end: st.endIndex })
        ? [{ name: `${object.text}.${property}`, start: st.startIndex, end: st.endIndex }]
        : [];
    });
    // The rest of a merged declaration (syntax/select.ts: `interface DateSchema` apart from its
    // class) is the unit's own: it goes, exported or not.
    const merged = declared.filter(
      (d) => moved.has(d.name) || (take.includes(d.name) && !d.exported),
    );
    return {
      companions: [
        ...merged,
        ...companions(tree, input.sourceBefore.length, input.unit, declared, moved).filter((d) =>
          may(input.sourceBefore.slice(d.start, d.end)),
        ),
      ].sort((a, b) => a.start - b.start),
      expandos,
    };
  });
  const expandos = found.expandos;
  const going = found.companions;
  if (!going.length && !expandos.length) return unchanged;
  const destFacts = await withTree(input.destAfter, input.destLang ?? input.lang, (tree) =>
    factsOf(tree, input.destAfter),
  );
  const taken = (name: string) =>
    destFacts.bindings.some((b) => b.local === name) ||
    destFacts.topLevel.some(
      (t) => t.name === name && (t.start < at || t.start >= at + unitText.length),
    );
  if (going.some((d) => taken(d.name))) return unchanged;
  // Each statement once (one declares several names), in the old file's order.
  const spans = [
    ...new Map(going.map((d) => [d.start, wholeLines(input.sourceBefore, d)])).values(),
  ];
  const texts = spans.map((s) => input.sourceBefore.slice(s.start, s.end));
  const after = expandos.map((e) => {
    const whole = wholeLines(input.sourceBefore, e);
    return input.sourceBefore.slice(whole.start, whole.end);
  });
  let sourceAfter = input.sourceAfter;
  for (const text of [...texts, ...after]) {
    const found = sourceAfter.indexOf(text);
    if (found === -1 || sourceAfter.indexOf(text, found + 1) !== -1) return unchanged;
    sourceAfter = replaceRanges(sourceAfter, [
      removeStatement(sourceAfter, { start: found, end: found + text.length - 1 }),
    ]);
  }
  const block = texts.map((t) => `${t.replace(/\n*$/, "")}\n`).join("\n");
  const end = at + unitText.length;
  const lines = after.map((t) => t.replace(/\n*$/, "")).join("\n");
  const tail = after.length ? `${unitText.endsWith("\n") ? "\n" : "\n\n"}${lines}\n` : "";
  const destAfter = `${input.destAfter.slice(0, at)}${block ? `${block}\n` : ""}${input.destAfter.slice(at, end)}${tail}${input.destAfter.slice(end)}`;
  // The unit's place in the new file moved down by the block: the paste's own lines stay its own.
  return {
    input: { ...input, sourceAfter, destAfter },
    ranges: [input.unit, ...[...going, ...expandos].map((d) => ({ start: d.start, end: d.end }))],
    brought: [...new Set([...going, ...expandos].map((d) => d.name))],
  };
}

export interface MoveInput extends MoveTexts {
  lang: ScriptLanguage;
  /** The destination's language, when not the source's (a .ts unit into a .tsx file). */
  destLang?: ScriptLanguage;
  /** The module settings ask for extensions, where neither file shows a relative import to copy. */
  extensionsRequired?: boolean;
}

const FUNCTION_DECLARATION = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b/;

/** Properties every function has: an assignment to one is no declaration of the function's. */
const FUNCTION_PROPS = new Set(["prototype", "name", "length", "call", "apply", "bind"]);

/** The imports both files need after `unit` moved from `sourcePath` to `destPath`. */
export async function planScriptImports(original: MoveInput): Promise<ImportPlan> {
  // A unit of a CommonJS file (`require`, `module.exports`): typescript/cjs-moves.ts.
  const planned = (await planCommonJsMove(original)) ?? (await planEsImports(original));
  if (planned.blocked?.length) return planned;
  const unitText = unitTextOf(original);
  // The unit's first line: the rest may have changed on its way (exports.k read as meta.k).
  const at = planned.destination.indexOf(unitText.split("\n")[0] ?? unitText);
  const plan = at === -1 ? planned : withInnerSpecifiers(original, planned, at);
  if (original.lang !== "javascript" || at === -1) return plan;
  // The JSDoc types the unit names, defined at the top of its old file (typescript/jsdoc-typedefs.ts).
  const typedefs = carriedTypedefs({
    sourcePath: original.sourcePath,
    destPath: original.destPath,
    sourceText: original.sourceBefore,
    // What moved with it too (a private helper's `@param {UnmatchedFile}`): the new file's JSDoc.
    unitText: plan.destination,
    destination: plan.destination,
  });
  const carried = typedefs.names.length
    ? {
        ...plan,
        destination: `${plan.destination.slice(0, at)}${typedefs.block}\n${plan.destination.slice(at)}`,
        changes: [
          ...plan.changes,
          `${original.destPath}: defines the JSDoc types ${typedefs.names.join(", ")} as ${original.sourcePath} does`,
        ],
      }
    : plan;
  // What the old file still names in its JSDoc types of what moved, imported there as a type.
  const back = typesBack({
    sourcePath: original.sourcePath,
    destPath: original.destPath,
    text: carried.source,
    moved: carried.moved ?? [],
  });
  if (!back.names.length) return carried;
  return {
    ...carried,
    source: back.text,
    changes: [
      ...carried.changes,
      `${original.sourcePath}: imports the JSDoc types ${back.names.join(", ")} from ${original.destPath}`,
    ],
  };
}

/** A literal relative `require("…")` or `import("…")`: its callee, quote and specifier. */
const INNER = /\b(require|import)\(\s*(['"`])(\.\.?(?:\/[^'"`]*)?)\2\s*\)/g;

/**
 * The unit's own `require("../mocha")` and `import("./x")` of relative paths
 * (found by bench:real on mocha's watchRun), rewritten for where it now is:
 * in the unit's lines of the new file, from `at`.
 */
function withInnerSpecifiers(original: MoveInput, plan: ImportPlan, at: number): ImportPlan {
  const unitText = unitTextOf(original);
  if (unitText.search(INNER) === -1) return plan;
  const grown = Math.max(0, plan.destination.length - original.destAfter.length);
  const end = Math.min(plan.destination.length, at + unitText.length + grown);
  const rewritten: string[] = [];
  const from: string[] = [];
  const region = plan.destination
    .slice(at, end)
    .replace(INNER, (call, fn: string, q: string, spec: string) => {
      const again = respecify(spec, original.sourcePath, original.destPath);
      if (again === spec) return call;
      rewritten.push(`${fn}(${q}${again}${q})`);
      from.push(`("${spec}")`);
      return `${fn}(${q}${again}${q})`;
    });
  if (!rewritten.length) return plan;
  return {
    ...plan,
    destination: plan.destination.slice(0, at) + region + plan.destination.slice(end),
    changes: [
      ...plan.changes,
      `${original.destPath}: the unit's own ${rewritten.join(", ")} name what they named from ${original.sourcePath}`,
    ],
    unresolved: plan.unresolved.filter(
      (u) =>
        !(u.includes("in the moved unit names a path relative") && from.some((f) => u.includes(f))),
    ),
  };
}

/** A CommonJS file's move (typescript/cjs-moves.ts), with the private declarations only the unit uses. */
async function planCommonJsMove(original: MoveInput): Promise<ImportPlan | undefined> {
  const plan = await planCommonJsImports(original);
  if (!plan) return undefined;
  // Not a require (the move carries those), nor what reads the old file's exports (they
  // would read the new file's).
  const along = await bringAlong(
    original,
    (text) => !/\brequire\s*\(/.test(text) && !/\b(?:module\.)?exports\b/.test(text),
  );
  if (!along.brought.length) return plan;
  const widened = await planCommonJsImports(along.input, along.ranges);
  return widened && { ...widened, brought: along.brought };
}

async function planEsImports(
  original: MoveInput,
  /** Private bindings the unit reads as it loads, taken along and imported back (below). */
  take: readonly string[] = [],
): Promise<ImportPlan> {
  // Private declarations nothing but the unit uses go with it (typescript/companions.ts).
  const along = await bringAlong(original, undefined, take);
  const input = along.input;
  const { lang, sourcePath, destPath } = input;
  const ranges = along.ranges;
  const inRanges = (t: Span) => ranges.some((r) => t.start >= r.start && t.end <= r.end);
  const before = await withTree(input.sourceBefore, lang, (tree) => {
    const uses = ranges.map((r) => usesIn(tree, r.start, r.end));
    return {
      facts: factsOf(tree, input.sourceBefore),
      uses: {
        used: new Set(uses.flatMap((u) => [...u.used])),
        dynamic: uses.flatMap((u) => u.dynamic),
      },
      writes: new Set(ranges.flatMap((r) => [...moduleWrites(tree, r.start, r.end)])),
      loads: new Set(ranges.flatMap((r) => [...moduleLoadReferences(tree, r.start, r.end)])),
      /** Each top-level function's reads of the module when it is called (not its closures'). */
      calls: new Map(
        factsOf(tree, input.sourceBefore)
          .topLevel.filter((t) =>
            FUNCTION_DECLARATION.test(input.sourceBefore.slice(t.start, t.end)),
          )
          .map((t) => [t.name, moduleCallReferences(tree, t.start, t.end)] as const),
      ),
    };
  });
  const movedUnits = before.facts.topLevel.filter(inRanges);
  const moved = new Set(movedUnits.map((t) => t.name));
  /** A moved name that is a type alone (a class merged with an interface is a value too). */
  const onlyType = (name: string) =>
    movedUnits.some((u) => u.name === name) && movedUnits.every((u) => u.name !== name || u.isType);
  // The old file's default export, when its own statement moved (`export default function slug`).
  const movedDefault = movedUnits.find((u) => u.isDefault);
  const dest = await withTree(input.destAfter, input.destLang ?? lang, (tree) =>
    factsOf(tree, input.destAfter),
  );
  const style = extensionStyle(
    [...dest.imports.map((s) => s.specifier), ...before.facts.imports.map((s) => s.specifier)],
    input.extensionsRequired ? "js" : "none",
  );
  const changes: string[] = [];
  const unresolved = before.uses.dynamic.map(
    (d) => `${d} in the moved unit names a path relative to ${sourcePath}; it was not rewritten`,
  );
  // An import cannot be assigned to: a unit that writes a variable staying behind cannot go alone.
  const assigned = before.facts.topLevel
    .filter((t) => before.writes.has(t.name) && !moved.has(t.name))
    .map((t) => t.name);
  const blocked = assigned.length
    ? [
        `${[...moved].join(", ")} assigns to ${assigned.join(", ")}, declared in ${sourcePath}: an imported binding cannot be assigned to. Move ${assigned.length === 1 ? "it" : "them"} with the unit (in one selection), or leave the unit where it is.`,
      ]
    : [];
  // A module has one default export: a default-exported unit cannot join another.
  const destDefaults =
    // A merged declaration (`export default class X` and `export default interface X`) is one.
    new Set(dest.topLevel.filter((t) => t.isDefault).map((t) => t.name)).size +
    [...dest.exportedAs.values()].filter((as) => as.includes("default")).length;
  if (movedDefault && destDefaults > 1)
    blocked.push(
      `${movedDefault.name} is the default export of ${sourcePath}, and ${destPath} has a default export already: move it to a file without one, or make one of them a named export first.`,
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
    // Exported as the default only (`export default class Schema`): imported as the default.
    const exported = exportOf(before.facts, top);
    destNeeds.push({
      local: top.name,
      imported: exported === "default" ? "default" : top.name,
      specifier: specifierOf(sourcePath, destPath, style),
      typeOnly: false,
      // A merged declaration (`class X` and `interface X`) is a value if any of it is one.
      typeName: !before.facts.topLevel.some((o) => o.name === top.name && !o.isType),
    });
    if (exported === undefined) toExport.push(top.name);
  }
  // A type of the old file that what the unit now imports from there names (a helper's
  // return type) must be nameable from the new file too, or the unit's inferred types are
  // not (TS4023 in declaration emit): exported where it was not.
  const imported = before.facts.topLevel.filter((t) =>
    destNeeds.some(
      (n) => n.local === t.name && n.specifier === specifierOf(sourcePath, destPath, style),
    ),
  );
  for (const type of before.facts.topLevel) {
    if (exportOf(before.facts, type) !== undefined || toExport.includes(type.name)) continue;
    if (moved.has(type.name) || !/^[A-Z]/.test(type.name)) continue;
    const word = new RegExp(`(?<![\\w$.])${type.name.replace(/\$/g, "\\$")}(?![\\w$])`);
    if (imported.some((t) => t !== type && word.test(input.sourceBefore.slice(t.start, t.end))))
      toExport.push(type.name);
  }
  let destination = addImports(input.destAfter, dest, destNeeds, destPath, before.facts.style);
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
    uses: { used: moduleReferences(tree, 0, source.length) },
  }));
  // `export` before a statement whose names all are to be exported; else (`const { a, b } = x`
  // where only `a` is) an export clause after it: nothing exported that was not asked for.
  const exports: (Span & { insert: string })[] = [];
  for (const t of after.facts.topLevel) {
    if (!toExport.includes(t.name) || t.exportAt === undefined) continue;
    if (exports.some((e) => e.start === t.exportAt || e.start === t.end)) continue;
    const names = after.facts.topLevel.filter((o) => o.exportAt === t.exportAt).map((o) => o.name);
    exports.push(
      names.every((n) => toExport.includes(n))
        ? { start: t.exportAt, end: t.exportAt, insert: "export " }
        : {
            start: t.end,
            end: t.end,
            insert: `\nexport { ${names.filter((n) => toExport.includes(n)).join(", ")} }${after.facts.style.semicolon === false ? "" : ";"}`,
          },
    );
  }
  if (exports.length) changes.push(`${sourcePath}: exports ${toExport.join(", ")}`);

  // Imports the unit used that nothing left in the old file uses go with it.
  const unitImports = new Set(
    before.facts.bindings.filter((b) => used.has(b.local)).map((b) => b.local),
  );
  const gone = (local: string) => unitImports.has(local) && !after.uses.used.has(local);
  const dropped: string[] = [];
  const drops = after.facts.imports.flatMap((statement) => {
    const going = statement.parts.filter((part) => gone(part.local));
    if (!going.length) return [];
    dropped.push(...going.map((p) => p.local));
    return withoutParts(source, statement, going);
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
  // ES modules' imports run first: loaded first, the old file would run the new one, which
  // reads the old file's bindings as it loads before they are initialized (a `const`, or a
  // function reading one). No order of imports holds both ways: refused.
  /** The binding of the old file not yet initialized that reading `name` reaches: itself, or one a function reads. */
  const notYet = (name: string, seen = new Set<string>()): string | undefined => {
    if (seen.has(name)) return undefined;
    seen.add(name);
    const top = before.facts.topLevel.find((t) => t.name === name);
    if (!top || top.isType || moved.has(name)) return undefined;
    const reads = before.calls.get(name);
    if (reads === undefined) return name;
    for (const n of reads) {
      const found = n === name ? undefined : notYet(n, seen);
      if (found) return found;
    }
    return undefined;
  };
  const readAtLoad = [...before.loads].flatMap((n) => {
    const found = notYet(n);
    return found === undefined ? [] : [found === n ? n : `${n} (which reads ${found})`];
  });
  if (stillUsed.length && readAtLoad.length && !take.length) {
    // A private `const`/`let` the unit reads as it loads (yup's `let invalidDate = new Date('')`,
    // read by `static INVALID_DATE`), set once from nothing of the old file: it goes with the
    // unit and is imported back, where both still read it.
    // Only what the unit itself reads: one an old file's function reads for it would be read
    // through that file's import of the new one before it is set where imports are emulated
    // (vitest's module runner: morphic's parseReplayLimit reading DEFAULT_REPLAY_LIMIT).
    const reached = [...before.loads].flatMap((n) => notYet(n) ?? []);
    const direct = [...before.loads].every((n) => {
      const found = notYet(n);
      return found === undefined || found === n;
    });
    const names = direct ? [...new Set(reached)] : [];
    const takeable = await withTree(input.sourceBefore, lang, (tree) => {
      const written = moduleWrites(tree, 0, input.sourceBefore.length);
      return names.every((name) => {
        const top = before.facts.topLevel.find((t) => t.name === name);
        if (!top || exportOf(before.facts, top) || written.has(name)) return false;
        if (!/^(?:const|let)\s/.test(input.sourceBefore.slice(top.start, top.end))) return false;
        const reads = moduleLoadReferences(tree, top.start, top.end);
        return [...reads].every(
          (r) => r === name || !before.facts.topLevel.some((t) => t.name === r && !t.isType),
        );
      });
    });
    if (names.length && takeable) {
      const again = await planEsImports(original, names);
      if (!again.blocked?.length)
        return {
          ...again,
          changes: [
            ...again.changes,
            `${destPath}: ${names.join(", ")} moved with the unit, which reads ${names.length === 1 ? "it" : "them"} as it loads, and imported back (read before ${names.length === 1 ? "it is" : "they are"} initialized otherwise)`,
          ],
        };
    }
  }
  if (stillUsed.length && readAtLoad.length)
    blocked.push(
      `${destPath} would read ${readAtLoad.join(", ")} of ${sourcePath} as it loads, and ${sourcePath} would import ${stillUsed.join(", ")} back from it: loaded first, ${sourcePath} runs ${destPath} before its own bindings are initialized, which no order of imports avoids. Move what the unit reads with it, or leave the unit where it is.`,
    );
  // The old file re-exporting the unit from the new one, for an importer that reads it through
  // the old file's namespace (fp-ts' `RT.Monad`; carry-imports.ts decides), loads it first too.
  const blockedIfReexported =
    readAtLoad.length && !stillUsed.length
      ? [
          `${destPath} would read ${readAtLoad.join(", ")} of ${sourcePath} as it loads, and ${sourcePath} would re-export ${[...moved].join(", ")} from it: loaded first, ${sourcePath} runs ${destPath} before its own bindings are initialized, which no order of imports avoids. Move what the unit reads with it, or leave the unit where it is.`,
        ]
      : [];
  const blockedIfLoaded: string[] = [];
  // The other way round: the old file reads the unit as it loads (neverthrow's `export const
  // fromPromise = ResultAsync.fromPromise`), itself or through a function it calls then, and
  // the new file imports values of the old one. Loaded first (by an importer that now loads
  // it: carry-imports.ts decides), the new file runs the old one before the unit is defined.
  const oldSpecifier = specifierOf(sourcePath, destPath, style);
  const fromOld = destNeeds.filter((n) => n.specifier === oldSpecifier && !n.typeName);
  if (stillUsed.length && fromOld.length && !readAtLoad.length) {
    const loads = await withTree(source, lang, (tree) =>
      moduleLoadReferences(tree, 0, source.length),
    );
    const reaches = (name: string, seen = new Set<string>()): boolean => {
      if (moved.has(name)) return true;
      if (seen.has(name)) return false;
      seen.add(name);
      return [...(before.calls.get(name) ?? [])].some((n) => reaches(n, seen));
    };
    const atLoad = [...loads].filter((n) => reaches(n));
    if (atLoad.length)
      blockedIfLoaded.push(
        `${sourcePath} reads ${atLoad.map((n) => (moved.has(n) ? n : `${n} (which reads the unit)`)).join(", ")} as it loads, and ${destPath} would import ${fromOld.map((n) => n.local).join(", ")} from it: loaded first, ${destPath} runs ${sourcePath} before the unit is defined. Move what the unit reads of ${sourcePath} with it, or leave the unit where it is.`,
      );
  }
  if (stillUsed.length) {
    const backNeeds: Need[] = stillUsed.map((name) => ({
      local: name,
      imported: movedDefault?.name === name ? "default" : name,
      specifier: specifierOf(destPath, sourcePath, style),
      typeOnly: false,
      typeName: onlyType(name),
    }));
    // What the old file imports back, the new one exports (a unit it did not export itself).
    const placed = destination;
    const unexported = await withTree(placed, input.destLang ?? lang, (tree) => {
      const facts = factsOf(tree, placed);
      return facts.topLevel.filter(
        (t) => stillUsed.includes(t.name) && exportOf(facts, t) === undefined,
      );
    });
    // Once a statement, whichever of its names (`const { a, b } = x`) it is for.
    const at = [...new Set(unexported.map((t) => t.exportAt ?? t.start))];
    destination = replaceRanges(
      destination,
      at.map((start) => ({ start, end: start, insert: "export " })),
    );
    const refreshed = await withTree(source, lang, (tree) => factsOf(tree, source));
    source = addImports(source, refreshed, backNeeds, sourcePath, before.facts.style);
    changes.push(`${sourcePath}: imports ${stillUsed.join(", ")} from ${destPath}`);
  }
  // A new file takes its old file's directives (`"use client"`): the unit is what it was.
  const directives = directivesOf(input.sourceBefore).filter(
    (d) => !directivesOf(destination).includes(d),
  );
  if (directives.length && original.destAfter.trim() === unitTextOf(original).trim())
    destination = `${directives.join("\n")}\n\n${destination}`;
  const isModule = (tree: Tree) =>
    kids(tree.rootNode).some((c) => c.type === "import_statement" || c.type === "export_statement");
  const left = await withTree(source, lang, (tree) => ({
    module: isModule(tree),
    code: kids(tree.rootNode).some(
      (c) => !c.type.includes("comment") && c.type !== "empty_statement",
    ),
  }));
  let sourceEmptied = !left.module;
  // A module left with code and no import or export would be a script: its declarations
  // global, a module augmentation (`declare module "../vanilla" {…}`) an error. It stays one.
  if (sourceEmptied && left.code && (await withTree(input.sourceBefore, lang, isModule))) {
    source = `${source.trimEnd()}\n\nexport {}${before.facts.style.semicolon === false ? "" : ";"}\n`;
    changes.push(`${sourcePath}: adds export {}, so that what stays is still a module`);
    sourceEmptied = false;
  }
  return {
    source,
    destination,
    changes,
    unresolved,
    moved: [...moved],
    movedTypes: [...new Set(movedUnits.filter((u) => onlyType(u.name)).map((u) => u.name))],
    ...(along.brought.length ? { brought: along.brought } : {}),
    ...(movedDefault ? { movedDefault: movedDefault.name } : {}),
    exported: exportedNames(before.facts, movedUnits),
    ...(blocked.length ? { blocked } : {}),
    ...(blockedIfLoaded.length ? { blockedIfLoaded } : {}),
    ...(blockedIfReexported.length ? { blockedIfReexported } : {}),
    ...(sourceEmptied ? { sourceEmptied } : {}),
  };
}

export interface ImporterInput {
  lang: ScriptLanguage;
  /** The importer, the unit's old file and its new one, as absolute paths. */
  importerPath: string;
  sourcePath: string;
  destPath: string;
  text: string;
  /** The names the unit declares, and those of them that are types (interfaces, type aliases). */
  moved: readonly string[];
  movedTypes?: readonly string[];
  /** The one the old file exported as its default: default imports of the old file follow it. */
  movedDefault?: string;
  /** The tsconfig and package.json facts around the files, for specifiers that are not relative. */
  configs?: ModuleConfigs;
  /** The move created its destination: it holds nothing but what moved. */
  destCreated?: boolean;
  /** The old file holds no import or export any more: an `export *` of it would not compile. */
  sourceEmptied?: boolean;
  /** Say whether it loads the old file or the new one first (ImporterPlan.loadsNew). */
  loadOrder?: boolean;
}

/**
 * An importer of names that moved from `sourcePath` to `destPath`: each
 * `import { … } from` the old file loses them, and they are imported from the
 * new one (merged into an import of it, in the importer's specifier style).
 * A namespace import of the old file used for them (`util.moved`) uses a named
 * import instead; a re-export of them re-exports them from the new file. A
 * dynamic import of the old file, or what a namespace re-export or a namespace
 * passed on as a value may reach, is reported, not rewritten.
 */
export async function planScriptImporter(input: ImporterInput): Promise<ImporterPlan> {
  // An importer that `require`s: typescript/cjs-moves.ts.
  const plan = (await planCommonJsImporter(input)) ?? (await planEsImporter(input));
  if (input.lang !== "javascript") return plan;
  // Its JSDoc `import('./widget.js').Widget` types name the new file.
  const repointed = repointImportTypes({ ...input, text: plan.text });
  if (!repointed.count) return plan;
  return {
    ...plan,
    text: repointed.text,
    changes: [
      ...plan.changes,
      `${input.importerPath}: its JSDoc import() types of ${input.moved.join(", ")} name ${input.destPath}`,
    ],
  };
}

async function planEsImporter(input: ImporterInput): Promise<ImporterPlan> {
  const { importerPath, sourcePath, destPath, text } = input;
  const moved = new Set(input.moved);
  const types = new Set(input.movedTypes ?? []);
  // Relative specifiers, and aliases (tsconfig paths, baseUrl, package.json imports): typescript/resolve.ts.
  const naming = importerNaming(input.configs, importerPath, sourcePath, destPath);
  const { namesFile } = naming;
  const namesSource = naming.namesOld;
  const found = await withTree(text, input.lang, (tree) => {
    const facts = factsOf(tree, text);
    const literal = (d: string) => d.slice(d.indexOf('"') + 1, d.lastIndexOf('"'));
    const allDynamic = dynamicImports(tree, 0, text.length, true);
    const dynamic = allDynamic.filter((d) => namesSource(literal(d)));
    // Specifiers that may name the old file by a name no configuration here explains.
    const unexplained = [
      ...facts.imports.map((s) => s.specifier),
      ...facts.reexports.map((r) => r.specifier),
      ...allDynamic.map(literal),
    ].filter(naming.unexplained);
    const namespaces = facts.imports
      .filter((s) => namesSource(s.specifier))
      .flatMap((s) => s.parts.filter((p) => p.kind === "namespace"))
      .map((p) => {
        const found = namespaceUses(tree, p.local, moved);
        const names = [...new Set(found.uses.map((u) => u.name))];
        return { part: p, ...found, taken: names.filter((n) => nameTaken(tree, n, found.uses)) };
      });
    // The names the file holds, for a free alias: only where a namespace is followed.
    const present = namespaces.some((n) => n.uses.length || n.keyed.length)
      ? namesOf(tree)
      : new Set<string>();
    const calls = moduleCalls(tree, importerPath).filter((c) => namesSource(c.specifier));
    return { facts, dynamic, namespaces, present, unexplained, calls };
  });
  const { facts } = found;
  const reexport: NonNullable<ImporterPlan["reexport"]> = [];
  // A literal `import("./util")` whose module the file reads names off (`const { slug } =
  // await import(…)`): the old file re-exports those names, so the module it loads has them.
  const named = [...moved].filter((m) =>
    new RegExp(`(?<![\\w$])${m.replace(/\$/g, "\\$")}(?![\\w$])`).test(text),
  );
  const dynamicNamed = found.dynamic.length > 0 && named.length > 0;
  if (dynamicNamed)
    reexport.push({
      names: named,
      through: `${importerPath}: reads ${named.join(", ")} off the module ${found.dynamic[0]} loads`,
    });
  const unresolved = [
    ...(dynamicNamed ? [] : found.dynamic).map(
      (d) => `${importerPath}: ${d} may reach what moved; not rewritten`,
    ),
    ...[...new Set(found.unexplained)].map(
      (s) =>
        `${importerPath}: imports "${s}", which may name ${sourcePath} through a mapping edgeclip did not find; not rewritten`,
    ),
  ];
  const needs: Need[] = [];
  const edits: TextEdit[] = [];
  // The new file, named as the importer named the old one: the same alias where it reaches, else relative.
  const specifierFor = naming.forNew;
  const q = (written: string) => written[0] ?? '"';

  // A namespace import used for what moved: a named import of it instead, where its name is free.
  const namespaceNeeds: Need[] = [];
  const replaced: string[] = [];
  for (const ns of found.namespaces) {
    const statement = facts.imports.find((s) => s.parts.includes(ns.part));
    if (ns.keyed.length) {
      // `vi.spyOn(ns, "run")`: the export it replaces is the new module's now, where every
      // importer reads it; replaced on the old one, no call of it would reach the stand-in.
      const alias = moduleAlias(destPath, found.present);
      found.present.add(alias);
      for (const use of ns.keyed) edits.push({ start: use.start, end: use.end, insert: alias });
      namespaceNeeds.push({
        local: alias,
        imported: "*",
        specifier: specifierFor(statement?.specifier ?? ""),
        typeOnly: false,
      });
      replaced.push(...ns.keyed.map((k) => k.name));
    }
    // Passed on or indexed, never naming what moved (hono's `intrinsicElementTags[tag]`): what
    // moved may be read off it by a computed key, so the old file goes on exporting it.
    if (!ns.uses.length && ns.opaque) {
      const values = [...moved].filter((m) => !types.has(m));
      if (values.length)
        reexport.push({
          names: values,
          through: `${importerPath}: passes on or indexes \`import * as ${ns.part.local}\`, which may read ${values.join(", ")} off it`,
        });
      continue;
    }
    if (!ns.uses.length) {
      // Named only where it is now the new module: the import of the old one goes.
      if (ns.keyed.length && !ns.others && statement)
        edits.push(...withoutParts(text, statement, [ns.part]));
      continue;
    }
    const names = [...new Set(ns.uses.map((u) => u.name))];
    if (ns.opaque) {
      reexport.push({
        names,
        through: `${importerPath}: uses ${names.map((m) => `${ns.part.local}.${m}`).join(", ")} through \`import * as ${ns.part.local}\`, which it also passes on`,
      });
      continue;
    }
    // A name taken here is imported under a free alias (`Cart as _Cart`).
    const taken = (n: string) =>
      ns.taken.includes(n) ||
      facts.bindings.some((b) => b.local === n) ||
      facts.topLevel.some((t) => t.name === n);
    const local = new Map(names.map((n) => [n, taken(n) ? freeAlias(n, found.present) : n]));
    for (const use of ns.uses)
      edits.push({ start: use.start, end: use.end, insert: local.get(use.name) ?? use.name });
    // Used for nothing else: the namespace import goes.
    if (statement && !ns.others) edits.push(...withoutParts(text, statement, [ns.part]));
    for (const name of names)
      namespaceNeeds.push({
        local: local.get(name) ?? name,
        imported: name,
        specifier: specifierFor(statement?.specifier ?? ""),
        typeOnly: statement?.typeOnly ?? false,
        typeName: types.has(name),
      });
  }

  // With no import of the new file to merge into (and no name of the unit's declared
  // here), each import of the old file is followed by one of the new file for what moved.
  const inPlace =
    !facts.imports.some((s) => namesFile(s.specifier, destPath)) &&
    !facts.topLevel.some((t) => moved.has(t.name));
  // What an import of the old file takes that moved: names, and its default when the unit was it.
  const movedPart = (p: Part) =>
    (p.kind === "named" && moved.has(p.imported)) ||
    (p.kind === "default" && input.movedDefault !== undefined);
  for (const statement of facts.imports) {
    if (!namesSource(statement.specifier)) continue;
    const going = statement.parts.filter(movedPart);
    if (!going.length) continue;
    const specifier = specifierFor(statement.specifier);
    for (const p of going)
      needs.push({
        local: p.local,
        imported: p.imported,
        specifier,
        typeOnly: statement.typeOnly,
        typeName: !statement.typeOnly && p.text.startsWith("type "),
      });
    if (!inPlace) {
      edits.push(...withoutParts(text, statement, going));
      continue;
    }
    // Everything it imports moved: it names the new file. Else the moved names leave its
    // list, and an import of the new file follows it, in its quotes and with its semicolon.
    if (going.length === statement.parts.length) {
      const quote = q(statement.source.text);
      edits.push({ ...statement.source, insert: `${quote}${specifier}${quote}` });
      continue;
    }
    edits.push(...withoutParts(text, statement, going));
    const quote = q(statement.source.text);
    const head = going.find((p) => p.kind === "default")?.local;
    const named = going.filter((p) => p.kind === "named").map((p) => p.text);
    const clause = [head, named.length ? `{ ${named.join(", ")} }` : undefined].filter(Boolean);
    const fresh = `import ${statement.typeOnly ? "type " : ""}${clause.join(", ")} from ${quote}${specifier}${quote}${statement.semicolon ? ";" : ""}`;
    const at = lineEnd(text, statement.node.end);
    edits.push({ start: at, end: at, insert: `${fresh}\n` });
  }

  // Re-exports of the old file (a barrel): what moved is re-exported from the new one.
  const reexported: string[] = [];
  for (const re of facts.reexports) {
    if (!namesSource(re.specifier)) continue;
    const quote = q(re.source.text);
    const specifier = specifierFor(re.specifier);
    const already = facts.reexports.some((r) => r !== re && namesFile(r.specifier, destPath));
    if (re.kind === "namespace") {
      unresolved.push(
        `${importerPath}: ${text.slice(re.node.start, re.node.end)} no longer holds ${[...moved].join(", ")}; not rewritten`,
      );
      continue;
    }
    const end = re.semicolon ? ";" : "";
    if (re.kind === "star") {
      // Names this barrel re-exports by name need nothing from its `export *`.
      const byName = new Set(
        facts.reexports.flatMap((r) => r.items.map((it) => it.text.split(/\s+as\s+/).at(-1))),
      );
      const wanted = [...moved].filter((n) => !byName.has(n));
      if (input.sourceEmptied && (already || !wanted.length)) {
        edits.push({ start: re.node.start, end: lineEnd(text, re.node.end), insert: "" });
        continue;
      }
      if (already || !wanted.length) continue;
      // A new file holds only what moved: re-export all of it, as the barrel does its neighbours.
      const values = wanted.filter((n) => !types.has(n));
      const typeNames = wanted.filter((n) => types.has(n));
      const lines = input.destCreated
        ? [`export * from ${quote}${specifier}${quote}${end}`]
        : [
            ...(values.length
              ? [`export { ${values.join(", ")} } from ${quote}${specifier}${quote}${end}`]
              : []),
            ...(typeNames.length
              ? [`export type { ${typeNames.join(", ")} } from ${quote}${specifier}${quote}${end}`]
              : []),
          ];
      if (input.sourceEmptied) {
        // The old file is no module any more: its `export *` gives way to the new file's.
        edits.push({
          start: re.node.start,
          end: lineEnd(text, re.node.end),
          insert: lines.map((l) => `${l}\n`).join(""),
        });
      } else {
        const at = lineEnd(text, re.node.end);
        edits.push({ start: at, end: at, insert: lines.map((l) => `${l}\n`).join("") });
      }
      reexported.push(...wanted);
      continue;
    }
    const going = re.items.filter(
      (it) => moved.has(it.name) || (it.name === "default" && input.movedDefault !== undefined),
    );
    if (!going.length) continue;
    reexported.push(...going.map((it) => it.name));
    if (going.length === re.items.length) {
      edits.push({ ...re.source, insert: `${quote}${specifier}${quote}` });
      continue;
    }
    edits.push(
      ...dropItems(
        text,
        re.items,
        new Set(re.items.flatMap((it, i) => (going.includes(it) ? [i] : []))),
      ),
    );
    const fresh = `export ${re.typeOnly ? "type " : ""}{ ${going.map((it) => it.text).join(", ")} } from ${quote}${specifier}${quote}${end}`;
    const at = lineEnd(text, re.node.end);
    edits.push({ start: at, end: at, insert: `${fresh}\n` });
  }

  reexport.push(...loadedReads(importerPath, text, found.calls, [...moved]));
  // A test's mock of the old file stood in for what moved: the same mock of the new file follows it.
  const mocks = mockEdits(
    text,
    found.calls,
    [...moved, ...(input.movedDefault ? ["default"] : [])],
    specifierFor,
  );
  edits.push(...mocks.edits);
  unresolved.push(...mocks.unresolved.map((u) => `${importerPath}: ${u}`));

  const also = reexport.length ? { reexport } : {};
  if (!edits.length) return { text, changes: [], unresolved, ...also };
  const reexportChange = reexported.length
    ? [`${importerPath}: re-exports ${[...new Set(reexported)].join(", ")} from ${destPath}`]
    : [];
  // In place, the named imports are written already; the namespaces' names are added.
  const toAdd = inPlace ? namespaceNeeds : [...namespaceNeeds, ...needs];
  let out = replaceRanges(text, edits);
  const removedAll = facts.imports.every((s) =>
    edits.some((e) => e.start === s.node.start && e.insert === "" && e.end >= s.node.end),
  );
  if (facts.imports.length && removedAll) out = withoutLeadingBlank(out);
  let here = (_: Need) => false;
  if (toAdd.length) {
    const refreshed = await withTree(out, input.lang, (tree) => factsOf(tree, out));
    out = addImports(out, refreshed, toAdd, importerPath);
    here = (n) => refreshed.topLevel.some((t) => t.name === n.local);
  }
  const changes = [
    ...importerChanges(
      importerPath,
      destPath,
      [...namespaceNeeds, ...needs].map((n) => ({ local: n.local, here: here(n) })),
    ),
    ...reexportChange,
    ...(replaced.length ? [replacesOn(importerPath, replaced, sourcePath, destPath)] : []),
    ...(mocks.edits.length ? [`${importerPath}: mocks ${destPath} as it mocks ${sourcePath}`] : []),
  ];
  // Whether it now loads the new file before the old one, as it loads: a value it imports or
  // re-exports from there, above any import of the old file (mobx's internal.ts, which
  // re-exports the old file first, loads the new one through it).
  const loadsNew = !input.loadOrder
    ? {}
    : await withTree(out, input.lang, (tree) => {
        const now = factsOf(tree, out);
        const loads = [
          ...now.imports.map((st) => ({
            start: st.node.start,
            specifier: st.specifier,
            names: st.typeOnly
              ? []
              : st.parts.length
                ? st.parts.filter((p) => !p.text.startsWith("type ")).map((p) => p.imported)
                : ["*"],
          })),
          ...now.reexports.map((re) => ({
            start: re.node.start,
            specifier: re.specifier,
            names: re.typeOnly
              ? []
              : re.kind === "named"
                ? re.items.filter((it) => !it.text.startsWith("type ")).map((it) => it.name)
                : ["*"],
          })),
        ].sort((a, b) => a.start - b.start);
        const at = loads.findIndex(
          (l) =>
            (namesSource(l.specifier) && l.names.length) ||
            (namesFile(l.specifier, destPath) && l.names.some((n) => !types.has(n))),
        );
        const first = loads[at];
        if (!first) return {};
        if (namesSource(first.specifier)) return { loadsOldFirst: true as const };
        // What it loads before: a module that loads the old file first (a barrel) goes ahead of it.
        const after = loads.slice(0, at).filter((l) => l.names.length);
        return { loadsNew: { after: after.map((l) => l.specifier) } };
      });
  return { text: out, changes, unresolved, ...also, ...loadsNew };
}

/** What the old file re-exports, and from where (ImporterPlan.reexport). */
export interface ReexportInput {
  lang: ScriptLanguage;
  sourcePath: string;
  destPath: string;
  /** The old file as the move left it. */
  text: string;
  /** The new file as the move left it. */
  destText: string;
  names: readonly string[];
  /** Those of `names` that are types only, re-exported as types. */
  types?: readonly string[];
}

/**
 * The old file re-exporting `names` from the new one, in its module system:
 * `export { a, b } from "./new"` after its imports, or for CommonJS
 * typescript/cjs-moves.ts's `exports.k = …`. Undefined when it cannot (a CommonJS
 * require cycle at load).
 */
export async function planReexport(input: ReexportInput): Promise<string | undefined> {
  const { lang, sourcePath, destPath, text, names } = input;
  if (await isCommonJs(text, lang))
    return cjsReexport(lang, text, sourcePath, destPath, input.destText, names);
  const facts = await withTree(text, lang, (tree) => factsOf(tree, text));
  const exported = new Set([
    ...[...facts.exportedAs.values()].flat(),
    ...facts.reexports.flatMap((r) => r.items.map((i) => i.name)),
  ]);
  const wanted = names.filter((n) => !exported.has(n));
  if (!wanted.length) return text;
  const style = extensionStyle([
    ...facts.imports.map((s) => s.specifier),
    ...facts.reexports.map((r) => r.specifier),
  ]);
  const quote = facts.style.quote ?? '"';
  // A type is re-exported as one (`isolatedModules` refuses it otherwise: TS1205).
  const types = new Set(lang === "javascript" ? [] : (input.types ?? []));
  const items = wanted.map((n) => (types.has(n) ? `type ${n}` : n));
  const line = `export { ${items.join(", ")} } from ${quote}${specifierOf(destPath, sourcePath, style)}${quote}${facts.style.semicolon === false ? "" : ";"}`;
  const at = facts.insertAt;
  const before = at > 0 && !text.slice(0, at).endsWith("\n") ? "\n" : "";
  // Set apart from the code below, as imports are, where it starts the file's statements.
  const after =
    facts.imports.length || facts.reexports.length || /^\s*\n/.test(text.slice(at)) ? "" : "\n";
  return `${text.slice(0, at)}${before}${line}\n${after}${text.slice(at)}`;
}
