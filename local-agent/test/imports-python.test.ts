import { describe, expect, it } from "vitest";
import { planPythonImports } from "../src/imports/python.ts";
import { planMove } from "./support/plan-move.ts";

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
    expect(plan.destination.split("\n").slice(0, 3)).toEqual([
      "from app.util import clean, slug",
      "import os",
      "",
    ]);
    // page() uses neither os nor slug: they went with path_of, which comes back by import.
    expect(plan.source.split("\n").slice(0, 2)).toEqual(["from app.paths import path_of", ""]);
    expect(plan.changes).toEqual([
      "app/paths.py: imports os, slug",
      "app/pages.py: drops imports os, slug",
      "app/pages.py: imports path_of from app/paths.py",
    ]);
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
