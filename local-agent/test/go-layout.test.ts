import { describe, expect, it } from "vitest";
import { goLayout, keepGoLayout } from "../src/imports/go-layout.ts";

describe("gofmt's layout where a move disturbs it", () => {
  it("realigns one-line functions and trailing comments after a rename changed a width", () => {
    const moved = [
      "func (p Cartel) Boss() string             { return p.boss }",
      "func (p Cartel) Poisons() []*poison.Poison       { return p.poisons }",
      "",
      "type state struct {",
      "\tresult    result.Result // The current result",
      "\tcurPath   Path        // The current path",
      "}",
      "",
      "func f() {",
      "\ts.result = result.Result{} // Reset result",
      "\ts.reporters = nil        // Remove reporters",
      "}",
      "",
    ].join("\n");
    expect(goLayout(moved)).toBe(
      [
        "func (p Cartel) Boss() string              { return p.boss }",
        "func (p Cartel) Poisons() []*poison.Poison { return p.poisons }",
        "",
        "type state struct {",
        "\tresult    result.Result // The current result",
        "\tcurPath   Path          // The current path",
        "}",
        "",
        "func f() {",
        "\ts.result = result.Result{} // Reset result",
        "\ts.reporters = nil          // Remove reporters",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("writes a one-line function past 100 columns on three lines, and a lone one with one space", () => {
    const long =
      'func (ta TypeAssertion) String() string { return fmt.Sprintf(".(%v)", typestring.TypeString(ta.typ, false)) }';
    expect(goLayout(`${long}\n`)).toBe(
      'func (ta TypeAssertion) String() string {\n\treturn fmt.Sprintf(".(%v)", typestring.TypeString(ta.typ, false))\n}\n',
    );
    expect(goLayout("func (EagleImmutable) Proto() *pb.Eagle     { return nil }\n")).toBe(
      "func (EagleImmutable) Proto() *pb.Eagle { return nil }\n",
    );
    // Braces of a type in the header, a comment in a string, are no body or comment.
    const kept =
      'func f() interface{} { return "a // b" }\nfunc g() struct{} { return struct{}{} }\n';
    expect(goLayout(kept)).toBe(
      'func f() interface{} { return "a // b" }\nfunc g() struct{}    { return struct{}{} }\n',
    );
  });

  it("leaves a file it would change before the move as it is", () => {
    const unformatted = "x := 1    // a\n";
    expect(keepGoLayout(unformatted, "y := 22    // a\n")).toBe("y := 22    // a\n");
    expect(keepGoLayout("x := 1 // a\n", "y := 22    // a\n")).toBe("y := 22 // a\n");
  });
});
