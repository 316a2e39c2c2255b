import { kids } from "../../imports/plan.ts";
import { type Node, withTree } from "../../syntax/parser.ts";

/**
 * Whether a Python project's modules still import after a move (issue 33: a
 * circular import a move makes, through a package's `__init__.py` on the new
 * module's way or any chain of modules, fails only when the code loads).
 * Python's import is followed over each module's top-level statements, in
 * order: `import a.b` runs package `a`, then `a.b`; `from m import n` runs
 * `m` and needs `n` bound in it by then (or a submodule `m.n`), else it
 * fails, as `cannot import name 'n' from partially initialized module 'm'`
 * does. Function bodies run later and are not followed; `if TYPE_CHECKING:`
 * and `if __name__ == "__main__":` never run on import; what a `try` runs may fail quietly. A module whose names cannot
 * be known (`from x import *`, a module `__getattr__`) satisfies any name, and
 * modules outside the project any import. Pure: steps in, failures out.
 */

export type LoadStep =
  | { kind: "import"; module: string; binds: string[]; quiet: boolean; local?: boolean }
  | {
      kind: "from";
      module: string;
      names: { name: string; binds: string }[];
      quiet: boolean;
      /** In a function the module calls as it loads: it runs, and binds nothing of the module's. */
      local?: boolean;
    }
  | { kind: "bind"; names: string[] }
  /** `from <module> import *`: what the module binds, as far as it has run. */
  | { kind: "star"; module: string; quiet: boolean; local?: boolean }
  /** `__all__ = ["a", "b"]`: what a star import of the module binds; null: not known (`+=`, a call). */
  | { kind: "all"; names: string[] | null }
  /**
   * Its names cannot all be known; `lookup`, what its module `__getattr__`
   * imports, run when a name it does not bind is looked up on it (`from m
   * import n`, a star import of the names its `__all__` lists).
   */
  | { kind: "open"; lookup?: LoadStep[] }
  /** A relative import that leaves the top-level package (`from ..attrs import x` in `attr.a`). */
  | { kind: "beyond"; spec: string; quiet: boolean };

export interface LoadModule {
  steps: LoadStep[];
}

export interface LoadFailure {
  /** The module whose import failed, as a user would import it. */
  entry: string;
  /** The modules being run when it failed, outermost first. */
  chain: string[];
  /** The import that failed: `from <module> import <name>`. */
  module: string;
  name: string;
  /** The module was still running (a circular import), not done without the name. */
  partial: boolean;
  /** A relative import past the top-level package (`module` as written): ImportError, always. */
  beyond?: boolean;
}

/** `from ..x import y` in module `name` (`isPackage`: an `__init__.py`): the absolute module. */
function absolute(spec: string, name: string, isPackage: boolean): string | undefined {
  const dots = spec.match(/^\.*/)?.[0].length ?? 0;
  if (!dots) return spec;
  const base = name.split(".");
  // A module's package is its name without its last part; a package is its own.
  const up = dots - (isPackage ? 1 : 0);
  // Up to the top-level package's parent or past it: Python refuses it.
  if (up >= base.length) return undefined;
  const parent = base.slice(0, base.length - up);
  const rest = spec.slice(dots);
  return [...parent, ...(rest ? [rest] : [])].join(".");
}

/**
 * What running some code names: own definitions in `scope` (a closure, a class, a result),
 * the module's functions it calls, the classes it calls the result of (`@Name(…)`), and the
 * attributes it calls (`self.m`).
 */
interface Seen {
  named: Set<string>;
  calls: Set<string>;
  wholes: Set<string>;
  attributes: Set<string>;
}

/** `if TYPE_CHECKING:`'s condition (`typing.TYPE_CHECKING`, any alias); `if __name__ == "__main__":`'s. */
export const TYPE_CHECKING = /^(?:\w+\.)?TYPE_CHECKING$/;
export const MAIN = /^__name__\s*==\s*(['"])__main__\1$|^(['"])__main__\2\s*==\s*__name__$/;

/** The top-level steps of a module's `text` (`name`, an `__init__.py` when `isPackage`). */
export async function loadSteps(
  text: string,
  name: string,
  isPackage: boolean,
): Promise<LoadStep[]> {
  return withTree(text, "python", (tree) => {
    const steps: LoadStep[] = [];
    // The module's own functions and classes, by name: one it calls as it loads (a decorator
    // on its own classes, a default, an assignment) runs then, and the imports in it with it.
    const functions = new Map<string, Node>();
    for (const c of kids(tree.rootNode)) {
      const def = c.type === "decorated_definition" ? c.childForFieldName("definition") : c;
      const fname =
        def?.type === "function_definition" || def?.type === "class_definition"
          ? def.childForFieldName("name")?.text
          : undefined;
      if (def && fname) functions.set(fname, def);
    }
    const unseen = (): Seen => ({
      named: new Set(),
      calls: new Set(),
      wholes: new Set(),
      attributes: new Set(),
    });
    /** What a function that runs defines in its body (not in what those define), by name. */
    const definedIn = (body: Node, out: Map<string, Node>) => {
      for (const c of kids(body)) {
        const def = c.type === "decorated_definition" ? c.childForFieldName("definition") : c;
        const own = def?.childForFieldName("name")?.text;
        if (def && own && (def.type === "function_definition" || def.type === "class_definition"))
          out.set(own, def);
        else if (/_statement$|_clause$|^block$/.test(c.type)) definedIn(c, out);
      }
      return out;
    };
    /**
     * Runs `node` as part of a function that runs: its imports become local steps (a `try`'s
     * quietly); a function it defines is not run (its defaults and decorators are), a class it
     * defines runs its body but not its methods; `named` gets what it names of `scope` (a
     * closure it returns or calls, a class it constructs), `calls` the module's own functions
     * it calls, `attributes` each `x.m` it calls.
     */
    const walk = (
      node: Node,
      quiet: boolean,
      scope: Map<string, Node>,
      seen: Seen,
      imports = true,
    ): void => {
      switch (node.type) {
        case "import_statement":
        case "import_from_statement": {
          if (!imports) return;
          const before = steps.length;
          statement(node, quiet);
          for (const step of steps.slice(before))
            if (step.kind === "import" || step.kind === "from" || step.kind === "star")
              step.local = true;
          return;
        }
        case "try_statement":
          for (const c of kids(node))
            walk(c, c.type === "block" ? true : quiet, scope, seen, imports);
          return;
        case "function_definition": {
          const parameters = node.childForFieldName("parameters");
          if (parameters) walk(parameters, quiet, scope, seen, imports);
          return;
        }
        case "class_definition":
          for (const c of kids(node))
            if (c.type !== "identifier") walk(c, quiet, scope, seen, imports);
          return;
        case "lambda":
          return;
        case "identifier":
          if (scope.has(node.text)) seen.named.add(node.text);
          return;
        case "call": {
          const f = node.childForFieldName("function");
          if (f?.type === "identifier" && functions.has(f.text) && !scope.has(f.text))
            seen.calls.add(f.text);
          else if (f?.type === "attribute") seen.attributes.add(f.text);
          break;
        }
        case "decorator": {
          // `@name` calls it; `@Name(…)` of an own class calls what constructing it made (its
          // `__call__`, or any method it returns): all of the class runs.
          const e = kids(node).find((c) => c.type !== "@");
          if (e?.type === "identifier" && functions.has(e.text) && !scope.has(e.text))
            seen.calls.add(e.text);
          const made = e?.type === "call" ? e.childForFieldName("function") : null;
          if (
            made?.type === "identifier" &&
            !scope.has(made.text) &&
            functions.get(made.text)?.type === "class_definition"
          )
            seen.wholes.add(made.text);
          break;
        }
      }
      for (const c of kids(node)) walk(c, quiet, scope, seen, imports);
    };
    const ran = new Set<string>();
    /**
     * Runs function `def` (seen through `scope`): `whole`, all it defines too, as if each were
     * called (what it returned is used as the module loads, so which part runs is not known).
     * The attribute calls it makes (`self.m`), for its class.
     */
    const runFunction = (def: Node, scope: Map<string, Node>, whole: boolean): Set<string> => {
      const attributes = new Set<string>();
      const key = `${def.id}:${whole}`;
      const body = def.childForFieldName("body");
      if (ran.has(key) || !body) return attributes;
      ran.add(key);
      const inner = definedIn(body, new Map(scope));
      const seen = { ...unseen(), attributes };
      walk(body, false, inner, seen);
      // What it names of its own and of the functions around it (a closure calling a sibling
      // helper), each once.
      for (const n of whole ? inner.keys() : seen.named) {
        const nested = inner.get(n);
        if (nested) runDefinition(nested, inner, whole);
      }
      for (const n of seen.calls) runs(n);
      for (const n of seen.wholes) runs(n, true);
      return attributes;
    };
    /**
     * Runs a function, or constructs a class: its `__new__`, `__init__` and `__post_init__`,
     * and what those call of it (`self.m()`, `cls.m()`); `whole`, every method.
     */
    const runDefinition = (def: Node, scope: Map<string, Node>, whole: boolean) => {
      if (def.type !== "class_definition") {
        runFunction(def, scope, whole);
        return;
      }
      const own = def.childForFieldName("name")?.text ?? "";
      const methods = definedIn(def.childForFieldName("body") ?? def, new Map());
      // Its bases of the module: constructing it constructs them (`super().__init__()`), and a
      // method of theirs it calls (`self.m()`, not its own) may be any of theirs: they run whole.
      const bases = kids(def.childForFieldName("superclasses") ?? def)
        .filter((b) => b.type === "identifier" && b.text !== own)
        .flatMap((b) => {
          const base = functions.get(b.text);
          return base?.type === "class_definition" ? [b.text] : [];
        });
      let inherited = false;
      const queue = whole ? [...methods.keys()] : ["__new__", "__init__", "__post_init__"];
      const done = new Set<string>();
      for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
        const method = methods.get(m);
        if (done.has(m)) continue;
        done.add(m);
        if (!method) {
          inherited ||= !["__new__", "__init__", "__post_init__"].includes(m);
          continue;
        }
        for (const call of runFunction(method, scope, whole)) {
          const [on, name] = call.split(".");
          if ((on === "self" || on === "cls" || on === own) && name) queue.push(name);
        }
      }
      for (const base of bases) runs(base, whole || inherited);
    };
    /** What calling the module's own `name` runs (`whole`: as above). */
    const runs = (name: string, whole = false) => {
      const def = functions.get(name);
      if (def) runDefinition(def, new Map(), whole);
    };
    /** Top-level names bound to what calling an own function or class returned, and that one. */
    const results = new Map<string, Node>();
    const calledAtLoad = (node: Node) => {
      if (!functions.size) return;
      const seen = unseen();
      walk(node, false, results, seen, false);
      for (const n of seen.calls) runs(n);
      for (const n of seen.wholes) runs(n, true);
      // What such a result does as the module loads (called, asked, passed) is not followed:
      // all of what made it runs.
      for (const n of seen.named) {
        const made = results.get(n)?.childForFieldName("name")?.text;
        if (made) runs(made, true);
      }
      // `x = f()`: x is what f returned.
      const first = kids(node)[0];
      const right = first?.type === "assignment" ? first.childForFieldName("right") : null;
      const callee = right?.type === "call" ? right.childForFieldName("function") : null;
      const made = callee?.type === "identifier" ? functions.get(callee.text) : undefined;
      const left = first?.childForFieldName("left");
      if (left?.type === "identifier" && made) results.set(left.text, made);
    };
    const statement = (node: Node, quiet: boolean): void => {
      switch (node.type) {
        case "import_statement": {
          for (const c of kids(node)) {
            if (c.type === "dotted_name")
              steps.push({
                kind: "import",
                module: c.text,
                binds: [c.text.split(".")[0] ?? c.text],
                quiet,
              });
            else if (c.type === "aliased_import") {
              const module = c.childForFieldName("name")?.text ?? "";
              const alias = c.childForFieldName("alias")?.text ?? module;
              steps.push({ kind: "import", module, binds: [alias], quiet });
            }
          }
          return;
        }
        case "import_from_statement": {
          const spec = node.childForFieldName("module_name");
          const module = spec ? absolute(spec.text, name, isPackage) : undefined;
          if (spec && !module) {
            steps.push({ kind: "beyond", spec: spec.text, quiet });
            return;
          }
          if (!module || !spec) return;
          if (kids(node).some((c) => c.type === "wildcard_import")) {
            steps.push({ kind: "star", module, quiet });
            return;
          }
          const names: { name: string; binds: string }[] = [];
          for (const c of kids(node)) {
            if (c.id === spec.id) continue;
            if (c.type === "dotted_name") names.push({ name: c.text, binds: c.text });
            else if (c.type === "aliased_import")
              names.push({
                name: c.childForFieldName("name")?.text ?? "",
                binds: c.childForFieldName("alias")?.text ?? "",
              });
          }
          steps.push({ kind: "from", module, names, quiet });
          return;
        }
        case "future_import_statement":
          return;
        case "function_definition":
        case "class_definition": {
          const own = node.childForFieldName("name")?.text;
          if (own === "__getattr__" && node.type === "function_definition") {
            const at = steps.length;
            runFunction(node, new Map(), true);
            steps.push({ kind: "open", lookup: steps.splice(at) });
          }
          if (own) steps.push({ kind: "bind", names: [own] });
          return;
        }
        case "decorated_definition": {
          const def = node.childForFieldName("definition");
          if (def) statement(def, quiet);
          return;
        }
        case "if_statement": {
          const condition = node.childForFieldName("condition")?.text ?? "";
          // A script's own part runs only when it is the program, never on import.
          if (MAIN.test(condition)) return;
          if (TYPE_CHECKING.test(condition)) {
            // `else:` of a TYPE_CHECKING guard runs.
            for (const c of kids(node))
              if (c.type === "else_clause") for (const b of bodyOf(c)) statement(b, quiet);
            return;
          }
          for (const b of blocksOf(node)) for (const s of kids(b)) statement(s, quiet);
          return;
        }
        case "try_statement": {
          // What a `try` imports may fail: its handler is there for that.
          for (const c of kids(node)) {
            if (c.type === "block") for (const s of kids(c)) statement(s, true);
            else for (const b of bodyOf(c)) statement(b, quiet);
          }
          return;
        }
        case "with_statement":
        case "for_statement":
        case "while_statement":
          for (const b of blocksOf(node)) for (const s of kids(b)) statement(s, quiet);
          bindings(node);
          return;
        case "expression_statement": {
          bindings(node);
          const all = exportList(node);
          if (all !== undefined) steps.push({ kind: "all", names: all });
          return;
        }
      }
    };
    /** Names an assignment (or a loop, a `with … as`) binds at the top level. */
    const bindings = (node: Node) => {
      const names: string[] = [];
      const target = (n: Node | null) => {
        if (!n) return;
        if (n.type === "identifier") names.push(n.text);
        else if (/pattern|tuple|list|parenthesized/.test(n.type))
          for (const c of kids(n)) target(c);
      };
      const visit = (n: Node) => {
        if (n.type === "assignment" || n.type === "augmented_assignment") {
          target(n.childForFieldName("left"));
          const right = n.childForFieldName("right");
          if (right) visit(right);
        } else if (n.type === "for_statement") target(n.childForFieldName("left"));
        else if (n.type === "as_pattern_target") target(kids(n)[0] ?? null);
        else if (n.type === "named_expression") target(n.childForFieldName("name"));
        if (n.type === "block" || n.type === "lambda" || n.type.endsWith("_definition")) return;
        for (const c of kids(n)) visit(c);
      };
      visit(node);
      if (names.length) steps.push({ kind: "bind", names });
    };
    for (const c of kids(tree.rootNode)) {
      // What a statement calls of the module's own functions runs as it does: not a script's
      // own part, nor what type checkers alone read (but a TYPE_CHECKING guard's `else:`).
      const condition = c.type === "if_statement" ? c.childForFieldName("condition")?.text : "";
      if (condition && TYPE_CHECKING.test(condition)) {
        for (const e of kids(c)) if (e.type === "else_clause") calledAtLoad(e);
      } else if (
        !(condition && MAIN.test(condition)) &&
        c.type !== "import_statement" &&
        c.type !== "import_from_statement"
      )
        calledAtLoad(c);
      statement(c, false);
    }
    return steps;
  });
}

/** The blocks of a compound statement and its clauses (`elif`, `else`, `except`, `finally`). */
function blocksOf(node: Node): Node[] {
  return kids(node).flatMap((c) =>
    c.type === "block" ? [c] : /_clause$/.test(c.type) ? blocksOf(c) : [],
  );
}

function bodyOf(clause: Node): Node[] {
  return blocksOf(clause).flatMap((b) => kids(b));
}

/**
 * What a top-level statement does to `__all__`: a list or tuple of string
 * literals alone gives its names; any other assignment, `+=` or call on it
 * (`__all__ += other.__all__`, `__all__.extend(…)`) makes them unknown
 * (null); undefined, it does not touch it.
 */
function exportList(statement: Node): string[] | null | undefined {
  const first = kids(statement)[0];
  if (!first) return undefined;
  if (first.type === "augmented_assignment")
    return first.childForFieldName("left")?.text === "__all__" ? null : undefined;
  if (first.type === "call")
    return /^__all__\./.test(first.childForFieldName("function")?.text ?? "") ? null : undefined;
  if (first.type !== "assignment" || first.childForFieldName("left")?.text !== "__all__")
    return undefined;
  const right = first.childForFieldName("right");
  if (right?.type !== "list" && right?.type !== "tuple") return null;
  const names: string[] = [];
  for (const c of kids(right)) {
    if (/^[,()[\]]$/.test(c.type) || c.type === "comment") continue;
    const content = c.type === "string" ? kids(c).filter((k) => k.type === "string_content") : [];
    if (content.length !== 1 || kids(c).some((k) => k.type === "interpolation")) return null;
    names.push(content[0]?.text ?? "");
  }
  return names;
}

interface Running {
  names: Set<string>;
  done: boolean;
  open: boolean;
  /** What its module `__getattr__` imports, once it defined one; `looked`, once that ran. */
  lookup?: LoadStep[];
  looked?: boolean;
  /** Its `__all__`, where it set one of literals. */
  all?: string[];
}

/** The failures of importing each of `entries` in a fresh interpreter. */
export function loadFailures(
  modules: ReadonlyMap<string, LoadModule>,
  entries: readonly string[],
): LoadFailure[] {
  const out: LoadFailure[] = [];
  for (const entry of entries) {
    const state = new Map<string, Running>();
    const stack: string[] = [];
    const run = (name: string): void => {
      const parts = name.split(".");
      for (let i = 1; i <= parts.length; i++) {
        const m = parts.slice(0, i).join(".");
        if (state.has(m)) continue;
        const mod = modules.get(m);
        if (!mod) continue;
        const running: Running = { names: new Set(MODULE_ATTRIBUTES), done: false, open: false };
        state.set(m, running);
        stack.push(m);
        execute(mod, running);
        stack.pop();
        running.done = true;
        // A submodule, once run, is an attribute of its package.
        state.get(parts.slice(0, i - 1).join("."))?.names.add(parts[i - 1] ?? "");
      }
    };
    /**
     * A name looked up on module `name` that it does not bind: its `__getattr__` runs. Once:
     * what it imports again is done by then (or failed the first time, as Python's would).
     */
    const lookup = (name: string, mod: Running): void => {
      if (!mod.lookup || mod.looked) return;
      mod.looked = true;
      stack.push(`${name} (its __getattr__)`);
      execute({ steps: mod.lookup }, mod);
      stack.pop();
    };
    const execute = (mod: LoadModule, running: Running): void => {
      for (const step of mod.steps) {
        if (step.kind === "bind") for (const n of step.names) running.names.add(n);
        else if (step.kind === "open") {
          running.open = true;
          if (step.lookup) running.lookup = step.lookup;
        } else if (step.kind === "all") {
          // Unknown: its public names stand for it.
          if (step.names) running.all = step.names;
          else delete running.all;
          running.names.add("__all__");
        } else if (step.kind === "star") {
          // A module of the project binds what it has bound so far (its `__all__`'s, else its
          // public names); one beyond the project, or whose names are not all known, anything.
          run(step.module);
          const from = state.get(step.module);
          if (step.local) continue;
          // A module `__getattr__` finds each name `__all__` lists and the module does not bind,
          // in its order, each bound here before the next is looked up.
          if (from?.all && from.lookup) {
            for (const n of from.all) {
              if (!from.names.has(n)) lookup(step.module, from);
              running.names.add(n);
            }
          } else if (!from || from.open) running.open = true;
          else
            for (const n of from.all ?? [...from.names].filter((n) => !n.startsWith("_")))
              if (from.names.has(n) || !from.all) running.names.add(n);
        } else if (step.kind === "beyond") {
          if (!step.quiet)
            out.push({
              entry,
              chain: [...stack],
              module: step.spec,
              name: "",
              partial: false,
              beyond: true,
            });
        } else if (step.kind === "import") {
          run(step.module);
          if (!step.local) for (const n of step.binds) running.names.add(n);
        } else {
          run(step.module);
          const from = state.get(step.module);
          for (const { name: n, binds } of step.names) {
            // Bound once found: a package's `from . import sub` finds `sub` by running it.
            const found = !from || from.open || from.names.has(n);
            if (from && !from.names.has(n)) lookup(step.module, from);
            const sub = `${step.module}.${n}`;
            if (!step.local) running.names.add(binds);
            if (found) continue;
            if (modules.has(sub)) {
              run(sub);
              continue;
            }
            if (!step.quiet)
              out.push({
                entry,
                chain: [...stack],
                module: step.module,
                name: n,
                partial: !from.done,
              });
          }
        }
      }
    };
    run(entry);
  }
  return out;
}

/**
 * What every module has before its first line runs (dateutil's `tz/__init__.py`: `from .tz import
 * __doc__`): the import system sets them, and a package's `__path__`.
 */
const MODULE_ATTRIBUTES = [
  "__name__",
  "__doc__",
  "__file__",
  "__spec__",
  "__loader__",
  "__package__",
  "__path__",
  "__builtins__",
  "__cached__",
  "__dict__",
];

/** A failure in words: `importing a runs a → b → c, which imports n from b before b defines it`. */
export function describeFailure(f: LoadFailure): string {
  const last = f.chain.at(-1) ?? f.entry;
  if (f.beyond)
    return `importing ${f.entry} runs ${f.chain.join(" → ")}, and ${last} imports from ${f.module}, past its top-level package (ImportError: attempted relative import beyond top-level package)`;
  return f.partial
    ? `importing ${f.entry} runs ${f.chain.join(" → ")}, and ${last} imports ${f.name} from ${f.module}, which is still being imported and has not defined it yet`
    : `importing ${f.entry} runs ${f.chain.join(" → ")}, and ${last} imports ${f.name} from ${f.module}, which does not define it`;
}
