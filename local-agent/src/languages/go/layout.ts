/**
 * The part of gofmt's layout a move can disturb, redone: a rename that
 * changes a width (`Poison` → `poison.Poison`) or a line moved out of its
 * group leaves the group aligned as it was, which gofmt would redo. gofmt
 * aligns cells of consecutive lines as text/tabwriter does (a column's
 * cells padded to its widest, plus one space); the cells a move can touch
 * are those of one-line functions (the body; one grown past 100 columns is
 * written on three lines), of a literal's `key: value,` lines (the value),
 * of a struct's one-line fields (the type: `Kind` → `kind.Kind`), of a
 * `const (…)` or `var (…)` group's one-line specs (the type: `Onerep InstOp
 * = 0` → `instop.InstOp`), and trailing comments. Pure, text in and out.
 *
 * Only where the file was laid out so before (`keepGoLayout`): a file this
 * would change before the move is left as its author has it.
 */

import { blankLiterals } from "../code-spans.ts";

/**
 * go/printer's limit for a function on one line: its header, the space
 * before its `{`, and its body's statements (gofmt keeps `func F() int {
 * return x }` whose header is 12 columns and statement 87, and breaks it at 88).
 */
const ONE_LINE_MAX = 100;
/** go/printer aligns a literal's keys up to this size without weighing them. */
const KEY_MAX = 40;

/** Comments, string and rune literals blanked (same length, newlines kept), so that scans see code only. */
function blanked(text: string): string {
  return blankLiterals(text, { raw: "backquote" }, (kind) => (kind === "comment" ? " " : "x"));
}

const width = (s: string) => [...s].length;
const indentOf = (line: string) => /^\t*/.exec(line)?.[0] ?? "";

/** A line's code and its trailing line comment (code is `line` up to it, trimmed). */
function split(line: string, code: string): { code: string; comment: string | undefined } {
  const at = line.indexOf("//", code.trimEnd().length);
  return at > 0 && line.slice(0, at).trim() !== ""
    ? { code: line.slice(0, at).trimEnd(), comment: line.slice(at) }
    : { code: line.trimEnd(), comment: undefined };
}

/** A top-level one-line function: [header, body `{ … }`], or undefined. */
function oneLiner(text: string, code: string): [string, string] | undefined {
  if (!code.startsWith("func ") || !code.endsWith("}")) return undefined;
  // The `{` that the last `}` closes; braces in the header (`interface{}`) close before it.
  let depth = 0;
  for (let i = code.length - 1; i >= 0; i--) {
    const c = code[i];
    if (c === "}") depth++;
    else if (c === "{" && --depth === 0) return [text.slice(0, i).trimEnd(), text.slice(i)];
  }
  return undefined;
}

/** A literal's one-line element `key: value,` (one element on the line): [key with its colon, value]. */
function keyed(text: string, code: string): [string, string] | undefined {
  if (!code.endsWith(",")) return undefined;
  let depth = 0;
  let key: number | undefined;
  for (let i = 0; i < code.length; i++) {
    const c = code[i] as string;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === ":" && depth === 0 && code[i + 1] === " ") {
      // A second element on the line is laid out otherwise.
      if (key !== undefined || code[i - 1] === " ") return undefined;
      key = i;
    }
  }
  // An element that goes on over more lines is laid out on its own.
  if (key === undefined || depth !== 0 || /^\s*(case|default)\b/.test(code)) return undefined;
  return [text.slice(0, key + 1), text.slice(key + 1).trimStart()];
}

/** Which lines are directly in a struct type's body (`struct {` … `}`), by their code. */
function structBodies(codes: readonly string[]): boolean[] {
  const open: boolean[] = [];
  return codes.map((code) => {
    const inside = open.at(-1) === true;
    const depth = open.length;
    let lowest = depth;
    for (let i = 0; i < code.length; i++) {
      if (code[i] === "{") open.push(/\bstruct\s*$/.test(code.slice(0, i)));
      else if (code[i] === "}") {
        open.pop();
        lowest = Math.min(lowest, open.length);
      }
    }
    // A line that opens or closes a body is not a field of one (`chan struct{}` is).
    return inside && lowest === depth && open.length === depth;
  });
}

/**
 * For each line, the `const (` or `var (` group it is a line of (its first line's index), or
 * -1: a line that starts inside the group's parentheses (a spec's first line, whole or not)
 * and does not close them.
 */
function specGroups(codes: readonly string[]): number[] {
  const open: number[] = [];
  return codes.map((code, line) => {
    const inside = open.at(-1) ?? -1;
    const depth = open.length;
    let lowest = depth;
    for (let i = 0; i < code.length; i++) {
      if ("([{".includes(code[i] as string))
        open.push(code[i] === "(" && /^\s*(?:const|var)\s*$/.test(code.slice(0, i)) ? line : -1);
      else if (")]}".includes(code[i] as string)) {
        open.pop();
        lowest = Math.min(lowest, open.length);
      }
    }
    return lowest >= depth ? inside : -1;
  });
}

/** A group's one-line spec: its names (with the indent), its type, its values (`= 0`), as written. */
interface Spec {
  names: string;
  type: string;
  values: string;
}

/** A one-line spec of a `const (…)`/`var (…)` group (`Onerep InstOp = 0`), or undefined. */
function specOf(text: string, code: string): Spec | undefined {
  const indent = indentOf(code).length;
  const m = /^([A-Za-z_]\w*(?:,\s*[A-Za-z_]\w*)*)(.*)$/.exec(code.slice(indent));
  if (!m?.[1] || !whole(code)) return undefined;
  const namesEnd = indent + m[1].length;
  const rest = code.slice(namesEnd);
  // `=` at the top level: what precedes it is the type; after it, the values.
  let depth = 0;
  let eq = -1;
  for (let i = 0; i < rest.length && eq < 0; i++) {
    const c = rest[i] as string;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "=" && depth === 0) eq = i;
  }
  const typeEnd = namesEnd + (eq < 0 ? rest.length : eq);
  if (rest.trim() !== "" && !/^\s/.test(rest)) return undefined;
  return {
    names: text.slice(0, namesEnd),
    type: text.slice(namesEnd, typeEnd).trim(),
    values: eq < 0 ? "" : `= ${text.slice(namesEnd + eq + 1).trim()}`,
  };
}

/**
 * Whether each spec of a group keeps its type's column (go/printer's keepTypeColumn): in a
 * run of specs with values, all do where any has a type.
 */
function keepTypes(specs: readonly Spec[]): boolean[] {
  const keep = specs.map(() => false);
  let start = -1;
  let typed = false;
  specs.forEach((spec, i) => {
    if (spec.values) {
      if (start < 0) {
        start = i;
        typed = false;
      }
    } else if (start >= 0) {
      keep.fill(typed, start, i);
      start = -1;
    }
    if (spec.type) typed = true;
  });
  if (start >= 0) keep.fill(typed, start);
  return keep;
}

/**
 * A spec's cells as go/printer writes them (valueSpec): its names, its type where it has one
 * or keeps the column, its values, and before a comment as many empty cells as make three.
 */
function specCells(spec: Spec, keepType: boolean, comment: string | undefined): string[] {
  const cells = [spec.names];
  if (spec.type || keepType) cells.push(spec.type);
  if (spec.values) cells.push(spec.values);
  if (comment === undefined) return cells;
  while (cells.length < 4) cells.push("");
  return [...cells, comment];
}

/**
 * A struct's one-line field as go/printer lays it out in cells: a named one
 * (`Name  Type  \`tag\``, names `A, B` too) as [names, type, tag], an
 * embedded one as [type, tag], or [type, ""] before a comment (its type in
 * the names' column, the types' left empty). A field whose type goes on over
 * more lines is laid out otherwise.
 */
function fieldCells(text: string, code: string, comment: string | undefined): string[] | undefined {
  const indent = indentOf(code).length;
  const body = code.slice(indent);
  if (body.trim() === "" || !whole(body)) return undefined;
  // The tag: the last token, a string literal.
  const last = /\s(\S+)$/.exec(body);
  const tagAt = last?.[1] ? indent + body.length - last[1].length : -1;
  const tag = tagAt > indent && '`"'.includes(text[tagAt] ?? "") ? text.slice(tagAt) : undefined;
  const head = (tag === undefined ? body : code.slice(indent, tagAt)).trimEnd();
  const tail = comment === undefined ? [] : [comment];
  const m = /^([A-Za-z_]\w*(?:,\s*[A-Za-z_]\w*)*)\s+(\S.*)$/.exec(head);
  if (m?.[1] && m[2]) {
    const typeAt = indent + head.length - m[2].length;
    return [
      text.slice(0, indent + m[1].length),
      text.slice(typeAt, indent + head.length),
      ...(tag === undefined ? [] : [tag]),
      ...tail,
    ];
  }
  if (/\s/.test(head)) return undefined;
  const type = text.slice(0, indent + head.length);
  if (tag !== undefined) return [type, tag, ...tail];
  return comment === undefined ? [type] : [type, "", comment];
}

/** A line that is a whole statement or declaration: its brackets balanced, nothing left open at its end. */
function whole(code: string): boolean {
  let depth = 0;
  for (const c of code) {
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c) && --depth < 0) return false;
  }
  // `x++` and `i--` end a statement; another operator at the end continues it on the next line.
  return (
    depth === 0 && (/(?:\+\+|--)\s*$/.test(code) || !/(?:[,+\-*/=:|&^<>!]|&&|\|\|)\s*$/.test(code))
  );
}

/**
 * A line that opens a block or a literal (`if x > 2 {`, `y := []int{`): its
 * comment aligns with those of the lines above it, as gofmt has them. Not
 * one that closes one first (`} else {`): gofmt starts anew there.
 */
function opens(code: string): boolean {
  const t = code.trim();
  return t.endsWith("{") && !t.startsWith("}") && whole(t.slice(0, -1));
}

/**
 * Lines as tabwriter lays out cells: each cell but a line's last ends a
 * column; a column's cells in consecutive lines that have it are padded to
 * the widest of them, plus one space (none where all are empty).
 */
function tabulate(rows: string[][]): string[] {
  const widths = rows.map((r) => r.map(() => 0));
  const columns = Math.max(0, ...rows.map((r) => r.length - 1));
  for (let k = 0; k < columns; k++)
    for (let i = 0; i < rows.length; ) {
      let j = i;
      while (j < rows.length && (rows[j]?.length ?? 0) - 1 > k) j++;
      const most = Math.max(0, ...rows.slice(i, j).map((r) => width(r[k] ?? "")));
      // A column empty in every line of the block is left out (DiscardEmptyColumns).
      for (let m = i; m < j; m++) (widths[m] as number[])[k] = most === 0 ? 0 : most + 1;
      i = Math.max(j, i + 1);
    }
  return rows.map((r, i) =>
    r
      .map((cell, k) =>
        k < r.length - 1
          ? cell + " ".repeat(((widths[i] as number[])[k] ?? 0) - width(cell))
          : cell,
      )
      .join(""),
  );
}

/** `text` with the layout gofmt gives one-line functions, literals' values, structs' fields and trailing comments. */
export function goLayout(text: string): string {
  const lines = text.split("\n");
  const codes = blanked(text).split("\n");
  const inStruct = structBodies(codes);
  // The specs of each `const (…)`/`var (…)` group, each line's own; a group with a spec of more
  // than one line (or one not read) is left as it is: which columns it keeps is not known.
  const groupOf = specGroups(codes);
  const specs = new Map<number, { line: number; spec: Spec | undefined }[]>();
  lines.forEach((line, i) => {
    const group = groupOf[i] ?? -1;
    const { code: before } = split(line, codes[i] ?? "");
    const own = (codes[i] ?? "").slice(0, before.length).trimEnd();
    if (group < 0 || own.trim() === "") return;
    specs.set(group, [...(specs.get(group) ?? []), { line: i, spec: specOf(before, own) }]);
  });
  const specAt = new Map<number, { spec: Spec; keepType: boolean }>();
  for (const group of specs.values()) {
    const read = group.map((g) => g.spec);
    if (read.some((r) => r === undefined)) continue;
    const keep = keepTypes(read as Spec[]);
    group.forEach((g, k) => {
      specAt.set(g.line, { spec: g.spec as Spec, keepType: keep[k] === true });
    });
  }
  // Each line's cells, and the kind of run it can belong to.
  const cells = lines.map((line, i) => {
    const code = codes[i] ?? "";
    const { code: before, comment } = split(line, code);
    const tail = comment === undefined ? [] : [comment];
    const own = code.slice(0, before.length).trimEnd();
    const spec = specAt.get(i);
    if (spec)
      return {
        kind: "spec",
        indent: indentOf(line),
        cells: specCells(spec.spec, spec.keepType, comment),
      };
    if (groupOf[i] !== undefined && (groupOf[i] as number) >= 0 && own.trim() !== "")
      return undefined;
    if (inStruct[i]) {
      const field = fieldCells(before, own, comment);
      // Laid out only where its cells hold the whole line (a `/* … */` in it is not a cell).
      const bare = (t: string) => t.replace(/\s/g, "");
      return field && bare(field.join("")) === bare(line)
        ? { kind: "field", indent: indentOf(line), cells: field }
        : undefined;
    }
    const f = oneLiner(before, own);
    if (f) {
      // One grown past 100 columns takes three lines, out of its group.
      const inner = f[1].slice(1, -1).trim();
      const long =
        comment === undefined &&
        inner !== "" &&
        !blanked(inner).includes(";") &&
        width(f[0]) + 1 + width(inner) > ONE_LINE_MAX;
      return long
        ? { kind: "long", indent: "", cells: [`${f[0]} {`, `\t${inner}`, "}"] }
        : { kind: "func", indent: "", cells: [...f, ...tail] };
    }
    const pair = keyed(before, own);
    if (pair) return { kind: "pair", indent: indentOf(line), cells: [...pair, ...tail] };
    if (comment !== undefined && own.trim() !== "" && whole(own))
      return { kind: "code", indent: indentOf(line), cells: [before, comment] };
    // The last of its run: what follows is inside what it opens.
    if (comment !== undefined && opens(own))
      return { kind: "code", indent: indentOf(line), cells: [before, comment], last: true };
    return undefined;
  });
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const first = cells[i];
    if (!first || first.kind === "long") {
      out.push(...(first?.cells ?? [lines[i] as string]));
      i++;
      continue;
    }
    let j = i + 1;
    while (
      cells[j]?.kind === first.kind &&
      cells[j]?.indent === first.indent &&
      !(cells[j - 1] as { last?: true }).last
    )
      j++;
    const run = cells.slice(i, j).map((c) => c?.cells ?? []);
    // Keys past go/printer's small size are weighed against their neighbours': left as they are.
    if (first.kind === "pair" && run.some((r) => width((r[0] ?? "").trim()) - 1 > KEY_MAX))
      out.push(...lines.slice(i, j));
    else out.push(...tabulate(run));
    i = j;
  }
  return out.join("\n");
}

/**
 * `after` in gofmt's layout where `before` already was in it (a file
 * goLayout leaves as it is); otherwise `after` as it is.
 */
export function keepGoLayout(before: string, after: string): string {
  return goLayout(before) === before ? goLayout(after) : after;
}
