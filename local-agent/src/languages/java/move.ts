import {
  escapeRegExp,
  type ImportPlan,
  kids,
  lineEnd,
  type MoveTexts,
  replaceRanges,
} from "../../imports/plan.ts";
import { type Node, type Tree, withTree } from "../../syntax/parser.ts";
import { literalSpans } from "../code-spans.ts";
import {
  addImport,
  dirOf,
  type JavaContext,
  type JavaFile,
  type JavaWiden,
  javaCode,
  javaPackageOf,
  packageForDir,
  sourceRootOf,
  usesName,
  widenJava,
} from "./packages.ts";

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
    // Types only: a local variable's or a field's declaration names its type, not a new one.
    if (
      /^(class|interface|enum|record|annotation_type)_declaration$/.test(node.type) ||
      node.type === "type_parameter"
    ) {
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

export async function planJavaImports(
  input: MoveTexts & { java?: JavaContext },
): Promise<ImportPlan> {
  const { sourcePath, destPath } = input;
  const oldDir = dirOf(sourcePath);
  const newDir = dirOf(destPath);
  const across = oldDir !== newDir;
  const oldPackage = javaPackageOf(input.sourceBefore);
  const blocked: string[] = [];
  const changes: string[] = [];
  // A file without a package declaration gets its directory's package, from the old file's
  // source root (the directory its package's path ends).
  let destAfter = input.destAfter;
  let newPackage = javaPackageOf(destAfter);
  if (!/^\s*package\s/m.test(javaCode(destAfter))) {
    const root = sourceRootOf(oldDir, oldPackage);
    const pkg = !across ? oldPackage : root === undefined ? undefined : packageForDir(newDir, root);
    if (pkg === undefined)
      blocked.push(
        `${destPath} is not below the source root of ${sourcePath} (package ${oldPackage || "(default)"}), so its package cannot be named.`,
      );
    else if (pkg) {
      destAfter = `package ${pkg};\n\n${destAfter.replace(/^\s*\n/, "")}`;
      changes.push(`${destPath}: package ${pkg}`);
    }
    newPackage = pkg ?? "";
  }
  const before = await withTree(input.sourceBefore, "java", (tree) => ({
    facts: factsOf(tree, input.sourceBefore),
    used: namesIn(tree, input.unit.start, input.unit.end),
    own: declaredIn(tree, input.unit.start, input.unit.end),
  }));
  const dest = await withTree(destAfter, "java", (tree) => ({
    ...factsOf(tree, destAfter),
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
  const unresolved: string[] = [];
  let destination = destAfter;
  if (wanted.length) {
    const block = wanted.map((i) => `${i.text}\n`).join("");
    const at = dest.insertAt;
    const lead = dest.hasImports ? "" : "\n";
    const after = destination.slice(at);
    const gap = !dest.hasImports && after !== "" && !after.startsWith("\n") ? "\n" : "";
    destination = destination.slice(0, at) + lead + block + gap + after;
    changes.push(`${destPath}: imports ${wanted.map((i) => i.name).join(", ")}`);
  }
  // Where the unit is in its new file, and what follows it there (what opening its members
  // below inserts stays within it).
  const unitBefore = input.sourceBefore.slice(input.unit.start, input.unit.end);
  const unitAt = destination.lastIndexOf(unitBefore);
  const unitTail = destination.length - unitAt - unitBefore.length;
  // Across packages, with the two directories' files: what the old package's other files
  // declare is imported, and what of it only its package reaches is made public where Java
  // allows it (said on the receipt), else the move is refused.
  const moved = await withTree(input.sourceBefore, "java", (tree) =>
    topTypes(tree).filter((t) => t.start >= input.unit.start && t.end <= input.unit.end),
  );
  const context = input.java;
  const resolved = new Set<string>();
  const widen: JavaWiden[] = [];
  /** The unit's methods that override what is made public of its old package's bases: public too. */
  const unitOverrides: Member[] = [];
  if (across && context) {
    // Its package's files, in any source root (a package is its name; the default package
    // its directory's).
    const oldFiles = context.files.filter(
      (f) =>
        f.path !== sourcePath &&
        javaPackageOf(f.text) === oldPackage &&
        (oldPackage !== "" || dirOf(f.path) === oldDir),
    );
    const declared = new Map<string, { type: TopType; file: JavaFile }>();
    for (const file of oldFiles)
      for (const type of await withTree(file.text, "java", topTypes))
        declared.set(type.name, { type, file });
    const fileOf = new Map([...declared.values()].map((d) => [d.type, d.file] as const));
    // Nested subclasses in the old package's files (minimal-json's `private static class
    // PrettyPrintWriter extends JsonWriter` in PrettyPrint.java).
    for (const file of oldFiles) {
      if (!/\bextends\b/.test(file.text)) continue;
      const tops = new Set(
        [...declared.values()].filter((d) => d.file === file).map((d) => d.type.start),
      );
      for (const type of await withTree(file.text, "java", subclassesIn))
        if (!tops.has(type.start)) fileOf.set(type, file);
    }
    // Subclasses of the old package's types in other packages (JavaContext.files holds those
    // files too): an override of what is made public may not be weaker there either.
    for (const file of context.files) {
      if (file.path === sourcePath || oldFiles.includes(file)) continue;
      if (!/\bextends\b/.test(file.text)) continue;
      for (const type of await withTree(file.text, "java", subclassesIn)) fileOf.set(type, file);
    }
    const heirs = [...fileOf.keys()];
    // The anonymous subclasses (`new T(…) { … }`) of a type and of its subclasses in the old
    // package, in the package's files (its tests' too).
    const anonymous = new Map<string, Promise<{ file: JavaFile; bodies: AnonymousBody[] }[]>>();
    const anonymousOf = (name: string) => {
      let found = anonymous.get(name);
      if (!found) {
        const superOf = (n: string) => declared.get(n)?.type.superclass;
        const below = [...declared.values()].filter((d) => descends(d.type, name, superOf));
        found = anonymousIn(oldFiles, new Set([name, ...below.map((d) => d.type.name)]));
        anonymous.set(name, found);
      }
      return found;
    };
    /** The methods of `type` made public, by their names. */
    const madePublic = new Map<string, Set<string>>();
    /** The overrides of what is opened, here and in other packages, made public in their files. */
    const overridesWidened = (overrides: readonly (Opened & { type: TopType })[]): JavaWiden[] =>
      overrides.flatMap((o) => {
        const file = fileOf.get(o.type);
        return file
          ? [
              {
                path: file.path,
                text: file.text,
                at: o.at,
                names: o.names,
                fromProtected: o.fromProtected,
                override: true,
              },
            ]
          : [];
      });
    const unitCode = javaCode(input.sourceBefore.slice(input.unit.start, input.unit.end));
    // Types read as values too (`Lower.of(s)`), which the grammar calls identifiers.
    const named = [...before.used.all].filter(
      (t) =>
        /^[A-Z]/.test(t) &&
        !imported.has(t) &&
        !before.own.has(t) &&
        !dest.types.has(t) &&
        !moved.some((m) => m.name === t),
    );
    // What the unit reads through a static import of an old package's class (jsoup's Element:
    // `import static org.jsoup.nodes.TextNode.lastCharIsWhitespace;`), or through an import of
    // one of its nested types (jsemver's `import …semver.VersionParser.CharType;`), is opened
    // as what it reads through the class's name is.
    const staticReads = new Map<string, string[]>();
    const pkgPattern = oldPackage.replace(/\./g, "\\.");
    for (const i of wanted) {
      const m = new RegExp(`^import\\s+(?:static\\s+)?${pkgPattern}\\.([A-Z][\\w$]*)\\.`).exec(
        i.text.trim(),
      );
      if (oldPackage && m?.[1]) staticReads.set(m[1], [...(staticReads.get(m[1]) ?? []), i.text]);
    }
    for (const t of new Set([...named, ...staticReads.keys()])) {
      const found = declared.get(t);
      if (found === undefined || sourceTypes.has(t)) continue;
      const byName = named.includes(t);
      resolved.add(t);
      if (!oldPackage) {
        blocked.push(
          `the unit uses ${t} of the default package, which no other package can import.`,
        );
        continue;
      }
      const fileName = found.file.path.slice(found.file.path.lastIndexOf("/") + 1);
      const opened =
        !found.type.isPublic && fileName !== `${t}.java`
          ? `the unit uses ${t}, not public in package ${oldPackage} and declared in ${fileName}, where it cannot be made public (a public type lives in a file of its name): package ${newPackage || "(default)"} could not reach it.`
          : opening(found.type, [unitCode, ...(staticReads.get(t) ?? [])], heirs);
      if (typeof opened === "string") blocked.push(opened);
      else {
        if (opened.at.length || opened.fromProtected.length)
          widen.push({
            path: found.file.path,
            text: found.file.text,
            at: opened.at,
            names: opened.names,
            fromProtected: opened.fromProtected,
          });
        widen.push(...overridesWidened(opened.overrides));
        // Its anonymous subclasses' overrides of them (jopt-simple's OptionParserState, whose
        // factories return them), in any file of the package: public too.
        widen.push(...anonymousWidened(await anonymousOf(t), methodsOf(opened.names, t), "public"));
        // The unit's own overrides of the methods made public, which may not be weaker.
        const methods = new Set(
          found.type.members
            .filter((m) => m.isMethod && opened.names.includes(`${t}.${m.name}`))
            .map((m) => m.name),
        );
        for (const heir of moved)
          if (descends(heir, t, (n) => declared.get(n)?.type.superclass))
            unitOverrides.push(...heir.members.filter((m) => m.isMethod && methods.has(m.name)));
      }
      if (!byName) continue;
      const next = addImport(destination, `${oldPackage}.${t}`);
      if (next !== destination) changes.push(`${destPath}: imports ${oldPackage}.${t}`);
      destination = next;
    }
    // A subclass leaving its base's package reaches what it inherits of it (a bare `count`,
    // `this.count`, `super.label()`), implements and overrides only where that is protected or
    // public: a package-private abstract method is no longer implemented (javac says so), a
    // package-private method no longer overridden (nothing says so: the base's own runs). Made
    // protected, up the chain of bases in the old package, with the unit's overrides of them
    // and the old package's other ones (an override may not be weaker).
    const opened = new Set(widen.flatMap((w) => w.names));
    const guarded: { type: TopType; names: Set<string> }[] = [];
    for (const heir of moved) {
      const seen = new Set<string>();
      // The old package reaching a base's member through the subclass (`element.siblingIndex`
      // in a test of jsoup's nodes package, Element moved out): a package-private member is not
      // inherited across packages, so it is no member of the subclass any more; protected, it is.
      const through = [input.sourceAfter, ...oldFiles.map((f) => f.text)]
        .map(javaCode)
        .filter((code) => usesName(code, heir.name));
      for (
        let base = heir.superclass && declared.get(heir.superclass);
        base && !seen.has(base.type.name);
        base = base.type.superclass && declared.get(base.type.superclass)
      ) {
        seen.add(base.type.name);
        const names = new Set(
          base.type.members
            .filter(
              (m) =>
                !m.isType &&
                !m.isProtected &&
                !opened.has(`${base?.type.name}.${m.name}`) &&
                (inherits(unitCode, m.name) ||
                  through.some((code) => new RegExp(`\\.${m.name}\\b`).test(code))),
            )
            .map((m) => m.name),
        );
        if (!names.size) continue;
        guarded.push({ type: base.type, names });
        widen.push({
          path: base.file.path,
          text: base.file.text,
          at: [],
          names: [],
          protectedAt: base.type.members.filter((m) => names.has(m.name)).map((m) => m.at),
          protectedNames: [...names].map((n) => `${base?.type.name}.${n}`),
          protectedWhy: "reached",
        });
      }
    }
    const overridden = (type: TopType): Set<string> => {
      const out = new Set<string>();
      const seen = new Set<string>();
      for (
        let base = type.superclass;
        base && !seen.has(base);
        // Through the moved types too: a class below the unit is below the unit's bases.
        base = (declared.get(base)?.type ?? moved.find((m) => m.name === base))?.superclass
      ) {
        seen.add(base);
        for (const g of guarded) if (g.type.name === base) for (const n of g.names) out.add(n);
      }
      return out;
    };
    // The old package's overrides, in the files that declare them.
    for (const { type, file } of declared.values()) {
      const names = overridden(type);
      const overrides = type.members.filter(
        (m) => m.isMethod && !m.isProtected && names.has(m.name),
      );
      if (overrides.length && !guarded.some((g) => g.type === type))
        widen.push({
          path: file.path,
          text: file.text,
          at: [],
          names: [],
          protectedAt: overrides.map((m) => m.at),
          protectedNames: [...new Set(overrides.map((m) => `${type.name}.${m.name}`))],
          protectedWhy: "override",
        });
    }
    // And its anonymous ones, in any file of the package (minimal-json's `WriterConfig.MINIMAL =
    // new WriterConfig() { JsonWriter createWriter(…) }` beside the abstract method PrettyPrint,
    // moved out, implements).
    for (const g of guarded)
      widen.push(...anonymousWidened(await anonymousOf(g.type.name), g.names, "protected"));
    // The unit's own.
    const guardedInUnit = moved.flatMap((t) => {
      const names = overridden(t);
      return t.members.filter((m) => m.isMethod && !m.isProtected && names.has(m.name));
    });
    // A moved type the old package still uses must be public, with what of it the old package
    // reaches; a public type lives in a file of its name.
    const oldCode = [input.sourceAfter, ...oldFiles.map((f) => f.text)].map(javaCode);
    const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
    const at = destination.lastIndexOf(unitText);
    const inserts: number[] = [];
    const unprotect: number[] = [];
    for (const t of moved) {
      // Its users: by name, or by an import of a nested type (`import old.T.Node;`).
      const imports = new RegExp(`\\bimport\\s+(?:static\\s+)?[\\w.]*\\.${t.name}\\.`);
      const users = oldCode.filter((code) => usesName(code, t.name) || imports.test(code));
      // And those reaching it through its subclasses there (`spec.convert(…)` in a test, `spec`
      // an OptionalArgumentOptionSpec, ArgumentAcceptingOptionSpec moved out): inherited members.
      const superOf = (n: string) => declared.get(n)?.type.superclass;
      const below = [...declared.values()]
        .filter((d) => descends(d.type, t.name, superOf))
        .map((d) => d.type.name);
      const reachers = oldCode.filter(
        (code) => users.includes(code) || below.some((n) => usesName(code, n)),
      );
      if (
        (t.isPublic || users.length) &&
        destPath.slice(destPath.lastIndexOf("/") + 1) !== `${t.name}.java`
      ) {
        blocked.push(
          `${t.name} is${t.isPublic ? "" : ` used by package ${oldPackage || "(default)"}, so it must be`} public, and a public type lives in a file of its name: move it to ${newDir ? `${newDir}/` : ""}${t.name}.java.`,
        );
        continue;
      }
      if (!users.length) continue;
      if (!newPackage) {
        blocked.push(
          `package ${oldPackage || "(default)"} uses ${t.name}, and no package can import the default package.`,
        );
        continue;
      }
      const opened = opening(t, reachers, heirs);
      if ((opened.at.length || opened.fromProtected.length) && at >= 0) {
        inserts.push(...opened.at.map((p) => at + (p - input.unit.start)));
        unprotect.push(...opened.fromProtected.map((p) => at + (p - input.unit.start)));
        changes.push(
          `${destPath}: ${opened.names.join(", ")} made public (package ${oldPackage || "(default)"} uses ${opened.names.length === 1 ? "it" : "them"})`,
        );
      }
      widen.push(...overridesWidened(opened.overrides));
      const made = methodsOf(opened.names, t.name);
      madePublic.set(t.name, made);
      widen.push(...anonymousWidened(await anonymousOf(t.name), made, "public"));
      // Its enum constants' bodies and anonymous classes override what was made public
      // (jopt-simple's PathProperties.accept): public too, an override may not be weaker.
      const methods = new Set(
        t.members
          .filter((m) => m.isMethod && opened.names.includes(`${t.name}.${m.name}`))
          .map((m) => m.name),
      );
      const within = methods.size
        ? await withTree(input.sourceBefore, "java", (tree) =>
            bodyOverrides(tree, t.start, t.end, methods),
          )
        : [];
      if (within.length && at >= 0) {
        for (const m of within)
          if (m.protectedAt === undefined) inserts.push(at + (m.at - input.unit.start));
          else unprotect.push(at + (m.protectedAt - input.unit.start));
        changes.push(
          `${destPath}: ${[...new Set(within.map((m) => m.name))].join(", ")} made public in ${t.name}'s constant and anonymous bodies (an override may not be weaker than what it overrides)`,
        );
      }
    }
    const words = new Map<number, string>();
    // A base class leaving its subclasses' package (jopt-simple's OptionException, whose
    // subclasses implement its package-private abstract messageArguments()): what they
    // implement, override or reach of it is made protected, and so are their overrides.
    for (const base of moved) {
      const superOf = (n: string) => declared.get(n)?.type.superclass;
      const heirs = [...declared.values()].filter((d) => descends(d.type, base.name, superOf));
      const anonymous = await anonymousOf(base.name);
      if (!heirs.length && !anonymous.length) continue;
      const heirCode = [
        ...heirs.map((h) => javaCode(h.file.text.slice(h.type.start, h.type.end))),
        ...anonymous.flatMap((a) => a.bodies.map((b) => javaCode(b.code))),
      ];
      const reached = base.members.filter(
        (m) =>
          !m.isType &&
          !m.isProtected &&
          (heirs.some((h) => h.type.members.some((o) => o.isMethod && o.name === m.name)) ||
            anonymous.some((a) =>
              a.bodies.some((b) => b.methods.some((o) => o.name === m.name && !o.protectedAt)),
            ) ||
            heirCode.some((code) => inherits(code, m.name))),
      );
      if (!reached.length || at < 0) continue;
      for (const m of reached) words.set(at + (m.at - input.unit.start), "protected ");
      const names = new Set(reached.map((m) => m.name));
      changes.push(
        `${destPath}: ${[...names].join(", ")} made protected (subclasses in package ${oldPackage || "(default)"} reach ${names.size === 1 ? "it" : "them"})`,
      );
      for (const h of heirs) {
        const overrides = h.type.members.filter(
          (o) => o.isMethod && !o.isProtected && names.has(o.name),
        );
        if (overrides.length)
          widen.push({
            path: h.file.path,
            text: h.file.text,
            at: [],
            names: [],
            protectedAt: overrides.map((o) => o.at),
            protectedNames: [...new Set(overrides.map((o) => `${h.type.name}.${o.name}`))],
            protectedWhy: "override",
          });
      }
      const opened = madePublic.get(base.name);
      widen.push(
        ...anonymousWidened(
          anonymous,
          new Set([...names].filter((n) => !opened?.has(n))),
          "protected",
        ),
      );
    }
    if (at >= 0 && guardedInUnit.length) {
      for (const m of guardedInUnit) words.set(at + (m.at - input.unit.start), "protected ");
      changes.push(
        `${destPath}: ${[...new Set(guardedInUnit.map((m) => m.name))].join(", ")} made protected (an override may not be weaker than what it overrides)`,
      );
    }
    for (const p of inserts) words.set(p, "public ");
    const overriding = unitOverrides.filter((m) => !guardedInUnit.includes(m));
    if (at >= 0 && overriding.length) {
      for (const m of overriding)
        if (m.protectedAt === undefined) words.set(at + (m.at - input.unit.start), "public ");
        else unprotect.push(at + (m.protectedAt - input.unit.start));
      changes.push(
        `${destPath}: ${[...new Set(overriding.map((m) => m.name))].join(", ")} made public (an override may not be weaker than what it overrides)`,
      );
    }
    // A member opened for two reasons (the old package uses it; it overrides what was made
    // public) is opened once: `public` where its `protected` was, nothing more there.
    const replaced = new Set(unprotect);
    for (const p of replaced) words.delete(p);
    const edits = [
      ...[...words].map(([p, word]) => ({ start: p, end: p, insert: word })),
      ...[...replaced].map((p) => ({ start: p, end: p + "protected".length, insert: "public" })),
    ];
    destination = replaceRanges(destination, edits);
  }
  if (across && unitAt >= 0 && oldPackage !== newPackage) {
    const loads = packageResources(destination, unitAt, destination.length - unitTail, {
      oldPackage,
      types: moved.map((t) => t.name),
    });
    destination = loads.text;
    if (loads.absolute.length)
      changes.push(
        `${destPath}: loads ${loads.absolute.join(", ")} from package ${oldPackage || "(default)"} by ${loads.absolute.length === 1 ? "its" : "their"} absolute name${loads.absolute.length === 1 ? "" : "s"}`,
      );
    for (const call of loads.unknown)
      unresolved.push(
        `${destPath}:${call.line}: \`${call.text}\` loads a resource by a name relative to the class's package, now ${newPackage || "(default)"}, and the name is not known here`,
      );
  }
  // With the old package's files known and no `.*` import, what is left is java.lang's.
  const wildcard = before.facts.imports.some((i) => i.name === "*");
  if (!samePackage && !(across && context && !wildcard)) {
    const candidates = foreign.filter((t) => !sourceTypes.has(t) && !resolved.has(t));
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
  // What the old file still uses of what moved comes from the new package.
  if (across && newPackage)
    for (const t of moved)
      if (usesName(source, t.name)) {
        source = addImport(source, `${newPackage}.${t.name}`);
        changes.push(`${sourcePath}: imports ${newPackage}.${t.name}`);
      }
  // No run of blank lines left where the unit was, nor at the end.
  if (!/\n\n\n/.test(input.sourceBefore)) source = source.replace(/\n{3,}/g, "\n\n");
  source = source.replace(/\n{2,}$/, "\n");
  // The other files whose declarations are opened, each with all its widenings at once.
  const others: NonNullable<ImportPlan["others"]> = [];
  if (!blocked.length)
    for (const path of new Set(widen.map((w) => w.path))) {
      const mine = widen.filter((w) => w.path === path);
      const file = { path, text: (mine[0] as JavaWiden).text };
      const made = widenJava(file, mine, newPackage);
      unresolved.push(...made.unresolved);
      if (made.text !== file.text)
        others.push({ path, before: file.text, text: made.text, changes: made.changes });
    }
  return {
    source,
    destination,
    changes,
    unresolved,
    ...(blocked.length ? { blocked } : {}),
    ...(across && moved.length ? { moved: moved.map((t) => t.name) } : {}),
    ...(others.length ? { others } : {}),
  };
}

/** What opening a type's members for another package takes in one file: where `public ` goes, where `public` replaces `protected`. */
interface Opened {
  at: number[];
  names: string[];
  fromProtected: number[];
}

/**
 * What of `type` only its package (or its subclasses) reaches, which `code`
 * reaches from the other package once the move is made: where `public ` goes
 * and where `public` replaces `protected`, with the names for the receipt;
 * and the overrides of the methods made public in `types` (its subclasses
 * there, at any depth), which may not be weaker: each made public too. Its
 * nested types the code reaches are opened the same way, with what of them
 * it reaches.
 */
function opening(
  type: TopType,
  code: readonly string[],
  types: readonly TopType[],
): Opened & { overrides: (Opened & { type: TopType })[] } {
  // `x.name`, not `this.name` (the code's own member of that name: GsonBuilder's `this.excluder`).
  // Bare, after an on-demand static import of it (jopt-simple's `import static
  // joptsimple.ParserRules.*;`, then `DOUBLE_HYPHEN`).
  const onDemand = new RegExp(`\\bimport\\s+static\\s+[\\w.]*\\b${type.name}\\.\\*\\s*;`);
  const bare = code.some((c) => onDemand.test(c));
  const reached = type.members.filter(
    (m) =>
      code.some((c) => new RegExp(`(?<!\\bthis)\\.${m.name}\\b`).test(c)) ||
      (bare &&
        !m.isType &&
        code.some((c) => new RegExp(`(?<![\\w$.])${m.name}(?![\\w$])`).test(c))),
  );
  const made = code.map((c) => instantiations(c, type.name));
  // `new T(…)` and `T::new`; an anonymous subclass (`new T<…>() { … }`) is a subclass.
  const constructed = made.some((m) => m.plain);
  const extended =
    made.some((m) => m.anonymous) ||
    code.some((c) => new RegExp(`\\bextends\\s+${type.name}\\b`).test(c));
  // Its nested types that are not public are opened too (gson's `LinkedHashTreeMap.Node`,
  // commons-text's `StrLookup.MapStrLookup`), and what of them the code reaches (below).
  // A protected constructor a subclass reaches from anywhere stays as it is; `new T()` from
  // another package needs it public.
  const constructors = type.constructors.filter((c) =>
    c.isProtected ? constructed : constructed || extended,
  );
  const opened = [...reached, ...constructors];
  // The methods made public, overridden below it: each override made public too.
  const methods = new Set(reached.filter((m) => m.isMethod).map((m) => m.name));
  const innerOf = (
    owner: string,
    list: readonly Nested[],
  ): { opened: (Member | TopType["constructors"][number])[]; names: string[] }[] =>
    list.flatMap((n) => {
      const named = new RegExp(`(?<![\\w$])(?:${owner.split(".").at(-1)}\\.)?${n.name}(?![\\w$])`);
      if (!code.some((c) => named.test(c))) return [];
      const made = new RegExp(`\\bnew\\s+(?:[\\w.]+\\.)?${n.name}\\s*[(<]|\\b${n.name}::new\\b`);
      const sub = new RegExp(`\\bextends\\s+(?:[\\w.]+\\.)?${n.name}\\b`);
      const isMade = code.some((c) => made.test(c));
      const isExtended = code.some((c) => sub.test(c));
      const members = n.members.filter((m) =>
        m.isType
          ? // Its own nested types the code names (`Token.Type`, or `Type` after an import of it).
            code.some((c) => new RegExp(`(?<![\\w$])${m.name}(?![\\w$])`).test(c))
          : code.some((c) => new RegExp(`(?<!\\bthis)\\.${m.name}\\b`).test(c)),
      );
      const builders = n.constructors.filter((c) =>
        c.isProtected ? isMade : isMade || isExtended,
      );
      const path = `${owner}.${n.name}`;
      return [
        ...(members.length || builders.length
          ? [
              {
                opened: [...members, ...builders],
                names: [
                  ...new Set(members.map((m) => `${path}.${m.name}`)),
                  ...(builders.length
                    ? [`${path}'s constructor${builders.length > 1 ? "s" : ""}`]
                    : []),
                ],
              },
            ]
          : []),
        ...innerOf(path, n.nested ?? []),
      ];
    });
  // Its nested classes the code reaches (`new CombiningEvaluator.And(…)`), at any depth: what
  // of them only their package reaches, opened the same way (their overrides are not followed).
  const inner = innerOf(type.name, type.nested ?? []);
  const superOf = (name: string) => types.find((o) => o.name === name)?.superclass;
  const overrides = types
    .filter((t) => t !== type && descends(t, type.name, superOf))
    .flatMap((t) => {
      const mine = t.members.filter((m) => m.isMethod && methods.has(m.name));
      return mine.length
        ? [
            {
              type: t,
              at: mine.filter((m) => m.protectedAt === undefined).map((m) => m.at),
              fromProtected: mine.flatMap((m) =>
                m.protectedAt === undefined ? [] : [m.protectedAt],
              ),
              names: [...new Set(mine.map((m) => `${t.name}.${m.name}`))],
            },
          ]
        : [];
    });
  const all = [...opened, ...inner.flatMap((i) => i.opened)];
  return {
    at: [
      ...(type.isPublic ? [] : [type.publicAt]),
      ...all.filter((m) => m.protectedAt === undefined).map((m) => m.at),
    ],
    fromProtected: all.flatMap((m) => (m.protectedAt === undefined ? [] : [m.protectedAt])),
    names: [
      ...(type.isPublic ? [] : [type.name]),
      ...new Set(reached.map((m) => `${type.name}.${m.name}`)),
      ...(constructors.length
        ? [`${type.name}'s constructor${constructors.length > 1 ? "s" : ""}`]
        : []),
      ...inner.flatMap((i) => i.names),
    ],
    overrides,
  };
}

/**
 * The methods named in `names` that enum constants' bodies and anonymous
 * classes within [start, end) declare without `public`: where `public ` goes,
 * or where `protected` is.
 */
function bodyOverrides(
  tree: Tree,
  start: number,
  end: number,
  names: ReadonlySet<string>,
): Widenable[] {
  const out: Widenable[] = [];
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (
      node.type === "class_body" &&
      (node.parent?.type === "enum_constant" || node.parent?.type === "object_creation_expression")
    )
      for (const member of kids(node)) {
        const method = widenable(member);
        if (method && names.has(method.name)) out.push(method);
      }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/** A method to widen: its name, where `public ` goes, where its `protected` is. */
type Widenable = { name: string; at: number; protectedAt?: number };

/**
 * A method of a class body neither public nor private, with where `public `
 * would go and where its `protected` is (undefined for anything else).
 */
function widenable(member: Node): Widenable | undefined {
  if (member.type !== "method_declaration") return undefined;
  const name = member.childForFieldName("name")?.text;
  const modifiers = kids(member).find((k) => k.type === "modifiers");
  if (!name || /\b(public|private)\b/.test(modifiers?.text ?? "")) return undefined;
  const keyword = modifiers && kids(modifiers).find((k) => k.text === "protected");
  return { name, at: publicAt(member), ...(keyword ? { protectedAt: keyword.startIndex } : {}) };
}

/** An anonymous subclass's body: the type it extends, its text, and its methods neither public nor private (where `public ` goes, or where `protected` is). */
interface AnonymousBody {
  type: string;
  code: string;
  methods: Widenable[];
}

/** The methods of type `type` among opened names (`Type.method`), by their own names. */
function methodsOf(names: readonly string[], type: string): Set<string> {
  return new Set(
    names.filter((n) => n.startsWith(`${type}.`)).map((n) => n.slice(type.length + 1)),
  );
}

/** The anonymous subclasses, in `files`, of the types named in `lineage`. */
async function anonymousIn(
  files: readonly JavaFile[],
  lineage: ReadonlySet<string>,
): Promise<{ file: JavaFile; bodies: AnonymousBody[] }[]> {
  const out: { file: JavaFile; bodies: AnonymousBody[] }[] = [];
  for (const file of files) {
    if (![...lineage].some((n) => file.text.includes(`new ${n}`))) continue;
    const bodies = await withTree(file.text, "java", (tree) => anonymousBodies(tree, lineage));
    if (bodies.length) out.push({ file, bodies });
  }
  return out;
}

/** Their overrides of `names` made `word` (an override may not be weaker than what it overrides). */
function anonymousWidened(
  found: readonly { file: JavaFile; bodies: AnonymousBody[] }[],
  names: ReadonlySet<string>,
  word: "public" | "protected",
): JavaWiden[] {
  return found.flatMap(({ file, bodies }): JavaWiden[] => {
    const overrides = bodies.flatMap((b) =>
      b.methods
        .filter((o) => names.has(o.name) && (word === "public" || o.protectedAt === undefined))
        .map((o) => ({ ...o, label: `new ${b.type}() { … }.${o.name}` })),
    );
    if (!overrides.length) return [];
    const labels = [...new Set(overrides.map((o) => o.label))];
    if (word === "protected")
      return [
        {
          path: file.path,
          text: file.text,
          at: [],
          names: [],
          protectedAt: overrides.map((o) => o.at),
          protectedNames: labels,
          protectedWhy: "override" as const,
        },
      ];
    return [
      {
        path: file.path,
        text: file.text,
        at: overrides.flatMap((o) => (o.protectedAt === undefined ? [o.at] : [])),
        names: labels,
        fromProtected: overrides.flatMap((o) =>
          o.protectedAt === undefined ? [] : [o.protectedAt],
        ),
        override: true as const,
      },
    ];
  });
}

/** The anonymous subclasses (`new T<…>(…) { … }`) in `tree` of the types named in `names`. */
function anonymousBodies(tree: Tree, names: ReadonlySet<string>): AnonymousBody[] {
  const out: AnonymousBody[] = [];
  const visit = (node: Node) => {
    if (node.type === "object_creation_expression") {
      const body = kids(node).find((k) => k.type === "class_body");
      const type = node
        .childForFieldName("type")
        ?.text.replace(/<[\s\S]*$/, "")
        .split(".")
        .pop();
      if (body && type && names.has(type))
        out.push({
          type,
          code: body.text,
          methods: kids(body).flatMap((member) => {
            const method = widenable(member);
            return method ? [method] : [];
          }),
        });
    }
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/** Whether `type` extends `ancestor`, at any depth, the chain followed by `superOf` (a type's superclass by its name). */
function descends(
  type: TopType,
  ancestor: string,
  superOf: (name: string) => string | undefined,
): boolean {
  const seen = new Set<string>();
  for (let s = type.superclass; s && !seen.has(s); s = superOf(s)) {
    if (s === ancestor) return true;
    seen.add(s);
  }
  return false;
}

/** Whether a subclass's `code` reaches `name` as its own: bare, or as `this.name`, `super.name`. */
function inherits(code: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.])${name}(?![\\w$])|\\b(?:this|super)\\.${name}(?![\\w$])`).test(
    code,
  );
}

/** Whether `code` makes a `name` (`new T(…)`, `T::new`), and whether an anonymous subclass of it (`new T<…>() { … }`). */
function instantiations(code: string, name: string): { plain: boolean; anonymous: boolean } {
  let plain = new RegExp(`\\b${name}::new\\b`).test(code);
  let anonymous = false;
  // Past a bracketed group that opens at `at` (`<…>`, `(…)`), or `at` itself.
  const past = (at: number, open: string, close: string) => {
    if (code[at] !== open) return at;
    let depth = 0;
    for (let i = at; i < code.length; i++) {
      if (code[i] === open) depth++;
      else if (code[i] === close && --depth === 0) return i + 1;
    }
    return code.length;
  };
  const space = (at: number) => {
    while (/\s/.test(code[at] ?? "")) at++;
    return at;
  };
  for (const m of code.matchAll(new RegExp(`\\bnew\\s+${name}\\b`, "g"))) {
    const args = space(past(space(m.index + m[0].length), "<", ">"));
    if (code[args] !== "(") continue;
    if (code[space(past(args, "(", ")"))] === "{") anonymous = true;
    else plain = true;
  }
  return { plain, anonymous };
}

/** A top-level type as a move between packages sees it. */
interface TopType {
  name: string;
  isPublic: boolean;
  start: number;
  end: number;
  /** Where `public ` goes: before its first modifier keyword (after its annotations), or its keyword. */
  publicAt: number;
  /** The class it extends, by its simple name. */
  superclass: string | undefined;
  /**
   * Its fields, methods and nested types neither public nor private, with
   * where `public ` goes (an interface's are public), or for a protected one
   * where its `protected` is (`protectedAt`), which `public` replaces.
   */
  members: Member[];
  /** Its constructors neither public nor private, each with where `public ` goes (an enum's are private). */
  constructors: { at: number; isProtected: boolean; protectedAt?: number }[];
  /** Its nested classes, public or opened with it (`CombiningEvaluator.And`), with their own such members and constructors. */
  nested?: Nested[];
}

interface Nested extends Pick<TopType, "members" | "constructors"> {
  name: string;
  /** Its own nested classes (jsemver's `Lexer.Token.Type`). */
  nested?: Nested[];
}

interface Member {
  name: string;
  at: number;
  isProtected: boolean;
  protectedAt?: number;
  isMethod: boolean;
  isType?: true;
}

/** The file's top-level types. */
function topTypes(tree: Tree): TopType[] {
  return kids(tree.rootNode)
    .filter((c) => /^(class|interface|enum|record|annotation_type)_declaration$/.test(c.type))
    .map(typeOf);
}

/** The file's classes that extend another, at any depth (a test's `static class OpenSafelist extends Safelist`). */
function subclassesIn(tree: Tree): TopType[] {
  const out: TopType[] = [];
  const visit = (node: Node) => {
    if (node.type === "class_declaration" && node.childForFieldName("superclass"))
      out.push(typeOf(node));
    for (const child of kids(node)) visit(child);
  };
  visit(tree.rootNode);
  return out;
}

/** A type declaration as the planner reads it. */
function typeOf(c: Node): TopType {
  const modifiers = kids(c).find((k) => k.type === "modifiers");
  const superclass = c.childForFieldName("superclass");
  const superType = superclass && kids(superclass).find((k) => k.type !== "extends");
  return {
    name: c.childForFieldName("name")?.text ?? "",
    isPublic: modifiers ? /\bpublic\b/.test(modifiers.text) : false,
    start: c.startIndex,
    end: c.endIndex,
    publicAt: publicAt(c),
    superclass: superType?.text
      .replace(/<[\s\S]*$/, "")
      .split(".")
      .at(-1),
    ...membersOf(c),
  };
}

/** Where `public ` goes in a declaration: before its first modifier keyword, else after its annotations. */
function publicAt(node: Node): number {
  const children = kids(node);
  const modifiers = children.find((k) => k.type === "modifiers");
  if (!modifiers) return node.startIndex;
  const keyword = kids(modifiers).find((k) => !/annotation/.test(k.type));
  if (keyword) return keyword.startIndex;
  return children[children.indexOf(modifiers) + 1]?.startIndex ?? modifiers.endIndex;
}

/** A type's fields, methods and constructors that are neither public nor private. */
function membersOf(type: Node): Pick<TopType, "members" | "constructors" | "nested"> {
  const body = type.childForFieldName("body");
  const members: TopType["members"] = [];
  const constructors: TopType["constructors"] = [];
  const nested: Nested[] = [];
  // An interface's members are public; an enum's constructors private.
  if (!body || type.type === "interface_declaration" || type.type === "annotation_type_declaration")
    return { members, constructors };
  // An enum's fields and methods follow its constants.
  const declarations = kids(body).flatMap((k) =>
    k.type === "enum_body_declarations" ? kids(k) : [k],
  );
  for (const member of declarations) {
    const modifiers = kids(member).find((k) => k.type === "modifiers");
    if (
      /^(class|enum|record)_declaration$/.test(member.type) &&
      /\bpublic\b/.test(modifiers?.text ?? "")
    ) {
      const name = member.childForFieldName("name")?.text;
      const own = membersOf(member);
      if (name) nested.push({ name, ...own });
      continue;
    }
    if (/\b(public|private)\b/.test(modifiers?.text ?? "")) continue;
    const keyword = modifiers && kids(modifiers).find((k) => k.text === "protected");
    const isProtected = keyword !== undefined;
    const guarded = keyword ? { protectedAt: keyword.startIndex } : {};
    const at = publicAt(member);
    if (member.type === "constructor_declaration") {
      if (type.type !== "enum_declaration") constructors.push({ at, isProtected, ...guarded });
    } else if (member.type === "method_declaration") {
      const name = member.childForFieldName("name")?.text;
      if (name) members.push({ name, at, isProtected, ...guarded, isMethod: true });
    } else if (/^(class|interface|enum|record|annotation_type)_declaration$/.test(member.type)) {
      const name = member.childForFieldName("name")?.text;
      if (!name) continue;
      members.push({ name, at, isProtected, ...guarded, isMethod: false, isType: true });
      nested.push({ name, ...membersOf(member) });
    } else if (member.type === "field_declaration")
      for (const d of member.childrenForFieldName("declarator")) {
        const name = d?.childForFieldName("name")?.text;
        if (name) members.push({ name, at, isProtected, ...guarded, isMethod: false });
      }
  }
  return { members, constructors, ...(nested.length ? { nested } : {}) };
}

/**
 * Class-relative resources the unit loads (`getClass().getResource("rules.xml")`,
 * `T.class.getResourceAsStream(NAME)`): Java resolves a name without a leading `/` in the
 * class's package, which a move changes. Each such literal, or the one literal of a
 * `String` constant of the unit it names, is made absolute in the old package
 * (`"/com/acme/rules.xml"`), where the resource stays; a name known to be absolute
 * already (every literal of an array it indexes) is left; any other is `unknown`.
 * A resource bundle the unit names by its class (`getBundle(T.class.getName())`) is
 * named by its old binary name, where its `.properties` stay (`getClass()`'s: unknown).
 * Scans `text` between `from` and `to` (the unit in its new file).
 */
export function packageResources(
  text: string,
  from: number,
  to: number,
  move: { oldPackage: string; types: readonly string[] },
): { text: string; absolute: string[]; unknown: { line: number; text: string }[] } {
  const code = javaCode(text);
  const types = move.types.map(escapeRegExp).join("|");
  const call = new RegExp(
    `(?:(?<![\\w$.])(?:this\\s*\\.\\s*)?getClass\\s*\\(\\s*\\)${types ? `|(?<![\\w$.])(?:${types})\\s*\\.\\s*class` : ""})\\s*\\.\\s*getResource(?:AsStream)?\\s*\\(`,
    "g",
  );
  // Where the resource stays: the old package's directory from the class path's root.
  const base = move.oldPackage ? `/${move.oldPackage.replace(/\./g, "/")}/` : "/";
  const strings = literalSpans(text, { textBlocks: true }).filter((s) => s.kind === "string");
  const stringAt = new Map(strings.map((s) => [s.start, s]));
  const absolute: string[] = [];
  const unknown: { line: number; text: string }[] = [];
  const edits = new Map<number, { start: number; end: number; insert: string }>();
  /** The string literal at `at`, made absolute where it names a resource relative to the package. */
  const literal = (at: number) => {
    const span = stringAt.get(at);
    if (!span) return undefined;
    const name = text.slice(span.start + 1, span.end - 1);
    // Names of resources have no blanks (a DTD's public identifier beside them has).
    const relative = !name.startsWith("/") && !/\s/.test(name) && !text.startsWith('"""', at);
    return { ...span, name, relative };
  };
  const absoluteAt = (lit: { start: number; end: number; name: string }) => {
    edits.set(lit.start, { start: lit.start, end: lit.end, insert: `"${base}${lit.name}"` });
    absolute.push(lit.name);
  };
  /**
   * The unit's assignments by name, each its first (`NAME = …;` or `NAME[] = { … };`), with
   * the string literals of its value: read once, where a call names a constant.
   */
  let declared: Map<
    string,
    { start: number; end: number; array: boolean; strings: typeof strings }
  >;
  const declarations = () => {
    if (declared) return declared;
    declared = new Map();
    const assignment = /\b([A-Za-z_$][\w$]*)\s*(\[\s*\])?\s*=(?!=)/g;
    assignment.lastIndex = from;
    let next = 0;
    // The `;` that ends an assignment ends those within it too (`a = b = "x";`): found once.
    let semi = -1;
    for (let d = assignment.exec(code); d && d.index < to; d = assignment.exec(code)) {
      const start = d.index + d[0].length;
      if (semi < start) semi = code.indexOf(";", start);
      if (semi < 0) break;
      const end = semi;
      if (!d[1] || declared.has(d[1]) || end > to) continue;
      while (next < strings.length && (strings[next]?.start ?? 0) < start) next++;
      const own: typeof strings = [];
      for (let i = next; i < strings.length && (strings[i]?.end ?? 0) <= end; i++)
        own.push(strings[i] as (typeof strings)[number]);
      declared.set(d[1], { start, end, array: d[2] !== undefined, strings: own });
    }
    return declared;
  };
  call.lastIndex = from;
  for (let m = call.exec(code); m && m.index < to; m = call.exec(code)) {
    const open = m.index + m[0].length;
    const close = code.indexOf(")", open);
    if (close < 0 || close > to) continue;
    const arg = text.slice(open, close).trim();
    const argAt =
      open + (text.slice(open, close).length - text.slice(open, close).trimStart().length);
    const known = (() => {
      const lit = literal(argAt);
      if (lit) {
        if (lit.relative) absoluteAt(lit);
        return true;
      }
      // A constant of the unit, or an element of one.
      const name = /^([A-Za-z_$][\w$]*)\s*(\[[^\]]*\])?$/.exec(arg);
      if (!name?.[1]) return false;
      const d = declarations().get(name[1]);
      if (!d) return false;
      const literals = d.strings.flatMap((s) => literal(s.start) ?? []);
      const relativeOnes = literals.filter((l) => l.relative);
      if (!relativeOnes.length) return literals.length > 0;
      // One relative name, the constant's whole value: made absolute where it is declared.
      const only = relativeOnes[0];
      if (
        name[2] ||
        d.array ||
        !only ||
        text.slice(d.start, d.end).trim() !== text.slice(only.start, only.end)
      )
        return false;
      absoluteAt(only);
      return true;
    })();
    if (!known)
      unknown.push({
        line: text.slice(0, m.index).split("\n").length,
        text: text.slice(m.index, close + 1).replace(/\s+/g, " "),
      });
  }
  // A resource bundle named by the class (`ResourceBundle.getBundle(Messages.class.getName())`,
  // args4j's messages): its `.properties` stay beside the old name, which the call now says.
  if (types) {
    const bundle = new RegExp(
      `(?<![\\w$])getBundle\\s*\\(\\s*(?:(?<![\\w$.])(${types})\\s*\\.\\s*class|((?:this\\s*\\.\\s*)?getClass\\s*\\(\\s*\\)))\\s*\\.\\s*getName\\s*\\(\\s*\\)`,
      "gd",
    );
    bundle.lastIndex = from;
    for (let m = bundle.exec(code); m && m.index < to; m = bundle.exec(code)) {
      const argAt = (m.indices?.[1] ?? m.indices?.[2])?.[0] ?? m.index;
      const end = m.index + m[0].length;
      if (m[1]) {
        const name = move.oldPackage ? `${move.oldPackage}.${m[1]}` : m[1];
        edits.set(argAt, { start: argAt, end, insert: `"${name}"` });
        absolute.push(`the bundle ${name}`);
      } else {
        const close = code.indexOf(")", end);
        unknown.push({
          line: text.slice(0, m.index).split("\n").length,
          text: text
            .slice(m.index, close >= 0 && close < to ? close + 1 : end)
            .replace(/\s+/g, " "),
        });
      }
    }
  }
  const out = replaceRanges(text, [...edits.values()]);
  return { text: out, absolute: [...new Set(absolute)], unknown };
}
