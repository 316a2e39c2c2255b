/**
 * The part of gofmt's layout a move can disturb, redone: a rename that
 * changes a line's width (`Poison` → `poison.Poison`) or a line moved out
 * of its group leaves the group's alignment as it was, which gofmt would
 * redo. Two of gofmt's rules, as go/printer applies them: consecutive
 * one-line functions align their bodies, and one that grows past 100
 * columns is written on three lines; consecutive lines ending in a comment
 * at one indentation align their comments. Pure, text in and out.
 *
 * Only where the file was already laid out so (`keepGoLayout`): a file this
 * would change before the move is left to its author.
 */

/** go/printer's limit for a function written on one line: its header and its body. */
const ONE_LINE_MAX = 100;

/** Comments and string literals blanked (same length), so that scans see code only. */
function code(line: string): string {
  return line.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'/g, (m) =>
    m.replace(/[^\n]/g, "x"),
  );
}

const width = (s: string) => [...s].length;

/** A top-level one-line function: its header and its body's text (`{ … }`), or undefined. */
function oneLiner(line: string): { header: string; body: string } | undefined {
  if (!line.startsWith("func ") || !line.endsWith("}")) return undefined;
  const blank = code(line);
  if (blank.includes("//") || blank.includes("/*")) return undefined;
  // The `{` that the last `}` closes.
  let depth = 0;
  for (let i = blank.length - 1; i >= 0; i--) {
    const c = blank[i];
    if (c === "}") depth++;
    else if (c === "{" && --depth === 0) {
      // Braces in the header (`interface{}`) close before the body opens.
      return { header: line.slice(0, i).trimEnd(), body: line.slice(i) };
    }
  }
  return undefined;
}

/** A line's code and its trailing comment, where it has both. */
function commented(line: string): { code: string; comment: string } | undefined {
  const at = code(line).indexOf("//");
  if (at <= 0) return undefined;
  const before = line.slice(0, at);
  if (before.trim() === "" || before.includes("/*")) return undefined;
  return { code: before.trimEnd(), comment: line.slice(at) };
}

const indentOf = (line: string) => /^\t*/.exec(line)?.[0] ?? "";

/** `text` with the layout gofmt gives one-line functions and trailing comments. */
export function goLayout(text: string): string {
  let lines = text.split("\n");
  // One-line functions that grew too long take three lines.
  lines = lines.flatMap((line) => {
    const f = oneLiner(line);
    if (!f) return [line];
    const inner = f.body.slice(1, -1).trim();
    if (inner === "" || width(f.header) + width(inner) <= ONE_LINE_MAX || /;/.test(code(inner)))
      return [line];
    return [`${f.header} {`, `\t${inner}`, "}"];
  });
  // Consecutive one-line functions align their bodies one column past the longest header.
  for (let i = 0; i < lines.length; ) {
    let j = i;
    const run: { header: string; body: string }[] = [];
    for (let f = oneLiner(lines[j] ?? ""); f; f = oneLiner(lines[j] ?? "")) {
      run.push(f);
      j++;
    }
    if (run.length) {
      const column = Math.max(...run.map((f) => width(f.header)));
      run.forEach((f, k) => {
        lines[i + k] = `${f.header}${" ".repeat(column - width(f.header) + 1)}${f.body}`;
      });
    }
    i = Math.max(j, i + 1);
  }
  // Consecutive lines with trailing comments, at one indentation, align the comments.
  for (let i = 0; i < lines.length; ) {
    let j = i;
    const indent = indentOf(lines[i] ?? "");
    const run: { code: string; comment: string }[] = [];
    for (;;) {
      const line = lines[j] ?? "";
      const c = indentOf(line) === indent ? commented(line) : undefined;
      if (!c || oneLiner(line)) break;
      run.push(c);
      j++;
    }
    if (run.length) {
      const column = Math.max(...run.map((c) => width(c.code)));
      run.forEach((c, k) => {
        lines[i + k] = `${c.code}${" ".repeat(column - width(c.code) + 1)}${c.comment}`;
      });
    }
    i = Math.max(j, i + 1);
  }
  return lines.join("\n");
}

/**
 * `after` in gofmt's layout where `before` already was in it (a file
 * goLayout leaves as it is); otherwise `after` as it is.
 */
export function keepGoLayout(before: string, after: string): string {
  return goLayout(before) === before ? goLayout(after) : after;
}
