import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  describeDiagnostic,
  lineAt,
  newDiagnostics,
  within,
} from "../src/languages/diagnostics.ts";
import { goDiagnostics } from "../src/languages/go/check.ts";
import { javacDiagnostics } from "../src/languages/java/check.ts";
import { cargoDiagnostics } from "../src/languages/rust/check.ts";
import { missingOf } from "../src/languages/typescript/check.ts";

const d = (file: string, line: number, code: string, message: string): Diagnostic => ({
  file,
  line,
  code,
  message,
});

describe("which diagnostics a move made (the build guard's comparison)", () => {
  it("keeps only what the project did not have, as many times as it is new", () => {
    const before = [d("/p/a.ts", 3, "TS2322", "Type 'string' is not assignable to type 'number'.")];
    const after = [
      d("/p/a.ts", 9, "TS2322", "Type 'string' is not assignable to type 'number'."),
      d("/p/a.ts", 12, "TS2322", "Type 'string' is not assignable to type 'number'."),
      d("/p/b.ts", 1, "TS2305", "Module './a.js' has no exported member 'x'."),
    ];
    expect(newDiagnostics(before, after)).toEqual([after[1], after[2]]);
  });

  it("counts a warning each copy of an attribute says again once: new only where the crate did not say it (rustc's unexpected cfg, textwrap's `fuzzing`)", () => {
    const cfg = (line: number, name: string) =>
      cargoDiagnostics(
        `src/lib.rs:${line}:7: warning: unexpected \`cfg\` condition name: \`${name}\``,
        "/p",
      );
    const before = cfg(229, "fuzzing");
    expect(before[0]?.repeats).toBe(true);
    expect(newDiagnostics(before, [...cfg(229, "fuzzing"), ...cfg(231, "fuzzing")])).toEqual([]);
    // Another name is another finding; and a warning of another kind counts each time.
    expect(newDiagnostics(before, [...before, ...cfg(231, "tarpaulin")])).toHaveLength(1);
    const unused = cargoDiagnostics("src/a.rs:3:5: warning: unused import: `x`", "/p");
    expect(newDiagnostics(unused, [...unused, ...unused])).toHaveLength(1);
  });

  it("takes a vet finding the project had for the same one once the type it names moved to another package (goawk's unkeyed Position literals)", () => {
    const vet = (line: number, type: string) =>
      goDiagnostics(
        `internal/resolver/resolve.go:${line}:13: ${type} composite literal uses unkeyed fields`,
        "/p",
      );
    const before = vet(181, "github.com/benhoyt/goawk/lexer.Position");
    expect(
      newDiagnostics(before, vet(181, "github.com/benhoyt/goawk/lexer/position.Position")),
    ).toEqual([]);
    // One more such literal, or one of another type, is new.
    const after = [
      ...vet(181, "example.com/position.Position"),
      ...vet(190, "example.com/ast.Pair"),
    ];
    expect(newDiagnostics(before, after)).toEqual([after[1]]);
    // A later vet's words (`struct literal`), and a generic type's arguments.
    const later = (type: string) =>
      goDiagnostics(`a/b.go:3:9: ${type}[int, string] struct literal uses unkeyed fields`, "/p");
    expect(
      newDiagnostics(later("example.com/lexer.Pair"), later("example.com/lexer/pair.Pair")),
    ).toEqual([]);
  });

  it("takes a gofmt finding on a line the move reworded for the one its file had there (lz4's unaligned struct, a qualifier renamed), and counts one more as new", () => {
    const fmt = (file: string, line: number, text: string): Diagnostic => ({
      ...d(file, line, "gofmt", `not laid out as gofmt would: ${text}`),
      layout: true,
    });
    const before = [
      fmt("/p/reader.go", 23, "src io.ReadCloser // source reader"),
      fmt("/p/reader.go", 24, "level lz4block.CompressionLevel // how hard to try"),
    ];
    const reworded = fmt(
      "/p/reader.go",
      24,
      "level compressionlevel.CompressionLevel // how hard to try",
    );
    expect(newDiagnostics(before, [before[0] as Diagnostic, reworded])).toEqual([]);
    // A line the move laid out badly besides is new; so is one in a file that had none.
    const more = fmt("/p/reader.go", 40, "x  int");
    const elsewhere = fmt("/p/writer.go", 3, "y  int");
    expect(newDiagnostics(before, [before[0] as Diagnostic, reworded, more, elsewhere])).toEqual([
      more,
      elsewhere,
    ]);
    // A line of other words is new though the file lost one (an import line dropped).
    const other = fmt("/p/reader.go", 30, "y := 2   // two");
    expect(newDiagnostics(before, [before[0] as Diagnostic, other])).toEqual([other]);
    // What the unit carried to another file matches there first; the reworded line still pairs.
    const carried = fmt("/p/new.go", 5, "src io.ReadCloser // source reader");
    expect(newDiagnostics(before, [carried, reworded])).toEqual([]);
    // Only layout findings pair so: another checker's reworded message is new.
    const vet = d("/p/reader.go", 24, "vet", "unreachable code");
    expect(newDiagnostics([d("/p/reader.go", 24, "vet", "other")], [vet])).toEqual([vet]);
  });

  it("matches within each file first: a generic message new in one file is not hidden by the same words another file had and keeps (javac's cannot find symbol)", () => {
    const generic = (file: string, line: number) => d(file, line, "", "cannot find symbol");
    const before = [generic("/p/ATest.java", 3), generic("/p/ATest.java", 9)];
    // The move broke Element.java; ATest.java's errors were there before and stay; one carried
    // from Old.java into New.java would cancel across files (below).
    const after = [generic("/p/Element.java", 32), ...before];
    expect(newDiagnostics(before, after)).toEqual([after[0]]);
    const carried = [d("/p/Old.java", 4, "", "incompatible types")];
    expect(newDiagnostics(carried, [d("/p/New.java", 2, "", "incompatible types")])).toEqual([]);
  });

  it("reads javac's `cannot find symbol` with the symbol and where it was looked for, so one is told from another", () => {
    const output = [
      "src/a/Element.java:32: error: cannot find symbol",
      "import static a.TextNode.lastCharIsWhitespace;",
      "^",
      "  symbol:   static lastCharIsWhitespace",
      "  location: class TextNode",
      "src/a/B.java:3: error: package org.junit does not exist",
      "1 error",
    ].join("\n");
    expect(javacDiagnostics(output)).toEqual([
      {
        file: "src/a/Element.java",
        line: 32,
        code: "",
        message:
          "cannot find symbol; symbol: static lastCharIsWhitespace; location: class TextNode",
        missing: undefined,
      },
      {
        file: "src/a/B.java",
        line: 3,
        code: "",
        message: "package org.junit does not exist",
        missing: "org.junit",
      },
    ]);
  });

  it("does not count an error the moved unit carries into another file, nor a shifted line", () => {
    const before = [
      d("/p/old.ts", 4, "TS2322", "Type 'number' is not assignable to type 'string'."),
    ];
    const after = [
      d("/p/new.ts", 2, "TS2322", "Type 'number' is not assignable to type 'string'."),
    ];
    expect(newDiagnostics(before, after)).toEqual([]);
  });

  it("does not refuse a move for what the project could not find before it (a clone never installed), only for what it newly cannot", () => {
    const cannot = (file: string, spec: string, missing: string) => ({
      ...d(
        file,
        1,
        "TS2307",
        `Cannot find module '${spec}' or its corresponding type declarations.`,
      ),
      missing,
    });
    const before = [
      cannot("/p/store.ts", "express", "express"),
      cannot("/p/store.ts", "./log", "/p/log"),
    ];
    // The moved unit's imports, carried into a new file: said again, not new.
    const carried = [
      ...before,
      cannot("/p/cache.ts", "express", "express"),
      cannot("/p/cache.ts", "./log", "/p/log"),
    ];
    expect(newDiagnostics(before, carried)).toEqual([]);
    // The same words from another folder name another file: new.
    const moved = cannot("/p/cli/cache.ts", "./log", "/p/cli/log");
    expect(newDiagnostics(before, [...before, moved])).toEqual([moved]);
  });

  it("knows which TypeScript diagnostics say only that something cannot be found", () => {
    expect(
      missingOf(
        2307,
        "Cannot find module './log' or its corresponding type declarations.",
        "/p/src/a.ts",
      ),
    ).toBe("/p/src/log");
    expect(
      missingOf(
        2307,
        "Cannot find module 'zod' or its corresponding type declarations.",
        "/p/a.ts",
      ),
    ).toBe("zod");
    const node = (name: string) =>
      missingOf(
        2591,
        `Cannot find name '${name}'. Do you need to install type definitions for node? Try \`npm i --save-dev @types/node\`.`,
        "/p/a.ts",
      );
    expect(node("process")).toBe(node("node:fs/promises"));
    expect(missingOf(2304, "Cannot find name 'Slug'.", "/p/a.ts")).toBeUndefined();
    // A file outside a project's rootDir: the project's setup, for a new file as for the old.
    const outside = (file: string, rootDir: string) =>
      missingOf(
        6059,
        `File '${file}' is not under 'rootDir' '${rootDir}'. 'rootDir' is expected to contain all source files.`,
        "/p/src/Map.ts",
      );
    expect(outside("/p/src/moved/partition.ts", "/p/dtslint")).toBe(
      outside("/p/src/Map.ts", "/p/dtslint"),
    );
    expect(outside("/p/lib/a.ts", "/p/src")).not.toBe(outside("/p/lib/a.ts", "/p/dtslint"));
  });

  it("compares messages whatever their spacing and final period, and by code", () => {
    const before = [d("/p/a.go", 1, "", "undefined:  Slug.")];
    expect(newDiagnostics(before, [d("/p/a.go", 7, "", "undefined: Slug")])).toEqual([]);
    expect(newDiagnostics(before, [d("/p/a.go", 7, "vet", "undefined: Slug")])).toHaveLength(1);
  });

  it("names no file outside the roots, nor what a checker says of it, and shows control characters as escapes", () => {
    const outside = within(["/p"])(d("/home/me/.secrets/x.ts", 3, "TS2322", "Type 'hunter2'…"));
    expect(outside).toEqual({
      file: "",
      line: 0,
      code: "TS2322",
      message: "in a file outside the agent's roots",
    });
    expect(within(["/p"])(d("/p/a.ts", 3, "", "m"))).toEqual(d("/p/a.ts", 3, "", "m"));
    expect(describeDiagnostic(d("/p/a.ts", 1, "", "x\u202ey"), (a) => a)).toBe(
      "/p/a.ts:1: x\\u{202e}y",
    );
  });

  it("numbers lines from 1, and names a diagnostic as file:line: code message, on one line and bounded", () => {
    expect(lineAt("a\nb\nc", 0)).toBe(1);
    expect(lineAt("a\nb\nc", 2)).toBe(2);
    expect(lineAt("a\nb\nc", 4)).toBe(3);
    const shown = (abs: string) => abs.replace("/p/", "");
    expect(describeDiagnostic(d("/p/b.ts", 3, "TS2305", "No\n  such   member."), shown)).toBe(
      "b.ts:3: TS2305 No such member.",
    );
    expect(describeDiagnostic(d("", 0, "", "x".repeat(500)), shown, 20)).toHaveLength(20);
  });
});
