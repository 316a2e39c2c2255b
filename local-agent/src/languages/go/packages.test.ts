import { describe, expect, it } from "vitest";
import { syntaxError, syntaxFaults } from "../../syntax/select.ts";
import {
  headerOf,
  importGraph,
  importPathOf,
  importsOf,
  packageClause,
  packageNameFor,
  packageOf,
  pathBetween,
  replacesWith,
} from "./packages.ts";

const MODULE = { path: "example.com/app", dir: "" };

describe("Go's packages without parsing", () => {
  it("reads a package clause past comments, and none in a file without one", () => {
    expect(packageClause("// Package util helps.\n/* more */\npackage util\n")).toBe("util");
    expect(packageClause('import "strings"\n\nfunc A() {}\n')).toBeUndefined();
    expect(packageClause('// package fake\nvar s = "package no"\n')).toBeUndefined();
  });

  it("reads single, grouped, aliased, dot and blank imports, not strings that look like them", () => {
    const text = `package a

import "fmt"
import (
\t"strings"
\tstr "example.com/app/text" // aliased
\t. "example.com/app/dot"
\t_ "embed"
)

var s = "import \\"nope\\""
`;
    expect(importsOf(text)).toEqual([
      { path: "fmt", alias: undefined },
      { path: "strings", alias: undefined },
      { path: "example.com/app/text", alias: "str" },
      { path: "example.com/app/dot", alias: "." },
      { path: "embed", alias: "_" },
    ]);
  });

  it("keeps of a file what the import graph needs: its clause and imports, up to its first declaration", () => {
    const text = 'package a\n\nimport "fmt"\n\n// A says.\nfunc A() { fmt.Println("func B") }\n';
    expect(headerOf(text)).toBe('package a\n\nimport "fmt"\n\n// A says.\n');
    expect(headerOf("package a\n")).toBe("package a\n");
  });

  it("names a directory's import path from go.mod, and none outside the module", () => {
    expect(importPathOf("", MODULE)).toBe("example.com/app");
    expect(importPathOf("util/text", MODULE)).toBe("example.com/app/util/text");
    expect(importPathOf("svc/util", { path: "example.com/svc", dir: "svc" })).toBe(
      "example.com/svc/util",
    );
    expect(importPathOf("other/util", { path: "example.com/svc", dir: "svc" })).toBeUndefined();
    expect(importPathOf("util", undefined)).toBeUndefined();
  });

  it("takes a directory's package from its files, not from an external test's, else its name", () => {
    const files = [
      { path: "util/a_test.go", text: "package util_test\n" },
      { path: "util/a.go", text: "package helpers\n" },
    ];
    expect(packageOf("util", files)).toBe("helpers");
    expect(packageOf("none", files)).toBeUndefined();
    expect(packageNameFor("pkg/go-kit")).toBe("gokit");
    expect(packageNameFor("v2/3d")).toBe("p3d");
    // ivy's scan/type: a keyword is no package name.
    expect(packageNameFor("scan/type")).toBe("ptype");
    expect(packageNameFor("lang/func")).toBe("pfunc");
    // A directory `main` would hold a program, which no package imports.
    expect(packageNameFor("cmd/main")).toBe("pmain");
  });

  it("finds the way a new import would close a cycle, through a third package", () => {
    const graph = importGraph({
      module: MODULE,
      files: [
        { path: "a/a.go", text: 'package a\n\nimport "example.com/app/b"\n' },
        { path: "b/b.go", text: 'package b\n\nimport "example.com/app/c"\n' },
        { path: "c/c.go", text: "package c\n" },
        // An external test may import anything: no edge.
        { path: "c/c_test.go", text: 'package c_test\n\nimport "example.com/app/a"\n' },
      ],
    });
    expect(pathBetween(graph, "a", "c")).toEqual(["a", "b", "c"]);
    expect(pathBetween(graph, "c", "a")).toBeUndefined();
  });
});

describe("the syntax guard on Go's outline", () => {
  it("faults a Go file with declarations and no package clause, which tree-sitter parses and go build refuses", async () => {
    const headless = 'import "strings"\n\nfunc A() string { return strings.ToLower("A") }\n';
    expect(await syntaxFaults(headless, "go")).toEqual([
      { line: 1, text: 'missing package clause before import "strings"' },
    ]);
    expect(await syntaxError(headless, "go")).toBe(1);
    expect(await syntaxFaults(`package a\n\n${headless}`, "go")).toEqual([]);
    expect(await syntaxError("// just a comment\n", "go")).toBeUndefined();
  });
});

describe("other modules that build with this one's directory", () => {
  it("knows a go.mod that replaces the module with its directory, alone or in a block, and no other", () => {
    const mod = "example.com/app";
    expect(replacesWith(`module x\n\nreplace ${mod} => ../\n`, "tools", mod, "")).toBe(true);
    expect(
      replacesWith(`module x\n\nreplace (\n\t${mod} v1.2.0 => ../..\n)\n`, "a/b", mod, ""),
    ).toBe(true);
    expect(replacesWith(`module x\n\nreplace ${mod} => ./app\n`, "", mod, "app")).toBe(true);
    // A published version, another module's directory, a commented-out line: not this one.
    expect(replacesWith(`module x\n\nrequire ${mod} v2.0.6\n`, "arc", mod, "")).toBe(false);
    expect(replacesWith(`module x\n\nreplace ${mod} => ../other\n`, "arc", mod, "")).toBe(false);
    expect(replacesWith(`module x\n\n// replace ${mod} => ../\n`, "arc", mod, "")).toBe(false);
    expect(
      replacesWith(`module x\n\nreplace ${mod} => example.com/fork v1.0.0\n`, "arc", mod, ""),
    ).toBe(false);
  });
});
