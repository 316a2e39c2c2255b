import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeFailure, type LoadModule, loadFailures, loadSteps } from "./load.ts";
import { newLoadFailures } from "./load-check.ts";

/** Modules by dotted name (a `/__init__` suffix: a package's own file). */
async function project(files: Record<string, string>): Promise<Map<string, LoadModule>> {
  const out = new Map<string, LoadModule>();
  for (const [key, text] of Object.entries(files)) {
    const isPackage = key.endsWith("/__init__");
    const name = key.replace(/\/__init__$/, "");
    out.set(name, { steps: await loadSteps(text, name, isPackage) });
  }
  return out;
}

/** A module's steps, from its text (not a package's own file). */
async function moduleOf(name: string, text: string): Promise<LoadModule> {
  return { steps: await loadSteps(text, name, false) };
}

describe("Python's import followed over top-level statements", () => {
  it("runs the imports of what the module calls of its own as it loads: a decorator's closure, a class's methods (attrs' _make)", async () => {
    const make =
      "def attrs(slots=False):\n    def wrap(cls):\n        from attrs.flags import PY_3_10\n        return cls\n    return wrap\n\n\n@attrs(slots=True)\nclass Factory:\n    pass\n";
    const modules = await project({
      "attr/__init__": "from ._make import attrs\n\nNOTHING = 1\n",
      "attr._make": make,
      "attrs/__init__": "from attr import NOTHING\n",
      "attrs.flags": "PY_3_10 = True\n",
    });
    expect(loadFailures(modules, ["attr"]).map(describeFailure)).toEqual([
      "importing attr runs attr → attr._make → attrs, and attrs imports NOTHING from attr, which is still being imported and has not defined it yet",
    ]);
    // Not called as it loads: the import runs later, when all is loaded.
    modules.set(
      "attr._make",
      await moduleOf("attr._make", make.replace("@attrs(slots=True)\n", "")),
    );
    expect(loadFailures(modules, ["attr"])).toEqual([]);
  });

  it("runs of a class constructed as the module loads only what constructing it runs, and of a function only the closures it names (dateutil's gettz factory)", async () => {
    // tz.py calls a factory that defines a class and returns an instance; only a method no
    // one calls at load imports zoneinfo, which imports tz back.
    const factory = [
      "def __get_gettz():",
      "    class GettzFunc:",
      "        def __init__(self):",
      "            self.setup()",
      "",
      "        def setup(self):",
      "            self.cache = {}",
      "",
      "        def nocache(self, name):",
      "            from pkg.zoneinfo import get_zonefile_instance",
      "            return get_zonefile_instance()",
      "",
      "    def unused():",
      "        from pkg.zoneinfo import get_zonefile_instance",
      "",
      "    return GettzFunc()",
      "",
      "",
      "gettz = __get_gettz()",
      "UTC = 1",
      "",
    ].join("\n");
    const modules = await project({
      "pkg/__init__": "",
      "pkg.tz": factory,
      "pkg.zoneinfo": "from pkg.tz import UTC\n\n\ndef get_zonefile_instance():\n    return UTC\n",
    });
    expect(loadFailures(modules, ["pkg.tz"])).toEqual([]);
    const circle = [
      "importing pkg.tz runs pkg.tz → pkg.zoneinfo, and pkg.zoneinfo imports UTC from pkg.tz, which is still being imported and has not defined it yet",
    ];
    /** What importing pkg.tz fails on, with `text` as its module. */
    const failing = async (text: string) => {
      modules.set("pkg.tz", await moduleOf("pkg.tz", text));
      return loadFailures(modules, ["pkg.tz"]).map(describeFailure);
    };
    // What constructing it runs: `__init__` and what it calls of the instance.
    const constructing = factory.replace(
      "self.cache = {}",
      "from pkg.zoneinfo import get_zonefile_instance",
    );
    expect(await failing(constructing)).toEqual(circle);
    // The instance used as the module loads: which method runs is not followed, so all.
    const used = factory.replace("UTC = 1", "UTC = gettz('UTC')");
    expect(await failing(used)).toEqual(circle);
    // A module-level class constructed as the module loads: the same.
    const parser =
      "class parser:\n    def __init__(self):\n        self.info = None\n\n    def parse(self):\n        from pkg.zoneinfo import get_zonefile_instance\n\n\nDEFAULT = parser()\nUTC = 1\n";
    expect(await failing(parser)).toEqual([]);
    const parsing = parser.replace("UTC = 1", "DEFAULT.parse()\nUTC = 1");
    expect(await failing(parsing)).toEqual(circle);
    // A class whose instance decorates as the module loads (`@register(...)`): its `__call__`
    // runs then, and what it imports.
    const decorating =
      "class register:\n    def __init__(self, name):\n        self.name = name\n\n    def __call__(self, f):\n        from pkg.zoneinfo import get_zonefile_instance\n        return f\n\n\n@register('x')\ndef parse():\n    pass\n\n\nUTC = 1\n";
    expect(await failing(decorating)).toEqual(circle);
    // A class constructed whose base of the module imports as it is constructed, or has the
    // method the class calls of itself: the base runs too.
    const based =
      "class Base:\n    def __init__(self):\n        self.setup()\n\n    def setup(self):\n        pass\n\n    def load(self):\n        from pkg.zoneinfo import get_zonefile_instance\n\n\nclass parser(Base):\n    def __init__(self):\n        super().__init__()\n        self.load()\n\n\nDEFAULT = parser()\nUTC = 1\n";
    expect(await failing(based)).toEqual(circle);
    // A decorator's closure that calls a helper beside it: the helper runs too.
    const sibling =
      "def deco(f):\n    def helper():\n        from pkg.zoneinfo import get_zonefile_instance\n\n    def wrap():\n        helper()\n        return f\n\n    return wrap()\n\n\n@deco\ndef parse():\n    pass\n\n\nUTC = 1\n";
    expect(await failing(sibling)).toEqual(circle);
  });
  it("runs none of what a script's own part or a TYPE_CHECKING block calls, only its `else:` (packaging's _musllinux)", async () => {
    const musl = (tail: string) =>
      `def version():\n    from pkg.parse import parse\n\n    return parse("x")\n\n\nclass Version:\n    pass\n\n\n${tail}`;
    const modules = await project({
      "pkg/__init__": "",
      "pkg.parse": "from pkg.musl import Version\n\n\ndef parse(s):\n    return Version()\n",
      "pkg.musl": musl('if __name__ == "__main__":\n    print(version())\n'),
    });
    expect(loadFailures(modules, ["pkg.parse"])).toEqual([]);
    modules.set(
      "pkg.musl",
      await moduleOf(
        "pkg.musl",
        musl("if TYPE_CHECKING:\n    V = version()\nelse:\n    V = None\n"),
      ),
    );
    expect(loadFailures(modules, ["pkg.parse"])).toEqual([]);
    // Called as it loads: the function's import runs then, while pkg.parse is still running.
    modules.set("pkg.musl", await moduleOf("pkg.musl", musl("V = version()\n")));
    expect(loadFailures(modules, ["pkg.parse"]).map(describeFailure)).toEqual([
      "importing pkg.parse runs pkg.parse → pkg.musl, and pkg.musl imports parse from pkg.parse, which is still being imported and has not defined it yet",
    ]);
  });

  it("binds what a star import of a project module gives as far as that module has run: its `__all__`, else its public names (toolz's package of star imports)", async () => {
    const modules = await project({
      "pkg/__init__": "from .a import *\nfrom .b import *\n",
      "pkg.a": '__all__ = ["one"]\n\n\ndef one():\n    pass\n\n\ndef hidden():\n    pass\n',
      "pkg.b": "def two():\n    pass\n\n\nfrom pkg.c import three\n",
      "pkg.c": "from pkg import one, two\n\n\ndef three():\n    pass\n",
      "pkg.d": "from pkg import hidden\n",
      "pkg.e": "from os.path import *\n",
      "pkg.f": "from pkg.e import anything\n",
    });
    expect(loadFailures(modules, ["pkg", "pkg.d", "pkg.f"]).map(describeFailure)).toEqual([
      // `one` came with pkg.a's star import; pkg.b's `two` is not bound in pkg yet.
      "importing pkg runs pkg → pkg.b → pkg.c, and pkg.c imports two from pkg, which is still being imported and has not defined it yet",
      "importing pkg.d runs pkg → pkg.b → pkg.c, and pkg.c imports two from pkg, which is still being imported and has not defined it yet",
      // `__all__` leaves `hidden` out; a module beyond the project gives names no one knows.
      "importing pkg.d runs pkg.d, and pkg.d imports hidden from pkg, which does not define it",
      "importing pkg.f runs pkg → pkg.b → pkg.c, and pkg.c imports two from pkg, which is still being imported and has not defined it yet",
    ]);
  });

  it("fails a relative import past the top-level package, as Python does (attr._funcs's `from ..attrs import x`)", async () => {
    const modules = await project({
      "attr/__init__": "from . import _funcs\n",
      "attr._funcs": "from ..attrs.assoc import assoc\n",
      "attrs/__init__": "",
      "attrs.assoc": "def assoc():\n    pass\n",
    });
    expect(loadFailures(modules, ["attr"]).map(describeFailure)).toEqual([
      "importing attr runs attr → attr._funcs, and attr._funcs imports from ..attrs.assoc, past its top-level package (ImportError: attempted relative import beyond top-level package)",
    ]);
    // Within the package, as far up as its top: fine.
    modules.set("attr._funcs", await moduleOf("attr._funcs", "from .sibling import x\n"));
    modules.set("attr.sibling", await moduleOf("attr.sibling", "x = 1\n"));
    expect(loadFailures(modules, ["attr"])).toEqual([]);
  });

  it("finds what every module has before its first line (dateutil's `from .tz import __doc__`)", async () => {
    const modules = await project({
      "tz/__init__": "from .tz import *\nfrom .tz import __doc__\nfrom .tz import __name__ as n\n",
      "tz.tz": "x = 1\n",
    });
    expect(loadFailures(modules, ["tz"])).toEqual([]);
  });

  it("runs a submodule a package imports from itself (`from . import nodes` in its __init__) before any other", async () => {
    // Jinja's nodes.py imports a moved node class back before it stops making them: importing
    // the new module first runs the package, which runs nodes.py, which runs the new module.
    const modules = await project({
      "pkg/__init__": "from . import nodes\n",
      "pkg.nodes": "class Expr:\n    pass\n\n\nfrom .more.mod import Mod\n\nX = 1\n",
      "pkg.more/__init__": "",
      "pkg.more.mod": "from ..nodes import Expr\n\n\nclass Mod(Expr):\n    pass\n",
    });
    expect(loadFailures(modules, [...modules.keys()])).toEqual([]);
    // Without the package's import, the new module imported first meets the import back early.
    modules.set("pkg", { steps: [] });
    expect(loadFailures(modules, ["pkg.more.mod"]).map(describeFailure)).toEqual([
      "importing pkg.more.mod runs pkg.more.mod → pkg.nodes, and pkg.nodes imports Mod from pkg.more.mod, which is still being imported and has not defined it yet",
    ]);
  });

  it("finds a circular import through a package's __init__ on the way (werkzeug's shape)", async () => {
    const modules = await project({
      "pkg/__init__": "",
      "pkg.data/__init__": "from .structures import Headers\n",
      "pkg.data.structures":
        "from ..routing.mixin import Mixin\n\n\nclass Headers(Mixin):\n    pass\n",
      "pkg.routing/__init__": "from .rules import Rule\n",
      "pkg.routing.mixin": "class Mixin:\n    pass\n",
      "pkg.routing.rules": "from ..data import Headers\n\n\nclass Rule:\n    h = Headers\n",
    });
    const failures = loadFailures(modules, ["pkg.data"]);
    expect(failures).toEqual([
      {
        entry: "pkg.data",
        chain: ["pkg.data", "pkg.data.structures", "pkg.routing", "pkg.routing.rules"],
        module: "pkg.data",
        name: "Headers",
        partial: true,
      },
    ]);
    expect(describeFailure(failures[0] as never)).toBe(
      "importing pkg.data runs pkg.data → pkg.data.structures → pkg.routing → pkg.routing.rules, and pkg.routing.rules imports Headers from pkg.data, which is still being imported and has not defined it yet",
    );
    // Imported the other way round, the same modules load.
    expect(loadFailures(modules, ["pkg.routing"])).toEqual([]);
  });

  it("passes what Python lets through: a name bound before the cycle comes back, a submodule, functions, TYPE_CHECKING, a try, a star import, a script's __main__ part", async () => {
    const modules = await project({
      "app/__init__": "",
      "app.a": [
        "import sys",
        "from typing import TYPE_CHECKING",
        "",
        "EARLY = 1",
        "from app.b import late",
        "",
        "if TYPE_CHECKING:",
        "    from app.b import Missing",
        "try:",
        "    from app.b import Absent",
        "except ImportError:",
        "    Absent = None",
        "",
        "",
        "def run():",
        "    from app.b import Nowhere",
        "",
      ].join("\n"),
      "app.b": [
        "from app.a import EARLY",
        "from app import c",
        "from app.star import *",
        "",
        "",
        "def late():",
        "    return EARLY",
        "",
      ].join("\n"),
      "app.c": "VALUE = 2\n",
      "app.star":
        'from app.c import *\n\nif __name__ == "__main__":\n    from app.a import script_only\n',
    });
    expect(loadFailures(modules, ["app.a", "app.c", "app.star"])).toEqual([]);
    // Imported first, app.b runs app.a, which wants `late` before app.b has defined it: as
    // Python says.
    expect(loadFailures(modules, ["app.b"])).toEqual([
      { entry: "app.b", chain: ["app.b", "app.a"], module: "app.b", name: "late", partial: true },
    ]);
  });

  it("runs a module __getattr__'s imports where a name it does not bind is looked up: a star import of its __all__, in that order, and `from m import n`", async () => {
    const getattr =
      'def __getattr__(name):\n    if name == "three":\n        from .sub.three import three\n\n        return three\n    raise AttributeError(name)\n';
    const files = (all: string) => ({
      "pkg/__init__": "from .a import *\nfrom .b import *\n",
      "pkg.a": '__all__ = ["one"]\n\n\ndef one():\n    return 1\n',
      "pkg.b": `__all__ = ${all}\n\n\ndef two():\n    return 2\n\n\n${getattr}`,
      "pkg.sub/__init__": "from pkg import one, two\n",
      "pkg.sub.three": "def three():\n    return 3\n",
    });
    // `two` is bound in pkg before `three` is looked up: pkg.sub finds both.
    expect(loadFailures(await project(files('["two", "three"]')), ["pkg"])).toEqual([]);
    // `three` first: pkg.sub runs before pkg has `two`, as Python's ImportError says.
    expect(
      loadFailures(await project(files('["three", "two"]')), ["pkg"]).map(describeFailure),
    ).toEqual([
      "importing pkg runs pkg → pkg.b (its __getattr__) → pkg.sub, and pkg.sub imports two from pkg, which is still being imported and has not defined it yet",
    ]);
    // A name looked up by `from m import n` runs it too; one m binds does not.
    const modules = await project({
      ...files('["two"]'),
      "pkg/__init__": "from .b import three\n\nfrom .a import one\n",
    });
    expect(loadFailures(modules, ["pkg"]).map(describeFailure)).toEqual([
      "importing pkg runs pkg → pkg.b (its __getattr__) → pkg.sub, and pkg.sub imports one from pkg, which is still being imported and has not defined it yet",
      "importing pkg runs pkg → pkg.b (its __getattr__) → pkg.sub, and pkg.sub imports two from pkg, which is still being imported and has not defined it yet",
    ]);
    modules.set("pkg", {
      steps: await loadSteps("from .b import two\n\nfrom .a import one\n", "pkg", true),
    });
    expect(loadFailures(modules, ["pkg"])).toEqual([]);
  });

  it("follows relative imports from a package's own file and from a module", async () => {
    const steps = await loadSteps(
      "from . import x\nfrom .y import z as w\nfrom .. import top\n",
      "pkg.sub",
      true,
    );
    expect(steps).toEqual([
      { kind: "from", module: "pkg.sub", names: [{ name: "x", binds: "x" }], quiet: false },
      { kind: "from", module: "pkg.sub.y", names: [{ name: "z", binds: "w" }], quiet: false },
      { kind: "from", module: "pkg", names: [{ name: "top", binds: "top" }], quiet: false },
    ]);
    expect((await loadSteps("from .y import z\n", "pkg.sub", false))[0]).toMatchObject({
      module: "pkg.y",
    });
  });

  it("names a failing import from its shortest way in, not through an application that imports the package first", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "ways-"));
    const file = (rel: string, before: string, after = before) => {
      const abs = path.join(root, ...rel.split("/"));
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, before);
      return { abs, before, after };
    };
    const files = [
      // app/ imports pkg first, as werkzeug's example applications do.
      file("app/__init__.py", "from . import main\n"),
      file("app/main.py", "import pkg\n"),
      file("pkg/__init__.py", "from . import a\n"),
      file("pkg/a.py", "X = 1\n", "from .b import Y\n\nX = 1\n"),
      file("pkg/b.py", "Y = 2\n", "from .a import X\n\nY = 2\n"),
    ];
    const failures = await newLoadFailures(files, [root], []);
    expect(failures[0]).toBe(
      "importing pkg runs pkg → pkg.a → pkg.b, and pkg.b imports X from pkg.a, which is still being imported and has not defined it yet",
    );
  });

  it("takes a module too deep to parse (a hostile file) as one whose names are unknown, not a crash", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "deep-"));
    mkdirSync(path.join(root, "pkg"));
    writeFileSync(path.join(root, "pkg", "__init__.py"), "");
    const deep = `x = ${"(".repeat(100_000)}1${")".repeat(100_000)}\n`;
    const files = [
      { abs: path.join(root, "pkg", "__init__.py"), before: "", after: "" },
      { abs: path.join(root, "pkg", "deep.py"), before: deep, after: deep },
    ];
    expect(await newLoadFailures(files, [root], [])).toEqual([]);
  });
});
