import { kids, type Span } from "../../imports/plan.ts";
import type { Node, Tree } from "../../syntax/parser.ts";
import type { ModuleRead } from "./scopes.ts";

/**
 * Where a Python move's import back goes across a circular import (issue 33),
 * and what its old module must see among its own: pure, over the old
 * module's tree. python/move.ts places the import; the load check judges it.
 */

/**
 * Where an import of `names` goes for the module to read them as it loads:
 * the start of the top-level statement that first does (with the comments
 * just above it), not counting annotations never evaluated.
 */
export function firstLoadRead(
  tree: Tree,
  text: string,
  reads: readonly ModuleRead[],
  names: readonly string[],
  unevaluated: (r: ModuleRead) => boolean,
): number | undefined {
  const at = Math.min(
    ...reads
      .filter((r) => r.immediate && !unevaluated(r) && names.includes(r.name))
      .map((r) => r.at),
  );
  const top = kids(tree.rootNode);
  const i = top.findIndex((c) => c.startIndex <= at && at < c.endIndex);
  if (i === -1) return undefined;
  let start = (top[i] as Node).startIndex;
  for (let j = i - 1; j >= 0; j--) {
    const c = top[j] as Node;
    if (c.type !== "comment" || /\n[ \t]*\n/.test(text.slice(c.endIndex, start))) break;
    start = c.startIndex;
  }
  return text.lastIndexOf("\n", start - 1) + 1;
}

/**
 * The identifiers a module names by string in its top-level lists, tuples and
 * sets (`exported = ["Undefined", "str_join"]`), `__all__` aside: names
 * something imports from it by name.
 */
export function namedInStrings(tree: Tree): Set<string> {
  const out = new Set<string>();
  const visit = (node: Node) => {
    if (node.type === "function_definition" || node.type === "class_definition") return;
    // `__all__`'s are names of its own, read elsewhere; `__lazy_modules__` names modules whose
    // imports load lazily (humanize's `{"bisect"}`), which binds nothing.
    if (
      node.type === "assignment" &&
      /^__(?:all|lazy_modules)__$/.test(node.childForFieldName("left")?.text ?? "")
    )
      return;
    if (node.type === "string" && /^(?:list|tuple|set)$/.test(node.parent?.type ?? "")) {
      const m = /^(['"])(\w+)\1$/.exec(node.text);
      if (m?.[2]) out.add(m[2]);
      return;
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/**
 * The first top-level statement after `unit` that must see what the unit
 * defines among the module's own: one that changes how its classes are made
 * (an attribute of dunder name set on a class their bases or metaclasses lead
 * to: `NodeType.__new__ = …`, `setattr(Base, "__init_subclass__", …)`), or
 * one that reads the module's `globals()` (itself or through a function of
 * the module it calls). Its text, why, and the names it must see.
 */
export function observerAfter(
  tree: Tree,
  unit: Span,
): { text: string; why: string; names: string[] } | undefined {
  const definitionOf = (node: Node) =>
    node.type === "decorated_definition" ? node.childForFieldName("definition") : node;
  const leads = new Map<string, string[]>();
  const classes: string[] = [];
  const names: string[] = [];
  const readsGlobals = new Set<string>();
  const callsGlobals = (node: Node, via: ReadonlySet<string>): boolean => {
    if (node.type === "call") {
      const fn = node.childForFieldName("function");
      if (fn?.type === "identifier" && (fn.text === "globals" || via.has(fn.text))) return true;
    }
    return kids(node).some((c) => callsGlobals(c, via));
  };
  for (const child of kids(tree.rootNode)) {
    const def = definitionOf(child);
    const name = def?.childForFieldName("name")?.text ?? "";
    const inUnit = child.startIndex >= unit.start && child.endIndex <= unit.end;
    if (inUnit && name) names.push(name);
    if (def?.type === "function_definition" && callsGlobals(def, new Set())) readsGlobals.add(name);
    if (def?.type !== "class_definition") continue;
    const supers = kids(def.childForFieldName("superclasses") ?? def).flatMap((a) =>
      a.type === "identifier"
        ? [a.text]
        : a.type === "keyword_argument" && a.childForFieldName("value")?.type === "identifier"
          ? [a.childForFieldName("value")?.text ?? ""]
          : [],
    );
    leads.set(name, supers);
    if (inUnit) classes.push(name);
  }
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const s of leads.get(name) ?? []) visit(s);
  };
  for (const c of classes) for (const s of leads.get(c) ?? []) visit(s);
  for (const child of kids(tree.rootNode)) {
    if (child.startIndex < unit.end || child.type !== "expression_statement") continue;
    if (names.length && callsGlobals(child, readsGlobals))
      return { text: child.text, why: "it reads its globals()", names };
    const expr = kids(child)[0];
    let target: string | undefined;
    if (expr?.type === "assignment") {
      const left = expr.childForFieldName("left");
      const object = left?.childForFieldName("object");
      const attr = left?.childForFieldName("attribute")?.text ?? "";
      if (left?.type === "attribute" && object?.type === "identifier" && /^__\w+__$/.test(attr))
        target = object.text;
    } else if (expr?.type === "call" && expr.childForFieldName("function")?.text === "setattr") {
      const [object, attr] = kids(expr.childForFieldName("arguments") ?? expr).filter(
        (a) => a.type !== "(" && a.type !== ")" && a.type !== ",",
      );
      if (object?.type === "identifier" && /^["']__\w+__["']$/.test(attr?.text ?? ""))
        target = object.text;
    }
    if (target && reached.has(target))
      return {
        text: child.text,
        why: `${target} is changed, which ${classes.length === 1 ? "its definition runs" : "their definitions run"}`,
        names: classes,
      };
  }
  return undefined;
}

/** Where the top-level statement `statement` is in `text` (at a line's start, its whole line), or -1. */
export function statementAt(text: string, statement: string): number {
  for (let at = text.indexOf(statement); at !== -1; at = text.indexOf(statement, at + 1)) {
    const end = at + statement.length;
    if (
      (at === 0 || text[at - 1] === "\n") &&
      (end === text.length || /[\r\n#\s]/.test(text[end] ?? ""))
    )
      return at;
  }
  return -1;
}
