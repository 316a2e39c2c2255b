import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { goLayout, keepGoLayout } from "./layout.ts";

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
        // As gofmt lays these two fields out (the names' column too).
        "type state struct {",
        "\tresult  result.Result // The current result",
        "\tcurPath Path          // The current path",
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

  it("realigns a struct's fields, their tags and comments, after a type was qualified (expr's docgen)", () => {
    // As gofmt lays them out; the move left three lines as they were before `Kind` grew.
    const gofmt = [
      "type Type struct {",
      '\tName      TypeName             `json:"name,omitempty"`',
      '\tKind      kind.Kind            `json:"kind,omitempty"`',
      '\tFields    map[Identifier]*Type `json:"fields,omitempty"`',
      "\tArguments []*Type              // what it takes",
      "}",
      "",
      "type state struct {",
      "\tsync.Mutex // guards what follows",
      "\tdone       chan struct{}",
      "\tcount      int",
      "}",
      "",
    ].join("\n");
    const moved = gofmt
      .replace("kind.Kind            `", "kind.Kind                 `")
      .replace("sync.Mutex // guards", "sync.Mutex   // guards")
      .replace("count      int", "count int");
    expect(moved).not.toBe(gofmt);
    expect(goLayout(moved)).toBe(gofmt);
    // A field with a block comment is not a row of cells: left as it is.
    const block = "type r struct {\n\tdi    uint32 /* general registers */\n}\n";
    expect(goLayout(block)).toBe(block);
  });

  it("realigns a const group's specs after a type was qualified, keeping the type's column as go/printer does (regexp2's InstOp)", () => {
    // As gofmt lays them out; the move left the values and comments where `InstOp` had them.
    const gofmt = [
      "const (",
      "\t// lef/back operands",
      "",
      "\tOnerep    instop.InstOp = 0 // lef,back char,min,max    a {n}",
      "\tNotonerep               = 1 // lef,back char,min,max    .{n}",
      "",
      "\tOneloop    = 3 // lef,back char,min,max    a {,n}",
      "\tNotoneloop = 4",
      ")",
      "",
      "var (",
      "\ta  = 0 // x",
      "\tbb = 1 // y",
      ")",
      "",
      "const (",
      "\te  = iota // x",
      "\tff        // y",
      ")",
      "",
    ].join("\n");
    expect(goLayout(gofmt)).toBe(gofmt);
    const moved = gofmt
      .replace("Notonerep               = 1 //", "Notonerep        = 1        //")
      .replace("bb = 1 // y", "bb = 1   // y");
    expect(moved).not.toBe(gofmt);
    expect(goLayout(moved)).toBe(gofmt);
    // A group with a spec of more lines is left as it is: which columns it keeps is not read.
    const open = "const (\n\ta   = 1 // x\n\tbbb = f(\n\t\t2)\n)\n";
    expect(goLayout(open)).toBe(open);
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
    // At the limit, as gofmt 1.19 judges it: a 12-column header, the space, 87 columns of body
    // stay on one line; 88 do not (the golang-lru NewList moved into a package of its own).
    const at = (n: number) => `func F() int { return len("${"a".repeat(n)}") }\n`;
    expect(goLayout(at(73))).toBe(at(73));
    expect(goLayout(at(74))).toBe(`func F() int {\n\treturn len("${"a".repeat(74)}")\n}\n`);
    const generic =
      "func NewList[K comparable, V any]() *internal.LruList[K, V] { return new(internal.LruList[K, V]).Init() }\n";
    expect(goLayout(generic)).toBe(
      "func NewList[K comparable, V any]() *internal.LruList[K, V] {\n\treturn new(internal.LruList[K, V]).Init()\n}\n",
    );
    // Braces of a type in the header, a comment in a string, are no body or comment.
    const kept =
      'func f() interface{} { return "a // b" }\nfunc g() struct{} { return struct{}{} }\n';
    expect(goLayout(kept)).toBe(
      'func f() interface{} { return "a // b" }\nfunc g() struct{}    { return struct{}{} }\n',
    );
  });

  it("lays out a literal's values and comments as tabwriter does: a column per cell, lines without the cell ending it", () => {
    const gofmt = [
      "\treturn &persistConn{",
      "\t\tt:        t,",
      "\t\tconn:     c,                   // dummy",
      "\t\tclosech:  make(chan struct{}), // so it can be closed",
      "\t\tcacheKey: key,",
      '\t\twant: all(match("a: b"),',
      '\t\t\tmatch("c")),',
      "\t}",
      "",
    ].join("\n");
    expect(goLayout(gofmt)).toBe(gofmt);
    const renamed = gofmt.replace("conn:     c, ", "conn:     netconn.C, ");
    expect(goLayout(renamed)).toContain(
      "\t\tconn:     netconn.C,           // dummy\n\t\tclosech:  make(chan struct{}), // so it can be closed",
    );
    // A comment after a line left open starts its own group.
    const stmts = "\tif a && // one\n\t\tb { // two\n\t\ty = y[1:] // three\n\t}\n";
    expect(goLayout(stmts)).toBe(stmts);
  });

  it("aligns the comment of a line that opens a block or a literal with those above it, as gofmt does (ivy's scanner), not one that closes one first", () => {
    const text = [
      "func f(x int) int {",
      "\tx++ // one",
      "\tif x > 2 { // two",
      "\t\tx--",
      "\t} else { // three",
      "\t\tx++",
      "\t}",
      "\tl.next() // four",
      "\ty := []int{ // five",
      "\t\t1,",
      "\t}",
      "\treturn x",
      "}",
    ].join("\n");
    expect(goLayout(text).split("\n")).toEqual([
      "func f(x int) int {",
      "\tx++        // one",
      "\tif x > 2 { // two",
      "\t\tx--",
      "\t} else { // three",
      "\t\tx++",
      "\t}",
      "\tl.next()    // four",
      "\ty := []int{ // five",
      "\t\t1,",
      "\t}",
      "\treturn x",
      "}",
    ]);
  });

  it("leaves a file it would change before the move as it is", () => {
    const unformatted = "x := 1    // a\n";
    expect(keepGoLayout(unformatted, "y := 22    // a\n")).toBe("y := 22    // a\n");
    expect(keepGoLayout("x := 1 // a\n", "y := 22    // a\n")).toBe("y := 22 // a\n");
  });

  it("leaves Go's own sources as gofmt wrote them, nearly all (where it would not, a move leaves the layout alone)", () => {
    // Go's tree is there wherever the Go shapes run (.ci/run installs golang-go).
    const root = path.join(
      execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim(),
      "src",
      "go",
    );
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => f.endsWith(".go") && !f.includes("testdata"),
    );
    const kept = files.filter((f) => {
      const text = readFileSync(path.join(root, f), "utf8");
      return goLayout(text) === text;
    });
    expect(files.length).toBeGreaterThan(150);
    expect(kept.length / files.length).toBeGreaterThan(0.97);
  });
});
