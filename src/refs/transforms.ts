/**
 * Transforms (DESIGN.md §3), pure. Each referenced piece goes through, in
 * order: `replace` (literal `{from, to}` pairs, every occurrence, in list
 * order), `wrap` (a template whose `{content}` is the piece), `prepend`,
 * `append`; then the pieces are joined with `join` (default: each piece starts
 * on a line of its own); then `indent` re-indents the whole, to the paste
 * point (`"auto"`, done by the local agent, which sees the file) or by a
 * number of levels (+ deeper, − shallower).
 */
export interface Transform {
  replace?: { from: string; to: string }[] | undefined;
  wrap?: string | undefined;
  prepend?: string | undefined;
  append?: string | undefined;
  join?: string | undefined;
  indent?: "auto" | number | undefined;
}

export const CONTENT_SLOT = "{content}";

/** Why `transform` cannot be applied (naming the field), or `undefined`. */
export function transformProblem(t: Transform): string | undefined {
  for (const [i, r] of (t.replace ?? []).entries())
    if (r.from === "")
      return `\`transform.replace[${i}].from\` is empty; give the literal text to replace.`;
  if (t.wrap !== undefined && !t.wrap.includes(CONTENT_SLOT))
    return `\`transform.wrap\` must contain \`${CONTENT_SLOT}\` where the content goes, e.g. "class A {\\n{content}}\\n".`;
  if (typeof t.indent === "number" && (!Number.isInteger(t.indent) || Math.abs(t.indent) > 16))
    return '`transform.indent` is `"auto"` or a whole number of levels from -16 to 16.';
  return undefined;
}

/** replace → wrap → prepend → append, on one piece. */
export function transformPiece(text: string, t: Transform = {}): string {
  let out = text;
  for (const { from, to } of t.replace ?? []) out = out.split(from).join(to);
  if (t.wrap !== undefined) out = t.wrap.split(CONTENT_SLOT).join(out);
  if (t.prepend !== undefined) out = t.prepend + out;
  if (t.append !== undefined) out += t.append;
  return out;
}

/** Joins pieces with `join`, or (default) with a line break after any piece lacking one. */
export function joinPieces(pieces: string[], join?: string): string {
  if (join !== undefined) return pieces.join(join);
  return pieces
    .map((p, i) => (i < pieces.length - 1 && p !== "" && !p.endsWith("\n") ? `${p}\n` : p))
    .join("");
}

/** Every piece transformed, then joined: the content a reference list stands for. */
export function assemble(pieces: string[], t: Transform = {}): string {
  return joinPieces(
    pieces.map((p) => transformPiece(p, t)),
    t.join,
  );
}

const LEADING = /^[ \t]*/;

function lineSplit(text: string): string[] {
  return text.split(/(?<=\n)/);
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

/** The indentation every non-blank line of `text` shares. */
export function commonIndent(text: string): string {
  let common: string | undefined;
  for (const line of lineSplit(text)) {
    if (isBlank(line)) continue;
    const lead = LEADING.exec(line)?.[0] ?? "";
    if (common === undefined) common = lead;
    else {
      let n = 0;
      while (n < common.length && n < lead.length && common[n] === lead[n]) n++;
      common = common.slice(0, n);
    }
    if (common === "") break;
  }
  return common ?? "";
}

/**
 * One level of indentation in `text`: a tab if lines are tab-indented, else the
 * commonest increase in leading spaces from one line to the next (doc-comment
 * lines ` * ` do not win over code), else `fallback`.
 */
export function indentUnit(text: string, fallback = "    "): string {
  const counts = new Map<number, number>();
  let previous = 0;
  let tabs = 0;
  let spaced = 0;
  for (const line of lineSplit(text)) {
    if (isBlank(line)) continue;
    const lead = LEADING.exec(line)?.[0] ?? "";
    if (lead.startsWith("\t")) {
      tabs++;
      continue;
    }
    if (lead.length) spaced++;
    const delta = lead.length - previous;
    if (delta > 0 && delta <= 8) counts.set(delta, (counts.get(delta) ?? 0) + 1);
    previous = lead.length;
  }
  if (tabs > spaced) return "\t";
  let best = 0;
  let bestCount = 0;
  for (const [delta, count] of counts)
    if (count > bestCount || (count === bestCount && delta > best))
      [best, bestCount] = [delta, count];
  return best ? " ".repeat(best) : fallback;
}

/** `text` with its common indentation replaced by `to` on every non-blank line. */
export function reindentTo(text: string, to: string): string {
  const base = commonIndent(text);
  if (base === to) return text;
  return lineSplit(text)
    .map((line) => (isBlank(line) ? line.replace(LEADING, "") : to + line.slice(base.length)))
    .join("");
}

/** `text` shifted by `levels` of `unit` (negative: shallower, never below column 0). */
export function shiftIndent(text: string, levels: number, unit: string): string {
  if (levels === 0) return text;
  const base = commonIndent(text);
  const target =
    levels > 0
      ? base + unit.repeat(levels)
      : base.slice(0, Math.max(0, base.length - unit.length * -levels));
  return reindentTo(text, target);
}

/**
 * The indentation text pasted at line boundary `k` (before line k+1) should
 * take, for `indent: "auto"`: that of the nearest non-blank line above, one
 * level deeper when that line opens a block (ends with `{`, `(`, `[` or `:`);
 * with nothing above, that of the line below. `replacing`: the first line
 * being replaced (its indentation wins).
 */
export function indentAt(fileLines: string[], k: number, unit: string, replacing?: string): string {
  if (replacing !== undefined && !isBlank(replacing)) return LEADING.exec(replacing)?.[0] ?? "";
  for (let i = k - 1; i >= 0; i--) {
    const line = fileLines[i] ?? "";
    if (isBlank(line)) continue;
    const lead = LEADING.exec(line)?.[0] ?? "";
    return /[{([:]\s*$/.test(line.replace(/\s*(\/\/|#).*$/, "")) ? lead + unit : lead;
  }
  for (let i = k; i < fileLines.length; i++) {
    const line = fileLines[i] ?? "";
    if (!isBlank(line)) return LEADING.exec(line)?.[0] ?? "";
  }
  return "";
}
