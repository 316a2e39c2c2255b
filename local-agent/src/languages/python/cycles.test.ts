import { describe, expect, it } from "vitest";
import { withTree } from "../../syntax/parser.ts";
import { firstLoadRead, namedInStrings, observerAfter, statementAt } from "./cycles.ts";
import { moduleReads } from "./scopes.ts";

const NODES = [
  "class NodeType(type):",
  "    pass",
  "",
  "",
  "class Node(metaclass=NodeType):",
  "    pass",
  "",
  "",
  "class Mod(Node):",
  "    pass",
  "",
  "",
  "class Other:",
  "    pass",
  "",
  "",
  "Other.__init_subclass__ = None",
  "NodeType.__new__ = staticmethod(lambda *a: None)",
  "",
].join("\n");

describe("where a Python import back goes across a cycle", () => {
  it("finds the statement after the unit that changes how its classes are made, through its bases to their metaclass", async () => {
    const unit = { start: NODES.indexOf("class Mod"), end: NODES.indexOf("class Other") };
    const found = await withTree(NODES, "python", (tree) => observerAfter(tree, unit));
    // Other is no base of Mod: changing it does not count.
    expect(found).toEqual({
      text: "NodeType.__new__ = staticmethod(lambda *a: None)",
      why: "NodeType is changed, which its definition runs",
      names: ["Mod"],
    });
  });

  it("finds a read of the module's globals() after the unit, through a function of the module", async () => {
    const text = [
      "class Base(Exception):",
      "    code = 0",
      "",
      "",
      "class Missing(Base):",
      "    code = 404",
      "",
      "",
      "def _find():",
      "    return [o for o in globals().values()]",
      "",
      "",
      "_find()",
      "",
    ].join("\n");
    const unit = { start: text.indexOf("class Missing"), end: text.indexOf("def _find") };
    const found = await withTree(text, "python", (tree) => observerAfter(tree, unit));
    expect(found).toEqual({ text: "_find()", why: "it reads its globals()", names: ["Missing"] });
    // Before the unit, or with no such read, nothing.
    const before = { start: text.indexOf("_find()\n"), end: text.length };
    expect(await withTree(text, "python", (tree) => observerAfter(tree, before))).toBeUndefined();
  });

  it("lists the names a module's top-level lists name by string, __all__ and __lazy_modules__ aside", async () => {
    const text =
      'exported = ["Undefined", "str_join"]\n__all__ = ["keep"]\n__lazy_modules__ = {"bisect"}\n\n\ndef f():\n    return ["local"]\n';
    const names = await withTree(text, "python", (tree) => namedInStrings(tree));
    expect([...names]).toEqual(["Undefined", "str_join"]);
  });

  it("places the import above the top-level statement that first reads the unit as it loads, comments included", async () => {
    const text =
      'class Base:\n    pass\n\n\n# the registry\nREGISTRY = {"child": Child}\n\n\ndef later():\n    return Child\n';
    const at = await withTree(text, "python", (tree) =>
      firstLoadRead(tree, text, moduleReads(tree, text, 0, text.length), ["Child"], () => false),
    );
    expect(at).toBe(text.indexOf("# the registry"));
    // Only in a function: no read as it loads.
    const lazy = text.replace('REGISTRY = {"child": Child}', "REGISTRY = {}");
    expect(
      await withTree(lazy, "python", (tree) =>
        firstLoadRead(tree, lazy, moduleReads(tree, lazy, 0, lazy.length), ["Child"], () => false),
      ),
    ).toBeUndefined();
  });

  it("finds a statement where it stands, not where its text is mentioned", () => {
    const text = "def _find() -> None:\n    pass\n\n\n_find()\ndel _find\n";
    expect(statementAt(text, "_find()")).toBe(text.indexOf("\n_find()") + 1);
    expect(statementAt(text, "missing()")).toBe(-1);
  });
});
