import { describe, expect, it } from "vitest";
import { blankLiterals, literalSpans } from "./code-spans.ts";

const kinds = (text: string, syntax: Parameters<typeof literalSpans>[1]) =>
  literalSpans(text, syntax).map((s) => [s.kind, text.slice(s.start, s.end)]);

describe("comments and literals of C-like files, in one pass", () => {
  it("reads Rust's nested comments, strings across lines, raw strings and chars, not lifetimes", () => {
    const syntax = { nestedComments: true, multilineStrings: true, raw: "rust" } as const;
    expect(
      kinds(
        `/* a /* b */ c */ let s = "x \\\n y"; let r = r#"q "w" e"#; let c = '"'; fn f<'a>(x: &'a str) {}`,
        syntax,
      ),
    ).toEqual([
      ["comment", "/* a /* b */ c */"],
      ["string", '"x \\\n y"'],
      ["string", 'r#"q "w" e"#'],
      ["char", "'\"'"],
    ]);
  });

  it("reads Go's backquoted strings and runes; a string ends at its line", () => {
    expect(
      kinds('a := `x"y`; b := \'"\'; c := "open\nd := "ok" // note', { raw: "backquote" }),
    ).toEqual([
      ["string", '`x"y`'],
      ["char", "'\"'"],
      ["string", '"ok"'],
      ["comment", "// note"],
    ]);
  });

  it("reads Java's text blocks, and blanks with what each kind is given, newlines kept", () => {
    const text = 'String s = """\n  a "b"\n  """; /* c */ char q = \'x\';';
    expect(blankLiterals(text, { textBlocks: true }, (k) => (k === "comment" ? " " : "x"))).toBe(
      "String s = xxx\nxxxxxxx\nxxxxx;         char q = xxx;",
    );
  });

  it("goes on past what never ends: an unclosed comment to the file's end, an unclosed string left as code", () => {
    expect(kinds('x = "a\\" b\ny = 1 /* never', {})).toEqual([["comment", "/* never"]]);
    expect(blankLiterals('"\\'.repeat(50_000), {}, () => " ")).toHaveLength(100_000);
  });
});
