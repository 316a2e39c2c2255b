/**
 * Rust's modules as a move sees them (rust/move.ts), without parsing: a
 * crate's files and the module path each is (`src/util.rs` is `crate::util`,
 * `src/a/mod.rs` `crate::a`), the file that declares a module (`mod util;` in
 * `src/main.rs`), and a `use` path resolved from the module it is written in
 * and written back in the same form (`crate::`, `self::`, `super::`, or a
 * path from the crate root as 2018 code in the root writes it). Pure.
 */

import { escapeRegExp } from "../../imports/plan.ts";
import { blankLiterals } from "../code-spans.ts";
import { layUseTree, leavesOf, parseUseTree, pruneUseTree, type UseLeaf } from "./use-trees.ts";

/** A Rust file of the crate: its root-relative path and text. */
export interface RustFile {
  path: string;
  text: string;
}

/** What a Rust move knows of the disk (file-ops/carry-imports.ts): the crate's `src/` and its files. */
export interface RustContext {
  /** The crate's `src` directory, root-relative ("src", "crates/a/src"). */
  src: string;
  files: RustFile[];
  /** The dependencies' sources the old file's `use`s reach (dependencies.ts): read for their traits alone. */
  dependencies?: RustFile[];
}

/** An item's move between modules, as importers see it. */
export interface RustMove {
  oldModule: string[];
  newModule: string[];
  /** The items that moved. */
  names: string[];
}

/** The crate root's file: `lib.rs` if there is one, else `main.rs`. */
export function crateRootFile(context: RustContext): string | undefined {
  const has = (name: string) => context.files.some((f) => f.path === `${context.src}/${name}`);
  return has("lib.rs")
    ? `${context.src}/lib.rs`
    : has("main.rs")
      ? `${context.src}/main.rs`
      : undefined;
}

/** The module path of a file below `src` (`[]` for the crate root); undefined outside it or for another binary. */
export function modulePathOf(file: string, src: string): string[] | undefined {
  if (!file.startsWith(`${src}/`) || !file.endsWith(".rs")) return undefined;
  const rel = file.slice(src.length + 1, -3).split("/");
  if (rel.length === 1 && (rel[0] === "lib" || rel[0] === "main")) return [];
  if (rel[0] === "bin") return undefined;
  if (rel.at(-1) === "mod") rel.pop();
  return rel.every((p) => /^[a-z_][a-z0-9_]*$/.test(p)) ? rel : undefined;
}

/** The file that declares module `path` (its parent's file), among the crate's files. */
export function declaringFile(path: string[], context: RustContext): string | undefined {
  if (!path.length) return undefined;
  const parent = path.slice(0, -1);
  if (!parent.length) return crateRootFile(context);
  const base = `${context.src}/${parent.join("/")}`;
  const has = (p: string) => context.files.some((f) => f.path === p);
  return has(`${base}.rs`) ? `${base}.rs` : has(`${base}/mod.rs`) ? `${base}/mod.rs` : undefined;
}

/** The file of module `path` among the crate's files (`src/a.rs` or `src/a/mod.rs`; the root's file for `[]`). */
export function moduleFile(path: readonly string[], context: RustContext): RustFile | undefined {
  const base = `${context.src}/${path.join("/")}`;
  const names = path.length ? [`${base}.rs`, `${base}/mod.rs`] : [crateRootFile(context)];
  return context.files.find((f) => names.includes(f.path));
}

/** Comments and string and char literals blanked (same length), so that scans see code only. */
export function rustCode(text: string): string {
  return blankLiterals(text, RUST_LITERALS, () => " ");
}

const RUST_LITERALS = { nestedComments: true, multilineStrings: true, raw: "rust" } as const;

/**
 * Whether an offset of `code` (rustCode's) is at its file's top level,
 * outside every brace: not inside an inline `mod tests { … }` or a function.
 */
export function atTopLevel(code: string): (at: number) => boolean {
  const inner: [number, number][] = [];
  const char = /'(?:[^'\\\n]|\\[^'\n]{1,10})'/y;
  let depth = 0;
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "'") {
      // A char literal ('{'), not a lifetime ('a).
      char.lastIndex = i;
      if (char.test(code)) i = char.lastIndex - 1;
    } else if (c === "{") {
      if (depth++ === 0) from = i;
    } else if (c === "}" && depth > 0 && --depth === 0) inner.push([from, i]);
  }
  if (depth > 0) inner.push([from, code.length]);
  return (at) => !inner.some(([a, b]) => at > a && at <= b);
}

/**
 * Whether `text` declares module `name` (`mod name;`, `pub mod name;`, an inline `mod name {`,
 * attributes on the same line: rand's `#[cfg(…)] pub(crate) mod thread;`); group 1 its visibility.
 */
export function declaresModule(text: string, name: string): RegExpExecArray | null {
  return new RegExp(
    `^[ \\t]*(?:#\\[[^\\]\\n]*\\][ \\t]*)*((?:pub(?:\\([^)]*\\))?\\s+)?)mod\\s+${name}\\s*[;{]`,
    "m",
  ).exec(rustCode(text));
}

/** `text` declaring `mod name;` with `visibility` (and `attributes` above it), below its last `mod` declaration, else its last `use`, else its inner attributes. */
export function addModule(text: string, name: string, visibility: string, attributes = ""): string {
  const code = rustCode(text);
  const top = atTopLevel(code);
  const line = `${attributes}${visibility}mod ${name};\n`;
  let at: number | undefined;
  for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*;[^\n]*\n?/gm))
    if (top(m.index)) at = m.index + m[0].length;
  if (at === undefined)
    for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s[^;]*;[^\n]*\n?/gm))
      if (top(m.index)) at = m.index + m[0].length;
  if (at !== undefined) return text.slice(0, at) + line + text.slice(at);
  const head = headerEnd(text);
  return `${text.slice(0, head)}${line}${head > 0 ? "" : "\n"}${text.slice(head)}`;
}

/**
 * Past a file's inner doc comments and attributes (`//! …`, `/*! … *\/`,
 * `#![…]`) and the blank lines among them: where its first item may go
 * (above them, an inner doc comment is an error: expected outer doc comment).
 * Plain comments above them are passed too (a licence header above `//!`),
 * but a plain comment with no blank line or inner part after it belongs to
 * the item below it, and stays above that.
 */
function headerEnd(text: string): number {
  const part =
    /(?:[ \t]*\r?\n|[ \t]*\/\/(?!\/)[^\n]*\n|[ \t]*#!\[[^\n]*\n|[ \t]*\/\*(?!\*)[\s\S]*?\*\/[ \t]*\r?\n)/y;
  const plain = /^[ \t]*(?:\/\/(?![/!])|\/\*(?![*!]))/;
  let head = 0;
  part.lastIndex = 0;
  for (let m = part.exec(text); m; m = part.exec(text))
    if (!plain.test(m[0])) head = part.lastIndex;
  return head;
}

/**
 * The module a path written in module `from` names: `crate::a::b`,
 * `self::b`, `super::b`, or (as 2018 code writes it) a path starting at a
 * module declared in `from`'s or the crate root's scope. Undefined for an
 * outside crate.
 */
export function resolvePath(
  segments: readonly string[],
  from: readonly string[],
  isModule: (path: readonly string[]) => boolean,
): string[] | undefined {
  const [first, ...rest] = segments;
  if (first === "crate") return rest;
  if (first === "self") return [...from, ...rest];
  if (first === "super") {
    let base = from.slice(0, -1);
    let tail = rest;
    while (tail[0] === "super") {
      base = base.slice(0, -1);
      tail = tail.slice(1);
    }
    return [...base, ...tail];
  }
  if (first === undefined) return undefined;
  if (isModule([...from, first])) return [...from, ...segments];
  if (from.length === 0 && isModule([first])) return [...segments];
  return undefined;
}

/**
 * The inline modules (`mod hidden_export { … }`) around each offset of `code`
 * (comments and strings blanked), outermost first: a path written inside one
 * starts from it (`super::float` in rand's `distributions::hidden_export` is
 * `distributions::float`). A function's or an impl's braces are no module.
 */
export function inlineModules(code: string): (at: number) => string[] {
  const blocks: { start: number; end: number; name: string }[] = [];
  const open: ({ start: number; name: string } | undefined)[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "{") {
      const name = modBefore(code, i);
      open.push(name === undefined ? undefined : { start: i, name });
    } else if (c === "}") {
      const block = open.pop();
      if (block) blocks.push({ ...block, end: i });
    }
  }
  blocks.sort((a, b) => a.start - b.start);
  return (at) => blocks.filter((b) => b.start < at && at < b.end).map((b) => b.name);
}

/**
 * The name of `mod name` right before offset `at` (the module's `{`), read backwards a word
 * at a time: steps as many as its words' letters, whatever the file (a file of braces alone
 * asks at each one).
 */
function modBefore(code: string, at: number): string | undefined {
  const word = /[A-Za-z0-9_]/;
  let i = at - 1;
  while (i >= 0 && /\s/.test(code[i] ?? "")) i--;
  const end = i + 1;
  while (i >= 0 && word.test(code[i] ?? "")) i--;
  const name = code.slice(i + 1, end);
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
  // `r#name`.
  if (code[i] === "#" && code[i - 1] === "r") i -= 2;
  const spaced = i;
  while (i >= 0 && /\s/.test(code[i] ?? "")) i--;
  if (i === spaced) return undefined;
  return code.slice(i - 2, i + 1) === "mod" && !word.test(code[i - 3] ?? "") ? name : undefined;
}

/**
 * `target` (a path from the crate root) written as `style` writes paths
 * from module `from`: `crate::…`; `self::…` or `super::…` where the way
 * there is one; a bare path where `from`'s scope has its first module.
 */
export function writePath(
  target: readonly string[],
  from: readonly string[],
  style: "crate" | "self" | "super" | "bare",
): string {
  const crate = ["crate", ...target].join("::");
  if (style === "crate") return crate;
  if (style === "self" || style === "bare") {
    const inside = from.every((p, i) => target[i] === p) && target.length > from.length;
    if (!inside) return crate;
    const tail = target.slice(from.length).join("::");
    return style === "self" ? `self::${tail}` : tail;
  }
  // super: up to the modules `from` and the target share.
  let shared = 0;
  while (shared < from.length && from[shared] === target[shared]) shared++;
  const ups = from.length - shared;
  if (ups === 0) return crate;
  return [...Array(ups).fill("super"), ...target.slice(shared)].join("::");
}

/** How a path is written: `crate::`, `self::`, `super::`, or bare. */
export function styleOf(segments: readonly string[]): "crate" | "self" | "super" | "bare" {
  const first = segments[0];
  return first === "crate" || first === "self" || first === "super" ? first : "bare";
}

/** The crate's modules, by path joined with `::` (`""` the root), from its files. */
export function modulesOf(context: RustContext): Set<string> {
  const out = new Set<string>();
  for (const f of context.files) {
    const m = modulePathOf(f.path, context.src);
    if (m) out.add(m.join("::"));
  }
  return out;
}

/**
 * An importer of what moved, rewritten: `use` paths naming an item that
 * moved through the old module (`crate::util::slug`, `util::{slug, keep}`,
 * `super::util::slug`), in the form the importer writes them; qualified uses
 * in its code (`util::slug(…)`); the declaring file gains `mod`. Undefined
 * when nothing changes; `unresolved` for what it cannot follow (the old
 * module imported as a name and read through it, a glob).
 */
export function rewriteRustImporter(
  file: RustFile,
  move: RustMove,
  context: RustContext,
  declare?: { name: string; visibility: string; attributes?: string },
):
  | {
      text: string;
      changes: string[];
      unresolved: string[];
      reexport?: { names: string[]; through: string; within?: true }[];
    }
  | undefined {
  const fileModule = modulePathOf(file.path, context.src);
  if (!fileModule) {
    // Integration tests, benches, examples, another binary: they reach the crate by its name and
    // public paths, which this does not rewrite. Where a public path runs through the old
    // module itself (a `pub mod` all the way, or a `pub use` of the module), the old module
    // re-exports what they name (carry.ts carryReexport), so those paths hold. A private one
    // they reach only through re-exports of its items, which are rewritten (`pub use
    // crate::adaptors::put_back` in free.rs) or carried by a glob (below): a re-export there
    // is read by none, a warning of its own (itertools' `put_back`).
    const named = publiclyThroughModule(move.oldModule, context)
      ? move.names.filter((n) => new RegExp(`\\b${n}\\b`).test(rustCode(file.text)))
      : [];
    return named.length
      ? {
          text: file.text,
          changes: [],
          unresolved: [],
          reexport: [
            {
              names: named,
              through: `${file.path}: may read ${named.join(", ")} through the crate's public paths (${["crate", ...move.oldModule].join("::")})`,
            },
          ],
        }
      : undefined;
  }
  const modules = modulesOf(context);
  const isModule = (p: readonly string[]) => modules.has(p.join("::"));
  const same = (a: readonly string[] | undefined, b: readonly string[]) =>
    a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);
  const moved = new Set(move.names);
  let text = file.text;
  const changes: string[] = [];
  const unresolved: string[] = [];
  const code = rustCode(text);
  const edits: { start: number; end: number; insert: string }[] = [];
  const within: { names: string[]; through: string; within?: true }[] = [];
  // Where each offset is: the file's module, and the inline modules around it.
  const inline = inlineModules(code);
  /**
   * The module a path at `offset` is written from: the innermost inline module that resolves it
   * (`super::x` from `mod hidden_export`), else the next one out, to the file's (a bare
   * `util::slug` in `mod tests { use super::*; … }` names the file's scope's `util`).
   */
  const at = (offset: number, segments: readonly string[]) => {
    const around = inline(offset);
    for (let i = around.length; i > 0; i--) {
      const from = [...fileModule, ...around.slice(0, i)];
      if (resolvePath(segments, from, isModule)) return from;
    }
    return fileModule;
  };
  // `use` declarations, their lists at any depth.
  for (const u of code.matchAll(/^([ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s+)([^;]+);/gm)) {
    const tree = parseUseTree(u[2] ?? "");
    if (!tree) continue;
    const from = (segments: readonly string[]) => at(u.index, segments);
    const start = u.index + (u[1] ?? "").length;
    const end = start + (u[2] ?? "").length;
    const written = (u[2] ?? "").trim();
    const modulePath = (leaf: UseLeaf) => leaf.segments.slice(0, -1);
    const movedHere = (leaf: UseLeaf) =>
      !leaf.glob &&
      moved.has(leaf.segments.at(-1) ?? "") &&
      same(resolvePath(modulePath(leaf), from(modulePath(leaf)), isModule), move.oldModule);
    const going = leavesOf(tree).filter(movedHere);
    for (const leaf of leavesOf(tree)) {
      // A glob of the old module carries what the old module re-exports (carry.ts
      // carryReexport): within the crate, what this file reads; through a `pub use` glob, as
      // far as it reaches (lib.rs's `pub use crate::free::*`, adaptors' `pub use
      // self::coalesce::*` that lib.rs names `DedupBy` through), `pub`.
      if (
        leaf.glob &&
        same(resolvePath(leaf.segments, from(leaf.segments), isModule), move.oldModule)
      ) {
        // A glob with a visibility passes what it brings on to other modules; `pub`, maybe to
        // other crates.
        const passed = /^\s*pub\b/.test(u[1] ?? "");
        const exported = /^\s*pub\s/.test(u[1] ?? "");
        const read = move.names.filter((n) =>
          passed
            ? (exported &&
                publicAllTheWay(fileModule, context) &&
                declaredPub(n, move.oldModule, context)) ||
              namedInCrate(n, move.oldModule, context)
            : new RegExp(`\\b${n}\\b`).test(code),
        );
        // `pub` only for what is `pub` (a `pub(crate)` item re-exported `pub` is E0364).
        const wide = exported ? read.filter((n) => declaredPub(n, move.oldModule, context)) : [];
        for (const [names, open] of [
          [wide, true],
          [read.filter((n) => !wide.includes(n)), false],
        ] as const)
          if (names.length)
            within.push({
              names: [...names],
              through: `${file.path}: reads ${names.join(", ")} through \`use ${written}\``,
              ...(open ? {} : { within: true as const }),
            });
      }
      // The old module itself imported as a name: reads through it are not followed.
      const self = leaf.segments.at(-1) === "self" ? leaf.segments.slice(0, -1) : leaf.segments;
      if (!leaf.glob && same(resolvePath(self, from(self), isModule), move.oldModule)) {
        const alias = leaf.binding;
        const read = move.names.filter((n) => new RegExp(`\\b${alias}::${n}\\b`).test(code));
        // Read as `age::V13_0`: the old module re-exports it (carry.ts carryReexport), within the
        // crate, so the path holds.
        if (read.length)
          within.push({
            names: read,
            through: `${file.path}: reads ${read.join(", ")} through \`use ${written}\``,
            within: true,
          });
      }
    }
    if (!going.length) continue;
    const staying = pruneUseTree(tree, movedHere);
    const first = going[0] as UseLeaf;
    const to = writePath(move.newModule, from(modulePath(first)), styleOf(modulePath(first)));
    const moving = useTree(
      to,
      going.map((leaf) => `${leaf.segments.at(-1)}${leaf.alias ? ` as ${leaf.alias}` : ""}`),
    );
    if (!staying) {
      edits.push({ start, end, insert: moving });
      continue;
    }
    // What moved gets a line of its own right below, in the same block (an inline `pub mod
    // structs { … }` holds public paths) and with the attributes of the one it comes from
    // (`#[cfg(feature = "use_alloc")]`, read from the text: `code` has its strings blanked).
    const head = u[1] ?? "";
    const indent = /^[ \t]*/.exec(head)?.[0] ?? "";
    const attributes = attributesAbove(text, u.index)
      .split("\n")
      .filter(Boolean)
      .map((line) => `${indent}${line}\n`)
      .join("");
    edits.push({
      start,
      end: end + 1,
      insert: `${layUseTree(staying, head)};\n${attributes}${head}${moving};`,
    });
  }
  // Qualified uses in the code, outside `use` declarations.
  const useSpans = [...code.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s+[^;]+;/gm)].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  for (const q of code.matchAll(
    /\b((?:(?:crate|self|super|[a-z_][a-z0-9_]*)::)+)([A-Za-z_]\w*)\b/g,
  )) {
    if (!moved.has(q[2] ?? "")) continue;
    if (useSpans.some(([a = 0, b = 0]) => q.index >= a && q.index < b)) continue;
    const prefix = (q[1] ?? "").slice(0, -2).split("::");
    const from = at(q.index, prefix);
    if (!same(resolvePath(prefix, from, isModule), move.oldModule)) continue;
    edits.push({
      start: q.index,
      end: q.index + (q[1] ?? "").length - 2,
      insert: writePath(move.newModule, from, styleOf(prefix)),
    });
  }
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) text = text.slice(0, e.start) + e.insert + text.slice(e.end);
  if (edits.length)
    changes.push(
      `${file.path}: reads ${move.names.join(", ")} from crate::${move.newModule.join("::")}`,
    );
  if (declare && !declaresModule(text, declare.name)) {
    text = addModule(text, declare.name, declare.visibility, declare.attributes);
    changes.push(`${file.path}: declares ${declare.visibility}mod ${declare.name}`);
  }
  return text === file.text && !unresolved.length && !within.length
    ? undefined
    : { text, changes, unresolved, ...(within.length ? { reexport: within } : {}) };
}

/** A `use` tree of `items` under `prefix`: `a::b`, `a` for `self`, `a::{b, c}`. */
export function useTree(prefix: string, items: readonly string[]): string {
  if (items.length !== 1) return `${prefix}::{${items.join(", ")}}`;
  const [item = ""] = items;
  if (item === "self") return prefix;
  if (/^self\s+as\s/.test(item)) return `${prefix}${item.slice(4)}`;
  return `${prefix}::${item}`;
}

/** `#[cfg(test)]`, as move.ts writes it, and as any spacing of it reads. */
export const TEST_CFG = "#[cfg(test)]\n";
const TEST_CFG_PATTERN = String.raw`#\[\s*cfg\s*\(\s*test\s*\)\s*\]`;
export const isTestCfg = (cfg: string) => new RegExp(`^${TEST_CFG_PATTERN}\\n$`).test(cfg);

/** Where the attribute lines (`#[cfg(unix)]`, `#[allow(unused_imports)]`) right above offset `at`, a line's start, start. */
export function attributesStart(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const prev = text.lastIndexOf("\n", start - 2) + 1;
    if (!/^[ \t]*#\[[^\n]*\][ \t]*\n$/.test(text.slice(prev, start))) break;
    start = prev;
  }
  return start;
}

/** The attribute lines right above offset `at`, a line's start, unindented. */
export function attributesAbove(text: string, at: number): string {
  return text.slice(attributesStart(text, at), at).replace(/^[ \t]+/gm, "");
}

/**
 * `text` with the `use` line (attributes above it included) added below its
 * last top-level `use` (or its `mod`s, or its top): not into an inline module.
 */
export function addUse(text: string, line: string): string {
  const code = rustCode(text);
  const top = atTopLevel(code);
  let at: number | undefined;
  for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s[^;]*;[^\n]*\n?/gm))
    if (top(m.index)) at = m.index + m[0].length;
  if (at === undefined)
    for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*;[^\n]*\n?/gm))
      if (top(m.index)) at = m.index + m[0].length;
  if (at !== undefined) return `${text.slice(0, at)}${line.trim()}\n${text.slice(at)}`;
  const head = headerEnd(text);
  if (head === 0) return `${line.trim()}\n\n${text}`;
  // Below the header, a blank line between them.
  const above = text.slice(0, head).replace(/\n*$/, "\n");
  return `${above}\n${line.trim()}\n\n${text.slice(head).replace(/^\n+/, "")}`;
}

/**
 * The move as importers see it: the modules, the items, and where the new
 * module must be declared (its parent's file, with the visibility that
 * reaches as far as the old module did) when it is not yet. Undefined
 * outside a crate's modules.
 */
export function rustMoveOf(
  sourcePath: string,
  destPath: string,
  names: readonly string[],
  context: RustContext,
):
  | {
      move: RustMove;
      context: RustContext;
      declare?: { path: string; name: string; visibility: string; attributes?: string };
    }
  | undefined {
  const oldModule = modulePathOf(sourcePath, context.src);
  const newModule = modulePathOf(destPath, context.src);
  if (!oldModule || !newModule || !names.length) return undefined;
  const move = { oldModule, newModule, names: [...names] };
  const file = declaringFile(newModule, context);
  const name = newModule.at(-1) ?? "";
  const text = context.files.find((f) => f.path === file)?.text;
  if (!file || file === sourcePath || text === undefined || declaresModule(text, name))
    return { move, context };
  const oldFile = declaringFile(oldModule, context);
  const oldText = context.files.find((f) => f.path === oldFile)?.text;
  const visibility = newModuleVisibility(oldModule, newModule, oldText, context);
  // Outside the old module, the new one is built where the old one was (`#[cfg(feature =
  // "unicode-bool")] pub mod property_bool;`): its declaration takes the old one's `#[cfg]`.
  const inside = oldModule.every((part, i) => newModule[i] === part);
  const attributes = inside ? "" : cfgOf(oldText, oldModule.at(-1) ?? "");
  return {
    move,
    context,
    declare: { path: file, name, visibility, ...(attributes ? { attributes } : {}) },
  };
}

/** The `#[cfg(…)]` attribute lines above module `name`'s declaration in `text`. */
function cfgOf(text: string | undefined, name: string): string {
  const found = text === undefined ? null : declaresModule(text, name);
  if (!text || !found) return "";
  // Above it, and before it on its line (read from the text: the code's strings are blanked).
  const sameLine = text
    .slice(found.index, found.index + found[0].length)
    .match(/#\[\s*cfg\s*\([^\]\n]*\]/g);
  return [...attributesAbove(text, found.index).split("\n"), ...(sameLine ?? [])]
    .filter((line) => /^#\[\s*cfg\s*\(/.test(line))
    .map((line) => `${line}\n`)
    .join("");
}

/**
 * How a move's new module is declared (`pub `, `pub(crate) `, or ""): to reach
 * as far as the old module did (`oldDeclaring`: the text of the file that
 * declares it), from where the new one is declared. A private `mod shape;` in
 * lib.rs reaches the whole crate, so its new child `mod as_widget;` in shape.rs
 * is `pub(crate)`: private there, lib.rs's `pub use shape::as_widget::AsWidget`
 * is E0603 (issue 43); a sibling declared where the old one is keeps its words.
 */
export function newModuleVisibility(
  oldModule: readonly string[],
  newModule: readonly string[],
  oldDeclaring: string | undefined,
  context: RustContext,
): string {
  const old = (oldDeclaring && declaresModule(oldDeclaring, oldModule.at(-1) ?? "")?.[1]) || "";
  const visibility = visibilityFor(scopeOf(old, oldModule.slice(0, -1)), newModule.slice(0, -1));
  // What other crates read through a public old module, it re-exports (rustPublicPaths): the
  // new module is the crate's own, and a `pub mod` would be new public API (without docs: a
  // crate that denies missing_docs refuses it, as regex-syntax does).
  if (visibility === "pub" && publicAllTheWay(oldModule, context)) return "pub(crate) ";
  return visibility ? `${visibility} ` : "";
}

/**
 * Whether other crates may reach `module` itself by a path: declared `pub mod` all the way
 * from lib.rs, or named by a `pub use` (`pub use crate::adaptors as structs;`).
 */
function publiclyThroughModule(module: readonly string[], context: RustContext): boolean {
  // Asked once for each file outside src/ a move reads: worked out once a move (its context).
  const key = module.join("::");
  const known = publicModules.get(context)?.get(key);
  if (known !== undefined) return known;
  const answer = reachedThroughModule(module, context);
  publicModules.set(context, (publicModules.get(context) ?? new Map()).set(key, answer));
  return answer;
}

const publicModules = new WeakMap<RustContext, Map<string, boolean>>();

function reachedThroughModule(module: readonly string[], context: RustContext): boolean {
  if (publicAllTheWay(module, context)) return true;
  const modules = modulesOf(context);
  const isModule = (p: readonly string[]) => modules.has(p.join("::"));
  return context.files.some((f) => {
    const from = modulePathOf(f.path, context.src);
    if (!from) return false;
    for (const u of rustCode(f.text).matchAll(/^[ \t]*pub\s+use\s+([^;]+);/gm)) {
      const tree = parseUseTree(u[1] ?? "");
      for (const leaf of tree ? leavesOf(tree) : []) {
        if (leaf.glob) continue;
        const self = leaf.segments.at(-1) === "self" ? leaf.segments.slice(0, -1) : leaf.segments;
        const to = resolvePath(self, from, isModule);
        if (to && to.join("::") === module.join("::")) return true;
      }
    }
    return false;
  });
}

/** Whether `module`'s file declares item `name` `pub` (a function, type, trait, constant or static). */
function declaredPub(name: string, module: readonly string[], context: RustContext): boolean {
  const file = context.files.find(
    (f) => modulePathOf(f.path, context.src)?.join("::") === module.join("::"),
  );
  return file !== undefined && declaresPub(rustCode(file.text), name);
}

/** Whether `code` declares item `name` `pub` at a line's start: `pub fn`, `pub const unsafe fn`, `pub type`, … */
function declaresPub(code: string, name: string): boolean {
  return new RegExp(
    `^[ \\t]*pub\\s+(?:(?:const|async|unsafe|extern\\s+"[^"]*")\\s+)*(?:fn|struct|enum|union|trait|type|const|static(?:\\s+mut)?)\\s+${name}\\b`,
    "m",
  ).test(code);
}

/** Whether a file of the crate other than `module`'s own names `name` (a word of its code). */
function namedInCrate(name: string, module: readonly string[], context: RustContext): boolean {
  const word = new RegExp(`\\b${name}\\b`);
  return context.files.some(
    (f) =>
      modulePathOf(f.path, context.src)?.join("::") !== module.join("::") &&
      word.test(rustCode(f.text)),
  );
}

/** Whether other crates reach `module` by its path: a library's module declared `pub mod` all the way from `lib.rs` (or `lib.rs` itself). */
function publicAllTheWay(module: readonly string[], context: RustContext): boolean {
  if (crateRootFile(context) !== `${context.src}/lib.rs`) return false;
  for (let i = 1; i <= module.length; i++) {
    const path = module.slice(0, i);
    const file = declaringFile(path, context);
    const text = context.files.find((f) => f.path === file)?.text;
    if ((text && declaresModule(text, path.at(-1) ?? "")?.[1]?.trim()) !== "pub") return false;
  }
  return true;
}

/**
 * What moved that other crates may read by a public path through the old
 * module: a library's `pub` item in a module declared `pub mod` all the way
 * from `lib.rs` (or in `lib.rs` itself). A move cannot see those crates, so
 * the old module re-exports it (carry.ts carryReexport), as for a file
 * outside `src/` that names it, and the receipt says so.
 */
export function rustPublicPaths(
  move: RustMove,
  context: RustContext,
  unitText: string,
): { names: string[]; through: string }[] {
  const glob = publicAllTheWay(move.oldModule, context)
    ? undefined
    : publicGlobOf(move.oldModule, context);
  if (glob === null) return [];
  const code = rustCode(unitText);
  const names = move.names.filter((n) => declaresPub(code, n));
  const path = ["crate", ...move.oldModule].join("::");
  return names.length
    ? [
        {
          names,
          through: `crates that depend on this library: may read ${names.join(", ")} ${glob ? `through ${glob}` : `by its public path (${path})`}`,
        },
      ]
    : [];
}

/**
 * Where a module public all the way (lib.rs, a `pub mod` chain) re-exports everything of
 * `module` (similar's lib.rs: `pub use self::text::*;` of its private `mod text`): that
 * `use` and its file, which other crates read the module's public items through; null where none does.
 */
function publicGlobOf(module: readonly string[], context: RustContext): string | null {
  const modules = modulesOf(context);
  const isModule = (p: readonly string[]) => modules.has(p.join("::"));
  for (const f of context.files) {
    const from = modulePathOf(f.path, context.src);
    if (!from || !publicAllTheWay(from, context)) continue;
    for (const u of rustCode(f.text).matchAll(/^[ \t]*pub\s+use\s+([^;]+);/gm)) {
      const tree = parseUseTree(u[1] ?? "");
      for (const leaf of tree ? leavesOf(tree) : [])
        if (
          leaf.glob &&
          resolvePath(leaf.segments, from, isModule)?.join("::") === module.join("::")
        )
          return `\`pub use ${(u[1] ?? "").trim()};\` in ${f.path}`;
    }
  }
  return null;
}

/**
 * What a `use` of a unit's item needs above it, one a line: the `#[cfg(…)]` lines among the
 * attributes and doc comments above the item (`#[cfg(feature = "use_alloc")]` over itertools'
 * `join`), and `#[allow(deprecated)]` where it is `#[deprecated]` (a `use` of a deprecated item
 * is warned of as each read is: unicode-bidi's `deprecated::visual_runs`).
 */
export function unitCfg(unit: string): string {
  const out: string[] = [];
  for (const line of unit.split("\n")) {
    const t = line.trim();
    if (t === "" || t.startsWith("//")) continue;
    if (!t.startsWith("#[")) break;
    if (/^#\[\s*cfg\s*\(/.test(t)) out.push(`${t}\n`);
    if (/^#\[\s*deprecated\b/.test(t)) out.push(ALLOW_DEPRECATED);
  }
  return out.join("");
}

/** Above a `use` of a deprecated item. */
export const ALLOW_DEPRECATED = "#[allow(deprecated)]\n";

/**
 * The words of a re-export from `oldModule` of `names` as `newModule`'s text
 * declares them: as wide as `wanted`, and no wider than the narrowest of the
 * items (E0364: bytes' `pub(super) fn new`, moved from `buf::limit` to
 * `buf::new` and re-exported from `limit` for `buf_mut.rs`, is `pub(super) use`).
 */
export function reexportWords(
  names: readonly string[],
  newText: string,
  oldModule: readonly string[],
  newModule: readonly string[],
  wanted: "pub" | "pub(crate)",
): string {
  const code = rustCode(newText);
  let narrowest: string[] | undefined;
  for (const name of names) {
    const declared = new RegExp(
      `^(pub\\s*(?:\\([^)]*\\)\\s*)?)?(?:(?:const|async|unsafe|default|extern(?:\\s+"[^"]*")?)\\s+)*(?:fn|struct|enum|union|trait|type|const|static|mod)\\s+(?:r#)?${name}\\b`,
      "m",
    ).exec(code);
    if (!declared) continue;
    const scope = scopeOf(declared[1]?.trim() ?? "", newModule);
    if (scope && (!narrowest || scope.length > narrowest.length)) narrowest = scope;
  }
  if (narrowest === undefined) return wanted;
  if (narrowest.length === 0) return "pub(crate)";
  const same = (a: readonly string[], b: readonly string[]) => a.join("::") === b.join("::");
  // Not wider than the old module itself, or outside its reach: a `use` of its own.
  if (!within(oldModule, narrowest) || same(narrowest, oldModule)) return "";
  if (same(narrowest, oldModule.slice(0, -1))) return "pub(super)";
  return `pub(in crate::${narrowest.join("::")})`;
}

/** The old module's text re-exporting `names` from `newModule`, so that paths through it hold (`pub use crate::text::slug;`). */
export function rustReexport(
  text: string,
  names: readonly string[],
  newModule: readonly string[],
  /** `pub` for other crates' paths; `pub(crate)` where only the crate reads through it (reexportWords). */
  words = "pub",
  /** The unit's `#[cfg(…)]` lines: what is built only so is re-exported only so. */
  cfg = "",
): string {
  const path = ["crate", ...newModule].join("::");
  const line = `${cfg}${
    names.length === 1
      ? `${words ? `${words} ` : ""}use ${path}::${names[0]};`
      : `${words ? `${words} ` : ""}use ${path}::{${names.join(", ")}};`
  }`;
  const code = rustCode(text);
  // A `use` of the same items the move added for the old module's own reads becomes this one.
  const plain =
    names.length === 1 ? `use ${path}::${names[0]};` : `use ${path}::{${names.join(", ")}};`;
  const found = new RegExp(`^(pub(?:\\([^)]*\\))?\\s+)?${escapeRegExp(plain)}`, "m").exec(code);
  if (!found) return addUse(text, line);
  // Others read through it, so it is not for the old file's tests alone (move.ts's import back
  // of what only they read).
  const above = attributesStart(code, found.index);
  const gate = new RegExp(`^[ \\t]*${TEST_CFG_PATTERN}\\n`, "m").exec(
    text.slice(above, found.index),
  );
  const ungated =
    gate && !/\btest\b/.test(cfg)
      ? text.slice(0, above + gate.index) + text.slice(above + gate.index + gate[0].length)
      : text;
  const at = found.index - (ungated.length === text.length ? 0 : (gate?.[0].length ?? 0));
  // Already as wide (a `pub(crate) use` the move wrote for the old module's own reads).
  if ((found[1]?.trim() ?? "") === words || found[1]?.trim() === "pub") return ungated;
  return `${ungated.slice(0, at)}${words ? `${words} ` : ""}${ungated.slice(at + (found[1] ?? "").length)}`;
}

/**
 * The names a module's file binds, over-approximated: its top-level items
 * and what its top-level `use`s bind, and every function's name (a trait's
 * methods come into scope with it): what a glob of it may bring.
 */
export function bindingsOf(text: string): Set<string> {
  const code = rustCode(text);
  const top = atTopLevel(code);
  const out = new Set<string>();
  for (const m of code.matchAll(
    /\b(fn|struct|enum|union|trait|type|const|static|mod|macro_rules!)\s+(?:mut\s+)?(?:r#)?([A-Za-z_]\w*)/g,
  ))
    if (m[1] === "fn" || top(m.index)) out.add(m[2] ?? "");
  for (const m of code.matchAll(/\buse\s+([^;]+);/g))
    if (top(m.index))
      for (const piece of (m[1] ?? "").split(/[{},]/)) {
        const [path = "", alias] = piece.trim().split(/\s+as\s+/);
        const name = alias ?? path.split("::").at(-1) ?? "";
        if (/^\w+$/.test(name)) out.add(name);
      }
  return out;
}

/**
 * The variants of enum `name` declared at the top of a file (`enum Needed {
 * Unknown, Size(NonZeroUsize) }`: Unknown, Size), what a glob of it brings;
 * undefined where the file declares no such enum.
 */
export function variantsOf(text: string, name: string): string[] | undefined {
  const code = rustCode(text);
  const top = atTopLevel(code);
  const head = [...code.matchAll(new RegExp(`\\benum\\s+${name}\\b[^{;]*\\{`, "g"))].find((m) =>
    top(m.index),
  );
  if (!head) return undefined;
  const variants: string[] = [];
  const entry = /\s*(?:#\[[^\]]*\]\s*)*([A-Za-z_]\w*)/y;
  let depth = 1;
  for (let i = head.index + head[0].length, starts = true; i < code.length && depth > 0; i++) {
    if (starts) {
      entry.lastIndex = i;
      const m = entry.exec(code);
      if (m) variants.push(m[1] ?? "");
      starts = false;
    }
    const c = code[i];
    if (c === "{" || c === "(" || c === "[") depth++;
    else if (c === "}" || c === ")" || c === "]") depth--;
    else if (c === "," && depth === 1) starts = true;
  }
  return variants;
}

/**
 * The variants of the crate's enum `name` as module `at` reaches it: declared
 * in `at`'s file, or through a `use` there that binds the name (unicode-bidi's
 * lib.rs, `pub use crate::char_data::{BidiClass, …}`, whose `char_data`
 * re-exports it from `tables`), a few steps at most. Undefined where it is no
 * enum of the crate's.
 */
export function variantsThrough(
  at: readonly string[],
  name: string,
  context: RustContext,
  isModule: (path: readonly string[]) => boolean,
  steps = 4,
): string[] | undefined {
  const file = moduleFile(at, context);
  if (!file) return undefined;
  const declared = variantsOf(file.text, name);
  if (declared || steps === 0) return declared;
  const code = rustCode(file.text);
  const top = atTopLevel(code);
  for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);/gm)) {
    if (!top(m.index)) continue;
    const tree = parseUseTree(m[1] ?? "");
    for (const leaf of tree ? leavesOf(tree) : []) {
      if (leaf.glob || leaf.binding !== name) continue;
      const module = resolvePath(leaf.segments.slice(0, -1), at, isModule);
      const found =
        module && variantsThrough(module, leaf.segments.at(-1) ?? "", context, isModule, steps - 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** The variants of the standard library's enums a glob may bring, by their module and name. */
export const STD_VARIANTS: ReadonlyMap<string, readonly string[]> = new Map([
  ["result::Result", ["Ok", "Err"]],
  ["option::Option", ["Some", "None"]],
  ["cmp::Ordering", ["Less", "Equal", "Greater"]],
  ["borrow::Cow", ["Borrowed", "Owned"]],
  ["ops::Bound", ["Included", "Excluded", "Unbounded"]],
  ["ops::ControlFlow", ["Continue", "Break"]],
  ["atomic::Ordering", ["Relaxed", "Release", "Acquire", "AcqRel", "SeqCst"]],
]);

/**
 * Whether a glob of x86's intrinsics (`std::arch::x86_64::*`, `core::arch::x86::*`) brings the
 * name: they begin with `_` (`_mm256_and_si256`, `__m256i`), besides `CpuidResult` and
 * `has_cpuid`. Undefined for any other module (ARM's, `vld1q_u8`, have no such mark).
 */
export function archBrings(module: readonly string[]): ((name: string) => boolean) | undefined {
  const [root, arch, platform, ...rest] = module;
  if ((root !== "std" && root !== "core") || arch !== "arch" || rest.length) return undefined;
  if (platform !== "x86_64" && platform !== "x86") return undefined;
  return (name) =>
    (name.startsWith("_") && name !== "_") || name === "CpuidResult" || name === "has_cpuid";
}

/**
 * The module a visibility opens an item of module `at` to: undefined for
 * `pub` (everything), the crate root (`[]`) for `pub(crate)`, the parent for
 * `pub(super)`, `at` itself for none or `pub(self)`, the path of `pub(in …)`.
 */
export function scopeOf(visibility: string, at: readonly string[]): string[] | undefined {
  const v = visibility.trim();
  if (v === "") return [...at];
  const restricted = /^pub\s*\(\s*(?:in\s+)?([^)]*?)\s*\)$/.exec(v);
  if (!restricted) return undefined;
  const segments = (restricted[1] ?? "").split("::").map((p) => p.trim());
  // A 2015 path (`pub(in a::b)`) starts at the crate root.
  return resolvePath(segments, at, () => false) ?? segments;
}

/** Whether module `m` is `scope` or inside it (undefined: everything). */
export function within(m: readonly string[], scope: readonly string[] | undefined): boolean {
  return scope === undefined || (m.length >= scope.length && scope.every((p, i) => m[i] === p));
}

/** The innermost module that both `a` and `b` are in. */
export function sharedModule(a: readonly string[], b: readonly string[]): string[] {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** The visibility that opens an item of module `at` to `scope` (`at` or a module it is in), as Rust writes it. */
export function visibilityFor(scope: readonly string[] | undefined, at: readonly string[]): string {
  if (scope === undefined) return "pub";
  if (scope.length >= at.length) return "";
  if (scope.length === 0) return "pub(crate)";
  if (scope.length === at.length - 1) return "pub(super)";
  return `pub(in crate::${scope.join("::")})`;
}
