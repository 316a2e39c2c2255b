import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languageNamed, languageOf } from "../src/syntax/languages.ts";
import { select, syntaxError, unitsOf } from "../src/syntax/select.ts";
import { decodeText } from "../src/text-file.ts";

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "fixtures", "src", name), "utf8");

/** The text `focus` selects in fixture `name`, or the failure. */
async function focus(name: string, symbol: string, text = fixture(name)) {
  const r = await select(text, { focus: symbol }, languageOf(name), name);
  return r.ok ? { ...r.value, text: text.slice(r.value.start, r.value.end) } : r.error;
}

async function names(name: string) {
  const text = fixture(name);
  const lang = languageOf(name);
  if (!lang) throw new Error(name);
  return (await unitsOf(text, lang)).map((s) => s.name);
}

describe("languages", () => {
  it("picks a grammar or a data format by extension, or by name", () => {
    expect(
      [
        "a.ts",
        "b.tsx",
        "c.mjs",
        "d.py",
        "e.go",
        "f.rs",
        "G.java",
        "h.md",
        "i.YML",
        "j.jsonc",
        "k.toml",
        "l.txt",
        "dir.ts/x",
      ].map(languageOf),
    ).toEqual([
      "typescript",
      "tsx",
      "javascript",
      "python",
      "go",
      "rust",
      "java",
      "markdown",
      "yaml",
      "json",
      "toml",
      undefined,
      undefined,
    ]);
    expect([languageNamed("Python"), languageNamed(".rs"), languageNamed("cobol")]).toEqual([
      "python",
      "rust",
      undefined,
    ]);
  });
});

describe("focus in TypeScript", () => {
  it("lists classes, members, interfaces, types, enums and variables, qualified", async () => {
    expect(await names("store.ts")).toEqual(
      expect.arrayContaining([
        "Component",
        "Store",
        "Store.path",
        "Store.constructor",
        "Store.parse",
        "Store.load",
        "Store.Nested",
        "Record",
        "Id",
        "Level",
        "LIMIT",
        "OTHER",
        "parse",
      ]),
    );
    expect(await names("store.ts")).not.toContain("parse.helper");
  });

  it("takes a class whole, with its doc comment and decorator, not the unattached comment", async () => {
    const r = await focus("store.ts", "Store");
    expect(r).toMatchObject({
      start_line: 10,
      end_line: 38,
      how: "focus",
      symbol: "Store (class)",
    });
    if ("text" in r) {
      expect(r.text.startsWith("/**\n * Keeps parsed records.")).toBe(true);
      expect(r.text).toContain('@Component({ name: "store" })\nexport class Store {');
      expect(r.text.endsWith("  };\n}\n")).toBe(true);
    }
  });

  it("takes a method as whole lines, with its indentation and doc comment", async () => {
    const r = await focus("store.ts", "Store.load");
    expect(r).toMatchObject({ start_line: 30, end_line: 33 });
    if ("text" in r)
      expect(r.text).toBe(`${fixture("store.ts").split("\n").slice(29, 33).join("\n")}\n`);
  });

  it("takes a TypeScript value and the type of its name beside it as one unit (ts-pattern's symbols)", async () => {
    const text = [
      "export const matcher = Symbol.for('@ts-pattern/matcher');",
      "export type matcher = typeof matcher;",
      "",
      "export const unset = Symbol.for('@ts-pattern/unset');",
      "export type unset = typeof unset;",
      "",
      "export interface Shape {",
      "  kind: string;",
      "}",
      "export const other = 1;",
      "export const Shape = (kind: string): Shape => ({ kind });",
      "",
    ].join("\n");
    expect(await select(text, { focus: "matcher" }, "typescript", "s.ts")).toMatchObject({
      ok: true,
      value: { start_line: 1, end_line: 2 },
    });
    expect(await select(text, { focus: "unset" }, "typescript", "s.ts")).toMatchObject({
      ok: true,
      value: { start_line: 4, end_line: 5 },
    });
    // Apart, with code between, they are two: the locator asks which.
    expect(await select(text, { focus: "Shape" }, "typescript", "s.ts")).toMatchObject({
      ok: false,
      error: { code: "SYMBOL_AMBIGUOUS" },
    });
  });

  it("takes TypeScript overloads as one unit: the signatures and the implementation", async () => {
    const r = await focus("store.ts", "Store.parse");
    expect(r).toMatchObject({ start_line: 22, end_line: 28 });
    if ("text" in r)
      expect(r.text.startsWith("  /** Parses one line. */\n  parse(line: string)")).toBe(true);
    // rxjs's shape: exported overloads of a function, each signature with its own doc comment.
    const text = [
      "/** @deprecated */",
      "export function scan<V>(acc: (a: V) => V): OperatorFunction<V, V>;",
      "/** With a seed. */",
      "export function scan<V, S>(acc: (a: S, v: V) => S, seed: S): OperatorFunction<V, S>;",
      "/* tslint:enable:max-line-length */",
      "",
      "export function scan(acc: any, seed?: any): any {",
      "  return acc;",
      "}",
      "export function other(): void;",
      "export const x = 1;",
      "",
    ].join("\n");
    expect(await select(text, { focus: "scan" }, "typescript", "scan.ts")).toMatchObject({
      ok: true,
      value: { start_line: 1, end_line: 9 },
    });
    // A signature with no implementation after it (an ambient declaration) is a unit of its own.
    expect(await select(text, { focus: "other" }, "typescript", "scan.ts")).toMatchObject({
      ok: true,
      value: { start_line: 10, end_line: 10 },
    });
  });

  it("prefers the exact name over members that end with it; one declaration for several names", async () => {
    expect(await focus("store.ts", "parse")).toMatchObject({ start_line: 55, end_line: 58 });
    expect(await focus("store.ts", "OTHER")).toMatchObject({ start_line: 52, end_line: 53 });
  });

  it("names the nearest symbols when the name is wrong", async () => {
    const r = await focus("store.ts", "Store.lod");
    expect(r).toMatchObject({ code: "SYMBOL_NOT_FOUND" });
    if ("message" in r) expect(r.message).toContain("Store.load");
  });

  it("keeps variables inside arrow functions and callbacks local", async () => {
    const text =
      "export const b = () => {\n  const inner = 2;\n  return inner;\n};\nitems.forEach((x) => {\n  const result = x;\n});\n";
    const symbols = await unitsOf(text, "typescript");
    expect(symbols.map((s) => s.name)).toEqual(["b"]);
  });

  it("works in TSX and JavaScript", async () => {
    expect(await focus("widget.tsx", "Button")).toMatchObject({ start_line: 3, end_line: 6 });
    expect(await focus("widget.tsx", "Panel")).toMatchObject({ start_line: 8, end_line: 8 });
    expect(await focus("legacy.js", "Greeter.greet")).toMatchObject({ start_line: 7, end_line: 9 });
    expect(await focus("legacy.js", "greet")).toMatchObject({ start_line: 1, end_line: 4 });
  });
});

describe("focus in Python, Go, Rust, Java", () => {
  it("Python: decorators, nested classes, names in strings and comments ignored", async () => {
    const r = await focus("shapes.py", "Circle");
    expect(r).toMatchObject({ start_line: 12, end_line: 27 });
    if ("text" in r)
      expect(r.text.startsWith("# The circle class.\n@dataclass\nclass Circle:")).toBe(true);
    expect(await focus("shapes.py", "Circle.area")).toMatchObject({ start_line: 19, end_line: 21 });
    expect(await focus("shapes.py", "Circle.Meta.area")).toMatchObject({
      start_line: 26,
      end_line: 27,
    });
    expect(await focus("shapes.py", "area")).toMatchObject({ start_line: 7, end_line: 9 });
    expect(await focus("shapes.py", "Meta.area")).toMatchObject({ start_line: 26, end_line: 27 });
    expect(await focus("shapes.py", "RATE")).toMatchObject({ start_line: 4, end_line: 4 });
    expect(await names("shapes.py")).not.toContain("helper.text");
  });

  it("Go: methods by receiver, types, doc comments", async () => {
    const r = await focus("store.go", "Store.Load");
    expect(r).toMatchObject({ start_line: 10, end_line: 14, symbol: "Store.Load (method)" });
    expect(await focus("store.go", "Store")).toMatchObject({ start_line: 5, end_line: 8 });
    expect(await focus("store.go", "Default")).toMatchObject({ start_line: 20, end_line: 22 });
  });

  it("TypeScript: a class merged with an interface is one unit; with something declared between them, the class (a move takes the rest along)", async () => {
    const merged = [
      "export default class Schema {}",
      "",
      "create.prototype = Schema.prototype;",
      "",
      "// its interface",
      "export default interface Schema {",
      "  extra?: number;",
      "}",
      "",
    ].join("\n");
    expect(await focus("schema.ts", "Schema", merged)).toMatchObject({
      start_line: 1,
      end_line: 8,
      symbol: "Schema (class)",
    });
    const apart = merged.replace("create.prototype", "export const other = 1;\ncreate.prototype");
    expect(await focus("schema.ts", "Schema", apart)).toMatchObject({
      start_line: 1,
      end_line: 1,
      symbol: "Schema (class)",
    });
    // Interfaces alone merge as they are declared: which one is meant is asked.
    const interfaces = apart.replace("export default class Schema {}", "interface Schema {}");
    expect(await focus("schema.ts", "Schema", interfaces)).toMatchObject({
      code: "SYMBOL_AMBIGUOUS",
    });
  });

  it("Rust: attributes, impl items by type, traits", async () => {
    const r = await focus("store.rs", "Record");
    expect(r).toMatchObject({ start_line: 3, end_line: 7 });
    expect(await focus("store.rs", "Record.parse")).toMatchObject({ start_line: 10, end_line: 13 });
    expect(await focus("store.rs", "Record.fmt")).toMatchObject({ start_line: 17, end_line: 19 });
    expect(await focus("store.rs", "Parser.parse")).toMatchObject({ start_line: 23, end_line: 23 });
    // A comment trailing an attribute is the attribute's: both go with the item.
    const trailed = "use std::fmt;\n\n#[cfg(unix)] // rustc <1.45\npub(crate) trait Ext {}\n";
    expect(await focus("ext.rs", "Ext", trailed)).toMatchObject({ start_line: 3, end_line: 4 });
  });

  it("Java: annotations, Javadoc, overloads, inner classes", async () => {
    expect(await focus("Store.java", "Store")).toMatchObject({ start_line: 5, end_line: 28 });
    expect(await focus("Store.java", "Store.parse")).toMatchObject({ code: "SYMBOL_AMBIGUOUS" });
    expect(await focus("Store.java", "Store.Inner.run")).toMatchObject({
      start_line: 26,
      end_line: 26,
    });
    expect(await focus("Store.java", "Store.path")).toMatchObject({ start_line: 8, end_line: 9 });
  });
});

describe("focus on CRLF files and files with a BOM", () => {
  it("keeps offsets exact in CRLF text", async () => {
    const crlf = fixture("shapes.py").replaceAll("\n", "\r\n");
    const r = await focus("shapes.py", "helper", crlf);
    expect(r).toMatchObject({ start_line: 30, end_line: 32 });
    if ("text" in r)
      expect(r.text).toBe(
        'def helper():\r\n    text = "def area(r): in a string"\r\n    return text\r\n',
      );
  });

  it("selects in the text after the BOM, as the agent decodes it", async () => {
    const bytes = new TextEncoder().encode(`\uFEFF// é😀\nexport function f() {\n  return 1;\n}\n`);
    const decoded = decodeText(bytes);
    if (!decoded.ok) throw new Error(decoded.reason);
    const r = await focus("x.ts", "f", decoded.file.text);
    expect(r).toMatchObject({ start_line: 1, end_line: 4 });
    if ("text" in r) expect(r.text).toBe(decoded.file.text);
  });
});

describe("the syntax check", () => {
  it("finds the line of the first error, and none in clean files", async () => {
    for (const name of [
      "store.ts",
      "shapes.py",
      "store.go",
      "store.rs",
      "Store.java",
      "widget.tsx",
      "legacy.js",
    ]) {
      const lang = languageOf(name);
      if (lang) expect(await syntaxError(fixture(name), lang), name).toBeUndefined();
    }
    expect(await syntaxError("def f(:\n  pass\n", "python")).toBe(1);
    expect(await syntaxError("const a = 1;\nfunction f( {\n", "typescript")).toBe(2);
  });
});
