import { describe, expect, it } from "vitest";
import { planMove } from "../../../test/support/plan-move.ts";
import type { UnitRead } from "../../imports/plan.ts";
import { pathStrings, planPythonImporter, planPythonImports, readsThrough } from "./move.ts";

const move = (
  files: { sourcePath: string; source: string; destPath: string; dest: string },
  symbol: string,
) => planMove("python", files, symbol, planPythonImports);

const HANDLERS_PY = `"""HTTP handlers."""
from datetime import datetime, timezone

from flask import abort, jsonify

from .db import session
from .models import User

api = object()


def _now():
    return datetime.now(timezone.utc)


def get_user(user_id):
    user = session.get(User, user_id)
    if user is None:
        abort(404)
    return jsonify(id=user.id, at=_now().isoformat())


def health():
    return jsonify(ok=True)
`;

describe("import-aware moves in Python", () => {
  it("into a module of a subpackage: relative imports rewritten, a private helper imported, imports only the unit used leave", async () => {
    const plan = await move(
      {
        sourcePath: "shop/handlers.py",
        source: HANDLERS_PY,
        destPath: "shop/api/users.py",
        dest: "",
      },
      "get_user",
    );
    // The old module's groups are kept; its own name joins its local group, which stays sorted.
    expect(plan.destination).toBe(`from flask import abort, jsonify

from ..db import session
from ..handlers import _now
from ..models import User


def get_user(user_id):
    user = session.get(User, user_id)
    if user is None:
        abort(404)
    return jsonify(id=user.id, at=_now().isoformat())
`);
    expect(plan.source).toBe(`"""HTTP handlers."""
from datetime import datetime, timezone

from flask import jsonify

api = object()


def _now():
    return datetime.now(timezone.utc)




def health():
    return jsonify(ok=True)
`);
    expect(plan.changes).toEqual([
      "shop/api/users.py: imports abort, jsonify, session, User, _now",
      "shop/handlers.py: drops imports abort, session, User",
    ]);
  });

  it("merges into the destination's import of the same module, absolute style, and imports the unit back", async () => {
    const source = `import os\nfrom app.util import slug\n\n\ndef path_of(title):\n    return os.path.join("/p", slug(title))\n\n\ndef page(title):\n    return path_of(title)\n`;
    const plan = await move(
      {
        sourcePath: "app/pages.py",
        source,
        destPath: "app/paths.py",
        dest: "from app.util import clean\n\nX = clean(1)\n",
      },
      "path_of",
    );
    // The standard library's import above the project's, a group of its own (isort's layout).
    expect(plan.destination.split("\n").slice(0, 3)).toEqual([
      "import os",
      "",
      "from app.util import clean, slug",
    ]);
    // page() uses neither os nor slug: they went with path_of, which comes back by import.
    expect(plan.source.split("\n").slice(0, 2)).toEqual(["from app.paths import path_of", ""]);
    expect(plan.changes).toEqual([
      "app/paths.py: imports os, slug",
      "app/pages.py: drops imports os, slug",
      "app/pages.py: imports path_of from app/paths.py",
    ]);
  });

  it("merges a name in isort's place where the import's names are in isort's order, last where they are not", async () => {
    const source = `from app.util import slug\n\n\ndef path_of(title):\n    return slug(title)\n`;
    const into = async (dest: string) =>
      (
        await move(
          { sourcePath: "app/pages.py", source, destPath: "app/paths.py", dest },
          "path_of",
        )
      ).destination.split("\n\n")[0];
    expect(await into("from app.util import MAX, Clean, tidy\n\nX = tidy(Clean(MAX))\n")).toBe(
      "from app.util import MAX, Clean, slug, tidy",
    );
    expect(
      await into("from app.util import (\n    clean,\n    tidy,\n)\n\nX = clean(tidy)\n"),
    ).toBe("from app.util import (\n    clean,\n    slug,\n    tidy,\n)");
    expect(await into("from app.util import tidy, clean\n\nX = clean(tidy)\n")).toBe(
      "from app.util import tidy, clean, slug",
    );
  });

  it("wraps a `from` import longer than black's 88 columns as black and ruff do, one name a line (packaging)", async () => {
    const names = [
      "_LAST_GLIBC_MINOR",
      "_LEGACY_MANYLINUX_MAP",
      "_get_glibc_version",
      "_is_compatible",
    ];
    const plan = await move(
      {
        sourcePath: "pkg/_manylinux.py",
        source: `${names.map((n) => `${n} = 1\n`).join("")}\n\ndef platform_tags():\n    return [${names.join(", ")}]\n`,
        destPath: "pkg/tags2.py",
        dest: "",
      },
      "platform_tags",
    );
    // isort's order: constants, then the rest.
    expect(plan.destination.split("\n\n\n")[0]).toBe(
      "from pkg._manylinux import (\n    _LAST_GLIBC_MINOR,\n    _LEGACY_MANYLINUX_MAP,\n    _get_glibc_version,\n    _is_compatible,\n)",
    );
  });

  it("empties an `__all__` of the unit alone, and takes a TYPE_CHECKING import out with its indentation (packaging's ranges.py)", async () => {
    const source =
      'from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from collections.abc import Callable, Sequence\n\n    from .specifiers import SpecifierSet\n\n\n__all__ = ["VersionRange"]\n\n\ndef keep(x: Sequence[int]) -> int:\n    return len(x)\n\n\nclass VersionRange:\n    def f(self, s: SpecifierSet, c: Callable) -> None:\n        pass\n';
    const plan = await move(
      { sourcePath: "pkg/ranges.py", source, destPath: "pkg/sub/vr.py", dest: "" },
      "VersionRange",
    );
    expect(plan.source).toBe(
      "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from collections.abc import Sequence\n\n\n__all__ = []\n\n\ndef keep(x: Sequence[int]) -> int:\n    return len(x)\n",
    );
  });

  it("takes a name read off a module imported by a name built as it runs for one looked up on the old module, where that name may be the old module's", async () => {
    const reads = (call: string) =>
      pathStrings({
        sourcePath: "pkg/ext/toc.py",
        importerPath: "pkg/helpers.py",
        text: `from importlib import import_module\n\n\ndef load(name):\n    module = ${call}\n    return module.make_extension()\n`,
        names: ["make_extension"],
      });
    expect(await reads('import_module(f"pkg.ext.{name}")')).toEqual(["make_extension"]);
    expect(await reads('import_module(f"""pkg.ext.{name}""")')).toEqual(["make_extension"]);
    expect(await reads('import_module(f".{name}", __package__)')).toEqual(["make_extension"]);
    expect(await reads('import_module("pkg.ext.toc")')).toEqual(["make_extension"]);
    expect(await reads("import_module(name)")).toEqual(["make_extension"]);
    // Another module by name, or a package above it by a plain string: not the old one.
    expect(await reads('import_module("json")')).toEqual([]);
    expect(await reads('import_module("pkg")')).toEqual([]);
    expect(await reads('import_module(f"other.{name}")')).toEqual([]);
  });

  it('leaves an `__all__` tuple of one name a tuple: `("Paragraph")` would be a string (marko\'s block.py)', async () => {
    const source =
      '__all__ = (\n    "Paragraph",\n    "Quote"\n)\n\n\nclass Paragraph:\n    pass\n\n\nclass Quote:\n    pass\n';
    const plan = await move(
      { sourcePath: "pkg/block.py", source, destPath: "pkg/ext/quote.py", dest: "" },
      "Quote",
    );
    expect(plan.source).toBe('__all__ = (\n    "Paragraph",\n)\n\n\nclass Paragraph:\n    pass\n');
    const one = await move(
      {
        sourcePath: "pkg/block.py",
        source: source.replace('"Quote"\n', '"Quote",\n'),
        destPath: "pkg/ext/quote.py",
        dest: "",
      },
      "Quote",
    );
    expect(one.source).toBe('__all__ = (\n    "Paragraph",\n)\n\n\nclass Paragraph:\n    pass\n');
    const line = await move(
      {
        sourcePath: "pkg/block.py",
        source: source.replace(/\(\n {4}"Paragraph",\n {4}"Quote"\n\)/, '("Paragraph", "Quote")'),
        destPath: "pkg/ext/quote.py",
        dest: "",
      },
      "Quote",
    );
    expect(line.source).toBe('__all__ = ("Paragraph",)\n\n\nclass Paragraph:\n    pass\n');
  });

  it("imports the unit back above a TYPE_CHECKING block below the module's classes, which reads it (packaging's _ranges.py)", async () => {
    const source =
      "from typing import TYPE_CHECKING\n\nfrom .version import Version\n\n\nclass Lower:\n    pass\n\n\nclass Upper:\n    v: Version\n\n\nif TYPE_CHECKING:\n    Interval = tuple[Lower, Upper]\n\nPOS_INF = Upper()\n";
    const plan = await move(
      { sourcePath: "pkg/_ranges.py", source, destPath: "pkg/sub/upper.py", dest: "" },
      "Upper",
    );
    const back = plan.source.indexOf("from .sub.upper import Upper");
    expect(back).toBeGreaterThan(-1);
    expect(back).toBeLessThan(plan.source.indexOf("if TYPE_CHECKING:\n    Interval"));
  });

  it("imports the unit back with the module's imports, above its header's TYPE_CHECKING block, a group of its own below the standard library's", async () => {
    const source =
      "from __future__ import annotations\n\nimport typing as t\n\nif t.TYPE_CHECKING:\n    from .c import Thing\n\n\ndef helper(x: int) -> int:\n    return 1\n\n\ndef user(y: Thing) -> int:\n    return helper(1)\n";
    const plan = await move(
      { sourcePath: "pkg/a.py", source, destPath: "pkg/b.py", dest: "" },
      "helper",
    );
    // The lines the unit left behind are laid out by the move's spacing pass, after the plan.
    expect(plan.source).toMatch(
      /^from __future__ import annotations\n\nimport typing as t\n\nfrom \.b import helper\n\nif t\.TYPE_CHECKING:\n {4}from \.c import Thing\n\n\n+def user/,
    );
  });

  it("sets `from __future__ import annotations` apart from a new module's class, as isort and PEP 8 do (packaging)", async () => {
    const plan = await move(
      {
        sourcePath: "pkg/version.py",
        source:
          'from __future__ import annotations\n\n\nclass InvalidVersion(ValueError):\n    """Raised."""\n\n\ndef parse(v: str) -> str:\n    return v\n',
        destPath: "pkg/errors.py",
        dest: "",
      },
      "InvalidVersion",
    );
    expect(plan.destination).toBe(
      'from __future__ import annotations\n\n\nclass InvalidVersion(ValueError):\n    """Raised."""\n',
    );
  });

  it("reports a star import of the old module instead of guessing", async () => {
    const plan = await move(
      {
        sourcePath: "m.py",
        source: "from helpers import *\n\n\ndef f():\n    return g()\n",
        destPath: "n.py",
        dest: "",
      },
      "f",
    );
    expect(plan.unresolved).toEqual([
      "from helpers import * in m.py: the names it binds are not known, so none were carried",
    ]);
  });
});

/** Real-code shapes, trimmed (httpx BSD-3-Clause, urllib3 MIT, Markdown BSD-3-Clause, click BSD-3-Clause). */
describe("import-aware moves in Python, on the shapes real projects have", () => {
  it("carries `from __future__ import annotations` and the `if TYPE_CHECKING:` imports the unit's annotations need (httpx)", async () => {
    const source = [
      "from __future__ import annotations",
      "",
      "import typing",
      "",
      "if typing.TYPE_CHECKING:",
      "    from ._models import Request, Response",
      "",
      "",
      "class HTTPError(Exception):",
      "    pass",
      "",
      "",
      "class HTTPStatusError(HTTPError):",
      "    def __init__(self, message: str, *, request: Request, response: typing.Optional['Response']) -> None:",
      "        super().__init__(message)",
      "",
    ].join("\n");
    const plan = await move(
      {
        sourcePath: "httpx/_exceptions.py",
        source,
        destPath: "httpx/_transports/status.py",
        dest: "",
      },
      "HTTPStatusError",
    );
    // Sections as isort and ruff write them: future, the standard library, the package's own.
    expect(plan.destination.split("\n").slice(0, 13)).toEqual([
      "from __future__ import annotations",
      "",
      "import typing",
      "",
      "from .._exceptions import HTTPError",
      "",
      "if typing.TYPE_CHECKING:",
      "    from .._models import Request, Response",
      "",
      "",
      "class HTTPStatusError(HTTPError):",
      "    def __init__(self, message: str, *, request: Request, response: typing.Optional['Response']) -> None:",
      "        super().__init__(message)",
    ]);
  });

  it("carries an import a `try:` inside `if TYPE_CHECKING:` binds, and leaves the old module's `try:` whole while it reads it (lark's `rich`)", async () => {
    const source = [
      "from typing import TYPE_CHECKING, Optional",
      "",
      "if TYPE_CHECKING:",
      "    from .lexer import TerminalDef",
      "    try:",
      "        import rich",
      "    except ImportError:",
      "        pass",
      "",
      "",
      "class Tree:",
      "    def __rich__(self, parent: Optional['rich.tree.Tree'] = None) -> 'rich.tree.Tree':",
      "        return parent",
      "",
      "",
      "class Other:",
      "    def f(self, p: 'rich.Console', t: 'TerminalDef') -> None:",
      "        pass",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "lark/tree.py", source, destPath: "lark/moved/tree.py", dest: "" },
      "Tree",
    );
    expect(plan.destination).toMatch(/^if TYPE_CHECKING:\n {4}import rich\n/m);
    expect(plan.source).toContain(
      "if TYPE_CHECKING:\n    from .lexer import TerminalDef\n    try:\n        import rich\n    except ImportError:\n        pass\n",
    );
    // Read by nothing else: the `try:` goes; and the block with it, once nothing is left in it.
    const alone = source.replace("'rich.Console'", "int");
    const tried = await move(
      { sourcePath: "lark/tree.py", source: alone, destPath: "lark/moved/tree.py", dest: "" },
      "Tree",
    );
    expect(tried.source).toContain(
      "if TYPE_CHECKING:\n    from .lexer import TerminalDef\n\n\nclass Other:",
    );
    expect(tried.source).not.toContain("rich");
    const emptied = await move(
      {
        sourcePath: "lark/tree.py",
        source: alone
          .replace("    from .lexer import TerminalDef\n", "")
          .replace("t: 'TerminalDef'", "t: int")
          .replace("Optional['rich", "('rich"),
        destPath: "lark/moved/tree.py",
        dest: "",
      },
      "Tree",
    );
    expect(emptied.source).not.toMatch(/TYPE_CHECKING|rich|try/);
  });

  it("imports at run time a name its module binds under `if TYPE_CHECKING:` and again under `else:` (itsdangerous' `_TSerialized`, a base class's argument)", async () => {
    const source = [
      "from __future__ import annotations",
      "",
      "import typing as t",
      "",
      "if t.TYPE_CHECKING:",
      "    import typing_extensions as te",
      "",
      '    _TSerialized = te.TypeVar("_TSerialized", default=str)',
      "else:",
      '    _TSerialized = t.TypeVar("_TSerialized")',
      "",
      "",
      "class Serializer(t.Generic[_TSerialized]):",
      "    def dumps(self, obj: t.Any) -> _TSerialized: ...",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/serializer.py", source, destPath: "pkg/moved/serializer.py", dest: "" },
      "Serializer",
    );
    expect(plan.destination).toContain("\nfrom pkg.serializer import _TSerialized\n");
    expect(plan.destination).not.toContain("TYPE_CHECKING");
  });

  it("imports at run time what the new module imported for type checkers alone and the unit reads as it loads: the block's imports in its place when nothing else is left in it, else the name out of it", async () => {
    const source =
      "class Base:\n    pass\n\n\nclass Other:\n    pass\n\n\nclass Leaf(Base):\n    pass\n";
    const alone = await move(
      {
        sourcePath: "pkg/a.py",
        source,
        destPath: "pkg/b.py",
        dest: 'from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .a import Base\n\n\ndef use(x: "Base") -> None:\n    pass\n',
      },
      "Leaf",
    );
    expect(alone.destination.split("\n").slice(0, 4)).toEqual([
      "from .a import Base",
      "",
      "",
      'def use(x: "Base") -> None:',
    ]);
    expect(alone.changes).toContain(
      "pkg/b.py: imports Base at run time, not under TYPE_CHECKING alone (the unit needs it at run time)",
    );
    const shared = await move(
      {
        sourcePath: "pkg/a.py",
        source,
        destPath: "pkg/b.py",
        dest: 'import typing as t\n\nif t.TYPE_CHECKING:\n    from .a import Base, Other\n\n\ndef use(x: "Base", y: "Other") -> t.Any:\n    pass\n',
      },
      "Leaf",
    );
    // With the imports above the block, not after it: a group of its own below `typing`.
    expect(shared.destination).toContain(
      "import typing as t\n\nfrom .a import Base\n\nif t.TYPE_CHECKING:\n    from .a import Other\n",
    );
  });

  it("carries a try block of imports with its literal fallback for the name the unit needs, and lets its `__all__` go of what moved (urllib3)", async () => {
    const source = [
      "try:",
      "    from ssl import CERT_REQUIRED",
      "except ImportError:",
      "    CERT_REQUIRED = 2",
      "",
      "__all__ = [",
      '    "resolve_cert_reqs",',
      '    "other",',
      "]",
      "",
      "",
      "def resolve_cert_reqs(candidate):",
      "    return candidate or CERT_REQUIRED",
      "",
      "",
      "def other():",
      "    pass",
      "",
    ].join("\n");
    const plan = await move(
      {
        sourcePath: "urllib3/util/ssl_.py",
        source,
        destPath: "urllib3/packages/certs.py",
        dest: "",
      },
      "resolve_cert_reqs",
    );
    expect(plan.destination.split("\n").slice(0, 4)).toEqual([
      "try:",
      "    from ssl import CERT_REQUIRED",
      "except ImportError:",
      "    CERT_REQUIRED = 2",
    ]);
    // The old module keeps no copy the unit alone needed.
    expect(plan.source.startsWith("__all__")).toBe(true);
    expect(plan.source).toContain('__all__ = [\n    "other",\n]');
    expect(plan.changes).toContain("urllib3/util/ssl_.py: __all__ drops resolve_cert_reqs");
  });

  it("names its own package relatively from a subpackage (`from . import util` → `from .. import util`), and imports the unit back in the function that uses it, not at the top, where the top would be a circular import (Markdown)", async () => {
    const source = [
      "from . import util",
      "",
      "",
      "class InlineProcessor:",
      "    pass",
      "",
      "",
      "class HtmlInlineProcessor(InlineProcessor):",
      "    def run(self, text):",
      "        return util.strip(text)",
      "",
      "",
      "def build_inlinepatterns(md):",
      '    """Build the default set of inline patterns."""',
      "    return [HtmlInlineProcessor(md)]",
      "",
    ].join("\n");
    const plan = await move(
      {
        sourcePath: "markdown/inlinepatterns.py",
        source,
        destPath: "markdown/extensions/html.py",
        dest: "",
      },
      "HtmlInlineProcessor",
    );
    expect(plan.destination.split("\n").slice(0, 3)).toEqual([
      "from .. import util",
      "from ..inlinepatterns import InlineProcessor",
      "",
    ]);
    expect(plan.source).toContain(
      'def build_inlinepatterns(md):\n    """Build the default set of inline patterns."""\n    from .extensions.html import HtmlInlineProcessor\n    return [HtmlInlineProcessor(md)]\n',
    );
    expect(plan.changes).toContain("markdown/inlinepatterns.py: drops imports util");
    expect(plan.blocked).toBeUndefined();
  });

  it("imports the unit back where the old module first reads it as it loads, below what the unit reads as it is defined: the cycle holds whichever module is imported first only if the project's load order says so, which the load check judges", async () => {
    const source = [
      "class Base:",
      "    pass",
      "",
      "",
      "class Child(Base):",
      "    pass",
      "",
      "",
      "REGISTRY = {'child': Child}",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/models.py", source, destPath: "pkg/sub/child.py", dest: "" },
      "Child",
    );
    // That holds while pkg/models.py is imported before pkg/sub/child.py (a package importing
    // it first, as Jinja's does its exceptions); where nothing says so, the load check
    // (python/load-check.ts) refuses the move: the invariant's shapes hold both.
    expect(plan.blocked).toBeUndefined();
    expect(plan.destination).toBe(
      "from pkg.models import Base\n\n\nclass Child(Base):\n    pass\n",
    );
    expect(plan.source).toBe(
      "class Base:\n    pass\n\n\nfrom pkg.sub.child import Child  # noqa: E402\n\nREGISTRY = {'child': Child}\n",
    );
    expect(plan.changes).toContain(
      "pkg/models.py: imports Child from pkg/sub/child.py at line 5, where it first reads it as it loads (a circular import at its top)",
    );
  });

  it("leaves TypeVars where they are when taking them along would put the import back above what the unit reads as it is defined (werkzeug's MultiDict)", async () => {
    // K and V go with Multi (its bases read them) and TCDict, which Multi's bases read, comes after
    // the module's first read of K; left where they are, the import back holds below TCDict.
    const source = [
      "from typing import Dict, List, TypeVar",
      "",
      'K = TypeVar("K")',
      'V = TypeVar("V")',
      "",
      "",
      "class TCDict(Dict[K, V]):",
      "    pass",
      "",
      "",
      "class Multi(TCDict[K, List[V]]):",
      "    pass",
      "",
      "",
      "class Frozen(Multi[K, V]):",
      "    pass",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/structures.py", source, destPath: "pkg/multi.py", dest: "" },
      "Multi",
    );
    expect(plan.blocked).toBeUndefined();
    expect(plan.moved).toEqual(["Multi"]);
    expect(plan.destination.split("\n").slice(0, 3)).toEqual([
      "from typing import List",
      "",
      "from pkg.structures import K, TCDict, V",
    ]);
    expect(plan.source).toContain(
      "\n\n\nfrom pkg.multi import Multi  # noqa: E402\n\n\nclass Frozen(Multi[K, V]):",
    );
  });

  it("breaks a cycle from the other side: the new module imports what it needs from the old one inside its functions, where the old module reads the unit as it loads", async () => {
    const source = [
      "class Child:",
      "    def make(self):",
      "        return helper()",
      "",
      "",
      "def helper():",
      "    return 1",
      "",
      "",
      "DEFAULT = Child()",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/models.py", source, destPath: "pkg/sub/child.py", dest: "" },
      "Child",
    );
    expect(plan.blocked).toBeUndefined();
    expect(plan.destination).toBe(
      // (planMove puts a line break before the unit in the new file.)
      "\nclass Child:\n    def make(self):\n        from pkg.models import helper\n        return helper()\n",
    );
    expect(plan.source).toContain("from pkg.sub.child import Child\n");
    expect(plan.changes).toContain(
      "pkg/sub/child.py: imports helper from pkg/models.py in the functions that use it (a circular import otherwise)",
    );
  });

  it("breaks a cycle through annotations: what the unit reads only in annotations is imported for type checkers alone, its annotations left unevaluated (rich's RenderHook)", async () => {
    const source = [
      "from typing import List",
      "",
      "",
      "class Renderable:",
      "    pass",
      "",
      "",
      "class Hook:",
      "    def process(self, items: List[Renderable]) -> List[Renderable]:",
      "        return [Renderable() for _ in items]",
      "",
      "",
      "class Console:",
      "    def push(self, hook: Hook) -> None:",
      "        self.hook = hook",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/console.py", source, destPath: "pkg/hooks.py", dest: "" },
      "Hook",
    );
    expect(plan.blocked).toBeUndefined();
    expect(plan.destination).toBe(
      [
        "from __future__ import annotations",
        "",
        "from typing import TYPE_CHECKING, List",
        "",
        "if TYPE_CHECKING:",
        "    from pkg.console import Renderable",
        "",
        "",
        "class Hook:",
        "    def process(self, items: List[Renderable]) -> List[Renderable]:",
        "        from pkg.console import Renderable",
        "        return [Renderable() for _ in items]",
        "",
      ].join("\n"),
    );
    expect(plan.source).toContain("from pkg.hooks import Hook\n");
    expect(plan.changes).toContain(
      "pkg/hooks.py: imports Renderable from pkg/console.py under TYPE_CHECKING alone, with from __future__ import annotations (read in annotations; a circular import otherwise)",
    );
  });

  it("makes no cycle where the old module never imports the new one: what the unit reads of it, in annotations too, is imported at the top (a dataclass moved out beside the one it names)", async () => {
    const source = [
      "from dataclasses import dataclass",
      "",
      "",
      "@dataclass",
      "class Customer:",
      "    email: str",
      "",
      "",
      "@dataclass",
      "class Invoice:",
      "    customer: Customer",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "models.py", source, destPath: "invoice.py", dest: "" },
      "Invoice",
    );
    expect(plan.destination).toBe(
      [
        "from dataclasses import dataclass",
        "",
        "from models import Customer",
        "",
        "",
        "@dataclass",
        "class Invoice:",
        "    customer: Customer",
        "",
      ].join("\n"),
    );
    expect(plan.changes.join("\n")).not.toMatch(/circular|TYPE_CHECKING/);
  });

  it("breaks that cycle with annotations evaluated where the module's code reads them when it runs (pydantic)", async () => {
    const source = [
      "from pydantic import BaseModel",
      "",
      "",
      "class Item(BaseModel):",
      "    name: str",
      "",
      "",
      "class Order(BaseModel):",
      "    items: list[Item]",
      "",
      "",
      "DEFAULT = Order(items=[])",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "shop/models.py", source, destPath: "shop/order.py", dest: "" },
      "Order",
    );
    // Not under TYPE_CHECKING: pydantic reads Item as Order is defined. The import back goes
    // below Item, where DEFAULT first reads Order.
    expect(plan.blocked).toBeUndefined();
    expect(plan.destination).toContain("from shop.models import Item\n");
    expect(plan.destination).not.toContain("TYPE_CHECKING");
    expect(plan.source).toContain(
      "    name: str\n\n\nfrom shop.order import Order  # noqa: E402\n\nDEFAULT = Order(items=[])\n",
    );
  });

  it("takes a TypeVar the unit's bases need along, and imports it back with the unit (rich's PromptBase)", async () => {
    const source = [
      "from typing import Generic, TypeVar",
      "",
      'T = TypeVar("T")',
      "",
      "",
      "class Base(Generic[T]):",
      "    def get(self) -> T:",
      "        raise NotImplementedError",
      "",
      "",
      "class Text(Base[str]):",
      "    def first(self, items: list[T]) -> T:",
      "        return items[0]",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/prompt.py", source, destPath: "pkg/base.py", dest: "" },
      "Base",
    );
    expect(plan.blocked).toBeUndefined();
    expect(plan.destination).toBe(
      [
        "from typing import Generic, TypeVar",
        "",
        'T = TypeVar("T")',
        "",
        "",
        "class Base(Generic[T]):",
        "    def get(self) -> T:",
        "        raise NotImplementedError",
        "",
      ].join("\n"),
    );
    expect(plan.source).toBe(
      [
        "from pkg.base import Base, T",
        "",
        "",
        "class Text(Base[str]):",
        "    def first(self, items: list[T]) -> T:",
        "        return items[0]",
        "",
      ].join("\n"),
    );
    expect(plan.moved).toEqual(["Base", "T"]);
  });

  it("carries a block of imports under a condition with what the unit needs of it, rather than importing those names from the old module", async () => {
    const source = [
      "import sys",
      "",
      "if sys.version_info >= (3, 8):",
      "    from typing import Literal, Protocol",
      "else:",
      "    from typing_extensions import Literal, Protocol",
      "",
      "",
      "class Cast(Protocol):",
      "    def cast(self) -> str: ...",
      "",
      "",
      'Mode = Literal["a", "b"]',
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "pkg/console.py", source, destPath: "pkg/cast.py", dest: "" },
      "Cast",
    );
    expect(plan.destination).toBe(
      [
        "import sys",
        "",
        "if sys.version_info >= (3, 8):",
        "    from typing import Protocol",
        "else:",
        "    from typing_extensions import Protocol",
        "",
        "",
        "class Cast(Protocol):",
        "    def cast(self) -> str: ...",
        "",
      ].join("\n"),
    );
    expect(plan.changes[0]).toBe(
      "pkg/cast.py: imports sys, Protocol (Protocol under pkg/console.py's own condition)",
    );
  });

  it("keeps an import a typing construct's string names (pyflakes reads Union[str, 'Text'] as a type; rich's console)", async () => {
    const source = [
      "from typing import Callable, Literal, Union",
      "",
      "from .text import Text",
      "",
      'HighlighterType = Callable[[Union[str, "Text"]], "Text"]',
      'Mode = Literal["Text"]',
      "",
      "",
      "def render(s):",
      "    return Text(s)",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "rich/console.py", source, destPath: "rich/render.py", dest: "" },
      "render",
    );
    expect(plan.source).toContain("from .text import Text\n");
    expect(plan.dropped).toBeUndefined();
  });

  // Reads the scopes must see (found by bench:real on werkzeug): the import goes with the unit.
  it.each([
    {
      // Request: `json_module = json`, then `def json`.
      read: "a class body's name, from the module until the body binds it",
      source:
        "import json\n\n\nclass Request:\n    json_module = json\n\n    def json(self):\n        return self.json_module.loads('{}')\n",
      unit: "Request",
      imported: "import json",
      local: "json",
    },
    {
      // WWWAuthenticate: `f"{dump_header(…)}"`.
      read: "the code in an f-string's braces",
      source:
        'from .http import dump_header\n\n\ndef show(p):\n    return f"Basic {dump_header(p)}"\n',
      unit: "show",
      imported: "from .http import dump_header",
      local: "dump_header",
    },
  ])("reads $read", async ({ source, unit, imported, local }) => {
    const plan = await move(
      { sourcePath: "pkg/auth.py", source, destPath: "pkg/moved.py", dest: "" },
      unit,
    );
    expect(plan.destination.startsWith(`${imported}\n`)).toBe(true);
    expect(plan.dropped).toEqual([local]);
  });

  it("judges by scope: a local of an import's name elsewhere neither keeps the import nor brings the unit back", async () => {
    const source = [
      "import json",
      "",
      "",
      "def dump(data):",
      "    return json.dumps(data)",
      "",
      "",
      "def load(json):",
      "    dump = json.strip()",
      "    return dump",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "app/io.py", source, destPath: "app/out.py", dest: "" },
      "dump",
    );
    expect(plan.source.trimStart().startsWith("def load(json):")).toBe(true);
    expect(plan.changes).toEqual(["app/out.py: imports json", "app/io.py: drops imports json"]);
  });

  it("names modules from where their package starts, not the agent's root, in a `src/` layout (click)", async () => {
    const source = "SEP = '/'\n\n\ndef join(a, b):\n    return a + SEP + b\n";
    const found = await move(
      { sourcePath: "src/click/utils.py", source, destPath: "src/click/paths/join.py", dest: "" },
      "join",
    );
    // Without the agent's names: from the root (what a flat layout means).
    expect(found.destination.split("\n")[0]).toBe("from src.click.utils import SEP");
    const plan = await planMove(
      "python",
      { sourcePath: "src/click/utils.py", source, destPath: "src/click/paths/join.py", dest: "" },
      "join",
      (t) =>
        planPythonImports({
          ...t,
          modules: {
            "src/click/utils.py": "click.utils",
            "src/click/paths/join.py": "click.paths.join",
          },
        }),
    );
    expect(plan.destination.split("\n")[0]).toBe("from click.utils import SEP");
  });

  it("imports its old module as the project does where that module shows nothing: relatively when the modules around do", async () => {
    const source =
      "import re\n\nSEP = re.compile('/')\n\n\ndef split(s):\n    return SEP.split(s)\n";
    const files = { sourcePath: "md/util.py", source, destPath: "md/ext/split.py", dest: "" };
    const plan = (relativeHint?: boolean) =>
      planMove("python", files, "split", (t) =>
        planPythonImports({ ...t, ...(relativeHint === undefined ? {} : { relativeHint }) }),
      );
    expect((await plan(true)).destination.split("\n")[0]).toBe("from ..util import SEP");
    expect((await plan(false)).destination.split("\n")[0]).toBe("from md.util import SEP");
    // The old module's own way wins over the hint.
    const relative = await planMove(
      "python",
      { ...files, source: `from . import text\n${source}` },
      "split",
      (t) => planPythonImports({ ...t, relativeHint: false }),
    );
    expect(relative.destination.split("\n")[0]).toBe("from ..util import SEP");
  });

  it("finds what a file looks up on the old module by a path in a string: pickles of protocols 2 and 4, an entry point (packaging)", async () => {
    const names = ["Version", "_Version", "slug"];
    const find = (text: string) =>
      pathStrings({
        sourcePath: "pkg/version.py",
        text,
        names,
        modules: { "pkg/version.py": "pkg.version" },
      });
    expect(await find('OLD = b"\\x80\\x02cpkg.version\\n_Version\\nq\\x04"\n')).toEqual([
      "_Version",
    ]);
    expect(await find('OLD = b"\\x8c\\x0bpkg.version\\x94\\x8c\\x07Version\\x94"\n')).toEqual([
      "Version",
    ]);
    expect(await find('EP = "pkg.version:slug"\n')).toEqual(["slug"]);
    // A dotted path itself is rewritten, not kept (dottedStrings); code is no string; another
    // module's path that ends in it is not its.
    expect(await find('P = "pkg.version.slug"\n')).toEqual([]);
    expect(await find("import pkg.version\n\npkg.version.slug()\n")).toEqual([]);
    expect(await find('OLD = b"cother.pkg.version\\nVersion\\n"\n')).toEqual([]);
  });

  it("keeps an import the unit took that another module reads through the old module (`util.strip`)", async () => {
    const source = "from .text import strip\n\n\ndef clean(s):\n    return strip(s)\n";
    expect(
      await readsThrough({
        importerPath: "md/core.py",
        sourcePath: "md/util.py",
        text: "from . import util\n\n\ndef f(s):\n    return util.strip(s)\n",
        names: ["strip"],
      }),
    ).toEqual(["strip"]);
    const plan = await planMove(
      "python",
      { sourcePath: "md/util.py", source, destPath: "md/ext/clean.py", dest: "" },
      "clean",
      (t) => planPythonImports({ ...t, keep: ["strip"] }),
    );
    // Read here no more: said to be meant, as pyflakes would call it unused.
    expect(plan.source.startsWith("from .text import strip  # noqa: F401\n")).toBe(true);
    expect(plan.changes).toContain(
      "md/util.py: keeps importing strip, which another module reads through it, unused here",
    );
    expect(plan.dropped).toBeUndefined();
  });
});

describe("an importer reaching the old module through another module that imports it (packaging's `tags._manylinux`)", () => {
  const modules = {
    "pkg/tags.py": "pkg.tags",
    "pkg/_manylinux.py": "pkg._manylinux",
    "pkg/moved/plat.py": "pkg.moved.plat",
  };

  it("keeps the module's import where others read it through the importer, said meant (noqa)", async () => {
    const plan = await planPythonImporter({
      importerPath: "pkg/tags.py",
      sourcePath: "pkg/_manylinux.py",
      destPath: "pkg/moved/plat.py",
      text: "from . import _manylinux, _musllinux\n\n\ndef linux():\n    return [*_manylinux.platform_tags(), *_musllinux.tags()]\n",
      moved: ["platform_tags"],
      modules,
      keepBound: ["_manylinux"],
    });
    expect(plan.text.split("\n")[0]).toBe("from . import _manylinux, _musllinux  # noqa: F401");
    expect(plan.changes).toContain(
      "pkg/tags.py: keeps importing _manylinux, which another module reads through it, unused here",
    );
  });

  it("follows and names patches made through it, quoting a call over lines on one, its comments left out", async () => {
    const plan = await planPythonImporter({
      importerPath: "tests/test_tags.py",
      sourcePath: "pkg/_manylinux.py",
      destPath: "pkg/moved/plat.py",
      text: 'from pkg import tags\n\n\ndef test(monkeypatch):\n    monkeypatch.setattr(\n        tags._manylinux,  # type: ignore[attr-defined]\n        "_is_compatible",\n        lambda *a: False,\n    )\n    monkeypatch.setattr(tags._manylinux, "platform_tags", lambda: ())\n',
      moved: ["platform_tags"],
      modules,
      boundIn: { "pkg.tags": "_manylinux" },
      unitReads: [{ name: "_is_compatible", stays: true, oldReads: false }],
    });
    expect(plan.text).toContain(
      "monkeypatch.setattr(\n        plat,  # type: ignore[attr-defined]\n",
    );
    expect(plan.unresolved).toEqual([
      'tests/test_tags.py: monkeypatch.setattr(tags._manylinux, "platform_tags", lambda: ()) patches what moved on pkg/_manylinux.py\'s module; not rewritten',
    ]);
  });
});

describe("an importer that patches the old module by assignment", () => {
  /** click's echo, moved from utils.py into moved/echo_mod.py, reading `should_strip_ansi` as `read` says. */
  const echoImporter = (importerPath: string, text: string, read: Omit<UnitRead, "name">) =>
    planPythonImporter({
      importerPath,
      sourcePath: "click/utils.py",
      destPath: "click/moved/echo_mod.py",
      text,
      moved: ["echo"],
      unitReads: [{ name: "should_strip_ansi", ...read }],
    });

  it("leaves a name it assigns on the old module as it is, and says so; another it only reads follows the unit (click's CliRunner)", async () => {
    const text = `from . import termui


def isolation(fake):
    old = termui.hidden_prompt_func
    termui.hidden_prompt_func = fake
    try:
        return termui.prompt("p"), termui.visible_prompt_func
    finally:
        termui.hidden_prompt_func = old
`;
    const plan = await planPythonImporter({
      importerPath: "click/testing.py",
      sourcePath: "click/termui.py",
      destPath: "click/moved/prompts.py",
      text,
      moved: ["hidden_prompt_func", "visible_prompt_func"],
    });
    expect(plan.text).toContain("termui.hidden_prompt_func = fake");
    expect(plan.text).toContain("old = termui.hidden_prompt_func");
    expect(plan.text).toContain("termui.hidden_prompt_func = old");
    expect(plan.text).not.toContain("termui.visible_prompt_func");
    expect(plan.unresolved).toEqual([
      "click/testing.py: assigns termui.hidden_prompt_func (a patch of click/termui.py), which reaches hidden_prompt_func only where click/termui.py reads it; left as it is",
    ]);
  });

  it("makes a patch of a name the unit reads on the new module, where the old one no longer reads it (click's `utils.should_strip_ansi`)", async () => {
    const text = `from . import formatting
from . import utils


def isolation(fake):
    old = utils.should_strip_ansi
    utils.should_strip_ansi = fake
    try:
        yield formatting.FORCED_WIDTH
    finally:
        utils.should_strip_ansi = old
`;
    const plan = await echoImporter("click/testing.py", text, { stays: false, oldReads: false });
    expect(plan.text).toBe(
      text
        .replace("from . import utils", "from .moved import echo_mod")
        .replaceAll("utils.should_strip_ansi", "echo_mod.should_strip_ansi"),
    );
    expect(plan.changes).toContain(
      "click/testing.py: patches should_strip_ansi on click.moved.echo_mod (what the unit reads there)",
    );
    expect(plan.unresolved).toEqual([]);
    // Its reads there go with the patch: the old module's import of it is not kept for them.
    expect(
      await readsThrough({
        importerPath: "click/testing.py",
        sourcePath: "click/utils.py",
        text,
        names: ["should_strip_ansi"],
        followed: ["should_strip_ansi"],
      }),
    ).toEqual([]);
  });

  it("imports the new module beside the old one where the old one is read for more, by its dotted path where the old one's is", async () => {
    const text = `import click.utils


def isolation(fake):
    click.utils.should_strip_ansi = fake
    return click.utils.make_str(1)
`;
    const plan = await echoImporter("tests/conftest.py", text, { stays: true, oldReads: false });
    expect(plan.text).toBe(`import click.utils
import click.moved.echo_mod


def isolation(fake):
    click.moved.echo_mod.should_strip_ansi = fake
    return click.utils.make_str(1)
`);
  });

  it("makes a patch by call through the module's name (`monkeypatch.setattr(utils, …)`) on the new module too", async () => {
    const text = `from click import utils


def test_color(monkeypatch):
    monkeypatch.setattr(utils, "should_strip_ansi", lambda s, c: False)
    assert utils.make_str(1) == "1"
`;
    const plan = await echoImporter("tests/test_utils.py", text, { stays: false, oldReads: false });
    expect(plan.text).toBe(`from click import utils
from click.moved import echo_mod


def test_color(monkeypatch):
    monkeypatch.setattr(echo_mod, "should_strip_ansi", lambda s, c: False)
    assert utils.make_str(1) == "1"
`);
    expect(plan.unresolved).toEqual([]);
    // A read of it there goes with the patch too.
    expect(
      await readsThrough({
        importerPath: "tests/test_utils.py",
        sourcePath: "click/utils.py",
        text: `${text}    assert utils.should_strip_ansi(None, None) is False\n`,
        names: ["should_strip_ansi"],
        followed: ["should_strip_ansi"],
      }),
    ).toEqual([]);
  });

  it("says so where the old module reads the patched name too: one patch cannot reach both", async () => {
    const text =
      "from . import utils\n\n\ndef isolation(fake):\n    utils.should_strip_ansi = fake\n";
    const plan = await echoImporter("click/testing.py", text, { stays: true, oldReads: true });
    expect(plan.text).toBe(text);
    expect(plan.unresolved).toEqual([
      "click/testing.py: assigns utils.should_strip_ansi, a name the unit reads, which click/utils.py reads too: the patch no longer reaches the unit in click/moved/echo_mod.py; not rewritten",
    ]);
  });
});

describe("a typing stub beside the old module (attrs' `validators.pyi`)", () => {
  const SOURCE = `def in_(options):
    return options


def not_(validator):
    return in_(validator)


def optional(validator):
    return validator
`;
  const STUB = `from typing import Any

def in_(options: Any) -> Any: ...
def not_(validator: Any) -> Any: ...
def optional(validator: Any) -> Any: ...
`;
  const plan = (symbol: string) =>
    planMove(
      "python",
      { sourcePath: "attr/validators.py", source: SOURCE, destPath: "attr/moved.py", dest: "" },
      symbol,
      (texts) => planPythonImports({ ...texts, stub: { path: "attr/validators.pyi", text: STUB } }),
    );

  it("names a declaration the stub keeps of a unit the old module no longer binds", async () => {
    const moved = await plan("optional");
    expect(moved.source).not.toMatch(/optional/);
    expect(moved.unresolved).toEqual([
      "attr/validators.pyi, the typing stub of attr/validators.py, still declares optional, which attr/validators.py no longer binds: stubs are not rewritten; move the declaration to a stub of the new module, or import it back in attr/validators.py",
    ]);
  });

  it("says nothing where the old module imports the unit back: the stub is still true", async () => {
    const moved = await plan("in_");
    expect(moved.source).toMatch(/^from attr\.moved import in_$/m);
    expect(moved.unresolved).toEqual([]);
  });
});

describe("an importer that binds the old module twice (cachetools' tests: `import cachetools`, `import cachetools.keys`)", () => {
  it("rewrites each read once", async () => {
    const plan = await planPythonImporter({
      importerPath: "tests/test_cached.py",
      sourcePath: "cachetools/keys.py",
      destPath: "cachetools/moved/typedkey.py",
      text: "import cachetools\nimport cachetools.keys\n\n\ndef f():\n    key = cachetools.keys.typedkey\n    return cachetools.keys.typedkey(0), key, cachetools.keys.hashkey(1)\n",
      moved: ["typedkey"],
    });
    expect(plan?.text).toBe(
      "import cachetools\nimport cachetools.keys\nfrom cachetools.moved.typedkey import typedkey\n\n\ndef f():\n    key = typedkey\n    return typedkey(0), key, cachetools.keys.hashkey(1)\n",
    );
  });
});

describe("private helpers only the unit reads (more-itertools' is_prime)", () => {
  const SOURCE = `__all__ = ["is_prime", "nth"]

# Bases known to suffice.
_bases = (2, 3, 5)


def _check(n, b):
    return pow(b, n - 1, n) == 1


def is_prime(n):
    return n in _bases or all(_check(n, b) for b in _bases if b < n)


def nth(xs, i):
    return xs[i]


def uses_nth(xs):
    return nth(xs, 0) and is_prime(2)
`;
  const plan = (source: string) =>
    planMove(
      "python",
      { sourcePath: "pkg/recipes.py", source, destPath: "pkg/primes.py", dest: "" },
      "is_prime",
      planPythonImports,
    );

  it("go with it, their comment lines too, where importing them would close a circle", async () => {
    const moved = await plan(SOURCE);
    // (planMove appends the unit after a line break.)
    expect(moved.destination.trimStart()).toBe(`# Bases known to suffice.
_bases = (2, 3, 5)


def _check(n, b):
    return pow(b, n - 1, n) == 1


def is_prime(n):
    return n in _bases or all(_check(n, b) for b in _bases if b < n)
`);
    expect(moved.source).not.toMatch(/_bases|_check|# Bases/);
    expect(moved.moved).toEqual(["is_prime", "_bases", "_check"]);
  });

  it("stay where the old module reads one of them too: imported in the functions instead", async () => {
    const moved = await plan(`${SOURCE}\n\ndef bases():\n    return _bases\n`);
    expect(moved.source).toMatch(/^_bases = \(2, 3, 5\)$/m);
    expect(moved.changes.join("\n")).not.toMatch(/moved with the unit/);
  });
});
