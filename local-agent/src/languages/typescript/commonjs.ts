import {
  addItem,
  dropItems,
  kids,
  lineEnd,
  lineStart,
  replaceRanges,
  type Span,
  type TextEdit,
} from "../../imports/plan.ts";
import type { Node, Tree } from "../../syntax/parser.ts";
import { endsWithSemicolon, leadingCommentsEnd, spanOf, stringValue } from "./script-syntax.ts";

/**
 * CommonJS, as most of the JavaScript on npm is written (issue 33):
 * `const x = require("…")`, `const { a, b: c } = require("…")`,
 * `module.exports = { a, b }`, `exports.a = …`, `module.exports.a = …`.
 * The facts of a file's requires and exports, and the edits typescript/move.ts's
 * planners make with them: a unit moved out of a CommonJS file takes the
 * requires it uses and is exported from its new file the way its old file
 * exported it; importers' requires follow it in their own style.
 */

/** A top-level `const … = require("…")` (or `let`, `var`): one declarator. */
export interface CjsRequire {
  /** The whole declaration statement. */
  node: Span;
  keyword: string;
  specifier: string;
  /** The string literal, quotes included. */
  literal: Span & { text: string };
  semicolon: boolean;
  /** `const u = require(…)`: the module object, under this name. */
  namespace?: string;
  /** `const { a, b: c } = require(…)`: the properties it takes, as written. */
  parts: (Span & { imported: string; local: string; text: string })[];
  /** `const x = require(…).p`: one property, under a name. */
  property?: { imported: string; local: string };
}

/** One name a CommonJS file exports: under `key`, the file's own name `local` (when the value is a plain name). */
export interface CjsExport extends Span {
  key: string;
  local: string | undefined;
  /** The statement (`exports.k = …;`), or the object's item (`k: v`). */
  kind: "assign" | "item";
  /** For an assignment, its whole statement and line. */
  statement?: Span;
}

export interface CjsFacts {
  /** No `import` or `export` statement, and a require or an export of CommonJS. */
  commonJs: boolean;
  requires: CjsRequire[];
  exports: CjsExport[];
  /** `module.exports = { … }`: its object's items and braces. */
  object?: { node: Span; items: Span[]; open: number; close: number };
  /** `module.exports = name` (or a function, a class): the module is one value. */
  single: boolean;
  /** The file starts with `'use strict'` (written so again in a new file). */
  strict: string | undefined;
  /** How its assignments export: `exports.k = …` or `module.exports.k = …`. */
  assignForm: "exports" | "module.exports";
  quote: string;
  semicolon: boolean;
  /** The keyword its requires are declared with (`var` in ES5-era code), else `const`. */
  keyword: string;
  /** Where a new require goes: after the last top-level require, else after the file's header. */
  insertAt: number;
  /**
   * Where each top-level `const`, `let`, `var` and `class` declaration ends:
   * an `exports.k = k` of such a name must come after it (before it, `k` is
   * not yet initialised). Function declarations are hoisted: not listed.
   */
  declaredEnd: Map<string, number>;
}

/** `exports.k` or `module.exports.k`: k, else undefined. */
function exportsKey(node: Node | null): string | undefined {
  if (node?.type !== "member_expression") return undefined;
  const object = node.childForFieldName("object");
  const property = node.childForFieldName("property");
  if (!object || !property) return undefined;
  if (object.type === "identifier" && object.text === "exports") return property.text;
  if (object.type === "member_expression" && object.text.replace(/\s/g, "") === "module.exports")
    return property.text;
  return undefined;
}

const isModuleExports = (node: Node | null) =>
  node?.type === "member_expression" && node.text.replace(/\s/g, "") === "module.exports";

/** `require("…")` (a literal): its specifier and literal node. */
function requireCall(node: Node | null): { specifier: string; literal: Node } | undefined {
  if (node?.type !== "call_expression") return undefined;
  const fn = node.childForFieldName("function");
  if (fn?.type !== "identifier" || fn.text !== "require") return undefined;
  const args = node.childForFieldName("arguments");
  const literal = args ? kids(args).find((c) => c.type === "string") : undefined;
  const specifier = stringValue(literal ?? null);
  return literal && specifier !== undefined ? { specifier, literal } : undefined;
}

/** A file's CommonJS facts. */
export function cjsFactsOf(tree: Tree, text: string): CjsFacts {
  const requires: CjsRequire[] = [];
  const exports: CjsExport[] = [];
  let object: CjsFacts["object"];
  let single = false;
  let esm = false;
  let strict: string | undefined;
  let assignForm: CjsFacts["assignForm"] = "exports";
  let insertAt = leadingCommentsEnd(text);
  let semicolon: boolean | undefined;
  const declaredEnd = new Map<string, number>();
  for (const child of kids(tree.rootNode)) {
    if (child.type === "import_statement" || child.type === "export_statement") esm = true;
    if (child.type === "class_declaration") {
      const name = child.childForFieldName("name");
      if (name) declaredEnd.set(name.text, child.endIndex);
    }
    if (child.type === "lexical_declaration" || child.type === "variable_declaration")
      for (const d of kids(child).filter((c) => c.type === "variable_declarator")) {
        const name = d.childForFieldName("name");
        if (name?.type === "identifier") declaredEnd.set(name.text, child.endIndex);
      }
    if (child.type === "expression_statement") {
      const first = kids(child)[0];
      if (first?.type === "string" && /^use strict$/.test(stringValue(first) ?? ""))
        strict ??= child.text;
      if (first?.type !== "assignment_expression") continue;
      semicolon ??= endsWithSemicolon(child);
      const left = first.childForFieldName("left");
      const right = first.childForFieldName("right");
      const key = exportsKey(left);
      if (key !== undefined) {
        if (!exports.some((e) => e.kind === "assign"))
          assignForm =
            left?.childForFieldName("object")?.type === "identifier" ? "exports" : "module.exports";
        exports.push({
          key,
          local: right?.type === "identifier" ? right.text : undefined,
          kind: "assign",
          ...spanOf(child),
          statement: spanOf(child),
        });
        continue;
      }
      if (!isModuleExports(left) || !right) continue;
      if (right.type !== "object") {
        single = true;
        continue;
      }
      const items = kids(right).filter((c) => c.type !== "{" && c.type !== "}" && c.type !== ",");
      object = {
        node: spanOf(child),
        items: items.map(spanOf),
        open: right.startIndex,
        close: right.endIndex - 1,
      };
      for (const item of items) {
        if (item.type === "shorthand_property_identifier")
          exports.push({ key: item.text, local: item.text, kind: "item", ...spanOf(item) });
        else if (item.type === "pair") {
          const key = item.childForFieldName("key");
          const value = item.childForFieldName("value");
          if (key)
            exports.push({
              key: key.text.replace(/^["']|["']$/g, ""),
              local: value?.type === "identifier" ? value.text : undefined,
              kind: "item",
              ...spanOf(item),
            });
        } else if (item.type === "method_definition") {
          const key = item.childForFieldName("name");
          if (key) exports.push({ key: key.text, local: undefined, kind: "item", ...spanOf(item) });
        }
      }
      continue;
    }
    if (child.type !== "lexical_declaration" && child.type !== "variable_declaration") continue;
    const declarators = kids(child).filter((c) => c.type === "variable_declarator");
    const only = declarators.length === 1 ? declarators[0] : undefined;
    semicolon ??= endsWithSemicolon(child);
    const value = only?.childForFieldName("value") ?? null;
    const direct = requireCall(value);
    const viaProperty =
      value?.type === "member_expression"
        ? requireCall(value.childForFieldName("object"))
        : undefined;
    const call = direct ?? viaProperty;
    const name = only?.childForFieldName("name");
    if (!only || !call || !name) continue;
    const keyword = kids(child)[0]?.text ?? "const";
    const base: CjsRequire = {
      node: spanOf(child),
      keyword,
      specifier: call.specifier,
      literal: { ...spanOf(call.literal), text: call.literal.text },
      semicolon: endsWithSemicolon(child),
      parts: [],
    };
    if (viaProperty && name.type === "identifier") {
      const property = value?.childForFieldName("property")?.text ?? "";
      requires.push({ ...base, property: { imported: property, local: name.text } });
    } else if (name.type === "identifier") {
      requires.push({ ...base, namespace: name.text });
    } else if (name.type === "object_pattern" && direct) {
      for (const part of kids(name)) {
        if (part.type === "shorthand_property_identifier_pattern")
          base.parts.push({
            imported: part.text,
            local: part.text,
            text: part.text,
            ...spanOf(part),
          });
        else if (part.type === "pair_pattern") {
          const key = part.childForFieldName("key");
          const local = part.childForFieldName("value");
          if (key && local?.type === "identifier")
            base.parts.push({
              imported: key.text,
              local: local.text,
              text: part.text,
              ...spanOf(part),
            });
        }
      }
      requires.push(base);
    } else continue;
    insertAt = lineEnd(text, child.endIndex);
  }
  const anyRequire = requires.length > 0 || /\brequire\s*\(/.test(text);
  const first = requires[0];
  return {
    commonJs: !esm && (anyRequire || exports.length > 0 || object !== undefined || single),
    requires,
    exports,
    ...(object ? { object } : {}),
    single,
    strict,
    assignForm,
    // The quote of its requires, else of its 'use strict'.
    quote: first ? (first.literal.text[0] ?? "'") : strict?.startsWith('"') ? '"' : "'",
    semicolon: semicolon ?? true,
    keyword: first?.keyword ?? "const",
    insertAt,
    declaredEnd,
  };
}

/** The bindings a file's requires make: local name, what it takes (`*` for the module), from where. */
export function cjsBindings(
  facts: CjsFacts,
): { local: string; imported: string; specifier: string; require: CjsRequire }[] {
  return facts.requires.flatMap((r) => [
    ...(r.namespace !== undefined
      ? [{ local: r.namespace, imported: "*", specifier: r.specifier, require: r }]
      : []),
    ...(r.property ? [{ ...r.property, specifier: r.specifier, require: r }] : []),
    ...r.parts.map((p) => ({
      local: p.local,
      imported: p.imported,
      specifier: r.specifier,
      require: r,
    })),
  ]);
}

/** A name a file needs from a module, CommonJS style. */
export interface CjsNeed {
  local: string;
  /** `*` for the module object; else the property it takes. */
  imported: string;
  specifier: string;
}

/** `const { a, b: c } = require("…");` lines for `needs`, grouped by module, in a file's style. */
export function requireLines(
  needs: readonly CjsNeed[],
  quote: string,
  semicolon: boolean,
  keyword = "const",
): string[] {
  const end = semicolon ? ";" : "";
  const bySpecifier = new Map<string, CjsNeed[]>();
  for (const n of needs) bySpecifier.set(n.specifier, [...(bySpecifier.get(n.specifier) ?? []), n]);
  const lines: string[] = [];
  for (const [specifier, group] of bySpecifier) {
    const from = `require(${quote}${specifier}${quote})`;
    for (const n of group.filter((g) => g.imported === "*"))
      lines.push(`${keyword} ${n.local} = ${from}${end}`);
    const named = group.filter((g) => g.imported !== "*");
    if (named.length)
      lines.push(
        `${keyword} { ${named.map((n) => (n.imported === n.local ? n.local : `${n.imported}: ${n.local}`)).join(", ")} } = ${from}${end}`,
      );
  }
  return lines;
}

/**
 * `text` with `needs` required: merged into a destructuring require of the
 * same module where there is one, else in new lines after its requires.
 */
export function addRequires(text: string, facts: CjsFacts, needs: readonly CjsNeed[]): string {
  const edits: TextEdit[] = [];
  const fresh: CjsNeed[] = [];
  const taken = new Set(cjsBindings(facts).map((b) => b.local));
  const added = new Map<CjsRequire, Span>();
  for (const need of needs) {
    if (taken.has(need.local)) continue;
    taken.add(need.local);
    const same = facts.requires.find((r) => r.specifier === need.specifier && r.parts.length > 0);
    const last = same && (added.get(same) ?? same.parts.at(-1));
    if (same && last && need.imported !== "*") {
      edits.push(
        addItem(
          text,
          last,
          need.imported === need.local ? need.local : `${need.imported}: ${need.local}`,
        ),
      );
      added.set(same, last);
      continue;
    }
    fresh.push(need);
  }
  if (fresh.length) {
    const lines = requireLines(fresh, facts.quote, facts.semicolon, facts.keyword);
    const at = facts.insertAt;
    const after = text.slice(at);
    const gap = facts.requires.length === 0 && after !== "" && !after.startsWith("\n") ? "\n" : "";
    const before =
      at > 0 &&
      !text.slice(0, at).endsWith("\n\n") &&
      facts.requires.length === 0 &&
      text.slice(0, at).trim() !== ""
        ? "\n"
        : "";
    edits.push({ start: at, end: at, insert: `${before}${lines.join("\n")}\n${gap}` });
  }
  return replaceRanges(text, edits);
}

/** The edits that export `names` (key → local) from a CommonJS file, the way it exports. */
export function exportEdits(
  text: string,
  facts: CjsFacts,
  names: readonly { key: string; local: string }[],
): TextEdit[] {
  const missing = names.filter((n) => !facts.exports.some((e) => e.key === n.key));
  if (!missing.length) return [];
  const item = (n: { key: string; local: string }) =>
    n.key === n.local ? n.local : `${n.key}: ${n.local}`;
  if (facts.object) {
    const last = facts.object.items.at(-1);
    if (!last) {
      const { open, close } = facts.object;
      return [{ start: open + 1, end: close, insert: ` ${missing.map(item).join(", ")} ` }];
    }
    const edits: TextEdit[] = [];
    let after = last;
    for (const n of missing) {
      edits.push(addItem(text, after, item(n)));
      after = { start: after.start, end: after.end };
    }
    return edits;
  }
  const end = facts.semicolon ? ";" : "";
  const lines = missing.map((n) => `${facts.assignForm}.${n.key} = ${n.local}${end}`).join("\n");
  // After the file's last export assignment, where it has one, and after every declaration of
  // what it exports (a `const` declared further down is not initialised before); else at its end.
  const last = facts.exports.filter((e) => e.kind === "assign").at(-1);
  const declared = Math.max(-1, ...missing.map((n) => facts.declaredEnd.get(n.local) ?? -1));
  if (last?.statement) {
    const at = lineEnd(text, Math.max(last.statement.end, declared));
    return [{ start: at, end: at, insert: `${lines}\n` }];
  }
  const tail = text.endsWith("\n") || text === "" ? "" : "\n";
  return [
    {
      start: text.length,
      end: text.length,
      insert: `${tail}${text.trim() === "" ? "" : "\n"}${lines}\n`,
    },
  ];
}

/** The edits that take the exports of `keys` out of a CommonJS file: object items, or assignment statements. */
export function unexportEdits(
  text: string,
  facts: CjsFacts,
  keys: ReadonlySet<string>,
): TextEdit[] {
  const edits: TextEdit[] = [];
  const items = facts.exports.filter((e) => e.kind === "item");
  if (facts.object) {
    const drop = new Set(
      facts.object.items.flatMap((span, i) =>
        items.some((e) => e.start === span.start && keys.has(e.key)) ? [i] : [],
      ),
    );
    if (drop.size === facts.object.items.length && drop.size > 0)
      edits.push({ start: facts.object.open + 1, end: facts.object.close, insert: "" });
    else edits.push(...dropItems(text, facts.object.items, drop));
  }
  for (const e of facts.exports)
    if (e.kind === "assign" && e.statement && keys.has(e.key) && e.local !== undefined)
      edits.push({
        start: lineStart(text, e.statement.start),
        end: lineEnd(text, e.statement.end),
        insert: "",
      });
  return edits;
}

/** `exports.k` and `module.exports.k` read in [start, end) of `tree`: each key and span. */
export function exportsReads(tree: Tree, start: number, end: number): (Span & { key: string })[] {
  const out: (Span & { key: string })[] = [];
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    // The left side of `exports.k = …` is the unit's own export, not a read.
    if (node.type === "assignment_expression") {
      const right = node.childForFieldName("right");
      if (right) visit(right);
      const left = node.childForFieldName("left");
      if (left && exportsKey(left) === undefined) visit(left);
      return;
    }
    const key = exportsKey(node);
    if (key !== undefined) {
      out.push({ key, ...spanOf(node) });
      return;
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/** A `require("…")` call, and what its value is used for (inlineRequires). */
export interface InlineRequire {
  specifier: string;
  literal: Span & { text: string };
  /** `require("…").p`: p. */
  property: string | undefined;
  /** Bound by a declaration: the properties its pattern takes, or `*` for a name. */
  bound: string[] | "*" | undefined;
  statement: Span;
}

/**
 * `require("…")` calls of `tree` anywhere (top-level declarations included:
 * callers skip those), each with how its value is used: a property read
 * (`require("…").p`), bound by a declaration (`const { a } = require("…")`
 * inside a function: its pattern), or passed on (anything else).
 */
export function inlineRequires(tree: Tree): InlineRequire[] {
  const out: InlineRequire[] = [];
  const visit = (node: Node, statement: Node | undefined) => {
    const holder = node.parent?.type === "program" ? node : statement;
    const call = requireCall(node);
    if (call) {
      const parent = node.parent;
      const property =
        parent?.type === "member_expression" &&
        parent.childForFieldName("object")?.startIndex === node.startIndex
          ? parent.childForFieldName("property")?.text
          : undefined;
      const pattern =
        parent?.type === "variable_declarator" ? parent.childForFieldName("name") : null;
      const bound =
        pattern?.type === "object_pattern"
          ? kids(pattern)
              .map((p) =>
                p.type === "shorthand_property_identifier_pattern"
                  ? p.text
                  : p.type === "pair_pattern"
                    ? p.childForFieldName("key")?.text
                    : undefined,
              )
              .filter((k): k is string => k !== undefined)
          : pattern?.type === "identifier"
            ? ("*" as const)
            : undefined;
      out.push({
        specifier: call.specifier,
        literal: { ...spanOf(call.literal), text: call.literal.text },
        property,
        bound,
        statement: spanOf(holder ?? node),
      });
      return;
    }
    for (const child of kids(node)) visit(child, holder);
  };
  visit(tree.rootNode, undefined);
  return out;
}
