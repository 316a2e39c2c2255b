import { describe, expect, it } from "vitest";
import {
  addModule,
  addUse,
  archBrings,
  bindingsOf,
  declaringFile,
  inlineModules,
  modulePathOf,
  type RustContext,
  reexportWords,
  resolvePath,
  rewriteRustImporter,
  rustCode,
  rustMoveOf,
  rustPublicPaths,
  rustReexport,
  scopeOf,
  sharedModule,
  unitCfg,
  variantsOf,
  visibilityFor,
  writePath,
} from "./modules.ts";

const context = {
  src: "src",
  files: [
    { path: "src/main.rs", text: "mod a;\nmod util;\n" },
    { path: "src/a/mod.rs", text: "pub mod b;\n" },
    { path: "src/a/b.rs", text: "" },
    { path: "src/util.rs", text: "" },
  ],
};
const isModule = (p: readonly string[]) =>
  ["a", "a::b", "util"].includes(p.join("::")) || p.length === 0;

describe("Rust's modules without parsing", () => {
  it("names a file's module from the crate's src, the root as the empty path", () => {
    expect(modulePathOf("src/main.rs", "src")).toEqual([]);
    expect(modulePathOf("src/a/mod.rs", "src")).toEqual(["a"]);
    expect(modulePathOf("src/a/b.rs", "src")).toEqual(["a", "b"]);
    expect(modulePathOf("src/bin/tool.rs", "src")).toBeUndefined();
    expect(modulePathOf("tests/it.rs", "src")).toBeUndefined();
  });

  it("finds the file that declares a module: the crate root, a parent's file or its mod.rs", () => {
    expect(declaringFile(["text"], context)).toBe("src/main.rs");
    expect(declaringFile(["a", "c"], context)).toBe("src/a/mod.rs");
    expect(declaringFile(["x", "y"], context)).toBeUndefined();
  });

  it("resolves crate::, self::, super:: and bare paths, and writes a target back in the importer's form", () => {
    expect(resolvePath(["crate", "util"], ["a", "b"], isModule)).toEqual(["util"]);
    expect(resolvePath(["super", "super", "util"], ["a", "b"], isModule)).toEqual(["util"]);
    expect(resolvePath(["self", "b"], ["a"], isModule)).toEqual(["a", "b"]);
    expect(resolvePath(["util"], [], isModule)).toEqual(["util"]);
    expect(resolvePath(["std", "io"], ["a"], isModule)).toBeUndefined();
    expect(writePath(["text"], ["a", "b"], "super")).toBe("super::super::text");
    expect(writePath(["a", "text"], ["a"], "self")).toBe("self::text");
    expect(writePath(["text"], [], "bare")).toBe("text");
    expect(writePath(["text"], ["a"], "bare")).toBe("crate::text");
  });

  it("declares a module below the file's last mod, and rewrites a grouped use, keeping what stays", () => {
    expect(addModule("mod a;\nmod util;\n\nfn main() {}\n", "text", "")).toBe(
      "mod a;\nmod util;\nmod text;\n\nfn main() {}\n",
    );
    const done = rewriteRustImporter(
      {
        path: "src/a/b.rs",
        text: 'use crate::util::{keep, slug};\n\nfn f() { keep(slug("x")); }\n',
      },
      { oldModule: ["util"], newModule: ["text"], names: ["slug"] },
      context,
    );
    expect(done?.text).toBe(
      'use crate::util::keep;\nuse crate::text::slug;\n\nfn f() { keep(slug("x")); }\n',
    );
    // The line split off keeps the attributes of the one it comes from; `self` alone is the module.
    const gated = rewriteRustImporter(
      {
        path: "src/a/b.rs",
        text: "#[cfg(unix)]\nuse crate::util::{self, slug};\n\nfn f() {}\n",
      },
      { oldModule: ["util"], newModule: ["text"], names: ["slug"] },
      context,
    );
    expect(gated?.text).toBe(
      "#[cfg(unix)]\nuse crate::util;\n#[cfg(unix)]\nuse crate::text::slug;\n\nfn f() {}\n",
    );
  });

  it("adds a use or a mod at the file's top level, never into an inline module", () => {
    const text =
      "use std::fmt;\n\nfn f() {}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    const C: char = '{';\n}\n";
    expect(addUse(text, "use crate::text::slug;")).toBe(
      text.replace("use std::fmt;\n", "use std::fmt;\nuse crate::text::slug;\n"),
    );
    expect(addModule(text, "text", "")).toBe(
      text.replace("use std::fmt;\n", "use std::fmt;\nmod text;\n"),
    );
  });

  it("says what a visibility opens an item to, and writes the narrowest that opens it to a module", () => {
    expect(scopeOf("", ["a", "b"])).toEqual(["a", "b"]);
    expect(scopeOf("pub", ["a"])).toBeUndefined();
    expect(scopeOf("pub(crate)", ["a", "b"])).toEqual([]);
    expect(scopeOf("pub(super)", ["a", "b"])).toEqual(["a"]);
    expect(scopeOf("pub(in crate::a)", ["a", "b", "c"])).toEqual(["a"]);
    expect(sharedModule(["a", "b"], ["a", "c"])).toEqual(["a"]);
    expect(sharedModule(["eval"], ["matches"])).toEqual([]);
    expect(visibilityFor([], ["eval"])).toBe("pub(crate)");
    expect(visibilityFor(["a"], ["a", "b"])).toBe("pub(super)");
    expect(visibilityFor(["a"], ["a", "b", "c"])).toBe("pub(in crate::a)");
    expect(visibilityFor(["a", "b"], ["a", "b"])).toBe("");
  });

  it("lists what a glob of a module may bring: its top-level items and uses, functions at any depth", () => {
    const text =
      "pub(crate) trait Ext {\n    fn strip(&self);\n}\npub(crate) use crate::alloc::vec::Vec;\nmod inner {\n    pub struct Hidden;\n}\n";
    expect([...bindingsOf(text)].sort()).toEqual(["Ext", "Vec", "inner", "strip"]);
  });

  it("lists what a glob of an enum brings: its variants, whatever they hold; nothing for no such enum", () => {
    const text =
      "/// What more.\n#[derive(Debug)]\npub enum Needed {\n    /// Not known.\n    Unknown,\n    #[allow(unused)]\n    Size(NonZeroUsize),\n    Span { from: u8, to: u8 },\n    Last = 3,\n}\nmod inner {\n    enum Hidden { A }\n}\n";
    expect(variantsOf(text, "Needed")).toEqual(["Unknown", "Size", "Span", "Last"]);
    expect(variantsOf(text, "Hidden")).toBeUndefined();
    expect(variantsOf(text, "Need")).toBeUndefined();
  });

  it("tells what a glob of x86's intrinsics brings: names that begin with _, and cpuid's; others unknown", () => {
    const x86 = archBrings(["std", "arch", "x86_64"]);
    expect(["_mm256_and_si256", "__m128i", "CpuidResult", "has_cpuid"].every((n) => x86?.(n))).toBe(
      true,
    );
    expect(["_", "Mask", "load"].some((n) => x86?.(n))).toBe(false);
    expect(archBrings(["core", "arch", "x86"])?.("_rdtsc")).toBe(true);
    expect(archBrings(["core", "arch", "aarch64"])).toBeUndefined();
    expect(archBrings(["std", "arch"])).toBeUndefined();
    expect(archBrings(["crate", "arch", "x86_64"])).toBeUndefined();
  });

  it("finds a library's public paths through the old module: pub items of modules public from lib.rs", () => {
    const lib = (root: string, util: string) => ({
      src: "src",
      files: [
        { path: "src/lib.rs", text: root },
        { path: "src/util.rs", text: util },
      ],
    });
    const move = { oldModule: ["util"], newModule: ["text"], names: ["slug", "lower"] };
    const unit = "/// Slugs.\npub fn slug() {}\n\npub(crate) fn lower() {}\n";
    expect(rustPublicPaths(move, lib("pub mod util;\n", ""), unit)).toEqual([
      {
        names: ["slug"],
        through:
          "crates that depend on this library: may read slug by its public path (crate::util)",
      },
    ]);
    // A private module, a binary crate: no path other crates use.
    expect(rustPublicPaths(move, lib("mod util;\n", ""), unit)).toEqual([]);
    expect(
      rustPublicPaths(
        move,
        { src: "src", files: [{ path: "src/main.rs", text: "pub mod util;\n" }] },
        unit,
      ),
    ).toEqual([]);
  });

  it("blanks nested block comments and raw strings whole", () => {
    const text =
      '/* a /* nested */ still comment */\nconst R: &str = r#"a "quoted" b"#;\nfn f() {}\n';
    const code = rustCode(text);
    expect(code).toHaveLength(text.length);
    expect(code).not.toContain("still comment");
    expect(code).not.toContain("quoted");
    expect(code).toContain("fn f() {}");
  });

  it("blanks a string whose line ends in an escape whole, and a char literal: the code after them stays code", () => {
    const text =
      "fn m() -> &'static str {\n    \"not available \\\n     (the feature)\"\n}\n\nfn q() -> char {\n    '\"'\n}\n\nfn f() {\n    use crate::tables::NAMES;\n}\n";
    const code = rustCode(text);
    expect(code).toHaveLength(text.length);
    expect(code).toContain("    use crate::tables::NAMES;");
    expect(code).not.toContain("not available");
  });

  it("declares a new module outside the old one under the old one's #[cfg], and inside it without", () => {
    const context: RustContext = {
      src: "src",
      files: [
        {
          path: "src/lib.rs",
          text: '#[cfg(feature = "bool")]\n#[allow(dead_code)]\npub mod tables;\npub mod unicode;\n',
        },
        { path: "src/tables.rs", text: "pub const NAMES: &[&str] = &[];\n" },
        { path: "src/unicode.rs", text: "" },
      ],
    };
    expect(rustMoveOf("src/tables.rs", "src/names.rs", ["NAMES"], context)?.declare).toEqual({
      path: "src/lib.rs",
      name: "names",
      // The crate's own: the old module re-exports what other crates read (rustPublicPaths).
      visibility: "pub(crate) ",
      attributes: '#[cfg(feature = "bool")]\n',
    });
    expect(
      rustMoveOf("src/tables.rs", "src/tables/names.rs", ["NAMES"], context)?.declare?.attributes,
    ).toBeUndefined();
    expect(addModule("pub mod unicode;\n", "names", "pub ", '#[cfg(feature = "bool")]\n')).toBe(
      'pub mod unicode;\n#[cfg(feature = "bool")]\npub mod names;\n',
    );
  });
});

describe("the old module's re-export of a unit built for some configurations (itertools' join)", () => {
  const unit = `/// Joins.\n///\n/// \`\`\`\n/// x\n/// \`\`\`\n#[cfg(feature = "use_alloc")]\n#[must_use]\npub fn join() {}\n`;

  it("reads the unit's #[cfg] among its attributes and doc comments", () => {
    expect(unitCfg(unit)).toBe('#[cfg(feature = "use_alloc")]\n');
    expect(unitCfg("pub fn plain() {}\n")).toBe("");
    expect(unitCfg('/// Old.\n#[deprecated(note = "use runs")]\npub fn visual_runs() {}\n')).toBe(
      "#[allow(deprecated)]\n",
    );
  });

  it("re-exports it under that #[cfg]: where it is not built, no path names it", () => {
    expect(
      rustReexport("use std::fmt;\n\npub fn keep() {}\n", ["join"], ["join"], "pub", unitCfg(unit)),
    ).toBe(
      'use std::fmt;\n#[cfg(feature = "use_alloc")]\npub use crate::join::join;\n\npub fn keep() {}\n',
    );
  });
});

describe("reexportWords", () => {
  const words = (text: string, wanted: "pub" | "pub(crate)" = "pub") =>
    reexportWords(["new"], text, ["buf", "limit"], ["buf", "new"], wanted);

  it("re-exports no wider than the item is declared in its new module (E0364)", () => {
    expect(words("pub(super) fn new() {}\n")).toBe("pub(super)");
    expect(words("pub(crate) fn new() {}\n")).toBe("pub(crate)");
    expect(words("pub(in crate::buf) const fn new() {}\n")).toBe("pub(super)");
    expect(words("fn new() {}\n")).toBe("");
  });

  it("as wide as asked for where the item is pub, or not found", () => {
    expect(words("pub fn new() {}\n")).toBe("pub");
    expect(words("pub fn new() {}\n", "pub(crate)")).toBe("pub(crate)");
    expect(words("// fn new() {}\n")).toBe("pub");
  });

  it("names an ancestor further up by its path", () => {
    expect(
      reexportWords(["T"], "pub(in crate::a) struct T;\n", ["a", "b", "c"], ["a", "d"], "pub"),
    ).toBe("pub(in crate::a)");
  });
});

describe("inlineModules", () => {
  it("names the inline modules around an offset, outermost first, and no function's or impl's braces", () => {
    const code =
      "mod a {\n    pub mod b {\n        use super::x;\n    }\n    fn f() { let y = 1; }\n}\nimpl T { fn g() {} }\nuse z;\n";
    const at = inlineModules(code);
    expect(at(code.indexOf("use super"))).toEqual(["a", "b"]);
    expect(at(code.indexOf("let y"))).toEqual(["a"]);
    expect(at(code.indexOf("fn g"))).toEqual([]);
    expect(at(code.indexOf("use z"))).toEqual([]);
    const raw = "pub mod r#type {\n    use super::x;\n}\nfoo_mod {}\n";
    expect(inlineModules(raw)(raw.indexOf("use super"))).toEqual(["type"]);
    expect(inlineModules("struct remod { a: u8 }")(15)).toEqual([]);
  });

  it("reads a file of braces alone a brace at a time (a look back of words, not of the text)", () => {
    const n = 200_000;
    const code = `mod a { ${"{".repeat(n)}${"}".repeat(n)} }`;
    expect(inlineModules(code)(8 + n)).toEqual(["a"]);
  });
});
