/**
 * Java's packages as a move sees them (java/move.ts), without parsing: a
 * file's package declaration, the source root its package implies, a
 * directory's package, and an importer's rewrite when a top-level type moves
 * between packages (single-type, on-demand and static imports, fully
 * qualified names, and the old package's own unqualified uses). Pure, texts in.
 */

import { escapeRegExp } from "../../imports/plan.ts";
import { blankLiterals, literalSpans } from "../code-spans.ts";

/** A Java file the move may touch: its root-relative path and text. */
export interface JavaFile {
  path: string;
  text: string;
}

/** What a Java move knows of the disk (file-ops/carry-imports.ts): the files of the old and new directories. */
export interface JavaContext {
  /** The old and new directories' files, the old package's in any source root, and its classes' subclasses elsewhere. */
  files: JavaFile[];
}

/** A top-level type's move between packages, as its importers see it. */
export interface JavaMove {
  oldPackage: string;
  newPackage: string;
  oldDir: string;
  newDir: string;
  /** The top-level types that moved. */
  types: string[];
}

/**
 * Package-private declarations of one file of the old package opened, so the
 * unit reaches them from its new package: where `public ` goes in the file's
 * text as the move read it, and where `protected ` goes (what only a subclass
 * in the new package reaches: members it inherits, implements or overrides,
 * and the old package's overrides of those, which may not be weaker), with
 * the names for the receipt.
 */
export interface JavaWiden {
  path: string;
  text: string;
  at: number[];
  names: string[];
  /** Where `public` replaces `protected` (what another package reaches, not as a subclass). */
  fromProtected?: number[];
  protectedAt?: number[];
  protectedNames?: string[];
  /** Why those are protected, for the receipt: what a subclass reaches, or an override of it. */
  protectedWhy?: "reached" | "override";
  /** The public ones are overrides of what was made public (an override may not be weaker). */
  override?: true;
}

/**
 * The file with its declarations opened, every widening of it at once (their
 * places are the text's as the move read it); a file that changed since the
 * move read it is left as it is, and said.
 */
export function widenJava(
  file: JavaFile,
  widens: readonly JavaWiden[],
  newPackage: string,
): { text: string; changes: string[]; unresolved: string[] } {
  const pkg = newPackage || "(default)";
  const names = widens.flatMap((w) => w.names);
  const guarded = widens.flatMap((w) => w.protectedNames ?? []);
  if (widens.some((w) => w.text !== file.text))
    return {
      text: file.text,
      changes: [],
      unresolved: [
        `${file.path} changed since the move read it: ${[...names, ...guarded].join(", ")} not opened, which package ${pkg} needs`,
      ],
    };
  const words = new Map<number, string>();
  for (const w of widens) for (const at of w.protectedAt ?? []) words.set(at, "protected ");
  for (const w of widens) for (const at of w.at) words.set(at, "public ");
  const replaced = new Set(widens.flatMap((w) => w.fromProtected ?? []));
  for (const at of replaced) words.delete(at);
  const edits = [
    ...[...words].map(([at, word]) => ({ at, end: at, word })),
    ...[...replaced].map((at) => ({ at, end: at + "protected".length, word: "public" })),
  ].sort((a, b) => b.at - a.at);
  let text = file.text;
  for (const e of edits) text = `${text.slice(0, e.at)}${e.word}${text.slice(e.end)}`;
  const them = (n: number) => (n === 1 ? "it" : "them");
  const protectedLine = (w: JavaWiden) => {
    const n = w.protectedNames ?? [];
    const why =
      w.protectedWhy === "override"
        ? "an override may not be weaker than what it overrides"
        : `a subclass in package ${pkg} reaches ${them(n.length)}`;
    return `${file.path}: ${n.join(", ")} made protected (${why})`;
  };
  const overrides = widens.filter((w) => w.override).flatMap((w) => w.names);
  const used = widens.filter((w) => !w.override).flatMap((w) => w.names);
  return {
    text,
    changes: [
      ...(used.length
        ? [
            `${file.path}: ${used.join(", ")} made public (package ${pkg} uses ${them(used.length)})`,
          ]
        : []),
      ...(overrides.length
        ? [
            `${file.path}: ${overrides.join(", ")} made public (an override may not be weaker than what it overrides)`,
          ]
        : []),
      ...widens.filter((w) => w.protectedNames?.length).map(protectedLine),
    ],
    unresolved: [],
  };
}

/** Comments and string and character literals blanked (same length), so that scans see code only. */
export function javaCode(text: string): string {
  return blankLiterals(text, { textBlocks: true }, () => " ");
}

/** The file's package (its declaration), or "" for the default package. */
export function javaPackageOf(text: string): string {
  return /^\s*package\s+([\w.]+)\s*;/m.exec(javaCode(text))?.[1] ?? "";
}

export const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")));

/**
 * The source root a file's package implies: its directory without the
 * package's path (`src/main/java` for `src/main/java/com/acme/A.java` in
 * `com.acme`); undefined where the directory does not end with it.
 */
export function sourceRootOf(dir: string, pkg: string): string | undefined {
  if (!pkg) return dir;
  const tail = pkg.split(".").join("/");
  if (dir === tail) return "";
  return dir.endsWith(`/${tail}`) ? dir.slice(0, -tail.length - 1) : undefined;
}

/** The package of a directory below `root` (`com.acme.text`); undefined outside it or where a part is no identifier. */
export function packageForDir(dir: string, root: string): string | undefined {
  if (root !== "" && dir !== root && !dir.startsWith(`${root}/`)) return undefined;
  const rel = root === "" ? dir : dir.slice(root.length + 1);
  if (rel === "") return "";
  const parts = rel.split("/");
  return parts.every((p) => /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(p)) ? parts.join(".") : undefined;
}

/** Whether `name` is used as a word of code in `text`. */
export function usesName(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.])${name}(?![\\w$])`).test(javaCode(text));
}

/** `text` with `import <line>;` added after its last import, or below its package declaration. */
export function addImport(text: string, imported: string): string {
  const code = javaCode(text);
  const line = `import ${imported};\n`;
  if (new RegExp(`^\\s*import\\s+${imported.replace(/\./g, "\\.")}\\s*;`, "m").test(code))
    return text;
  let last: RegExpExecArray | undefined;
  for (const m of code.matchAll(/^[ \t]*import\s+[^;]+;[^\n]*\n?/gm)) last = m;
  if (last) {
    const at = last.index + last[0].length;
    return text.slice(0, at) + (text[at - 1] === "\n" ? "" : "\n") + line + text.slice(at);
  }
  const pkg = /^\s*package\s+[\w.]+\s*;[^\n]*\n?/m.exec(code);
  if (pkg) {
    const at = pkg.index + pkg[0].length;
    const rest = text.slice(at);
    return `${text.slice(0, at)}\n${line}${rest.startsWith("\n") ? "" : "\n"}${rest}`;
  }
  return `${line}\n${text}`;
}

/**
 * An importer of what moved, rewritten (undefined: nothing to change): in
 * the old package, an import of each moved type it uses; in the new one, the
 * old imports of them dropped; elsewhere, `import old.T;` (and static imports
 * through it) made `import new.T;`, an on-demand `import old.*;` joined by
 * `import new.T;` for each moved type it uses; fully qualified names
 * everywhere. The receipt's lines with it.
 */
export function rewriteJavaImporter(
  file: JavaFile,
  move: JavaMove,
): { text: string; changes: string[]; unresolved: string[] } | undefined {
  let text = file.text;
  const pkg = javaPackageOf(text);
  const dir = dirOf(file.path);
  const changes: string[] = [];
  const unresolved: string[] = [];
  const quote = (s: string) => s.replace(/\./g, "\\.");
  const oldQ = move.oldPackage ? `${quote(move.oldPackage)}\\.` : "";
  for (const type of move.types) {
    const code = javaCode(text);
    // `import old.T;`, and `import old.T.Nested;` of its nested types.
    const singles = new RegExp(`^([ \\t]*import\\s+)${oldQ}${type}((?:\\.[\\w$]+)*\\s*;)`, "gm");
    const statics = new RegExp(`^([ \\t]*import\\s+static\\s+)${oldQ}${type}(\\.)`, "gm");
    const onDemand = move.oldPackage
      ? new RegExp(`^[ \\t]*import\\s+${quote(move.oldPackage)}\\.\\*\\s*;`, "m").test(code)
      : false;
    const edits: { start: number; end: number; insert: string }[] = [];
    // A package is its name, in any source root (src/main/java, src/test/java); the default
    // package is its directory's.
    const here = pkg === move.newPackage && (move.newPackage !== "" || dir === move.newDir);
    let m: RegExpMatchArray | undefined;
    for (const one of code.matchAll(singles)) {
      const end = one.index + one[0].length;
      const nested = one[2]?.trimStart().startsWith(".") === true;
      if (!nested) m = one;
      // In the new package the type needs no import; its nested types still do.
      edits.push(
        here && !nested
          ? { start: one.index, end: end + (text[end] === "\n" ? 1 : 0), insert: "" }
          : {
              start: one.index,
              end,
              insert: `${one[1]}${move.newPackage ? `${move.newPackage}.` : ""}${type}${one[2]}`,
            },
      );
    }
    for (const s of code.matchAll(statics))
      edits.push({
        start: s.index,
        end: s.index + s[0].length,
        insert: `${s[1]}${move.newPackage ? `${move.newPackage}.` : ""}${type}${s[2]}`,
      });
    // Fully qualified uses in the code (not in imports, rewritten above).
    if (move.oldPackage)
      for (const q of code.matchAll(
        new RegExp(`(?<![\\w$.])${quote(move.oldPackage)}\\.${type}(?![\\w$])`, "g"),
      )) {
        const lineStart = code.lastIndexOf("\n", q.index) + 1;
        if (/^\s*import\s/.test(code.slice(lineStart, q.index))) continue;
        edits.push({
          start: q.index,
          end: q.index + q[0].length,
          insert: here || !move.newPackage ? type : `${move.newPackage}.${type}`,
        });
      }
    const named = inStrings(text, move, type);
    edits.push(...named);
    edits.sort((a, b) => b.start - a.start);
    for (const e of edits) text = text.slice(0, e.start) + e.insert + text.slice(e.end);
    if (edits.length > named.length)
      changes.push(`${file.path}: reads ${type} from package ${move.newPackage || "(default)"}`);
    if (named.length) changes.push(`${file.path}: names ${qualified(move, type)} in a string`);
    // Unqualified uses that resolved through the old package (its own files, an on-demand import).
    const samePackage = pkg === move.oldPackage && (move.oldPackage !== "" || dir === move.oldDir);
    if (!m && !here && (samePackage || onDemand) && usesName(text, type) && move.newPackage) {
      text = addImport(text, `${move.newPackage}.${type}`);
      changes.push(`${file.path}: imports ${move.newPackage}.${type}`);
    }
  }
  return text === file.text && !unresolved.length ? undefined : { text, changes, unresolved };
}

/** A moved type's name in its new package (`com.acme.T`; `T` in the default package). */
const qualified = (move: JavaMove, type: string) =>
  move.newPackage ? `${move.newPackage}.${type}` : type;

/**
 * Where `type`'s binary name in its old package (`com.acme.T`, and `com.acme.T$Inner`) is
 * in `text`, each made its new one: what reflection (`Class.forName`), a parameter list of
 * type names or a class-path resource reads. The default package's names are no such
 * name: none.
 */
function binaryNames(
  text: string,
  move: JavaMove,
  type: string,
  from = 0,
  to = text.length,
): { start: number; end: number; insert: string }[] {
  if (!move.oldPackage) return [];
  const name = new RegExp(
    `(?<![\\w$.])${escapeRegExp(`${move.oldPackage}.${type}`)}(?![\\w])`,
    "g",
  );
  name.lastIndex = from;
  const out: { start: number; end: number; insert: string }[] = [];
  for (let m = name.exec(text); m && m.index < to; m = name.exec(text))
    if (m.index + m[0].length <= to)
      out.push({ start: m.index, end: m.index + m[0].length, insert: qualified(move, type) });
  return out;
}

/**
 * `type`'s binary names in the file's string literals (`"java.lang.Object,com.acme.Field"`),
 * renamed; but a resource bundle's base name (`getBundle("com.acme.Messages")`), which names
 * `.properties` files that stay where they are.
 */
function inStrings(text: string, move: JavaMove, type: string) {
  if (!move.oldPackage || !text.includes(`${move.oldPackage}.${type}`)) return [];
  return literalSpans(text, { textBlocks: true })
    .filter(
      (span) =>
        span.kind === "string" &&
        !/getBundle\s*\(\s*$/.test(text.slice(Math.max(0, span.start - 64), span.start)),
    )
    .flatMap((span) => binaryNames(text, move, type, span.start, span.end));
}

/**
 * A class-path resource of the project (a text file under a `resources`
 * directory, as Maven and Gradle lay them out, or a service list under
 * `META-INF/services`), which may name a class by its binary name: a
 * digester's `classname="…"`, a Spring bean, a service provider.
 */
export function javaResource(file: string): boolean {
  const parts = file.split(/[\\/]/);
  if (parts.at(-3) === "META-INF" && parts.at(-2) === "services") return true;
  return parts.includes("resources") && /\.(?:xml|properties|json|ya?ml|txt|conf)$/.test(file);
}

/** A class-path resource naming what moved by its binary name, renamed (undefined: it names none). */
export function rewriteJavaResource(
  file: JavaFile,
  move: JavaMove,
): { text: string; changes: string[]; unresolved: string[] } | undefined {
  let text = file.text;
  const changes: string[] = [];
  for (const type of move.types) {
    const edits = binaryNames(text, move, type).reverse();
    for (const e of edits) text = text.slice(0, e.start) + e.insert + text.slice(e.end);
    if (edits.length) changes.push(`${file.path}: names ${qualified(move, type)}`);
  }
  return changes.length ? { text, changes, unresolved: [] } : undefined;
}

/** The move as its importers see it, where top-level types cross directories; undefined otherwise. */
export function javaMoveOf(
  sourcePath: string,
  destPath: string,
  types: readonly string[],
  sourceText: string,
  destText: string,
): JavaMove | undefined {
  const oldDir = dirOf(sourcePath);
  const newDir = dirOf(destPath);
  if (oldDir === newDir || !types.length) return undefined;
  return {
    oldPackage: javaPackageOf(sourceText),
    newPackage: javaPackageOf(destText),
    oldDir,
    newDir,
    types: [...types],
  };
}
