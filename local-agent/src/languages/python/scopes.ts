import { kids } from "../../imports/plan.ts";
import type { Node, Tree } from "../../syntax/parser.ts";
import { MAIN, TYPE_CHECKING } from "./load.ts";

/**
 * Names resolved by scope, as Python resolves them, for import-aware moves
 * (python/move.ts): which names a unit reads from its module's globals
 * (the module's top-level bindings and imports, or builtins), and which of
 * those it reads when the module is imported (at the top level, in a class
 * body, a decorator, a default, an annotation) rather than when a function runs.
 *
 * A function's locals are every name bound anywhere in it (an assignment,
 * a `for`, a `with … as`, an `except … as`, an import, a nested `def` or
 * `class`) unless declared `global`; a class body's names are not seen by
 * its methods; a comprehension binds its own targets; `:=` binds in the
 * function around it. String annotations (`x: "Request"`) read their names.
 */

interface Scope {
  kind: "module" | "function" | "class" | "comprehension";
  parent: Scope | undefined;
  names: Set<string>;
  /** Where each name is first bound: a class body reads a name bound later in it from outside. */
  firstAt: Map<string, number>;
  /** Where each name is bound, every time. */
  boundAt: Map<string, number[]>;
  globals: Set<string>;
  /** Of `globals`, those declared `global` (not `nonlocal`): names of the module. */
  moduleGlobals: Set<string>;
  /** A function's body: where a lazy import of what moved would go (its first statement). */
  body?: Node;
}

/** A name read where it resolves to the module (or to no binding: a builtin). */
export interface ModuleRead {
  name: string;
  at: number;
  /** Read when the module is imported, not only when a function runs. */
  immediate: boolean;
  /** The innermost function (with a body) it is read in: its body's first statement and indentation. */
  inFunction?: { start: number; indent: string };
  /**
   * Read in an annotation: a string one (`"Request"`, never evaluated) or a
   * `type` one (evaluated where it is unless the module has
   * `from __future__ import annotations`).
   */
  annotation?: "string" | "type";
}

const COMPREHENSIONS = new Set([
  "list_comprehension",
  "set_comprehension",
  "dictionary_comprehension",
  "generator_expression",
]);

/** The typing constructs whose subscripts hold types (`typing.Union`, `t.Optional`, `List`). */
const TYPING =
  /^(?:\w+\.)?(?:Union|Optional|Callable|List|Dict|Set|FrozenSet|Tuple|Type|Sequence|Mapping|MutableMapping|MutableSequence|MutableSet|Iterable|Iterator|Generator|AsyncIterator|AsyncIterable|AsyncGenerator|Awaitable|Coroutine|ClassVar|Final|Annotated|Deque|DefaultDict|OrderedDict|Counter|ChainMap|Generic|Protocol|TypeGuard|TypeIs|Concatenate|IO|AbstractSet|Collection|Container|Reversible|ContextManager|AsyncContextManager|Required|NotRequired|ReadOnly|Unpack)$/;

/** Identifiers in a string annotation (`"Request"`, `"Optional[Response]"`). */
function annotationNames(node: Node): { name: string; at: number }[] {
  const content = kids(node).find((c) => c.type === "string_content");
  if (!content) return [];
  return [...content.text.matchAll(/(?<![\w.])[A-Za-z_]\w*/g)].map((m) => ({
    name: m[0],
    at: content.startIndex + (m.index ?? 0),
  }));
}

/** Each tree's scan, made once however many questions are asked of it. */
const scans = new WeakMap<Tree, ReturnType<typeof scanOnce>>();

function scan(tree: Tree): ReturnType<typeof scanOnce> {
  const known = scans.get(tree);
  if (known) return known;
  const scanned = scanOnce(tree);
  scans.set(tree, scanned);
  return scanned;
}

function scanOnce(tree: Tree) {
  const module: Scope = {
    kind: "module",
    parent: undefined,
    names: new Set(),
    firstAt: new Map(),
    boundAt: new Map(),
    globals: new Set(),
    moduleGlobals: new Set(),
  };
  /** Names a function declares `global`, and those of them it binds (assigns, imports, loops over…). */
  const declaredGlobals = new Set<string>();
  const assignedGlobals = new Set<string>();
  const reads: { name: string; at: number; scope: Scope; annotation?: "string" | "type" }[] = [];
  const scope = (kind: Scope["kind"], parent: Scope, body?: Node): Scope => ({
    kind,
    parent,
    names: new Set(),
    firstAt: new Map(),
    boundAt: new Map(),
    globals: new Set(),
    moduleGlobals: new Set(),
    ...(body ? { body } : {}),
  });
  /** `name` bound in `into` by the node at `at`. */
  const add = (into: Scope, name: string, at: number) => {
    if (into.moduleGlobals.has(name)) assignedGlobals.add(name);
    into.names.add(name);
    if (!into.firstAt.has(name)) into.firstAt.set(name, at);
    into.boundAt.set(name, [...(into.boundAt.get(name) ?? []), at]);
  };
  /** Where `:=` binds: the nearest scope that is not a comprehension. */
  const owner = (s: Scope): Scope => {
    let at = s;
    while (at.kind === "comprehension" && at.parent) at = at.parent;
    return at;
  };

  /**
   * An assignment target: its names bound in `into` (at `at`, where given: an assignment
   * binds once its value is made); subscripts and attributes read.
   */
  const bind = (node: Node | null, into: Scope, read: Scope, at?: number) => {
    if (!node) return;
    switch (node.type) {
      case "identifier":
        add(into, node.text, at ?? node.startIndex);
        return;
      case "pattern_list":
      case "tuple_pattern":
      case "list_pattern":
      case "tuple":
      case "list":
      case "list_splat_pattern":
      case "list_splat":
      case "parenthesized_expression":
      case "as_pattern_target":
        for (const c of kids(node)) bind(c, into, read, at);
        return;
      default:
        visit(node, read);
    }
  };

  /** A parameter list: names bound in `fn`; defaults and annotations read in `outer`. */
  const parameters = (node: Node | null, fn: Scope, outer: Scope) => {
    for (const p of node ? kids(node) : []) {
      switch (p.type) {
        case "identifier":
          fn.names.add(p.text);
          break;
        case "list_splat_pattern":
        case "dictionary_splat_pattern":
          for (const c of kids(p)) if (c.type === "identifier") fn.names.add(c.text);
          break;
        case "default_parameter":
        case "typed_default_parameter":
        case "typed_parameter": {
          // The name (`a`, `*args`, `**kw`) first; its annotation and default are read outside.
          const [name, ...rest] = kids(p);
          if (name?.type === "identifier") fn.names.add(name.text);
          else if (name)
            for (const c of kids(name)) if (c.type === "identifier") fn.names.add(c.text);
          for (const c of rest) visit(c, outer);
          break;
        }
      }
    }
  };

  const visit = (node: Node | null, s: Scope): void => {
    if (!node) return;
    switch (node.type) {
      case "identifier":
        reads.push({ name: node.text, at: node.startIndex, scope: s });
        return;
      case "string":
        // An f-string's `{…}` parts are code.
        for (const c of kids(node)) if (c.type === "interpolation") visit(c, s);
        return;
      case "type": {
        // An annotation: a string in it (`"Request"`, `Optional["Request"]`) reads its names,
        // as pyflakes and type checkers do.
        const annotate = (n: Node): void => {
          if (n.type === "string")
            for (const r of annotationNames(n))
              reads.push({ ...r, scope: s, annotation: "string" });
          else if (n.type === "identifier")
            reads.push({ name: n.text, at: n.startIndex, scope: s, annotation: "type" });
          else if (n.type === "attribute") annotate(n.childForFieldName("object") as Node);
          else for (const c of kids(n)) annotate(c);
        };
        annotate(node);
        return;
      }
      case "attribute":
        visit(node.childForFieldName("object"), s);
        return;
      case "subscript": {
        // `Union[str, "Text"]`, `Callable[["Text"], None]`: a typing construct's strings are
        // types, as pyflakes reads them (not a `Literal`'s).
        const value = node.childForFieldName("value");
        visit(value, s);
        const typing = TYPING.test(value?.text ?? "") && !/(^|\.)Literal$/.test(value?.text ?? "");
        const args = (n: Node): void => {
          for (const c of kids(n)) {
            if (c.id === value?.id) continue;
            if (typing && c.type === "string")
              for (const r of annotationNames(c))
                reads.push({ ...r, scope: s, annotation: "string" });
            else if (typing && (c.type === "list" || c.type === "tuple")) args(c);
            else visit(c, s);
          }
        };
        args(node);
        return;
      }
      case "keyword_argument": {
        const value = node.childForFieldName("value");
        // `TypeVar("T", bound="Transport")`: a string type, read as an annotation is.
        const call = node.parent?.parent;
        if (
          value?.type === "string" &&
          node.childForFieldName("name")?.text === "bound" &&
          /(^|\.)TypeVar$/.test(call?.childForFieldName("function")?.text ?? "")
        )
          for (const n of annotationNames(value))
            reads.push({ ...n, scope: s, annotation: "string" });
        visit(value, s);
        return;
      }
      case "call": {
        // `cast("Request", x)`: its first argument is a type.
        const args = node.childForFieldName("arguments");
        const first = args ? kids(args).find((c) => c.type !== "(" && c.type !== ",") : undefined;
        if (
          first?.type === "string" &&
          /(^|\.)cast$/.test(node.childForFieldName("function")?.text ?? "")
        )
          for (const n of annotationNames(first))
            reads.push({ ...n, scope: s, annotation: "string" });
        for (const c of kids(node)) visit(c, s);
        return;
      }
      case "import_statement":
      case "import_from_statement":
      case "future_import_statement": {
        const from = node.childForFieldName("module_name");
        for (const c of kids(node)) {
          if (c.id === from?.id) continue;
          if (c.type === "aliased_import") {
            const alias = c.childForFieldName("alias");
            if (alias) add(s, alias.text, node.startIndex);
          } else if (c.type === "dotted_name") {
            // `import a.b` binds `a`; `from m import x` binds `x`.
            const first = node.type === "import_statement" ? kids(c)[0] : c;
            if (first) add(s, first.text, node.startIndex);
          }
        }
        return;
      }
      case "global_statement":
      case "nonlocal_statement":
        for (const c of kids(node)) if (c.type === "identifier") s.globals.add(c.text);
        // A function that sets a global binds it in the module when it runs.
        if (node.type === "global_statement")
          for (const c of kids(node))
            if (c.type === "identifier") {
              add(module, c.text, c.startIndex);
              if (s !== module) {
                s.moduleGlobals.add(c.text);
                declaredGlobals.add(c.text);
              }
            }
        return;
      case "decorated_definition":
        for (const c of kids(node)) visit(c, s);
        return;
      case "function_definition": {
        const name = node.childForFieldName("name");
        if (name) add(s, name.text, node.startIndex);
        const body = node.childForFieldName("body");
        const fn = scope("function", s, body ?? undefined);
        parameters(node.childForFieldName("parameters"), fn, s);
        visit(node.childForFieldName("return_type"), s);
        visit(body, fn);
        return;
      }
      case "lambda": {
        const fn = scope("function", s);
        parameters(node.childForFieldName("parameters"), fn, s);
        visit(node.childForFieldName("body"), fn);
        return;
      }
      case "class_definition": {
        const name = node.childForFieldName("name");
        if (name) add(s, name.text, node.startIndex);
        visit(node.childForFieldName("superclasses"), s);
        visit(node.childForFieldName("body"), scope("class", s));
        return;
      }
      case "assignment": {
        // `TAG_MAP = TAG_MAP` in a class body reads the module's: the name is bound after.
        bind(node.childForFieldName("left"), s, s, node.endIndex - 1);
        visit(node.childForFieldName("type"), s);
        visit(node.childForFieldName("right"), s);
        return;
      }
      case "augmented_assignment": {
        const left = node.childForFieldName("left");
        if (left?.type === "identifier") add(s, left.text, left.startIndex);
        visit(left, s);
        visit(node.childForFieldName("right"), s);
        return;
      }
      case "delete_statement": {
        // `del X` unbinds X where it is bound: in a function that says `global X`, the module's.
        for (const c of kids(node)) {
          const targets = c.type === "expression_list" ? kids(c) : [c];
          for (const t of targets)
            if (t.type === "identifier" && s.moduleGlobals.has(t.text)) assignedGlobals.add(t.text);
          visit(c, s);
        }
        return;
      }
      case "named_expression": {
        const name = node.childForFieldName("name");
        if (name) add(owner(s), name.text, name.startIndex);
        visit(node.childForFieldName("value"), s);
        return;
      }
      case "for_statement": {
        bind(node.childForFieldName("left"), s, s);
        for (const c of kids(node)) if (c.id !== node.childForFieldName("left")?.id) visit(c, s);
        return;
      }
      case "as_pattern": {
        // `with x as y`, `except E as e`: the target is bound, the value read.
        for (const c of kids(node)) {
          if (c.type === "as_pattern_target") bind(c, s, s);
          else visit(c, s);
        }
        return;
      }
    }
    if (COMPREHENSIONS.has(node.type)) {
      const inner = scope("comprehension", s);
      for (const c of kids(node)) {
        if (c.type === "for_in_clause") {
          bind(c.childForFieldName("left"), inner, inner);
          for (const d of kids(c)) if (d.id !== c.childForFieldName("left")?.id) visit(d, inner);
        } else visit(c, inner);
      }
      return;
    }
    for (const c of kids(node)) visit(c, s);
  };

  visit(tree.rootNode, module);
  return { module, reads, globals: { declared: declaredGlobals, assigned: assignedGlobals } };
}

/**
 * The names code declares `global` in its functions, and of them those it binds there
 * (`global _cache` then `_cache = {}`, `_cache += …`, `for _cache in …`, `import x as
 * _cache`): the module's names it rebinds as it runs. A `global` for a name only read
 * rebinds nothing.
 */
export function functionGlobals(tree: Tree): { declared: Set<string>; assigned: Set<string> } {
  return scan(tree).globals;
}

/** The first statement of a function's body (past its docstring), and its indentation. */
function bodyStart(body: Node, text: string): { start: number; indent: string } {
  const statements = kids(body).filter((c) => c.type !== "comment");
  const docstring =
    statements[0]?.type === "expression_statement" &&
    kids(statements[0])[0]?.type === "string" &&
    statements.length > 1;
  const first = statements[docstring ? 1 : 0];
  const at = first?.startIndex ?? body.startIndex;
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return { start: lineStart, indent: text.slice(lineStart, at) };
}

/**
 * The names read in [start, end) of `tree` (a module's `text`) that resolve
 * to its globals, each with whether it is read at import time and, if only
 * in a function, which: the innermost with a body, whose import there runs
 * only when that function does (werkzeug's `_sequence_repr_maker`, called
 * as its module loads, returns a `proxy` that reads the module later).
 */
export function moduleReads(tree: Tree, text: string, start: number, end: number): ModuleRead[] {
  return resolved(scan(tree), text, start, end);
}

function resolved(
  { module, reads }: ReturnType<typeof scan>,
  text: string,
  start: number,
  end: number,
): ModuleRead[] {
  const out: ModuleRead[] = [];
  for (const read of reads) {
    if (read.at < start || read.at >= end) continue;
    let s: Scope | undefined = read.scope;
    let local = false;
    let outermost: Scope | undefined;
    let innermost: Scope | undefined;
    let immediate = true;
    for (let first = true; s && s !== module; first = false, s = s.parent) {
      if (s.kind === "function") {
        immediate = false;
        outermost = s;
        if (!innermost && s.body) innermost = s;
      }
      if (s.globals.has(read.name)) break;
      // A class body's names are seen in the body itself, not in its methods, and only once
      // bound: before, the name is the module's (`json_module = json`, then `def json`).
      if (s.kind === "class" && !first) continue;
      if (s.kind === "class" && (s.firstAt.get(read.name) ?? read.at) >= read.at) continue;
      if (s.names.has(read.name)) {
        local = true;
        break;
      }
    }
    if (local) continue;
    out.push({
      name: read.name,
      at: read.at,
      immediate,
      ...((innermost ?? outermost)?.body
        ? { inFunction: bodyStart((innermost ?? outermost)?.body as Node, text) }
        : {}),
      ...(read.annotation ? { annotation: read.annotation } : {}),
    });
  }
  return out;
}

/** The names `moduleReads` finds, as a set. */
export function moduleNames(tree: Tree, text: string, start: number, end: number): Set<string> {
  return new Set(moduleReads(tree, text, start, end).map((r) => r.name));
}

/**
 * The names a module binds only under `if TYPE_CHECKING:` and reads where
 * Python evaluates them: as it loads (`immediate`: a base class, a decorator,
 * a default, an annotation without `from __future__ import annotations`), a
 * NameError on import; or in a function, outside annotations, a NameError
 * when it runs. pyflakes, for which the guarded import binds the name, sees
 * neither. A module with a star import outside the guard binds names no one
 * can list: none.
 */
export function typeOnlyReads(
  tree: Tree,
  text: string,
): { name: string; at: number; immediate: boolean }[] {
  const guarded: Node[] = [];
  const neverOnImport: Node[] = [];
  for (const c of kids(tree.rootNode)) {
    if (c.type === "import_from_statement" && kids(c).some((k) => k.type === "wildcard_import"))
      return [];
    const condition = c.type === "if_statement" ? c.childForFieldName("condition")?.text : "";
    const body = c.childForFieldName("consequence");
    if (!condition || !body) continue;
    if (TYPE_CHECKING.test(condition)) guarded.push(body);
    if (MAIN.test(condition)) neverOnImport.push(body);
  }
  if (!guarded.length) return [];
  const inside = (at: number, spans: Node[]) =>
    spans.some((b) => b.startIndex <= at && at < b.endIndex);
  const scanned = scan(tree);
  const typeOnly = new Set(
    [...scanned.module.boundAt]
      .filter(([, at]) => at.every((a) => inside(a, guarded)))
      .map(([name]) => name),
  );
  if (!typeOnly.size) return [];
  const future = kids(tree.rootNode).some(
    (c) => c.type === "future_import_statement" && /\bannotations\b/.test(c.text),
  );
  return resolved(scanned, text, 0, text.length)
    .filter(
      (r) =>
        typeOnly.has(r.name) &&
        (r.immediate
          ? r.annotation !== "string" && !(r.annotation === "type" && future)
          : r.annotation === undefined) &&
        !inside(r.at, [...guarded, ...neverOnImport]),
    )
    .map((r) => ({ name: r.name, at: r.at, immediate: r.immediate }));
}
