import { type Node, type Tree, withTree } from "../syntax/parser.ts";
import { type ImportPlan, kids, lineEnd, type MoveTexts, replaceRanges } from "./plan.ts";
import {
  addModule as addModuleLine,
  addUse,
  declaresModule,
  declaringFile,
  modulePathOf,
  modulesOf,
  type RustContext,
  resolvePath,
  rustCode,
  styleOf,
  writePath,
} from "./rust-modules.ts";

/**
 * Import-aware moves for Rust (DESIGN.md §3: "at least the destination's
 * imports"): the destination gains a `use` for each name the unit uses that
 * the old file brought in with one (a list like `std::io::{self, Read}` is
 * taken apart into its names), and the old file's glob imports. A `super::` or
 * `self::` path means something else from another directory, so it is
 * reported there, not rewritten. The old file is left as it is: Rust only
 * warns about unused imports.
 */

interface Use {
  /** The name it binds, or `*` for a glob. */
  name: string;
  /** The path as a `use` writes it, alias included: `std::io::Read as R`. */
  path: string;
}

interface Facts {
  uses: Use[];
  insertAt: number;
  hasUses: boolean;
  declared: Set<string>;
}

/** The names one `use` argument binds, under `prefix` (`std::io::`). */
function usesOf(node: Node, prefix: string): Use[] {
  switch (node.type) {
    case "identifier":
    case "scoped_identifier":
    case "crate":
    case "super": {
      const last = node.text.split("::").at(-1) ?? node.text;
      return [{ name: last, path: `${prefix}${node.text}` }];
    }
    case "self": {
      const path = prefix.replace(/::$/, "");
      return [{ name: path.split("::").at(-1) ?? path, path }];
    }
    case "use_as_clause": {
      const [path, alias] = [node.childForFieldName("path"), node.childForFieldName("alias")];
      return path && alias
        ? [{ name: alias.text, path: `${prefix}${path.text} as ${alias.text}` }]
        : [];
    }
    case "use_wildcard":
      return [{ name: "*", path: `${prefix}${node.text}` }];
    case "scoped_use_list": {
      const path = node.childForFieldName("path");
      const list = node.childForFieldName("list");
      const inner = path ? `${prefix}${path.text}::` : prefix;
      return list ? usesOf(list, inner) : [];
    }
    case "use_list":
      return kids(node).flatMap((c) => usesOf(c, prefix));
    default:
      return [];
  }
}

function factsOf(tree: Tree, text: string): Facts {
  const uses: Use[] = [];
  const declared = new Set<string>();
  let insertAt = 0;
  let hasUses = false;
  let header = true;
  for (const child of kids(tree.rootNode)) {
    if (child.type === "use_declaration") {
      const argument = child.childForFieldName("argument");
      if (argument) uses.push(...usesOf(argument, ""));
      insertAt = lineEnd(text, child.endIndex);
      hasUses = true;
      header = false;
      continue;
    }
    // Inner doc comments and attributes open a file: a first `use` goes after them.
    const inner =
      (child.type === "line_comment" &&
        kids(child).some((c) => c.type === "inner_doc_comment_marker")) ||
      child.type === "inner_attribute_item";
    if (header && inner) insertAt = lineEnd(text, child.endIndex);
    else header = false;
    const name = child.childForFieldName("name");
    if (name) declared.add(name.text);
  }
  return { uses, insertAt, hasUses, declared };
}

function namesIn(tree: Tree, start: number, end: number): Set<string> {
  const used = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "use_declaration") return;
    if (node.type === "identifier" || node.type === "type_identifier") used.add(node.text);
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return used;
}

export async function planRustImports(
  input: MoveTexts & { rust?: RustContext },
): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const context = input.rust;
  const oldModule = context && modulePathOf(sourcePath, context.src);
  const newModule = context && modulePathOf(destPath, context.src);
  if (context && oldModule && newModule)
    return planAcrossModules(input, context, oldModule, newModule);
  const before = await withTree(input.sourceBefore, "rust", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    used: namesIn(tree, input.unit.start, input.unit.end),
  }));
  const dest = await withTree(input.destAfter, "rust", (tree) => factsOf(tree, input.destAfter));
  const dir = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")));
  const relative = (u: Use) => /^(super|self)::/.test(u.path);
  const moved = dir(sourcePath) !== dir(destPath);
  const bound = new Set([...dest.uses.map((u) => u.name), ...dest.declared]);
  const havePaths = new Set(dest.uses.map((u) => u.path));
  const candidates = before.facts.uses.filter((u) =>
    u.name === "*" ? !havePaths.has(u.path) : before.used.has(u.name) && !bound.has(u.name),
  );
  const wanted = candidates.filter((u) => !(moved && relative(u)));
  const unresolved = candidates
    .filter((u) => moved && relative(u))
    .map(
      (u) => `use ${u.path} is relative to ${sourcePath}'s module: not rewritten for ${destPath}`,
    );
  const changes: string[] = [];
  let destination = input.destAfter;
  if (wanted.length) {
    const block = wanted.map((u) => `use ${u.path};\n`).join("");
    const at = dest.insertAt;
    const after = destination.slice(at);
    const lead = !dest.hasUses && at > 0 ? "\n" : "";
    const gap = !dest.hasUses && after !== "" && !after.startsWith("\n") ? "\n" : "";
    destination = destination.slice(0, at) + lead + block + gap + after;
    changes.push(
      `${destPath}: imports ${wanted.map((u) => (u.name === "*" ? u.path : u.name)).join(", ")}`,
    );
  }
  return { source: input.sourceAfter, destination, changes, unresolved };
}

/** A top-level item of a Rust file: its name, whether it is visible outside its module, where it is. */
interface Item {
  name: string;
  visible: boolean;
  start: number;
  end: number;
  node: Node;
}

function itemsOf(tree: Tree): Item[] {
  return kids(tree.rootNode)
    .filter((c) => /_item$/.test(c.type) && c.type !== "use_declaration")
    .flatMap((c) => {
      const name = c.childForFieldName("name")?.text;
      if (!name || c.type === "impl_item") return [];
      const visible = kids(c).some((k) => k.type === "visibility_modifier");
      return [{ name, visible, start: c.startIndex, end: c.endIndex, node: c }];
    });
}

/**
 * A move between two modules of a crate (issue 35): the new module declared
 * where the crate lays it out (`mod text;` in its parent's file), the unit's
 * `use`s carried with `self::`/`super::` paths written for its new place, the
 * old module's items it reads imported (`use crate::util::{helper}`), the old
 * module importing the unit back where it still uses it, `use`s nothing in
 * the old file uses any more dropped. Importers are rust-modules.ts's. An
 * item the move would put out of reach (private, read across the boundary)
 * is refused up front.
 */
async function planAcrossModules(
  input: MoveTexts,
  context: RustContext,
  oldModule: string[],
  newModule: string[],
): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const changes: string[] = [];
  const unresolved: string[] = [];
  const blocked: string[] = [];
  const modules = modulesOf(context);
  const isModule = (p: readonly string[]) => modules.has(p.join("::"));
  const crate = (m: readonly string[]) => ["crate", ...m].join("::");
  const before = await withTree(input.sourceBefore, "rust", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    used: namesIn(tree, input.unit.start, input.unit.end),
    items: itemsOf(tree),
  }));
  const unitItems = before.items.filter(
    (i) => i.start >= input.unit.start && i.end <= input.unit.end,
  );
  const moved = unitItems.map((i) => i.name);
  const movedSet = new Set(moved);
  // The old module's items the unit reads.
  const own = before.items.filter(
    (i) =>
      !movedSet.has(i.name) &&
      before.used.has(i.name) &&
      !(i.start >= input.unit.start && i.end <= input.unit.end),
  );
  for (const i of own.filter((o) => !o.visible))
    blocked.push(
      `the unit uses ${i.name}, private to ${crate(oldModule)}: from ${crate(newModule)} it could not (make it pub(crate) first, or move it with the unit).`,
    );
  const after = await withTree(input.sourceAfter, "rust", (tree) => ({
    used: namesIn(tree, 0, input.sourceAfter.length),
    facts: factsOf(tree, input.sourceAfter),
  }));
  const stillUsed = moved.filter((n) => after.used.has(n));
  for (const i of unitItems.filter((u) => !u.visible && stillUsed.includes(u.name)))
    blocked.push(
      `${i.name} is private and ${crate(oldModule)} still uses it: from ${crate(newModule)} it could not (make it pub(crate) first).`,
    );
  // Where the new module is declared.
  const declaring = declaringFile(newModule, context);
  const newName = newModule.at(-1) ?? "";
  const declaringText =
    declaring === sourcePath
      ? input.sourceBefore
      : context.files.find((f) => f.path === declaring)?.text;
  if (declaring === undefined || declaringText === undefined)
    blocked.push(
      `no file declares ${crate(newModule.slice(0, -1)) || "crate"}'s modules (${context.src}/${newModule.slice(0, -1).join("/")}.rs or mod.rs): create it first, so that ${destPath} is part of the crate.`,
    );
  if (blocked.length)
    return {
      source: input.sourceAfter,
      destination: input.destAfter,
      changes,
      unresolved,
      blocked,
    };

  // The new file: the unit's uses, written for its place; the old module's items it reads.
  const dest = await withTree(input.destAfter, "rust", (tree) => factsOf(tree, input.destAfter));
  const bound = new Set([...dest.uses.map((u) => u.name), ...dest.declared]);
  const wanted: string[] = [];
  for (const u of before.facts.uses) {
    if (u.name !== "*" && (!before.used.has(u.name) || bound.has(u.name))) continue;
    const [path, alias] = u.path.split(/\s+as\s+/);
    const segments = (path ?? "").split("::");
    const style = styleOf(segments);
    if (
      style === "self" ||
      style === "super" ||
      (style === "bare" && segments[0] && isModule([...oldModule, segments[0]]))
    ) {
      const target = resolvePath(segments.slice(0, -1), oldModule, isModule);
      if (!target) {
        unresolved.push(
          `use ${u.path} is relative to ${sourcePath}'s module: not rewritten for ${destPath}`,
        );
        continue;
      }
      const written = `${writePath(target, newModule, style === "bare" ? "crate" : style)}::${segments.at(-1)}`;
      wanted.push(alias ? `${written} as ${alias}` : written);
    } else wanted.push(u.path);
  }
  if (own.length)
    wanted.push(
      own.length === 1
        ? `${crate(oldModule)}::${own[0]?.name}`
        : `${crate(oldModule)}::{${own.map((o) => o.name).join(", ")}}`,
    );
  let destination = input.destAfter;
  if (wanted.length) {
    const block = wanted.map((w) => `use ${w};\n`).join("");
    const at = dest.insertAt;
    const rest = destination.slice(at);
    const lead = !dest.hasUses && at > 0 ? "\n" : "";
    const gap = !dest.hasUses && rest !== "" && !rest.startsWith("\n") ? "\n" : "";
    destination = destination.slice(0, at) + lead + block + gap + rest;
    changes.push(`${destPath}: imports ${wanted.join(", ")}`);
  }

  // The old file: the uses only the unit read go; what it still uses of the unit comes back.
  let source = input.sourceAfter;
  const code = rustCode(source);
  const drops: { start: number; end: number; insert: string }[] = [];
  for (const m of code.matchAll(/^[ \t]*use\s+([^;{}]+);[^\n]*\n?/gm)) {
    const path = (m[1] ?? "").trim();
    const name = (path.split(/\s+as\s+/)[1] ?? path.split("::").at(-1) ?? "").trim();
    if (before.used.has(name) && !after.used.has(name) && name !== "*" && name !== "self")
      drops.push({ start: m.index, end: m.index + m[0].length, insert: "" });
  }
  if (drops.length) {
    source = replaceRanges(source, drops);
    changes.push(
      `${sourcePath}: drops ${drops.length} use${drops.length === 1 ? "" : "s"} only the unit read`,
    );
  }
  if (stillUsed.length) {
    const path =
      stillUsed.length === 1
        ? `${crate(newModule)}::${stillUsed[0]}`
        : `${crate(newModule)}::{${stillUsed.join(", ")}}`;
    source = addUse(source, `use ${path};`);
    changes.push(`${sourcePath}: imports ${path}`);
  }
  if (declaring === sourcePath && !declaresModule(source, newName)) {
    source = addModuleLine(
      source,
      newName,
      visibilityOf(oldModule, context, input.sourceBefore, sourcePath),
    );
    changes.push(`${sourcePath}: declares mod ${newName}`);
  }
  source = source.replace(/\n{3,}/g, "\n\n").replace(/\n{2,}$/, "\n");
  if (!/^\s*\n/.test(input.sourceBefore)) source = source.replace(/^\s*\n/, "");
  return { source, destination, changes, unresolved, ...(moved.length ? { moved } : {}) };
}

/** How the old module is declared (`pub `, `pub(crate) `, or ""): the new one is declared alike. */
export function visibilityOf(
  oldModule: string[],
  context: RustContext,
  sourceText: string,
  sourcePath: string,
): string {
  const file = declaringFile(oldModule, context);
  const text = file === sourcePath ? sourceText : context.files.find((f) => f.path === file)?.text;
  const m = text ? declaresModule(text, oldModule.at(-1) ?? "") : null;
  return m?.[1] ?? "";
}
