import { type Node, type Tree, withTree } from "../syntax/parser.ts";
import {
  type ImportPlan,
  kids,
  lineEnd,
  lineStart,
  type MoveTexts,
  replaceRanges,
} from "./plan.ts";

/**
 * Import-aware moves for Go (DESIGN.md §3: "at least the destination's
 * imports"): the destination gains the packages the unit uses (into its
 * `import ( … )` block, sorted as gofmt keeps a group; a single import becomes
 * a block), and the old file drops the packages nothing left in it uses (Go
 * refuses unused imports). Names of the old file's own package need nothing
 * within one directory; across directories their import path lives in go.mod,
 * so that is reported, never guessed.
 */

interface Spec {
  /** The name the file uses it by: its alias, else the path's last element (`v2` skipped). */
  name: string;
  path: string;
  /** As written (`str "strings"`). */
  text: string;
  node: { start: number; end: number };
}

interface Declaration {
  node: { start: number; end: number };
  specs: Spec[];
  /** A `( … )` block: where its `)` is. */
  close: number | undefined;
}

interface Facts {
  declarations: Declaration[];
  /** Past the package clause's line: where a first import goes. */
  afterPackage: number;
  /** Top-level names, with the declaration that names each. */
  topLevel: Map<string, { start: number; end: number }>;
}

function packageName(path: string, alias: string | undefined): string {
  if (alias) return alias;
  const parts = path.split("/");
  const last = parts.at(-1) ?? path;
  return /^v\d+$/.test(last) && parts.length > 1 ? (parts.at(-2) ?? last) : last;
}

function specOf(node: Node): Spec | undefined {
  const pathNode = kids(node).find((c) => c.type === "interpreted_string_literal");
  const path = pathNode?.text.slice(1, -1);
  if (path === undefined) return undefined;
  const alias = kids(node).find((c) => c.type === "package_identifier")?.text;
  return {
    name: packageName(path, alias),
    path,
    text: node.text,
    node: { start: node.startIndex, end: node.endIndex },
  };
}

function factsOf(tree: Tree, text: string): Facts {
  const declarations: Declaration[] = [];
  const topLevel = new Map<string, { start: number; end: number }>();
  let afterPackage = 0;
  for (const child of kids(tree.rootNode)) {
    if (child.type === "package_clause") afterPackage = lineEnd(text, child.endIndex);
    else if (child.type === "import_declaration") {
      const list = kids(child).find((c) => c.type === "import_spec_list");
      const specNodes = list
        ? kids(list).filter((c) => c.type === "import_spec")
        : kids(child).filter((c) => c.type === "import_spec");
      declarations.push({
        node: { start: child.startIndex, end: child.endIndex },
        specs: specNodes.map(specOf).filter((s): s is Spec => s !== undefined),
        close: list ? kids(list).find((c) => c.type === ")")?.startIndex : undefined,
      });
    } else {
      const name = child.childForFieldName("name");
      const where = { start: child.startIndex, end: child.endIndex };
      if (name) topLevel.set(name.text, where);
      // const, var and type declarations name theirs in their specs, alone or in a ( … ) list.
      const specs = (node: Node): Node[] =>
        kids(node).flatMap((c) =>
          c.type === "const_spec" || c.type === "var_spec" || c.type === "type_spec"
            ? [c]
            : c.type === "var_spec_list" || c.type === "type_spec_list"
              ? specs(c)
              : [],
        );
      for (const spec of specs(child))
        for (const id of spec.childrenForFieldName("name")) if (id) topLevel.set(id.text, where);
    }
  }
  return { declarations, afterPackage, topLevel };
}

/** Package names used in [start, end): `fmt` in `fmt.Println`, `http` in `*http.Client`. */
function packagesUsed(tree: Tree, start: number, end: number): Set<string> {
  const used = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_declaration") return;
    if (node.type === "selector_expression") {
      const operand = node.childForFieldName("operand");
      if (operand?.type === "identifier") used.add(operand.text);
    } else if (node.type === "qualified_type") {
      const pkg = node.childForFieldName("package");
      if (pkg) used.add(pkg.text);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return used;
}

/** The identifiers used in [start, end) (for names of the old file's package). */
function identifiersIn(tree: Tree, start: number, end: number): Set<string> {
  const used = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "identifier" || node.type === "type_identifier") used.add(node.text);
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return used;
}

function addSpecs(text: string, facts: Facts, specs: Spec[]): string {
  const have = new Set(facts.declarations.flatMap((d) => d.specs.map((s) => s.path)));
  const wanted = specs.filter((s) => !have.has(s.path));
  if (!wanted.length) return text;
  const block = facts.declarations.find((d) => d.close !== undefined);
  if (block && block.close !== undefined) {
    // Into the block's last group, in gofmt's order.
    const lastGroupStart = text.lastIndexOf("\n\n", block.close);
    const groupFrom =
      lastGroupStart > block.node.start
        ? lastGroupStart + 2
        : text.indexOf("\n", block.node.start) + 1;
    const group = block.specs.filter((s) => s.node.start >= groupFrom).map((s) => s.text);
    const sorted = [...group, ...wanted.map((s) => s.text)].sort((a, b) =>
      pathOf(a).localeCompare(pathOf(b)),
    );
    const replaced = sorted.map((t) => `\t${t}\n`).join("");
    return text.slice(0, groupFrom) + replaced + text.slice(lineStart(text, block.close));
  }
  const single = facts.declarations[0];
  if (single) {
    const all = [...single.specs, ...wanted].sort((a, b) => a.path.localeCompare(b.path));
    const replacement = `import (\n${all.map((s) => `\t${s.text}\n`).join("")})`;
    return text.slice(0, single.node.start) + replacement + text.slice(single.node.end);
  }
  const sorted = [...wanted].sort((a, b) => a.path.localeCompare(b.path));
  const decl =
    sorted.length === 1
      ? `import ${sorted[0]?.text}\n`
      : `import (\n${sorted.map((s) => `\t${s.text}\n`).join("")})\n`;
  return `${text.slice(0, facts.afterPackage)}\n${decl}${text.slice(facts.afterPackage)}`;
}

const pathOf = (specText: string) => specText.slice(specText.indexOf('"'));

/** The imports both files need after `unit` moved from `sourcePath` to `destPath`. */
export async function planGoImports(input: MoveTexts): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const before = await withTree(input.sourceBefore, "go", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    packages: packagesUsed(tree, input.unit.start, input.unit.end),
    names: identifiersIn(tree, input.unit.start, input.unit.end),
  }));
  const dest = await withTree(input.destAfter, "go", (tree) => factsOf(tree, input.destAfter));
  const specs = before.facts.declarations
    .flatMap((d) => d.specs)
    .filter((s) => before.packages.has(s.name));
  const changes: string[] = [];
  const unresolved: string[] = [];
  const destination = addSpecs(input.destAfter, dest, specs);
  if (destination !== input.destAfter) {
    const had = new Set(dest.declarations.flatMap((d) => d.specs.map((s) => s.path)));
    changes.push(
      `${destPath}: imports ${specs
        .filter((s) => !had.has(s.path))
        .map((s) => s.path)
        .join(", ")}`,
    );
  }
  const dir = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")));
  // Names of the old file's package the unit uses, other than what it declares itself.
  const own = [...before.facts.topLevel]
    .filter(
      ([n, at]) => before.names.has(n) && (at.start < input.unit.start || at.end > input.unit.end),
    )
    .map(([n]) => n);
  if (dir(sourcePath) !== dir(destPath) && own.length)
    unresolved.push(
      `${own.join(", ")} from ${sourcePath}'s package: another directory needs its import path (go.mod), so it was not added`,
    );

  // The old file: packages nothing left uses go (Go refuses unused imports).
  let source = input.sourceAfter;
  const after = await withTree(source, "go", (tree) => ({
    facts: factsOf(tree, source),
    packages: packagesUsed(tree, 0, source.length),
  }));
  const gone = (s: Spec) => before.packages.has(s.name) && !after.packages.has(s.name);
  const edits: { start: number; end: number }[] = [];
  const dropped: string[] = [];
  for (const d of after.facts.declarations) {
    const leaving = d.specs.filter(gone);
    if (!leaving.length) continue;
    dropped.push(...leaving.map((s) => s.path));
    if (leaving.length === d.specs.length)
      edits.push({
        start: d.node.start,
        end: lineEnd(source, d.node.end) + (source[lineEnd(source, d.node.end)] === "\n" ? 1 : 0),
      });
    else
      for (const s of leaving)
        edits.push({ start: lineStart(source, s.node.start), end: lineEnd(source, s.node.end) });
  }
  source = replaceRanges(
    source,
    edits.map((e) => ({ ...e, insert: "" })),
  );
  if (dropped.length) changes.push(`${sourcePath}: drops imports ${dropped.join(", ")}`);
  return { source, destination, changes, unresolved };
}
