import { describe, expect, it } from "vitest";
import {
  assemble,
  type Built,
  commonIndent,
  indentAt,
  indentUnit,
  reindentTo,
  shiftIndent,
  transformProblem,
} from "../../src/shared/refs/transforms.ts";

/** What `assemble` built: it returns a size-checked result. */
const built = (b: Built) => (b.ok ? b.text : `TEXT_TOO_LARGE at ${b.tooLarge.param}`);

describe("assemble", () => {
  it("applies replace, wrap, prepend, append to each piece, then joins", () => {
    const out = built(
      assemble(["a = 1\n", "b = 1\n"], {
        replace: [{ from: "1", to: "2" }],
        wrap: "<{content}>",
        prepend: "[",
        append: "]",
        join: "|",
      }),
    );
    expect(out).toBe("[<a = 2\n>]|[<b = 2\n>]");
  });
  it("by default starts each piece on its own line", () => {
    expect(built(assemble(["x", "y\n", "z"]))).toBe("x\ny\nz");
  });
  it("replaces every occurrence, in list order", () => {
    expect(
      built(
        assemble(["foo foo"], {
          replace: [
            { from: "foo", to: "bar" },
            { from: "bar", to: "baz" },
          ],
        }),
      ),
    ).toBe("baz baz");
  });
});

describe("transformProblem", () => {
  it.each([
    [{ replace: [{ from: "", to: "x" }] }, "`replace[0]` replaces nothing"],
    [{ wrap: "no slot" }, "`wrap`"],
    [{ indent: 1.5 }, "`indent`"],
    [{ indent: 40 }, "`indent`"],
  ])("names the bad field of %j", (t, field) => expect(transformProblem(t)).toContain(field));
  it("accepts a valid transform", () =>
    expect(transformProblem({ wrap: "{content}", indent: "auto" })).toBeUndefined());
});

describe("indentation", () => {
  const fn = "def area(r):\n    return 3.14 * r * r\n";
  it("re-indents a function into a class body", () => {
    expect(reindentTo(fn, "    ")).toBe("    def area(r):\n        return 3.14 * r * r\n");
    expect(reindentTo(reindentTo(fn, "    "), "")).toBe(fn);
  });
  it("keeps blank lines blank", () => {
    expect(reindentTo("a\n\n  b\n", "  ")).toBe("  a\n\n    b\n");
  });
  it("finds the common indentation and the unit", () => {
    expect(commonIndent("    a\n      b\n")).toBe("    ");
    expect(indentUnit("/**\n * doc\n */\nclass A {\n  m() {\n    x;\n  }\n}\n")).toBe("  ");
    expect(indentUnit("if x:\n\ty\n")).toBe("\t");
    expect(indentUnit("flat\n")).toBe("    ");
  });
  it("shifts by levels, never below column 0", () => {
    expect(shiftIndent("a\n", 2, "  ")).toBe("    a\n");
    expect(shiftIndent("  a\n", -3, "  ")).toBe("a\n");
  });
  it("takes the paste point's indentation", () => {
    const lines = ["class A {\n", "  m() {\n", "  }\n", "}\n"];
    expect(indentAt(lines, 3, "  ")).toBe("  "); // after the method's closing brace
    expect(indentAt(lines, 1, "  ")).toBe("  "); // right after `class A {`
    expect(indentAt(lines, 0, "  ")).toBe("");
    expect(indentAt(lines, 1, "  ", "  m() {\n")).toBe("  ");
  });
});
