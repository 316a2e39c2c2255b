import {
  type ImportPlan,
  kids,
  lineEnd,
  type MoveTexts,
  replaceRanges,
} from "../../imports/plan.ts";
import { type Node, type Tree, withTree } from "../../syntax/parser.ts";
import { fileMacros, macrosNeeded } from "./macros.ts";
import {
  ALLOW_DEPRECATED,
  addModule as addModuleLine,
  addUse,
  archBrings,
  atTopLevel,
  attributesStart,
  bindingsOf,
  declaresModule,
  declaringFile,
  isTestCfg,
  moduleFile,
  modulePathOf,
  modulesOf,
  newModuleVisibility,
  type RustContext,
  resolvePath,
  rustCode,
  STD_VARIANTS,
  scopeOf,
  sharedModule,
  styleOf,
  TEST_CFG,
  variantsOf,
  variantsThrough,
  visibilityFor,
  within,
  writePath,
} from "./modules.ts";
import { layUseTree, leavesOf, parseUseTree, pruneUseTree, type UseLeaf } from "./use-trees.ts";

/**
 * Import-aware moves for Rust (DESIGN.md §3: "at least the destination's
 * imports"): the destination gains a `use` for each name the unit uses that
 * the old file brought in with one (a list like `std::io::{self, Read}` is
 * taken apart into its names, each with the attributes of its `use`:
 * `#[cfg(…)]`, `#[allow(…)]`), and the old file's glob imports. A `super::` or
 * `self::` path means something else from another directory, so it is
 * reported there, not rewritten. The old file is left as it is: Rust only
 * warns about unused imports.
 */

interface Use {
  /** The name it binds, or `*` for a glob. */
  name: string;
  /** The path as a `use` writes it, alias included: `std::io::Read as R`. */
  path: string;
  /** The attributes of its `use`, a line each (`#[cfg(unix)]\n`), or "". */
  attributes?: string;
  /** Its `use`'s visibility as written (`pub`, `pub(crate)`; "" for none): a re-export's. */
  visibility?: string;
}

/** A carried `use` as a line, with its attributes. */
const useLine = (u: { path: string; attributes?: string }) =>
  `${u.attributes ?? ""}use ${u.path};\n`;

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
  /** The outer attributes right above the child: a `use`'s are its own. */
  let attributes: string[] = [];
  for (const child of kids(tree.rootNode)) {
    if (child.type === "use_declaration") {
      const argument = child.childForFieldName("argument");
      const own = attributes.map((a) => `${a}\n`).join("");
      const visibility = kids(child).find((k) => k.type === "visibility_modifier")?.text ?? "";
      if (argument)
        uses.push(...usesOf(argument, "").map((u) => ({ ...u, attributes: own, visibility })));
      insertAt = lineEnd(text, child.endIndex);
      hasUses = true;
      header = false;
      attributes = [];
      continue;
    }
    if (child.type === "attribute_item") attributes.push(child.text);
    else if (!child.type.includes("comment")) attributes = [];
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

/**
 * Standard traits code uses without naming them, by calling their methods
 * (`file.read_to_string(…)` needs `use std::io::Read;` in scope): each with
 * the calls that are its own (not `read`, `lines`, `borrow`: other types
 * have those too).
 */
const STD_TRAIT_CALLS: [string, RegExp][] = [
  ["Read", /\.(?:read_to_string|read_to_end|read_exact)\s*\(/],
  // Not `write!`, `write_str`: a Formatter has those of its own.
  ["Write", /\.(?:write_all|flush)\s*\(/],
  ["BufRead", /\.(?:read_line|read_until|fill_buf)\s*\(/],
  ["Seek", /\.(?:seek|rewind|stream_position)\s*\(/],
  ["FromStr", /\bfrom_str\s*\(/],
  ["FromIterator", /\bfrom_iter\s*\(/],
  ["Hash", /\.hash\s*\(/],
  ["PermissionsExt", /\.(?:set_mode|from_mode)\s*\(|\.mode\s*\(\s*\)/],
  // In the prelude with std; a `no_std` crate imports them from alloc (smallvec's tests).
  ["ToOwned", /\.to_owned\s*\(/],
  ["ToString", /\.to_string\s*\(/],
];

/**
 * What [start, end) reads, in one walk: `used`, the names of its identifiers
 * and types and the standard traits its calls need; `values`, those it may
 * read as a function, constant or static: not a path's head (`f64::from_bits`
 * reads the type `f64`, not nom's function `f64`), a macro's name or a
 * local's binding, and a name also bound as a local (`for count in 0..max`)
 * only where it is called.
 */
function readsIn(
  tree: Tree,
  text: string,
  start: number,
  end: number,
  fileMacros: ReadonlySet<string> = new Set(),
): { used: Set<string>; values: Set<string>; locals: Set<string>; plain: Set<string> } {
  const used = new Set<string>();
  // Read other than as a macro's name: what a `use m::{self}` (a module alone) must see read.
  const plain = new Set<string>();
  const read = new Set<string>();
  const local = new Set<string>();
  const called = new Set<string>();
  const visit = (node: Node) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "use_declaration") return;
    const parent = node.parent;
    if ((node.type === "identifier" || node.type === "type_identifier") && parent) {
      const is = (field: string) => parent.childForFieldName(field)?.id === node.id;
      const scoped = /^scoped_(type_)?identifier$/.test(parent.type);
      // In another macro's arguments a macro's call is tokens: the name, then `!`
      // (`assert_eq!(v, vec![0])`).
      const invoked =
        (parent.type === "macro_invocation" && is("macro")) ||
        (parent.type === "token_tree" && node.nextSibling?.text === "!");
      // The file's own `map!` is no read of an imported `map`: macros are names of their own.
      if (invoked && fileMacros.has(node.text)) return;
      // `error::Error` reads the module `error`, not a `use` of another `Error` (nom's IResult).
      if (scoped && is("name") && !/^(self)?$/.test(parent.childForFieldName("path")?.text ?? ""))
        return;
      used.add(node.text);
      if (!invoked) plain.add(node.text);
      if (node.type === "identifier" && !invoked && !(scoped && is("path"))) {
        const binds =
          is("pattern") ||
          BINDING_PATTERNS.has(parent.type) ||
          (parent.type === "tuple_struct_pattern" && !is("type"));
        // In a pattern, `MAX` and `None` are a constant and a variant, not bindings.
        (binds && /^[a-z_]/.test(node.text) ? local : read).add(node.text);
        if (parent.type === "call_expression" && is("function")) called.add(node.text);
        // In a macro's arguments (`assert_eq!(bidi_class('a'), L)`), a name before `(…)` is called.
        if (parent.type === "token_tree" && /^\(/.test(node.nextSibling?.text ?? ""))
          called.add(node.text);
      }
    }
    // A function's own name is not a read of it: a method `fn put_back(&mut self, …)` in an
    // impl does not read the free function `put_back` that moved (itertools' adaptors).
    const named =
      node.type === "function_item" || node.type === "function_signature_item"
        ? node.childForFieldName("name")?.id
        : undefined;
    for (const child of kids(node)) if (child.id !== named) visit(child);
  };
  visit(tree.rootNode);
  const code = rustCode(text).slice(start, end);
  for (const [trait, calls] of STD_TRAIT_CALLS) if (calls.test(code)) used.add(trait);
  return {
    used,
    values: new Set([...read].filter((n) => !local.has(n) || called.has(n))),
    locals: local,
    plain,
  };
}

/**
 * Iterator's methods, which every iterator has in scope: a call of one is no
 * read of a trait of the crate that declares one of that name (nom's
 * `InputTake::take` beside `input.iter_indices().take(bound)`).
 */
const ITERATOR_CALLS = new Set(
  "take skip map filter next count last nth find position any all fold collect chain zip enumerate rev step_by peekable flat_map filter_map take_while skip_while for_each sum product min max cloned copied".split(
    " ",
  ),
);

/** The items of the value namespace: a path's head never names one. */
const VALUE_ITEMS = new Set(["function_item", "const_item", "static_item"]);

/** The patterns whose identifiers bind a local (`let (a, mut b)`, `|x|`, `Some(y)`, `z @ ..`). */
const BINDING_PATTERNS = new Set([
  "tuple_pattern",
  "mut_pattern",
  "ref_pattern",
  "closure_parameters",
  "slice_pattern",
  "or_pattern",
  "match_pattern",
  "captured_pattern",
]);

/** Not `Add` and `Sub`: a raw pointer's `.add(n)` and `.sub(n)` are its own. */
const OPERATOR_TRAITS = (
  "Mul Div Rem Neg Not Shl Shr BitAnd BitOr BitXor AddAssign SubAssign MulAssign " +
  "DivAssign RemAssign ShlAssign ShrAssign BitAndAssign BitOrAssign BitXorAssign"
).split(" ");

/**
 * Functions types have of their own or through the standard library's traits
 * (`Vec::new()`, `String::from(x)`, `u32::max_value()`): a call of one on a
 * type is no call of a trait of that name's function (`Bounded::max_value`).
 */
const OWN_FUNCTIONS = new Set(
  "new default from into try_from with_capacity max_value min_value from_str_radix from_str clone len is_empty".split(
    " ",
  ),
);

/**
 * The crate's traits and the methods each declares (`trait Itertools: Iterator { fn join(…) … }`),
 * by name, read from its files' code and its dependencies' (num_traits' `Zero`): each method with whether it takes
 * arguments besides `self` (petgraph's `Walker::iter(self, context)` is not
 * a slice's `.iter()`).
 */
function crateTraits(context: RustContext): Map<string, Map<string, boolean | undefined>> {
  // The operator traits, called by name (`rr.shl(n)` needs `use core::ops::Shl;`): each
  // method is its trait's name in snake case. A crate's own trait of that name wins.
  const out = new Map<string, Map<string, boolean | undefined>>(
    OPERATOR_TRAITS.map((t) => [
      t,
      new Map([
        [
          t
            .replace(/^Bit(\w)/, (_, c: string) => `bit${c.toLowerCase()}`)
            .replace(/(?<=[a-z])([A-Z])/g, "_$1")
            .toLowerCase(),
          undefined,
        ],
      ]),
    ]),
  );
  // The dependencies' first: a trait of the crate's own of the same name wins.
  for (const file of [...(context.dependencies ?? []), ...context.files]) {
    const code = rustCode(file.text);
    // Each `{`'s match, in one pass: a file of unclosed `trait A {` costs its length, once.
    const closing = new Map<number, number>();
    const open: number[] = [];
    for (let i = 0; i < code.length; i++)
      if (code[i] === "{") open.push(i);
      else if (code[i] === "}") {
        const at = open.pop();
        if (at !== undefined) closing.set(at, i);
      }
    // A header of at most 2,000 characters (bounds, a where clause) before its body.
    for (const t of code.matchAll(/\btrait\s+([A-Z]\w*)[^{;]{0,2000}\{/g)) {
      const start = t.index + t[0].length - 1;
      const body = code.slice(start + 1, closing.get(start) ?? start + 1);
      // A generic method's parameters are not read here (`fn pick<T: Into<u32>>(…)`, `<F: Fn()>`):
      // whether it takes arguments is not known, and a call either way may be its.
      const methods = new Map<string, boolean | undefined>(
        [...body.matchAll(/\bfn\s+([a-z_]\w*)\s*(?:(<)|\(([^)]*))/g)].map((m) => [
          m[1] ?? "",
          m[2]
            ? undefined
            : (m[3] ?? "")
                .replace(/^\s*(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b(?:\s*:[^,]*)?\s*,?/, "")
                .trim() !== "",
        ]),
      );
      // Its functions without `self` (`fn one() -> Self`), keyed `::one`: called on a type
      // (`BigUint::one()`), they need the trait in scope as much as a method does.
      for (const m of body.matchAll(/\bfn\s+([a-z_]\w*)\s*\(([^)]*)/g))
        if (
          !/^\s*(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b/.test(m[2] ?? "") &&
          !OWN_FUNCTIONS.has(m[1] ?? "")
        )
          methods.set(`::${m[1]}`, undefined);
      if (methods.size) out.set(t[1] ?? "", methods);
    }
  }
  return out;
}

/** The words of `code` that may name something (rustCode's: no comments or literals). */
const identifiers = (code: string) => [...code.matchAll(/\b[A-Za-z_]\w*/g)].map((m) => m[0]);

/** `#[test]`, and an attribute of another crate whose path ends in `test` (`#[tokio::test(…)]`). */
const TEST_ATTRIBUTE = /^#\[\s*(?:::)?(?:[A-Za-z_]\w*\s*::\s*)*test\s*(?:\([\s\S]*\))?\s*\]$/;

/**
 * Of each name read in [start, end), the `#[cfg(…)]` it is read under, where
 * every read is inside an item built only for some configuration (regex-
 * syntax's `#[cfg(not(any(feature = "unicode-perl", …)))] fn imp()`, the one
 * of three that reads `Error`): its `use` takes it, else it is unused where
 * that item is not built (a warning). "" where a read is not under one.
 */
function readUnder(
  tree: Tree,
  start: number,
  end: number,
  /** Names bound as locals somewhere: for them, only a call reads the item (`bidi_class('a')`). */
  locals: ReadonlySet<string> = new Set(),
): (name: string) => string {
  const under = new Map<string, Set<string> | null>();
  const isCall = (node: Node) =>
    (node.parent?.type === "call_expression" &&
      node.parent.childForFieldName("function")?.id === node.id) ||
    (node.parent?.type === "token_tree" && /^\(/.test(node.nextSibling?.text ?? ""));
  const visit = (node: Node, cfg: string | undefined) => {
    if (node.endIndex <= start || node.startIndex >= end) return;
    if (node.type === "use_declaration") return;
    if (
      (node.type === "identifier" || node.type === "type_identifier") &&
      (!locals.has(node.text) || isCall(node))
    ) {
      const seen = under.get(node.text);
      if (cfg === undefined || seen === null) under.set(node.text, null);
      else under.set(node.text, new Set([...(seen ?? []), cfg]));
    }
    let gate: string | undefined;
    for (const child of kids(node)) {
      if (child.type === "attribute_item") {
        // A `#[test]` function is built for the tests alone, as `#[cfg(test)]` is; so is one
        // of another crate's attributes that end in `test` (`#[tokio::test(…)]`), which expand to it.
        const cfg = TEST_ATTRIBUTE.test(child.text) ? TEST_CFG.trim() : child.text;
        if (/^#\[\s*cfg\s*\(/.test(cfg)) gate = gate === undefined ? cfg : "";
        continue;
      }
      if (child.type.includes("comment")) continue;
      // Two `#[cfg]`s on one item: both hold; not written here ("": read as ungated). Inside
      // what only the tests build, everything is for the tests (rand's `#[cfg(feature =
      // "alloc")]` test functions in its `#[cfg(test)] mod test`).
      const tests = cfg !== undefined && isTestCfg(`${cfg}\n`);
      visit(child, tests ? cfg : gate === "" ? undefined : (gate ?? cfg));
      gate = undefined;
    }
  };
  visit(tree.rootNode, undefined);
  return (name) => {
    const cfgs = under.get(name);
    if (!cfgs?.size) return "";
    if (cfgs.size === 1) return `${[...cfgs][0]}\n`;
    const predicates = [...cfgs].map((c) => /^#\[\s*cfg\s*\(([\s\S]*)\)\s*\]$/.exec(c)?.[1]);
    return predicates.every((p) => p !== undefined)
      ? `#[cfg(any(${predicates.join(", ")}))]\n`
      : "";
  };
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
    used: readsIn(tree, input.sourceBefore, input.unit.start, input.unit.end).used,
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
    const block = wanted.map(useLine).join("");
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

/** A declaration's visibility as written (`pub(crate)`, "" for none), and where it is or goes. */
interface Visibility {
  text: string;
  start: number;
  end: number;
}

function visibilityAt(node: Node): Visibility {
  const v = kids(node).find((k) => k.type === "visibility_modifier");
  return v
    ? { text: v.text, start: v.startIndex, end: v.endIndex }
    : { text: "", start: node.startIndex, end: node.startIndex };
}

/** A struct's field (`0`, `1` … in a tuple struct) or an inherent impl's associated item, with its visibility and extent. */
interface Member {
  name: string;
  visibility: Visibility;
  start: number;
  end: number;
}

/** A top-level item of a Rust file: its name, visibility, `#[cfg(…)]` attributes, where it is, a struct's fields. */
interface Item {
  name: string;
  /** Its node's type: `function_item`, `struct_item`, … */
  kind: string;
  visibility: Visibility;
  /** Its `#[cfg(…)]` attributes, a line each: a `use` of it needs them too. */
  cfg: string;
  start: number;
  end: number;
  fields: Member[];
}

function fieldsOf(node: Node): Member[] {
  const body = node.childForFieldName("body");
  if (body?.type === "field_declaration_list")
    return kids(body)
      .filter((k) => k.type === "field_declaration")
      .map((f) => ({
        name: f.childForFieldName("name")?.text ?? "",
        visibility: visibilityAt(f),
        start: f.startIndex,
        end: f.endIndex,
      }));
  if (body?.type !== "ordered_field_declaration_list") return [];
  const out: Member[] = [];
  let modifier: Node | undefined;
  for (const k of kids(body)) {
    if (!k.isNamed || k.type === "attribute_item" || k.type.includes("comment")) continue;
    if (k.type === "visibility_modifier") {
      modifier = k;
      continue;
    }
    const visibility = modifier
      ? { text: modifier.text, start: modifier.startIndex, end: modifier.endIndex }
      : { text: "", start: k.startIndex, end: k.startIndex };
    out.push({ name: String(out.length), visibility, start: visibility.start, end: k.endIndex });
    modifier = undefined;
  }
  return out;
}

/**
 * The statics `thread_local!` and `lazy_static!` declare (rand's `thread_local!(static
 * THREAD_RNG_KEY: … = …);`): items of the module as any static is, their visibility words
 * inside the macro's braces.
 */
const STATIC_MACROS = /^(?:(?:std|::std)\s*::\s*)?(?:thread_local|lazy_static)$/;

function macroStatics(node: Node, cfg: string): Item[] {
  const code = rustCode(node.text);
  const out: Item[] = [];
  for (const m of code.matchAll(
    /(^|[\s;{}(\]])((?:pub(?:\s*\([^)\n]{0,100}\))?\s+)?)static\s+(?:ref\s+)?([A-Za-z_]\w*)\s*:/g,
  )) {
    const at = node.startIndex + m.index + (m[1] ?? "").length;
    const words = (m[2] ?? "").trim();
    out.push({
      name: m[3] ?? "",
      kind: "static_item",
      visibility: { text: words, start: at, end: at + words.length },
      cfg,
      start: node.startIndex,
      end: node.endIndex,
      fields: [],
    });
  }
  return out;
}

/** A top-level macro call that declares statics: `lazy_static! { … }`, `thread_local!( … );` (a statement). */
function staticMacro(node: Node): Node | undefined {
  const call = node.type === "expression_statement" ? node.namedChild(0) : node;
  return call?.type === "macro_invocation" &&
    STATIC_MACROS.test(call.childForFieldName("macro")?.text ?? "")
    ? call
    : undefined;
}

function itemsOf(tree: Tree): Item[] {
  return kids(tree.rootNode)
    .filter(
      (c) =>
        (/_item$/.test(c.type) && c.type !== "use_declaration") || staticMacro(c) !== undefined,
    )
    .flatMap((c) => {
      const cfg: string[] = [];
      for (let p = c.previousNamedSibling; p; p = p.previousNamedSibling) {
        if (p.type === "attribute_item" && /^#\[\s*cfg\s*\(/.test(p.text)) cfg.unshift(p.text);
        else if (p.type !== "attribute_item" && !p.type.includes("comment")) break;
      }
      const call = staticMacro(c);
      if (call) return macroStatics(call, cfg.map((a) => `${a}\n`).join(""));
      const name = c.childForFieldName("name")?.text;
      if (!name || c.type === "impl_item") return [];
      const fields = c.type === "struct_item" || c.type === "union_item" ? fieldsOf(c) : [];
      return [
        {
          name,
          kind: c.type,
          visibility: visibilityAt(c),
          cfg: cfg.map((a) => `${a}\n`).join(""),
          start: c.startIndex,
          end: c.endIndex,
          fields,
        },
      ];
    });
}

/** The associated functions, constants and types of a file's inherent impls (a trait impl's are the trait's), by type. */
function implMembersOf(tree: Tree): (Member & { type: string })[] {
  return kids(tree.rootNode)
    .filter((c) => c.type === "impl_item" && !c.childForFieldName("trait"))
    .flatMap((impl) => {
      const type = (impl.childForFieldName("type")?.text ?? "").replace(/<[\s\S]*$/, "");
      const body = impl.childForFieldName("body");
      return kids(body ?? impl)
        .filter((k) => ["function_item", "const_item", "type_item"].includes(k.type))
        .flatMap((k) => {
          const name = k.childForFieldName("name")?.text;
          const at = { start: k.startIndex, end: k.endIndex };
          return name ? [{ type, name, visibility: visibilityAt(k), ...at }] : [];
        });
    });
}

/**
 * Whether `code` may reach member `name` of a type, by name alone (no
 * types here, so over-approximated): `x.name`, `T::name`, `name: …` or
 * `{ name }` in a literal or a pattern.
 */
function reachesMember(code: string, name: string): boolean {
  if (new RegExp(`(?:\\.|::)\\s*${name}\\b`).test(code)) return true;
  // In braces: not a parameter (similar's `fn common_suffix_len(old: &Old, …)`, which
  // reads no field `old`), a tuple's item or `let name: T`. A field may have attributes.
  const opener = openers(code);
  for (const m of code.matchAll(
    new RegExp(`([{,])\\s*(?:#\\[[^\\]\\n]{0,200}\\]\\s*)*${name}\\s*(?::(?!:)|[,}])`, "g"),
  ))
    if (m[1] === "{" || opener(m.index) === "{") return true;
  return false;
}

/** The last text `openers` read, and what it found: a unit's code is asked of each field. */
let openersOf: { code: string; at: (offset: number) => string | undefined } | undefined;

/**
 * The bracket, `(`, `[` or `{`, left open at each offset of `code` (undefined at the top), in
 * one pass: asked of every match in a long file, a scan back from each would be quadratic.
 */
function openers(code: string): (offset: number) => string | undefined {
  if (openersOf?.code === code) return openersOf.at;
  const open = new Uint8Array(code.length);
  const stack: number[] = [];
  for (let i = 0; i < code.length; i++) {
    open[i] = stack.at(-1) ?? 0;
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) stack.push(c);
    else if (c === 41 || c === 93 || c === 125) stack.pop();
  }
  const at = (offset: number) => {
    const c = open[offset] ?? 0;
    return c ? String.fromCharCode(c) : undefined;
  };
  openersOf = { code, at };
  return at;
}

/**
 * Whether `code` may reach associated item `name` of `type`: as a method
 * (`x.name(…)`, any type's: no types here), or by the type's path
 * (`Type::name`, `Type::<T>::name`, `Self::name`), not another type's
 * (petgraph's `node_index` calls `NodeIndex::new`, not `NodeIdentifiers::new`).
 */
function reachesAssociated(code: string, type: string, name: string): boolean {
  return new RegExp(
    `\\.\\s*${name}\\b|\\b(?:${type}|Self)\\s*(?:::\\s*)?(?:<[^;{}]{0,300}?>\\s*)?::\\s*${name}\\b`,
  ).test(code);
}

/** `use` lines of `names` under `module`, one per set of `#[cfg(…)]` attributes (each name's: `cfgOf`). */
function useLines(
  module: readonly string[],
  names: readonly string[],
  cfgOf: (name: string) => string,
  reach: (name: string) => string = () => "",
): string[] {
  const groups = new Map<string, { cfg: string; words: string; names: string[] }>();
  for (const n of names) {
    const cfg = cfgOf(n);
    const words = reach(n);
    const key = `${cfg}\0${words}`;
    const group = groups.get(key) ?? { cfg, words, names: [] };
    group.names.push(n);
    groups.set(key, group);
  }
  const path = ["crate", ...module].join("::");
  return [...groups.values()].map(
    ({ cfg, words, names: ns }) =>
      `${cfg}${words}use ${ns.length === 1 ? `${path}::${ns[0]}` : `${path}::{${ns.join(", ")}}`};`,
  );
}

/**
 * What a move opens in one file: its edits, and the receipt's names for each
 * visibility written and why (`pub(crate)`, `read by crate::text`: `lower`).
 */
class Opening {
  readonly edits: { start: number; end: number; insert: string }[] = [];
  private readonly names = new Map<string, string[]>();
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** Declaration `label` of module `at` made visible to `scope`, unless it already is. */
  open(
    label: string,
    visibility: Visibility,
    scope: string[],
    at: readonly string[],
    why: string,
  ): void {
    const now = scopeOf(visibility.text, at);
    if (now && now.length === scope.length && now.every((p, i) => p === scope[i])) return;
    const written = visibilityFor(scope, at);
    if (visibility.text && !written) {
      const space = /^\s*/.exec(this.text.slice(visibility.end))?.[0].length ?? 0;
      this.edits.push({ start: visibility.start, end: visibility.end + space, insert: "" });
    } else if (visibility.text)
      this.edits.push({ start: visibility.start, end: visibility.end, insert: written });
    else this.edits.push({ start: visibility.start, end: visibility.start, insert: `${written} ` });
    const key = `${written || "private"} (${why})`;
    this.names.set(key, [...(this.names.get(key) ?? []), label]);
  }

  /** The receipt's lines: `src/util.rs: lower made pub(crate) (read by crate::text)`. */
  said(file: string): string[] {
    return [...this.names].map(
      ([made, names]) => `${file}: ${[...new Set(names)].join(", ")} made ${made}`,
    );
  }
}

/**
 * A move between two modules of a crate (issue 35): the new module declared
 * where the crate lays it out (`mod text;` in its parent's file), the unit's
 * `use`s carried with `self::`/`super::` paths written for its new place (a
 * glob of a module of the crate only when the unit may read what it brings),
 * the old module's items it reads imported (`use crate::util::{helper}`), the
 * old module importing the unit back where it still uses it (with the unit's
 * `#[cfg(…)]`), `use`s nothing in the old file uses any more dropped.
 * Importers are rust/modules.ts's. What the move would put out of a reader's
 * reach is made reachable, no wider than the readers need
 * (`pub(in <the module both are in>)`: `pub(crate)`, `pub(super)`), and the
 * receipt says so: the old module's items, fields and associated items the
 * unit reads; the unit's own items and fields its old module reads (a
 * private field of a struct moved out of the crate root, which the whole
 * crate saw, becomes `pub(crate)`: as visible as it was). A visibility
 * written relative to the old module (`pub(super)`) is written for the new one.
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
  /**
   * What a glob `use` of the old module brings, where it can be known: a module of the crate's
   * bindings, an enum's variants (the crate's, through its re-exports, or std's: `self::Needed::*`,
   * `…::result::Result::*`), x86's intrinsics. Undefined for another crate's module.
   */
  const globBrings = (segments: readonly string[]): ((name: string) => boolean) | undefined => {
    const target = resolvePath(segments.slice(0, -1), oldModule, isModule);
    const file = target && isModule(target) ? moduleFile(target, context) : undefined;
    // An inline module of the old file (similar's iter.rs: `#[cfg(feature = "text")] pub use
    // self::text::*;` of its `mod text { … }`): what its block binds.
    const inline =
      !file &&
      target?.length === oldModule.length + 1 &&
      oldModule.every((part, i) => target[i] === part)
        ? inlineModuleText(input.sourceBefore, target.at(-1) ?? "")
        : undefined;
    const names = file
      ? [...bindingsOf(file.text)]
      : inline !== undefined
        ? [...bindingsOf(inline)]
        : ((target &&
            variantsThrough(target.slice(0, -1), target.at(-1) ?? "", context, isModule)) ??
          STD_VARIANTS.get(segments.slice(-3, -1).join("::")));
    if (names) return (name) => names.includes(name);
    return archBrings(segments.slice(0, -1));
  };
  const crate = (m: readonly string[]) => ["crate", ...m].join("::");
  // The file's own macros the unit invokes go with it; what they read, the unit reads.
  const needed = await macrosNeeded(input.sourceBefore, input.unit);
  // One the destination defines already stays its own; another of the same name would shadow it.
  const there = new Map((await fileMacros(input.destAfter)).map((m) => [m.name, m.text]));
  const same = (a: string, b: string) => a.replace(/\s+/g, " ") === b.replace(/\s+/g, " ");
  const carried = [...needed.copy, ...needed.take].sort((a, b) => a.start - b.start);
  const macros = { ...needed, carried: carried.filter((m) => !there.has(m.name)) };
  for (const m of carried)
    if (there.has(m.name) && !same(there.get(m.name) ?? "", m.text))
      blocked.push(
        `${destPath} has a macro_rules! ${m.name} of its own, and the unit invokes ${sourcePath}'s: move it to another file, or make the two one first.`,
      );
  const macroNames = new Set(carried.map((m) => m.name));
  const macroCode = carried.map((m) => rustCode(m.text)).join("\n");
  const macroReads = new Set(
    [
      ...macroCode
        .replace(/\bmacro_rules\s*!\s*\w+/g, "")
        .matchAll(/(?<![\w$]|::\s*|\.\s*)\b([A-Za-z_]\w*)\b(?!\s*!)/g),
    ].map((m) => m[1] ?? ""),
  );
  const before = await withTree(input.sourceBefore, "rust", (tree) => {
    const { start, end } = input.unit;
    const reads = readsIn(tree, input.sourceBefore, start, end, macroNames);
    return {
      facts: factsOf(tree, input.sourceBefore),
      used: new Set([...reads.used, ...macroReads]),
      plain: new Set([...reads.plain, ...macroReads]),
      values: new Set([...reads.values, ...macroReads]),
      items: itemsOf(tree),
      under: readUnder(tree, start, end),
    };
  });
  // A trait of the crate whose methods the unit calls is read by it: its import goes along
  // (free.rs's `join` calls `.join(sep)`, Itertools' method, through `use crate::Itertools;`).
  const traits = crateTraits(context);
  const traitsCalled = (code: string, used: Set<string>) => {
    // Each method called, by whether a call passes arguments (`.iter()` none, `.iter(g)` some;
    // a string literal, blanked in `code`, is one).
    const called = new Map<string, Set<boolean>>();
    for (const m of code.matchAll(/\.\s*([a-z_]\w*)\s*(?:::<[^>]{0,500}>\s*)?\((\))?/g)) {
      const name = m[1] ?? "";
      called.set(name, (called.get(name) ?? new Set()).add(m[2] === undefined));
    }
    // A type's function (`BigUint::one()`, `T::zero()`), keyed as crateTraits keys them.
    for (const m of code.matchAll(
      /\b(?:[A-Z]\w*|Self|[iu](?:8|16|32|64|128|size)|f32|f64)\s*::\s*([a-z_]\w*)\s*(?:::<[^>]{0,500}>\s*)?\(/g,
    ))
      called.set(`::${m[1]}`, new Set([true, false]));
    const found: string[] = [];
    for (const [trait, methods] of traits)
      if (
        [...methods].some(
          ([m, args]) =>
            (args === undefined ? called.has(m) : called.get(m)?.has(args)) &&
            !ITERATOR_CALLS.has(m),
        )
      )
        found.push(trait);
    for (const trait of found) used.add(trait);
    return found;
  };
  // A trait that moves calls its own methods in its default bodies (num-traits' FloatCore:
  // `self.is_nan()`, which Float declares too): those calls, on `self` and `Self::`, need no
  // other trait.
  let traitCode = rustCode(input.sourceBefore);
  for (const t of before.items.filter(
    (i) => i.kind === "trait_item" && i.start >= input.unit.start && i.end <= input.unit.end,
  )) {
    const body = traitCode.slice(t.start, t.end);
    const own = new Set([...body.matchAll(/\bfn\s+([a-z_]\w*)/g)].map((m) => m[1] ?? ""));
    const blanked = body.replace(
      /\b(self\s*\.|Self\s*::)(\s*)([a-z_]\w*)(?=\s*(?:::<|\())/g,
      (call, on: string, gap: string, name: string) =>
        own.has(name) ? " ".repeat(call.length) : `${on}${gap}${name}`,
    );
    traitCode = traitCode.slice(0, t.start) + blanked + traitCode.slice(t.end);
  }
  // What the unit reads without naming it: a glob that brings one of these goes along too
  // (petgraph's `use crate::prelude::*`, which brings `EdgeRef`, whose `.source()` it calls).
  const unitTraits = traitsCalled(
    `${traitCode.slice(input.unit.start, input.unit.end)}\n${macroCode}`,
    before.used,
  );
  const inUnit = (i: Item) => i.start >= input.unit.start && i.end <= input.unit.end;
  const unitItems = before.items.filter(inUnit);
  const moved = unitItems.map((i) => i.name);
  const movedSet = new Set(moved);
  // The old module's items the unit reads; a function, constant or static read as one
  // (`f64::from_bits` is the type's, not nom's function `f64`).
  const reads = (i: Item, names: { used: Set<string>; values: Set<string> }) =>
    names.used.has(i.name) && (!VALUE_ITEMS.has(i.kind) || names.values.has(i.name));
  const own = before.items.filter((i) => !movedSet.has(i.name) && reads(i, before) && !inUnit(i));
  const cfgOf = (items: readonly Item[]) => (name: string) =>
    items.find((i) => i.name === name)?.cfg ?? "";
  // The old file as the move leaves it, read with the macros the unit takes gone (blanked, so
  // that offsets hold): what only their bodies read (bytes' `buf_get_impl!`, `mem::size_of`)
  // is not read there any more.
  const sourceLeft = macros.take.reduce(
    (text, m) => text.replace(m.text, m.text.replace(/[^\n]/g, " ")),
    input.sourceAfter,
  );
  const after = await withTree(sourceLeft, "rust", (tree) => {
    const reads = readsIn(tree, sourceLeft, 0, sourceLeft.length);
    return {
      ...reads,
      under: readUnder(tree, 0, sourceLeft.length, reads.locals),
      facts: factsOf(tree, sourceLeft),
      items: itemsOf(tree),
      members: implMembersOf(tree),
    };
  });
  const afterCode = rustCode(sourceLeft);
  const namedAfter = new Set(after.used);
  // A trait whose methods are called only in blocks that import it themselves (rand's test
  // `fn test_dist_string() { use crate::distributions::{…, DistString, …}; … }`): the file
  // itself needs no import of it (an unused one otherwise).
  for (const trait of traitsCalled(afterCode, after.used)) {
    if (namedAfter.has(trait)) continue;
    const outside = blankBlocksImporting(afterCode, trait);
    if (outside !== afterCode && !traitsCalled(outside, new Set()).includes(trait))
      after.used.delete(trait);
  }
  const stillUsed = unitItems.filter((i) => reads(i, after)).map((i) => i.name);
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

  // What of the old module the unit reads, out of the new module's reach, is opened to it:
  // items, their fields, inherent impls' associated items; read in the unit's code, its own
  // fields' declarations (`name: Type`) left out.
  const fieldsBlank = unitItems.flatMap((i) =>
    i.fields.map((f) => ({ ...f, insert: " ".repeat(f.end - f.start) })),
  );
  const unitCode = `${rustCode(replaceRanges(input.sourceBefore, fieldsBlank)).slice(input.unit.start, input.unit.end)}\n${macroCode}`;
  const inSource = new Opening(input.sourceAfter);
  const reach = (label: string, visibility: Visibility) => {
    const scope = scopeOf(visibility.text, oldModule);
    if (scope && !within(newModule, scope))
      inSource.open(
        label,
        visibility,
        sharedModule(scope, newModule),
        oldModule,
        `read by ${crate(newModule)}`,
      );
  };
  const ownNames = new Set(own.map((o) => o.name));
  // An enum opened opens the types its variants hold, of the old module, as far (a variant's
  // fields are as visible as its enum: permutations.rs's `PermutationState::Complete(CompleteState)`,
  // a warning otherwise, type `CompleteState` is more private than the item).
  const opened = new Set<string>();
  const open = (i: Item) => {
    // Each declaration: a name declared under two `#[cfg]`s (textwrap's `ch_width`) is two.
    const key = `${i.name}@${i.start}`;
    if (opened.has(key)) return;
    opened.add(key);
    reach(i.name, i.visibility);
    const text = rustCode(input.sourceAfter.slice(i.start, i.end));
    // So do a type alias and a function the types they name (petgraph's adj.rs: `type Row<E,
    // Ix> = Vec<WSuc<E, Ix>>`, where a private `WSuc` is more private than the alias opened).
    const head =
      i.kind === "type_item" || i.kind === "function_item"
        ? new RegExp(`\\b(?:type|fn)\\s+${i.name}\\b`).exec(text)
        : new RegExp(`\\benum\\s+${i.name}\\b`).exec(text);
    if (!head) return;
    const rest = text.slice(head.index + head[0].length);
    const body = rest.indexOf("{");
    const named = i.kind === "function_item" && body >= 0 ? rest.slice(0, body) : rest;
    for (const m of named.matchAll(/\b[A-Z]\w*/g)) {
      const held = after.items.find((j) => j.name === m[0] && j !== i);
      if (held) open(held);
    }
  };
  for (const i of after.items) {
    if (ownNames.has(i.name)) open(i);
    // A tuple struct the unit builds or takes apart (`MapSpecialCaseFnOk(f)`) needs every field.
    const whole =
      /^\d+$/.test(i.fields[0]?.name ?? "") && new RegExp(`\\b${i.name}\\s*\\(`).test(unitCode);
    for (const f of i.fields)
      if (whole || reachesMember(unitCode, f.name)) reach(`${i.name}.${f.name}`, f.visibility);
  }
  for (const m of after.members)
    if (reachesAssociated(unitCode, m.type, m.name)) reach(`${m.type}::${m.name}`, m.visibility);
  // A child module the old one declares private, which a `use` the unit takes goes through
  // (petgraph's isomorphism.rs: `mod state { … }` and `use self::state::Vf2State;`), is opened
  // as far as the new module, where the old module does not re-export what it brings to it.
  for (const u of before.facts.uses) {
    if (u.name === "*" || !before.used.has(u.name)) continue;
    const segments = (u.path.split(/\s+as\s+/)[0] ?? "").split("::");
    if (
      !["self", "super", "crate"].includes(segments[0] ?? "") &&
      !isModule([...oldModule, segments[0] ?? ""])
    )
      continue;
    const target = resolvePath(segments.slice(0, -1), oldModule, isModule);
    const child = target?.[oldModule.length];
    if (
      !target ||
      child === undefined ||
      target.slice(0, oldModule.length).join("::") !== oldModule.join("::") ||
      within(newModule, [...oldModule, child]) ||
      (u.visibility && within(newModule, scopeOf(u.visibility, oldModule)))
    )
      continue;
    const module = after.items.find((i) => i.name === child && i.kind === "mod_item");
    if (module) open(module);
  }
  changes.push(...inSource.said(sourcePath));

  // What of the unit its old module reads (the old file, the modules inside the old one) stays
  // in its reach; a visibility relative to the old module is written for the new one.
  const readers = [
    rustCode(input.sourceAfter),
    ...context.files
      .filter((f) => f.path !== sourcePath && f.path !== destPath)
      .filter((f) => within(modulePathOf(f.path, context.src) ?? ["\0"], oldModule))
      .map((f) => rustCode(f.text)),
  ];
  const inDest = new Opening(input.destAfter);
  /** Declaration `label` kept in reach: a private one where the old module reads it, else as far as it reached. */
  const keep = (label: string, visibility: Visibility, read: () => boolean) => {
    const scope = scopeOf(visibility.text, oldModule);
    if (scope === undefined) return;
    if (visibility.text)
      inDest.open(
        label,
        visibility,
        sharedModule(scope, newModule),
        newModule,
        `${visibility.text} in ${crate(oldModule)}`,
      );
    else if (read())
      inDest.open(
        label,
        visibility,
        sharedModule(oldModule, newModule),
        newModule,
        `read by ${crate(oldModule)}`,
      );
  };
  const destItems = (await withTree(input.destAfter, "rust", itemsOf)).filter((i) =>
    movedSet.has(i.name),
  );
  for (const i of destItems) {
    const word = new RegExp(`\\b${i.name}\\b`);
    keep(i.name, i.visibility, () => readers.some((r) => word.test(r)));
    for (const f of i.fields)
      keep(`${i.name}.${f.name}`, f.visibility, () =>
        readers.some((r) => reachesMember(r, f.name)),
      );
  }
  changes.push(...inDest.said(destPath));

  // The new file: the unit's uses, written for its place; the old module's items it reads.
  let destination = replaceRanges(input.destAfter, inDest.edits);
  const dest = await withTree(destination, "rust", (tree) => factsOf(tree, destination));
  const bound = new Set([...dest.uses.map((u) => u.name), ...dest.declared]);
  // Names the unit's explicit uses, its old module's items and itself bind: no glob brings them.
  const named = new Set([
    ...before.facts.uses.filter((u) => u.name !== "*").map((u) => u.name),
    ...ownNames,
    ...movedSet,
    ...bound,
  ]);
  // The names the unit may read through a glob: not a method it declares or calls (`fn source`,
  // `e.source()`), which a glob brings no more than it brings a field.
  const unitReads = identifiers(
    unitCode
      .replace(/\bfn\s+[A-Za-z_]\w*/g, "fn")
      .replace(/(?<!\.)\.(?![.=])\s*[A-Za-z_]\w*/g, "."),
  );
  const wanted: { path: string; attributes?: string }[] = [];
  for (const u of before.facts.uses) {
    if (u.name !== "*" && (!before.used.has(u.name) || bound.has(u.name))) continue;
    const [path, alias] = u.path.split(/\s+as\s+/);
    const segments = (path ?? "").split("::");
    const style = styleOf(segments);
    if (u.name === "*") {
      // A glob of a moving enum's variants (tables.rs's `use self::BidiClass::*;` beside the
      // enum): the unit declares them, which is no read; where it reads one past its
      // declaration, the new file takes the glob of its own enum.
      const target = resolvePath(segments.slice(0, -1), oldModule, isModule);
      const own = target?.at(-1);
      if (own && movedSet.has(own) && target?.slice(0, -1).join("::") === oldModule.join("::")) {
        const declared = variantsOf(
          input.sourceBefore.slice(input.unit.start, input.unit.end),
          own,
        );
        const readsOne = (declared ?? []).some(
          (v) => (unitCode.match(new RegExp(`\\b${v}\\b`, "g")) ?? []).length > 1,
        );
        if (readsOne) wanted.push({ ...u, path: `self::${own}::*` });
        continue;
      }
      // Carried when the unit may read what it brings.
      const brings = globBrings(segments);
      if (brings && ![...unitReads, ...unitTraits].some((n) => brings(n) && !named.has(n)))
        continue;
    }
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
      // Through a child module the old one declares private (textwrap's `mod optimal_fit;`),
      // which the new module cannot reach: through the old module's re-export of it, where
      // its `use` is one the new module sees (`pub use optimal_fit::{…, Penalties};`).
      const child = target[oldModule.length];
      const hidden =
        child !== undefined &&
        target.slice(0, oldModule.length).join("::") === oldModule.join("::") &&
        !within(newModule, [...oldModule, child]) &&
        declaresModule(input.sourceBefore, child)?.[1]?.trim() === "";
      const reexported =
        hidden && u.visibility !== undefined && u.visibility !== ""
          ? within(newModule, scopeOf(u.visibility, oldModule))
          : false;
      const written = reexported
        ? `${writePath(oldModule, newModule, style === "bare" ? "crate" : style)}::${u.name}`
        : `${writePath(target, newModule, style === "bare" ? "crate" : style)}::${segments.at(-1)}`;
      wanted.push({
        ...u,
        path: alias && !reexported ? `${written} as ${alias}` : written,
      });
    } else wanted.push(u);
  }
  // Under its own `#[cfg]`, else under the one the unit reads it under; a name declared under
  // several (`#[cfg(feature = "x")] fn ch_width` and `#[cfg(not(feature = "x"))] fn ch_width`),
  // once under each.
  const ownNamesOnce = [...new Set(own.map((o) => o.name))];
  const several = new Set(
    ownNamesOnce.filter((n) => new Set(own.filter((o) => o.name === n).map((o) => o.cfg)).size > 1),
  );
  const ownLines = [
    ...useLines(
      oldModule,
      ownNamesOnce.filter((n) => !several.has(n)),
      (name) => cfgOf(own)(name) || before.under(name),
    ),
    ...[...several].flatMap((n) =>
      [...new Set(own.filter((o) => o.name === n).map((o) => o.cfg))].flatMap((cfg) =>
        useLines(oldModule, [n], () => cfg),
      ),
    ),
  ];
  const macroBlock = macros.carried.map((m) => `${m.text}\n`).join("\n");
  if (wanted.length || ownLines.length || macroBlock) {
    const uses = [...wanted.map(useLine), ...ownLines.map((l) => `${l}\n`)].join("");
    const block = uses + (macroBlock && (uses || dest.hasUses) ? "\n" : "") + macroBlock;
    const at = dest.insertAt;
    const rest = destination.slice(at);
    const lead = !dest.hasUses && at > 0 ? "\n" : "";
    const gap = !dest.hasUses && rest !== "" && !rest.startsWith("\n") ? "\n" : "";
    destination = destination.slice(0, at) + lead + block + gap + rest;
    const imported = [
      ...wanted.map((w) => w.path),
      ...(ownNamesOnce.length === 1
        ? [`${crate(oldModule)}::${ownNamesOnce[0]}`]
        : ownNamesOnce.length
          ? [`${crate(oldModule)}::{${ownNamesOnce.join(", ")}}`]
          : []),
    ];
    if (uses) changes.push(`${destPath}: imports ${imported.join(", ")}`);
  }
  for (const [verb, list] of [
    ["copies", macros.copy],
    ["takes", macros.take],
  ] as const)
    if (list.length)
      changes.push(
        `${destPath}: ${verb} macro_rules! ${list.map((m) => m.name).join(", ")} from ${sourcePath}${verb === "copies" ? ", which still invokes them" : ""}`,
      );

  // The old file: what the unit reads opened; the uses only the unit read go (with their
  // attributes); what it still uses of the unit comes back.
  let source = replaceRanges(input.sourceAfter, inSource.edits);
  const code = rustCode(source);
  const top = atTopLevel(code);
  const drops: { start: number; end: number; insert: string }[] = [];
  const gone = (name: string) =>
    before.used.has(name) && !after.used.has(name) && name !== "*" && name !== "self";
  // A module imported alone (`use alloc::vec::{self, Vec}`) is not read by a macro of its name
  // (`vec![…]`, the crate's macro, not the module): gone when nothing else reads it.
  const moduleGone = (leaf: UseLeaf) =>
    leaf.segments.at(-1) === "self" &&
    before.plain.has(leaf.binding) &&
    !after.plain.has(leaf.binding);
  // What the unit read and only the old file's tests read now is kept for the tests alone.
  const testsOnly = (name: string) => before.used.has(name) && isTestCfg(after.under(name));
  const forTests: string[] = [];
  // A glob the unit read through and the rest of the file does not (`use super::*;`, an enum's
  // variants): it goes too. Names the file binds itself are not read through a glob.
  const boundIn = (facts: typeof before.facts, items: readonly Item[]) =>
    new Set([
      ...facts.uses.filter((u) => u.name !== "*").map((u) => u.name),
      ...items.map((i) => i.name),
    ]);
  const boundBefore = boundIn(before.facts, before.items);
  const boundAfter = boundIn(after.facts, after.items);
  const globGone = (leaf: UseLeaf) => {
    const brings = leaf.glob ? globBrings([...leaf.segments, "*"]) : undefined;
    if (!brings) return false;
    const through = (used: ReadonlySet<string>, bound: ReadonlySet<string>) =>
      [...used].some((n) => brings(n) && !bound.has(n));
    return through(before.used, boundBefore) && !through(after.used, boundAfter);
  };
  let dropped = 0;
  // A `use` with its attributes on its own line too (rand's `#[cfg(feature = "alloc")] use …;`).
  for (const m of code.matchAll(/^([ \t]*(?:#\[[^\]\n]*\][ \t]*)*use\s+)([^;]+);[^\n]*\n?/gm)) {
    if (!top(m.index)) continue;
    const tree = parseUseTree(m[2] ?? "");
    if (!tree) continue;
    // From the text itself: the code blanks the strings of `feature = "alloc"`.
    const attributes = source.slice(attributesStart(code, m.index), m.index + (m[1] ?? "").length);
    const gated = /#\[\s*cfg\b/.test(attributes);
    // A `use` under one `#[cfg(…)]` and nothing else (rand's `#[cfg(feature = "alloc")] use
    // alloc::vec::Vec;`) that only the tests read now is kept for them under both.
    const only = /^\s*#\[\s*cfg\s*\(([^\]\n]*)\)\s*\]\s*use\s+$/.exec(attributes)?.[1]?.trim();
    // One that names `test` itself (`#[cfg(not(test))]`) is left as it is.
    const testCfg = gated
      ? only && !/\btest\b/.test(only) && `#[cfg(all(test, ${only}))]\n`
      : TEST_CFG;
    const tested = (leaf: UseLeaf) =>
      !leaf.glob &&
      !!testCfg &&
      testsOnly(leaf.binding) &&
      (leaf.segments.at(-1) !== "self" || after.plain.has(leaf.binding));
    const going = (leaf: UseLeaf) =>
      (!leaf.glob && (gone(leaf.binding) || moduleGone(leaf))) ||
      tested(leaf) ||
      (!gated && globGone(leaf));
    const staying = pruneUseTree(tree, going);
    if (staying === tree) continue;
    for (const leaf of leavesOf(tree).filter(tested))
      forTests.push(
        // `use a::{self}` alone is `use a;`.
        `${testCfg}use ${(leaf.segments.at(-1) === "self" ? leaf.segments.slice(0, -1) : leaf.segments).join("::")}${leaf.alias ? ` as ${leaf.alias}` : ""};`,
      );
    dropped += leavesOf(tree).filter((l) => going(l) && !tested(l)).length;
    const start = m.index + (m[1] ?? "").length;
    drops.push(
      staying
        ? { start, end: start + (m[2] ?? "").length, insert: layUseTree(staying, m[1] ?? "") }
        : { start: attributesStart(code, m.index), end: m.index + m[0].length, insert: "" },
    );
  }
  if (drops.length) {
    source = replaceRanges(source, drops);
    if (dropped)
      changes.push(
        `${sourcePath}: drops ${dropped} use${dropped === 1 ? "" : "s"} only the unit read`,
      );
  }
  for (const line of forTests) source = addUse(source, line);
  if (forTests.length)
    changes.push(
      `${sourcePath}: keeps ${forTests.map((l) => l.replace(/^[\s\S]*use /, "").replace(/;$/, "")).join(", ")} for its tests alone`,
    );
  // The old module's import of what it still reads keeps the item's reach (`pub` as
  // `pub(crate)`): a path through it elsewhere in the crate (`age::V13_0`, which a `use` of the
  // module in a function's body reaches) still holds; a public one is re-exported (rustReexport).
  const reachOf = (name: string) => {
    const v = unitItems.find((i) => i.name === name)?.visibility.text ?? "";
    return v === "pub" ? "pub(crate) " : v ? `${v} ` : "";
  };
  // What only its tests still read comes back for the tests alone (an unused import otherwise).
  const deprecated = /#\[\s*deprecated\b/.test(
    input.sourceBefore.slice(input.unit.start, input.unit.end),
  );
  // Under the `#[cfg]` its reads there are all under (the tests', `all(test, feature = …)`), else
  // under the item's own.
  const backUnder = (name: string) => {
    const under = after.under(name);
    const own = cfgOf(unitItems)(name);
    // Read by the tests alone, an item built only under its own cfg: under both.
    const both = [...own.matchAll(/#\[\s*cfg\s*\(([^\]\n]*)\)\s*\]/g)].map((m) => m[1]?.trim());
    const cfg =
      under && isTestCfg(under) && both.length
        ? `#[cfg(all(test, ${both.join(", ")}))]\n`
        : under || own;
    return (deprecated ? ALLOW_DEPRECATED : "") + cfg;
  };
  for (const line of useLines(newModule, stillUsed, backUnder, reachOf)) {
    source = addUse(source, line);
    changes.push(`${sourcePath}: imports ${line.replace(/^[\s\S]*use /, "").replace(/;$/, "")}`);
  }
  if (declaring === sourcePath && !declaresModule(source, newName)) {
    source = addModuleLine(
      source,
      newName,
      visibilityOf(oldModule, newModule, context, input.sourceBefore, sourcePath),
    );
    changes.push(`${sourcePath}: declares mod ${newName}`);
  }
  // A new file of the unit alone takes the old file's lint allowances (`#![allow(deprecated)]`
  // over sources.rs, whose unit reads its deprecated RepeatCall): what was allowed there stays so.
  const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
  const allowances = [
    ...rustCode(input.sourceBefore).matchAll(/^#!\[\s*allow\s*\([^\]]*\)\s*\]/gm),
  ].map((m) => input.sourceBefore.slice(m.index, m.index + m[0].length));
  if (allowances.length && input.destAfter.trim() === unitText.trim()) {
    destination = `${allowances.join("\n")}\n\n${destination.replace(/^\s*\n/, "")}`;
    changes.push(`${destPath}: allows what ${sourcePath} allowed (${allowances.join(", ")})`);
  }
  for (const m of macros.take) source = source.replace(m.text, "");
  source = source.replace(/\n{3,}/g, "\n\n").replace(/\n{2,}$/, "\n");
  if (!/^\s*\n/.test(input.sourceBefore)) source = source.replace(/^\s*\n/, "");
  return { source, destination, changes, unresolved, ...(moved.length ? { moved } : {}) };
}

/** How the new module is declared (rust/modules.ts newModuleVisibility), the old file read as it was. */
export function visibilityOf(
  oldModule: string[],
  newModule: string[],
  context: RustContext,
  sourceText: string,
  sourcePath: string,
): string {
  const file = declaringFile(oldModule, context);
  const text = file === sourcePath ? sourceText : context.files.find((f) => f.path === file)?.text;
  return newModuleVisibility(oldModule, newModule, text, context);
}

/** The block of inline module `name` at the top of `text` (`mod text { … }`, its braces left out), or undefined. */
function inlineModuleText(text: string, name: string): string | undefined {
  const code = rustCode(text);
  const top = atTopLevel(code);
  for (const m of code.matchAll(new RegExp(`\\bmod\\s+${name}\\s*\\{`, "g"))) {
    if (!top(m.index)) continue;
    const open = m.index + m[0].length - 1;
    const close = closingBrace(code, open);
    if (close !== undefined) return text.slice(open + 1, close);
  }
  return undefined;
}

/** The `}` that closes the `{` at offset `open` of `code`, or undefined where none does. */
function closingBrace(code: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === "{") depth++;
    else if (code[i] === "}" && --depth === 0) return i;
  }
  return undefined;
}

/**
 * `code` with the blocks that hold a `use` naming `name` (not at the top: a function's, a
 * module's) blanked, braces and all: what the rest of the file reads.
 */
function blankBlocksImporting(code: string, name: string): string {
  const top = atTopLevel(code);
  const word = new RegExp(`\\b${name}\\b`);
  const ranges: [number, number][] = [];
  for (const m of code.matchAll(/\buse\s+[^;]{1,2000};/g)) {
    if (top(m.index) || !word.test(m[0])) continue;
    let depth = 0;
    let open = -1;
    for (let i = m.index - 1; i >= 0; i--) {
      const c = code[i];
      if (c === "}") depth++;
      else if (c === "{" && depth-- === 0) {
        open = i;
        break;
      }
    }
    const close = open < 0 ? undefined : closingBrace(code, open);
    if (close !== undefined) ranges.push([open, close + 1]);
  }
  let out = code;
  for (const [a, b] of ranges) out = out.slice(0, a) + " ".repeat(b - a) + out.slice(b);
  return out;
}
