import { describe, expect, it } from "vitest";
import {
  addModule,
  declaringFile,
  modulePathOf,
  resolvePath,
  rewriteRustImporter,
  writePath,
} from "../src/imports/rust-modules.ts";

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
      'use crate::util::{keep};\nuse crate::text::slug;\n\nfn f() { keep(slug("x")); }\n',
    );
  });
});
