import { describe, expect, it } from "vitest";
import { withTree } from "../../syntax/parser.ts";
import { moduleNames, typeOnlyReads } from "./scopes.ts";

const reads = (lines: string[]) => {
  const text = lines.join("\n");
  return withTree(text, "python", (tree) =>
    typeOnlyReads(tree, text).map(
      (r) => `${r.name}@${text.slice(0, r.at).split("\n").length}${r.immediate ? "" : " when run"}`,
    ),
  );
};

describe("names bound only under TYPE_CHECKING, read as the module loads", () => {
  it("finds a base class's argument, a decorator, a default and an evaluated annotation", async () => {
    expect(
      await reads([
        "import typing as t",
        "if t.TYPE_CHECKING:",
        "    from .serializer import _T, deco, DEFAULT, Request",
        "class S(t.Generic[_T]):",
        "    @deco",
        "    def f(self, x=DEFAULT, r: Request = None): ...",
      ]),
    ).toEqual(["_T@4", "deco@5", "DEFAULT@6", "Request@6"]);
  });

  it("finds a read in a function when it runs, and lets through what Python never evaluates: string annotations, annotations under `from __future__ import annotations` or of a local, the guard itself and `__main__`", async () => {
    expect(
      await reads([
        "from __future__ import annotations",
        "from typing import TYPE_CHECKING",
        "if TYPE_CHECKING:",
        "    from .models import Request",
        "    X: Request",
        "def f(r: Request) -> 'Request':",
        "    made: Request = r",
        "    return Request(made)",
        "class C:",
        "    field: Request",
        'if __name__ == "__main__":',
        "    Request()",
      ]),
    ).toEqual(["Request@8 when run"]);
  });

  it("counts a name bound at run time too (an `else:`, a later import, a function's `global`) as bound, and a star import as binding anything", async () => {
    expect(
      await reads([
        "import typing as t",
        "if t.TYPE_CHECKING:",
        "    from .a import A, B, C",
        "else:",
        "    A = object",
        "from .b import B",
        "def setup():",
        "    global C",
        "    C = 1",
        "class K(A, B, C): ...",
      ]),
    ).toEqual([]);
    expect(
      await reads([
        "from typing import TYPE_CHECKING",
        "from .all import *",
        "if TYPE_CHECKING:",
        "    from .a import A",
        "class K(A): ...",
      ]),
    ).toEqual([]);
  });
});

describe("what a class body reads from its module", () => {
  it("reads a name its own assignment binds only after the value is made (pyasn1's `TAG_MAP = TAG_MAP`)", async () => {
    const text = [
      "TAG_MAP = {}",
      "class Encoder:",
      "    TAG_MAP = TAG_MAP",
      "    size = 1",
      "    more = size + 1",
      "    def f(self):",
      "        return size",
    ].join("\n");
    const start = text.indexOf("class");
    expect(
      [
        ...(await withTree(text, "python", (tree) => moduleNames(tree, text, start, text.length))),
      ].sort(),
    ).toEqual(["TAG_MAP", "size"]);
  });
});
