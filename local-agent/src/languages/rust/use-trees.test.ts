import { describe, expect, it } from "vitest";
import {
  layUseTree,
  leavesOf,
  parseUseTree,
  printUseTree,
  pruneUseTree,
  type UseTree,
} from "./use-trees.ts";

const tree = (text: string): UseTree => {
  const t = parseUseTree(text);
  if (!t) throw new Error(`not a use tree: ${text}`);
  return t;
};
const without = (text: string, ...names: string[]) =>
  pruneUseTree(tree(text), (leaf) => names.includes(leaf.binding));

describe("Rust use trees, at any depth", () => {
  it("reads a tree and writes it back on one line", () => {
    for (const text of [
      "std::{collections::{BTreeMap, HashSet}, fmt::{self, Display}}",
      "crate::util::slug as s",
      "super::*",
      "::std::io::Read",
      "{a, b::c}",
      "r#type::{r#match, Other}",
    ])
      expect(printUseTree(tree(text))).toBe(text);
    expect(printUseTree(tree("std::{\n    fmt,\n    io::Read,\n}"))).toBe("std::{fmt, io::Read}");
  });

  it("refuses what is not a use tree", () => {
    for (const text of ["std::{fmt", "a::b c", "a as", "a::{b}}", "a; b", ""])
      expect(parseUseTree(text)).toBeUndefined();
  });

  it("names what each leaf binds: its alias, its last segment, the module for self, * for a glob", () => {
    expect(leavesOf(tree("std::{fmt::{self, Display as D}, io::*}"))).toEqual([
      { segments: ["std", "fmt", "self"], glob: false, binding: "fmt" },
      { segments: ["std", "fmt", "Display"], glob: false, binding: "D", alias: "D" },
      { segments: ["std", "io"], glob: true, binding: "*" },
    ]);
  });

  it("takes names out at any depth, a list left with one item written as it, nothing left as nothing", () => {
    const text = "std::{collections::{BTreeMap, HashSet}, fmt::{self, Display}}";
    expect(printUseTree(without(text, "HashSet") as UseTree)).toBe(
      "std::{collections::BTreeMap, fmt::{self, Display}}",
    );
    expect(printUseTree(without(text, "HashSet", "Display") as UseTree)).toBe(
      "std::{collections::BTreeMap, fmt}",
    );
    expect(printUseTree(without(text, "BTreeMap", "HashSet") as UseTree)).toBe(
      "std::fmt::{self, Display}",
    );
    expect(
      printUseTree(without("crate::{stats::{counts, distinct, Label}}", "distinct") as UseTree),
    ).toBe("crate::stats::{counts, Label}");
    expect(without(text, "BTreeMap", "HashSet", "fmt", "Display")).toBeUndefined();
    const untouched = tree(text);
    expect(pruneUseTree(untouched, () => false)).toBe(untouched);
  });

  it("lays a use out as rustfmt does (its output, 1.9)", () => {
    const lay = (text: string, lead = "use ") => `${lead}${layUseTree(tree(text), lead)};`;
    expect(lay("std::{collections::BTreeMap, fmt::{self, Display}}")).toBe(
      "use std::{\n    collections::BTreeMap,\n    fmt::{self, Display},\n};",
    );
    expect(lay("std::{collections::BTreeMap, fmt::Display}")).toBe(
      "use std::{collections::BTreeMap, fmt::Display};",
    );
    expect(
      lay(
        "aaaaaaaaaaaaaaaaaaaaaaa::{bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, ccccccccccccccccccccccc, dddddddddddddddddddddddd, eeeeeeeee}",
      ),
    ).toBe(
      "use aaaaaaaaaaaaaaaaaaaaaaa::{\n    bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, ccccccccccccccccccccccc, dddddddddddddddddddddddd,\n    eeeeeeeee,\n};",
    );
    expect(lay("a::{b::{c, d}, e}", "    pub use ")).toBe(
      "    pub use a::{\n        b::{c, d},\n        e,\n    };",
    );
  });
});
