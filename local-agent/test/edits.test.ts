import { describe, expect, it } from "vitest";
import type { Splice } from "../../src/shared/bridge/protocol.ts";
import { Lines } from "../../src/shared/core/lines.ts";
import {
  applyChange,
  findMarker,
  type PasteSpec,
  planPaste,
  planRevert,
  undoSplice,
} from "../src/edits.ts";

/** The text after pasting `content` into `text`, or the failure code. */
function paste(text: string, spec: PasteSpec, content: string): string {
  const plan = planPaste(text, spec, content);
  return plan.ok ? applyChange(text, plan.value.change) : `!${plan.error.code}`;
}

const at = (mode: PasteSpec["mode"], extra: Partial<PasteSpec> = {}): PasteSpec => ({
  mode,
  ...extra,
});

describe("Lines", () => {
  it("counts lines with and without a final newline, and none in an empty text", () => {
    expect(new Lines("").count).toBe(0);
    expect(new Lines("a").count).toBe(1);
    expect(new Lines("a\n").count).toBe(1);
    expect(new Lines("a\nb").count).toBe(2);
    expect(new Lines("a\r\nb\r\n").count).toBe(2);
    expect(new Lines("\n\n").count).toBe(2);
  });

  it("tells each line's ending, a lone CR being no line break", () => {
    const lines = new Lines("a\r\nb\nc\rd");
    expect([1, 2, 3].map((n) => lines.eol(n))).toEqual(["\r\n", "\n", ""]);
    expect(lines.count).toBe(3);
    expect(lines.lineOf(0)).toBe(1);
    expect(lines.lineOf(3)).toBe(2);
    expect(lines.lineOf(6)).toBe(3);
  });
});

describe("append and prepend", () => {
  it("appends lines to a file ending with a newline", () => {
    expect(paste("a\nb\n", at("append"), "c\n")).toBe("a\nb\nc\n");
    expect(paste("a\nb\n", at("append"), "c")).toBe("a\nb\nc\n");
  });

  it("keeps a missing final newline missing when appending", () => {
    expect(paste("a\nb", at("append"), "c\n")).toBe("a\nb\nc");
    expect(paste("a\nb", at("append"), "c\nd")).toBe("a\nb\nc\nd");
    expect(paste("a\r\nb", at("append"), "c\n")).toBe("a\r\nb\r\nc");
  });

  it("prepends before line 1 with the first line's ending", () => {
    expect(paste("a\nb\n", at("prepend"), "z")).toBe("z\na\nb\n");
    expect(paste("a\r\nb\r\n", at("prepend"), "y\nz\n")).toBe("y\r\nz\r\na\r\nb\r\n");
    expect(paste("a", at("prepend"), "z")).toBe("z\na");
  });

  it("pastes into an empty file as the text is", () => {
    expect(paste("", at("append"), "x\r\ny")).toBe("x\r\ny");
    expect(paste("", at("prepend"), "x\n")).toBe("x\n");
    expect(paste("", at("after_line", { line: 0 }), "x\n")).toBe("x\n");
  });

  it("changes nothing when the content is empty", () => {
    const plan = planPaste("a\n", at("append"), "");
    expect(plan.ok && plan.value.change).toEqual({ start: 2, end: 2, insert: "" });
    expect(paste("a\n", at("prepend"), "")).toBe("a\n");
  });

  it("converts the pasted text's line endings to those of the file where it lands", () => {
    expect(paste("a\r\nb\r\n", at("append"), "c\nd\n")).toBe("a\r\nb\r\nc\r\nd\r\n");
    expect(paste("a\nb\n", at("append"), "c\r\nd\r\n")).toBe("a\nb\nc\nd\n");
  });
});

describe("after_line and before_line", () => {
  const text = "one\ntwo\nthree\n";

  it("inserts after line N, line 0 meaning before line 1", () => {
    expect(paste(text, at("after_line", { line: 0 }), "X")).toBe("X\none\ntwo\nthree\n");
    expect(paste(text, at("after_line", { line: 2 }), "X")).toBe("one\ntwo\nX\nthree\n");
    expect(paste(text, at("after_line", { line: 3 }), "X")).toBe("one\ntwo\nthree\nX\n");
  });

  it("inserts before line N", () => {
    expect(paste(text, at("before_line", { line: 1 }), "X\n")).toBe("X\none\ntwo\nthree\n");
    expect(paste(text, at("before_line", { line: 3 }), "X\n")).toBe("one\ntwo\nX\nthree\n");
  });

  it("inserts after the last line of a file without a final newline and keeps it so", () => {
    expect(paste("one\ntwo", at("after_line", { line: 2 }), "X\n")).toBe("one\ntwo\nX");
    expect(paste("one\ntwo", at("before_line", { line: 2 }), "X")).toBe("one\nX\ntwo");
  });

  it("refuses lines out of range with LINE_OUT_OF_RANGE, and a missing line with INVALID_ARGUMENT", () => {
    expect(paste(text, at("after_line", { line: 4 }), "X")).toBe("!LINE_OUT_OF_RANGE");
    expect(paste(text, at("before_line", { line: 0 }), "X")).toBe("!LINE_OUT_OF_RANGE");
    expect(paste(text, at("before_line", { line: 4 }), "X")).toBe("!LINE_OUT_OF_RANGE");
    expect(paste("", at("before_line", { line: 1 }), "X")).toBe("!LINE_OUT_OF_RANGE");
    expect(paste(text, at("after_line"), "X")).toBe("!INVALID_ARGUMENT");
    const plan = planPaste(text, at("after_line", { line: 9 }), "X");
    expect(plan.ok ? "" : plan.error.message).toContain("3 lines");
  });

  it("takes the ending of the line before the insertion point in a mixed file", () => {
    // line 1 CRLF, line 2 LF, line 3 CRLF
    const mixed = "a\r\nb\nc\r\n";
    expect(paste(mixed, at("after_line", { line: 1 }), "X\nY\n")).toBe("a\r\nX\r\nY\r\nb\nc\r\n");
    expect(paste(mixed, at("after_line", { line: 2 }), "X\r\n")).toBe("a\r\nb\nX\nc\r\n");
    expect(paste(mixed, at("after_line", { line: 0 }), "X\n")).toBe("X\r\na\r\nb\nc\r\n");
  });
});

describe("replace_lines", () => {
  const text = "1\n2\n3\n4\n";

  it("replaces a range, a single line, the first and the last line", () => {
    expect(paste(text, at("replace_lines", { start_line: 2, end_line: 3 }), "X\n")).toBe(
      "1\nX\n4\n",
    );
    expect(paste(text, at("replace_lines", { start_line: 2 }), "X")).toBe("1\nX\n3\n4\n");
    expect(paste(text, at("replace_lines", { start_line: 1, end_line: 1 }), "X\nY\n")).toBe(
      "X\nY\n2\n3\n4\n",
    );
    expect(paste(text, at("replace_lines", { start_line: 4, end_line: 4 }), "X")).toBe(
      "1\n2\n3\nX\n",
    );
  });

  it("deletes the range when the content is empty, keeping a missing final newline missing", () => {
    expect(paste(text, at("replace_lines", { start_line: 2, end_line: 3 }), "")).toBe("1\n4\n");
    expect(paste("1\n2\n3", at("replace_lines", { start_line: 3 }), "")).toBe("1\n2");
    expect(paste("1\n2\n3", at("replace_lines", { start_line: 2, end_line: 3 }), "")).toBe("1");
    expect(paste("1\n2\n3", at("replace_lines", { start_line: 1, end_line: 3 }), "")).toBe("");
    expect(paste("1\n2\n3\n", at("replace_lines", { start_line: 1, end_line: 3 }), "")).toBe("");
  });

  it("replaces a last line without a newline by text without one", () => {
    expect(paste("1\n2", at("replace_lines", { start_line: 2 }), "X\nY\n")).toBe("1\nX\nY");
  });

  it("replaces with the ending of the replaced lines in a CRLF file", () => {
    expect(paste("1\r\n2\r\n3\r\n", at("replace_lines", { start_line: 2 }), "X\nY")).toBe(
      "1\r\nX\r\nY\r\n3\r\n",
    );
  });

  it("refuses a range past the end, or backwards", () => {
    expect(paste(text, at("replace_lines", { start_line: 4, end_line: 5 }), "X")).toBe(
      "!LINE_OUT_OF_RANGE",
    );
    expect(paste(text, at("replace_lines", { start_line: 5 }), "X")).toBe("!LINE_OUT_OF_RANGE");
    expect(paste(text, at("replace_lines", { start_line: 3, end_line: 2 }), "X")).toBe(
      "!INVALID_ARGUMENT",
    );
    expect(paste(text, at("replace_lines"), "X")).toBe("!INVALID_ARGUMENT");
    expect(paste("", at("replace_lines", { start_line: 1 }), "X")).toBe("!LINE_OUT_OF_RANGE");
  });

  it("reports the lines removed and added", () => {
    const plan = planPaste(text, at("replace_lines", { start_line: 2, end_line: 3 }), "X\nY\nZ\n");
    expect(
      plan.ok && [plan.value.linesRemoved, plan.value.linesAdded, plan.value.firstLine],
    ).toEqual([2, 3, 2]);
  });
});

describe("markers", () => {
  const text = "import a;\n// PASTE HERE\nexport b;\n";

  it("inserts before and after the marker's line", () => {
    expect(paste(text, at("at_marker_before", { marker: "PASTE HERE" }), "X\n")).toBe(
      "import a;\nX\n// PASTE HERE\nexport b;\n",
    );
    expect(paste(text, at("at_marker_after", { marker: "PASTE HERE" }), "X")).toBe(
      "import a;\n// PASTE HERE\nX\nexport b;\n",
    );
  });

  it("replaces exactly the marker's characters, the line keeping its ending", () => {
    expect(paste(text, at("at_marker_replace", { marker: "// PASTE HERE" }), "f();\ng();\n")).toBe(
      "import a;\nf();\ng();\nexport b;\n",
    );
    expect(paste("const x = /*V*/;\n", at("at_marker_replace", { marker: "/*V*/" }), "42")).toBe(
      "const x = 42;\n",
    );
    expect(
      paste("a\r\n<<M>>\r\nb\r\n", at("at_marker_replace", { marker: "<<M>>" }), "x\ny\n"),
    ).toBe("a\r\nx\r\ny\r\nb\r\n");
  });

  it("answers MARKER_NOT_FOUND for a missing marker", () => {
    expect(paste(text, at("at_marker_after", { marker: "NOPE" }), "X")).toBe("!MARKER_NOT_FOUND");
    expect(paste(text, at("at_marker_after", { marker: "paste here" }), "X")).toBe(
      "!MARKER_NOT_FOUND",
    );
  });

  it("answers MARKER_AMBIGUOUS with the lines of every occurrence", () => {
    const plan = planPaste(
      "x\nTODO\ny\nTODO TODO\n",
      at("at_marker_after", { marker: "TODO" }),
      "X",
    );
    expect(plan.ok).toBe(false);
    if (!plan.ok) {
      expect(plan.error.code).toBe("MARKER_AMBIGUOUS");
      expect(plan.error.message).toContain("3 times, on lines 2, 4");
    }
  });

  it("counts overlapping occurrences as several", () => {
    expect(findMarker("aaaa", "aaa")).toEqual([0, 1]);
  });

  it("refuses a marker across lines, or a missing one", () => {
    expect(paste(text, at("at_marker_after", { marker: "a;\n//" }), "X")).toBe("!INVALID_ARGUMENT");
    expect(paste(text, at("at_marker_after"), "X")).toBe("!INVALID_ARGUMENT");
  });

  it("finds a marker on the last line of a file without a final newline", () => {
    expect(paste("a\nEND", at("at_marker_after", { marker: "END" }), "X\n")).toBe("a\nEND\nX");
    expect(paste("a\nEND", at("at_marker_before", { marker: "END" }), "X")).toBe("a\nX\nEND");
  });
});

describe("bytes outside the edit", () => {
  it("stay identical in a file with mixed line endings, whatever the mode", () => {
    const text = "a\r\nb\nc\r\n\r\nd\ne";
    const specs: PasteSpec[] = [
      at("append"),
      at("prepend"),
      at("after_line", { line: 3 }),
      at("before_line", { line: 2 }),
      at("replace_lines", { start_line: 2, end_line: 4 }),
      at("at_marker_replace", { marker: "d" }),
      at("at_marker_after", { marker: "c" }),
      at("at_marker_before", { marker: "e" }),
    ];
    for (const spec of specs) {
      const plan = planPaste(text, spec, "X\nY\n");
      expect(plan.ok, spec.mode).toBe(true);
      if (!plan.ok) continue;
      const { start, end, insert } = plan.value.change;
      const after = applyChange(text, plan.value.change);
      expect(after.slice(0, start), spec.mode).toBe(text.slice(0, start));
      expect(after.slice(start + insert.length), spec.mode).toBe(text.slice(end));
    }
  });
});

describe("undo splices", () => {
  it("undo exactly, for every mode", () => {
    const text = "a\r\nb\nc";
    for (const spec of [
      at("append"),
      at("prepend"),
      at("after_line", { line: 1 }),
      at("replace_lines", { start_line: 2, end_line: 3 }),
      at("replace_lines", { start_line: 3 }),
    ]) {
      for (const content of ["", "X\nY\n", "Z"]) {
        const plan = planPaste(text, spec, content);
        if (!plan.ok) throw new Error(plan.error.message);
        const after = applyChange(text, plan.value.change);
        const undo = undoSplice("/f", text, plan.value.change, after);
        expect(applyChange(after, { start: undo.start, end: undo.end, insert: undo.insert })).toBe(
          text,
        );
      }
    }
  });
});

describe("planRevert", () => {
  const before = "one\ntwo\nthree\n";
  const plan = planPaste(before, at("after_line", { line: 1 }), "NEW\n");
  if (!plan.ok) throw new Error("setup");
  const after = applyChange(before, plan.value.change);
  const undo: Splice = undoSplice("/f", before, plan.value.change, after);

  it("reverts at the recorded place when the file is as the operation left it", () => {
    const r = planRevert({ text: after, hash: "h1" }, undo, "h1", false);
    expect(r.ok && r.action === "change" && applyChange(after, r.change)).toBe(before);
  });

  it("refuses a changed file without force", () => {
    const r = planRevert({ text: `x\n${after}`, hash: "h2" }, undo, "h1", false);
    expect(r).toEqual({ ok: false, reason: "it changed since" });
  });

  it("with force, finds the intact region after the file moved around it", () => {
    const changed = `header\n${after}footer\n`;
    const r = planRevert({ text: changed, hash: "h2" }, undo, "h1", true);
    expect(r.ok && r.action === "change" && r.relocated).toBe(true);
    expect(r.ok && r.action === "change" && applyChange(changed, r.change)).toBe(
      `header\n${before}footer\n`,
    );
  });

  it("with force, finds a change made at the top of the file after lines were added above it", () => {
    const base = "one\ntwo\n";
    const top = planPaste(base, at("prepend"), "TOP\n");
    if (!top.ok) throw new Error("setup");
    const done = applyChange(base, top.value.change);
    const undoTop = undoSplice("/f", base, top.value.change, done);
    expect(undoTop.before).toBe("");
    const moved = `added above\n${done}`;
    const r = planRevert({ text: moved, hash: "other" }, undoTop, "h1", true);
    expect(r.ok && r.action === "change" && applyChange(moved, r.change)).toBe(
      `added above\n${base}`,
    );
  });

  it("carries a hash of the region it reverts, not the region's text", () => {
    expect(undo).not.toHaveProperty("was");
    expect(undo.was_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("with force, refuses when the region itself was edited", () => {
    const edited = after.replace("NEW", "EDITED");
    const r = planRevert({ text: edited, hash: "h2" }, undo, "h1", true);
    expect(r.ok).toBe(false);
  });

  it("removes a file the operation created only if it is unchanged", () => {
    expect(
      planRevert({ text: "x", hash: "h1" }, { kind: "remove", path: "/f" }, "h1", false),
    ).toEqual({
      ok: true,
      action: "remove",
    });
    expect(
      planRevert({ text: "y", hash: "h2" }, { kind: "remove", path: "/f" }, "h1", true).ok,
    ).toBe(false);
    expect(planRevert(null, { kind: "remove", path: "/f" }, "h1", false).ok).toBe(false);
  });

  it("creates a removed file again only where nothing exists", () => {
    const create: Splice = {
      ...undo,
      start: 0,
      end: 0,
      insert: "x\n",
      before: "",
      after: "",
      create: true,
    };
    expect(planRevert(null, create, null, false)).toEqual({
      ok: true,
      action: "create",
      text: "x\n",
    });
    expect(planRevert({ text: "", hash: "h" }, create, null, true).ok).toBe(false);
  });

  it("refuses a file deleted since", () => {
    expect(planRevert(null, undo, "h1", true).ok).toBe(false);
  });
});

describe("indentation at a replaced marker", () => {
  it("keeps a leading blank line of the pasted text when re-indenting", () => {
    const text = "function f() {\n        // HERE\n}\n";
    const plan = planPaste(
      text,
      { mode: "at_marker_replace", marker: "// HERE", indent: "auto" },
      "\nx();\ny();\n",
    );
    if (!plan.ok) throw new Error(plan.error.message);
    expect(applyChange(text, plan.value.change)).toBe(
      "function f() {\n        \n        x();\n        y();\n}\n",
    );
  });
});

describe("indentation at a symbol (auto, the default there)", () => {
  it("moves the text from its first line's indentation; lines less indented stay as they are", () => {
    // A method copied with a comment at column 0 and a multi-line string's line at column 0.
    const text = "class B:\n    def g(self):\n        return 1\n";
    const method =
      "    def f(self):\n#        print('debug')\n        q = '''\nSELECT 1'''\n        return 3\n";
    const plan = planPaste(
      text,
      { mode: "after_line", line: 3, indent: "auto", indentLike: 2 },
      method,
    );
    if (!plan.ok) throw new Error(plan.error.message);
    // `f` lands beside `g`, not inside it, and the string is unchanged.
    expect(applyChange(text, plan.value.change)).toBe(`${text}${method}`);
    const deeper = planPaste(
      "class B:\n    class C:\n        def g(self):\n            return 1\n",
      { mode: "after_line", line: 4, indent: "auto", indentLike: 3 },
      method,
    );
    if (!deeper.ok) throw new Error(deeper.error.message);
    expect(
      applyChange(
        "class B:\n    class C:\n        def g(self):\n            return 1\n",
        deeper.value.change,
      ),
    ).toBe(
      "class B:\n    class C:\n        def g(self):\n            return 1\n        def f(self):\n#        print('debug')\n            q = '''\nSELECT 1'''\n            return 3\n",
    );
  });
});
