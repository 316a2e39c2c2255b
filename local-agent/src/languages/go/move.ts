import {
  escapeRegExp,
  freeAlias,
  type ImporterPlan,
  type ImportPlan,
  kids,
  lineEnd,
  lineStart,
  type MoveTexts,
  removeStatement,
  replaceRanges,
} from "../../imports/plan.ts";
import { type Node, type Tree, withTree } from "../../syntax/parser.ts";
import { constraintMove } from "./constraints.ts";
import { goLayout, keepGoLayout } from "./layout.ts";
import {
  dirOf,
  type GoContext,
  importGraph,
  importPathOf,
  importsOf,
  isExported,
  isTestFile,
  packageClause,
  packageNameFor,
  packageOf,
  pathBetween,
} from "./packages.ts";

/**
 * Import-aware moves for Go (issue 35): every file keeps its package clause
 * (a new file takes its directory's package, or the old file's within one
 * directory, or its directory's name in a new one); the destination gains
 * the packages the unit uses (into its `import ( … )` block, sorted as gofmt
 * keeps a group; a single import becomes a block), and the old file drops the
 * packages nothing left in it uses (Go refuses unused imports).
 *
 * Across packages (another directory), with the module's files (GoContext,
 * from go.mod): the unit reads its old package's exported names qualified
 * (`util.Clean`), the old package imports the new one where it still uses
 * the unit, and every importer is rewritten (`util.Slug` → `text.Slug`, its
 * imports added and dropped; planGoImporter). What Go would refuse is refused
 * up front (`blocked`): an import cycle between packages, an unexported name
 * that would have to cross a package boundary, a method away from its type,
 * a type away from its methods, an import of package main.
 */

interface Spec {
  /** The name the file uses it by: its alias, else the path's last element (`v2` skipped). */
  name: string;
  path: string;
  /** As written (`str "strings"`). */
  text: string;
  node: { start: number; end: number };
}

interface Declaration {
  node: { start: number; end: number };
  specs: Spec[];
  /** A `( … )` block: where its `)` is. */
  close: number | undefined;
}

interface Facts {
  declarations: Declaration[];
  /** Past the package clause's line: where a first import goes. */
  afterPackage: number;
  /** Top-level names, with the declaration that names each. */
  topLevel: Map<string, { start: number; end: number }>;
}

function packageName(path: string, alias: string | undefined): string {
  if (alias) return alias;
  const parts = path.split("/");
  const last = parts.at(-1) ?? path;
  return /^v\d+$/.test(last) && parts.length > 1 ? (parts.at(-2) ?? last) : last;
}

function specOf(node: Node): Spec | undefined {
  const pathNode = kids(node).find((c) => c.type === "interpreted_string_literal");
  const path = pathNode?.text.slice(1, -1);
  if (path === undefined) return undefined;
  // `name`: a package_identifier, a `dot` (`. "…"`) or a blank_identifier (`_ "…"`).
  const alias = node.childForFieldName("name")?.text;
  return {
    name: packageName(path, alias),
    path,
    text: node.text,
    node: { start: node.startIndex, end: node.endIndex },
  };
}

function factsOf(tree: Tree, text: string): Facts {
  const declarations: Declaration[] = [];
  const topLevel = new Map<string, { start: number; end: number }>();
  let afterPackage = 0;
  for (const child of kids(tree.rootNode)) {
    if (child.type === "package_clause") afterPackage = lineEnd(text, child.endIndex);
    else if (child.type === "import_declaration") {
      const list = kids(child).find((c) => c.type === "import_spec_list");
      const specNodes = list
        ? kids(list).filter((c) => c.type === "import_spec")
        : kids(child).filter((c) => c.type === "import_spec");
      declarations.push({
        node: { start: child.startIndex, end: child.endIndex },
        specs: specNodes.map(specOf).filter((s): s is Spec => s !== undefined),
        close: list ? kids(list).find((c) => c.type === ")")?.startIndex : undefined,
      });
    } else {
      const name = child.childForFieldName("name");
      const where = { start: child.startIndex, end: child.endIndex };
      // A method's name is its type's, not the package's.
      if (name && child.type !== "method_declaration") topLevel.set(name.text, where);
      // const, var and type declarations name theirs in their specs, alone or in a ( … ) list.
      const specs = (node: Node): Node[] =>
        kids(node).flatMap((c) =>
          c.type === "const_spec" || c.type === "var_spec" || c.type === "type_spec"
            ? [c]
            : c.type === "var_spec_list" || c.type === "type_spec_list"
              ? specs(c)
              : [],
        );
      for (const spec of specs(child))
        for (const id of spec.childrenForFieldName("name")) if (id) topLevel.set(id.text, where);
    }
  }
  return { declarations, afterPackage, topLevel };
}

/** Package names used in [start, end): `fmt` in `fmt.Println`, `http` in `*http.Client`. */
function packagesUsed(tree: Tree, start: number, end: number): Set<string> {
  const used = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_declaration") return;
    if (node.type === "selector_expression") {
      const operand = node.childForFieldName("operand");
      if (operand?.type === "identifier") used.add(operand.text);
    } else if (node.type === "qualified_type") {
      const pkg = node.childForFieldName("package");
      if (pkg) used.add(pkg.text);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return used;
}

/**
 * The identifiers used in [start, end) (for names of the old file's package).
 * `free`: only those that can name a package-level declaration: not `_`, and
 * not one a declaration inside the range binds where it is read (boundLocally).
 */
function identifiersIn(tree: Tree, start: number, end: number, free = false): Set<string> {
  const used = new Set<string>();
  const blocks: BlockScopes = new Map();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    // Another package's type (`pb.Eagle`) names nothing of this one.
    if (node.type === "qualified_type") return;
    if (
      (node.type === "identifier" || node.type === "type_identifier") &&
      !(free && (node.text === "_" || boundLocally(node, blocks)))
    )
      used.add(node.text);
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return used;
}

/** The identifiers a `:=`, a parameter list or a declaration binds (the names it declares). */
function bindsOf(node: Node | null | undefined): string[] {
  if (!node) return [];
  const named = (n: Node) => n.childrenForFieldName("name").flatMap((x) => x?.text ?? []);
  switch (node.type) {
    case "parameter_list":
    case "type_parameter_list":
      return kids(node).flatMap(named);
    case "short_var_declaration":
      return leftNames(node);
    case "var_declaration":
    case "const_declaration":
    case "type_declaration":
      return kids(node).flatMap((spec) =>
        /_spec_list$/.test(spec.type) ? kids(spec).flatMap(named) : named(spec),
      );
    default:
      return [];
  }
}

/** The identifiers on the left of a `:=` (or of a `range` or `case` receive that declares). */
const leftNames = (node: Node) =>
  kids(node.childForFieldName("left") ?? node).flatMap((n) =>
    n.type === "identifier" ? [n.text] : [],
  );

/** Whether `node` declares with `:=` (a range clause, a receive in a select case). */
const declares = (node: Node | undefined) =>
  node !== undefined && kids(node).some((k) => k.type === ":=");

/** Whether `id` is the name a declaration declares (a parameter's, a `:=`'s, a spec's): no read. */
function isDeclaredName(id: Node): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (
    /^(parameter_declaration|variadic_parameter_declaration|type_parameter_declaration|var_spec|const_spec|type_spec|type_alias)$/.test(
      parent.type,
    )
  )
    return parent.childrenForFieldName("name").some((n) => n?.startIndex === id.startIndex);
  const owner = parent.parent;
  if (parent.type !== "expression_list" || !owner) return false;
  if (owner.type === "type_switch_statement")
    return owner.childForFieldName("alias")?.startIndex === parent.startIndex;
  const left = owner.childForFieldName("left")?.startIndex === parent.startIndex;
  return (
    left &&
    (owner.type === "short_var_declaration" ||
      ((owner.type === "range_clause" || owner.type === "receive_statement") && declares(owner)))
  );
}

/** Each block's names and where the first statement binding each ends, by the block's node id (one tree). */
type BlockScopes = Map<number, Map<string, number>>;

/**
 * Whether identifier `id` is bound inside its function where it is read, or
 * declares a name there: its function's parameters, results, receiver or
 * type parameters; a `:=`, `var`, `const` or `type` earlier in a block
 * around it; a `range`'s or a `for`, `if` or `switch` initializer's
 * variables; a type switch's or a select case's. (chi's `StripPrefix(prefix
 * string)` reads its parameter, not the package's `var prefix`.) Go's
 * scopes, read from the syntax: a package name this takes for a local one is
 * one the build guard's compile still sees.
 */
function boundLocally(id: Node, blocks: BlockScopes): boolean {
  if (isDeclaredName(id)) return true;
  const name = id.text;
  const inside = (n: Node | null | undefined) =>
    n !== null && n !== undefined && id.startIndex >= n.startIndex && id.endIndex <= n.endIndex;
  for (let at = id.parent; at && at.type !== "source_file"; at = at.parent) {
    let bound: string[] = [];
    switch (at.type) {
      case "function_declaration":
      case "method_declaration":
      case "func_literal":
        bound = ["type_parameters", "parameters", "result", "receiver"].flatMap((f) =>
          bindsOf(at?.childForFieldName(f)),
        );
        break;
      case "statement_list":
      case "block": {
        // Where the block first binds each name, worked out once a block (a generated function
        // of 50,000 statements is read once, not once an identifier).
        let first = blocks.get(at.id);
        if (!first) {
          first = new Map();
          for (const statement of kids(at))
            for (const n of bindsOf(statement)) if (!first.has(n)) first.set(n, statement.endIndex);
          blocks.set(at.id, first);
        }
        const end = first.get(name);
        if (end !== undefined && end <= id.startIndex) return true;
        break;
      }
      case "for_statement": {
        const range = kids(at).find((k) => k.type === "range_clause");
        const clause = kids(at).find((k) => k.type === "for_clause");
        bound = [
          ...(range && declares(range) && !inside(range.childForFieldName("right"))
            ? leftNames(range)
            : []),
          ...bindsOf(clause?.childForFieldName("initializer")),
        ];
        break;
      }
      case "if_statement":
      case "expression_switch_statement":
      case "type_switch_statement": {
        const alias = at.childForFieldName("alias");
        bound = [
          ...bindsOf(at.childForFieldName("initializer")),
          ...(alias && !inside(at.childForFieldName("value"))
            ? kids(alias).flatMap((n) => (n.type === "identifier" ? [n.text] : []))
            : []),
        ];
        break;
      }
      case "communication_case": {
        const receive = at.childForFieldName("communication");
        bound =
          receive?.type === "receive_statement" && declares(receive) ? leftNames(receive) : [];
        break;
      }
    }
    if (bound.includes(name)) return true;
  }
  return false;
}

/** A standard library path (its first element has no dot): goimports' first group. */
const isStd = (importPath: string) => !(importPath.split("/")[0] ?? "").includes(".");

/** Specs as an import block's lines, grouped as goimports lays them out: the standard library, a blank line, the rest. */
function groupedLines(specs: readonly Spec[]): string {
  const sorted = [...specs].sort((a, b) => a.path.localeCompare(b.path));
  const std = sorted.filter((s) => isStd(s.path)).map((s) => `\t${s.text}\n`);
  const rest = sorted.filter((s) => !isStd(s.path)).map((s) => `\t${s.text}\n`);
  return [std.join(""), rest.join("")].filter(Boolean).join("\n");
}

/**
 * `text` importing `specs` too, as gofmt and goimports keep imports: into the
 * `import ( … )` block's group of their kind (the standard library's, or the
 * others'), sorted within it, a new group where there is none; a single
 * import becomes a block; a file without imports gets one below its clause.
 */
function addSpecs(text: string, facts: Facts, specs: Spec[]): string {
  const have = new Set(facts.declarations.flatMap((d) => d.specs.map((s) => s.path)));
  const wanted = specs.filter(
    (s, i) => !have.has(s.path) && specs.findIndex((o) => o.path === s.path) === i,
  );
  if (!wanted.length) return text;
  const block = facts.declarations.find((d) => d.close !== undefined);
  if (block && block.close !== undefined) {
    const bodyFrom = text.indexOf("\n", block.node.start) + 1;
    const bodyTo = lineStart(text, block.close);
    if (bodyFrom <= 0 || bodyFrom > bodyTo) return text;
    // The block's groups: runs of lines between blank ones, each a spec or a comment.
    const groups: string[][] = [];
    let run: string[] = [];
    for (const line of text.slice(bodyFrom, bodyTo).split("\n").slice(0, -1)) {
      if (line.trim() === "") {
        if (run.length) groups.push(run);
        run = [];
      } else run.push(line);
    }
    if (run.length) groups.push(run);
    const specLine = /^\s*(?:[\p{L}_][\p{L}\p{N}_]*\s+|\.\s+)?"([^"]*)"\s*$/u;
    const kind = (group: string[]) => {
      const paths = group.map((l) => specLine.exec(l)?.[1]).filter((p) => p !== undefined);
      if (!paths.length) return undefined;
      return paths.every(isStd) ? "std" : paths.every((p) => !isStd(p)) ? "other" : "mixed";
    };
    for (const spec of wanted) {
      const want = isStd(spec.path) ? "std" : "other";
      const line = `\t${spec.text}`;
      const into =
        want === "std"
          ? groups.find((g) => kind(g) === "std")
          : groups.findLast((g) => kind(g) === "other");
      const target =
        into ?? (groups.length === 1 && kind(groups[0] ?? []) === "mixed" ? groups[0] : undefined);
      if (!target) {
        if (want === "std") groups.unshift([line]);
        else groups.push([line]);
        continue;
      }
      // Sorted among the group's specs, where every line is one; else at the group's end.
      if (target.every((l) => specLine.test(l))) {
        target.push(line);
        target.sort((a, b) =>
          (specLine.exec(a)?.[1] ?? "").localeCompare(specLine.exec(b)?.[1] ?? ""),
        );
      } else target.push(line);
    }
    const body = groups.map((g) => g.map((l) => `${l}\n`).join("")).join("\n");
    return text.slice(0, bodyFrom) + body + text.slice(bodyTo);
  }
  const single = facts.declarations[0];
  if (single) {
    const replacement = `import (\n${groupedLines([...single.specs, ...wanted])})`;
    return text.slice(0, single.node.start) + replacement + text.slice(single.node.end);
  }
  const decl =
    wanted.length === 1 ? `import ${wanted[0]?.text}\n` : `import (\n${groupedLines(wanted)})\n`;
  return `${text.slice(0, facts.afterPackage)}\n${decl}${text.slice(facts.afterPackage)}`;
}

/** Identifier nodes in [start, end) naming one of `names` unqualified: a use of a package-level name. */
function usesOf(tree: Tree, start: number, end: number, names: ReadonlySet<string>): Node[] {
  const out: Node[] = [];
  const blocks: BlockScopes = new Map();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_declaration" || node.type === "package_clause") return;
    if ((node.type === "identifier" || node.type === "type_identifier") && names.has(node.text)) {
      const parent = node.parent;
      // Another package's type of that name (`pb.Goat`) is no use of it, nor a struct
      // literal's field of that name (`ParseError{Position: p}`).
      if (parent?.type === "qualified_type" || isFieldKey(node)) return;
      // Declaring it (a function's, type's, const's or var's own name) is no use of it.
      const declares =
        parent &&
        /^(function_declaration|method_declaration|type_spec|type_alias|const_spec|var_spec)$/.test(
          parent.type,
        ) &&
        parent.childrenForFieldName("name").some((n) => n?.startIndex === node.startIndex);
      // Nor is a local of that name (a parameter, a `:=`) read where it is in scope.
      if (!declares && !boundLocally(node, blocks)) out.push(node);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/**
 * Whether `node` is the key of a struct literal's element (`T{Name: v}`), a
 * field's name: the literal's type, or for a literal whose type is elided
 * (`[]T{{Name: v}}`) its element's, is not a map, slice or array (whose keys
 * are expressions).
 */
function isFieldKey(node: Node): boolean {
  const key = node.parent;
  const element = key?.parent;
  if (key?.type !== "literal_element" || element?.type !== "keyed_element") return false;
  if (kids(element)[0]?.startIndex !== key.startIndex) return false;
  // Up to the literal that names its type, counting the elided levels on the way.
  let depth = 0;
  let at: Node | null = element.parent;
  while (at && at.type !== "composite_literal") {
    if (at.type === "literal_value") depth++;
    at = at.parent;
  }
  let type = at?.childForFieldName("type") ?? null;
  for (let level = 1; level < depth && type; level++)
    type =
      type.type === "map_type"
        ? type.childForFieldName("value")
        : /^(slice_type|array_type|implicit_length_array_type)$/.test(type.type)
          ? type.childForFieldName("element")
          : null;
  return !type || !/^(map_type|slice_type|array_type|implicit_length_array_type)$/.test(type.type);
}

/** `q.Name` selectors and qualified types in the file with `q` and Name one of `names`: [the whole, Name]. */
function selectorsOf(
  tree: Tree,
  q: string,
  names?: ReadonlySet<string>,
): { node: Node; name: string }[] {
  const out: { node: Node; name: string }[] = [];
  const visit = (node: Node) => {
    if (node.type === "selector_expression") {
      const operand = node.childForFieldName("operand");
      const field = node.childForFieldName("field");
      if (
        operand?.type === "identifier" &&
        operand.text === q &&
        field &&
        (!names || names.has(field.text))
      )
        out.push({ node, name: field.text });
    } else if (node.type === "qualified_type") {
      const pkg = node.childForFieldName("package");
      const name = node.childForFieldName("name");
      if (pkg?.text === q && name && (!names || names.has(name.text)))
        out.push({ node, name: name.text });
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/** What a unit declares at top level: its names, the methods among them (with their receivers' types). */
function declaredBy(tree: Tree, start: number, end: number) {
  const names: string[] = [];
  const types: string[] = [];
  const methods: { name: string; receiver: string }[] = [];
  /** Interfaces with unexported methods, which only their own package's types can implement. */
  const sealed: { type: string; methods: string[] }[] = [];
  for (const child of kids(tree.rootNode)) {
    if (child.endIndex <= start || child.startIndex >= end) continue;
    if (child.type === "method_declaration") {
      methods.push({
        name: child.childForFieldName("name")?.text ?? "",
        receiver: receiverOf(child),
      });
      continue;
    }
    const name = child.childForFieldName("name");
    if (name) names.push(name.text);
    const specs = (node: Node): Node[] =>
      kids(node).flatMap((c) =>
        /^(const_spec|var_spec|type_spec|type_alias)$/.test(c.type)
          ? [c]
          : /_spec_list$/.test(c.type)
            ? specs(c)
            : [],
      );
    for (const spec of specs(child))
      for (const id of spec.childrenForFieldName("name"))
        if (id) {
          names.push(id.text);
          if (child.type === "type_declaration") types.push(id.text);
          const shape = spec.childForFieldName("type");
          if (shape?.type === "interface_type") {
            const hidden = kids(shape)
              .filter((m) => m.type === "method_elem")
              .map((m) => m.childForFieldName("name")?.text ?? "")
              .filter((n) => n && !isExported(n));
            if (hidden.length) sealed.push({ type: id.text, methods: hidden });
          }
        }
  }
  return { names, types, methods, sealed };
}

/** A method's receiver's type name (`T` of `(t *T)`, `(t T[K])`). */
function receiverOf(method: Node): string {
  const receiver = method.childForFieldName("receiver")?.text ?? "";
  return /([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\])?\s*\)$/u.exec(receiver)?.[1] ?? "";
}

/** Methods declared in `tree` on one of `types`. */
function methodsOn(tree: Tree, types: ReadonlySet<string>): string[] {
  return kids(tree.rootNode)
    .filter((c) => c.type === "method_declaration" && types.has(receiverOf(c)))
    .map((c) => `${receiverOf(c)}.${c.childForFieldName("name")?.text ?? ""}`);
}

/** Each struct type's fields (`fields`, structFields) and each type's methods the file declares. */
function membersOf(
  tree: Tree,
  fields: Map<string, string[]> = structFields(tree),
): Map<string, Set<string>> {
  const out = new Map([...fields].map(([type, names]) => [type, new Set(names)]));
  for (const child of kids(tree.rootNode)) {
    const name = child.type === "method_declaration" && child.childForFieldName("name")?.text;
    if (!name) continue;
    const receiver = receiverOf(child);
    out.set(receiver, (out.get(receiver) ?? new Set()).add(name));
  }
  return out;
}

/**
 * What [start, end) reaches of `hidden` (a type's unexported fields and
 * methods): `x.name` where no other type has that name (`ambiguous`), and a
 * literal of the type naming an unexported field or listing fields without
 * keys. Each as the receipt names it.
 */
function reachesHidden(
  tree: Tree,
  start: number,
  end: number,
  hidden: ReadonlyMap<string, ReadonlySet<string>>,
  ambiguous: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "selector_expression") {
      const field = node.childForFieldName("field")?.text ?? "";
      if (!ambiguous.has(field))
        for (const [type, names] of hidden) if (names.has(field)) out.add(`${type}.${field}`);
    } else if (node.type === "composite_literal") {
      const typeNode = node.childForFieldName("type");
      const type =
        typeNode?.type === "type_identifier"
          ? typeNode.text
          : typeNode?.type === "qualified_type"
            ? typeNode.childForFieldName("name")?.text
            : undefined;
      const names = type === undefined ? undefined : hidden.get(type);
      const body = node.childForFieldName("body");
      if (names?.size && body)
        for (const element of kids(body)) {
          if (element.type === "literal_element")
            out.add(`${type}'s unexported fields (a literal without keys)`);
          const key = element.type === "keyed_element" ? element.childForFieldName("key") : null;
          if (key && names.has(key.text)) out.add(`${type}.${key.text}`);
        }
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/** Each struct type's fields in order (an embedded one by its type's name), as the file declares them. */
function structFields(tree: Tree): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const decl of kids(tree.rootNode).filter((c) => c.type === "type_declaration"))
    for (const spec of kids(decl).filter((c) => c.type === "type_spec")) {
      const type = spec.childForFieldName("name")?.text;
      const struct = spec.childForFieldName("type");
      if (!type || struct?.type !== "struct_type") continue;
      const fields: string[] = [];
      for (const list of kids(struct).filter((c) => c.type === "field_declaration_list"))
        for (const field of kids(list).filter((c) => c.type === "field_declaration")) {
          const names = field.childrenForFieldName("name").filter((n): n is Node => n !== null);
          if (names.length) fields.push(...names.map((n) => n.text));
          else {
            const embedded = field.childForFieldName("type")?.text.replace(/^\*/, "") ?? "";
            fields.push(
              embedded
                .replace(/\[[\s\S]*$/, "")
                .split(".")
                .at(-1) ?? embedded,
            );
          }
        }
      out.set(type, fields);
    }
  return out;
}

/**
 * `text` with its literals of another package's structs (`q.T{a, b}`, of
 * `fields`' types) given their fields' names (`q.T{X: a, Y: b}`): go vet asks
 * for keys on another package's struct, and a move made the package another.
 * A literal whose values do not match the fields one to one is left.
 */
function keyLiterals(
  text: string,
  tree: Tree,
  q: string,
  fields: ReadonlyMap<string, readonly string[]>,
  within: { start: number; end: number } = { start: 0, end: text.length },
): { text: string; types: string[] } {
  const edits: { start: number; end: number; insert: string }[] = [];
  const types = new Set<string>();
  /** `name` when `type` is `q.name`, through a pointer where `pointer` (`*q.name`). */
  const qualified = (type: Node | null | undefined, pointer: boolean): string | undefined => {
    if (pointer && type?.type === "pointer_type") return qualified(type.namedChild(0), false);
    // A generic type's instance (`q.Generic[T]{…}`): its type's fields.
    if (type?.type === "generic_type") return qualified(type.childForFieldName("type"), false);
    return type?.type === "qualified_type" && type.childForFieldName("package")?.text === q
      ? type.childForFieldName("name")?.text
      : undefined;
  };
  /** Keys `body`'s elements with the fields of `name`, where every one is positional. */
  const key = (body: Node | null | undefined, name: string) => {
    const names = fields.get(name);
    if (!body) return;
    const elements = kids(body).filter(
      (k) => k.type === "literal_element" || k.type === "keyed_element",
    );
    if (names?.length !== elements.length || !elements.every((e) => e.type === "literal_element"))
      return;
    edits.push(
      ...elements.map((e, i) => ({
        start: e.startIndex,
        end: e.startIndex,
        insert: `${names[i]}: `,
      })),
    );
    types.add(name);
  };
  const visit = (node: Node) => {
    if (node.endIndex <= within.start || node.startIndex >= within.end) return;
    if (node.type === "composite_literal") {
      const type = node.childForFieldName("type");
      const body = node.childForFieldName("body");
      const name = qualified(type, false);
      if (name) key(body, name);
      // A slice's, an array's or a map's elements of the type, the type elided (`[]q.T{{…}}`,
      // `map[string]*q.T{"k": {…}}`): vet's composites check reads them as q.T literals too.
      const element =
        type?.type === "map_type"
          ? type.childForFieldName("value")
          : /^(slice_type|array_type|implicit_length_array_type)$/.test(type?.type ?? "")
            ? type?.childForFieldName("element")
            : undefined;
      const of = qualified(element, true);
      if (of && body)
        for (const e of kids(body)) {
          const value = e.type === "keyed_element" ? e.namedChild(e.namedChildCount - 1) : e;
          const literal = value?.type === "literal_element" ? value.namedChild(0) : undefined;
          if (literal?.type === "literal_value") key(literal, of);
        }
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return { text: replaceRanges(text, edits), types: [...types] };
}

/** keyLiterals over `text`, parsed. */
function keyedIn(
  text: string,
  q: string,
  fields: ReadonlyMap<string, readonly string[]>,
  within?: { start: number; end: number },
): Promise<{ text: string; types: string[] }> {
  return fields.size
    ? withTree(text, "go", (tree) => keyLiterals(text, tree, q, fields, within))
    : Promise.resolve({ text, types: [] });
}

/** A Go move between directories, as its importers need it (planGoImporter). */
export interface GoMove {
  oldDir: string;
  newDir: string;
  oldPackage: string;
  newPackage: string;
  oldImport: string;
  newImport: string;
  /** The names the unit declares. */
  moved: string[];
  /** The fields of the structs that moved, in order: the old package's literals of them get keys. */
  fields?: Record<string, string[]>;
  /**
   * The exported names the old package declares once the unit has left it,
   * where a file imports it with a dot (`. "…/nature"`): such a file's dot
   * import goes once it reads none of them.
   */
  oldExports?: string[];
  /**
   * The files whose imports follow the move: the module's, and those of other
   * modules that build with its directory (`replace`). Another module's file
   * (below a go.mod of its own, as golang-lru's arc/) imports the old package
   * as a published version has it, which no move here changes: not rewritten,
   * and said.
   */
  files?: string[];
}

/** `text` with the package clause `name` first, where it has none (a new or empty file). */
function withClause(text: string, name: string): string {
  if (packageClause(text) !== undefined) return text;
  return `package ${name}\n\n${text.replace(/^\s*\n/, "")}`;
}

/** The name `file` will use for `importPath`: its existing import's, else `preferred` or an alias free in it. */
function importNameIn(
  text: string,
  tree: Tree,
  importPath: string,
  preferred: string,
): { name: string; spec: Spec | undefined } {
  const existing = importsOf(text).find((i) => i.path === importPath);
  if (existing && existing.alias !== "_" && existing.alias !== ".")
    return { name: existing.alias ?? preferred, spec: undefined };
  // Any name the file uses (a local `keys` would hide a package `keys`).
  const taken = new Set([
    ...importsOf(text).map((i) => i.alias ?? packageName(i.path, undefined)),
    ...identifiersIn(tree, 0, text.length),
  ]);
  const name = taken.has(preferred) ? freeAlias(preferred, taken) : preferred;
  const quoted = `"${importPath}"`;
  return {
    name,
    spec: {
      name,
      path: importPath,
      text: name === preferred ? quoted : `${name} ${quoted}`,
      node: { start: 0, end: 0 },
    },
  };
}

/** Imports of `text` whose names nothing in it uses any more, among `paths`, removed. */
function dropUnused(
  text: string,
  tree: Tree,
  paths: ReadonlySet<string>,
): { text: string; dropped: string[] } {
  const used = packagesUsed(tree, 0, text.length);
  return dropSpecs(
    text,
    tree,
    (s) => paths.has(s.path) && !used.has(s.name) && s.name !== "_" && s.name !== ".",
  );
}

/** `text` without the import specs `leaves` picks (their declaration too, once empty). */
function dropSpecs(
  text: string,
  tree: Tree,
  leaves: (spec: Spec) => boolean,
): { text: string; dropped: string[] } {
  const facts = factsOf(tree, text);
  const edits: { start: number; end: number; insert: string }[] = [];
  const dropped: string[] = [];
  for (const d of facts.declarations) {
    const leaving = d.specs.filter(leaves);
    if (!leaving.length) continue;
    dropped.push(...leaving.map((s) => s.path));
    if (leaving.length === d.specs.length) {
      const end = lineEnd(text, d.node.end);
      edits.push({ start: d.node.start, end: end + (text[end] === "\n" ? 1 : 0), insert: "" });
    } else
      for (const s of leaving)
        edits.push({
          start: lineStart(text, s.node.start),
          end: lineEnd(text, s.node.end),
          insert: "",
        });
  }
  return { text: tidyImportBlocks(replaceRanges(text, edits)), dropped };
}

/** Import blocks as gofmt leaves them once specs went: no blank line at either end, none doubled. */
function tidyImportBlocks(text: string): string {
  return text.replace(/^import \(\n[\s\S]*?^\)/gm, (block) =>
    block
      .replace(/^import \(\n(?:[ \t]*\n)+/, "import (\n")
      .replace(/\n(?:[ \t]*\n)+\)$/, "\n)")
      .replace(/\n(?:[ \t]*\n){2,}/g, "\n\n"),
  );
}

/** `text` with each node of `qualify` prefixed by `q.` and each of `unqualify` (`q.Name`) made `Name`. */
function requalify(
  text: string,
  qualify: readonly Node[],
  q: string,
  unqualify: readonly { node: Node; name: string }[] = [],
  offset = 0,
): string {
  return replaceRanges(text, [
    ...qualify.map((n) => ({
      start: n.startIndex - offset,
      end: n.startIndex - offset,
      insert: `${q}.`,
    })),
    ...unqualify.map((s) => ({
      start: s.node.startIndex - offset,
      end: s.node.endIndex - offset,
      insert: s.name,
    })),
  ]);
}

/** The top-level names `texts` (a package's files) declare; only the exported ones with `exported`. */
async function topLevelOf(texts: readonly string[], exported = false): Promise<Set<string>> {
  const names = new Set<string>();
  for (const text of texts)
    for (const n of await withTree(text, "go", (tree) => [...factsOf(tree, text).topLevel.keys()]))
      if (!exported || isExported(n)) names.add(n);
  return names;
}

/**
 * The exported top-level names of the package at `importPath`, where it is
 * one of the module's (its files but tests); undefined where it is not.
 */
async function exportsOf(
  importPath: string,
  context: GoContext | undefined,
): Promise<Set<string> | undefined> {
  if (!context) return undefined;
  const files = context.files.filter(
    (f) => !isTestFile(f.path) && importPathOf(dirOf(f.path), context.module) === importPath,
  );
  return files.length
    ? topLevelOf(
        files.map((f) => f.text),
        true,
      )
    : undefined;
}

/**
 * The packages the unit reads unqualified through its file's dot imports
 * (`. "…/lexer"`, goawk's ast): each the new file imports as well. A
 * package of the module is read where the unit names one of its exports;
 * another (its names unknown here) where the unit names an exported name
 * its own package does not declare.
 */
async function dotImportsRead(
  specs: readonly Spec[],
  unit: { text: string; start: number; end: number; names: ReadonlySet<string> },
  declaredHere: () => Promise<Set<string>>,
  context: GoContext | undefined,
): Promise<Map<string, Set<string> | undefined>> {
  const read = new Map<string, Set<string> | undefined>();
  let here: Set<string> | undefined;
  for (const s of specs) {
    if (s.name !== ".") continue;
    const exports = await exportsOf(s.path, context);
    let reads: boolean;
    if (exports)
      // Uses, not every identifier: a literal's key (`T{Name: x}`) names a field, not the package's.
      reads = await withTree(
        unit.text,
        "go",
        (tree) => usesOf(tree, unit.start, unit.end, exports).length > 0,
      );
    else {
      here ??= await declaredHere();
      const known = here;
      reads = [...unit.names].some((n) => isExported(n) && !known.has(n));
    }
    if (reads) read.set(s.path, exports);
  }
  return read;
}

/** The imports both files need after `unit` moved from `sourcePath` to `destPath`. */
export async function planGoImports(
  input: MoveTexts & {
    go?: GoContext;
    brought?: string[];
    /** The old file as it is, where `sourceBefore` is as if what is brought stood below the unit. */
    original?: string;
    /** The old package's other files the methods of what moves were taken out of (withCompanions). */
    taken?: Taken[];
  },
): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const oldDir = dirOf(sourcePath);
  const newDir = dirOf(destPath);
  const across = oldDir !== newDir;
  const context = input.go;
  // Across packages, the old file's unexported helpers only the unit uses go with it.
  if (across && context && !input.brought) {
    const widened = await withCompanions(input, context);
    if (widened) return planGoImports(widened);
  }
  const before = await withTree(input.sourceBefore, "go", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    packages: packagesUsed(tree, input.unit.start, input.unit.end),
    names: identifiersIn(tree, input.unit.start, input.unit.end, true),
    declared: declaredBy(tree, input.unit.start, input.unit.end),
  }));
  const oldPackage = packageClause(input.sourceBefore) ?? packageNameFor(oldDir);
  const others = (context?.files ?? []).filter((f) => f.path !== sourcePath && f.path !== destPath);

  // The old package's other files (its own tests among them).
  const oldFiles = others.filter(
    (f) => dirOf(f.path) === oldDir && packageClause(f.text) === oldPackage,
  );
  const dotRead = await dotImportsRead(
    before.facts.declarations.flatMap((d) => d.specs),
    { text: input.sourceBefore, start: input.unit.start, end: input.unit.end, names: before.names },
    async () =>
      new Set([
        ...before.facts.topLevel.keys(),
        ...(await topLevelOf(oldFiles.map((f) => f.text))),
      ]),
    context,
  );
  const newPackage =
    packageClause(input.destAfter) ??
    (across ? (packageOf(newDir, others) ?? packageNameFor(newDir)) : oldPackage);
  const changes: string[] = [];
  const unresolved: string[] = [];
  const blocked: string[] = [];
  const printedNames: string[] = [];
  let destination = withClause(input.destAfter, newPackage);
  if (destination !== input.destAfter) changes.push(`${destPath}: package ${newPackage}`);
  // Where Go builds the unit: a new file takes the old one's build constraint; an existing one
  // must have the same.
  const build = constraintMove(
    { path: sourcePath, text: input.original ?? input.sourceBefore },
    { path: destPath, text: input.destAfter, fresh: packageClause(input.destAfter) === undefined },
  );
  if ("blocked" in build) blocked.push(build.blocked);
  else if (build.lines) {
    destination = `${build.lines}\n${destination}`;
    changes.push(`${destPath}: ${build.lines.split("\n")[0]} (built where ${sourcePath} is)`);
  }
  const moved = before.declared.names;
  // gofmt's layout where the old file had it: alignments a rename or the move disturbed, no run
  // of blank lines where declarations went.
  const original = input.original ?? input.sourceBefore;
  const laid = (text: string) => {
    const blanks = /\n{3,}/.test(original) ? text : text.replace(/\n{3,}/g, "\n\n");
    return goLayout(original) === original ? goLayout(blanks) : blanks;
  };
  const plan = (source: string, dest: string): ImportPlan => ({
    source: laid(source),
    destination: laid(dest),
    changes,
    unresolved,
    ...(blocked.length ? { blocked } : {}),
    ...(printedNames.length ? { blockedUnlessKept: printedNames } : {}),
    ...(across && moved.length ? { moved } : {}),
    ...(input.brought?.length && !blocked.length ? { brought: input.brought } : {}),
    ...(input.taken?.length && !blocked.length
      ? {
          // Each file's own receipt line: nothing else of it may change (a stringer's file).
          others: input.taken.map(({ path, before, text, methods, helpers }) => ({
            path,
            before,
            text,
            changes: [
              `${path}: ${methods.join(", ")} moved with ${methods[0]?.split(".")[0]} (Go declares a type's methods in the type's own package)${helpers.length ? `, and ${helpers.join(", ")}, which only ${methods.length === 1 ? "it uses" : "they use"}` : ""}`,
            ],
          })),
        }
      : {}),
    ...(movedFields.size ? { literalFields: Object.fromEntries(movedFields) } : {}),
  });

  // The names the old package's other files declare.
  const oldTop = new Map(before.facts.topLevel);
  const elsewhere: { path: string; text: string; tree: { uses: boolean; methods: string[] } }[] =
    [];
  const movedSet = new Set(moved);
  if (across)
    for (const f of oldFiles)
      elsewhere.push({
        ...f,
        tree: await withTree(f.text, "go", (tree) => {
          for (const [n, at] of factsOf(tree, f.text).topLevel)
            if (!oldTop.has(n)) oldTop.set(n, at);
          return {
            uses: usesOf(tree, 0, f.text.length, movedSet).length > 0,
            methods: methodsOn(tree, movedSet),
          };
        }),
      });
  // Names of the old package the unit uses, other than what it declares itself.
  const own = [...oldTop.keys()].filter((n) => before.names.has(n) && !movedSet.has(n));
  if (across && !context) {
    if (own.length)
      unresolved.push(
        `${own.join(", ")} from ${sourcePath}'s package: another directory needs its import path (go.mod), so it was not added`,
      );
  }
  const oldImport = importPathOf(oldDir, context?.module);
  const newImport = importPathOf(newDir, context?.module);
  const sourceUses = across
    ? await withTree(input.sourceAfter, "go", (tree) => ({
        uses: usesOf(tree, 0, input.sourceAfter.length, movedSet).length > 0,
        methods: methodsOn(tree, movedSet),
      }))
    : { uses: false, methods: [] };
  const oldUses = sourceUses.uses || elsewhere.some((e) => e.tree.uses);
  // The fields of the structs that move and of the old package's others, in order: literals
  // without keys that cross the boundary now get them.
  // Each file parsed once for both: its structs' fields, and its types' fields and methods.
  const shapesOf = (text: string) =>
    withTree(text, "go", (tree) => {
      const fields = structFields(tree);
      return {
        fields,
        members: membersOf(tree, fields),
        sealed: declaredBy(tree, 0, text.length).sealed,
      };
    });
  const beforeShapes = across ? await shapesOf(input.sourceBefore) : undefined;
  const oldShapes: Awaited<ReturnType<typeof shapesOf>>[] = [];
  if (across) for (const f of oldFiles) oldShapes.push(await shapesOf(f.text));
  const beforeFields = beforeShapes?.fields ?? new Map<string, string[]>();
  const movedFields = new Map([...beforeFields].filter(([t]) => movedSet.has(t)));
  const oldFields = new Map([...beforeFields].filter(([t]) => !movedSet.has(t)));
  for (const shape of oldShapes) for (const [t, names] of shape.fields) oldFields.set(t, names);

  if (across && context) {
    const pkgs = `package ${oldPackage} (${oldDir || "."}) and package ${newPackage} (${newDir || "."})`;
    // A method moves with its type, or not at all.
    const alone = before.declared.methods.filter((m) => !movedSet.has(m.receiver));
    if (alone.length)
      blocked.push(
        `${alone.map((m) => `${m.receiver}.${m.name}`).join(", ")} is a method: Go declares a type's methods in the type's own package, so it cannot move to another directory without ${alone[0]?.receiver}.`,
      );
    const methods = [...sourceUses.methods, ...elsewhere.flatMap((e) => e.tree.methods)];
    if (methods.length)
      blocked.push(
        `${methods.join(", ")} stay${methods.length === 1 ? "s" : ""} in package ${oldPackage}: Go declares a type's methods in its own package, so the type cannot move to another directory without them.`,
      );
    // Code that tells types by their printed name (gomarkdown's parser: `fmt.Sprintf("%T", n)`
    // without the prefix "*ast." is a node of another package): a moved type prints as
    // `newpkg.T`, and that code takes it for another's. No check sees it; it breaks at run time.
    // Only in a file that prints a type at all (`%T`, reflect): monkey's `"object."` is the prefix
    // of its script's method names, which no type's printed name ever is.
    const printed = new RegExp(`(["\`])\\*?${escapeRegExp(oldPackage)}\\.(\\w*)\\1`, "g");
    for (const f of [...others, { path: sourcePath, text: input.sourceBefore }]) {
      if (!f.path.endsWith(".go") || !/%[-+# 0-9]*T|\breflect\./.test(f.text)) continue;
      for (const m of f.text.matchAll(printed)) {
        const named = m[2] ?? "";
        const types = named
          ? before.declared.types.filter((t) => t === named)
          : before.declared.types;
        if (!types.length) continue;
        const line = f.text.slice(0, m.index).split("\n").length;
        printedNames.push(
          `${f.path}:${line} tells types by their printed name (${m[0]}): in package ${newPackage}, ${types.join(", ")} would print as ${types.map((t) => `${newPackage}.${t}`).join(", ")}, and that code would take ${types.length === 1 ? "it" : "them"} for another package's.`,
        );
        break;
      }
    }
    // An interface with an unexported method (goawk's `Node { node() }`) is implemented only in
    // its own package: the old package's types that declare its methods would no longer be one.
    // And the other way (goawk's `func (s *NextStmt) node() {}`): a type that is such an
    // interface of its old package by its unexported methods would no longer be in another.
    const typesOf = (keep: (type: string) => boolean) => {
      const members = new Map<string, Set<string>>();
      for (const shape of [beforeShapes, ...oldShapes])
        for (const [t, names] of shape?.members ?? [])
          if (keep(t)) members.set(t, new Set([...(members.get(t) ?? []), ...names]));
      return members;
    };
    const implementing = (methods: readonly string[], members: Map<string, Set<string>>) =>
      [...members].filter(([, names]) => methods.every((m) => names.has(m))).map(([t]) => t);
    const stay = typesOf((t) => !movedSet.has(t));
    for (const { type, methods: sealed } of before.declared.sealed) {
      const implementers = implementing(sealed, stay);
      if (implementers.length)
        blocked.push(
          `${type} has the unexported method ${sealed.join(", ")}, which package ${oldPackage}'s ${implementers.slice(0, 3).join(", ")}${implementers.length > 3 ? ", …" : ""} declare${implementers.length === 1 ? "s" : ""}: in package ${newPackage} only its own types could implement ${type}, and theirs would not (move the interface with its implementations, or export the method first).`,
        );
    }
    const movedTypes = typesOf((t) => movedSet.has(t));
    for (const t of input.taken ?? [])
      for (const m of t.methods) {
        const [receiver = "", method = ""] = m.split(".");
        movedTypes.set(receiver, (movedTypes.get(receiver) ?? new Set()).add(method));
      }
    for (const shape of [beforeShapes, ...oldShapes])
      for (const { type, methods: sealed } of shape?.sealed ?? []) {
        if (movedSet.has(type)) continue;
        const [receiver] = implementing(sealed, movedTypes);
        if (receiver)
          blocked.push(
            `${receiver} implements ${type} of package ${oldPackage} by its unexported method ${sealed.join(", ")}: in package ${newPackage} it would not (Go tells unexported methods apart by package), and package ${oldPackage}'s uses of it as ${type} would break.`,
          );
      }
    const hidden = own.filter((n) => !isExported(n));
    if (hidden.length)
      blocked.push(
        `the unit uses ${hidden.join(", ")} of package ${oldPackage}, unexported: package ${newPackage} could not reach ${hidden.length === 1 ? "it" : "them"} (export ${hidden.length === 1 ? "it" : "them"} first, or move ${hidden.length === 1 ? "it" : "them"} with the unit).`,
      );
    // Unexported fields and methods do not cross either: those of what moves that the old
    // package reaches, and those of the old package's types that the unit reaches.
    const oldTexts = [input.sourceAfter, ...oldFiles.map((f) => f.text)];
    const allOf = (members: Map<string, Set<string>>, keep: (type: string) => boolean) =>
      new Map([...members].filter(([t]) => keep(t)));
    const hiddenOf = (members: Map<string, Set<string>>) =>
      new Map(
        [...members]
          .map(([t, names]) => [t, new Set([...names].filter((n) => !isExported(n)))] as const)
          .filter(([, names]) => names.size),
      );
    const beforeMembers = beforeShapes?.members ?? new Map<string, Set<string>>();
    const movedMembers = allOf(beforeMembers, (t) => movedSet.has(t));
    const oldMembers = allOf(beforeMembers, (t) => !movedSet.has(t));
    for (const shape of oldShapes)
      for (const [t, names] of shape.members)
        oldMembers.set(t, new Set([...(oldMembers.get(t) ?? []), ...names]));
    const namesOf = (members: Map<string, Set<string>>) =>
      new Set([...members.values()].flatMap((n) => [...n]));
    const reachedByOld = new Set<string>();
    const hiddenMoved = hiddenOf(movedMembers);
    if (hiddenMoved.size)
      for (const text of oldTexts)
        for (const r of await withTree(text, "go", (tree) =>
          reachesHidden(tree, 0, text.length, hiddenMoved, namesOf(oldMembers)),
        ))
          reachedByOld.add(r);
    const them = (n: number) => (n === 1 ? "it" : "them");
    if (reachedByOld.size)
      blocked.push(
        `package ${oldPackage} uses ${[...reachedByOld].join(", ")}: unexported in package ${newPackage}, Go would not let package ${oldPackage} reach ${them(reachedByOld.size)} (export ${them(reachedByOld.size)} first, or move what uses ${them(reachedByOld.size)} too).`,
      );
    const ownSet = new Set(own);
    const hiddenOld = hiddenOf(allOf(oldMembers, (t) => ownSet.has(t)));
    const reachedByUnit = hiddenOld.size
      ? await withTree(input.sourceBefore, "go", (tree) =>
          reachesHidden(tree, input.unit.start, input.unit.end, hiddenOld, namesOf(movedMembers)),
        )
      : new Set<string>();
    if (reachedByUnit.size)
      blocked.push(
        `the unit uses ${[...reachedByUnit].join(", ")} of package ${oldPackage}: unexported, Go would not let package ${newPackage} reach ${them(reachedByUnit.size)} (export ${them(reachedByUnit.size)} first).`,
      );
    // What it brought along nothing else used (withCompanions).
    const unexportedUsed = moved.filter((n) => !isExported(n) && !input.brought?.includes(n));
    if (oldUses && unexportedUsed.length)
      blocked.push(
        `${unexportedUsed.join(", ")} is unexported and package ${oldPackage} still uses it: it could not reach it in package ${newPackage} (export it first, or move what uses it too).`,
      );
    if ((oldUses || own.length) && (oldImport === undefined || newImport === undefined))
      blocked.push(
        `no go.mod names the import path of ${pkgs}: the import between them could not be written.`,
      );
    // Go's internal packages: importable only from below the internal directory's parent.
    const internal = newDir.split("/").lastIndexOf("internal");
    if (internal >= 0) {
      const parent = newDir.split("/").slice(0, internal).join("/");
      const within = (dir: string) =>
        parent === "" || dir === parent || dir.startsWith(`${parent}/`);
      const users = new Set<string>(oldUses ? [oldDir] : []);
      for (const f of others) {
        const q = importsOf(f.text).find((i) => i.path === oldImport);
        if (
          q &&
          moved.some((n) => new RegExp(`\\b${q.alias ?? oldPackage}\\.${n}\\b`).test(f.text))
        )
          users.add(dirOf(f.path));
      }
      const outside = [...users].filter((d) => !within(d));
      if (outside.length)
        blocked.push(
          `package ${newPackage} is internal to ${parent || "."}, and ${outside.map((d) => d || ".").join(", ")} use${outside.length === 1 ? "s" : ""} the unit from outside it: Go would refuse the import.`,
        );
    }
    if (oldUses && newPackage === "main")
      blocked.push(`package ${oldPackage} still uses it, and package main cannot be imported.`);
    // The import graph as the move would leave it: no cycle may close.
    if (!blocked.length) {
      const graph = importGraph({ module: context.module, files: others });
      const edge = (a: string, b: string) => {
        const set = graph.get(a) ?? new Set<string>();
        set.add(b);
        graph.set(a, set);
      };
      const added: [string, string][] = [];
      if (oldUses) added.push([oldDir, newDir]);
      if (own.length) added.push([newDir, oldDir]);
      // The module's packages the unit imports come along into the new one.
      const dirByImport = new Map<string, string>();
      for (const f of others) {
        const p = importPathOf(dirOf(f.path), context.module);
        if (p) dirByImport.set(p, dirOf(f.path));
      }
      for (const s of before.facts.declarations.flatMap((d) => d.specs))
        if ((before.packages.has(s.name) || dotRead.has(s.path)) && dirByImport.has(s.path))
          added.push([newDir, dirByImport.get(s.path) as string]);
      // Packages that use it through the old one import the new one.
      for (const f of others) {
        const dir = dirOf(f.path);
        if (dir === oldDir || dir === newDir) continue;
        // An external test package (`package cmp_test`) is no package another imports.
        if (isTestFile(f.path) && packageClause(f.text)?.endsWith("_test")) continue;
        const q = importsOf(f.text).find((i) => i.path === oldImport);
        if (
          q &&
          moved.some((n) => new RegExp(`\\b${q.alias ?? oldPackage}\\.${n}\\b`).test(f.text))
        )
          added.push([dir, newDir]);
      }
      for (const [a, b] of added) edge(a, b);
      for (const [a, b] of added) {
        if (a === b) continue;
        const back = pathBetween(graph, b, a);
        if (!back) continue;
        const named = (d: string) => d || ".";
        blocked.push(
          `it would close an import cycle, which Go refuses: ${[a, ...back].map(named).join(" → ")} (packages by directory). A destination that does not import ${named(a)} avoids it.`,
        );
        break;
      }
    }
    if (blocked.length) return plan(input.sourceAfter, input.destAfter);
  }

  // The destination: the unit's packages, and across packages its old package's names qualified.
  let dest = await withTree(destination, "go", (tree) => ({ tree: factsOf(tree, destination) }));
  const specs = [
    ...before.facts.declarations
      .flatMap((d) => d.specs)
      .filter((s) => before.packages.has(s.name) || dotRead.has(s.path)),
    ...(input.taken ?? []).flatMap((t) => t.specs),
  ].filter((s) => s.path !== newImport);
  if (across && context && oldImport) {
    const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
    const at = destination.lastIndexOf(unitText);
    const ownSet = new Set(own);
    const rewritten = await withTree(input.sourceBefore, "go", (tree) => {
      const qualify = usesOf(tree, input.unit.start, input.unit.end, ownSet);
      // What the unit read from the new package through an import is its own package's now.
      const newName = importsOf(input.sourceBefore).find((i) => i.path === newImport);
      const unqualify = newName
        ? selectorsOf(tree, newName.alias ?? newPackage).filter(
            (s) => s.node.startIndex >= input.unit.start && s.node.endIndex <= input.unit.end,
          )
        : [];
      return requalify(unitText, qualify, oldPackage, unqualify, input.unit.start);
    });
    if (at >= 0 && rewritten !== unitText) {
      // Its literals of the old package's structs, another package's now, get their keys.
      const keyed = await keyedIn(rewritten, oldPackage, oldFields);
      if (keyed.types.length)
        changes.push(`${destPath}: names the fields of its ${keyed.types.join(", ")} literals`);
      destination = destination.slice(0, at) + keyed.text + destination.slice(at + unitText.length);
      if (own.length) {
        specs.push({
          name: oldPackage,
          path: oldImport,
          text: `"${oldImport}"`,
          node: { start: 0, end: 0 },
        });
        changes.push(
          `${destPath}: reads ${own.join(", ")} as ${oldPackage}.${own[0]}${own.length > 1 ? ", …" : ""}`,
        );
      }
      dest = await withTree(destination, "go", (tree) => ({ tree: factsOf(tree, destination) }));
    }
  }
  const withImports = addSpecs(destination, dest.tree, specs);
  if (withImports !== destination) {
    const had = new Set(dest.tree.declarations.flatMap((d) => d.specs.map((s) => s.path)));
    changes.push(
      `${destPath}: imports ${[...new Set(specs.filter((s) => !had.has(s.path)).map((s) => s.path))].join(", ")}`,
    );
  }
  destination = withImports;

  // The old file: packages nothing left uses go (Go refuses unused imports); across packages,
  // what it still uses of the unit is read from the new package.
  let source = input.sourceAfter;
  if (across && context && newImport && sourceUses.uses) {
    const requalified = await withTree(source, "go", (tree) => {
      const { name, spec } = importNameIn(source, tree, newImport, newPackage);
      const uses = usesOf(tree, 0, source.length, movedSet);
      return {
        text: requalify(source, uses, name),
        spec,
        name,
        names: moved.filter((n) => uses.some((u) => u.text === n)),
      };
    });
    source = requalified.text;
    const keyed = await keyedIn(source, requalified.name, movedFields);
    source = keyed.text;
    if (keyed.types.length)
      changes.push(`${sourcePath}: names the fields of its ${keyed.types.join(", ")} literals`);
    if (requalified.spec) {
      const spec = requalified.spec;
      const facts = await withTree(source, "go", (tree) => factsOf(tree, source));
      source = addSpecs(source, facts, [spec]);
    }
    changes.push(`${sourcePath}: reads ${requalified.names.join(", ")} from ${newImport}`);
  }
  const gone = new Set(
    before.facts.declarations
      .flatMap((d) => d.specs)
      .filter((s) => before.packages.has(s.name))
      .map((s) => s.path),
  );
  const dropped = await withTree(source, "go", (tree) => dropUnused(source, tree, gone));
  source = dropped.text;
  // A dot import the unit alone read through goes too, where the package's names are known.
  for (const [importPath, exports] of dotRead) {
    if (!exports) continue;
    const left = await withTree(source, "go", (tree) =>
      usesOf(tree, 0, source.length, exports).length
        ? undefined
        : dropSpecs(source, tree, (s) => s.path === importPath && s.name === "."),
    );
    if (left?.dropped.length) {
      source = left.text;
      dropped.dropped.push(importPath);
    }
  }
  // gofmt leaves no blank line at a file's end: none is left where the unit or an import went.
  source = source.replace(/\n{2,}$/, "\n");
  if (dropped.dropped.length)
    changes.push(`${sourcePath}: drops imports ${dropped.dropped.join(", ")}`);
  return plan(source, destination);
}

/**
 * A Go file that may use what moved between packages (GoMove), rewritten:
 * in the old package, its unqualified uses read the new package
 * (`Slug` → `text.Slug`, the import added); in the new package, its
 * `util.Slug` is its own package's `Slug`; elsewhere, `util.Slug` becomes
 * `text.Slug`. The old import goes where nothing uses it any more.
 */
export async function planGoImporter(input: {
  importerPath: string;
  text: string;
  move: GoMove;
}): Promise<ImporterPlan | undefined> {
  const { importerPath, move } = input;
  let text = input.text;
  const dir = dirOf(importerPath);
  const pkg = packageClause(text);
  const moved = new Set(move.moved);
  const changes: string[] = [];
  const unresolved: string[] = [];
  let spec: Spec | undefined;
  if (dir === move.oldDir && pkg === move.oldPackage) {
    const done = await withTree(text, "go", (tree) => {
      const uses = usesOf(tree, 0, text.length, moved);
      if (!uses.length) return undefined;
      const { name, spec } = importNameIn(text, tree, move.newImport, move.newPackage);
      return {
        text: requalify(text, uses, name),
        spec,
        name,
        names: [...new Set(uses.map((u) => u.text))],
      };
    });
    if (!done) return undefined;
    text = done.text;
    spec = done.spec;
    changes.push(readsFrom(importerPath, done.names, move, false));
    const keyed = await keyedIn(text, done.name, new Map(Object.entries(move.fields ?? {})));
    text = keyed.text;
    if (keyed.types.length)
      changes.push(`${importerPath}: names the fields of its ${keyed.types.join(", ")} literals`);
  } else {
    const old = importsOf(text).find((i) => i.path === move.oldImport);
    if (!old || old.alias === "_") return undefined;
    if (old.alias === ".") return dotImporter(input);
    const q = old.alias ?? move.oldPackage;
    const here = dir === move.newDir && pkg === move.newPackage;
    const done = await withTree(text, "go", (tree) => {
      const found = selectorsOf(tree, q, moved);
      if (!found.length) return undefined;
      const names = [...new Set(found.map((f) => f.name))];
      if (here) return { text: requalify(text, [], "", found), spec: undefined, names };
      const { name, spec } = importNameIn(text, tree, move.newImport, move.newPackage);
      const edits = found.map((f) => ({
        start: f.node.startIndex,
        end: f.node.endIndex,
        insert: `${name}.${f.name}`,
      }));
      return { text: replaceRanges(text, edits), spec, names };
    });
    if (!done) return undefined;
    text = done.text;
    spec = done.spec;
    changes.push(readsFrom(importerPath, done.names, move, here));
    const left = await withTree(text, "go", (tree) =>
      dropUnused(text, tree, new Set([move.oldImport])),
    );
    if (left.dropped.length) {
      text = left.text;
      changes.push(`${importerPath}: drops imports ${move.oldImport}`);
    }
  }
  text = await withSpec(text, spec);
  return { text: keepGoLayout(input.text, text), changes, unresolved };
}

/** An importer's receipt line: where it now reads `names` from (`here`: the new package is its own). */
function readsFrom(importerPath: string, names: readonly string[], move: GoMove, here: boolean) {
  return here
    ? `${importerPath}: reads ${names.join(", ")} in its own package`
    : `${importerPath}: reads ${names.join(", ")} from ${move.newImport}`;
}

/** `text` with the import `spec` added, where one is needed. */
async function withSpec(text: string, spec: Spec | undefined): Promise<string> {
  if (!spec) return text;
  const facts = await withTree(text, "go", (tree) => factsOf(tree, text));
  return addSpecs(text, facts, [spec]);
}

/**
 * An importer that reads the old package's names unqualified through a dot
 * import (`. "…/checker/nature"`): what moved is read from the new package
 * (`FromType` → `conf.FromType`, or unqualified in the new package itself),
 * and the dot import goes once the file reads none of the names the old
 * package still exports (Go refuses an unused import). Named, not rewritten,
 * where those names are not known.
 */
async function dotImporter(input: {
  importerPath: string;
  text: string;
  move: GoMove;
}): Promise<ImporterPlan | undefined> {
  const { importerPath, move } = input;
  const moved = new Set(move.moved);
  const here = dirOf(importerPath) === move.newDir && packageClause(input.text) === move.newPackage;
  const done = await withTree(input.text, "go", (tree) => {
    const uses = usesOf(tree, 0, input.text.length, moved);
    if (!uses.length) return undefined;
    const names = [...new Set(uses.map((u) => u.text))];
    if (here) return { text: input.text, spec: undefined, names };
    const { name, spec } = importNameIn(input.text, tree, move.newImport, move.newPackage);
    return { text: requalify(input.text, uses, name), spec, names };
  });
  if (!done) return undefined;
  if (!move.oldExports)
    return {
      text: input.text,
      changes: [],
      unresolved: [
        `${importerPath}: imports ${move.oldImport} with a dot, so its ${done.names.join(", ")} was not rewritten`,
      ],
    };
  let text = done.text;
  const changes = [readsFrom(importerPath, done.names, move, here)];
  const exports = new Set(move.oldExports);
  const left = await withTree(text, "go", (tree) =>
    usesOf(tree, 0, text.length, exports).length
      ? undefined
      : dropSpecs(text, tree, (s) => s.path === move.oldImport && s.name === "."),
  );
  if (left?.dropped.length) {
    text = left.text;
    changes.push(`${importerPath}: drops imports ${move.oldImport}`);
  }
  text = await withSpec(text, done.spec);
  return { text: keepGoLayout(input.text, text), changes, unresolved: [] };
}

/**
 * The move as its importers see it (planGoImporter), where it crosses
 * packages within a module; undefined otherwise (nothing outside the
 * directory can have used the unit through its package).
 */
export async function goMoveOf(
  sourcePath: string,
  destPath: string,
  moved: readonly string[],
  context: GoContext,
  sourceText: string,
  destText: string,
  fields?: Record<string, string[]>,
): Promise<GoMove | undefined> {
  const oldDir = dirOf(sourcePath);
  const newDir = dirOf(destPath);
  const oldImport = importPathOf(oldDir, context.module);
  const newImport = importPathOf(newDir, context.module);
  const oldPackage = packageClause(sourceText);
  const newPackage = packageClause(destText);
  if (oldDir === newDir || !oldImport || !newImport || !oldPackage || !newPackage) return undefined;
  // Where a file imports the old package with a dot: what it still exports, from its files as
  // they will be (the old file's text after the move), tests left out.
  let oldExports: string[] | undefined;
  if (
    context.files.some((f) =>
      importsOf(f.text).some((i) => i.path === oldImport && i.alias === "."),
    )
  )
    oldExports = [
      ...(await topLevelOf(
        [
          sourceText,
          ...context.files
            .filter(
              (f) =>
                f.path !== sourcePath &&
                dirOf(f.path) === oldDir &&
                !isTestFile(f.path) &&
                packageClause(f.text) === oldPackage,
            )
            .map((f) => f.text),
        ],
        true,
      )),
    ];
  return {
    oldDir,
    newDir,
    oldPackage,
    newPackage,
    oldImport,
    newImport,
    moved: [...moved],
    ...(fields && Object.keys(fields).length ? { fields } : {}),
    ...(oldExports ? { oldExports } : {}),
    files: [...context.files.map((f) => f.path), ...(context.replacing ?? [])],
  };
}

/** A top-level declaration of a Go file: what it declares, and its lines with its doc comment. */
interface TopDecl {
  names: string[];
  /** A method's receiver type, and its name. */
  receiver: string | undefined;
  method: string | undefined;
  start: number;
  end: number;
}

function topDecls(tree: Tree, text: string): TopDecl[] {
  const out: TopDecl[] = [];
  const all = kids(tree.rootNode);
  for (const [i, node] of all.entries()) {
    if (
      node.type === "comment" ||
      node.type === "package_clause" ||
      node.type === "import_declaration"
    )
      continue;
    // Its doc comment: the comments on the lines right above it.
    let start = lineStart(text, node.startIndex);
    let row = node.startPosition.row;
    for (let j = i - 1; j >= 0; j--) {
      const prev = all[j] as Node;
      if (prev.type !== "comment" || prev.endPosition.row !== row - 1) break;
      start = lineStart(text, prev.startIndex);
      row = prev.startPosition.row;
    }
    const method = node.type === "method_declaration";
    out.push({
      names: method ? [] : declaredBy(tree, node.startIndex, node.endIndex).names,
      receiver: method ? receiverOf(node) : undefined,
      method: method ? node.childForFieldName("name")?.text : undefined,
      start,
      end: lineEnd(text, node.endIndex),
    });
  }
  return out;
}

/**
 * The move widened by the methods of the types it moves that their file
 * declares, and by the old file's unexported declarations that only the
 * unit uses (helpers, a type with its methods, what they use in turn): Go
 * could not reach them from the new package, and nothing else needs them
 * where they are. They go below the unit, in the same move (`brought`).
 * Undefined when there are none, or when one is used elsewhere in the old
 * package or needs what another of its files declares (the move is judged
 * as it is, and refused, saying so).
 */
async function withCompanions(
  input: MoveTexts & { go?: GoContext },
  context: GoContext,
): Promise<
  (MoveTexts & { go: GoContext; brought: string[]; original: string; taken: Taken[] }) | undefined
> {
  const { unit } = input;
  const found = await withTree(input.sourceBefore, "go", (tree) => {
    const decls = topDecls(tree, input.sourceBefore).filter(
      (d) => d.end <= unit.start || d.start >= unit.end,
    );
    const byName = new Map<string, TopDecl>();
    for (const d of decls) for (const n of d.names) byName.set(n, d);
    const taken = new Set<TopDecl>();
    const queue = [...identifiersIn(tree, unit.start, unit.end, true)];
    // A type's methods in its file go with it (Go declares them in the type's package).
    const own = new Set(declaredBy(tree, unit.start, unit.end).names);
    for (const m of decls)
      if (m.receiver !== undefined && own.has(m.receiver)) {
        taken.add(m);
        queue.push(...identifiersIn(tree, m.start, m.end, true));
      }
    while (queue.length) {
      const name = queue.pop() as string;
      const d = byName.get(name);
      if (!d || taken.has(d) || isExported(name)) continue;
      // A declaration that also declares exported names stays (others may use those).
      if (d.names.some(isExported)) return undefined;
      taken.add(d);
      queue.push(...identifiersIn(tree, d.start, d.end, true));
      for (const m of decls)
        if (m.receiver !== undefined && d.names.includes(m.receiver) && !taken.has(m)) {
          taken.add(m);
          queue.push(...identifiersIn(tree, m.start, m.end, true));
        }
    }
    const names = new Set([...taken].flatMap((d) => d.names));
    // Nothing left in the old file uses them.
    const inside = (n: Node) =>
      (n.startIndex >= unit.start && n.endIndex <= unit.end) ||
      [...taken].some((d) => n.startIndex >= d.start && n.endIndex <= d.end);
    if (usesOf(tree, 0, input.sourceBefore.length, names).some((n) => !inside(n))) return undefined;
    return { taken: [...taken].sort((a, b) => a.start - b.start), names, own };
  });
  if (!found) return undefined;
  const away = await methodsElsewhere(input, context, found.own);
  if (!away || (!found.taken.length && !away.length)) return undefined;
  // Nor does another file of its package.
  const oldDir = dirOf(input.sourcePath);
  const pkg = packageClause(input.sourceBefore);
  for (const f of context.files)
    if (f.path !== input.sourcePath && dirOf(f.path) === oldDir && packageClause(f.text) === pkg) {
      const text = f.text;
      const used = await withTree(text, "go", (tree) => usesOf(tree, 0, text.length, found.names));
      if (used.length) return undefined;
    }
  const unitText = input.sourceBefore.slice(unit.start, unit.end);
  const at = input.destAfter.lastIndexOf(unitText);
  if (at < 0) return undefined;
  // Each after a blank line, but those that stood together (one-line methods) stay together.
  const extra =
    found.taken
      .map((d, i) => {
        const prev = found.taken[i - 1];
        const text = input.sourceBefore.slice(d.start, d.end);
        return prev && prev.end === d.start ? text : `\n${text}`;
      })
      .join("") + away.map((t) => t.moved.map((m) => `\n${m}`).join("")).join("");
  // The old file as if they stood right below the unit (Go's top-level order is free).
  // A declaration's span ends past its newline; its cut ends on its own last line, so that
  // one standing right above the next does not take the next one's first line.
  const cut = (text: string, d: TopDecl) =>
    removeStatement(text, { start: d.start, end: Math.max(d.start, d.end - 1) });
  const cuts = found.taken.map((d) => cut(input.sourceBefore, d));
  const shift = cuts.filter((c) => c.end <= unit.start).reduce((n, c) => n + c.end - c.start, 0);
  const without = replaceRanges(input.sourceBefore, cuts);
  const end = unit.end - shift;
  const sourceBefore = without.slice(0, end) + extra + without.slice(end);
  // The old file after the move: the same declarations, found by what they declare.
  const after = input.sourceAfter;
  const afterCuts = await withTree(after, "go", (tree) =>
    topDecls(tree, after)
      .filter((d) =>
        found.taken.some((t) =>
          t.receiver !== undefined
            ? d.receiver === t.receiver &&
              after.slice(d.start, d.end) === input.sourceBefore.slice(t.start, t.end)
            : d.names.length > 0 && d.names.every((n) => t.names.includes(n)),
        ),
      )
      .map((d) => cut(after, d)),
  );
  if (afterCuts.length !== found.taken.length) return undefined;
  const insertAt = at + unitText.length;
  const taken = new Map(away.map((t) => [t.path, t.text]));
  return {
    ...input,
    // The old package's other files as the move leaves them, without the methods taken.
    go: {
      ...context,
      files: context.files.map((f) => ({ ...f, text: taken.get(f.path) ?? f.text })),
    },
    taken: away,
    original: input.sourceBefore,
    sourceBefore,
    unit: { start: unit.start - shift, end: end + extra.length },
    // No blank line left at the end where the last declarations went (gofmt keeps none).
    sourceAfter: replaceRanges(after, afterCuts).replace(/\n{2,}$/, "\n"),
    destAfter: input.destAfter.slice(0, insertAt) + extra + input.destAfter.slice(insertAt),
    brought: [
      ...found.taken.flatMap((d) =>
        d.receiver !== undefined ? [`${d.receiver}.${d.method ?? ""}`] : d.names,
      ),
      ...away.flatMap((t) => [...t.methods, ...t.helpers]),
    ],
  };
}

/**
 * The unexported declarations of a file that only `methods` use, and what
 * they use in turn (a stringer's `_Kind_name` and `_Kind_index`): none where
 * one of them is used elsewhere in the file or declares an exported name too.
 */
function helpersOf(tree: Tree, decls: TopDecl[], methods: TopDecl[]): TopDecl[] {
  const byName = new Map<string, TopDecl>();
  for (const d of decls) if (d.receiver === undefined) for (const n of d.names) byName.set(n, d);
  const taken = new Set<TopDecl>();
  const queue = methods.flatMap((m) => [...identifiersIn(tree, m.start, m.end, true)]);
  while (queue.length) {
    const name = queue.pop() as string;
    const d = byName.get(name);
    if (name === "_" || !d || taken.has(d) || isExported(name)) continue;
    if (d.names.some(isExported) || d.names.includes("_")) return [];
    taken.add(d);
    queue.push(...identifiersIn(tree, d.start, d.end, true));
  }
  if (!taken.size) return [];
  const names = new Set([...taken].flatMap((d) => d.names));
  const inside = (n: Node) =>
    [...methods, ...taken].some((d) => n.startIndex >= d.start && n.endIndex <= d.end);
  if (usesOf(tree, 0, tree.rootNode.endIndex, names).some((n) => !inside(n))) return [];
  return [...taken];
}

/** An old package's file a moved type's methods were taken out of: its text without them, and what they need. */
interface Taken {
  path: string;
  /** Its text as it was, and without the methods (and the imports only they used). */
  before: string;
  text: string;
  /** `Position.String`, for the receipt. */
  methods: string[];
  /** The file's unexported declarations only those methods use (a stringer's `_Kind_name`). */
  helpers: string[];
  /** The methods' own text, each with its doc comment, for the new file. */
  moved: string[];
  /** Its imports the methods use, for the new file. */
  specs: Spec[];
}

/**
 * The methods of the types `own` (what the unit declares) that the old
 * package's other files declare (a `String` method in `lex.go`, a stringer's
 * `kind_string.go`): Go declares a type's methods in the type's package, so
 * they go with it. Each file without them, its imports only they used
 * dropped. Undefined (nothing taken, the move judged as it is) where a test
 * file declares one: a test's method would become the package's.
 */
async function methodsElsewhere(
  input: MoveTexts,
  context: GoContext,
  own: ReadonlySet<string>,
): Promise<Taken[] | undefined> {
  const oldDir = dirOf(input.sourcePath);
  const pkg = packageClause(input.sourceBefore);
  const out: Taken[] = [];
  for (const f of context.files) {
    if (f.path === input.sourcePath || f.path === input.destPath) continue;
    if (dirOf(f.path) !== oldDir || packageClause(f.text) !== pkg) continue;
    if (!/^func\s*\(/m.test(f.text)) continue;
    const found = await withTree(f.text, "go", (tree) => {
      const decls = topDecls(tree, f.text);
      const methods = decls.filter((d) => d.receiver !== undefined && own.has(d.receiver));
      if (!methods.length) return undefined;
      const helpers = helpersOf(tree, decls, methods);
      const all = [...methods, ...helpers].sort((a, b) => a.start - b.start);
      const used = new Set<string>();
      for (const m of all) for (const p of packagesUsed(tree, m.start, m.end)) used.add(p);
      const specs = factsOf(tree, f.text)
        .declarations.flatMap((d) => d.specs)
        .filter((s) => used.has(s.name));
      return { methods, helpers, all, specs };
    });
    if (!found) continue;
    if (isTestFile(f.path)) return undefined;
    // Nor may another file of the package use the helpers (they would leave it behind).
    const helperNames = new Set(found.helpers.flatMap((d) => d.names));
    if (helperNames.size)
      for (const g of context.files)
        if (g.path !== f.path && dirOf(g.path) === oldDir && packageClause(g.text) === pkg) {
          const text = g.text;
          if (
            (await withTree(text, "go", (tree) => usesOf(tree, 0, text.length, helperNames))).length
          )
            return undefined;
        }
    const cuts = found.all.map((d) =>
      removeStatement(f.text, { start: d.start, end: Math.max(d.start, d.end - 1) }),
    );
    const cut = replaceRanges(f.text, cuts)
      .replace(/\n{3,}/g, "\n\n")
      .replace(/\n{2,}$/, "\n");
    const gone = new Set(found.specs.map((s) => s.path));
    const text = await withTree(cut, "go", (tree) => dropUnused(cut, tree, gone).text);
    out.push({
      path: f.path,
      before: f.text,
      text,
      methods: found.methods.map((d) => `${d.receiver}.${d.method ?? ""}`),
      helpers: found.helpers.flatMap((d) => d.names),
      moved: found.all.map((d) => f.text.slice(d.start, d.end)),
      specs: found.specs,
    });
  }
  return out;
}
