import { type Node, type Tree, withTree } from "../syntax/parser.ts";
import {
  type ImporterPlan,
  type ImportPlan,
  importerChanges,
  kids,
  lineEnd,
  type MoveTexts,
  replaceRanges,
} from "./plan.ts";

/**
 * Import-aware moves for Python (DESIGN.md §3), as imports/typescript.ts does
 * for scripts: the destination gains the imports the unit uses (merged into a
 * `from M import …` of the same module; relative imports rewritten for its
 * package), names the unit uses from its old module are imported from there,
 * imports only the unit used leave the old module, and the old module imports
 * the unit back if it still uses it. Paths are root-relative posix; modules
 * are named from them (`shop/api/users.py` is `shop.api.users`). A `from M
 * import *` the unit may rely on is reported, never guessed.
 */

interface Part {
  /** The name it binds in the module (`np`, `User`, `os` for `import os.path`). */
  local: string;
  /** As written (`Order as O`, `numpy as np`, `os.path`). */
  text: string;
  node: { start: number; end: number };
}

interface Statement {
  kind: "import" | "from";
  /** Which group of imports it is in: groups are set apart by blank lines (stdlib, third-party, local). */
  group: number;
  /** `from` statements: the module as written (`.models`, `flask`). */
  module: string;
  parts: Part[];
  wildcard: boolean;
  node: { start: number; end: number };
}

interface Facts {
  statements: Statement[];
  topLevel: { name: string; start: number; end: number }[];
  insertAt: number;
}

function partOf(node: Node, kind: "import" | "from"): Part | undefined {
  const span = { start: node.startIndex, end: node.endIndex };
  if (node.type === "dotted_name") {
    const first = kids(node).find((c) => c.type === "identifier");
    // `import os.path` binds `os`; `from m import x` binds `x`.
    const local = kind === "import" ? first?.text : node.text;
    return local ? { local, text: node.text, node: span } : undefined;
  }
  if (node.type === "aliased_import") {
    const alias = node.childForFieldName("alias");
    return alias ? { local: alias.text, text: node.text, node: span } : undefined;
  }
  return undefined;
}

function factsOf(tree: Tree, text: string): Facts {
  const statements: Statement[] = [];
  const topLevel: Facts["topLevel"] = [];
  let insertAt = 0;
  let first = true;
  for (const child of kids(tree.rootNode)) {
    const docstring =
      first && child.type === "expression_statement" && kids(child)[0]?.type === "string";
    first = false;
    if (docstring) {
      insertAt = lineEnd(text, child.endIndex);
      continue;
    }
    if (child.type === "import_statement" || child.type === "import_from_statement") {
      const kind = child.type === "import_statement" ? "import" : "from";
      const moduleNode = child.childForFieldName("module_name");
      const parts: Part[] = [];
      for (const c of kids(child)) {
        if (c.id === moduleNode?.id || c.type === "from" || c.type === "import") continue;
        const part = partOf(c, kind);
        if (part) parts.push(part);
      }
      const previous = statements.at(-1);
      const group = !previous
        ? 0
        : /\n[ \t]*\n/.test(text.slice(previous.node.end, child.startIndex))
          ? previous.group + 1
          : previous.group;
      statements.push({
        kind,
        group,
        module: moduleNode?.text ?? "",
        parts,
        wildcard: kids(child).some((c) => c.type === "wildcard_import"),
        node: { start: child.startIndex, end: child.endIndex },
      });
      insertAt = lineEnd(text, child.endIndex);
      continue;
    }
    if (child.type === "future_import_statement") {
      insertAt = lineEnd(text, child.endIndex);
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
      if (left?.type === "identifier")
        topLevel.push({ name: left.text, start: child.startIndex, end: child.endIndex });
    }
  }
  return { statements, topLevel, insertAt };
}

/** Names read in [start, end) outside imports: identifiers, not attribute or keyword names. */
function usesIn(tree: Tree, start: number, end: number): Set<string> {
  const used = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_statement" || node.type === "import_from_statement") return;
    if (node.type === "identifier") {
      const parent = node.parent;
      const isAttribute =
        parent?.type === "attribute" && parent.childForFieldName("attribute")?.id === node.id;
      const isKeyword =
        parent?.type === "keyword_argument" && parent.childForFieldName("name")?.id === node.id;
      if (!isAttribute && !isKeyword) used.add(node.text);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return used;
}

/** The module a root-relative `.py` path is (`shop/api/users.py` → `shop.api.users`). */
export function moduleOf(file: string): string[] {
  const parts = file.replace(/\.pyi?$/, "").split("/");
  if (parts.at(-1) === "__init__") parts.pop();
  return parts;
}

/** The absolute module a `from` module names in `importer` (`..models` in shop/api/x.py → shop.models). */
function absoluteOf(module: string, importer: string): string[] {
  const dots = module.length - module.replace(/^\.+/, "").length;
  const rest = module.slice(dots);
  const restParts = rest ? rest.split(".") : [];
  if (dots === 0) return restParts;
  const pkg = importer.split("/").slice(0, -1);
  return [...pkg.slice(0, pkg.length - (dots - 1)), ...restParts];
}

/** How `importer` names absolute module `target` relatively (`.models`, `..util.text`). */
function relativeOf(target: string[], importer: string): string {
  const pkg = importer.split("/").slice(0, -1);
  let common = 0;
  while (common < pkg.length && common < target.length - 1 && pkg[common] === target[common])
    common++;
  return `${".".repeat(1 + pkg.length - common)}${target.slice(common).join(".")}`;
}

/** `module` from `fromFile` as `toFile` must write it (relative ones rewritten, absolute ones kept). */
function respecify(module: string, fromFile: string, toFile: string): string {
  return module.startsWith(".") ? relativeOf(absoluteOf(module, fromFile), toFile) : module;
}

interface Need {
  kind: "import" | "from";
  module: string;
  text: string;
  local: string;
  /** New statements keep the old module's groups; its own names come last, as a group of their own. */
  group: number;
}

/** `text` with `needs` imported: a name merged into a `from` of the same module, else new statements after the last import. */
function addImports(
  text: string,
  facts: Facts,
  needs: Need[],
  sortedGroups: ReadonlySet<number> = new Set(),
): string {
  const edits: { start: number; end: number; insert: string }[] = [];
  const fresh: Need[] = [];
  const bound = (local: string) =>
    facts.statements.some((s) => s.parts.some((p) => p.local === local)) ||
    facts.topLevel.some((t) => t.name === local);
  for (const need of needs) {
    if (bound(need.local)) continue;
    const same =
      need.kind === "from" &&
      facts.statements.find(
        (s) => s.kind === "from" && s.module === need.module && !s.wildcard && s.parts.length,
      );
    const last = same ? same.parts.at(-1) : undefined;
    if (last) {
      edits.push({ start: last.node.end, end: last.node.end, insert: `, ${need.text}` });
      continue;
    }
    fresh.push(need);
  }
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
    for (const [module, entry] of fromAt)
      entry.text = `from ${module} import ${entry.names.join(", ")}`;
    // A group the old module keeps sorted by module (isort) stays sorted.
    statements.sort((a, b) =>
      a.group !== b.group
        ? a.group - b.group
        : sortedGroups.has(a.group) && a.text.startsWith("from ") && b.text.startsWith("from ")
          ? a.text.localeCompare(b.text)
          : 0,
    );
    const block = statements
      .map((st, i) => (i > 0 && statements[i - 1]?.group !== st.group ? `\n${st.text}` : st.text))
      .join("\n");
    const at = facts.insertAt;
    const after = text.slice(at);
    const gap =
      facts.statements.length === 0 && after !== "" && !after.startsWith("\n") ? "\n" : "";
    edits.push({ start: at, end: at, insert: `${block}\n${gap}` });
  }
  return replaceRanges(text, edits);
}

/**
 * `text` with `edits` made. Where whole import lines go (`insert` "" over
 * whole lines) and a blank line follows, a group of imports leaves with its
 * separation: between blank lines one of them goes; right under a docstring
 * or comment, the blank line after it goes when more imports follow.
 */
function removeImports(
  text: string,
  edits: { start: number; end: number; insert: string }[],
): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const merged: typeof sorted = [];
  for (const e of sorted) {
    const last = merged.at(-1);
    if (last && last.insert === "" && e.insert === "" && last.end === e.start) last.end = e.end;
    else merged.push({ ...e });
  }
  for (const e of merged) {
    if (e.insert !== "" || text[e.end] !== "\n") continue;
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

/** The imports both modules need after `unit` moved from `sourcePath` to `destPath`. */
export async function planPythonImports(input: MoveTexts): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const before = await withTree(input.sourceBefore, "python", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    used: usesIn(tree, input.unit.start, input.unit.end),
  }));
  const moved = new Set(
    before.facts.topLevel
      .filter((t) => t.start >= input.unit.start && t.end <= input.unit.end)
      .map((t) => t.name),
  );
  const dest = await withTree(input.destAfter, "python", (tree) => factsOf(tree, input.destAfter));
  const relativeStyle = before.facts.statements.some((s) => s.module.startsWith("."));
  const changes: string[] = [];
  const unresolved = before.facts.statements
    .filter((s) => s.wildcard)
    .map(
      (s) =>
        `from ${s.module} import * in ${sourcePath}: the names it binds are not known, so none were carried`,
    );

  const needs: Need[] = [];
  for (const statement of before.facts.statements)
    for (const part of statement.parts)
      if (before.used.has(part.local) && !moved.has(part.local))
        needs.push({
          kind: statement.kind,
          module:
            statement.kind === "from" ? respecify(statement.module, sourcePath, destPath) : "",
          text: part.text,
          local: part.local,
          group: statement.group,
        });
  const ownModule = relativeStyle
    ? relativeOf(moduleOf(sourcePath), destPath)
    : moduleOf(sourcePath).join(".");
  // The old module's own names join its local imports' group (relative ones, or its own
  // package's), else a group of their own after the others.
  const ownPackage = moduleOf(sourcePath).length > 1 ? moduleOf(sourcePath)[0] : undefined;
  const ownGroup =
    before.facts.statements.find(
      (st) =>
        st.kind === "from" &&
        (st.module.startsWith(".") ||
          (ownPackage !== undefined && st.module.split(".")[0] === ownPackage)),
    )?.group ?? Number.POSITIVE_INFINITY;
  for (const top of before.facts.topLevel)
    if (
      before.used.has(top.name) &&
      !moved.has(top.name) &&
      !needs.some((n) => n.local === top.name)
    )
      needs.push({
        kind: "from",
        module: ownModule,
        text: top.name,
        local: top.name,
        group: ownGroup,
      });
  const sortedGroups = new Set(
    [...new Set(before.facts.statements.map((st) => st.group))].filter((group) => {
      const modules = before.facts.statements
        .filter((st) => st.group === group && st.kind === "from")
        .map((st) => st.module);
      return modules.every((m, i) => i === 0 || (modules[i - 1] ?? "").localeCompare(m) <= 0);
    }),
  );
  const destination = addImports(input.destAfter, dest, needs, sortedGroups);
  const added = needs.filter(
    (n) =>
      !dest.statements.some((s) => s.parts.some((p) => p.local === n.local)) &&
      !dest.topLevel.some((t) => t.name === n.local),
  );
  if (destination !== input.destAfter)
    changes.push(`${destPath}: imports ${added.map((n) => n.local).join(", ")}`);

  // The old module: imports only the unit used leave; the unit comes back if still used.
  let source = input.sourceAfter;
  const after = await withTree(source, "python", (tree) => ({
    facts: factsOf(tree, source),
    used: usesIn(tree, 0, source.length),
  }));
  const unitImports = new Set(
    before.facts.statements
      .flatMap((s) => s.parts)
      .filter((p) => before.used.has(p.local))
      .map((p) => p.local),
  );
  const gone = (local: string) => unitImports.has(local) && !after.used.has(local);
  const dropped: string[] = [];
  const edits: { start: number; end: number; insert: string }[] = [];
  for (const s of after.facts.statements) {
    const kept = s.parts.filter((p) => !gone(p.local));
    if (kept.length === s.parts.length) continue;
    dropped.push(...s.parts.filter((p) => gone(p.local)).map((p) => p.local));
    edits.push(
      kept.length === 0
        ? { start: s.node.start, end: lineEnd(source, s.node.end), insert: "" }
        : {
            start: s.node.start,
            end: s.node.end,
            insert:
              s.kind === "from"
                ? `from ${s.module} import ${kept.map((p) => p.text).join(", ")}`
                : `import ${kept.map((p) => p.text).join(", ")}`,
          },
    );
  }
  source = removeImports(source, edits);
  if (dropped.length) changes.push(`${sourcePath}: drops imports ${dropped.join(", ")}`);
  const stillUsed = [...moved].filter((name) => after.used.has(name));
  if (stillUsed.length) {
    const back = relativeStyle
      ? relativeOf(moduleOf(destPath), sourcePath)
      : moduleOf(destPath).join(".");
    const refreshed = await withTree(source, "python", (tree) => factsOf(tree, source));
    source = addImports(
      source,
      refreshed,
      stillUsed.map((name) => ({ kind: "from", module: back, text: name, local: name, group: 0 })),
    );
    changes.push(`${sourcePath}: imports ${stillUsed.join(", ")} from ${destPath}`);
  }
  const listed = allNames(input.sourceBefore).filter((n) => moved.has(n));
  if (listed.length)
    unresolved.push(
      `${sourcePath}: __all__ lists ${listed.join(", ")}, which moved to ${destPath}; not rewritten`,
    );
  return { source, destination, changes, unresolved, moved: [...moved] };
}

/** The names a module's `__all__` lists (as string literals), if it has one. */
function allNames(text: string): string[] {
  const list = /^__all__\s*(?::[^=\n]*)?\+?=\s*[[(]([^\])]*)[\])]/m.exec(text)?.[1];
  return list ? [...list.matchAll(/["']([A-Za-z_][\w]*)["']/g)].map((m) => m[1] as string) : [];
}

/** An importer of names that moved (imports/importers.ts): root-relative paths, the importer's text. */
export interface PythonImporterInput {
  importerPath: string;
  sourcePath: string;
  destPath: string;
  text: string;
  moved: readonly string[];
}

/**
 * An importer of names that moved from `sourcePath` to `destPath`: each `from
 * <old module> import …` loses them, and they are imported from the new
 * module (relative when that import was). A `from <old> import *`, or a use
 * through the module itself (`import shop.store` … `shop.store.Cart`), is
 * reported, not rewritten.
 */
export async function planPythonImporter(input: PythonImporterInput): Promise<ImporterPlan> {
  const { importerPath, sourcePath, destPath, text } = input;
  const moved = new Set(input.moved);
  const sourceModule = moduleOf(sourcePath).join(".");
  const facts = await withTree(text, "python", (tree) => factsOf(tree, text));
  const unresolved: string[] = [];
  const needs: Need[] = [];
  const edits: { start: number; end: number; insert: string }[] = [];
  const usesThrough = (prefix: string) =>
    [...moved].filter((m) =>
      new RegExp(`(?<![\\w.])${prefix.replace(/\./g, "\\.")}\\.${m}(?!\\w)`).test(text),
    );
  // With no import of the new module to merge into (and no name of the unit's defined
  // here), each import of the old module is followed by one of the new module for what moved.
  const destModule = moduleOf(destPath).join(".");
  const inPlace =
    !facts.statements.some(
      (s) => s.kind === "from" && absoluteOf(s.module, importerPath).join(".") === destModule,
    ) && !facts.topLevel.some((t) => moved.has(t.name));
  for (const s of facts.statements) {
    if (s.kind === "import") {
      for (const p of s.parts) {
        const [name, alias] = p.text.split(/\s+as\s+/);
        if (name !== sourceModule) continue;
        const through = usesThrough(alias ?? name);
        if (through.length)
          unresolved.push(
            `${importerPath}: uses ${through.join(", ")} through \`import ${p.text}\`; not rewritten`,
          );
      }
      continue;
    }
    const module = absoluteOf(s.module, importerPath).join(".");
    if (module !== sourceModule) {
      // `from shop import store` … `store.Cart`
      for (const p of s.parts) {
        const [name] = p.text.split(/\s+as\s+/);
        if (`${module}.${name}` !== sourceModule) continue;
        const through = usesThrough(p.local);
        if (through.length)
          unresolved.push(
            `${importerPath}: uses ${through.join(", ")} through \`from ${s.module} import ${p.text}\`; not rewritten`,
          );
      }
      continue;
    }
    if (s.wildcard) {
      unresolved.push(
        `${importerPath}: from ${s.module} import * no longer binds ${[...moved].join(", ")}; not rewritten`,
      );
      continue;
    }
    const going = s.parts.filter((p) => moved.has(p.text.split(/\s+as\s+/)[0] ?? ""));
    if (!going.length) continue;
    const target = s.module.startsWith(".")
      ? relativeOf(moduleOf(destPath), importerPath)
      : moduleOf(destPath).join(".");
    for (const p of going)
      needs.push({ kind: "from", module: target, text: p.text, local: p.local, group: s.group });
    const kept = s.parts.filter((p) => !going.includes(p));
    if (inPlace) {
      // The new import goes where the old one is.
      const fresh = `from ${target} import ${going.map((p) => p.text).join(", ")}`;
      const rest = `from ${s.module} import ${kept.map((p) => p.text).join(", ")}`;
      edits.push({
        start: s.node.start,
        end: s.node.end,
        insert: kept.length ? `${rest}\n${fresh}` : fresh,
      });
      continue;
    }
    edits.push(
      kept.length === 0
        ? { start: s.node.start, end: lineEnd(text, s.node.end), insert: "" }
        : {
            start: s.node.start,
            end: s.node.end,
            insert: `from ${s.module} import ${kept.map((p) => p.text).join(", ")}`,
          },
    );
  }
  if (!edits.length) return { text, changes: [], unresolved };
  if (inPlace)
    return {
      text: replaceRanges(text, edits),
      changes: importerChanges(
        importerPath,
        destPath,
        needs.map((n) => ({ local: n.local, here: false })),
      ),
      unresolved,
    };
  const dropped = removeImports(text, edits);
  const refreshed = await withTree(dropped, "python", (tree) => factsOf(tree, dropped));
  const out = addImports(dropped, refreshed, needs);
  const here = (n: Need) => refreshed.topLevel.some((t) => t.name === n.local);
  return {
    text: out,
    changes: importerChanges(
      importerPath,
      destPath,
      needs.map((n) => ({ local: n.local, here: here(n) })),
    ),
    unresolved,
  };
}
