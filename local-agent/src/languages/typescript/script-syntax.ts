import {
  freeAlias,
  kids,
  lineEnd,
  lineStart,
  type Span,
  type TextEdit,
} from "../../imports/plan.ts";
import type { Node, Tree } from "../../syntax/parser.ts";

/**
 * Small facts of script syntax trees (TypeScript, TSX, JavaScript) that the
 * ES module and CommonJS planners share (typescript/move.ts, typescript/commonjs.ts).
 */

/** A directive of a file's prologue, alone on its line: `"use strict";`, `'use client'`, `"use server"`. */
export const DIRECTIVE = /^(["'])use (strict|client|server)\1;?$/;

/**
 * The directives a new file takes from the file its unit came from: React's
 * `"use client"` and `"use server"` (a component moved out of a client module
 * is still one), and `"use strict"`. As the old file writes them.
 */
export function directivesOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("//")) continue;
    if (!DIRECTIVE.test(line)) break;
    out.push(line);
  }
  return out;
}

/** A string literal's value (undefined for anything else, a template included). */
export function stringValue(node: Node | null): string | undefined {
  if (node?.type !== "string") return undefined;
  return kids(node)
    .filter((c) => c.type === "string_fragment")
    .map((c) => c.text)
    .join("");
}

export const spanOf = (node: Node): Span => ({ start: node.startIndex, end: node.endIndex });

export const endsWithSemicolon = (node: Node) => node.text.trimEnd().endsWith(";");

/**
 * Past a shebang, a directive (`"use strict"`, `"use client"`), and the comment blocks that open a file
 * (a licence, a module's doc comment): a block followed by a blank line. A
 * comment directly above code is that code's doc comment, and stays with it.
 */
export function leadingCommentsEnd(text: string): number {
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
    } else if (line.startsWith("#!") || DIRECTIVE.test(line)) {
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
export function withoutLeadingBlank(text: string): string {
  const at = leadingCommentsEnd(text);
  let end = at;
  while (text.startsWith("\n", end) || text.startsWith("\r\n", end))
    end += text.startsWith("\n", end) ? 1 : 2;
  // A directive (`'use client'`) stays set apart from the code by one blank line.
  const apart = at > 0 && end > at && !/\n\r?\n$/.test(text.slice(0, at)) ? "\n" : "";
  return text.slice(0, at) + apart + text.slice(end);
}

/**
 * `ns.name` and `ns.Name` (a type) in a tree: where a namespace import is used for a name.
 * `keyed`: `ns` passed to a call with one of `names` as the next argument's string, as a
 * test replaces a module's export (`vi.spyOn(ns, "run")`, `sinon.stub(ns, "run")`,
 * `Object.defineProperty(ns, "run", …)`): the module that holds that name is the one meant.
 */
export function namespaceUses(
  tree: Tree,
  ns: string,
  names: ReadonlySet<string>,
  /** Where the namespace is bound (a CommonJS `const ns = require(…)`): not a use. */
  binding?: Span,
) {
  const uses: (Span & { name: string })[] = [];
  const keyed: (Span & { name: string })[] = [];
  let opaque = false;
  let others = 0;
  const visit = (node: Node) => {
    if (node.type === "import_statement") return;
    if (binding && node.startIndex === binding.start && node.endIndex === binding.end) return;
    if (node.type === "identifier" && node.text === ns && node.parent?.type === "arguments") {
      let key = node.nextNamedSibling;
      while (key?.type === "comment") key = key.nextNamedSibling;
      const name = key?.type === "string" ? key.text.slice(1, -1) : undefined;
      if (name !== undefined && names.has(name)) {
        keyed.push({ ...spanOf(node), name });
        return;
      }
    }
    if (node.type === "member_expression" || node.type === "nested_type_identifier") {
      const object = node.childForFieldName(
        node.type === "member_expression" ? "object" : "module",
      );
      const property = node.childForFieldName(
        node.type === "member_expression" ? "property" : "name",
      );
      if (object?.type === "identifier" && object.text === ns && property) {
        if (names.has(property.text)) uses.push({ ...spanOf(node), name: property.text });
        else others++;
        return;
      }
    }
    // `ns` itself as a value (passed on, indexed, `{ ns }`): what it is asked for is not known.
    if (
      (node.type === "identifier" || node.type === "shorthand_property_identifier") &&
      node.text === ns
    )
      opaque = true;
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return { uses, keyed, opaque, others };
}

/** Every name the code of `tree` holds (identifiers of values and types, not in strings or comments). */
export function namesOf(tree: Tree): Set<string> {
  const out = new Set<string>();
  const visit = (node: Node) => {
    if (/^(identifier|type_identifier|shorthand_property_identifier(_pattern)?)$/.test(node.type))
      out.add(node.text);
    else for (const c of kids(node)) visit(c);
  };
  visit(tree.rootNode);
  return out;
}

/**
 * Whether `name` is a name of the code in `tree` other than at the offsets of
 * `except`: read, bound or imported, never in a comment or a string, never a
 * property's name.
 */
export function nameTaken(tree: Tree, name: string, except: readonly Span[]): boolean {
  const visit = (node: Node): boolean => {
    if (except.some((e) => node.startIndex >= e.start && node.endIndex <= e.end)) return false;
    if (/^(identifier|type_identifier|shorthand_property_identifier(_pattern)?)$/.test(node.type))
      return node.text === name;
    return kids(node).some(visit);
  };
  return visit(tree.rootNode);
}

/** Test runners' calls that name a module by a literal: `vi.mock("…", factory)` and the like. */
export const MOCKS = /^(?:vi|jest)\.(?:mock|doMock|unstable_mockModule)$/;
export const ACTUALS = /^(?:vi|jest)\.(?:importActual|requireActual|importMock|requireMock)$/;

export interface ModuleCall {
  /**
   * A call that names a module by its first argument (`vi.mock("…")`), or an
   * entry of a module map passed to a call: `rewiremock.proxy(…, {"../lib/x":
   * stub})`, `proxyquire`'s stubs, and the like, a string key per module; or
   * in a test, another call that loads a module by its path, its object used
   * (`rewiremock.proxy("../lib/utils", {})`).
   */
  kind: "call" | "entry" | "load";
  /** `vi.mock`, `jest.requireActual`, `rewiremock.proxy`, … */
  callee: string;
  specifier: string;
  /** The string literal, quotes included. */
  literal: Span & { text: string };
  /** The statement that holds the call (a mock is one); for an entry, the entry (`key: value`). */
  statement: Span & { text: string };
  /** The factory's text, when it has one; for an entry, its value's. */
  factory: string | undefined;
}

/** A test file, by its path: under test/, tests/ or __tests__/, or named *.test.* / *.spec.*. */
export const isTestPath = (p: string) =>
  /(^|[\\/])(tests?|__tests__)[\\/]|\.(test|spec)\.[^.\\/]+$/.test(p);

/** An argument that is a module map: an object, or an arrow function returning one (`(r) => ({…})`, rewiremock's). */
function moduleMap(arg: Node): Node[] {
  if (arg.type === "object") return [arg];
  if (arg.type !== "arrow_function") return [];
  const body = arg.childForFieldName("body");
  const inner = body?.type === "parenthesized_expression" ? kids(body)[1] : undefined;
  return inner?.type === "object" ? [inner] : [];
}

/**
 * The mock and actual-module calls of `tree`, and in a test file (`path`) the
 * entries of module maps passed to calls.
 */
export function moduleCalls(tree: Tree, path: string): ModuleCall[] {
  const out: ModuleCall[] = [];
  const tests = isTestPath(path);
  if (!tests && !/\b(?:vi|jest)\./.test(tree.rootNode.text)) return out;
  const visit = (node: Node, statement: Node | undefined) => {
    const holder = node.type === "expression_statement" ? node : statement;
    if (node.type === "call_expression") {
      const fn = node.childForFieldName("function");
      const args = node.childForFieldName("arguments");
      const list = args
        ? kids(args).filter((c) => c.type !== "(" && c.type !== ")" && c.type !== ",")
        : [];
      const first = list[0];
      const specifier = stringValue(first ?? null);
      // A module map among the arguments: each entry whose key is a string.
      for (const map of tests ? list.flatMap(moduleMap) : [])
        for (const entry of kids(map).filter((c) => c.type === "pair")) {
          const key = entry.childForFieldName("key");
          const name = stringValue(key);
          if (fn && key && name !== undefined)
            out.push({
              kind: "entry",
              callee: fn.text,
              specifier: name,
              literal: { ...spanOf(key), text: key.text },
              statement: { ...spanOf(entry), text: entry.text },
              factory: entry.childForFieldName("value")?.text,
            });
        }
      if (
        tests &&
        fn &&
        first &&
        specifier !== undefined &&
        !MOCKS.test(fn.text) &&
        !ACTUALS.test(fn.text) &&
        !/^(?:require|import|require\.resolve)$/.test(fn.text)
      )
        out.push({
          kind: "load",
          callee: fn.text,
          specifier,
          literal: { ...spanOf(first), text: first.text },
          statement: { ...spanOf(node), text: node.text },
          factory: undefined,
        });
      if (
        fn &&
        first &&
        specifier !== undefined &&
        (MOCKS.test(fn.text) || ACTUALS.test(fn.text)) &&
        holder
      )
        out.push({
          kind: "call",
          callee: fn.text,
          specifier,
          literal: { ...spanOf(first), text: first.text },
          statement: { ...spanOf(holder), text: holder.text },
          factory: list[1]?.text,
        });
    }
    for (const child of kids(node)) visit(child, holder);
  };
  visit(tree.rootNode, undefined);
  return out;
}

/**
 * A test's mocks of a move's old file (`vi.mock("../src/util", factory)`):
 * each that stood in for what moved (no factory, or one that names a moved
 * name) is followed by the same mock of the new file. An actual-module read
 * of the old file where the file names what moved is said, not guessed. A
 * module map's entry for the old file (`{"../lib/serializer": stub}`) gets
 * an entry for the new file with the same value, when the value names what
 * moved (an object written there) or may hold it (a name, set elsewhere in a
 * file that names what moved).
 */
export function mockEdits(
  text: string,
  calls: readonly ModuleCall[],
  moved: readonly string[],
  specifierFor: (written: string) => string,
): { edits: TextEdit[]; unresolved: string[] } {
  const word = new RegExp(
    `(?<![\\w$])(?:${moved.map((m) => m.replace(/\$/g, "\\$")).join("|")})(?![\\w$])`,
  );
  const edits: TextEdit[] = [];
  const unresolved: string[] = [];
  for (const call of calls) {
    if (call.kind === "load") continue;
    if (call.kind === "entry") {
      const value = call.factory ?? "";
      if (!(value.trimStart().startsWith("{") ? word.test(value) : word.test(text))) continue;
      const quote = call.literal.text[0] ?? '"';
      const indent = text.slice(lineStart(text, call.statement.start), call.statement.start);
      const apart = /^[ \t]*$/.test(indent) ? `,\n${indent}` : ", ";
      edits.push({
        start: call.statement.end,
        end: call.statement.end,
        insert: `${apart}${quote}${specifierFor(call.specifier)}${quote}: ${value}`,
      });
      continue;
    }
    if (!MOCKS.test(call.callee)) {
      if (word.test(text))
        unresolved.push(
          `${call.callee}(${call.literal.text}) may be used for what moved; not rewritten`,
        );
      continue;
    }
    if (call.factory !== undefined && !word.test(call.factory)) continue;
    const quote = call.literal.text[0] ?? '"';
    const indent = text.slice(lineStart(text, call.statement.start), call.statement.start);
    const copy =
      text.slice(call.statement.start, call.literal.start) +
      `${quote}${specifierFor(call.specifier)}${quote}` +
      text.slice(call.literal.end, call.statement.end);
    const at = lineEnd(text, call.statement.end);
    edits.push({ start: at, end: at, insert: `${/^[ \t]*$/.test(indent) ? indent : ""}${copy}\n` });
  }
  return { edits, unresolved };
}

/**
 * Moved names a test reads off a module it loads by path (a `load` call:
 * `utils = rewiremock.proxy("../lib/utils")`, then `utils.isNumeric(…)`):
 * the old module re-exports them (ImporterPlan.reexport).
 */
export function loadedReads(
  importerPath: string,
  text: string,
  calls: readonly ModuleCall[],
  moved: readonly string[],
): { names: string[]; through: string }[] {
  const loads = calls.filter((c) => c.kind === "load");
  if (!loads.length) return [];
  const names = moved.filter((m) =>
    new RegExp(`\\.${m.replace(/\$/g, "\\$")}(?![\\w$])`).test(text),
  );
  if (!names.length) return [];
  const first = loads[0] as ModuleCall;
  return [
    {
      names,
      through: `${importerPath}: reads ${names.join(", ")} off the module ${first.callee}(${first.literal.text}) loads`,
    },
  ];
}

/** The receipt's line for a test's stand-ins of what moved, now put on the new module. */
export const replacesOn = (importer: string, names: string[], from: string, to: string) =>
  `${importer}: replaces ${[...new Set(names)].join(", ")} on ${to}'s exports, as it did on ${from}'s`;

/** A free name for a namespace import of `file`: its base name, camel-cased, and `Module` (`runCommandModule`). */
export function moduleAlias(file: string, present: ReadonlySet<string>): string {
  const base = (file.split("/").at(-1) ?? "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^\w$]+(.)?/g, (_: string, c: string | undefined) => (c ?? "").toUpperCase());
  const name = `${/^\d/.test(base) ? "_" : ""}${base}Module`;
  return present.has(name) ? freeAlias(name, present) : name;
}
