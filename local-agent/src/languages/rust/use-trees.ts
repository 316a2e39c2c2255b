/**
 * Rust `use` trees, at any depth: `std::{collections::{HashMap, HashSet},
 * fmt::{self, Display}}` read into a tree, names taken out of it, and written
 * back as rustfmt lays it out. Pure: the old file's trimming and the
 * importers' rewriting (rust/move.ts, rust/modules.ts) share it.
 */

export type UseTree =
  /** `a::b::C`, `a::C as D`, `self` in a list. */
  | { kind: "name"; path: string[]; alias?: string }
  /** `a::*`. */
  | { kind: "glob"; path: string[] }
  /** `a::{…}` (path empty for a bare `{…}`). */
  | { kind: "list"; path: string[]; items: UseTree[] };

/** One name a tree binds, by its whole path. */
export interface UseLeaf {
  /** From the tree's root: `["std", "fmt", "self"]`, `["crate", "util", "slug"]`. */
  segments: string[];
  alias?: string;
  glob: boolean;
  /** The name it binds: its alias, its last segment, the module's for `self`; `*` for a glob. */
  binding: string;
}

const TOKEN = /\s*(::|[{},*]|(?:r#)?[A-Za-z_][A-Za-z0-9_]*)/y;

/** A `use` argument (what is between `use` and `;`, comments blanked), or undefined where it is not one. */
export function parseUseTree(text: string): UseTree | undefined {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    tokens.push(m[1] ?? "");
    at = TOKEN.lastIndex;
  }
  if (text.slice(at).trim()) return undefined;
  let i = 0;
  const tree = (): UseTree | undefined => {
    const path: string[] = [];
    if (tokens[i] === "::") {
      path.push("");
      i++;
    }
    for (;;) {
      const t = tokens[i];
      if (t === "{") {
        i++;
        const items: UseTree[] = [];
        while (tokens[i] !== "}") {
          const item = tree();
          if (!item) return undefined;
          items.push(item);
          if (tokens[i] === ",") i++;
          else if (tokens[i] !== "}") return undefined;
        }
        i++;
        return { kind: "list", path, items };
      }
      if (t === "*") {
        i++;
        return { kind: "glob", path };
      }
      if (t === undefined || !/^(?:r#)?[A-Za-z_]/.test(t) || t === "as") return undefined;
      path.push(t);
      i++;
      if (tokens[i] === "::") {
        i++;
        continue;
      }
      if (tokens[i] === "as") {
        const alias = tokens[i + 1];
        if (alias === undefined || !/^(?:r#)?[A-Za-z_]/.test(alias)) return undefined;
        i += 2;
        return { kind: "name", path, alias };
      }
      return { kind: "name", path };
    }
  };
  const out = tree();
  return out && i === tokens.length ? out : undefined;
}

/** Every name `tree` binds, with its whole path. */
export function leavesOf(tree: UseTree, prefix: readonly string[] = []): UseLeaf[] {
  const segments = [...prefix, ...tree.path];
  if (tree.kind === "list") return tree.items.flatMap((item) => leavesOf(item, segments));
  if (tree.kind === "glob") return [{ segments, glob: true, binding: "*" }];
  const last = segments.at(-1) ?? "";
  const binding = tree.alias ?? (last === "self" ? (segments.at(-2) ?? last) : last);
  return [{ segments, glob: false, binding, ...(tree.alias ? { alias: tree.alias } : {}) }];
}

/**
 * `tree` without the names `drop` says go: undefined when none is left; the
 * same object when none went. A list left with one item is written as that
 * item (`a::{b}` → `a::b`, `fmt::{self}` → `fmt`); lists nothing left are kept
 * as they were.
 */
export function pruneUseTree(
  tree: UseTree,
  drop: (leaf: UseLeaf) => boolean,
  prefix: readonly string[] = [],
): UseTree | undefined {
  if (tree.kind !== "list") return drop(leavesOf(tree, prefix)[0] as UseLeaf) ? undefined : tree;
  const inner = [...prefix, ...tree.path];
  const items = tree.items.flatMap((item) => {
    const kept = pruneUseTree(item, drop, inner);
    return kept ? [kept] : [];
  });
  if (!items.length) return undefined;
  if (items.length === tree.items.length && items.every((x, i) => x === tree.items[i])) return tree;
  const [only] = items;
  if (items.length > 1 || !only) return { kind: "list", path: tree.path, items };
  // One item left: joined to the list's path.
  if (only.kind === "name" && only.path.length === 1 && only.path[0] === "self" && tree.path.length)
    return { kind: "name", path: tree.path, ...(only.alias ? { alias: only.alias } : {}) };
  return { ...only, path: [...tree.path, ...only.path] };
}

/** The tree on one line: `std::{fmt, io::Read as R}`. */
export function printUseTree(tree: UseTree): string {
  const path = tree.path.join("::");
  const head = path || tree.path.length ? `${path}::` : "";
  if (tree.kind === "name") return `${path}${tree.alias ? ` as ${tree.alias}` : ""}`;
  if (tree.kind === "glob") return `${head}*`;
  return `${head}{${tree.items.map(printUseTree).join(", ")}}`;
}

/** rustfmt's line width. */
const WIDTH = 100;

/**
 * The tree as rustfmt lays out a `use`: on one line where it fits in `WIDTH`
 * after `lead` (`use `, `pub use `, with its indent) and no list in it holds
 * a list of several names; else a list with such a list in it, an item a
 * line, one indent deeper, and one without, its items filled into lines;
 * each with a trailing comma.
 */
export function layUseTree(tree: UseTree, lead: string): string {
  const indent = /^[ \t]*/.exec(lead)?.[0] ?? "";
  const flat = printUseTree(tree);
  if (tree.kind !== "list") return flat;
  const nested = tree.items.some((item) => item.kind === "list" && item.items.length > 1);
  if (!nested && lead.length + flat.length + 1 <= WIDTH) return flat;
  const deeper = `${indent}    `;
  const path = tree.path.join("::");
  const head = path || tree.path.length ? `${path}::` : "";
  const lines: string[] = [];
  if (nested) for (const item of tree.items) lines.push(`${deeper}${layUseTree(item, deeper)},`);
  else
    for (const item of tree.items.map(printUseTree)) {
      const last = lines.at(-1);
      if (last !== undefined && last.length + item.length + 2 <= WIDTH)
        lines[lines.length - 1] = `${last} ${item},`;
      else lines.push(`${deeper}${item},`);
    }
  return `${head}{\n${lines.join("\n")}\n${indent}}`;
}
