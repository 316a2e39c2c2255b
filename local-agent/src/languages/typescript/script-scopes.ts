import { kids } from "../../imports/plan.ts";
import type { Node, Tree } from "../../syntax/parser.ts";

/**
 * Names resolved by scope, as the compiler resolves them, for import-aware
 * moves of TypeScript, TSX and JavaScript (typescript/move.ts): which names
 * a unit reads from its module (the module's top-level declarations and
 * imports) or from no declaration at all (globals), and not from a
 * parameter, a local or a type parameter that shares the name.
 *
 * One pass over the tree builds the scopes (the program, blocks, functions
 * with their parameters and hoisted `var`s, classes, `for` and `catch`
 * heads, the type parameters of generic declarations) with what each
 * declares, and lists every reference with the scope it is in; a reference
 * is then resolved up its scope chain. `import` statements declare; re-exports
 * (`export … from`) neither declare nor read.
 */

interface Scope {
  parent: Scope | undefined;
  names: Set<string>;
  /** Of `names`, the type parameters: a namespace (`E` of `E.Either`) is never one of them. */
  typeParameters?: Set<string>;
  /** A function's scope, or the program's: where `var` goes. */
  hoists: boolean;
}

interface Reference {
  name: string;
  at: number;
  scope: Scope;
  /** Assigned to (`x = …`, `x += …`, `x++`), not read. */
  write?: boolean;
  /** Read as a namespace (`E` of the type `E.Either`). */
  namespace?: boolean;
  /** In a type (`PipeableTraverse2<URI>`, `typeof URI`): erased, never read when the code runs. */
  type?: boolean;
}

/** Whether an identifier is in a `typeof` of a type (`x: typeof URI`), which is erased. */
function inTypeQuery(node: Node): boolean {
  for (let p = node.parent, depth = 0; p && depth < 8; p = p.parent, depth++)
    if (p.type === "type_query") return true;
  return false;
}

/** Whether `scope` declares what `ref` names (a type parameter names no namespace). */
const declares = (scope: Scope, ref: Reference) =>
  scope.names.has(ref.name) && !(ref.namespace && scope.typeParameters?.has(ref.name));

const FUNCTIONS = new Set([
  "function_declaration",
  "generator_function_declaration",
  "function_expression",
  "function",
  "generator_function",
  "arrow_function",
  "method_definition",
  "function_signature",
  "method_signature",
  "abstract_method_signature",
  "call_signature",
  "construct_signature",
  "function_type",
  "constructor_type",
]);

/** Declarations named in the scope that holds them (the name), with a scope of their own for what they hold. */
const NAMED = new Set([
  "function_declaration",
  "generator_function_declaration",
  "function_signature",
  "class_declaration",
  "abstract_class_declaration",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
  "internal_module",
  "module",
]);

const BLOCKS = new Set(["statement_block", "switch_body", "class_body"]);

const IDENTIFIERS = new Set(["identifier", "type_identifier", "shorthand_property_identifier"]);

/** Everything `tree` declares and reads, by scope. */
function scan(tree: Tree) {
  const program: Scope = { parent: undefined, names: new Set(), hoists: true };
  const references: Reference[] = [];
  const hoisting = (scope: Scope): Scope => {
    let s: Scope = scope;
    while (!s.hoists && s.parent) s = s.parent;
    return s;
  };
  const child = (scope: Scope, hoists = false): Scope => ({
    parent: scope,
    names: new Set(),
    hoists,
  });

  /** A binding pattern: its names declared in `into`; defaults and computed keys read in `scope`. */
  const bind = (node: Node | null, into: Scope, scope: Scope) => {
    if (!node) return;
    switch (node.type) {
      case "identifier":
      case "shorthand_property_identifier_pattern":
      case "type_identifier":
        into.names.add(node.text);
        return;
      case "assignment_pattern":
      case "object_assignment_pattern":
        bind(node.childForFieldName("left"), into, scope);
        visit(node.childForFieldName("right"), scope);
        return;
      case "pair_pattern": {
        const key = node.childForFieldName("key");
        if (key?.type === "computed_property_name") visit(key, scope);
        bind(node.childForFieldName("value"), into, scope);
        return;
      }
      case "object_pattern":
      case "array_pattern":
      case "rest_pattern":
        for (const c of kids(node)) bind(c, into, scope);
        return;
      case "required_parameter":
      case "optional_parameter":
        bind(node.childForFieldName("pattern"), into, scope);
        for (const c of kids(node))
          if (c.type === "type_annotation" || c.type === "decorator") visit(c, scope);
        visit(node.childForFieldName("value"), scope);
        return;
      default:
        // `this` parameters, decorators, annotations: what they hold is read.
        visit(node, scope);
    }
  };

  /** Type parameters: their names declared in `scope`, constraints and defaults read there. */
  const typeParameters = (node: Node | null, scope: Scope) => {
    for (const p of node ? kids(node) : []) {
      if (p.type !== "type_parameter") continue;
      const name = p.childForFieldName("name");
      if (name) {
        scope.names.add(name.text);
        scope.typeParameters ??= new Set();
        scope.typeParameters.add(name.text);
      }
      for (const c of kids(p)) if (c !== name) visit(c, scope);
    }
  };

  /** A function's head and body in a scope of its own. */
  const fn = (node: Node, scope: Scope) => {
    const own = child(scope, true);
    // A function expression's name is bound inside it; a declaration's, outside (NAMED).
    if (
      node.type === "function_expression" ||
      node.type === "function" ||
      node.type === "generator_function"
    ) {
      const name = node.childForFieldName("name");
      if (name) own.names.add(name.text);
    }
    for (const c of kids(node)) {
      if (c.type === "type_parameters") typeParameters(c, own);
      else if (c.type === "formal_parameters") for (const p of kids(c)) bind(p, own, own);
      else if (c.id === node.childForFieldName("parameter")?.id) bind(c, own, own);
      else if (c.id === node.childForFieldName("name")?.id) {
        // The name of a method (a property) or of a function (bound already): not a read,
        // but a computed name is.
        if (c.type === "computed_property_name") visit(c, scope);
      } else visit(c, own);
    }
  };

  const declaration = (node: Node, scope: Scope) => {
    const declarators = kids(node).filter((c) => c.type === "variable_declarator");
    const into = node.type === "variable_declaration" ? hoisting(scope) : scope;
    for (const d of declarators) {
      bind(d.childForFieldName("name"), into, scope);
      for (const c of kids(d)) if (c.id !== d.childForFieldName("name")?.id) visit(c, scope);
    }
  };

  const visit = (node: Node | null, scope: Scope): void => {
    if (!node) return;
    const type = node.type;
    if (IDENTIFIERS.has(type)) {
      const erased = type === "type_identifier" || (type === "identifier" && inTypeQuery(node));
      references.push({
        name: node.text,
        at: node.startIndex,
        scope,
        ...(erased ? { type: true } : {}),
      });
      return;
    }
    switch (type) {
      case "assignment_expression":
      case "augmented_assignment_expression":
      case "update_expression": {
        const target = node.childForFieldName(type === "update_expression" ? "argument" : "left");
        for (const c of kids(node)) {
          if (c.id === target?.id && c.type === "identifier")
            references.push({ name: c.text, at: c.startIndex, scope, write: true });
          else visit(c, scope);
        }
        return;
      }
      case "import_statement":
        for (const id of node.descendantsOfType("identifier")) {
          const spec = id?.parent;
          // `{ a as b }` binds b; `{ a }`, `* as a`, a default import bind their one name.
          if (
            spec?.type === "import_specifier" &&
            spec.childForFieldName("alias") &&
            id?.id === spec.childForFieldName("name")?.id
          )
            continue;
          if (id) program.names.add(id.text);
        }
        return;
      case "import_alias": {
        const name = kids(node).find((c) => c.type === "identifier");
        if (name) scope.names.add(name.text);
        for (const c of kids(node)) if (c !== name) visit(c, scope);
        return;
      }
      case "export_statement":
        // A re-export names another module's names, not this one's.
        if (node.childForFieldName("source")) return;
        for (const c of kids(node)) {
          if (c.type === "export_clause")
            for (const spec of kids(c)) visit(spec.childForFieldName("name"), scope);
          else visit(c, scope);
        }
        return;
      case "nested_type_identifier": {
        // `ns.Type`: `ns` is read, as a namespace (fp-ts' `<E>(…) => E.Either<E, B>` reads the
        // module `E`, not the type parameter); `Type` is a member, not a name of this scope.
        let ns = node.childForFieldName("module");
        while (ns?.type === "nested_identifier") ns = kids(ns)[0] ?? null;
        if (ns?.type === "identifier")
          references.push({
            name: ns.text,
            at: ns.startIndex,
            scope,
            namespace: true,
            type: true,
          });
        else visit(ns, scope);
        return;
      }
      case "nested_identifier":
        visit(kids(node)[0] ?? null, scope);
        return;
      case "jsx_opening_element":
      case "jsx_self_closing_element":
      case "jsx_closing_element": {
        const name = node.childForFieldName("name");
        for (const c of kids(node)) {
          // `<div>`: an element of the host, not a name.
          if (c.id === name?.id && c.type === "identifier" && /^[a-z]/.test(c.text)) continue;
          visit(c, scope);
        }
        return;
      }
      case "lexical_declaration":
      case "variable_declaration":
        declaration(node, scope);
        return;
      case "for_statement":
      case "for_in_statement": {
        const own = child(scope);
        const left = node.childForFieldName("left");
        const kind = node.childForFieldName("kind");
        for (const c of kids(node)) {
          if (type === "for_in_statement" && c.id === left?.id && kind)
            bind(c, kind.text === "var" ? hoisting(scope) : own, own);
          else visit(c, own);
        }
        return;
      }
      case "catch_clause": {
        const own = child(scope);
        const parameter = node.childForFieldName("parameter");
        for (const c of kids(node)) {
          if (c.id === parameter?.id) bind(c, own, own);
          else visit(c, own);
        }
        return;
      }
      case "class":
      case "class_declaration":
      case "abstract_class_declaration": {
        const name = node.childForFieldName("name");
        if (name && type !== "class") scope.names.add(name.text);
        const own = child(scope);
        if (name && type === "class") own.names.add(name.text);
        for (const c of kids(node)) {
          if (c.id === name?.id) continue;
          if (c.type === "type_parameters") typeParameters(c, own);
          else visit(c, own);
        }
        return;
      }
      case "mapped_type_clause": {
        const name = node.childForFieldName("name");
        if (name) scope.names.add(name.text);
        for (const c of kids(node)) if (c.id !== name?.id) visit(c, scope);
        return;
      }
      case "infer_type": {
        const name = kids(node).find((c) => c.type === "type_identifier");
        if (name) scope.names.add(name.text);
        return;
      }
      case "method_definition":
      case "public_field_definition":
      case "property_signature": {
        // Their names are properties (a computed one is read); the rest as usual.
        if (type === "method_definition") {
          fn(node, scope);
          return;
        }
        const name = node.childForFieldName("name");
        for (const c of kids(node)) {
          if (c.id === name?.id && c.type !== "computed_property_name") continue;
          visit(c, scope);
        }
        return;
      }
    }
    if (NAMED.has(type)) {
      const name = node.childForFieldName("name");
      if (name)
        scope.names.add(
          type === "internal_module" || type === "module"
            ? (name.text.split(".")[0] ?? "")
            : name.text,
        );
      if (FUNCTIONS.has(type)) {
        fn(node, scope);
        return;
      }
      const own = child(scope);
      for (const c of kids(node)) {
        if (c.id === name?.id) continue;
        if (c.type === "type_parameters") typeParameters(c, own);
        else visit(c, own);
      }
      return;
    }
    if (FUNCTIONS.has(type)) {
      fn(node, scope);
      return;
    }
    const inner = BLOCKS.has(type) ? child(scope) : scope;
    for (const c of kids(node)) visit(c, inner);
  };

  visit(tree.rootNode, program);
  return { program, references };
}

/**
 * The names read in [start, end) of `tree` that resolve to its module: its
 * top-level declarations and imports, or no declaration (a global). A name
 * read only where a parameter or a local of the same name is in scope is not
 * among them.
 */
export function moduleReferences(tree: Tree, start: number, end: number): Set<string> {
  return moduleNames(tree, start, end, () => true);
}

/**
 * The module's names read in [start, end) as the module loads: not inside a
 * function (its body runs when called), nor in a class's instance field
 * (it runs when an instance is made), nor in a type (erased).
 */
export function moduleLoadReferences(tree: Tree, start: number, end: number): Set<string> {
  const { program, references } = scan(tree);
  const later: { start: number; end: number }[] = [];
  const fields = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (
      (node.type === "public_field_definition" || node.type === "field_definition") &&
      !kids(node).some((c) => c.type === "static")
    )
      later.push({ start: node.startIndex, end: node.endIndex });
    else for (const c of kids(node)) fields(c);
  };
  fields(tree.rootNode);
  const out = new Set<string>();
  for (const ref of references) {
    if (ref.at < start || ref.at >= end || ref.write || ref.type) continue;
    if (later.some((l) => ref.at >= l.start && ref.at < l.end)) continue;
    let scope: Scope | undefined = ref.scope;
    let now = true;
    while (scope && scope !== program && !declares(scope, ref)) {
      if (scope.hoists) now = false;
      scope = scope.parent;
    }
    if ((!scope || scope === program) && now) out.add(ref.name);
  }
  return out;
}

/**
 * The module's names a function declared in [start, end) reads when it is
 * called: in its own body, not in the functions it makes (they run later),
 * nor in its types.
 */
export function moduleCallReferences(tree: Tree, start: number, end: number): Set<string> {
  const { program, references } = scan(tree);
  const out = new Set<string>();
  for (const ref of references) {
    if (ref.at < start || ref.at >= end || ref.write || ref.type) continue;
    let scope: Scope | undefined = ref.scope;
    let functions = 0;
    while (scope && scope !== program && !declares(scope, ref)) {
      if (scope.hoists) functions++;
      scope = scope.parent;
    }
    if ((!scope || scope === program) && functions <= 1) out.add(ref.name);
  }
  return out;
}

/** The module's names assigned to in [start, end) (`count = 0`, `count++`). */
export function moduleWrites(tree: Tree, start: number, end: number): Set<string> {
  return moduleNames(tree, start, end, (ref) => ref.write === true);
}

function moduleNames(tree: Tree, start: number, end: number, wanted: (ref: Reference) => boolean) {
  const { program, references } = scan(tree);
  const out = new Set<string>();
  for (const ref of references) {
    if (ref.at < start || ref.at >= end || !wanted(ref)) continue;
    let scope: Scope | undefined = ref.scope;
    while (scope && scope !== program && !declares(scope, ref)) scope = scope.parent;
    if (!scope || scope === program) out.add(ref.name);
  }
  return out;
}
