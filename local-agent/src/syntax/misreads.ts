import type { CodeLanguage } from "./languages.ts";

/**
 * Constructs the TypeScript grammar of @vscode/tree-sitter-wasm (0.3.1)
 * misreads, though the compiler accepts them: each is masked before a parse,
 * with text of the same length, so every offset, line and slice of the tree
 * is the file's own. Without this, a valid file reads as broken: the syntax
 * guard would cry wolf on it and `focus` would miss what follows the misread.
 * Found on real projects (rxjs, mobx, zod, @tanstack/router-core); each has a
 * test in local-agent/test/misreads.test.ts.
 *
 * - `export type * from "./a"` (TypeScript 5.0): `type` masked.
 * - `static accessor x`, `abstract accessor x` (auto-accessors): `accessor` masked.
 * - variance annotations, `<in T>`, `<out O = unknown>`, `<in out T>`: masked.
 * - `import("./a").B<T>`, an import type with type arguments: the `import(…)`
 *   becomes an identifier of underscores.
 * - `(any) => void`, a parameter named like a predefined type: its first letter `_`.
 * - a generic call signature on a line of its own after a member without `;`
 *   (`interface F {\n  (a: A): B\n  <T>(t: T): T\n}`): a `;` in its indentation.
 *   TypeScript files only (in TSX and JavaScript a line may open with JSX).
 */
export function maskMisreads(text: string, lang: CodeLanguage): string {
  if (lang !== "typescript" && lang !== "tsx" && lang !== "javascript") return text;
  // Cheap tests first: most files hold none of these.
  let out = text;
  if (lang === "javascript") return out.includes("accessor") ? maskAccessors(out) : out;
  if (out.includes("type")) out = out.replace(/\bexport(\s+)type(?=\s*\*)/g, "export$1    ");
  if (out.includes("accessor")) out = maskAccessors(out);
  if (/\b(in|out)\s/.test(out))
    out = out.replace(
      /\b(?:in[ \t]+out|in|out)(?=[ \t]+[A-Za-z_$][\w$]*[ \t\r\n]*(?:[,>=]|extends\b))/g,
      (m, at: number, whole: string) => (/[<,]/.test(codeBefore(whole, at)) ? blank(m) : m),
    );
  if (out.includes("import("))
    out = out.replace(
      /\bimport\(\s*(["'])[^"'\n]*\1\s*\)(?=(?:\s*\.\s*[A-Za-z_$][\w$]*)+\s*<)/g,
      (m) => "_".repeat(m.length),
    );
  if (out.includes("=>"))
    out = out.replace(
      /(?<=\(\s*)(?:any|unknown|string|number|boolean|symbol|object|never|bigint)(?=\s*\)\s*=>)/g,
      (m) => `_${m.slice(1)}`,
    );
  if (lang === "typescript" && /\n[ \t]+<\s*[A-Za-z_$]/.test(out)) out = maskCallSignatures(out);
  return out;
}

const blank = (m: string) => m.replace(/[^\r\n]/g, " ");

/**
 * The character of code before offset `at`: past spaces, line breaks and
 * comments (`/* … *\/`, and `// …` ending a line before); "" at the start.
 */
function codeBefore(text: string, at: number): string {
  let i = at - 1;
  for (let steps = 0; i >= 0 && steps < 20; steps++) {
    while (i >= 0 && /\s/.test(text[i] as string)) i--;
    if (i >= 1 && text[i] === "/" && text[i - 1] === "*") {
      i = text.lastIndexOf("/*", i - 2) - 1;
      continue;
    }
    const lineStart = text.lastIndexOf("\n", i) + 1;
    const comment = text.slice(lineStart, i + 1).indexOf("//");
    if (comment !== -1) {
      i = lineStart + comment - 1;
      continue;
    }
    return text[i] ?? "";
  }
  return "";
}

function maskAccessors(text: string): string {
  return text.replace(
    /(?<=(?:^|[{;])[ \t]*|\b(?:static|abstract|declare|override|public|private|protected|readonly)[ \t]+)accessor(?=[ \t]+[#[A-Za-z_$"'])/gm,
    blank,
  );
}

/**
 * A line opening with `<Name` after a line that ends a member (a name, a type,
 * a closing bracket or quote; not an operator an expression goes on after)
 * gets a `;` in place of its last indentation character.
 */
function maskCallSignatures(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (const m of text.matchAll(/\n([ \t]+)<(?=\s*[A-Za-z_$])/g)) {
    const at = (m.index ?? 0) + (m[1]?.length ?? 0); // the last indentation character
    if (!endsMember(previousCode(text, m.index ?? 0))) continue;
    parts.push(text.slice(from, at), ";");
    from = at + 1;
  }
  parts.push(text.slice(from));
  return parts.join("");
}

/**
 * The last line before offset `newline` that holds code, trimmed: past blank
 * lines, `//` comments and the lines of a block comment (a doc comment above
 * the signature), with a block comment that ends a line taken off it.
 */
function previousCode(text: string, newline: number): string {
  let end = newline;
  for (let lines = 0; end > 0 && lines < 2000; lines++) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text
      .slice(start, end)
      .replace(/\/\*.*?\*\/\s*$/, "")
      .trim();
    if (line !== "" && !line.startsWith("//") && !line.startsWith("*") && !line.startsWith("/*"))
      return line;
    end = start - 1;
  }
  return "";
}

/** A member's last character; not `=>`, after which an arrow function's type parameters may open a line. */
const endsMember = (line: string) => /[\w$)\]>}'"`]$/.test(line) && !line.endsWith("=>");
