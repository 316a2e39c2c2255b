import {
  addItem,
  dropItems,
  escapeRegExp,
  freeAlias,
  type ImporterPlan,
  type ImportPlan,
  importerChanges,
  insertItem,
  kids,
  lineEnd,
  lineStart,
  type MoveTexts,
  replaceRanges,
  type Span,
  type TextEdit,
  type UnitRead,
} from "../../imports/plan.ts";
import { type Node, type Tree, withTree } from "../../syntax/parser.ts";
import { firstLoadRead, namedInStrings, observerAfter, statementAt } from "./cycles.ts";
import { TYPE_CHECKING } from "./load.ts";
import { functionGlobals, type ModuleRead, moduleNames, moduleReads } from "./scopes.ts";
import { PYTHON_STDLIB } from "./stdlib.ts";

/**
 * Import-aware moves for Python (DESIGN.md §3), as typescript/move.ts does
 * for scripts: the destination gains the imports the unit uses (merged into a
 * `from M import …` of the same module; relative imports rewritten for its
 * package; `from __future__ import annotations` and the imports under `if
 * TYPE_CHECKING:` it relies on carried as they were), names the unit uses from
 * its old module are imported from there, imports only the unit used leave
 * the old module (and its `__all__` lets go of what moved), and the old
 * module imports the unit back if it still uses it: at its top, or, where
 * that would make a circular import, inside the functions that use it; where
 * neither can work, the move is refused naming the cycle. Names are resolved
 * by scope (python/scopes.ts). Modules are named from their paths (root-
 * relative posix) as the agent names them (`modules`: a `src/` layout's
 * package starts below `src/`), else from the root. A `from M import *` the
 * unit may rely on is reported, never guessed.
 */

interface Part extends Span {
  /** The name it binds in the module (`np`, `User`, `os` for `import os.path`). */
  local: string;
  /** The name imported (`Order` in `Order as O`; the dotted name of an `import`). */
  name: string;
  /** As written (`Order as O`, `numpy as np`, `os.path`). */
  text: string;
}

interface Statement {
  kind: "import" | "from";
  /** Which group of imports it is in: groups are set apart by blank lines (stdlib, third-party, local). */
  group: number;
  /** `from` statements: the module as written (`.models`, `flask`). */
  module: string;
  parts: Part[];
  wildcard: boolean;
  node: Span;
  /** Under the module's `if TYPE_CHECKING:`. */
  typeChecking: boolean;
}

/** The module's `if TYPE_CHECKING:` block: its condition as written, and where its body ends. */
interface TypeCheckingBlock {
  guard: string;
  /** The whole `if` statement, from its line's start. */
  start: number;
  end: number;
  indent: string;
  /** It holds imports only: once they all go, it goes. */
  importsOnly: boolean;
}

interface Facts {
  statements: Statement[];
  /**
   * Top-level definitions and assignments, with their spans; `readsItself`, an assignment that
   * reads the name it rebinds (`_timelex = deprecate(_timelex)`): bound by what came before.
   */
  topLevel: { name: string; start: number; end: number; readsItself?: true }[];
  /** Names bound at the top level inside compound statements (`try: import json`, `if …: X = 1`). */
  nested: Set<string>;
  /** Names defined, not imported, under `if TYPE_CHECKING:` (a Protocol for annotations alone). */
  typeOnly: Set<string>;
  /** Where new imports go: after the last import (and the docstring, the `__future__` imports). */
  insertAt: number;
  /** Where a `from __future__` import goes: after the docstring and the other ones. */
  futureAt: number;
  future: Set<string>;
  typeChecking: TypeCheckingBlock | undefined;
  /**
   * Imports in a compound statement under `if TYPE_CHECKING:` (`try: import rich`): carried to
   * a new module's block as plain imports, as type checkers read them; never edited in place.
   */
  typeCheckingNested: Statement[];
  /** Those of the compound statements holding imports alone: they go as top-level guarded blocks go. */
  typeCheckingGuarded: GuardedBlock[];
  /** `__all__ = [ … ]`'s entries, when the module lists them. */
  all: (Span & { name: string })[] | undefined;
  /** Top-level `if`/`try` statements of imports alone (`if sys.version_info …:`, `except ImportError:`). */
  guarded: GuardedBlock[];
}

/** A top-level `if` or `try` whose branches hold only imports, `pass` and names set to literals. */
interface GuardedBlock extends Span {
  node: Node;
  /** The names its branches bind. */
  names: Set<string>;
}

const CLAUSES = new Set(["elif_clause", "else_clause", "except_clause", "finally_clause"]);

/** The branch bodies of an `if`/`try` statement. */
function branchBodies(node: Node): Node[] {
  return kids(node).flatMap((c) =>
    c.type === "block" ? [c] : CLAUSES.has(c.type) ? branchBodies(c) : [],
  );
}

/**
 * A statement a guarded block may hold: an import, `pass`, or a name set to a
 * literal (`pygments = True`, `except ImportError: CERT_REQUIRED = 2`), which
 * a copy keeps as it was.
 */
function guardedStatement(node: Node): boolean {
  if (node.type === "expression_statement") {
    const assign = kids(node)[0];
    return (
      assign?.type === "assignment" &&
      assign.childForFieldName("left")?.type === "identifier" &&
      /^(true|false|none|integer|float|string)$/.test(assign.childForFieldName("right")?.type ?? "")
    );
  }
  return (
    node.type === "import_statement" ||
    node.type === "import_from_statement" ||
    node.type === "pass_statement" ||
    node.type === "comment"
  );
}

function guardedBlock(node: Node, text: string): GuardedBlock | undefined {
  if (node.type !== "if_statement" && node.type !== "try_statement") return undefined;
  const bodies = branchBodies(node);
  if (!bodies.length || !bodies.every((b) => kids(b).every(guardedStatement))) return undefined;
  const names = new Set<string>();
  nestedBindings(node, names);
  return {
    node,
    names,
    start: text.lastIndexOf("\n", node.startIndex - 1) + 1,
    end: lineEnd(text, node.endIndex),
  };
}

/**
 * A guarded block's text keeping only what binds `keep`: other imported
 * names and assignments left out, a branch left with nothing says `pass`.
 */
function guardedText(block: GuardedBlock, text: string, keep: ReadonlySet<string>): string {
  const edits: TextEdit[] = [];
  for (const body of branchBodies(block.node)) {
    const statements = kids(body).filter((c) => c.type !== "comment");
    const own: TextEdit[] = [];
    let kept = 0;
    for (const st of statements) {
      const drop = () =>
        own.push({
          start: text.lastIndexOf("\n", st.startIndex - 1) + 1,
          end: lineEnd(text, st.endIndex),
          insert: "",
        });
      const statement = statementOf(st, false);
      if (statement) {
        const parts = statement.parts.filter((p) => keep.has(p.local));
        if (!parts.length) drop();
        else {
          kept++;
          if (parts.length < statement.parts.length)
            own.push({
              start: st.startIndex,
              end: st.endIndex,
              insert: `${statement.kind === "from" ? `from ${statement.module} ` : ""}import ${parts.map((p) => p.text).join(", ")}`,
            });
        }
      } else if (
        st.type === "expression_statement" &&
        keep.has(kids(st)[0]?.childForFieldName("left")?.text ?? "")
      )
        kept++;
      else drop();
    }
    const first = statements[0];
    const last = statements.at(-1);
    if (kept) edits.push(...own);
    else if (first && last)
      edits.push({ start: first.startIndex, end: last.endIndex, insert: "pass" });
  }
  const shifted = edits.map((e) => ({
    ...e,
    start: e.start - block.start,
    end: e.end - block.start,
  }));
  return replaceRanges(text.slice(block.start, block.end), shifted);
}

/**
 * Imports in functions (`import jmespath.parser` in each of two tests), each
 * with the reads of the module through it: a read is the import's of the
 * innermost function holding both (else the module's, for one outside any
 * function), so that no read is rewritten twice, nor under an import of
 * another function.
 */
function innermostUses<T extends { statement: Statement; local: string | undefined; uses: Span[] }>(
  tree: Tree,
  nested: T[],
): (T & { scope: Span })[] {
  const scopeOf = (at: number): Span =>
    functionAt(tree, at) ?? { start: 0, end: tree.rootNode.endIndex };
  const scopes = nested.map((n) => scopeOf(n.statement.node.start));
  return nested.map((n, i) => {
    const own = scopes[i] as Span;
    const uses = n.uses.filter((u) => {
      if (u.start < own.start || u.end > own.end) return false;
      // A narrower function holding the read, with an import of the same name: its read.
      return !nested.some((m, j) => {
        const other = scopes[j] as Span;
        return (
          j !== i &&
          m.local === n.local &&
          other.start <= u.start &&
          u.end <= other.end &&
          (other.end - other.start < own.end - own.start ||
            (other.start === own.start && other.end === own.end && j < i))
        );
      });
    });
    return { ...n, uses, scope: own };
  });
}

/**
 * `# noqa: F401` for an import kept only for the modules that read it through
 * this one, on the line pyflakes and flake8 report it at: the statement's
 * first (after its `(`), or its last where the first ends in a backslash.
 * Nothing where that line says `noqa` for every code already; where it names
 * others (`# noqa: F403`), F401 joins them.
 */
function keptForOthers(text: string, statement: Span): TextEdit | undefined {
  const lineEnd = (at: number) => {
    const eol = text.indexOf("\n", at);
    return eol === -1 ? text.length : eol;
  };
  const first = lineEnd(statement.start);
  const at =
    first >= statement.end || text.slice(0, first).trimEnd().endsWith("\\")
      ? lineEnd(statement.end)
      : first;
  const line = text.slice(lineStart(text, at), at);
  const codes = /#\s*noqa:\s*[A-Z]+\d+(?:[ \t]*,[ \t]*[A-Z]+\d+)*/i.exec(line);
  if (codes) {
    if (/\bF401\b/i.test(codes[0])) return undefined;
    const end = lineStart(text, at) + codes.index + codes[0].length;
    return { start: end, end, insert: ", F401" };
  }
  if (/#\s*noqa\b/i.test(line)) return undefined;
  return { start: at, end: at, insert: "  # noqa: F401" };
}

/** The module's top-level calls (`register(Pattern)`), each with its first line. */
function topLevelCalls(tree: Tree): (Span & { text: string })[] {
  return kids(tree.rootNode).flatMap((st) => {
    const call = st.type === "expression_statement" ? st.firstNamedChild : null;
    if (call?.type !== "call") return [];
    const line = st.text.split("\n")[0] ?? "";
    return [
      {
        start: st.startIndex,
        end: st.endIndex,
        text: line.length > 80 ? `${line.slice(0, 79)}…` : line,
      },
    ];
  });
}

/** The innermost function holding offset `at`, if any. */
function functionAt(tree: Tree, at: number): Span | undefined {
  for (let n = tree.rootNode.descendantForIndex(at); n; n = n.parent)
    if (n.type === "function_definition") return { start: n.startIndex, end: n.endIndex };
  return undefined;
}

/** The top-level statement holding offset `at`. */
function topStatementAt(tree: Tree, at: number): Node | null {
  let statement = tree.rootNode.descendantForIndex(at);
  while (statement?.parent && statement.parent.id !== tree.rootNode.id)
    statement = statement.parent;
  return statement;
}

/** A top-level assignment taken along with the unit: its line(s), and the names it reads. */
interface Taken extends Span {
  name: string;
  /** A `try` or `if` taken whole: the other names it binds, which go with it. */
  also?: string[];
  text: string;
  /** As the new module has it, where that differs (a block's relative imports, named from there). */
  destText?: string;
  reads: string[];
  /** A private helper only the unit used (companionsOf), not what it reads as it is defined. */
  companion?: true;
}

/** How a receipt names what went along: `_MISSING (its \`try\` block, with make_sentinel)` for a block. */
function takenName(t: Taken): string {
  if (!t.also) return t.name;
  const kind = t.text.trimStart().startsWith("if") ? "if" : "try";
  return `${t.name} (its \`${kind}\` block${t.also.length ? `, with ${t.also.join(", ")}` : ""})`;
}

/**
 * Where the new module would import from the old one what only the unit
 * used (more-itertools' `is_prime` reads `_perfect_tests`,
 * `_strong_probable_prime` and `_private_randrange`, which nothing else
 * reads) and so close a circle: those private helpers, to go with the unit.
 * Each is private (`_name`, not `__dunder__`), defined once at the top
 * level by a def, a class or a plain assignment, not in `__all__`, read in
 * the old module by the unit or another of them alone, and reads of the
 * module only its imports and the others. Undefined unless every name the
 * new module would import from the old one is such a helper: the circle is
 * gone then, and only then is it worth moving more than was asked.
 */
async function companionsOf(
  text: string,
  facts: Facts,
  unit: Span,
  fromSource: readonly string[],
): Promise<Taken[] | undefined> {
  if (!fromSource.length) return undefined;
  const imports = new Set(facts.statements.flatMap((st) => st.parts.map((p) => p.local)));
  const defined = new Set([...facts.topLevel.map((t) => t.name), ...facts.nested]);
  return withTree(text, "python", (tree) => {
    const reads = moduleReads(tree, text, 0, text.length);
    const found = new Map<string, Taken>();
    const queue = [...fromSource];
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (found.has(name)) continue;
      if (!/^_/.test(name) || /^__.*__$/.test(name)) return undefined;
      if (facts.nested.has(name) || facts.all?.some((a) => a.name === name)) return undefined;
      const defs = facts.topLevel.filter((t) => t.name === name);
      const def = defs[0];
      if (defs.length !== 1 || !def) return undefined;
      const statement = topStatementAt(tree, def.start);
      const kind = statement?.type;
      const assign = statement ? kids(statement)[0] : undefined;
      const plain =
        kind === "function_definition" ||
        kind === "class_definition" ||
        kind === "decorated_definition" ||
        (kind === "expression_statement" &&
          assign?.type === "assignment" &&
          assign.childForFieldName("right")?.type !== "assignment");
      if (!statement || !plain) return undefined;
      // Its comment lines just above go with it (`# Miller–Rabin primality test: …`).
      let start = text.lastIndexOf("\n", statement.startIndex - 1) + 1;
      for (let above = text.lastIndexOf("\n", start - 2) + 1; start > 0; ) {
        if (!/^[ \t]*#/.test(text.slice(above, start))) break;
        start = above;
        above = text.lastIndexOf("\n", start - 2) + 1;
      }
      const end = lineEnd(text, statement.endIndex);
      const own = moduleReads(tree, text, start, end).map((r) => r.name);
      found.set(name, {
        name,
        start,
        end,
        text: text.slice(start, end),
        reads: own,
        companion: true,
      });
      for (const n of own)
        if (defined.has(n) && !imports.has(n) && n !== name && !found.has(n)) queue.push(n);
    }
    // Read elsewhere in the old module than in the unit and the helpers: it stays.
    const spans = [unit, ...found.values()];
    for (const r of reads)
      if (found.has(r.name) && !spans.some((s) => r.at >= s.start && r.at < s.end))
        return undefined;
    return [...found.values()].sort((a, b) => a.start - b.start);
  });
}

/**
 * Where the old module reads the unit as it loads (so the unit is imported back at its top),
 * the old module's assignments the unit reads as it is defined (`Generic[T]`, a default), if
 * they read nothing of the module but its imports: a `T = TypeVar("T")` goes with the unit
 * rather than being imported back from the module that imports the unit.
 */
async function takenAlong(
  input: PythonMoveInput,
  before: { facts: Facts },
  moved: ReadonlySet<string>,
): Promise<Taken[]> {
  const { sourceBefore: text, unit } = input;
  const inside = (at: number) => at >= unit.start && at < unit.end;
  const imports = new Set(before.facts.statements.flatMap((st) => st.parts.map((p) => p.local)));
  const defined = new Set([...before.facts.topLevel.map((t) => t.name), ...before.facts.nested]);
  return withTree(text, "python", (tree) => {
    const reads = moduleReads(tree, text, 0, text.length);
    const loadsUnit = reads.some(
      (r) => moved.has(r.name) && !inside(r.at) && r.immediate && r.annotation !== "string",
    );
    if (!loadsUnit) return [];
    const wanted = new Set(
      reads
        .filter((r) => inside(r.at) && r.immediate && r.annotation === undefined)
        .map((r) => r.name),
    );
    /** A plain assignment at the top level, the only binding of its name, outside the unit: its span and reads. */
    const plain = (name: string) => {
      const found = before.facts.topLevel.filter((o) => o.name === name);
      const t = found[0];
      if (found.length !== 1 || !t || moved.has(name) || inside(t.start)) return undefined;
      const statement = topStatementAt(tree, t.start);
      const assign = statement ? kids(statement)[0] : undefined;
      if (
        statement?.type !== "expression_statement" ||
        assign?.type !== "assignment" ||
        assign.childForFieldName("right")?.type === "assignment"
      )
        return undefined;
      const own = moduleReads(tree, text, t.start, t.end).map((r) => r.name);
      return { t, own, needs: own.filter((n) => defined.has(n) && !imports.has(n) && n !== name) };
    };
    // What the unit reads as it is defined, and the plain assignments those read in turn
    // (pyasn1's `noValue = NoValue()` after `NoValue = base.NoValue`): all go, or none of a chain
    // that reads anything else the module defines.
    // Where the old module is a package's `__init__.py` around the new one, importing the new
    // module runs it first, and an import of the name placed after it holds: no chain is taken.
    const runsFirst =
      /(^|\/)__init__\.py$/.test(input.sourcePath) &&
      input.destPath.startsWith(input.sourcePath.slice(0, input.sourcePath.lastIndexOf("/") + 1));
    const chain = new Map<string, NonNullable<ReturnType<typeof plain>>>();
    const failed = new Set<string>();
    const follow = (name: string): boolean => {
      if (chain.has(name)) return true;
      if (failed.has(name)) return false;
      const found = plain(name);
      if (!found || (runsFirst && found.needs.length)) {
        failed.add(name);
        return false;
      }
      chain.set(name, found);
      if (found.needs.every(follow)) return true;
      chain.delete(name);
      failed.add(name);
      return false;
    };
    const out: Taken[] = [];
    for (const name of wanted) follow(name);
    for (const [name, { t, own }] of chain) {
      const start = text.lastIndexOf("\n", t.start - 1) + 1;
      const end = lineEnd(text, t.end);
      out.push({ name, start, end, text: text.slice(start, end), reads: own });
    }
    // A top-level `try` or `if` binding what the unit reads as it is defined from nothing else of
    // the module (boltons' `try: from .typeutils import make_sentinel; _MISSING =
    // make_sentinel(…)` / `except ImportError: _MISSING = object()`), whose other names only
    // the unit reads: goes whole, its relative imports named from the new module. Copied, a
    // sentinel would be two objects; left, the new module would import it from the old one.
    for (const node of kids(tree.rootNode)) {
      if (node.type !== "try_statement" && node.type !== "if_statement") continue;
      if (inside(node.startIndex) || typeCheckingGuard(node)) continue;
      if (before.facts.guarded.some((g) => g.start === lineStart(text, node.startIndex))) continue;
      const binds = new Set<string>();
      nestedBindings(node, binds);
      const name = [...binds].find((n) => wanted.has(n) && !moved.has(n));
      if (!name) continue;
      const outside = (r: ModuleRead) =>
        (r.at < node.startIndex || r.at >= node.endIndex) && !inside(r.at);
      if (
        [...binds].some(
          (n) =>
            (!wanted.has(n) && reads.some((r) => r.name === n && outside(r))) ||
            before.facts.topLevel.some((t) => t.name === n) ||
            imports.has(n),
        )
      )
        continue;
      const own = moduleReads(tree, text, node.startIndex, node.endIndex)
        .map((r) => r.name)
        .filter((n) => !binds.has(n));
      if (own.some((n) => defined.has(n) && !imports.has(n))) continue;
      const start = lineStart(text, node.startIndex);
      const end = lineEnd(text, node.endIndex);
      const block = text.slice(start, end);
      const relative = innerRelativeImports(tree, node.startIndex, node.endIndex);
      const destText = replaceRanges(
        block,
        relative.map((i) => ({
          start: i.start - start,
          end: i.end - start,
          insert: relativeOf(
            absoluteOf(i.text, input.sourcePath, input.modules),
            input.destPath,
            input.modules,
          ),
        })),
      );
      out.push({
        name,
        also: [...binds].filter((n) => n !== name),
        start,
        end,
        text: block,
        ...(destText !== block ? { destText } : {}),
        reads: [...new Set(own)],
      });
    }
    return out.sort((a, b) => a.start - b.start);
  });
}

/** Packages that read annotations when code runs: a move does not leave theirs unevaluated. */
const RUNTIME_ANNOTATIONS = new Set([
  "pydantic",
  "fastapi",
  "typer",
  "msgspec",
  "sqlmodel",
  "attr",
  "attrs",
  "cattrs",
  "strawberry",
  "beartype",
  "typeguard",
  "dataclasses_json",
  "marshmallow_dataclass",
]);

/** A guarded block carried to a new module: its text, the names it binds, the names its conditions read. */
interface Carried {
  text: string;
  names: string[];
  reads: string[];
}

/**
 * The old module's guarded blocks binding names the unit uses (and does not
 * import otherwise), kept to those names; a block whose condition reads one
 * of the module's own definitions stays, its names imported from there.
 */
async function carriedBlocks(
  source: string,
  before: { facts: Facts; used: ReadonlySet<string> },
  moved: ReadonlySet<string>,
  imported: ReadonlySet<string>,
): Promise<Carried[]> {
  const wanted = (g: { names: Set<string> }) =>
    [...g.names].filter((n) => before.used.has(n) && !moved.has(n) && !imported.has(n));
  if (!before.facts.guarded.some((g) => wanted(g).length)) return [];
  const defined = new Set([...before.facts.topLevel.map((t) => t.name), ...before.facts.nested]);
  const importedHere = new Set(
    before.facts.statements.flatMap((st) => st.parts.map((p) => p.local)),
  );
  return withTree(source, "python", (tree) => {
    const out: Carried[] = [];
    for (const block of factsOf(tree, source).guarded) {
      const names = wanted(block);
      if (!names.length) continue;
      const reads = [
        ...new Set(
          moduleReads(tree, source, block.start, block.end)
            .map((r) => r.name)
            .filter((n) => !block.names.has(n)),
        ),
      ];
      if (reads.some((n) => defined.has(n) && !importedHere.has(n))) continue;
      out.push({
        text: guardedText(block, source, new Set(names)),
        names,
        reads: reads.filter((n) => importedHere.has(n)),
      });
    }
    return out;
  });
}

/** `text` (a module) with `carried` blocks after its imports. */
async function withCarried(text: string, carried: readonly Carried[]): Promise<string> {
  if (!carried.length) return text;
  const at = await withTree(text, "python", (tree) => factsOf(tree, text).insertAt);
  const gap = text.slice(0, at).trim() ? "\n" : "";
  return `${text.slice(0, at)}${gap}${carried.map((c) => c.text).join("\n")}${text.slice(at)}`;
}

function partOf(node: Node, kind: "import" | "from"): Part | undefined {
  const span = { start: node.startIndex, end: node.endIndex };
  if (node.type === "dotted_name") {
    const first = kids(node).find((c) => c.type === "identifier");
    // `import os.path` binds `os`; `from m import x` binds `x`.
    const local = kind === "import" ? first?.text : node.text;
    return local ? { local, name: node.text, text: node.text, ...span } : undefined;
  }
  if (node.type === "aliased_import") {
    const alias = node.childForFieldName("alias");
    const name = node.childForFieldName("name");
    return alias
      ? { local: alias.text, name: name?.text ?? "", text: node.text, ...span }
      : undefined;
  }
  return undefined;
}

function statementOf(child: Node, typeChecking: boolean): Omit<Statement, "group"> | undefined {
  if (child.type !== "import_statement" && child.type !== "import_from_statement") return undefined;
  const kind = child.type === "import_statement" ? "import" : "from";
  const moduleNode = child.childForFieldName("module_name");
  const parts: Part[] = [];
  for (const c of kids(child)) {
    if (c.id === moduleNode?.id || c.type === "from" || c.type === "import") continue;
    const part = partOf(c, kind);
    if (part) parts.push(part);
  }
  return {
    kind,
    module: moduleNode?.text ?? "",
    parts,
    wildcard: kids(child).some((c) => c.type === "wildcard_import"),
    node: { start: child.startIndex, end: child.endIndex },
    typeChecking,
  };
}

/** `if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:` (any alias). */
function typeCheckingGuard(node: Node): string | undefined {
  if (node.type !== "if_statement") return undefined;
  const condition = node.childForFieldName("condition");
  if (!condition || !TYPE_CHECKING.test(condition.text)) return undefined;
  return condition.text;
}

/** Every name an assignment target binds. */
function targetNames(node: Node | null): string[] {
  if (!node) return [];
  if (node.type === "identifier") return [node.text];
  if (/pattern|tuple|list|parenthesized/.test(node.type)) return kids(node).flatMap(targetNames);
  return [];
}

/** Names bound at the top level inside a compound statement's blocks (not in functions or classes). */
function nestedBindings(node: Node, into: Set<string>): void {
  for (const c of kids(node)) {
    switch (c.type) {
      case "function_definition":
      case "class_definition": {
        const name = c.childForFieldName("name");
        if (name) into.add(name.text);
        continue;
      }
      case "decorated_definition": {
        const name = c.childForFieldName("definition")?.childForFieldName("name");
        if (name) into.add(name.text);
        continue;
      }
      case "import_statement":
      case "import_from_statement":
        for (const p of statementOf(c, false)?.parts ?? []) into.add(p.local);
        continue;
      case "assignment":
        for (const n of targetNames(c.childForFieldName("left"))) into.add(n);
        break;
      case "as_pattern_target":
        for (const n of targetNames(kids(c)[0] ?? null)) into.add(n);
        continue;
    }
    nestedBindings(c, into);
  }
}

function factsOf(tree: Tree, text: string): Facts {
  const statements: Statement[] = [];
  const topLevel: Facts["topLevel"] = [];
  const nested = new Set<string>();
  const typeOnly = new Set<string>();
  const future = new Set<string>();
  let insertAt = 0;
  let futureAt = 0;
  let first = true;
  let typeChecking: TypeCheckingBlock | undefined;
  let all: Facts["all"];
  const guarded: GuardedBlock[] = [];
  const typeCheckingNested: Statement[] = [];
  const typeCheckingGuarded: GuardedBlock[] = [];
  const push = (s: Omit<Statement, "group">) => {
    const previous = statements.filter((p) => p.typeChecking === s.typeChecking).at(-1);
    const group = !previous
      ? 0
      : /\n[ \t]*\n/.test(text.slice(previous.node.end, s.node.start))
        ? previous.group + 1
        : previous.group;
    statements.push({ ...s, group });
  };
  for (const child of kids(tree.rootNode)) {
    // The comments a file opens with (a `#!` line, a coding line, a licence) stay above what is
    // added, and are no statement: the docstring below them is still the module's.
    if (child.type === "comment") {
      if (first) insertAt = futureAt = lineEnd(text, child.endIndex);
      continue;
    }
    const docstring =
      first && child.type === "expression_statement" && kids(child)[0]?.type === "string";
    first = false;
    if (docstring) {
      insertAt = futureAt = lineEnd(text, child.endIndex);
      continue;
    }
    const statement = statementOf(child, false);
    if (statement) {
      push(statement);
      insertAt = lineEnd(text, child.endIndex);
      continue;
    }
    if (child.type === "future_import_statement") {
      for (const n of child.descendantsOfType("dotted_name")) if (n) future.add(n.text);
      insertAt = futureAt = lineEnd(text, child.endIndex);
      continue;
    }
    const guard = typeCheckingGuard(child);
    if (guard) {
      const body = child.childForFieldName("consequence");
      for (const c of body ? kids(body) : []) {
        const inner = statementOf(c, true);
        if (inner) push(inner);
        else if (c.type === "try_statement" || c.type === "if_statement") {
          const block = guardedBlock(c, text);
          if (block) typeCheckingGuarded.push(block);
          for (const branch of branchBodies(c))
            for (const st of kids(branch)) {
              const nestedImport = statementOf(st, true);
              if (nestedImport) typeCheckingNested.push({ ...nestedImport, group: 0 });
            }
        }
        const def = c.type === "decorated_definition" ? c.childForFieldName("definition") : c;
        const name =
          def?.type === "class_definition" || def?.type === "function_definition"
            ? def.childForFieldName("name")
            : c.type === "expression_statement"
              ? kids(c)[0]?.childForFieldName("left")
              : null;
        if (name?.type === "identifier") typeOnly.add(name.text);
      }
      // What an `else:` binds runs (itsdangerous' `_TSerialized`, a TypeVar for type checkers in
      // the guard and another at run time): a name of the module, not one for type checkers.
      const runs = new Set<string>();
      for (const c of kids(child)) if (CLAUSES.has(c.type)) nestedBindings(c, runs);
      for (const n of runs) {
        nested.add(n);
        typeOnly.delete(n);
      }
      const firstInner = body ? kids(body)[0] : undefined;
      const lineStart = text.lastIndexOf("\n", (firstInner?.startIndex ?? 1) - 1) + 1;
      typeChecking = {
        guard,
        start: text.lastIndexOf("\n", child.startIndex - 1) + 1,
        end: lineEnd(text, child.endIndex),
        indent: firstInner ? text.slice(lineStart, firstInner.startIndex) : "    ",
        importsOnly: (body ? kids(body) : []).every(
          (c) =>
            c.type === "import_from_statement" ||
            c.type === "import_statement" ||
            c.type === "comment" ||
            typeCheckingGuarded.some((g) => g.node.id === c.id),
        ),
      };
      // New imports go with the imports above it, not after it: a careful hand keeps the
      // block below the module's imports (isort's and ruff's layout).
      continue;
    }
    const def =
      child.type === "decorated_definition" ? child.childForFieldName("definition") : child;
    if (def?.type === "function_definition" || def?.type === "class_definition") {
      const name = def.childForFieldName("name");
      if (name) topLevel.push({ name: name.text, start: child.startIndex, end: child.endIndex });
    } else if (child.type === "expression_statement") {
      const assign = kids(child)[0];
      const left = assign?.type === "assignment" ? assign.childForFieldName("left") : null;
      // `A = B = value`: every name of the chain.
      for (
        let right = assign?.childForFieldName("right");
        right?.type === "assignment";
        right = right.childForFieldName("right")
      ) {
        const also = right.childForFieldName("left");
        if (also?.type === "identifier")
          topLevel.push({ name: also.text, start: child.startIndex, end: child.endIndex });
        else for (const n of targetNames(also ?? null)) nested.add(n);
      }
      if (left?.type === "identifier") {
        const right = assign?.childForFieldName("right");
        const readsItself = right ? identifierReads(right, left.text) : false;
        topLevel.push({
          name: left.text,
          start: child.startIndex,
          end: child.endIndex,
          ...(readsItself ? { readsItself: true as const } : {}),
        });
        if (left.text === "__all__" && (right?.type === "list" || right?.type === "tuple"))
          all = kids(right)
            .filter((c) => c.type === "string")
            .map((c) => ({
              start: c.startIndex,
              end: c.endIndex,
              name: kids(c).find((k) => k.type === "string_content")?.text ?? "",
            }));
      } else for (const n of targetNames(left)) nested.add(n);
    } else if (/_statement$/.test(child.type)) {
      nestedBindings(child, nested);
      const block = guardedBlock(child, text);
      if (block) guarded.push(block);
    }
  }
  return {
    statements,
    topLevel,
    nested,
    typeOnly,
    insertAt,
    futureAt,
    future,
    typeChecking,
    typeCheckingNested,
    typeCheckingGuarded,
    all,
    guarded,
  };
}

/** The module a root-relative `.py` path is (`shop/api/users.py` → `shop.api.users`). */
export function moduleOf(file: string): string[] {
  const parts = file.replace(/\.pyi?$/, "").split("/");
  if (parts.at(-1) === "__init__") parts.pop();
  return parts;
}

/** The modules of the files involved, as the agent names them (a `src/` layout's from below `src/`). */
export type ModuleNames = Readonly<Record<string, string>>;

const nameOf = (file: string, modules: ModuleNames | undefined): string[] => {
  const named = modules?.[file];
  return named !== undefined ? named.split(".").filter(Boolean) : moduleOf(file);
};

/** The package a module file is in (`shop/api/x.py` → shop.api; `shop/__init__.py` → shop). */
const packageOf = (file: string, modules: ModuleNames | undefined): string[] =>
  /(^|\/)__init__\.pyi?$/.test(file) ? nameOf(file, modules) : nameOf(file, modules).slice(0, -1);

/** The absolute module a `from` module names in `importer` (`..models` in shop/api/x.py → shop.models). */
function absoluteOf(module: string, importer: string, modules?: ModuleNames): string[] {
  const dots = module.length - module.replace(/^\.+/, "").length;
  const rest = module.slice(dots);
  const restParts = rest ? rest.split(".") : [];
  if (dots === 0) return restParts;
  const pkg = packageOf(importer, modules);
  return [...pkg.slice(0, pkg.length - (dots - 1)), ...restParts];
}

/**
 * How `importer` names absolute module `target` relatively (`.models`,
 * `..util.text`, `..` for a package above); absolutely where they share no
 * top-level package (`attrs.assoc` from `attr._funcs`): a relative import
 * never leaves its top-level package (ImportError: beyond top-level package).
 */
function relativeOf(target: string[], importer: string, modules?: ModuleNames): string {
  const pkg = packageOf(importer, modules);
  let common = 0;
  while (common < pkg.length && common < target.length && pkg[common] === target[common]) common++;
  if (common === 0) return target.join(".");
  return `${".".repeat(1 + pkg.length - common)}${target.slice(common).join(".")}`;
}

interface Need {
  kind: "import" | "from";
  module: string;
  text: string;
  local: string;
  /** New statements keep the old module's groups; its own names come last, as a group of their own. */
  group: number;
}

/** Whether the module binds `name` at its top level itself, not only by rebinding what it read (`X = wrap(X)`). */
const definesItself = (facts: Facts, name: string) =>
  facts.topLevel.some((t) => t.name === name && !t.readsItself);

/** Whether `node` reads the variable `name` (not an attribute so named, nor in a lambda's own scope). */
function identifierReads(node: Node, name: string): boolean {
  if (node.type === "identifier") return node.text === name;
  if (node.type === "lambda") return false;
  if (node.type === "attribute") {
    const object = node.childForFieldName("object");
    return object ? identifierReads(object, name) : false;
  }
  if (node.type === "keyword_argument") {
    const value = node.childForFieldName("value");
    return value ? identifierReads(value, name) : false;
  }
  return kids(node).some((c) => identifierReads(c, name));
}

const isDefinition = (line: string) => /^(?:async\s+def|def|class|@)\b|^@/.test(line.trimStart());

/** A `from` import of `local` under the file's `if TYPE_CHECKING:` that nothing binds at run time. */
function guardedOnly(
  facts: Facts,
  local: string,
): { statement: Statement; part: Part } | undefined {
  if (
    facts.statements.some((st) => !st.typeChecking && st.parts.some((p) => p.local === local)) ||
    facts.topLevel.some((t) => t.name === local) ||
    facts.nested.has(local)
  )
    return undefined;
  for (const statement of facts.statements)
    for (const part of statement.parts)
      if (statement.typeChecking && statement.kind === "from" && part.local === local)
        return { statement, part };
  return undefined;
}

/**
 * `text` with `needs` imported: a name merged into a `from` of the same
 * module (in its layout), else new statements after the last import; with
 * `typeNeeds` under an `if TYPE_CHECKING:` (the file's own, or a new one);
 * with `future` names as `from __future__ import …` first.
 */
function addImports(
  text: string,
  facts: Facts,
  needs: Need[],
  sortedGroups: ReadonlySet<number> = new Set(),
  more: {
    typeNeeds?: Need[];
    guard?: string;
    future?: string[];
    /** The project's own top-level packages: isort's first-party section. */
    firstParty?: ReadonlySet<string>;
  } = {},
): string {
  const edits: TextEdit[] = [];
  const fresh: Need[] = [];
  const bound = (local: string) =>
    [...facts.statements, ...facts.typeCheckingNested].some((s) =>
      s.parts.some((p) => p.local === local),
    ) ||
    definesItself(facts, local) ||
    facts.nested.has(local);
  const merge = (need: Need, typeChecking: boolean): boolean => {
    if (need.kind !== "from") return false;
    const same = facts.statements.find(
      (s) =>
        s.kind === "from" &&
        s.typeChecking === typeChecking &&
        s.module === need.module &&
        !s.wildcard &&
        s.parts.length,
    );
    const parts = same?.parts ?? [];
    const last = parts.at(-1);
    if (!last) return false;
    // In isort's place where the names are in its order; last otherwise.
    const sorted = parts.every((p, i) => i === 0 || byType(parts[i - 1]?.text ?? "", p.text) <= 0);
    const next = sorted ? parts.find((p) => byType(need.text, p.text) < 0) : undefined;
    edits.push(next ? insertItem(text, next, need.text) : addItem(text, last, need.text));
    return true;
  };
  // A name the file imports for type checkers alone that the unit reads at run time (a base
  // class): imported at run time, out of the guard, which goes when nothing is left in it.
  const guarded = facts.statements.filter((s) => s.typeChecking);
  const promoted = new Map<Statement, Part[]>();
  const liftedNeeds = new Map<string, Need>();
  for (const need of needs) {
    const only = guardedOnly(facts, need.local);
    if (!only || need.kind !== "from") continue;
    promoted.set(only.statement, [...(promoted.get(only.statement) ?? []), only.part]);
    // As the file wrote it (`from .a import Base as B`).
    liftedNeeds.set(need.local, { ...need, module: only.statement.module, text: only.part.text });
  }
  const block = facts.typeChecking;
  const emptied =
    promoted.size > 0 &&
    block?.importsOnly === true &&
    guarded.every((s) => (promoted.get(s)?.length ?? 0) === s.parts.length);
  if (block && emptied) {
    // Its imports where it was, at run time: the block's body, dedented.
    const body = text.slice(block.start, block.end).split("\n").slice(1);
    const dedented = body.map((l) =>
      l.startsWith(block.indent) ? l.slice(block.indent.length) : l,
    );
    edits.push({ start: block.start, end: block.end, insert: dedented.join("\n") });
    liftedNeeds.clear();
    // Its guard's import too, where nothing else in the file names it.
    const guardName = block.guard.split(".")[0] ?? "";
    const outside = text.slice(0, block.start) + text.slice(block.end);
    const guardImport = facts.statements.find(
      (st) => !st.typeChecking && st.parts.some((p) => p.local === guardName),
    );
    const part = guardImport?.parts.find((p) => p.local === guardName);
    if (
      guardImport &&
      part &&
      (outside.match(new RegExp(`\\b${guardName}\\b`, "g")) ?? []).length === 1
    ) {
      const alone = guardImport.parts.length === 1;
      // A statement alone in its group goes with the blank line after it.
      const end = lineEnd(text, guardImport.node.end);
      const blank = /^\n+/.exec(text.slice(end))?.[0].length ?? 0;
      const opensGroup =
        guardImport.node.start === 0 || text.slice(0, guardImport.node.start).endsWith("\n\n");
      edits.push(
        ...(alone && opensGroup
          ? [{ start: guardImport.node.start, end: end + blank, insert: "" }]
          : withoutParts(text, guardImport, [part])),
      );
    }
  } else for (const [s, parts] of promoted) edits.push(...withoutParts(text, s, parts));
  for (const asked of needs) {
    const need = liftedNeeds.get(asked.local) ?? asked;
    // Asked for twice (the unit's `typing`, and `typing.TYPE_CHECKING`'s): once.
    if (fresh.some((f) => f.local === need.local)) continue;
    if ((bound(need.local) && !liftedNeeds.has(need.local)) || merge(need, false)) continue;
    fresh.push(need);
  }
  const future = (more.future ?? []).filter((f) => !facts.future.has(f));
  if (!facts.statements.length && (fresh.length || future.length)) {
    // A module with no imports yet (one a move creates) gets them as isort and ruff write them.
    const at = facts.insertAt;
    edits.push({ start: at, end: at, insert: `${isortBlock(fresh, future, more.firstParty)}\n` });
  } else {
    if (future.length)
      edits.push({
        start: facts.futureAt,
        end: facts.futureAt,
        insert: `from __future__ import ${future.join(", ")}\n`,
      });
    if (fresh.length) {
      const statements: { text: string; group: number }[] = [];
      const fromAt = new Map<string, { text: string; group: number; names: string[] }>();
      for (const need of fresh) {
        if (need.kind === "import") {
          statements.push({ text: `import ${need.text}`, group: need.group });
          continue;
        }
        const open = fromAt.get(need.module);
        if (open) open.names.push(need.text);
        else {
          const entry = { text: "", group: need.group, names: [need.text] };
          fromAt.set(need.module, entry);
          statements.push(entry);
        }
      }
      for (const [module, entry] of fromAt) entry.text = fromLine(module, entry.names);
      // A group the old module keeps sorted by module (isort) stays sorted.
      statements.sort((a, b) =>
        a.group !== b.group
          ? a.group - b.group
          : sortedGroups.has(a.group) && a.text.startsWith("from ") && b.text.startsWith("from ")
            ? a.text.localeCompare(b.text)
            : 0,
      );
      const render = (list: typeof statements) =>
        list
          .map((st, i) => (i > 0 && list[i - 1]?.group !== st.group ? `\n${st.text}` : st.text))
          .join("\n");
      const moduleOf = (t: string) => /^(?:from|import)\s+([\w.]+)/.exec(t)?.[1] ?? "";
      const section = (t: string) => sectionOf(moduleOf(t), more.firstParty);
      const header = facts.statements.filter((st) => !st.typeChecking);
      const sectionAt = (st: Statement) => section(text.slice(st.node.start));
      // The standard library's go with the module's own (isort's first section), or above its
      // first import as a group of their own: no module of the project loads before them.
      const stdlib = statements.filter((st) => section(st.text) === 1);
      const rest = statements.filter((st) => section(st.text) !== 1);
      const stdlibAbove = header.filter((st) => sectionAt(st) === 1).at(-1);
      const firstImport = header[0];
      if (stdlib.length && stdlibAbove) {
        const at = lineEnd(text, stdlibAbove.node.end);
        edits.push({ start: at, end: at, insert: `${render(stdlib)}\n` });
      } else if (stdlib.length && firstImport) {
        const at = text.lastIndexOf("\n", firstImport.node.start - 1) + 1;
        edits.push({ start: at, end: at, insert: `${render(stdlib)}\n\n` });
      } else rest.unshift(...stdlib);
      if (rest.length) {
        const at = facts.insertAt;
        // Below an import of another section (`from .b import x` under `import typing`), a
        // group of its own, set apart by a blank line as isort and ruff set it.
        const above = header.filter((st) => st.node.end <= at).at(-1);
        const first = rest[0]?.text;
        const apart =
          above !== undefined &&
          first !== undefined &&
          text.slice(above.node.end, at).trim() === "" &&
          sectionAt(above) !== section(first);
        edits.push({ start: at, end: at, insert: `${apart ? "\n" : ""}${render(rest)}\n` });
      }
    }
  }
  const typeNeeds = (more.typeNeeds ?? []).filter((n) => !bound(n.local));
  const lines = statementsOf(typeNeeds.filter((n) => !merge(n, true)));
  if (block && !emptied && lines.length)
    edits.push({
      start: block.end,
      end: block.end,
      insert: lines.map((l) => `${block.indent}${l}\n`).join(""),
    });
  else if (lines.length) {
    const at = facts.insertAt;
    const body = lines.map((l) => `    ${l}\n`).join("");
    const lead = facts.statements.length || fresh.length ? "\n" : "";
    edits.push({
      start: at,
      end: at,
      insert: `${lead}if ${more.guard ?? "TYPE_CHECKING"}:\n${body}`,
    });
  }
  // What went in where the file had no imports is set apart from the code after it.
  if (fresh.length || future.length || (!block && lines.length)) {
    const at = facts.insertAt;
    edits.push({
      start: at,
      end: at,
      insert: gapBefore(text, at, facts, lines.length > 0 && !block),
    });
  }
  return replaceRanges(text, edits);
}

/** The longest line black and ruff leave alone; a longer `from` import is wrapped as they wrap it. */
const LINE_LENGTH = 88;

/** `from module import a, b`, or past LINE_LENGTH one name a line in parentheses, with a trailing comma. */
function fromLine(module: string, names: readonly string[]): string {
  const line = `from ${module} import ${names.join(", ")}`;
  return line.length <= LINE_LENGTH
    ? line
    : `from ${module} import (\n${names.map((n) => `    ${n},`).join("\n")}\n)`;
}

/** isort's order of names in a `from` import (order_by_type): CONSTANTS, then Classes, then the rest; each alphabetical. */
function byType(a: string, b: string): number {
  const rank = (t: string) => {
    const name = t.split(/\s+as\s+/)[0] ?? t;
    return name.length > 1 && name === name.toUpperCase() ? 0 : /^_*[A-Z]/.test(name) ? 1 : 2;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * `needs` (and `from __future__` names) as isort and ruff's isort rules
 * write a module's imports: future, standard library, third party, first
 * party (the project's own packages), local (relative); a blank line between
 * sections; in each, `import x` lines, then `from x import …`, by module.
 */
/**
 * isort's section of an import of `module` (`from M import` or `import M`):
 * 1 the standard library, 2 third-party, 3 the project's own packages
 * (`firstParty`: unknown, they read as third-party), 4 relative.
 */
function sectionOf(module: string, firstParty: ReadonlySet<string> = new Set()): number {
  if (module.startsWith(".")) return 4;
  const top = module.split(".")[0] ?? module;
  return PYTHON_STDLIB.has(top) ? 1 : firstParty.has(top) ? 3 : 2;
}

function isortBlock(
  needs: readonly Need[],
  future: readonly string[],
  firstParty: ReadonlySet<string> = new Set(),
): string {
  const section = (n: Need) =>
    sectionOf(n.kind === "import" ? (n.text.split(/\s+as\s+/)[0] ?? n.text) : n.module, firstParty);
  const sections: string[][] = [[], [], [], [], []];
  if (future.length) sections[0]?.push(`from __future__ import ${[...future].sort().join(", ")}`);
  for (let s = 1; s <= 4; s++) {
    const mine = needs.filter((n) => section(n) === s);
    const imports = mine
      .filter((n) => n.kind === "import")
      .map((n) => `import ${n.text}`)
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    const froms = new Map<string, string[]>();
    for (const n of mine.filter((m) => m.kind === "from"))
      froms.set(n.module, [...(froms.get(n.module) ?? []), n.text]);
    const fromLines = [...froms]
      .sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))
      .map(([module, names]) => fromLine(module, [...new Set(names)].sort(byType)));
    sections[s]?.push(...imports, ...fromLines);
  }
  return sections
    .filter((lines) => lines.length)
    .map((lines) => lines.join("\n"))
    .join("\n\n");
}

/** Statements for `needs`: `import x`, and one `from m import a, b` per module, in their order. */
function statementsOf(needs: readonly Need[]): string[] {
  const out: (string | { module: string; names: string[] })[] = [];
  for (const n of needs) {
    if (n.kind === "import") {
      out.push(`import ${n.text}`);
      continue;
    }
    const open = out.find((o) => typeof o !== "string" && o.module === n.module);
    if (open && typeof open !== "string") open.names.push(n.text);
    else out.push({ module: n.module, names: [n.text] });
  }
  return out.map((o) =>
    typeof o === "string" ? o : `from ${o.module} import ${o.names.join(", ")}`,
  );
}

/**
 * The blank lines between new imports at `at` and the code after them, in a
 * file that had no imports there: two before a definition (PEP 8, as the
 * modules around write it), one before other code, none before a blank line.
 */
function gapBefore(text: string, at: number, facts: Facts, force = false): string {
  if (facts.statements.length && !force) return "";
  const after = text.slice(at);
  if (after === "" || after.startsWith("\n")) {
    const blanks = /^\n*/.exec(after)?.[0].length ?? 0;
    const next = after.slice(blanks).split("\n")[0] ?? "";
    return after !== "" && isDefinition(next) && blanks < 2 ? "\n".repeat(2 - blanks) : "";
  }
  const next = after.split("\n")[0] ?? "";
  return isDefinition(next) ? "\n\n" : "\n";
}

/**
 * `text` with `edits` made. Where whole import lines go (`insert` "" over
 * whole lines) and a blank line follows, a group of imports leaves with its
 * separation: between blank lines one of them goes; right under a docstring
 * or comment, the blank line after it goes when more imports follow.
 */
function removeImports(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const merged: typeof sorted = [];
  for (const e of sorted) {
    const last = merged.at(-1);
    if (last && last.insert === "" && e.insert === "" && last.end === e.start) last.end = e.end;
    else merged.push({ ...e });
  }
  for (const e of merged) {
    if (e.insert !== "" || text[e.end] !== "\n" || text[e.start - 1] !== "\n") continue;
    // A blank line follows: the group's separation. Keep one blank line between what was
    // around it, and none under a docstring or comment the group sat right below.
    const lineStart = text.lastIndexOf("\n", e.start - 2) + 1;
    const previous = e.start === 0 ? undefined : text.slice(lineStart, e.start - 1);
    if (previous === "" && e.start > 0) e.start -= 1;
    else if (previous !== undefined && !/^(import|from)\s/.test(previous)) {
      // Under a docstring, the next group moves up; the blank lines before the code stay.
      const next = text.slice(e.end).match(/^\n*([^\n]*)/)?.[1] ?? "";
      if (/^(import|from)\s/.test(next)) e.end += 1;
    }
  }
  return replaceRanges(text, merged);
}

/** The edits taking `going` out of `s` in its layout, or the whole statement (its line) when all go. */
function withoutParts(text: string, s: Statement, going: readonly Part[]): TextEdit[] {
  if (going.length === s.parts.length) {
    // The whole line, an indented one's indentation too (under `if TYPE_CHECKING:`).
    const line = lineStart(text, s.node.start);
    const start = /^[ \t]*$/.test(text.slice(line, s.node.start)) ? line : s.node.start;
    return [{ start, end: lineEnd(text, s.node.end), insert: "" }];
  }
  return dropItems(
    text,
    s.parts,
    new Set(s.parts.flatMap((p, i) => (going.includes(p) ? [i] : []))),
  );
}

export interface PythonMoveInput extends MoveTexts {
  /** Dotted module names of the files, as the agent found them (ModuleNames). */
  modules?: ModuleNames;
  /** Imports of the old module that other modules read through it (`util.strip`): kept there. */
  keep?: readonly string[];
  /**
   * What moves that other files look up on the old module by a path in a
   * string no rewrite may change (a pickle's `cpkg.util\nSlug`), or take by
   * a star import of it (`from attr.validators import *`, `star`): each with
   * the first such file. The old module goes on binding it (pathStrings,
   * starImportsFrom).
   */
  namedByPath?: readonly { name: string; by: string; star?: boolean }[];
  /** Where the unit was in `sourceAfter` (the removal's offset): a back import may go there. */
  cutAt?: number;
  /** A package `__init__.py` importing the new module runs, which imports the old one: a cycle too. */
  throughPackage?: string;
  /** A package `__init__.py` on the old module's way (not the new one's) that imports the old module. */
  sourcePackage?: { path: string; text: string };
  /** The old module's typing stub (`m.pyi` beside `m.py`): what it declares of the unit is named, not moved. */
  stub?: { path: string; text: string };
  /**
   * What each of the old module's `from M import *` binds, by `M` as written,
   * where the agent could read `M` (context.ts starExports): what the unit
   * reads through one is imported by name.
   */
  stars?: Readonly<Record<string, readonly StarName[]>>;
  /**
   * What the unit reads that the old module keeps and reads too, and that other modules
   * replace on it (patchesOnOld): read off the old module as the unit runs, as the old
   * module's own code reads it, so that one patch reaches both.
   */
  live?: readonly string[];
  /** Whether what the unit reads as it is defined may go with it (takenAlong); on unless said. */
  takeAlong?: boolean;
  /** The private helpers only the unit used, going with it (companionsOf): a second plan's. */
  companions?: readonly Taken[];
  /**
   * How the project imports its own modules, where the old module does not
   * show it (it imports nothing of its package): relatively (`from .x import`)
   * when the modules around it do.
   */
  relativeHint?: boolean;
}

/**
 * What planPythonImports reads off a text, kept for the next plan of the same move: carry.ts
 * plans again once it knows what other files read through the old module, and a plan retries
 * itself (companions, a TypeVar left behind), each on the same texts, whose walks are most of
 * a plan's time on a large module. A few analyses of texts up to MAX_ANALYSED, the latest
 * kept, shared: read, never changed (what a plan adds to, it copies).
 */
const ANALYSES = new Map<string, Promise<unknown>>();
const MAX_ANALYSES = 8;
const MAX_ANALYSED = 512_000;
async function analysed<T>(
  kind: string,
  at: string,
  text: string,
  compute: () => Promise<T>,
): Promise<T> {
  if (text.length > MAX_ANALYSED) return compute();
  const key = `${kind}\0${at}\0${text}`;
  let found = ANALYSES.get(key) as Promise<T> | undefined;
  if (found) ANALYSES.delete(key);
  else {
    found = compute();
    found.catch(() => ANALYSES.delete(key));
    if (ANALYSES.size >= MAX_ANALYSES) ANALYSES.delete(ANALYSES.keys().next().value ?? "");
  }
  ANALYSES.set(key, found);
  return found;
}

/** The imports both modules need after `unit` moved from `sourcePath` to `destPath`. */
export async function planPythonImports(input: PythonMoveInput): Promise<ImportPlan> {
  const { sourcePath, destPath, modules } = input;
  const keep = new Set(input.keep ?? []);
  const unitKey = `${input.unit.start}:${input.unit.end}`;
  const analysis = await analysed("before", unitKey, input.sourceBefore, () =>
    withTree(input.sourceBefore, "python", (tree) => ({
      facts: factsOf(tree, input.sourceBefore),
      used: moduleNames(tree, input.sourceBefore, input.unit.start, input.unit.end),
      inner: innerRelativeImports(tree, input.unit.start, input.unit.end),
    })),
  );
  // What the unit uses grows by what goes with it: a set of this plan's own.
  const before = { ...analysis, used: new Set(analysis.used) };
  const moved = new Set(
    before.facts.topLevel
      .filter((t) => t.start >= input.unit.start && t.end <= input.unit.end)
      .map((t) => t.name),
  );
  // What the unit needs as it is defined (a base's `TypeVar`), where the old module loads the
  // unit back: goes with it (a circular import otherwise), and is imported back as the unit is.
  const taken = [
    ...(input.throughPackage === undefined && input.takeAlong !== false
      ? await analysed("taken", unitKey, input.sourceBefore, () => takenAlong(input, before, moved))
      : []),
    ...(input.companions ?? []),
  ].sort((a, b) => a.start - b.start);
  let sourceAfter = input.sourceAfter;
  for (const t of taken) {
    moved.add(t.name);
    for (const name of t.also ?? []) moved.add(name);
    for (const name of t.reads) before.used.add(name);
    const at = sourceAfter.startsWith(t.text) ? 0 : sourceAfter.indexOf(`\n${t.text}`) + 1;
    if (at > 0 || sourceAfter.startsWith(t.text)) {
      // At most two blank lines where it was.
      const head = sourceAfter.slice(0, at).replace(/\n+$/, (gap) => gap.slice(0, 3));
      const tail = sourceAfter.slice(at + t.text.length);
      const lead = head.length - head.replace(/\n+$/, "").length;
      sourceAfter = head + tail.replace(/^\n+/, (gap) => gap.slice(0, Math.max(0, 3 - lead)));
    }
  }
  const spans = [input.unit, ...taken];
  const changes0: string[] = [];
  // Imports inside the unit (a method's `from .sibling import Name`) name modules from its old
  // package: rewritten for its new one.
  let destAfter = input.destAfter;
  const unresolvedInner: string[] = [];
  if (before.inner.length) {
    const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
    const at = destAfter.indexOf(unitText);
    if (at === -1)
      unresolvedInner.push(
        `${destPath}: the unit's own imports (${before.inner.map((i) => i.text).join(", ")}) name modules from ${sourcePath}'s package; not rewritten (the unit changed on its way)`,
      );
    else
      destAfter = replaceRanges(
        destAfter,
        before.inner.map((i) => ({
          start: at + i.start - input.unit.start,
          end: at + i.end - input.unit.start,
          insert: relativeOf(absoluteOf(i.text, sourcePath, modules), destPath, modules),
        })),
      );
  }
  if (taken.length) {
    const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
    const at = destAfter.indexOf(unitText.slice(0, 200));
    // A def or a class is set apart by two blank lines, as the old module had them.
    const block = (t: Taken) => /^(?:@|def |class |async def )/.test(t.text);
    const lead = taken
      .map((t, i) => {
        const next = taken[i + 1];
        return (
          (t.destText ?? t.text).replace(/\n*$/, "\n") +
          (next && (block(t) || block(next)) ? "\n\n" : "")
        );
      })
      .join("");
    destAfter =
      at === -1
        ? `${destAfter}\n\n${lead}`
        : `${destAfter.slice(0, at)}${lead}\n\n${destAfter.slice(at)}`;
    const read = taken.filter((t) => !t.companion);
    const helpers = taken.filter((t) => t.companion);
    if (read.length)
      changes0.push(
        `${destPath}: ${read.map(takenName).join(", ")} moved with the unit, which reads ${read.length === 1 ? "it" : "them"} as it is defined (a circular import otherwise)`,
      );
    if (helpers.length)
      changes0.push(
        `${destPath}: ${helpers.map((t) => t.name).join(", ")} moved with the unit, the only code that used ${helpers.length === 1 ? "it" : "them"} (a circular import otherwise)`,
      );
  }
  const dest = await withTree(destAfter, "python", (tree) => factsOf(tree, destAfter));
  const sourcePackage = nameOf(sourcePath, modules)[0];
  const relativeStyle = before.facts.statements.some((s) => s.module.startsWith("."))
    ? true
    : before.facts.statements.some(
          (s) =>
            s.kind === "from" &&
            sourcePackage !== undefined &&
            s.module.split(".")[0] === sourcePackage,
        )
      ? false
      : input.relativeHint === true;
  const changes: string[] = [...changes0];
  const unresolved = [
    ...before.facts.statements
      .filter((s) => s.wildcard && !input.stars?.[s.module])
      .map(
        (s) =>
          `from ${s.module} import * in ${sourcePath}: the names it binds are not known, so none were carried`,
      ),
    ...unresolvedInner,
  ];
  const respecify = (module: string) =>
    module.startsWith(".")
      ? relativeOf(absoluteOf(module, sourcePath, modules), destPath, modules)
      : module;

  const needs: Need[] = [];
  const typeNeeds: Need[] = [];
  /** The old module's import of `part`, for the new one (under TYPE_CHECKING where it was). */
  const need = (statement: Statement, part: Part) =>
    (statement.typeChecking ? typeNeeds : needs).push({
      kind: statement.kind,
      module: statement.kind === "from" ? respecify(statement.module) : "",
      text: part.text,
      local: part.local,
      group: statement.group,
    });
  for (const statement of before.facts.statements)
    for (const part of statement.parts)
      if (before.used.has(part.local) && !moved.has(part.local)) need(statement, part);
  for (const statement of before.facts.typeCheckingNested)
    for (const part of statement.parts)
      if (
        before.used.has(part.local) &&
        !moved.has(part.local) &&
        ![...needs, ...typeNeeds].some((n) => n.local === part.local)
      )
        need(statement, part);
  const sourceModule = nameOf(sourcePath, modules);
  const ownModule = relativeStyle
    ? relativeOf(sourceModule, destPath, modules)
    : sourceModule.join(".");
  // The old module's own names join its local imports' group (relative ones, or its own
  // package's), else a group of their own after the others.
  const ownPackage = sourceModule.length > 1 ? sourceModule[0] : undefined;
  const ownGroup =
    before.facts.statements.find(
      (st) =>
        !st.typeChecking &&
        st.kind === "from" &&
        (st.module.startsWith(".") ||
          (ownPackage !== undefined && st.module.split(".")[0] === ownPackage)),
    )?.group ?? Number.POSITIVE_INFINITY;
  const imported = new Set([...needs, ...typeNeeds].map((n) => n.local));
  const fromSource: string[] = [];
  const ownNames = [
    ...before.facts.topLevel.map((t) => t.name),
    ...[...before.facts.nested].filter(
      (n) =>
        !before.facts.statements.some((s) => s.typeChecking && s.parts.some((p) => p.local === n)),
    ),
  ];
  // Names the old module binds in a block of imports under a condition (a Python version, a
  // failed import) go with their block, keeping what the unit needs of it.
  const carried = await carriedBlocks(input.sourceBefore, before, moved, imported);
  for (const c of carried) {
    for (const name of c.names) imported.add(name);
    for (const name of c.reads) {
      if (imported.has(name)) continue;
      const statement = before.facts.statements.find((st) =>
        st.parts.some((p) => p.local === name),
      );
      const part = statement?.parts.find((p) => p.local === name);
      if (!statement || !part) continue;
      imported.add(name);
      need(statement, part);
    }
  }
  // What the old module defines for type checkers alone, the new one imports for them alone.
  for (const name of before.facts.typeOnly)
    if (before.used.has(name) && !moved.has(name) && !imported.has(name)) {
      imported.add(name);
      typeNeeds.push({ kind: "from", module: ownModule, text: name, local: name, group: ownGroup });
    }
  for (const name of new Set(ownNames))
    if (before.used.has(name) && !moved.has(name) && !imported.has(name)) {
      fromSource.push(name);
      needs.push({ kind: "from", module: ownModule, text: name, local: name, group: ownGroup });
    }
  // What the unit reads that only a star import binds (`from .exceptions import *`), by name
  // from where that module got it; the last star import that binds it wins, as in Python.
  const starRead: string[] = [];
  for (const name of before.used) {
    if (moved.has(name) || imported.has(name) || ownNames.includes(name)) continue;
    let found: Need | undefined;
    for (const s of before.facts.statements) {
      const bound = s.wildcard && !s.typeChecking ? input.stars?.[s.module] : undefined;
      const star = bound?.find((n) => n.name === name);
      if (!star) continue;
      found = star.via
        ? {
            ...star.via,
            module: star.via.kind === "from" ? star.via.module : "",
            local: name,
            group: s.group,
          }
        : { kind: "from", module: respecify(s.module), text: name, local: name, group: s.group };
    }
    if (!found) continue;
    imported.add(name);
    starRead.push(name);
    needs.push(found);
  }
  const sortedGroups = new Set(
    [...new Set(before.facts.statements.map((st) => st.group))].filter((group) => {
      const mods = before.facts.statements
        .filter((st) => !st.typeChecking && st.group === group && st.kind === "from")
        .map((st) => st.module);
      return mods.every((m, i) => i === 0 || (mods[i - 1] ?? "").localeCompare(m) <= 0);
    }),
  );
  const guard = before.facts.typeChecking?.guard ?? "TYPE_CHECKING";
  /** `needs`, and the guard's own name where `typeNeeds` open an `if TYPE_CHECKING:` (imported as the old module imports it). */
  const withGuard = (needs: Need[], typeNeeds: readonly Need[]): Need[] => {
    if (!typeNeeds.length || dest.typeChecking) return needs;
    const guardName = guard.split(".")[0] ?? "TYPE_CHECKING";
    const from = before.facts.statements.find(
      (s) => !s.typeChecking && s.parts.some((p) => p.local === guardName),
    );
    const part = from?.parts.find((p) => p.local === guardName);
    return [
      {
        kind: from?.kind ?? "from",
        module: from?.kind === "from" ? respecify(from.module) : from ? "" : "typing",
        text: part?.text ?? "TYPE_CHECKING",
        local: guardName,
        group: from?.group ?? 0,
      },
      ...needs,
    ];
  };
  const future = [...before.facts.future].filter((f) => f === "annotations");
  const destOptions = {
    typeNeeds,
    guard,
    future,
    firstParty: new Set([nameOf(sourcePath, modules)[0] ?? "", nameOf(destPath, modules)[0] ?? ""]),
  };
  let destination = await withCarried(
    addImports(destAfter, dest, withGuard(needs, typeNeeds), sortedGroups, destOptions),
    carried,
  );
  const added = [...needs, ...typeNeeds].filter(
    (n) =>
      !dest.statements.some((s) => s.parts.some((p) => p.local === n.local)) &&
      !dest.topLevel.some((t) => t.name === n.local),
  );
  // What the new module imported for type checkers alone and the unit reads at run time.
  const lifted = needs.filter((n) => guardedOnly(dest, n.local)).map((n) => n.local);
  if (lifted.length)
    changes.push(
      `${destPath}: imports ${lifted.join(", ")} at run time, not under ${dest.typeChecking?.guard ?? "TYPE_CHECKING"} alone (the unit needs ${lifted.length === 1 ? "it" : "them"} at run time)`,
    );
  // Said once the strategy is known: names a cycle imports elsewhere are said there.
  const destImportsAt = changes.length;
  const destImports = (elsewhere: readonly string[]) => {
    const names = [
      ...future.filter((f) => !dest.future.has(f)).map((f) => `__future__.${f}`),
      ...added.map((n) => n.local).filter((n) => !elsewhere.includes(n)),
      ...carried.flatMap((c) => c.names),
    ];
    return names.length
      ? [
          `${destPath}: imports ${names.join(", ")}${carried.length ? ` (${carried.flatMap((c) => c.names).join(", ")} under ${sourcePath}'s own condition${carried.length > 1 ? "s" : ""})` : ""}`,
        ]
      : [];
  };

  // The old module: imports only the unit used leave; `__all__` lets go of what moved.
  let source = sourceAfter;
  const after = await analysed("after", "", source, () =>
    withTree(source, "python", (tree) => ({
      facts: factsOf(tree, source),
      reads: moduleReads(tree, source, 0, source.length),
      named: namedInStrings(tree),
      calls: topLevelCalls(tree),
      globals: functionGlobals(tree).assigned,
    })),
  );
  const stillRead = new Set(after.reads.map((r) => r.name));
  const unitImports = new Set(
    before.facts.statements
      .flatMap((s) => s.parts)
      .filter((p) => before.used.has(p.local))
      .map((p) => p.local),
  );
  // Names the module lists by string (`__all__`, Jinja's `exported = ["Undefined", …]`, which
  // generated code imports from it) stay its attributes.
  const listed = new Set([...(after.facts.all?.map((a) => a.name) ?? []), ...after.named]);
  const unread = (local: string) => !stillRead.has(local) && !keep.has(local) && !listed.has(local);
  const dropped: string[] = [];
  const edits: TextEdit[] = [];
  // A guarded block lets go of what only the unit used; one left with nothing goes, and an
  // import only its condition read (`sys`) with it.
  const conditionOnly = new Set<string>();
  const guardedSource = source;
  /** Guarded blocks under `if TYPE_CHECKING:` that stay, wholly or in part. */
  let typeCheckingGuardsLeft = after.facts.typeCheckingGuarded.length;
  edits.push(
    ...(await withTree(guardedSource, "python", (tree) => {
      const facts = factsOf(tree, guardedSource);
      const out: TextEdit[] = [];
      for (const g of [...facts.guarded, ...facts.typeCheckingGuarded]) {
        const going = [...g.names].filter((n) => before.used.has(n) && !moved.has(n) && unread(n));
        if (!going.length) continue;
        dropped.push(...going);
        const left = new Set([...g.names].filter((n) => !going.includes(n)));
        // A block that goes whole leaves at most two blank lines where it was.
        let above = 0;
        while (guardedSource[g.start - above - 1] === "\n") above++;
        const below = /^\n*/.exec(guardedSource.slice(g.end))?.[0].length ?? 0;
        const extra = left.size ? 0 : Math.min(below, Math.max(0, above - 1 + below - 2));
        out.push({
          start: g.start,
          end: g.end + extra,
          insert: left.size ? guardedText(g, guardedSource, left) : "",
        });
        if (left.size) continue;
        if (facts.typeCheckingGuarded.includes(g)) typeCheckingGuardsLeft--;
        for (const r of moduleReads(tree, guardedSource, g.start, g.end))
          if (
            !g.names.has(r.name) &&
            !after.reads.some((o) => o.name === r.name && (o.at < g.start || o.at >= g.end))
          )
            conditionOnly.add(r.name);
      }
      return out;
    })),
  );
  const gone = (local: string) =>
    (unitImports.has(local) && unread(local)) ||
    (conditionOnly.has(local) && !keep.has(local) && !listed.has(local));
  const block = after.facts.typeChecking;
  const emptied =
    block?.importsOnly === true &&
    typeCheckingGuardsLeft === 0 &&
    after.facts.statements
      .filter((s) => s.typeChecking)
      .every((s) => s.parts.every((p) => gone(p.local)));
  // The whole block goes: not the edits of what was in it.
  if (block && emptied)
    edits.splice(
      0,
      edits.length,
      ...edits.filter((e) => e.end <= block.start || e.start >= block.end),
    );
  // The guard's own import goes with an emptied block, unless something else reads it.
  const guardName = block?.guard.split(".")[0];
  const guardGone =
    emptied &&
    block !== undefined &&
    !after.reads.some((r) => r.name === guardName && (r.at < block.start || r.at >= block.end)) &&
    !keep.has(guardName ?? "") &&
    !listed.has(guardName ?? "");
  for (const s of after.facts.statements) {
    const going = s.parts.filter(
      (p) => gone(p.local) || (guardGone && !s.typeChecking && p.local === guardName),
    );
    if (!going.length) continue;
    dropped.push(...going.map((p) => p.local));
    // An `if TYPE_CHECKING:` left with nothing goes as a whole (below).
    if (!(s.typeChecking && emptied)) edits.push(...withoutParts(source, s, going));
  }
  if (block && emptied) edits.push({ start: block.start, end: block.end, insert: "" });
  // The unit imported back where the old module still reads it; and what went along with it
  // that the old module lists in `__all__` (its public names stay, as the user did not move them).
  const listedAlong = new Set(
    taken
      .filter((t) => !t.companion)
      .flatMap((t) => [t.name, ...(t.also ?? [])])
      .filter((n) => before.facts.all?.some((a) => a.name === n)),
  );
  const stillUsed = [...moved].filter((name) => stillRead.has(name) || listedAlong.has(name));
  // What the old module does further down that must see the unit among its own: a class it
  // stops making classes of (Jinja's nodes.py ends in `NodeType.__new__ =
  // staticmethod(_failing_new)`), its globals() read (werkzeug's exceptions.py registers every
  // HTTPException in them): the unit imported back above it, used there or not.
  const lock = await analysed("lock", unitKey, input.sourceBefore, () =>
    withTree(input.sourceBefore, "python", (tree) => observerAfter(tree, input.unit)),
  );
  const cycle = fromSource.length > 0 || input.throughPackage !== undefined;
  // What other files look up on the old module by a path in a string (a pickle's global): bound
  // at its top where nothing circles back, else found on first lookup (below).
  const byPath = new Map((input.namedByPath ?? []).map((n) => [n.name, n.by]));
  const byStar = new Set((input.namedByPath ?? []).filter((n) => n.star).map((n) => n.name));
  /**
   * Who looks `names` up on the old module: the strings naming them by its
   * path (`in` the files; or `by` them, the files named first), and the star
   * imports of it.
   */
  const lookedUp = (names: readonly string[], form: "in" | "by") => {
    const files = (which: readonly string[]) =>
      [...new Set(which.map((n) => byPath.get(n)))].join(", ");
    const star = names.filter((n) => byStar.has(n));
    const path = names.filter((n) => !byStar.has(n));
    const them = path.length === 1 ? "it" : "them";
    return [
      ...(path.length
        ? [
            form === "in"
              ? `the string${path.length === 1 ? "" : "s"} naming ${them} by its path to ${sourcePath}, in ${files(path)}`
              : `${files(path)}, which ${files(path).includes(", ") ? "look" : "looks"} ${them} up on ${sourcePath}`,
          ]
        : []),
      ...(star.length ? [`the \`from … import *\` of ${sourcePath} in ${files(star)}`] : []),
    ].join("; ");
  };
  // A package's `__init__.py` without `__all__` is the package's face: its public names are
  // what users of the package read (`yaml.safe_dump`), in files no move can see (other
  // projects, a test's data read by `exec`). They stay its attributes, imported back.
  const face = new Set(
    /(^|\/)__init__\.py$/.test(sourcePath) && !before.facts.all
      ? [...moved].filter((name) => !name.startsWith("_"))
      : [],
  );
  const namedOnly = [...moved].filter(
    (name) =>
      (after.named.has(name) ||
        face.has(name) ||
        lock?.names.includes(name) === true ||
        // A star importer's name stays bound at the top across a cycle too (below): a module
        // `__getattr__` would serve the import but leave `__all__` naming what it never binds.
        (byPath.has(name) && (!cycle || byStar.has(name)))) &&
      !stillRead.has(name),
  );
  // A circle (the old module imports the unit back) closed only by private helpers of the
  // unit's alone: they go with it, and there is none.
  if (
    fromSource.length &&
    (stillUsed.length || namedOnly.length) &&
    input.throughPackage === undefined &&
    !input.companions
  ) {
    const companions = await companionsOf(input.sourceBefore, before.facts, input.unit, fromSource);
    if (companions) return planPythonImports({ ...input, companions });
  }
  // Those only other files name, by a path to the old module.
  const forPaths = namedOnly.filter((name) => byPath.has(name) && !after.named.has(name));
  /** Why `names`, which the old module reads no more, stay bound there: the receipt's words. */
  const boundFor = (names: readonly string[]) => {
    const public_ = names.filter((n) => face.has(n) && !forPaths.includes(n));
    const inCode = names.filter((n) => !forPaths.includes(n) && !face.has(n));
    const lookups = names.filter((n) => forPaths.includes(n));
    return [
      ...(public_.length
        ? [`the package's public name${public_.length === 1 ? "" : "s"}, read by its users`]
        : []),
      ...(inCode.length
        ? [
            `the string${inCode.length === 1 ? "" : "s"} naming ${inCode.length === 1 ? "it" : "them"}`,
          ]
        : []),
      ...(lookups.length ? [lookedUp(lookups, "in")] : []),
    ].join("; ");
  };
  const blocked: string[] = [];
  // A global of the old module the unit declares (`global _getchar` in click's getchar): from
  // the new module it would be a global of its own, which the old module's readers (and a test
  // patching it there) would never see; only read, pyflakes finds the import of it unused.
  const unitSource = input.sourceBefore.slice(input.unit.start, input.unit.end);
  const unitFacts = await withTree(unitSource, "python", (tree) => ({
    globals: functionGlobals(tree).declared,
    // The builtin: not a `globals` the unit binds itself.
    callsGlobals:
      callsGlobals(tree) && moduleNames(tree, unitSource, 0, unitSource.length).has("globals"),
  }));
  // Assigned alone (mistletoe's reset_tokens: `global _token_types`, then `_token_types = …`),
  // the name is not read, yet it stays the old module's.
  const staying = [...(unitFacts?.globals ?? [])].filter(
    (g) => fromSource.includes(g) || (ownNames.includes(g) && !moved.has(g)),
  );
  if (staying.length)
    blocked.push(
      `${[...moved].join(", ")} declares ${staying.join(", ")} of ${sourcePath} \`global\`: from ${destPath} ${staying.length === 1 ? "it would be a global" : "they would be globals"} of ${destPath}, which ${sourcePath} never sees. Move ${staying.length === 1 ? "it" : "them"} with the unit (in one selection), or leave the unit where it is.`,
    );
  // `globals()` is the namespace of the module the code is in: from the new module it would
  // look up (or set) names there, not in the old one (reset_tokens: `globals()[name] for name
  // in __all__`).
  if (unitFacts?.callsGlobals && !ownNames.includes("globals"))
    blocked.push(
      `${[...moved].join(", ")} calls globals(), which from ${destPath} would be the namespace of ${destPath}, not of ${sourcePath}. Leave the unit where it is.`,
    );
  // Names the unit reads that its old module rebinds as it runs (a \`global\` in one of its
  // functions: mistletoe's _token_types, which reset_tokens replaces, read by tokenize_inner):
  // imported at the new module's top they would stay what they were when it loaded. Imported
  // in the unit's functions, they are read where they live each time the unit runs, as before.
  const rebound = fromSource.filter(
    (name) => after.globals.has(name) || input.live?.includes(name),
  );
  const back = relativeStyle
    ? relativeOf(nameOf(destPath, modules), sourcePath, modules)
    : nameOf(destPath, modules).join(".");
  // A circular import: the new module imports the old one (or its package does, when it is
  // imported), and the old one would import it back at its top. Where every use of the unit
  // in the old module is in a function, its import goes there. Where the old module reads it
  // when it loads, the new module's imports of the old one go inside the unit's functions,
  // if the unit reads them only when it runs. Else no placement of imports holds in every
  // order the modules may be imported in, and the move is refused.
  // (A function the old module calls as it loads imports them when called, as it read them:
  // what it reads then was bound before the call.)
  const reads = cycle
    ? await withTree(input.sourceBefore, "python", (tree) =>
        moduleReads(tree, input.sourceBefore, 0, input.sourceBefore.length),
      )
    : [];
  const inUnit = (r: ModuleRead) => spans.some((u) => r.at >= u.start && r.at < u.end);
  const unitNow = reads.filter((r) => r.immediate && fromSource.includes(r.name) && inUnit(r));
  // Annotations the new module may leave unevaluated (`from __future__ import annotations`,
  // its names imported under `if TYPE_CHECKING:`), unless the unit's code reads annotations
  // when it runs (pydantic and the like, functools.singledispatch).
  const typingOk =
    !before.facts.statements.some((st) =>
      RUNTIME_ANNOTATIONS.has(
        (st.kind === "from" ? st.module : (st.parts[0]?.name ?? "")).split(".")[0] ?? "",
      ),
    ) && !/@(?:[\w.]+\.register\b|(?:functools\.)?singledispatch)/.test(unitSource);
  const deferred = (r: ModuleRead) =>
    r.annotation === "string" ||
    (r.annotation === "type" && (typingOk || future.includes("annotations")));
  const unitRuntime = unitNow.filter((r) => !deferred(r));
  // The old module's own annotations that are never evaluated (a string, or any under its
  // `from __future__ import annotations`) read the unit for type checkers alone.
  const unevaluated = (r: ModuleRead) =>
    typingOk &&
    (r.annotation === "string" || (r.annotation === "type" && future.includes("annotations")));
  const now = reads.filter(
    (r) => r.immediate && stillUsed.includes(r.name) && !inUnit(r) && !unevaluated(r),
  );
  const names = stillUsed.join(", ");
  const placedNames = [...new Set([...stillUsed, ...namedOnly])];
  let strategy: "top" | "lazy" | "lazy-new" | "placed" | "blocked" = "top";
  if (stillUsed.length && cycle)
    strategy = !now.length
      ? "lazy"
      : input.throughPackage === undefined && fromSource.length && !unitRuntime.length
        ? "lazy-new"
        : "placed";
  // Bound for a star importer alone, across a cycle: imported at the old module's top, the new
  // module's imports of it in the unit's functions, where the unit reads them only when it runs.
  const starOnly = namedOnly.length > 0 && namedOnly.every((n) => byStar.has(n)) && !lock;
  if (
    starOnly &&
    cycle &&
    strategy === "top" &&
    input.throughPackage === undefined &&
    fromSource.length &&
    !unitRuntime.length
  )
    strategy = "lazy-new";
  else if ((namedOnly.length || lock) && cycle && (strategy === "lazy" || strategy === "top"))
    strategy = "placed";
  const placeIn = (tree: Tree, text: string, reads: readonly ModuleRead[]) => {
    const read = firstLoadRead(tree, text, reads, stillUsed, unevaluated) ?? text.length;
    // The statement itself, at the start of a line, not a mention of it (`def _find_exceptions()`).
    const found = lock ? statementAt(text, lock.text) : -1;
    const locked = found !== -1 && found < read;
    const at = locked ? found : read;
    return { at: text.lastIndexOf("\n", at - 1) + 1, locked };
  };
  // Else the old module imports the unit back just above where it first reads it as it loads,
  // once what the new module reads of it as it loads is defined (`class TemplateError`, then
  // the import, then `class TemplateAssertionError(TemplateSyntaxError)`). What the new module
  // imports of what the old one defines further down goes in its functions or under
  // TYPE_CHECKING; what it reads of that as it is defined, no placement holds.
  let late: string[] = strategy === "top" ? [] : fromSource;
  let tooLate: { name: string; line: number; readLine: number } | undefined;
  if (strategy === "placed") {
    const { at } = await withTree(source, "python", (tree) => placeIn(tree, source, after.reads));
    const definedAt = (name: string) =>
      after.facts.topLevel.find((t) => t.name === name)?.start ?? -1;
    late = fromSource.filter((name) => definedAt(name) >= at);
    const lateNow = unitRuntime.find((r) => late.includes(r.name));
    if (lateNow) {
      strategy = "blocked";
      tooLate = {
        name: lateNow.name,
        line: source.slice(0, definedAt(lateNow.name)).split("\n").length,
        readLine: source.slice(0, at).split("\n").length,
      };
    }
  }
  // Across any cycle, what the new module reads of the old one in annotations alone is for
  // type checkers alone: no import at run time to close the cycle (werkzeug's RulePart, whose
  // `weight: Weighting` would otherwise import routing/, whose matcher imports RulePart). An
  // old module that never imports the new one, nor a package on its way, makes no cycle.
  if (strategy === "lazy" || (strategy === "top" && input.throughPackage !== undefined))
    late = fromSource.filter((name) => {
      const its = reads.filter((r) => inUnit(r) && r.name === name);
      return (
        its.length > 0 &&
        its.every((r) => r.annotation !== undefined && (!r.immediate || deferred(r)))
      );
    });
  // The old module's package imports it (werkzeug's routing/__init__.py re-exports rules'
  // parse_converter_args, moved into debug/): the new module importing the old one as it loads
  // would run that package, which imports the unit back from the new module, not yet defined
  // (the package imports it by name, or the old module does as it loads). What the unit reads
  // of the old module only when it runs is imported there, in its functions.
  if (input.sourcePackage && fromSource.length && !unitRuntime.length) {
    const backAtLoad = stillUsed.length > 0 && strategy !== "lazy";
    const byName =
      !backAtLoad &&
      (
        await readsThrough({
          importerPath: input.sourcePackage.path,
          sourcePath,
          text: input.sourcePackage.text,
          names: [...moved],
          ...(modules ? { modules } : {}),
        })
      ).length > 0;
    if (backAtLoad || byName) late = [...new Set([...late, ...fromSource])];
  }
  // What the old module rebinds as it runs, the unit reads when it runs: imported there. Read
  // both as the new module loads and when the unit runs, no one import is right for both.
  const live: string[] = [];
  for (const name of rebound) {
    const its = reads.filter((r) => inUnit(r) && r.name === name && !deferred(r));
    if (!its.length || its.every((r) => r.immediate)) continue;
    const why = input.live?.includes(name)
      ? `other modules replace ${name} on ${sourcePath} (a patch)`
      : `${sourcePath} rebinds ${name} as it runs (\`global ${name}\`)`;
    // Read in a lambda (`key=lambda t: _order[t]`): no function body to import it in.
    if (its.some((r) => r.immediate || !r.inFunction))
      blocked.push(
        `${[...moved].join(", ")} reads ${name} ${its.some((r) => r.immediate) ? "both as it is defined and when it runs" : "in a lambda"}, and ${why}: from ${destPath} no one import of it reads it as it is when the unit runs. Leave the unit where it is.`,
      );
    else live.push(name);
  }
  late = [...new Set([...late, ...live])];
  const deferNew =
    strategy === "lazy-new" ||
    ((strategy === "placed" || strategy === "lazy" || strategy === "top") && late.length > 0);
  // The old module calls the unit as it loads (packaging's `POS_INF = UpperBound(None, False)`):
  // what the new module imports in the unit's functions is imported then, on entry, where the
  // unit read it only on the line that used it. Each must be defined in the old module by then.
  const loadCall = deferNew
    ? now
        .filter((r) => /^\s*\(/.test(input.sourceBefore.slice(r.at + r.name.length)))
        .sort((a, b) => a.at - b.at)[0]
    : undefined;
  if (loadCall) {
    const notYet = late.filter(
      (n) => (before.facts.topLevel.find((t) => t.name === n)?.start ?? -1) > loadCall.at,
    );
    if (notYet.length) {
      const line = input.sourceBefore.slice(0, loadCall.at).split("\n").length;
      blocked.push(
        `${sourcePath}:${line} calls ${loadCall.name} as it loads, before it defines ${notYet.join(", ")}, which ${loadCall.name} would then import from it (a circular import: it cannot import ${sourcePath} at its top). Move ${notYet.length === 1 ? "it" : "them"} above that line first, or leave ${loadCall.name} where it is.`,
      );
    }
  }
  if (deferNew) {
    // The new module reads the old one's names only in its functions (imported there) and in
    // its annotations (imported for type checkers alone, the annotations left unevaluated).
    // Every annotation of those names in the unit (a local variable's `x: RenderResult` is
    // never evaluated; a signature's is not, once `from __future__ import annotations` is there).
    const annotatedReads = reads.filter(
      (r) =>
        inUnit(r) &&
        late.includes(r.name) &&
        (r.annotation === "string" ||
          (r.annotation === "type" && (typingOk || future.includes("annotations")))),
    );
    let annotated = [...new Set(annotatedReads.map((r) => r.name))];
    const evaluated =
      unitNow.some((r) => r.annotation === "type") ||
      annotatedReads.some((r) => r.annotation === "type" && r.immediate);
    const top = needs.filter((n) => !(n.module === ownModule && late.includes(n.local)));
    const futureNow =
      evaluated && !future.includes("annotations") ? [...future, "annotations"] : future;
    const place = async (names: readonly string[]) => {
      const allTypes = [
        ...typeNeeds,
        ...names.map(
          (name): Need => ({
            kind: "from",
            module: ownModule,
            text: name,
            local: name,
            group: ownGroup,
          }),
        ),
      ];
      const text = await withCarried(
        addImports(destAfter, dest, withGuard(top, allTypes), sortedGroups, {
          ...destOptions,
          typeNeeds: allTypes,
          future: futureNow,
        }),
        carried,
      );
      return withTree(text, "python", (tree) => {
        const all = moduleReads(tree, text, 0, text.length).filter((r) => late.includes(r.name));
        // An annotation left unevaluated needs no import where it is.
        const unevaluatedHere = (r: ModuleRead) =>
          r.annotation === "string" ||
          (r.annotation === "type" && futureNow.includes("annotations"));
        return { text, all, inside: all.filter((r) => !unevaluatedHere(r)) };
      });
    };
    let { text: placed, all, inside } = await place(annotated);
    // A name annotated only in functions that import it for their own use (pyparsing's
    // `ParseResults.__init__` imports `_ParseResultsWithOffset` and annotates with it): the
    // annotations read that import, and one for type checkers would be unused.
    const runsIn = (name: string) =>
      new Set(
        inside.filter((r) => r.name === name && r.inFunction).map((r) => r.inFunction?.start),
      );
    const ownUse = annotated.filter((name) => {
      const annotations = all.filter((r) => r.name === name && r.annotation !== undefined);
      return (
        annotations.length > 0 &&
        annotations.every((r) => r.inFunction !== undefined && runsIn(name).has(r.inFunction.start))
      );
    });
    if (ownUse.length) {
      annotated = annotated.filter((n) => !ownUse.includes(n));
      ({ text: placed, all, inside } = await place(annotated));
    }
    destination = lazyImports(placed, inside, ownModule, late);
    const inFunctions = [...new Set(inside.filter((r) => r.inFunction).map((r) => r.name))];
    const lazy = inFunctions.filter((n) => !live.includes(n));
    const rereads = inFunctions.filter((n) => live.includes(n));
    if (lazy.length)
      changes.push(
        `${destPath}: imports ${lazy.join(", ")} from ${sourcePath} in the functions that use ${lazy.length === 1 ? "it" : "them"} (a circular import otherwise)`,
      );
    if (rereads.length)
      changes.push(
        `${destPath}: imports ${rereads.join(", ")} from ${sourcePath} in the functions that use ${rereads.length === 1 ? "it" : "them"} (${sourcePath} or a patch of it rebinds ${rereads.length === 1 ? "it" : "them"} as it runs: imported as they are called)`,
      );
    if (annotated.length)
      changes.push(
        `${destPath}: imports ${annotated.join(", ")} from ${sourcePath} under ${guard} alone${futureNow !== future ? ", with from __future__ import annotations" : ""} (read in annotations; a circular import otherwise)`,
      );
  }
  if (destination !== destAfter)
    changes.splice(destImportsAt, 0, ...destImports(deferNew ? late : []));
  if (tooLate) {
    const read = [...new Set(now.map((r) => r.name))].join(", ");
    blocked.push(
      `Moving ${names} to ${destPath} would make a circular import no placement of imports can hold: ${destPath} would import ${tooLate.name} from ${sourcePath} and read it as ${names} ${stillUsed.length === 1 ? "is" : "are"} defined, but ${sourcePath} defines ${tooLate.name} (line ${tooLate.line}) after it first reads ${read} when it is imported (line ${tooLate.readLine}). Move them together, or move what ${stillUsed.length === 1 ? "it uses" : "they use"} from ${sourcePath} first.`,
    );
  }
  // What went along to break a cycle may be what blocks the import back's placement (MultiDict's
  // TypeVars, which its old module reads before it defines what MultiDict reads): left there.
  if (blocked.length && taken.length) {
    const again = await planPythonImports({ ...input, takeAlong: false });
    if (!again.blocked?.length) return again;
  }
  // Looked up by path where an import back at the top would close a circle, and not bound at
  // the top otherwise: the old module finds it on first lookup (PEP 562's module `__getattr__`),
  // as pickle's, importlib's and a star import's lookups do, after both modules loaded.
  const lookups = cycle
    ? [...byPath.keys()].filter(
        (name) =>
          moved.has(name) &&
          !namedOnly.includes(name) &&
          !(stillUsed.includes(name) && strategy !== "lazy"),
      )
    : [];
  // A star import takes a module's `__getattr__` names only where its `__all__` lists them;
  // without, it copies what the module binds (dateutil's tz/__init__.py of tz.py).
  const unlistedStar = lookups.filter(
    (name) => byStar.has(name) && !before.facts.all?.some((a) => a.name === name),
  );
  if (unlistedStar.length)
    blocked.push(
      `${lookedUp(unlistedStar, "in")} takes ${unlistedStar.join(", ")} from what ${sourcePath} binds (no __all__ lists ${unlistedStar.length === 1 ? "it" : "them"}), and ${sourcePath} could import ${unlistedStar.length === 1 ? "it" : "them"} back only in functions (a circular import at its top). Leave the unit where it is, or choose a destination that does not import ${sourcePath}'s package.`,
    );
  const onLookup = lookups.filter((name) => !unlistedStar.includes(name));
  // `__all__` lets go of what moved, unless the old module binds it again (it imports it back,
  // or finds it on lookup): then `from old import *` still gives it, as before.
  const all = after.facts.all;
  const boundAgain = new Set([
    ...(strategy === "lazy" || strategy === "blocked" ? [] : placedNames),
    ...onLookup,
  ]);
  const unlisted = all?.filter((a) => moved.has(a.name) && !boundAgain.has(a.name)) ?? [];
  if (all && unlisted.length) {
    const going = new Set(unlisted.map((a) => a.name));
    edits.push(
      ...dropItems(source, all, new Set(all.flatMap((a, i) => (going.has(a.name) ? [i] : [])))),
    );
    changes.push(`${sourcePath}: __all__ drops ${unlisted.map((a) => a.name).join(", ")}`);
  }
  source = removeImports(source, edits);
  // A tuple left with one name keeps a comma: `("Paragraph")` is a string, whose letters a
  // star import would look up.
  if (unlisted.length)
    source = source.replace(
      /^(__all__\s*=\s*\(\s*)("[^"\n]*"|'[^'\n]*')((?:\s*#[^\n]*)*\s*\))/m,
      (_, open: string, name: string, close: string) => `${open}${name},${close}`,
    );
  // Kept for the modules that read them through this one, and read here no more: imports
  // pyflakes would call unused, said to be meant.
  const keptUnread = [...keep].filter(
    (n) => unitImports.has(n) && !stillRead.has(n) && !listed.has(n),
  );
  if (keptUnread.length) {
    const text = source;
    source = await withTree(text, "python", (tree) =>
      replaceRanges(
        text,
        factsOf(tree, text)
          .statements.filter((s) => s.parts.some((p) => keptUnread.includes(p.local)))
          .flatMap((s) => keptForOthers(text, s.node) ?? []),
      ),
    );
    changes.push(
      `${sourcePath}: keeps importing ${keptUnread.join(", ")}, which another module reads through it, unused here`,
    );
  }
  // Star imports only the unit read through: pyflakes would call them unused. They stay (another
  // module may take their names through this one), said to be meant.
  const stars = after.facts.statements.filter((s) => s.wildcard && !s.typeChecking);
  const exported = (name: string) =>
    stars.some((s) => input.stars?.[s.module]?.some((n) => n.name === name));
  const ownAfter = new Set([
    ...after.facts.topLevel.map((t) => t.name),
    ...after.facts.nested,
    ...after.facts.statements.flatMap((s) => s.parts.map((p) => p.local)),
  ]);
  if (
    starRead.length &&
    stars.every((s) => input.stars?.[s.module]) &&
    !after.reads.some((r) => !ownAfter.has(r.name) && exported(r.name)) &&
    ![...listed].some(exported)
  ) {
    const text = source;
    source = await withTree(text, "python", (tree) =>
      replaceRanges(
        text,
        factsOf(tree, text)
          .statements.filter((s) => s.wildcard && !s.typeChecking)
          .flatMap((s) => keptForOthers(text, s.node) ?? []),
      ),
    );
    changes.push(
      `${sourcePath}: keeps ${stars.map((s) => `from ${s.module} import *`).join(", ")}, whose names it reads no more (another module may take them through it)`,
    );
  }
  // Found on lookup yet listed in `__all__`: type checkers and pyflakes import it under the
  // guard, which binds what `__all__` names (the guard's import stays, or comes back).
  const ownGetattr = after.facts.topLevel.some((t) => t.name === "__getattr__");
  const listedOnLookup = ownGetattr ? [] : onLookup.filter((n) => all?.some((a) => a.name === n));
  // (A guard read off a module, `t.TYPE_CHECKING`, whose import went, is imported by name.)
  const guardKept = listedOnLookup.length && !guard.includes(".") ? guard : undefined;
  const droppedNow = dropped.filter((n) => n !== guardKept);
  if (droppedNow.length) changes.push(`${sourcePath}: drops imports ${droppedNow.join(", ")}`);
  // The module's imports end below code that reads the unit as it loads (toolz's functoolz
  // imports `_signatures` last, by hand, below `has_varargs.__doc__ = …`): the import back
  // goes where the module first reads the unit, not after its last import. Seen first on the
  // module before its imports were let go (which moves both marks up only): one whose
  // imports all come before that read, most, is not walked again.
  const firstRead = Math.min(
    ...after.reads
      .filter((r) => r.immediate && stillUsed.includes(r.name) && !unevaluated(r))
      .map((r) => r.at),
  );
  const unplaced = source;
  const belowReads =
    (strategy === "top" || strategy === "lazy-new") &&
    firstRead < after.facts.insertAt &&
    (await withTree(unplaced, "python", (tree) => {
      const reads = moduleReads(tree, unplaced, 0, unplaced.length);
      const at = firstLoadRead(tree, unplaced, reads, stillUsed, unevaluated);
      return at !== undefined && at < factsOf(tree, unplaced).insertAt;
    }));
  if (strategy === "lazy") {
    const final = source;
    const backReads = await withTree(final, "python", (tree) =>
      moduleReads(tree, final, 0, final.length).filter((r) => stillUsed.includes(r.name)),
    );
    source = lazyImports(source, backReads, back, stillUsed);
    const inFunctions = [...new Set(backReads.filter((r) => r.inFunction).map((r) => r.name))];
    if (inFunctions.length)
      changes.push(
        `${sourcePath}: imports ${inFunctions.join(", ")} from ${destPath} in the functions that use ${inFunctions.length === 1 ? "it" : "them"} (a circular import otherwise)`,
      );
    // What only annotations read outside a function's body, type checkers alone import.
    const typed = [...new Set(backReads.filter((r) => !r.inFunction).map((r) => r.name))];
    if (typed.length) {
      const made = await importForTypeCheckers(source, typed, back, guard);
      source = made.source;
      changes.push(
        `${sourcePath}: imports ${typed.join(", ")} from ${destPath} under ${made.guard} alone (read in annotations never evaluated; a circular import otherwise)`,
      );
    }
  } else if (strategy === "placed" || belowReads) {
    const final = source;
    const { at, locked } = await withTree(final, "python", (tree) =>
      placeIn(tree, final, moduleReads(tree, final, 0, final.length)),
    );
    // (A name `__all__` lists is used, to pyflakes.)
    const unused = placedNames.filter(
      (n) => !stillUsed.includes(n) && !all?.some((a) => a.name === n),
    );
    const definition = /^(?:class|def|async\s+def|@)/.test(source.slice(at));
    const gap = at === source.length && !/\n\n\n$/.test(source) ? "\n\n" : "";
    // At most two blank lines above it, as between top-level definitions.
    const head = source.slice(0, at).replace(/\n{4,}$/, "\n\n\n");
    source = `${head}${gap}from ${back} import ${placedNames.join(", ")}  # noqa: E402${unused.length ? ", F401" : ""}\n${definition ? "\n\n" : "\n"}${source.slice(at)}`;
    const where = head.split("\n").length;
    changes.push(
      lock && locked
        ? `${sourcePath}: imports ${placedNames.join(", ")} from ${destPath} at line ${where}, before ${lock.why} (${lock.text.trim().split("\n")[0]?.slice(0, 60)})`
        : !stillUsed.length
          ? `${sourcePath}: imports ${placedNames.join(", ")} from ${destPath} at its end, ${unused.length ? `for ${boundFor(unused)}` : `where its __all__ lists ${placedNames.length === 1 ? "it" : "them"}`} (a circular import at its top)`
          : `${sourcePath}: imports ${placedNames.join(", ")} from ${destPath} at line ${where}, where it first reads ${stillUsed.length === 1 ? "it" : "them"} as it loads (${belowReads ? "its imports end below that" : "a circular import at its top"})`,
    );
  } else if ((strategy === "top" || strategy === "lazy-new") && placedNames.length) {
    const refreshed = await withTree(source, "python", (tree) => factsOf(tree, source));
    source = addImports(
      source,
      refreshed,
      placedNames.map((name) => ({
        kind: "from",
        module: back,
        text: name,
        local: name,
        group: 0,
      })),
    );
    // Named in a string alone: an import pyflakes would call unused, said to be meant (one
    // `__all__` lists is used).
    if (namedOnly.some((n) => !all?.some((a) => a.name === n)))
      source = source.replace(
        new RegExp(`^(from ${back.replace(/\./g, "\\.")} import (?:\\(|[^(\n]*?))$`, "m"),
        "$1  # noqa: F401",
      );
    changes.push(
      `${sourcePath}: imports ${placedNames.join(", ")} from ${destPath}${namedOnly.length ? ` (${namedOnly.join(", ")} for ${boundFor(namedOnly)})` : ""}`,
    );
  }
  if (onLookup.length) {
    const files = [...new Set(onLookup.map((n) => byPath.get(n)))].join(", ");
    if (ownGetattr)
      blocked.push(
        `${files} ${files.includes(", ") ? "look" : "looks"} up ${onLookup.join(", ")} on ${sourcePath} by its path (a pickle, a dotted path), which would no longer find it: ${sourcePath} imports ${destPath}'s module only in functions (a circular import at its top), and defines its own __getattr__. Leave the unit where it is.`,
      );
    else {
      const cases = onLookup
        .map(
          (n) =>
            `    if name == "${n}":\n        from ${back} import ${n}\n\n        return ${n}\n`,
        )
        .join("");
      source = `${source.replace(/\n*$/, "")}\n\n\ndef __getattr__(name: str) -> object:\n${cases}    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n`;
      changes.push(
        `${sourcePath}: finds ${onLookup.join(", ")} in ${destPath} on first lookup (a module __getattr__), for ${lookedUp(onLookup, "by")} (a circular import at its top)`,
      );
      if (listedOnLookup.length) {
        const made = await importForTypeCheckers(source, listedOnLookup, back, guard);
        source = made.source;
        changes.push(
          `${sourcePath}: imports ${listedOnLookup.join(", ")} from ${destPath} under ${made.guard} alone, for its __all__`,
        );
      }
    }
  }
  source = tidyEnds(input.sourceBefore, source);
  if (input.stub) unresolved.push(...(await staleStub(input.stub, source, moved, sourcePath)));
  // Calls the old module makes with what moved as it loads (pathspec's
  // `util.register_pattern('gitwildmatch', GitWildMatchPattern)`), bound there again: a file
  // that imported the unit from it loaded it, and ran them; imported from the new module, it
  // would not.
  const loadUses =
    strategy === "blocked"
      ? []
      : after.calls.filter((c) =>
          after.reads.some(
            (r) =>
              r.immediate &&
              placedNames.includes(r.name) &&
              moved.has(r.name) &&
              r.at >= c.start &&
              r.at < c.end,
          ),
        );
  if (loadUses.length)
    changes.push(
      `${sourcePath}: its importers import ${names} from it as before: as it loads, it runs ${loadUses.map((c) => `\`${c.text}\``).join(", ")}`,
    );
  return {
    source,
    destination,
    changes,
    unresolved,
    moved: [...moved],
    ...(loadUses.length ? { loadUses: loadUses.map((c) => c.text) } : {}),
    ...(droppedNow.length ? { dropped: droppedNow } : {}),
    ...(blocked.length ? { blocked } : {}),
    // What the new module imports in its functions it reads off the old module as it runs: a
    // patch there still reaches it.
    unitReads: [
      ...new Set([
        ...needs
          .map((n) => n.local)
          .filter((n) => n !== guard.split(".")[0] && !(deferNew && late.includes(n))),
        ...carried.flatMap((c) => c.names),
      ]),
    ].map((name) => ({
      name,
      stays: !droppedNow.includes(name),
      oldReads: stillRead.has(name),
      ...(fromSource.includes(name) ? { own: true } : {}),
    })),
  };
}

/**
 * `text` without the blank lines a move left at its start or its end (a
 * module's only import dropped, its last function gone), where `original`
 * had none: pycodestyle's and ruff's findings the untouched file did not have.
 */
/** `source` with `names` imported from `back` under its `if TYPE_CHECKING:` (`guard`), and the guard's own import where it has none. */
async function importForTypeCheckers(
  source: string,
  names: readonly string[],
  back: string,
  guard: string,
): Promise<{ source: string; guard: string }> {
  const facts = await withTree(source, "python", (tree) => factsOf(tree, source));
  const bound = (local: string) =>
    facts.statements.some((st) => st.parts.some((p) => p.local === local));
  // A guard read off a module (`t.TYPE_CHECKING`) whose import the move dropped: the name itself.
  const used = guard.includes(".") && !bound(guard.split(".")[0] ?? "") ? "TYPE_CHECKING" : guard;
  const guardName = used.split(".")[0] ?? "TYPE_CHECKING";
  const guardNeeds: Need[] = bound(guardName)
    ? []
    : [{ kind: "from", module: "typing", text: "TYPE_CHECKING", local: guardName, group: 0 }];
  const text = addImports(source, facts, guardNeeds, new Set(), {
    typeNeeds: names.map((name) => ({
      kind: "from",
      module: back,
      text: name,
      local: name,
      group: 0,
    })),
    guard: used,
  });
  return { source: text, guard: used };
}

function tidyEnds(original: string, text: string): string {
  let out = text;
  if (!/^\s*\n/.test(original)) out = out.replace(/^(?:[ \t]*\n)+/, "");
  if (!/\n[ \t]*\n$/.test(original)) out = out.replace(/\n(?:[ \t]*\n)+$/, "\n");
  return out;
}

/** The relative modules of `from … import` statements nested in [start, end) (inside functions, not the module's own). */
function innerRelativeImports(tree: Tree, start: number, end: number): (Span & { text: string })[] {
  const out: (Span & { text: string })[] = [];
  const visit = (node: Node, top: boolean) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_from_statement" && !top) {
      const module = node.childForFieldName("module_name");
      if (module?.type === "relative_import")
        out.push({ start: module.startIndex, end: module.endIndex, text: module.text });
      return;
    }
    for (const child of kids(node)) visit(child, false);
  };
  for (const child of kids(tree.rootNode)) visit(child, true);
  return out;
}

/** `source` with `from <back> import <names>` as the first statement of each function that reads them. */
function lazyImports(
  source: string,
  reads: readonly ModuleRead[],
  back: string,
  names: readonly string[],
): string {
  return replaceRanges(source, lazyImportEdits(reads, back, names));
}

/** Where lazyImports' imports go: at the start of each function that reads one of the names. */
function lazyImportEdits(
  reads: readonly ModuleRead[],
  back: string,
  names: readonly string[],
): { start: number; end: number; insert: string }[] {
  const sites = new Map<number, { indent: string; names: Set<string> }>();
  for (const r of reads) {
    if (!r.inFunction) continue;
    const site = sites.get(r.inFunction.start) ?? { indent: r.inFunction.indent, names: new Set() };
    site.names.add(r.name);
    sites.set(r.inFunction.start, site);
  }
  const order = (n: string) => names.indexOf(n);
  return [...sites].map(([start, site]) => ({
    start,
    end: start,
    insert: `${site.indent}from ${back} import ${[...site.names].sort((a, b) => order(a) - order(b)).join(", ")}\n`,
  }));
}

/**
 * An importer a move rewrote, whose new import of the unit closes a circular
 * import as it loads (werkzeug's sansio/http.py: `from ..routing.parse_date
 * import parse_date` runs routing/, which imports datastructures, still
 * loading): where it reads what it imports from the new module only in its
 * functions, each of them imports it as it runs, and the top-level import
 * goes. Undefined where a name is read as the module loads, or in an
 * annotation, or imported under another name: no placement holds there.
 */
export async function deferPythonImporter(input: {
  importerPath: string;
  destPath: string;
  text: string;
  modules?: ModuleNames;
}): Promise<{ text: string; names: string[] } | undefined> {
  const { importerPath, text, modules } = input;
  const destModule = nameOf(input.destPath, modules).join(".");
  return withTree(text, "python", (tree) => {
    const statements = factsOf(tree, text).statements.filter(
      (s) =>
        s.kind === "from" &&
        !s.typeChecking &&
        !s.wildcard &&
        absoluteOf(s.module, importerPath, modules).join(".") === destModule,
    );
    const parts = statements.flatMap((s) => s.parts);
    if (!statements.length || parts.some((p) => p.local !== p.name)) return undefined;
    const names = parts.map((p) => p.name);
    const reads = moduleReads(tree, text, 0, text.length).filter((r) => names.includes(r.name));
    if (!reads.length || reads.some((r) => r.immediate || r.annotation || !r.inFunction))
      return undefined;
    const lineOf = (s: Statement) => ({
      start: lineStart(text, s.node.start),
      end: lineEnd(text, s.node.end),
      insert: "",
    });
    return {
      text: replaceRanges(text, [
        ...statements.map(lineOf),
        ...statements.flatMap((s) =>
          lazyImportEdits(
            reads.filter((r) => s.parts.some((p) => p.local === r.name)),
            s.module,
            names,
          ),
        ),
      ]),
      names,
    };
  });
}

/** An importer of names that moved (imports/importers.ts): root-relative paths, the importer's text. */
export interface PythonImporterInput {
  importerPath: string;
  sourcePath: string;
  destPath: string;
  text: string;
  moved: readonly string[];
  modules?: ModuleNames;
  /** Names the unit read from its old module that the new one binds (ImportPlan.unitReads). */
  unitReads?: readonly UnitRead[];
  /** Names other modules read through this one (`tags._manylinux`): their imports stay, used here or not. */
  keepBound?: readonly string[];
  /** What the old module goes on binding for its star importers (ImportersInput.starKept): a star import still gives it. */
  starKept?: readonly string[];
  /** Calls the old module makes with what moved as it loads (ImportPlan.loadUses): its importers go on loading it. */
  loadUses?: readonly string[];
  /** Modules that bind the old module, by dotted name, and the name they bind it as (`packaging.tags` → `_manylinux`). */
  boundIn?: Readonly<Record<string, string>>;
}

/** `alias.name` reads in a tree, outside imports: where a module is used for a name. */
function attributeReads(tree: Tree, alias: string, names: ReadonlySet<string>) {
  return attributeNodes(tree, alias, names).map((node) => ({
    start: node.startIndex,
    end: node.endIndex,
    name: node.childForFieldName("attribute")?.text ?? "",
  }));
}

/** Where an expression sits inside an assignment's target list (`a.x, b = …`), climbed through. */
const TARGET_LISTS = new Set([
  "pattern_list",
  "tuple_pattern",
  "list_pattern",
  "expression_list",
  "tuple",
  "list",
  "parenthesized_expression",
]);

/**
 * The names of `names` this tree assigns or deletes on `alias` (`termui.hidden_prompt_func =
 * …`, `del util.x`, `for util.x in …`): a patch of the old module's namespace, which reaches
 * the unit only where that module reads the name (click's CliRunner isolation).
 */
function attributeStores(tree: Tree, alias: string, names: ReadonlySet<string>): Set<string> {
  const stored = new Set<string>();
  for (const use of attributeNodes(tree, alias, names)) {
    let at = use;
    while (at.parent && TARGET_LISTS.has(at.parent.type)) at = at.parent;
    const parent = at.parent;
    const target =
      parent?.type === "delete_statement" ||
      ((parent?.type === "assignment" ||
        parent?.type === "augmented_assignment" ||
        parent?.type === "for_statement") &&
        parent.childForFieldName("left")?.id === at.id);
    if (target) stored.add(use.childForFieldName("attribute")?.text ?? "");
  }
  return stored;
}

/** The `alias.name` nodes of a tree for `names`, outside imports. */
function attributeNodes(tree: Tree, alias: string, names: ReadonlySet<string>): Node[] {
  return attributesOf(tree)
    .filter((a) => a.object === alias && names.has(a.attribute))
    .map((a) => a.node);
}

/** Every `object.attribute` of a tree outside imports, with both as written: one walk a tree. */
const attributeIndex = new WeakMap<Tree, { node: Node; object: string; attribute: string }[]>();
function attributesOf(tree: Tree): { node: Node; object: string; attribute: string }[] {
  const known = attributeIndex.get(tree);
  if (known) return known;
  const out: { node: Node; object: string; attribute: string }[] = [];
  // An import's dotted names are `dotted_name`s, never `attribute`s: every one is outside them.
  for (const node of tree.rootNode.descendantsOfType("attribute")) {
    const object = node?.childForFieldName("object");
    const attribute = node?.childForFieldName("attribute");
    if (node && object && attribute)
      out.push({ node, object: object.text, attribute: attribute.text });
  }
  attributeIndex.set(tree, out);
  return out;
}

/** The names a `global` statement anywhere in `tree` declares. */
/** Whether the function spanning `scope` declares `global <name>`. */
function declaresGlobal(tree: Tree, scope: Span, name: string): boolean {
  return tree.rootNode
    .descendantsOfType("global_statement")
    .some(
      (g) =>
        g !== null &&
        g.startIndex >= scope.start &&
        g.endIndex <= scope.end &&
        kids(g).some((c) => c.type === "identifier" && c.text === name),
    );
}

/** Whether the code of `tree` calls the builtin `globals()`. */
function callsGlobals(tree: Tree): boolean {
  return tree.rootNode
    .descendantsOfType("call")
    .some((c) => c?.childForFieldName("function")?.text === "globals");
}

/** Every name the code of `tree` holds (identifiers, not in strings or comments). */
function identifiersOf(tree: Tree): Set<string> {
  const out = new Set<string>();
  for (const node of tree.rootNode.descendantsOfType("identifier")) if (node) out.add(node.text);
  return out;
}

/** What a module imported by `p` of `s` is called in the file: `import a.b` → `a.b`, `import a.b as c` → `c`, `from a import b` → `b`. */
const moduleAlias = (s: Statement, p: Part) =>
  s.kind === "import" && !/\sas\s/.test(p.text) ? p.name : p.local;

/** `import a.b.c` (no alias) below module `module` (`a` or `a.b`): it binds `a`, through which `module` is read. */
const importsBelow = (s: Statement, p: Part, module: string) =>
  s.kind === "import" && !/\sas\s/.test(p.text) && p.name.startsWith(`${module}.`);

/**
 * The part of import statement `st` that imports the old module `sourceModule` (`import
 * pkg.util`, `import pkg.util.sub` below it, `from pkg import util`), with the name the module
 * is read by here (`local`: `pkg.util` through `import pkg.util.sub`) and the name the
 * statement binds (`bound`).
 */
function oldModulePart(
  st: Statement,
  importerPath: string,
  sourceModule: string,
  modules: ModuleNames | undefined,
): { part: Part; local: string; bound: string } | undefined {
  const module = absoluteOf(st.module, importerPath, modules).join(".");
  const part = st.parts.find((p) =>
    st.kind === "import"
      ? p.name === sourceModule || importsBelow(st, p, sourceModule)
      : `${module}.${p.name}` === sourceModule,
  );
  if (!part) return undefined;
  const below = importsBelow(st, part, sourceModule);
  const local = below ? sourceModule : moduleAlias(st, part);
  return { part, local, bound: below ? part.local : local };
}

/**
 * Whether `name` (a dotted one too) is a name of the code in `tree` other than
 * at the offsets of `except`: read, bound or imported, never in a comment or
 * a string, never an attribute's name.
 */
function nameTaken(tree: Tree, name: string, except: readonly Span[]): boolean {
  const first = name.split(".")[0] ?? name;
  const visit = (node: Node): boolean => {
    if (except.some((e) => node.startIndex >= e.start && node.endIndex <= e.end)) return false;
    if (node.type === "attribute") {
      if (node.text.replace(/\s/g, "") === name) return true;
      return visit(node.childForFieldName("object") as Node);
    }
    if (node.type === "identifier") return node.text === first && !name.includes(".");
    // A module's path in an import binds nothing but its first name (`import a.b` binds a;
    // `from a.util import x` binds x, not util).
    if (node.type === "import_from_statement") {
      const module = node.childForFieldName("module_name");
      return kids(node).some((c) => c.startIndex !== module?.startIndex && visit(c));
    }
    if (node.type === "dotted_name" && node.parent?.type === "import_statement")
      return visit(kids(node)[0] as Node);
    return kids(node).some(visit);
  };
  return visit(tree.rootNode);
}

/**
 * An importer of names that moved from `sourcePath` to `destPath`: each `from
 * <old module> import …` loses them, and they are imported from the new
 * module (relative when that import was). A use through the old module
 * (`from shop import store` … `store.Cart`) becomes a use of a name imported
 * from the new one (under a free alias where the name is taken); a `from
 * <old> import *` is reported, not rewritten.
 */
export async function planPythonImporter(input: PythonImporterInput): Promise<ImporterPlan> {
  const readNames = new Set((input.unitReads ?? []).map((r) => r.name));
  const stays = new Set((input.unitReads ?? []).filter((r) => r.stays).map((r) => r.name));
  const oldReads = new Set(
    (input.unitReads ?? []).filter((r) => r.oldReads !== false).map((r) => r.name),
  );
  // What a patch of the old module should reach in the new one: a name the old module no longer
  // reads. One it still reads, one patch cannot reach in both: said.
  const followed = new Set([...readNames].filter((n) => !(stays.has(n) && oldReads.has(n))));
  const { importerPath, sourcePath, destPath, text, modules } = input;
  // Left importing the old module, which runs calls with what moved as it loads (the old
  // module's receipt says so).
  if (input.loadUses?.length) return { text, changes: [], unresolved: [] };
  const moved = new Set(input.moved);
  const keepBound = new Set(input.keepBound ?? []);
  const sourceModule = nameOf(sourcePath, modules).join(".");
  const destModule = nameOf(destPath, modules);
  const found = await withTree(text, "python", (tree) => {
    const facts = factsOf(tree, text);
    // Functions that make the same import (`p` of `s`) for themselves: what they read through
    // it is not the top-level import's.
    const ownScopes = (s: Statement, p: Part): Span[] =>
      nestedImports(tree, facts).flatMap((st) => {
        const same =
          st.kind === s.kind &&
          st.module === s.module &&
          st.parts.some((q) => q.name === p.name && q.local === p.local);
        const scope = same ? functionAt(tree, st.node.start) : undefined;
        return scope ? [scope] : [];
      });
    // The local names the old module goes by here: `import shop.store as s`, `from shop import
    // store`; or its package's, read down its attribute chain (`import shop` … `shop.store.Cart`,
    // where shop's __init__ imports store).
    /** The file's reads resolved by scope, once, where a name's import is asked about. */
    let resolved: ModuleRead[] | undefined;
    const all = facts.statements.flatMap((s) =>
      s.parts.flatMap((p) => {
        if (s.typeChecking) return [];
        const module =
          s.kind === "import"
            ? p.name
            : `${absoluteOf(s.module, importerPath, modules).join(".")}.${p.name}`;
        // Or another module that binds it, read through that one (`tags._manylinux`).
        const via = module !== sourceModule ? input.boundIn?.[module] : undefined;
        // `import pkg.sub` binds `pkg`: what is read through it (`pkg.compile`) is the package's
        // own, where the old module is that package (jmespath's tests, `import jmespath.parser`).
        const below = importsBelow(s, p, sourceModule);
        const chain =
          (module !== sourceModule && sourceModule.startsWith(`${module}.`)) ||
          via !== undefined ||
          below;
        if (module !== sourceModule && !chain) return [];
        const bound = below ? p.local : moduleAlias(s, p);
        const local = below
          ? sourceModule
          : via
            ? `${bound}.${via}`
            : chain
              ? `${bound}${sourceModule.slice(module.length)}`
              : bound;
        // A name patched here by assignment stays read and written on the old module.
        const stored = attributeStores(tree, local, moved);
        const uses = attributeReads(tree, local, moved).filter((u) => !stored.has(u.name));
        // A name the unit reads, patched here by assignment (click's CliRunner: `old =
        // utils.should_strip_ansi`, `utils.should_strip_ansi = fake`, and back): every
        // `utils.should_strip_ansi` here names the new module's, which the unit reads.
        const patchedReads = attributeStores(tree, local, followed);
        // And by call (`monkeypatch.setattr(utils, "should_strip_ansi", …)`) through a name of
        // the module's own; through `import pkg.util` itself, that import is rewritten (below).
        const called = local === sourceModule ? [] : objectPatches(tree, [local], followed);
        for (const c of called) patchedReads.add(c.name);
        const stuckReads = attributeStores(
          tree,
          local,
          new Set([...readNames].filter((n) => !followed.has(n))),
        );
        const patchUses = [
          ...attributeNodes(tree, local, patchedReads).map((n) => {
            const object = n.childForFieldName("object") as Node;
            return { start: object.startIndex, end: object.endIndex };
          }),
          ...called.map((c) => ({ start: c.target.start, end: c.target.end })),
        ];
        if (chain && !uses.length && !stored.size && !patchUses.length && !stuckReads.size)
          return [];
        const names = [...new Set(uses.map((u) => u.name))];
        const except = [...uses, ...patchUses, s.node, ...ownScopes(s, p)];
        let readElse = nameTaken(tree, chain ? bound : local, except);
        // Taken only where a function binds the name for itself (marko's parser: `from . import
        // element` beside `def add_element(self, element)`): nothing else reads the import.
        if (readElse && !chain && !local.includes(".")) {
          const inside = (at: number) => except.some((e) => at >= e.start && at < e.end);
          resolved ??= moduleReads(tree, text, 0, text.length);
          readElse =
            resolved.some((r) => r.name === local && !inside(r.at)) ||
            facts.topLevel.some((t) => t.name === local) ||
            facts.statements.some(
              (other) =>
                other.node.start !== s.node.start && other.parts.some((q) => q.local === local),
            );
        }
        return [
          {
            statement: s,
            part: p,
            local,
            chain,
            uses,
            stored: [...stored],
            patchedReads: [...patchedReads],
            stuckReads: [...stuckReads],
            patchUses,
            taken: names.filter((n) => nameTaken(tree, n, uses)),
            // Read for nothing else, here or through this module: its import goes.
            unused: !keepBound.has(chain ? bound : local) && !readElse,
            kept: keepBound.has(chain ? bound : local) && !readElse,
          },
        ];
      }),
    );
    // One name read through two imports (`import cachetools` and `import cachetools.keys` both
    // bind `cachetools.keys`): its reads are the old module's import's, not rewritten twice.
    const direct = new Set(all.filter((a) => !a.chain).map((a) => a.local));
    const kept = all.filter((a) => !(a.chain && direct.has(a.local)));
    const aliases = kept.filter((a, i) => kept.findIndex((b) => b.local === a.local) === i);
    return {
      facts,
      aliases,
      present: identifiersOf(tree),
      nested: innermostUses(
        tree,
        nestedImports(tree, facts).map((st) => {
          // A module object imported here (`from pkg import util`), and what is read through it.
          const old = oldModulePart(st, importerPath, sourceModule, modules);
          const local = old?.local;
          const bound = old?.bound;
          // A top-level import of the same name rewrites every read, this function's too.
          const atTop = local !== undefined && aliases.some((a) => a.local === local);
          const uses = local && !atTop ? attributeReads(tree, local, moved) : [];
          const rewritten = local && atTop ? attributeReads(tree, local, moved) : [];
          // Bound to a global its function declares (`global easter`, then `from dateutil import
          // easter`): read in other functions too, which no import in this one reaches, and an
          // import of the names here would bind that global.
          const scope = functionAt(tree, st.node.start);
          const global = scope && bound !== undefined && declaresGlobal(tree, scope, bound);
          return { statement: st, local, bound, uses, rewritten, global: global ? uses : [] };
        }),
      ).map((n) => {
        const inScope = (u: Span) => u.start >= n.scope.start && u.end <= n.scope.end;
        return {
          ...n,
          rewritten: n.rewritten.filter(inScope),
          // Read for nothing else where it binds (its function): the import of the new module
          // takes its place, or, where the top-level one's rewrote its reads, nothing does.
          unused:
            n.bound !== undefined &&
            !keepBound.has(n.bound) &&
            !nameTaken(tree, n.bound, [
              ...n.uses,
              ...n.rewritten,
              n.statement.node,
              { start: 0, end: n.scope.start },
              { start: n.scope.end, end: text.length },
            ]),
        };
      }),
      strings: dottedStrings(tree, sourceModule, moved),
      patches: objectPatches(
        tree,
        aliases.map((a) => a.local),
        moved,
      ),
      readStrings: dottedStrings(tree, sourceModule, readNames, true),
      // `import pkg.util` (at the top or in a function): where a patch's `pkg.util` comes from.
      dottedImports: [
        ...facts.statements.filter((st) => !st.typeChecking),
        ...nestedImports(tree, facts),
      ]
        .filter(
          (st) =>
            st.kind === "import" &&
            st.parts.some((p) => p.name === sourceModule && p.local === p.name.split(".")[0]),
        )
        .map((st) => ({
          end: st.node.end,
          part: st.parts.find((p) => p.name === sourceModule) as Part,
          indent: text.slice(text.lastIndexOf("\n", st.node.start - 1) + 1, st.node.start),
        })),
      readPatches: objectPatches(
        tree,
        [
          ...aliases.map((a) => a.local),
          // `import pkg.util` in a test function, then `monkeypatch.setattr(pkg.util, …)`.
          ...nestedImports(tree, facts).flatMap((st) =>
            st.parts
              .filter((p) =>
                st.kind === "import"
                  ? p.name === sourceModule
                  : `${absoluteOf(st.module, importerPath, modules).join(".")}.${p.name}` ===
                    sourceModule,
              )
              .map((p) => moduleAlias(st, p)),
          ),
        ],
        readNames,
      ),
    };
  });
  const { facts } = found;
  const unresolved: string[] = [];
  // `mock.patch("pkg.util.slug")` and the like: the dotted path of what moved, at its new module.
  const stringEdits: TextEdit[] = found.strings.map((s) => ({
    start: s.start,
    end: s.start + sourceModule.length,
    insert: destModule.join("."),
  }));
  for (const p of found.patches)
    unresolved.push(
      `${importerPath}: ${p.text} patches what moved on ${sourcePath}'s module; not rewritten`,
    );
  for (const a of found.aliases)
    for (const name of a.stuckReads)
      unresolved.push(
        `${importerPath}: assigns ${a.local}.${name}, a name the unit reads, which ${sourcePath} reads too: the patch no longer reaches the unit in ${destPath}; not rewritten`,
      );
  for (const a of found.aliases)
    for (const name of a.stored)
      unresolved.push(
        `${importerPath}: assigns ${a.local}.${name} (a patch of ${sourcePath}), which reaches ${name} only where ${sourcePath} reads it; left as it is`,
      );
  // A patch of a name the unit reads, on the old module: where that name left the old module
  // with the unit, or stays there read by nothing else (rich's JUPYTER_CLASSES_TO_NOT_RENDER,
  // which only _ipy_display_hook read), the dotted path names the new module, whose binding the
  // unit reads; where the old module reads it too, one patch cannot reach both: said.
  for (const s of found.readStrings) {
    const name = input.text.slice(s.start + sourceModule.length + 1, s.end);
    if (stays.has(name) && oldReads.has(name))
      unresolved.push(
        `${importerPath}: patches ${sourceModule}.${name}, which the unit now reads from its own import in ${destPath}: the patch no longer reaches it; not rewritten`,
      );
    else
      stringEdits.push({
        start: s.start,
        end: s.start + sourceModule.length,
        insert: destModule.join("."),
      });
  }
  // `monkeypatch.setattr(rich.console, "getpass", …)` after `import rich.console`, of a name
  // that left with the unit (or stays, read by nothing else there): the new module's, imported
  // beside the old one's import.
  const objectPatched: string[] = [];
  for (const p of found.readPatches) {
    // Made on the new module with the assignments (above).
    if (found.aliases.some((a) => a.local === p.target.text && a.patchedReads.includes(p.name)))
      continue;
    const source = p.target.text === sourceModule ? found.dottedImports.at(0) : undefined;
    if (source && !(stays.has(p.name) && oldReads.has(p.name))) {
      stringEdits.push({ start: p.target.start, end: p.target.end, insert: destModule.join(".") });
      objectPatched.push(p.name);
      continue;
    }
    unresolved.push(
      `${importerPath}: ${p.text} patches a name the unit reads on ${sourcePath}'s module, and the unit now reads it in ${destPath}: the patch no longer reaches it; not rewritten`,
    );
  }
  // Each `import old.module` a patch was rewritten under becomes `import new.module` where
  // nothing else reads the old module's path, else gains it below.
  if (objectPatched.length) {
    const spelled = text.match(
      new RegExp(`(?<![\\w.])${sourceModule.replace(/\./g, "\\.")}(?![\\w])`, "g"),
    );
    const elsewhere =
      (spelled?.length ?? 0) - objectPatched.length - found.dottedImports.length > 0;
    for (const at of found.dottedImports)
      stringEdits.push(
        elsewhere
          ? { start: at.end, end: at.end, insert: `\n${at.indent}import ${destModule.join(".")}` }
          : { start: at.part.start, end: at.part.end, insert: destModule.join(".") },
      );
  }
  const needs: Need[] = [];
  /** Imports written where the old module's was: reported, not added again. */
  const replaced: Need[] = [];
  const edits: TextEdit[] = [];
  const relativeFor = (s: Statement) =>
    s.kind === "from" && s.module.startsWith(".")
      ? relativeOf(destModule, importerPath, modules)
      : destModule.join(".");
  // Patches by assignment of what the unit reads: made on the new module, imported here as the
  // old one is.
  const assignPatched: string[] = [];
  for (const alias of found.aliases) {
    if (!alias.patchUses.length) continue;
    const binding = newModuleBinding(alias.statement, alias.part, {
      destModule,
      importerPath,
      modules,
      facts,
      present: found.present,
    });
    for (const use of alias.patchUses) edits.push({ ...use, insert: binding.local });
    assignPatched.push(...alias.patchedReads);
    // Read for nothing but these patches: the old module's import goes, the new one's in its place.
    const gone = alias.unused && !alias.uses.length;
    if (gone && binding.need && alias.statement.parts.length === 1) {
      edits.push({ ...alias.statement.node, insert: statementsOf([binding.need]).join("\n") });
      continue;
    }
    if (gone) edits.push(...withoutParts(text, alias.statement, [alias.part]));
    if (binding.need) needs.push(binding.need);
  }
  // A use through the old module: a named import of the new one instead, where the name is free.
  for (const alias of found.aliases) {
    if (!alias.uses.length) continue;
    const names = [...new Set(alias.uses.map((u) => u.name))];
    // The name bound here by an import of the same unit from the old module is that unit:
    // not taken (`from pkg.util import slug` beside `util.slug`: both become `slug`).
    const same = (n: string) =>
      facts.statements.some(
        (s) =>
          s.kind === "from" &&
          absoluteOf(s.module, importerPath, modules).join(".") === sourceModule &&
          s.parts.some((p) => p.name === n && p.local === n),
      );
    const taken = names.filter(
      (n) =>
        !same(n) &&
        (alias.taken.includes(n) ||
          facts.statements.some((s) => s.parts.some((p) => p.local === n)) ||
          facts.topLevel.some((t) => t.name === n)),
    );
    // A name taken here (urllib3's `is_prod = _environ.is_prod`, keeping a public name) is
    // imported under a free alias.
    const local = new Map(
      names.map((n) => [n, taken.includes(n) ? freeAlias(n, found.present) : n]),
    );
    for (const use of alias.uses)
      edits.push({ start: use.start, end: use.end, insert: local.get(use.name) ?? use.name });
    const fresh = names.map((name) => {
      const as = local.get(name) ?? name;
      return {
        kind: "from" as const,
        module: relativeFor(alias.statement),
        text: as === name ? name : `${name} as ${as}`,
        local: as,
        group: alias.statement.group,
      };
    });
    // What the old module's own import of the unit brings already needs no import of its own.
    const wanted = fresh.filter((f) => !(f.text === f.local && same(f.local)));
    if (!wanted.length) {
      if (alias.unused) edits.push(...withoutParts(text, alias.statement, [alias.part]));
      continue;
    }
    if (alias.unused && alias.statement.parts.length === 1) {
      // Read for nothing else: the import of the new module takes its place.
      edits.push({
        ...alias.statement.node,
        insert: `from ${relativeFor(alias.statement)} import ${wanted.map((f) => f.text).join(", ")}`,
      });
      replaced.push(...wanted);
      continue;
    }
    if (alias.unused) edits.push(...withoutParts(text, alias.statement, [alias.part]));
    needs.push(...wanted);
  }
  // With no import of the new module to merge into (and no name of the unit's defined
  // here), each import of the old module is followed by one of the new module for what moved.
  const inPlace =
    !facts.statements.some(
      (s) =>
        s.kind === "from" &&
        absoluteOf(s.module, importerPath, modules).join(".") === destModule.join("."),
    ) && !facts.topLevel.some((t) => moved.has(t.name));
  const named: Need[] = [];
  for (const s of facts.statements) {
    if (s.kind !== "from") continue;
    if (absoluteOf(s.module, importerPath, modules).join(".") !== sourceModule) continue;
    if (s.wildcard) {
      // What the old module goes on binding for its star importers, it still gives; a private
      // name a star import never took (unless `__all__` listed it: then it is kept) is not lost.
      const lost = [...moved].filter((n) => !input.starKept?.includes(n) && !n.startsWith("_"));
      if (lost.length)
        unresolved.push(
          `${importerPath}: from ${s.module} import * no longer binds ${lost.join(", ")}; not rewritten`,
        );
      continue;
    }
    const going = s.parts.filter((p) => moved.has(p.name));
    if (!going.length) continue;
    const target = relativeFor(s);
    const fresh = going.map((p) => ({
      kind: "from" as const,
      module: target,
      text: p.text,
      local: p.local,
      group: s.group,
    }));
    // Under `if TYPE_CHECKING:` it stays there, in its place, at its indentation.
    if (inPlace || s.typeChecking) {
      // The new import goes where the old one is.
      if (!inPlace) replaced.push(...fresh);
      else named.push(...fresh);
      const line = `from ${target} import ${going.map((p) => p.text).join(", ")}`;
      if (going.length === s.parts.length) edits.push({ ...s.node, insert: line });
      else {
        edits.push(...withoutParts(text, s, going));
        const at = lineEnd(text, s.node.end);
        const indent = text.slice(text.lastIndexOf("\n", s.node.start - 1) + 1, s.node.start);
        edits.push({ start: at, end: at, insert: `${indent}${line}\n` });
      }
      continue;
    }
    named.push(...fresh);
    edits.push(...withoutParts(text, s, going));
  }
  // Imports of the old module inside functions: rewritten where they are, at their indentation.
  for (const { statement: s, local: alias, uses, unused, rewritten, global } of found.nested) {
    // Read through the global in other functions: the old module goes on binding what moved
    // (carry.ts, pathStrings), and this import stays as it is.
    if (global.length) continue;
    // `import pkg.util` in a function whose every read of it the top-level import's rewrote:
    // left, it would be imported and unused.
    if (rewritten.length && unused && s.parts.length === 1) {
      const start = text.lastIndexOf("\n", s.node.start - 1) + 1;
      edits.push({
        start,
        end: text[s.node.end] === "\n" ? s.node.end + 1 : s.node.end,
        insert: "",
      });
      continue;
    }
    const module = absoluteOf(s.module, importerPath, modules).join(".");
    if (s.kind === "from" && module === sourceModule) {
      const going = s.parts.filter((p) => moved.has(p.name));
      if (!going.length) continue;
      const line = `from ${relativeFor(s)} import ${going.map((p) => p.text).join(", ")}`;
      named.push(
        ...going.map((p) => ({
          kind: "from" as const,
          module: "",
          text: p.text,
          local: p.local,
          group: 0,
        })),
      );
      if (going.length === s.parts.length) edits.push({ ...s.node, insert: line });
      else {
        edits.push(
          ...dropItems(
            text,
            s.parts,
            new Set(s.parts.flatMap((p, i) => (going.includes(p) ? [i] : []))),
          ),
        );
        const indent = text.slice(text.lastIndexOf("\n", s.node.start - 1) + 1, s.node.start);
        edits.push({ start: s.node.end, end: s.node.end, insert: `\n${indent}${line}` });
      }
      continue;
    }
    // `from pkg import util` in a function (or a `with`), used for what moved: the names
    // are read directly, imported from the new module under that import, at its indentation.
    if (alias === undefined || !uses.length) continue;
    const names = [...new Set(uses.map((u) => u.name))];
    // The module's own name where its import stays for other reads (dateutil's tz.py: `from
    // dateutil import relativedelta`, then `relativedelta.weekday(…)` and the moved
    // `relativedelta.relativedelta(…)`): the moved one would shadow it, so it takes another.
    const taken = names.filter(
      (n) => (found.present.has(n) && !uses.some((u) => u.name === n)) || (n === alias && !unused),
    );
    const local = new Map(
      names.map((n) => [n, taken.includes(n) ? freeAlias(n, found.present) : n]),
    );
    for (const use of uses)
      edits.push({ start: use.start, end: use.end, insert: local.get(use.name) ?? use.name });
    const indent = text.slice(text.lastIndexOf("\n", s.node.start - 1) + 1, s.node.start);
    const list = names.map((n) => (local.get(n) === n ? n : `${n} as ${local.get(n)}`));
    const line = `from ${relativeFor(s)} import ${list.join(", ")}`;
    if (unused && s.parts.length === 1) edits.push({ ...s.node, insert: line });
    else edits.push({ start: s.node.end, end: s.node.end, insert: `\n${indent}${line}` });
    named.push(
      ...list.map((t, i) => ({
        kind: "from" as const,
        module: "",
        text: t,
        local: local.get(names[i] as string) ?? t,
        group: 0,
      })),
    );
  }
  edits.push(...stringEdits);
  // Kept for the modules that read it through this one: an import pyflakes would call unused,
  // said to be meant.
  for (const a of found.aliases) {
    const noqa = a.kept ? keptForOthers(text, a.statement.node) : undefined;
    if (noqa) edits.push(noqa);
  }
  if (!edits.length) return { text, changes: [], unresolved };
  const toAdd = inPlace ? needs : [...needs, ...named.filter((n) => n.module !== "")];
  let out = inPlace ? replaceRanges(text, edits) : removeImports(text, edits);
  let here = (_: Need) => false;
  if (toAdd.length) {
    const refreshed = await withTree(out, "python", (tree) => factsOf(tree, out));
    out = addImports(out, refreshed, toAdd);
    here = (n) => definesItself(refreshed, n.local);
  }
  const patched = stringEdits.map((e) =>
    (/^[\w.]+/.exec(text.slice(e.start)) ?? [""])[0].slice(sourceModule.length + 1),
  );
  return {
    text: out,
    changes: [
      ...importerChanges(
        importerPath,
        destPath,
        [...replaced, ...needs, ...named].map((n) => ({ local: n.local, here: here(n) })),
      ),
      ...(patched.length || objectPatched.length || assignPatched.length
        ? [
            `${importerPath}: patches ${[...new Set([...patched.filter(Boolean), ...objectPatched, ...assignPatched])].join(", ")} on ${destModule.join(".")} (what the unit reads there)`,
          ]
        : []),
      ...found.aliases
        .filter((a) => a.kept)
        .map(
          (a) =>
            `${importerPath}: keeps importing ${a.local}, which another module reads through it, unused here`,
        ),
    ],
    unresolved,
  };
}

/**
 * The name the new module goes by in an importer that imports the old one
 * by `s` (`from . import utils` → `from .moved import echo_mod`; `import
 * pkg.utils` → `import pkg.moved.echo_mod`), and the import to add, where
 * none binds it yet. A name taken here gets a free alias.
 */
function newModuleBinding(
  s: Statement,
  p: Part,
  at: {
    destModule: string[];
    importerPath: string;
    modules: ModuleNames | undefined;
    facts: Facts;
    present: ReadonlySet<string>;
  },
): { local: string; need?: Need } {
  const { destModule, importerPath, modules, facts, present } = at;
  const dotted = destModule.join(".");
  const base = destModule.at(-1) ?? dotted;
  const parent = destModule.slice(0, -1);
  const free = present.has(base) ? freeAlias(base, present) : base;
  if (s.kind === "from" && parent.length) {
    const existing = facts.statements
      .filter(
        (st) =>
          st.kind === "from" &&
          absoluteOf(st.module, importerPath, modules).join(".") === parent.join("."),
      )
      .flatMap((st) => st.parts)
      .find((q) => q.name === base);
    if (existing) return { local: existing.local };
    const module = s.module.startsWith(".")
      ? relativeOf(parent, importerPath, modules)
      : parent.join(".");
    const text = free === base ? base : `${base} as ${free}`;
    return { local: free, need: { kind: "from", module, text, local: free, group: s.group } };
  }
  // `import pkg.utils` is read as `pkg.utils.x`: the new module's whole path, imported as such.
  const spelled = s.kind === "import" && moduleAlias(s, p) === p.name;
  const existing = facts.statements.find(
    (st) =>
      st.kind === "import" &&
      st.parts.some((q) => q.name === dotted && (spelled ? moduleAlias(st, q) === dotted : true)),
  );
  const local = spelled ? dotted : free;
  if (existing) {
    const q = existing.parts.find((x) => x.name === dotted) as Part;
    return { local: moduleAlias(existing, q) };
  }
  const text = local === dotted ? dotted : `${dotted} as ${local}`;
  return { local, need: { kind: "import", module: dotted, text, local, group: s.group } };
}

/** Import statements below the module's top level (in functions, classes, `try`), not under its TYPE_CHECKING. */
const nestedIndex = new WeakMap<Tree, Statement[]>();
function nestedImports(tree: Tree, facts: Facts): Statement[] {
  const known = nestedIndex.get(tree);
  if (known) return known;
  const found = nestedImportsOf(tree, facts);
  nestedIndex.set(tree, found);
  return found;
}

function nestedImportsOf(tree: Tree, facts: Facts): Statement[] {
  const top = new Set(facts.statements.map((s) => s.node.start));
  const out: Statement[] = [];
  for (const node of tree.rootNode.descendantsOfType([
    "import_statement",
    "import_from_statement",
  ])) {
    const statement = node && statementOf(node, false);
    if (statement && !top.has(statement.node.start)) out.push({ ...statement, group: 0 });
  }
  return out;
}

/** String literals that are the dotted path of what moved (`"pkg.util.slug"`, `"pkg.util.Cls.method"`): where the old module's name starts. */
function dottedStrings(
  tree: Tree,
  sourceModule: string,
  moved: ReadonlySet<string>,
  /** Only `<module>.<name>` itself (a name rebound), not a path through it. */
  exact = false,
): Span[] {
  const out: Span[] = [];
  if (!tree.rootNode.text.includes(sourceModule)) return out;
  for (const node of tree.rootNode.descendantsOfType("string_content")) {
    const value = node?.text ?? "";
    if (!node || !value.startsWith(`${sourceModule}.`)) continue;
    const rest = value.slice(sourceModule.length + 1);
    const name = rest.split(".")[0] ?? "";
    if (moved.has(name) && (!exact || rest === name))
      out.push({ start: node.startIndex, end: node.endIndex });
  }
  return out;
}

/**
 * Which of `names` (what moves) `text` names in a string by a path to the old
 * module that no rewrite may change: a pickle's global (`cpkg.util\\nSlug`,
 * protocol 4's `pkg.util\\x94\\x8c\\x04Slug`), an entry point's
 * `pkg.util:slug`. Loading such data or such a path looks the name up on the
 * old module, which must go on binding it. (A string that is the dotted path
 * itself, `"pkg.util.slug"`, is rewritten instead: dottedStrings.)
 */
export async function pathStrings(input: {
  sourcePath: string;
  text: string;
  names: readonly string[];
  modules?: ModuleNames;
  /** The file's own path: what it reads through a global its functions import the old module into counts too. */
  importerPath?: string;
}): Promise<string[]> {
  const sourceModule = nameOf(input.sourcePath, input.modules).join(".");
  if (!sourceModule || !input.names.length) return [];
  // A pickle's opcode stands right before the module (`cpkg.util`, `bcpkg.util`): no boundary there.
  const found = new RegExp(
    `(?<!\\.)${escapeRegExp(sourceModule)}(?:\\\\n|\n|:|(?:\\\\x[0-9a-fA-F]{2})+)(${input.names.map(escapeRegExp).join("|")})(?!\\w)`,
    "g",
  );
  const inStrings = input.text.includes(sourceModule);
  const last = sourceModule.split(".").at(-1) ?? sourceModule;
  const dynamic = /\b(?:import_module|__import__)\s*\(/.test(input.text);
  if (!inStrings && !dynamic && !(input.importerPath && input.text.includes(last))) return [];
  return withTree(input.text, "python", (tree) => {
    const out = new Set<string>();
    if (dynamic)
      for (const name of dynamicModuleReads(tree, sourceModule, new Set(input.names)))
        out.add(name);
    const visit = (node: Node) => {
      if (node.type === "string_content") {
        for (const m of node.text.matchAll(found)) if (m[1]) out.add(m[1]);
        return;
      }
      for (const child of kids(node)) visit(child);
    };
    if (inStrings) visit(tree.rootNode);
    if (input.importerPath)
      for (const name of globalReads(tree, input.text, {
        importerPath: input.importerPath,
        sourceModule,
        names: new Set(input.names),
        ...(input.modules ? { modules: input.modules } : {}),
      }))
        out.add(name);
    return [...out];
  });
}

/**
 * What `tree` reads of `names` off a module it imports by a name known only as it runs
 * (marko's `module = import_module(f"marko.ext.{name}")`, then `module.make_extension(…)`;
 * `getattr(module, "make_extension")`), where that name may be the old module's: a string
 * whose fixed start is not a prefix of it names another module.
 */
function dynamicModuleReads(
  tree: Tree,
  sourceModule: string,
  names: ReadonlySet<string>,
): string[] {
  const bound = new Set<string>();
  for (const call of tree.rootNode.descendantsOfType("call")) {
    const callee = call?.childForFieldName("function")?.text ?? "";
    if (!call || !/(?:^|\.)(?:import_module|__import__)$/.test(callee)) continue;
    const argument = call.childForFieldName("arguments")?.namedChildren.find((c) => c !== null);
    if (argument?.type === "string") {
      // A plain string names one module; an f-string's fixed start (`marko.ext.` of
      // f"marko.ext.{name}") a package whose modules it may name. A relative one (`.{name}`,
      // from `__package__`) may name any.
      const body = argument.text.replace(/^[a-zA-Z]*("{3}|'{3}|"|')/, "");
      const formatted = /^[a-zA-Z]*[fF][a-zA-Z]*["']/.test(argument.text) && body.includes("{");
      const fixed = body.split(/[{"']/)[0] ?? "";
      const names =
        fixed.startsWith(".") ||
        (formatted ? sourceModule.startsWith(fixed) : fixed === sourceModule);
      if (!names) continue;
    }
    const assignment = call.parent?.type === "assignment" ? call.parent : undefined;
    const left = assignment?.childForFieldName("left");
    if (left?.type === "identifier") bound.add(left.text);
  }
  const out = new Set<string>();
  for (const node of tree.rootNode.descendantsOfType(["attribute", "call"])) {
    if (!node) continue;
    if (node.type === "attribute") {
      const name = node.childForFieldName("attribute")?.text ?? "";
      if (names.has(name) && bound.has(node.childForFieldName("object")?.text ?? "")) out.add(name);
      continue;
    }
    if (!/^(?:getattr|hasattr)$/.test(node.childForFieldName("function")?.text ?? "")) continue;
    const [object, key] = (node.childForFieldName("arguments")?.namedChildren ?? []).filter(
      (c): c is Node => c !== null && c.type !== "comment",
    );
    const name = key?.type === "string" ? key.text.slice(1, -1) : "";
    if (names.has(name) && object && bound.has(object.text)) out.add(name);
  }
  return [...out];
}

/**
 * What `tree` reads of `names` through a global its functions import the old module into
 * (dateutil's rrule.py: `global easter`, `from dateutil import easter` in one method,
 * `easter.easter(year)` in another): no import in one function reaches the others, so the
 * old module goes on binding them.
 */
function globalReads(
  tree: Tree,
  text: string,
  input: {
    importerPath: string;
    sourceModule: string;
    names: ReadonlySet<string>;
    modules?: ModuleNames;
  },
): string[] {
  const out = new Set<string>();
  for (const st of nestedImports(tree, factsOf(tree, text))) {
    const old = oldModulePart(st, input.importerPath, input.sourceModule, input.modules);
    const scope = functionAt(tree, st.node.start);
    if (!old || !scope || !declaresGlobal(tree, scope, old.bound)) continue;
    for (const read of attributeReads(tree, old.local, input.names)) out.add(read.name);
  }
  return [...out];
}

/** A name a module binds for a star import of it, and how it got it, where by an absolute import (`import re`, `from typing import Any`). */
export interface StarName {
  name: string;
  via?: { kind: "import" | "from"; module: string; text: string };
}

/**
 * What `from <this module> import *` binds (`text`, the module's source): the
 * names its `__all__` lists, else its public top-level ones, each with the
 * absolute import that bound it where one did (`listed` where `__all__` did);
 * and the modules it star-imports itself, as written, whose public names it
 * passes on where it has no `__all__`.
 */
export async function starBindings(
  text: string,
): Promise<{ names: StarName[]; listed: boolean; stars: string[] }> {
  return withTree(text, "python", (tree) => {
    const facts = factsOf(tree, text);
    const via = new Map<string, StarName["via"]>();
    const bound = new Set<string>([...facts.topLevel.map((t) => t.name), ...facts.nested]);
    for (const s of facts.statements) {
      if (s.typeChecking) continue;
      for (const part of s.parts) {
        bound.add(part.local);
        if (!s.module.startsWith("."))
          via.set(part.local, { kind: s.kind, module: s.module, text: part.text });
        else via.delete(part.local);
      }
    }
    for (const t of facts.topLevel) via.delete(t.name);
    const names = facts.all
      ? facts.all.map((a) => a.name)
      : [...bound].filter((n) => !n.startsWith("_"));
    const stars = facts.statements
      .filter((s) => s.wildcard && !s.typeChecking)
      .map((s) => s.module);
    return {
      listed: facts.all !== undefined,
      names: names.map((name) => {
        const how = via.get(name);
        return how ? { name, via: how } : { name };
      }),
      stars,
    };
  });
}

/** A module of the project asked what it takes of the old module's `names`, the old module's text beside it. */
interface ReaderOfSource {
  importerPath: string;
  sourcePath: string;
  text: string;
  sourceText: string;
  names: readonly string[];
  modules?: ModuleNames;
}

/**
 * What the module at `importerPath` takes of the old module's `names` by a
 * star import as it loads (`from attr.validators import *`): those the old
 * module's `__all__` lists (`sourceText`), else its public ones; none when it
 * does not star-import it.
 */
export async function starTaken(input: ReaderOfSource): Promise<string[]> {
  if (!/\bimport\s*\*/.test(input.text)) return [];
  const sourceModule = nameOf(input.sourcePath, input.modules).join(".");
  const stars = await withTree(input.text, "python", (tree) =>
    factsOf(tree, input.text).statements.some(
      (s) =>
        s.wildcard &&
        !s.typeChecking &&
        absoluteOf(s.module, input.importerPath, input.modules).join(".") === sourceModule,
    ),
  );
  if (!stars) return [];
  const taken = new Set((await starBindings(input.sourceText)).names.map((n) => n.name));
  return input.names.filter((n) => taken.has(n));
}

/**
 * What an importer reaches through the old module's `__all__` (marko's parser registers
 * `getattr(block, name) for name in block.__all__`): every moved name it lists, looked up on
 * the old module by name, as a dotted path in a string is. The old module goes on listing
 * and binding them (imported back, or found on lookup where that would be a circle).
 */
export async function allListedReads(input: ReaderOfSource): Promise<string[]> {
  if (!input.text.includes("__all__") || input.importerPath === input.sourcePath) return [];
  const sourceModule = nameOf(input.sourcePath, input.modules).join(".");
  if (!sourceModule) return [];
  const reads = await withTree(input.text, "python", (tree) => {
    const facts = factsOf(tree, input.text);
    const locals = new Set<string>();
    for (const st of [...facts.statements, ...nestedImports(tree, facts)]) {
      // `from pkg.block import __all__`
      if (
        st.kind === "from" &&
        absoluteOf(st.module, input.importerPath, input.modules).join(".") === sourceModule &&
        st.parts.some((p) => p.name === "__all__")
      )
        return true;
      const old = oldModulePart(st, input.importerPath, sourceModule, input.modules);
      if (old) locals.add(old.local);
    }
    return tree.rootNode
      .descendantsOfType("attribute")
      .some(
        (node) =>
          node?.childForFieldName("attribute")?.text === "__all__" &&
          locals.has((node.childForFieldName("object")?.text ?? "").replace(/\s/g, "")),
      );
  });
  if (!reads) return [];
  const { names, listed } = await starBindings(input.sourceText);
  if (!listed) return [];
  const all = new Set(names.map((n) => n.name));
  return input.names.filter((n) => all.has(n));
}

/** `mock.patch.object(util, "slug")`, `monkeypatch.setattr(util, "slug", …)`: a moved name patched on the old module object. */
function objectPatches(
  tree: Tree,
  aliases: readonly string[],
  moved: ReadonlySet<string>,
): { text: string; target: Span & { text: string }; name: string }[] {
  const out: { text: string; target: Span & { text: string }; name: string }[] = [];
  if (!aliases.length) return out;
  for (const node of tree.rootNode.descendantsOfType("call")) {
    if (node) {
      const args = node.childForFieldName("arguments");
      const list = args
        ? kids(args).filter(
            (c) => c.type !== "(" && c.type !== ")" && c.type !== "," && c.type !== "comment",
          )
        : [];
      const [target, attribute] = list;
      const name = attribute?.type === "string" ? attribute.text.slice(1, -1) : undefined;
      if (target && aliases.includes(target.text) && name !== undefined && moved.has(name))
        out.push({
          // On one line, its comments left out, as the receipt quotes it.
          text: `${node.childForFieldName("function")?.text ?? ""}(${list.map((a) => a.text).join(", ")})`.replace(
            /\s*\n\s*/g,
            " ",
          ),
          target: { start: target.startIndex, end: target.endIndex, text: target.text },
          name,
        });
    }
  }
  return out;
}

/**
 * Whether module `text` binds `name` at its top level (a def, a class, an
 * assignment, an import): a package `__init__.py` that does loses that
 * binding to a submodule of that name the moment the submodule is imported
 * (marko's `gfm/__init__.py` defines `make_extension`; a new
 * `gfm/make_extension.py`, once imported, replaces it with the module).
 */
export async function bindsAtTop(
  text: string,
  name: string,
  /** What moved: an import of one of these (`from ._impl import foo`) becomes one of the new module's, which binds it again once loaded. */
  moved: readonly string[] = [],
): Promise<boolean> {
  if (!text.includes(name)) return false;
  return withTree(text, "python", (tree) => {
    const facts = factsOf(tree, text);
    return (
      facts.topLevel.some((t) => t.name === name) ||
      facts.statements.some(
        (s) =>
          !s.typeChecking &&
          s.parts.some((p) => p.local === name && !(s.kind === "from" && moved.includes(p.name))),
      )
    );
  });
}

/** Whether `text` (a module at `importerPath`, a package's `__init__.py`) imports the module at `sourcePath`, or from it. */
export async function importsModule(input: {
  importerPath: string;
  sourcePath: string;
  text: string;
  modules?: ModuleNames;
}): Promise<boolean> {
  const { importerPath, sourcePath, text, modules } = input;
  const sourceModule = nameOf(sourcePath, modules).join(".");
  return withTree(text, "python", (tree) =>
    factsOf(tree, text).statements.some((s) => {
      if (s.typeChecking) return false;
      const module = absoluteOf(s.module, importerPath, modules).join(".");
      return s.kind === "import"
        ? s.parts.some((p) => p.name === sourceModule)
        : module === sourceModule || s.parts.some((p) => `${module}.${p.name}` === sourceModule);
    }),
  );
}

/**
 * Which of `names` (imports the old module would drop) `text`, another
 * module, reads through the old module: `from <old> import name`, or
 * `old.name` through an import of it. Those imports stay (PythonMoveInput.keep).
 */
export async function readsThrough(input: {
  importerPath: string;
  sourcePath: string;
  text: string;
  names: readonly string[];
  /** Names the unit reads whose patches follow it (planPythonImporter): where this module assigns one on the old module, its reads there go with the patch. */
  followed?: readonly string[];
  modules?: ModuleNames;
}): Promise<string[]> {
  const { importerPath, sourcePath, text, modules } = input;
  const wanted = new Set(input.names);
  const followed = new Set(input.followed ?? []);
  const sourceModule = nameOf(sourcePath, modules).join(".");
  return withTree(text, "python", (tree) => {
    const facts = factsOf(tree, text);
    const out = new Set<string>();
    for (const s of facts.statements) {
      const module = absoluteOf(s.module, importerPath, modules).join(".");
      for (const p of s.parts) {
        if (s.kind === "from" && module === sourceModule && wanted.has(p.name)) out.add(p.name);
        // The old module, or its package read down the attribute chain to it.
        const named = s.kind === "import" ? p.name : `${module}.${p.name}`;
        if (named !== sourceModule && !sourceModule.startsWith(`${named}.`)) continue;
        const local = `${moduleAlias(s, p)}${sourceModule.slice(named.length)}`;
        const patched = attributeStores(tree, local, followed);
        if (local !== sourceModule)
          for (const c of objectPatches(tree, [local], followed)) patched.add(c.name);
        for (const use of attributeReads(tree, local, wanted))
          if (!patched.has(use.name)) out.add(use.name);
      }
    }
    return [...out];
  });
}

/**
 * Which of `names` (what the unit reads that its old module keeps and reads too) `text`
 * replaces on the old module, imported at its top or in a function,: assigned (`block_token._token_types = []`), patched by object
 * (`monkeypatch.setattr(util, "slug", …)`, `mock.patch.object`) or by its dotted path
 * (`mock.patch("pkg.util.slug")`). One patch reaches both only where both read the name off
 * the old module as they run (PythonMoveInput.live).
 */
export async function patchesOnOld(input: Omit<ReaderOfSource, "sourceText">): Promise<string[]> {
  const { importerPath, sourcePath, text, modules } = input;
  const wanted = new Set(input.names);
  const sourceModule = nameOf(sourcePath, modules).join(".");
  return withTree(text, "python", (tree) => {
    const out = new Set<string>();
    const facts = factsOf(tree, text);
    // A test importing the old module in its function (`import pkg.utils` in `check()`) too.
    for (const s of [...facts.statements, ...nestedImportsOf(tree, facts)]) {
      const found = oldModulePart(s, importerPath, sourceModule, modules);
      if (!found) continue;
      for (const name of attributeStores(tree, found.local, wanted)) out.add(name);
      for (const c of objectPatches(tree, [found.local], wanted)) out.add(c.name);
    }
    for (const span of dottedStrings(tree, sourceModule, wanted, true))
      out.add(text.slice(span.start + sourceModule.length + 1, span.end));
    return [...out];
  });
}

/**
 * What the old module's typing stub still declares of the unit once the old
 * module no longer binds it: type checkers read the stub, not the module,
 * and would accept a name the module no longer has. Stubs are not rewritten:
 * said, for the caller to move the declaration (or leave the unit).
 */
async function staleStub(
  stub: { path: string; text: string },
  source: string,
  moved: ReadonlySet<string>,
  sourcePath: string,
): Promise<string[]> {
  const bound = await withTree(source, "python", (tree) => {
    const facts = factsOf(tree, source);
    return new Set([
      ...facts.topLevel.map((t) => t.name),
      ...facts.nested,
      ...facts.statements
        .filter((s) => !s.typeChecking)
        .flatMap((s) => s.parts.map((p) => p.local)),
    ]);
  });
  const declared = await withTree(stub.text, "python", (tree) =>
    factsOf(tree, stub.text).topLevel.map((t) => t.name),
  );
  const stale = [...moved].filter((name) => declared.includes(name) && !bound.has(name));
  if (!stale.length) return [];
  const them = stale.length === 1 ? "it" : "them";
  return [
    `${stub.path}, the typing stub of ${sourcePath}, still declares ${stale.join(", ")}, which ${sourcePath} no longer binds: stubs are not rewritten; move the declaration${stale.length === 1 ? "" : "s"} to a stub of the new module, or import ${them} back in ${sourcePath}`,
  ];
}
