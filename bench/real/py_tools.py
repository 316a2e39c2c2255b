"""The Python side of `npm run bench:real` (bench/real/real.ts): run with Debian's
/usr/bin/python3, which has rope and pyflakes (python3-rope, python3-pyflakes).

  units ROOT PKG...           the project's modules and its movable units, as JSON
  check ROOT PKG...           what the language itself says of the tree, as JSON
  rope ROOT FILE NAME DEST [IMPORT_ROOT]
                              rope's move of NAME in FILE into module file DEST (created
                              empty first, as a new file, and its package if new), with
                              IMPORT_ROOT (root-relative) as its source folder; the
                              files it changed, as JSON
  lint ROOT FILE...           every pyflakes message of the FILEs, as JSON
  tests ROOT ARG...           pytest in ROOT with ARGs: its exit code and the tests that
                              failed, as JSON (its own output kept to the last lines)

Paths are posix and relative to ROOT; PKG names the top-level packages under ROOT (the
import root: a project's src/ in a src layout). rope, lint and tests take the project's
own root, so that rope follows the tests' imports too and pytest finds its settings.
"""

import ast
import json
import os
import re
import sys
import tempfile
import warnings


def modules(root, packages):
    """Every .py file of the packages: (root-relative path, dotted module name)."""
    out = []
    for package in packages:
        for folder, dirs, files in os.walk(os.path.join(root, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                parts = rel[:-3].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                out.append((rel, ".".join(parts)))
    return out


def absolute(module, level, importer_module, is_package):
    """The absolute module a `from` names (`..util` in a.b.c → a.util)."""
    if level == 0:
        return module or ""
    base = importer_module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([module] if module else []))


def units(root, packages):
    """Top-level functions, classes and UPPER_CASE constants of each module, with how
    many other modules import each (`from M import N`, or `M.N` through an import of M)."""
    mods = modules(root, packages)
    names = {m for _, m in mods}
    found = []
    imported = {}  # (module, name) -> set of importer paths
    for rel, mod in mods:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        is_package = rel.endswith("__init__.py")
        aliases = {}  # local name -> module it names
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = absolute(node.module, node.level, mod, is_package)
                for alias in node.names:
                    sub = f"{source}.{alias.name}" if source else alias.name
                    if sub in names:
                        aliases[alias.asname or alias.name] = sub
                    elif source in names:
                        imported.setdefault((source, alias.name), set()).add(rel)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in names and alias.asname:
                        aliases[alias.asname] = alias.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                target = aliases.get(node.value.id)
                if target:
                    imported.setdefault((target, node.attr), set()).add(rel)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                unit_names = [node.name]
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                unit_names = [target.id] if isinstance(target, ast.Name) and target.id.isupper() else []
            else:
                unit_names = []
            for name in unit_names:
                if name.startswith("__"):
                    continue
                found.append({"path": rel, "module": mod, "name": name, "line": node.lineno})
    for unit in found:
        by = imported.get((unit["module"], unit["name"]), set()) - {unit["path"]}
        unit["importers"] = len(by)
    dirs = sorted({os.path.dirname(rel) for rel, _ in mods if rel.endswith("__init__.py")})
    # What importing each top-level package loads of the project, in a fresh interpreter: a
    # package that loads another's modules as it loads (attrs loads attr) is no destination
    # for them, as Python runs the package before any module in it.
    loads = {package.split("/")[-1]: loaded_by(root, package.split("/")[-1], names) for package in packages}
    print(json.dumps({"units": found, "packageDirs": dirs, "files": [rel for rel, _ in mods], "loads": loads}))


def loaded_by(root, module, names):
    """The modules among `names` that importing `module` loads (none, if it fails to import)."""
    error, loaded = import_in_child(root, module, names)
    return [] if error else loaded


def import_each(root, module):
    """Imports `module` in a fresh child process; the error it raised, or None."""
    return import_in_child(root, module)[0] or None


def import_in_child(root, module, names=frozenset()):
    """Imports `module` in a child process forked before anything of the project
    was imported: the error it raised ("" for none), and which of `names` it loaded."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        # What a module prints as it loads (pyparsing's show_best_practices prints a page)
        # goes to stderr: stdout carries the answer.
        sys.stdout.flush()
        os.dup2(2, 1)
        message = ""
        try:
            warnings.simplefilter("ignore")
            sys.path.insert(0, root)
            # The judge imported pyflakes before this fork: a project of that name (pyflakes
            # itself) is imported from its checkout, not found in what the judge loaded.
            top = module.split(".")[0]
            for name in [m for m in sys.modules if m == top or m.startswith(f"{top}.")]:
                del sys.modules[name]
            __import__(module)
        except BaseException as error:  # noqa: BLE001 - any failure is the finding
            message = f"{type(error).__name__}: {error}"[:2000]
        loaded = sorted(m for m in sys.modules if m in names)
        os.write(write, json.dumps({"error": message, "loaded": loaded}).encode("utf-8", "replace"))
        os._exit(0)
    os.close(write)
    chunks = []
    while True:
        chunk = os.read(read, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    done = json.loads(b"".join(chunks).decode("utf-8", "replace") or '{"error": "", "loaded": []}')
    return done["error"], done["loaded"]


def check(root, packages):
    """Compiles every module, imports each in a fresh process, and runs pyflakes'
    checks of names (undefined names, in __all__ too): each finding as
    {file, kind, message} (no line numbers, so findings compare across edits)."""
    from pyflakes import checker, messages

    findings = []
    mods = modules(root, packages)
    for rel, _ in mods:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            source = f.read()
        try:
            compile(source, rel, "exec", dont_inherit=True)
        except SyntaxError as error:
            findings.append({"file": rel, "kind": "compile", "message": f"SyntaxError: {error.msg}"})
    for rel, mod in mods:
        error = import_each(root, mod)
        if error:
            findings.append({"file": rel, "kind": "import", "message": error})
    wanted = (messages.UndefinedName, messages.UndefinedExport, messages.UndefinedLocal)
    for rel, _ in mods:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            source = f.read()
        try:
            tree = ast.parse(source, rel)
        except SyntaxError:
            continue
        for message in checker.Checker(tree, filename=rel).messages:
            if isinstance(message, wanted):
                text = message.message % message.message_args
                findings.append({"file": rel, "kind": "pyflakes", "message": text})
    print(json.dumps(findings))


def lint(root, files):
    """pyflakes' messages of each file (Python's default linter, all of them), as
    {file, message}: line numbers left out, so messages compare across edits."""
    from pyflakes import checker

    findings = []
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            source = f.read()
        try:
            tree = ast.parse(source, rel)
        except SyntaxError as error:
            findings.append({"file": rel, "message": f"SyntaxError: {error.msg}"})
            continue
        lines = source.splitlines()
        for message in checker.Checker(tree, filename=rel).messages:
            if suppressed(message, lines):
                continue
            text = re.sub(r"line \d+", "line N", message.message % message.message_args)
            findings.append({"file": rel, "message": text})
    print(json.dumps(findings))


# pyflakes' messages by the codes flake8 and ruff give them (their F rules).
CODES = {
    "UnusedImport": "F401",
    "ImportShadowedByLoopVar": "F402",
    "ImportStarUsed": "F403",
    "LateFutureImport": "F404",
    "ImportStarUsage": "F405",
    "RedefinedWhileUnused": "F811",
    "UndefinedName": "F821",
    "UndefinedExport": "F822",
    "UndefinedLocal": "F823",
    "UnusedVariable": "F841",
    "UnusedAnnotation": "F842",
}


def suppressed(message, lines):
    """Whether the message's line says `# noqa` (all codes) or `# noqa: …` with its code, as
    flake8 and ruff, which run pyflakes' checks as their F rules, read it."""
    line = lines[message.lineno - 1] if 0 < message.lineno <= len(lines) else ""
    noqa = re.search(r"#\s*noqa(?::\s*([A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", line, re.I)
    if not noqa:
        return False
    codes = noqa.group(1)
    return codes is None or CODES.get(type(message).__name__, "") in re.split(r"[,\s]+", codes)


class FailedTests:
    """A pytest plugin: the ids of the tests (setup, call or teardown) and the
    collectors (a test module that cannot be imported) that failed."""

    def __init__(self):
        self.ids = set()

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.ids.add(report.nodeid)

    def pytest_collectreport(self, report):
        if report.failed:
            self.ids.add(report.nodeid)


def run_tests(root, args):
    """pytest in ROOT (the caller puts the import root on PYTHONPATH); its output goes
    to a file, of which the last lines are kept for a run that did not complete."""
    import pytest

    os.chdir(root)
    # Hypothesis keeps the examples it found in .hypothesis/ under the checkout, which the bench
    # checks no test writes to: none kept (the profiles a project loads inherit it).
    try:
        from hypothesis import settings

        settings.register_profile("edgeclip-bench", database=None)
        settings.load_profile("edgeclip-bench")
    except ImportError:
        pass
    failed = FailedTests()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as output:
        os.dup2(output.fileno(), 1)
        os.dup2(output.fileno(), 2)
        try:
            # A test module that cannot be imported is one failure; the others still run.
            options = ["-p", "no:cacheprovider", "-q", "--continue-on-collection-errors"]
            code = pytest.main([*options, *args], plugins=[failed])
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
        output.seek(0)
        tail = output.read().decode("utf-8", "replace").splitlines()[-20:]
    print(json.dumps({"exit": int(code), "failed": sorted(failed.ids), "tail": tail}))


def rope_move(root, file, name, dest, import_root="."):
    from rope.base.project import Project
    from rope.refactor.move import create_move

    dest_abs = os.path.join(root, dest)
    package = os.path.dirname(dest_abs)
    if not os.path.isdir(package):  # a new package, made first as rope needs
        os.makedirs(package)
        open(os.path.join(package, "__init__.py"), "w").close()
    if not os.path.exists(dest_abs):
        open(dest_abs, "w").close()
    # The import root as rope's source folder: left to guess, rope takes the root alone
    # wherever tests/ is a package (marshmallow), and follows no importer under src/.
    folders = {} if import_root == "." else {"source_folders": [import_root]}
    project = Project(root, ropefolder=None, **folders)
    try:
        resource = project.get_resource(file)
        source = resource.read()
        tree = ast.parse(source)
        offset = None
        lines = source.splitlines(keepends=True)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
                line = lines[node.lineno - 1]
                offset = sum(len(l) for l in lines[: node.lineno - 1]) + line.index(name, line.index("def " if not isinstance(node, ast.ClassDef) else "class "))
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                offset = sum(len(l) for l in lines[: node.lineno - 1]) + lines[node.lineno - 1].index(name)
        if offset is None:
            raise ValueError(f"{name} not found in {file}")
        # rope counts offsets in characters of the text it read, as Python strings do.
        mover = create_move(project, resource, offset)
        changes = mover.get_changes(project.get_resource(dest))
        project.do(changes)
        print(json.dumps({"ok": True, "changed": sorted(r.path for r in changes.get_changed_resources())}))
    except Exception as error:  # noqa: BLE001 - rope's refusal is the finding
        print(json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"}))
    finally:
        project.close()


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    command, root, *rest = sys.argv[1:]
    if command == "units":
        units(root, rest)
    elif command == "check":
        check(root, rest)
    elif command == "rope":
        rope_move(root, *rest)
    elif command == "lint":
        lint(root, rest)
    elif command == "tests":
        run_tests(root, rest)
    else:
        raise SystemExit(f"unknown command {command}")
