import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  describeDiagnostic,
  lineAt,
  newDiagnostics,
  within,
} from "../src/languages/diagnostics.ts";

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

  it("does not count an error the moved unit carries into another file, nor a shifted line", () => {
    const before = [
      d("/p/old.ts", 4, "TS2322", "Type 'number' is not assignable to type 'string'."),
    ];
    const after = [
      d("/p/new.ts", 2, "TS2322", "Type 'number' is not assignable to type 'string'."),
    ];
    expect(newDiagnostics(before, after)).toEqual([]);
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
