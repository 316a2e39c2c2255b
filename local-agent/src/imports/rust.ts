import { type Node, type Tree, withTree } from "../syntax/parser.ts";
import { type ImportPlan, kids, lineEnd, type MoveTexts } from "./plan.ts";

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

export async function planRustImports(input: MoveTexts): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
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
