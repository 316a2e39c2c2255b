import { describe, expect, it } from "vitest";
import { Lines } from "../../src/shared/core/lines.ts";
import { applyChange, type PasteSpec, planPaste } from "../src/edits.ts";
import { spacingFor } from "../src/spacing.ts";

/** The text after pasting `content` into `text` with spacing on. */
function paste(
  text: string,
  spec: Omit<PasteSpec, "spacing">,
  content: string,
  data = false,
): string {
  const plan = planPaste(text, { ...spec, spacing: true, data }, content);
  if (!plan.ok) throw new Error(plan.error.message);
  return applyChange(text, plan.value.change);
}

const TS = "function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n";
const PY = "import os\n\n\ndef a():\n    return 1\n\n\ndef b():\n    return 2\n";
const CLASS =
  "class A {\n  one() {\n    return 1;\n  }\n\n  two() {\n    return 2;\n  }\n}\n\nexport const X = 1;\n";

describe("a unit set apart as the file sets apart its units", () => {
  it("after a symbol: the blank lines between it and its sibling, before and after the text", () => {
    // After `a` (lines 1-3), before `b`: one blank line on each side, the one there counting.
    expect(
      paste(TS, { mode: "after_line", line: 3, beside: { first: 1, last: 3 } }, "const c = 3;\n"),
    ).toBe("function a() {\n  return 1;\n}\n\nconst c = 3;\n\nfunction b() {\n  return 2;\n}\n");
    // Python's two blank lines between top-level units.
    expect(
      paste(
        PY,
        { mode: "after_line", line: 5, beside: { first: 4, last: 5 } },
        "def c():\n    return 3\n",
      ),
    ).toBe(
      "import os\n\n\ndef a():\n    return 1\n\n\ndef c():\n    return 3\n\n\ndef b():\n    return 2\n",
    );
  });

  it("before a symbol: the gap after the text, none added where blank lines are already", () => {
    expect(
      paste(TS, { mode: "before_line", line: 5, beside: { first: 5, last: 7 } }, "const c = 3;\n"),
    ).toBe("function a() {\n  return 1;\n}\n\nconst c = 3;\n\nfunction b() {\n  return 2;\n}\n");
  });

  it("no blank line against what encloses it: a class's last member before `}`, its first after `{`", () => {
    // After `two` (lines 6-8), the last member: a blank line before, none before the `}`.
    expect(
      paste(
        CLASS,
        { mode: "after_line", line: 8, beside: { first: 6, last: 8 } },
        "  three() {}\n",
      ),
    ).toBe(
      "class A {\n  one() {\n    return 1;\n  }\n\n  two() {\n    return 2;\n  }\n\n  three() {}\n}\n\nexport const X = 1;\n",
    );
    // Before `one` (lines 2-4), the first: none after `class A {`, one before `one`.
    expect(
      paste(
        CLASS,
        { mode: "before_line", line: 2, beside: { first: 2, last: 4 } },
        "  zero() {}\n",
      ),
    ).toBe(
      "class A {\n  zero() {}\n\n  one() {\n    return 1;\n  }\n\n  two() {\n    return 2;\n  }\n}\n\nexport const X = 1;\n",
    );
  });

  it("appended: the gap before the file's last top-level unit, one by default, none into a new file", () => {
    expect(paste(PY, { mode: "append" }, "def c():\n    return 3\n")).toBe(
      `${PY}\n\ndef c():\n    return 3\n`,
    );
    expect(paste('import { z } from "zod";\n', { mode: "append" }, "export const c = 3;\n")).toBe(
      'import { z } from "zod";\n\nexport const c = 3;\n',
    );
    expect(paste("", { mode: "append" }, "export const c = 3;\n")).toBe("export const c = 3;\n");
    // A file without a final line break keeps its state.
    expect(paste("const a = 1;\n\nconst b = 2;", { mode: "append" }, "const c = 3;\n")).toBe(
      "const a = 1;\n\nconst b = 2;\n\nconst c = 3;",
    );
  });

  it("counts the text's own blank lines and those already there, and never removes one", () => {
    expect(paste(TS, { mode: "append" }, "\n\n\nconst c = 3;\n")).toBe(`${TS}\n\n\nconst c = 3;\n`);
    expect(paste(`${TS}\n`, { mode: "append" }, "const c = 3;\n")).toBe(`${TS}\nconst c = 3;\n`);
  });

  it("keeps a compact data file compact: no blank line where it has none", () => {
    const yaml = "services:\n  api:\n    image: a\n  db:\n    image: b\n";
    expect(
      paste(
        yaml,
        { mode: "after_line", line: 3, beside: { first: 2, last: 3 } },
        "  web:\n    image: c\n",
      ),
    ).toBe("services:\n  api:\n    image: a\n  web:\n    image: c\n  db:\n    image: b\n");
    // With nothing to go by, a data file without blank lines gets none; code gets one.
    const alone = "services:\n  api:\n    image: a\n";
    expect(paste(alone, { mode: "append" }, "volumes:\n  db: {}\n", true)).toBe(
      `${alone}volumes:\n  db: {}\n`,
    );
    expect(paste(alone, { mode: "append" }, "volumes:\n  db: {}\n")).toBe(
      `${alone}\nvolumes:\n  db: {}\n`,
    );
  });

  it("takes at most two blank lines, and a region's markers are not siblings", () => {
    const sloppy = `const a = 1;\n${"\n".repeat(9)}const b = 2;\n`;
    expect(paste(sloppy, { mode: "append" }, "const c = 3;\n")).toBe(`${sloppy}\n\nconst c = 3;\n`);
    const region = "# region r\ndef a():\n    return 1\n# endregion\n";
    // After the region's last function: no blank line before `# endregion`.
    expect(
      paste(
        region,
        { mode: "after_line", line: 3, beside: { first: 2, last: 3 } },
        "def b():\n    return 2\n",
      ),
    ).toBe("# region r\ndef a():\n    return 1\n\ndef b():\n    return 2\n# endregion\n");
  });

  it("takes the file's line endings", () => {
    const crlf = "function a() {}\r\n\r\nfunction b() {}\r\n";
    expect(paste(crlf, { mode: "append" }, "function c() {}\n")).toBe(
      "function a() {}\r\n\r\nfunction b() {}\r\n\r\nfunction c() {}\r\n",
    );
  });

  it("reports the text's own lines, not the blank lines that set it apart", () => {
    const plan = planPaste(TS, { mode: "append", spacing: true }, "const c = 3;\n");
    expect(plan.ok && [plan.value.firstLine, plan.value.linesAdded]).toEqual([9, 1]);
  });

  it("adds nothing for blank text or an empty file", () => {
    expect(spacingFor(new Lines(TS), 3, "\n\n", { first: 1, last: 3 })).toEqual({
      before: 0,
      after: 0,
    });
    expect(spacingFor(new Lines(""), 0, "x\n", undefined)).toEqual({ before: 0, after: 0 });
  });
});
