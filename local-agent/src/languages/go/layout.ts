/**
 * The part of gofmt's layout a move can disturb, redone: a rename that
 * changes a width (`Poison` → `poison.Poison`) or a line moved out of its
 * group leaves the group aligned as it was, which gofmt would redo. gofmt
 * aligns cells of consecutive lines as text/tabwriter does (a column's
 * cells padded to its widest, plus one space); the cells a move can touch
 * are those of one-line functions (the body; one grown past 100 columns is
 * written on three lines), of a literal's `key: value,` lines (the value),
 * of a struct's one-line fields (the type: `Kind` → `kind.Kind`), and
 * trailing comments. Pure, text in and out.
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
  return depth === 0 && !/(?:[,+\-*/=:|&^<>!]|&&|\|\|)\s*$/.test(code);
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
  // Each line's cells, and the kind of run it can belong to.
  const cells = lines.map((line, i) => {
    const code = codes[i] ?? "";
    const { code: before, comment } = split(line, code);
    const tail = comment === undefined ? [] : [comment];
    const own = code.slice(0, before.length).trimEnd();
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
    while (cells[j]?.kind === first.kind && cells[j]?.indent === first.indent) j++;
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
