import { describe, expect, it } from "vitest";
import { planMove } from "../../../test/support/plan-move.ts";
import type { ScriptLanguage } from "../../syntax/languages.ts";
import { withTree } from "../../syntax/parser.ts";
import { planScriptImports } from "./move.ts";
import { moduleLoadReferences, moduleReferences } from "./script-scopes.ts";

/** The module-level names `text` reads (all of it, or the part after `from`). */
const reads = (text: string, lang: ScriptLanguage = "typescript", from = "") =>
  withTree(text, lang, (tree) =>
    [...moduleReferences(tree, from ? text.indexOf(from) : 0, text.length)].sort(),
  );

describe("names resolved by scope, as the compiler does", () => {
  it("leaves out what a local, a parameter or a shorthand property of a local reads", async () => {
    const text = [
      'import path from "node:path";',
      "export const cx = (a: string) => a;",
      "export const make = () => {",
      "  const cx = () => 1;",
      "  return { cx };",
      "};",
      "export function join(path: string[]) {",
      "  return path.join('/');",
      "}",
      "",
    ].join("\n");
    expect(await reads(text, "typescript", "export const make")).toEqual([]);
  });

  it("reads a namespace where a type parameter shares its name: a type parameter is no namespace (fp-ts' `<E>(f: (a: A) => E.Either<E, B>)`)", async () => {
    const text = [
      'import * as E from "./Either";',
      "export const chain: <E, A, B>(f: (a: A) => E.Either<E, B>) => E = null as never;",
      "export type Local<E> = E;",
      "",
    ].join("\n");
    expect(await reads(text, "typescript", "export const chain")).toEqual(["E"]);
    expect(await reads(text, "typescript", "export type Local")).toEqual([]);
  });

  it("reads as the module loads no name of a type: a const and a type of one name (fp-ts' `URI`), a typeof, a namespace in a type", async () => {
    const text = [
      'import * as E from "./Either";',
      "export const URI = 'Either';",
      "export type URI = typeof URI;",
      "export const traverse: Traverse<URI, typeof URI, E.Either<URI>> = (f) => f(URI);",
      "export const Monad = { URI, map: E.map };",
      "",
    ].join("\n");
    const loads = (from: string, to?: string) =>
      withTree(text, "typescript", (tree) =>
        [
          ...moduleLoadReferences(
            tree,
            text.indexOf(from),
            to === undefined ? text.length : text.indexOf(to),
          ),
        ].sort(),
      );
    expect(await loads("export const traverse", "export const Monad")).toEqual([]);
    expect(await loads("export const Monad")).toEqual(["E", "URI"]);
  });

  it("follows var hoisting, catch and for heads, destructuring defaults and computed keys", async () => {
    const text = [
      "function f(o) {",
      "  if (o) { var hoisted = 1; }",
      "  for (const item of list) use(item, hoisted);",
      "  try { risky(); } catch (error) { report(error); }",
      "  const { a = DEFAULT, [KEY]: b, ...rest } = o;",
      "  return [a, b, rest];",
      "}",
      "",
    ].join("\n");
    expect(await reads(text, "javascript")).toEqual(
      ["DEFAULT", "KEY", "list", "report", "risky", "use"].sort(),
    );
  });

  it("binds type parameters, mapped and inferred types, and reads `ns.Type` as `ns`", async () => {
    const text = [
      'import type * as core from "./core";',
      "type T = number;",
      "export function id<T>(x: T): T { return x; }",
      "export type Keys<O> = { [K in keyof O]: O[K] extends (infer U)[] ? U : core.Schema };",
      "export class Box<V extends Base> { v?: V; static of = <W,>(w: W) => w; }",
      "",
    ].join("\n");
    expect(await reads(text, "typescript", "export function id")).toEqual(["Base", "core"]);
  });

  it("binds a function or class expression's own name inside it; JSX hosts are not names", async () => {
    const text = [
      "const f = function loop(n) { return n ? loop(n - 1) : done; };",
      "const C = class Self { clone() { return new Self(); } };",
      "export const view = () => <div><Panel title={title} /></div>;",
      "",
    ].join("\n");
    expect(await reads(text, "tsx")).toEqual(["Panel", "done", "title"].sort());
  });

  it("reads a local export list, not a re-export's names", async () => {
    const text = 'const a = 1;\nexport { a, a as b };\nexport { c } from "./c";\n';
    expect(await reads(text, "typescript", "export {")).toEqual(["a"]);
  });
});

describe("a move judged by scope", () => {
  const move = (source: string, symbol: string, destPath = "src/lib/moved.ts") =>
    planMove("typescript", { sourcePath: "src/a.ts", source, destPath, dest: "" }, symbol, (t) =>
      planScriptImports({ ...t, lang: "typescript" }),
    );

  it("does not import the unit back for a local or a shorthand property that shares its name (noUnusedLocals)", async () => {
    const source = [
      "export const cx = (...names: string[]) => names.join(' ');",
      "",
      "export const make = () => {",
      "  const cx = () => 1;",
      "  return { cx };",
      "};",
      "",
    ].join("\n");
    const plan = await move(source, "cx");
    // (The helper cuts the unit alone; a move takes its blank line too.)
    expect(plan.source.trimStart()).toBe(
      "export const make = () => {\n  const cx = () => 1;\n  return { cx };\n};\n",
    );
    expect(plan.changes.join("\n")).not.toContain("imports cx");
  });

  it("drops an import the unit took though another function has a local of its name; keeps one still read", async () => {
    const source = [
      'import { parse, format } from "./text";',
      "",
      "export function read(s: string) {",
      "  return parse(s);",
      "}",
      "",
      "export function other(parse: (s: string) => number) {",
      "  return format(parse('1'));",
      "}",
      "",
    ].join("\n");
    const plan = await move(source, "read");
    expect(plan.source.split("\n")[0]).toBe('import { format } from "./text";');
    expect(plan.destination.split("\n")[0]).toBe('import { parse } from "../text";');
  });
});
