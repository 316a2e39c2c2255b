import { distance } from "fastest-levenshtein";
import { type CodeLanguage, GRAMMARS, isScript, type Kind } from "./languages.ts";
import type { Node, Tree } from "./parser.ts";
import { isRegionMarker } from "./regions.ts";
import { isTrailing, lineEndAfter, lineStartBefore } from "./spans.ts";

/**
 * The symbols of a parsed file, each with its complete syntactic unit: the
 * definition, the `export`/decorator wrapper around it, and the doc comments,
 * decorators and attributes directly above it (no blank line between).
 * Members are named `Class.member` (Go methods by receiver, Rust impl items by
 * type); variables count at the top level and in class bodies, not inside functions.
 */
export interface SymbolUnit {
  name: string;
  kind: Kind;
  /** The unit, in UTF-16 offsets of the parsed text. */
  start: number;
  end: number;
  /** 1-based lines of the unit. */
  start_line: number;
  end_line: number;
}

/** The names a definition node declares (several for `const a = 1, b = 2`). */
function namesOf(node: Node, lang: CodeLanguage): string[] {
  const named = (n: Node | null) => (n ? [n.text] : []);
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  switch (node.type) {
    case "lexical_declaration":
    case "variable_declaration":
    case "field_declaration":
    case "constant_declaration":
      return kids
        .filter((c) => c.type === "variable_declarator")
        .flatMap((c) => {
          const id = c.childForFieldName("name");
          return id && /identifier$/.test(id.type) ? [id.text] : [];
        });
    case "expression_statement": {
      const assign = kids[0];
      if (lang !== "python") return commonJsExport(assign);
      if (assign?.type !== "assignment") return [];
      const left = assign.childForFieldName("left");
      return left?.type === "identifier" ? [left.text] : [];
    }
    case "type_declaration":
      return kids
        .filter((c) => c.type === "type_spec" || c.type === "type_alias")
        .flatMap((c) => named(c.childForFieldName("name")));
    case "const_declaration":
    case "var_declaration":
      return specNames(node);
    default:
      return named(node.childForFieldName("name"));
  }
}

/**
 * CommonJS's units: `exports.k = …` and `module.exports.k = …` name k (not
 * `exports.k = k`, which exports a unit declared elsewhere).
 */
function commonJsExport(assign: Node | undefined): string[] {
  if (assign?.type !== "assignment_expression") return [];
  const left = assign.childForFieldName("left");
  const right = assign.childForFieldName("right");
  if (left?.type !== "member_expression" || !right || right.type === "identifier") return [];
  const object = left.childForFieldName("object")?.text.replace(/\s/g, "");
  const property = left.childForFieldName("property");
  return (object === "exports" || object === "module.exports") && property ? [property.text] : [];
}

/** Go `const`/`var` names, in or out of a parenthesised list. */
function specNames(node: Node): string[] {
  const names: string[] = [];
  const visit = (n: Node) => {
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === "const_spec" || c.type === "var_spec") {
        for (const id of c.childrenForFieldName("name")) if (id) names.push(id.text);
      } else if (c.type === "var_spec_list") visit(c);
    }
  };
  visit(node);
  return names;
}

/** The type a Go method's receiver or a Rust impl names (`*Store` → `Store`, `S<T>` → `S`). */
function ownerName(node: Node): string | undefined {
  const field = node.type === "method_declaration" ? "receiver" : "type";
  const owner = node.childForFieldName(field);
  if (!owner) return undefined;
  const ids = owner.descendantsOfType("type_identifier");
  const first = ids[0];
  return first ? first.text : owner.text;
}

const FUNCTION_KINDS: ReadonlySet<Kind> = new Set(["function", "method"]);

/** The last row a node occupies (a line comment may end just past its newline). */
function lastRow(node: Node): number {
  return node.endPosition.column === 0 && node.endPosition.row > node.startPosition.row
    ? node.endPosition.row - 1
    : node.endPosition.row;
}

/**
 * A node's named children but its comments, walked with a cursor: only the
 * children visited become JavaScript objects. (`namedChildren` makes one for
 * each first: a hostile file of 900,000 comment lines cost 270 MB of them.)
 * A comment is never a definition or a scope; one attached to a definition
 * is found from it (`previousNamedSibling`).
 */
function* namedChildren(node: Node): Generator<Node> {
  const cursor = node.walk();
  try {
    if (!cursor.gotoFirstChild()) return;
    do {
      if (cursor.nodeIsNamed && !cursor.nodeType.includes("comment")) yield cursor.currentNode;
    } while (cursor.gotoNextSibling());
  } finally {
    cursor.delete();
  }
}

/** Every symbol of a parsed text, in source order. */
export function listSymbols(tree: Tree, text: string, lang: CodeLanguage): SymbolUnit[] {
  const g = GRAMMARS[lang];
  const out: SymbolUnit[] = [];
  /** TypeScript's overload signatures (indices into `out`), joined to what follows (withOverloads). */
  const overloads = isScript(lang);
  const signatures = new Set<number>();

  /** Whether comment `node` trails, on its line, an attached sibling that is no comment (an attribute). */
  const trailsAttached = (node: Node): boolean => {
    const before = node.previousNamedSibling;
    return (
      before !== null &&
      g.attached.has(before.type) &&
      !before.type.includes("comment") &&
      lastRow(before) === node.startPosition.row
    );
  };

  /** The unit of definition `def`: its wrappers, then the attached siblings above. */
  const unitOf = (def: Node): { start: number; end: number; startRow: number; endRow: number } => {
    let top = def;
    while (top.parent && g.wrappers.has(top.parent.type)) top = top.parent;
    let first = top;
    for (
      let prev = top.previousNamedSibling;
      prev && g.attached.has(prev.type);
      prev = prev.previousNamedSibling
    ) {
      // Directly above (no blank line), and on a line of its own: a comment
      // trailing code on the line above belongs to that code, which is the
      // unit's when it is an attribute (`#[cfg(unix)] // why`).
      if (lastRow(prev) < first.startPosition.row - 1) break;
      if (isTrailing(text, prev.startIndex) && !trailsAttached(prev)) break;
      // `# region users` above a function opens a region; it does not document the function.
      if (isRegionMarker(prev.text)) break;
      first = prev;
    }
    const start = lineStartBefore(text, first.startIndex);
    const end = lineEndAfter(text, top.endIndex);
    return { start, end, startRow: first.startPosition.row, endRow: lastRow(top) };
  };

  const visit = (node: Node, prefix: string, inFunction: boolean) => {
    for (const child of namedChildren(node)) {
      const kind = g.definitions[child.type];
      if (g.scopes.has(child.type)) {
        const owner = ownerName(child);
        visit(child, owner ? `${prefix}${owner}.` : prefix, inFunction);
        continue;
      }
      if (kind === undefined || (inFunction && g.variables.has(child.type))) {
        visit(child, prefix, inFunction || g.functionScopes.has(child.type));
        continue;
      }
      const names = namesOf(child, lang);
      const owner =
        child.type === "method_declaration" && lang === "go" ? ownerName(child) : undefined;
      const qualifier = owner ? `${owner}.` : prefix;
      if (names.length) {
        const unit = unitOf(child);
        const overloaded = overloads && child.type.endsWith("_signature");
        for (const name of names) {
          if (overloaded) signatures.add(out.length);
          out.push({
            name: qualifier + name,
            kind: kind === "function" && (prefix !== "" || owner) ? "method" : kind,
            start: unit.start,
            end: unit.end,
            start_line: unit.startRow + 1,
            end_line: unit.endRow + 1,
          });
        }
      }
      const inner = g.containers.has(child.type) && names[0] ? `${qualifier}${names[0]}.` : prefix;
      const nested = FUNCTION_KINDS.has(kind) && names[0] ? `${qualifier}${names[0]}.` : inner;
      visit(child, nested, inFunction || FUNCTION_KINDS.has(kind));
    }
  };
  visit(tree.rootNode, "", false);
  return overloads ? withOverloads(out, signatures, text) : out;
}

/** Nothing but blank lines and comments (rxjs's `/* tslint:enable *\/` between overloads). */
const betweenIsBlank = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/[^\n]*/g, "")
    .trim() === "";

/** Declarations of types alone, and of values, which one name may have one of each of. */
const TYPE_KINDS: ReadonlySet<Kind> = new Set(["type", "interface"]);
const VALUE_KINDS: ReadonlySet<Kind> = new Set(["variable", "function"]);

/**
 * TypeScript's overloads as one unit: signatures of a name followed, with
 * nothing but blank lines and comments between, by more signatures or the implementation
 * of that name (`parse(a: string): R;` `parse(a: Buffer): R;` `parse(a) {…}`),
 * as the language service moves them. So is a value and the type of its name right beside it
 * (ts-pattern's `export const matcher = Symbol.for(…);` `export type matcher = typeof
 * matcher;`): one name in both of TypeScript's spaces, which a move takes together.
 */
function withOverloads(
  symbols: SymbolUnit[],
  signatures: ReadonlySet<number>,
  text: string,
): SymbolUnit[] {
  const out: SymbolUnit[] = [];
  let open: { unit: SymbolUnit; signature: boolean; companion?: boolean } | undefined;
  for (const [i, s] of symbols.entries()) {
    const beside =
      open !== undefined &&
      open.unit.name === s.name &&
      s.start >= open.unit.end &&
      betweenIsBlank(text.slice(open.unit.end, s.start));
    const companion =
      open !== undefined &&
      !open.companion &&
      ((TYPE_KINDS.has(open.unit.kind) && VALUE_KINDS.has(s.kind)) ||
        (VALUE_KINDS.has(open.unit.kind) && TYPE_KINDS.has(s.kind)));
    const joins = beside && (open?.signature || companion);
    if (open && joins) {
      if (companion && !open.signature) open.companion = true;
      open.unit.end = s.end;
      open.unit.end_line = s.end_line;
      open.signature = signatures.has(i);
      continue;
    }
    const unit = { ...s };
    out.push(unit);
    open = { unit, signature: signatures.has(i) };
  }
  return out;
}

export type FocusResult =
  | { ok: true; symbol: SymbolUnit }
  | { ok: false; code: "SYMBOL_NOT_FOUND" | "SYMBOL_AMBIGUOUS"; message: string };

const describe = (s: SymbolUnit) =>
  `${s.name} (${s.kind}, line${s.start_line === s.end_line ? ` ${s.start_line}` : `s ${s.start_line}–${s.end_line}`})`;

/**
 * The symbol `query` names: the exact qualified name (`Store.load`), else a
 * unique symbol whose name ends with it (`load`). Several: the candidates with
 * their lines. None: the nearest names.
 */
export function findSymbol(symbols: SymbolUnit[], query: string, where: string): FocusResult {
  const q = query.trim();
  let found = symbols.filter((s) => s.name === q);
  if (!found.length) found = symbols.filter((s) => s.name.endsWith(`.${q}`));
  // One unit declaring a name twice counts once (TypeScript's overloads are one unit:
  // listSymbols; Java's, methods of their own, come back as candidates with their lines).
  const spans = new Set<string>();
  const units = found.filter((s) => {
    const span = `${s.start}:${s.end}`;
    if (spans.has(span)) return false;
    spans.add(span);
    return true;
  });
  const only = units[0];
  if (units.length === 1 && only) return { ok: true, symbol: only };
  if (units.length > 1)
    return {
      ok: false,
      code: "SYMBOL_AMBIGUOUS",
      message: `\`focus\` "${q}" names ${units.length} symbols in ${where}: ${units.slice(0, 10).map(describe).join("; ")}. Nothing was changed. Qualify it (\`Class.method\`), or select by \`lines\`.`,
    };
  const names = [...new Set(symbols.map((s) => s.name))];
  const near = names
    .map((name) => ({
      name,
      d: Math.min(distance(q, name), distance(q, name.slice(name.lastIndexOf(".") + 1)) + 1),
    }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 5)
    .map((n) => n.name);
  return {
    ok: false,
    code: "SYMBOL_NOT_FOUND",
    message: names.length
      ? `\`focus\` "${q}" is not a symbol in ${where}. Nearest: ${near.join(", ")}.`
      : `\`focus\` "${q}" is not a symbol in ${where}: it defines no functions, classes, types or variables.`,
  };
}
