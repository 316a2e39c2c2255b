import { type Node, type Tree, withTree } from "../syntax/parser.ts";
import { type ImportPlan, kids, lineEnd, type MoveTexts, replaceRanges } from "./plan.ts";

/**
 * Import-aware moves for Java (DESIGN.md §3: "at least the destination's
 * imports"): the destination gains the imports whose names the unit uses
 * (static ones too, and the old file's `.*` imports, which Java allows unused),
 * and the old file drops the single-name imports only the unit used. Types
 * declared in the destination (its class, their nested types) need nothing;
 * types declared in the old file, when it is of another package, are imported
 * by name. Other types of the old file's package the unit may use are not
 * imported into a file of another package: which names those are is not known
 * from one file, so the candidates are reported.
 */

interface Import {
  /** The simple name it binds (`List`, `max`), or `*`. */
  name: string;
  text: string;
  node: { start: number; end: number };
}

interface Facts {
  pkg: string | undefined;
  imports: Import[];
  /** Past the last import's line, or the package declaration's. */
  insertAt: number;
  hasImports: boolean;
  declared: Set<string>;
}

function factsOf(tree: Tree, text: string): Facts {
  let pkg: string | undefined;
  const imports: Import[] = [];
  const declared = new Set<string>();
  let insertAt = 0;
  for (const child of kids(tree.rootNode)) {
    if (child.type === "package_declaration") {
      pkg = kids(child).find(
        (c) => c.type === "scoped_identifier" || c.type === "identifier",
      )?.text;
      insertAt = lineEnd(text, child.endIndex);
    } else if (child.type === "import_declaration") {
      const wildcard = kids(child).some((c) => c.type === "asterisk");
      const path = kids(child).find(
        (c) => c.type === "scoped_identifier" || c.type === "identifier",
      );
      const name = wildcard ? "*" : (path?.text.split(".").at(-1) ?? "");
      imports.push({
        name,
        text: child.text,
        node: { start: child.startIndex, end: child.endIndex },
      });
      insertAt = lineEnd(text, child.endIndex);
    } else {
      const name = child.childForFieldName("name");
      if (name) declared.add(name.text);
    }
  }
  return { pkg, imports, insertAt, hasImports: imports.length > 0, declared };
}

/** Simple names used in [start, end): types, and identifiers (static imports). */
function namesIn(tree: Tree, start: number, end: number): { types: Set<string>; all: Set<string> } {
  const types = new Set<string>();
  const all = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "import_declaration" || node.type === "package_declaration") return;
    if (node.type === "type_identifier") {
      types.add(node.text);
      all.add(node.text);
    } else if (node.type === "identifier") all.add(node.text);
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return { types, all };
}

/** Declared in [start, end): classes, interfaces, enums, records, type parameters. */
function declaredIn(tree: Tree, start: number, end: number): Set<string> {
  const out = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (/_declaration$/.test(node.type) || node.type === "type_parameter") {
      const name =
        node.childForFieldName("name") ??
        kids(node).find((c) => c.type === "type_identifier") ??
        null;
      if (name) out.add(name.text);
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/**
 * The types declared in `tree` (classes, interfaces, enums, records, at any
 * depth), each with its name qualified by the types around it (`Outer.Inner`).
 */
function typesIn(tree: Tree): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: Node, outer: string) => {
    for (const c of kids(node)) {
      const declares = /^(class|interface|enum|record|annotation_type)_declaration$/.test(c.type);
      const name = declares ? c.childForFieldName("name")?.text : undefined;
      const qualified = name ? (outer ? `${outer}.${name}` : name) : outer;
      if (name && !out.has(name)) out.set(name, qualified);
      visit(c, qualified);
    }
  };
  visit(tree.rootNode, "");
  return out;
}

/** java.lang's types, which need no import. */
const JAVA_LANG = new Set(
  "Object String Integer Long Short Byte Double Float Boolean Character Number Math System Thread Runnable Exception RuntimeException Error Throwable IllegalArgumentException IllegalStateException NullPointerException UnsupportedOperationException IndexOutOfBoundsException Iterable Comparable CharSequence StringBuilder Void Class Enum Record Override Deprecated SuppressWarnings FunctionalInterface SafeVarargs AutoCloseable Cloneable Process".split(
    " ",
  ),
);

export async function planJavaImports(input: MoveTexts): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const before = await withTree(input.sourceBefore, "java", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    used: namesIn(tree, input.unit.start, input.unit.end),
    own: declaredIn(tree, input.unit.start, input.unit.end),
  }));
  const dest = await withTree(input.destAfter, "java", (tree) => ({
    ...factsOf(tree, input.destAfter),
    types: typesIn(tree),
  }));
  const sourceTypes = await withTree(input.sourceBefore, "java", typesIn);
  const have = new Set(dest.imports.map((i) => i.text));
  const wanted = before.facts.imports.filter(
    (i) => !have.has(i.text) && (i.name === "*" || before.used.all.has(i.name)),
  );
  // Types the unit uses that are declared here (the destination's own, its nested ones) need
  // nothing; those declared in the old file, in another package, are imported by name.
  const imported = new Set(before.facts.imports.map((i) => i.name));
  const foreign = [...before.used.types].filter(
    (t) =>
      !imported.has(t) &&
      !JAVA_LANG.has(t) &&
      !before.own.has(t) &&
      !dest.types.has(t) &&
      /^[A-Z]/.test(t),
  );
  const samePackage = before.facts.pkg === dest.pkg;
  const fromSource = samePackage ? [] : foreign.filter((t) => sourceTypes.has(t));
  const haveNames = new Set(dest.imports.map((i) => i.name));
  for (const t of fromSource)
    if (!haveNames.has(t))
      wanted.push({
        name: t,
        text: `import ${before.facts.pkg ? `${before.facts.pkg}.` : ""}${sourceTypes.get(t)};`,
        node: { start: 0, end: 0 },
      });
  const changes: string[] = [];
  const unresolved: string[] = [];
  let destination = input.destAfter;
  if (wanted.length) {
    const block = wanted.map((i) => `${i.text}\n`).join("");
    const at = dest.insertAt;
    const lead = dest.hasImports ? "" : "\n";
    const after = destination.slice(at);
    const gap = !dest.hasImports && after !== "" && !after.startsWith("\n") ? "\n" : "";
    destination = destination.slice(0, at) + lead + block + gap + after;
    changes.push(`${destPath}: imports ${wanted.map((i) => i.name).join(", ")}`);
  }
  if (!samePackage) {
    const candidates = foreign.filter((t) => !sourceTypes.has(t));
    if (candidates.length)
      unresolved.push(
        `${candidates.join(", ")}: types of package ${before.facts.pkg ?? "(default)"} the unit may use were not imported into package ${dest.pkg ?? "(default)"}`,
      );
  }

  // The old file: single-name imports only the unit used go.
  let source = input.sourceAfter;
  const after = await withTree(source, "java", (tree) => ({
    facts: factsOf(tree, source),
    used: namesIn(tree, 0, source.length),
  }));
  const dropped = after.facts.imports.filter(
    (i) => i.name !== "*" && before.used.all.has(i.name) && !after.used.all.has(i.name),
  );
  source = replaceRanges(
    source,
    dropped.map((i) => ({ start: i.node.start, end: lineEnd(source, i.node.end), insert: "" })),
  );
  if (dropped.length)
    changes.push(`${sourcePath}: drops imports ${dropped.map((i) => i.name).join(", ")}`);
  return { source, destination, changes, unresolved };
}
