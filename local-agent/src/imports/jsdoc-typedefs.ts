import { respecify } from "./specifiers.ts";

/**
 * JSDoc type definitions a moved unit of a JavaScript file names (found by
 * bench:real on mocha, checked with `checkJs`): `@param {Mocha} mocha` in the
 * unit, `@typedef {import('../mocha.js')} Mocha` at the top of its old file.
 * The new file gets the tags it names, their `import('…')` specifiers
 * rewritten for where it is; the old file keeps its own. Pure.
 */

const COMMENTS = /\/\*\*[\s\S]*?\*\//g;

/** The text of a type in braces starting at `open` (`{`), nested braces included; undefined if unclosed. */
function braced(text: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

/** A comment's lines without their ` * ` margin. */
function linesOf(comment: string): string[] {
  return comment
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((l) => l.replace(/^\s*\*? ?/, "").trimEnd());
}

/**
 * The `@typedef` and `@callback` tags of `text`'s JSDoc comments, by name:
 * each tag's lines, up to the next definition or the comment's end (an
 * object's `@property` lines, a callback's `@param`s).
 */
export function typedefsOf(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const comment of text.match(COMMENTS) ?? []) {
    let open: string[] | undefined;
    for (const line of linesOf(comment)) {
      const tag = /^@(typedef|callback)\b\s*/.exec(line);
      if (tag) {
        const rest = line.slice(tag[0].length);
        const type = rest.startsWith("{") ? braced(rest, 0) : "";
        const after = type === undefined ? "" : rest.slice(type ? type.length + 2 : 0).trim();
        const name = /^[A-Za-z_$][\w$]*/.exec(after)?.[0];
        open = name ? [line] : undefined;
        if (name && open) out.set(name, open);
      } else if (open && line) open.push(line);
      else if (!line) open = undefined;
    }
  }
  return out;
}

/** Identifiers in the type braces of `text`'s JSDoc comments (`{Mocha}`, `{Promise<Runner>}`), not in `{@link …}`. */
export function jsdocTypeNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const comment of text.match(COMMENTS) ?? [])
    for (let at = comment.indexOf("{"); at !== -1; at = comment.indexOf("{", at + 1)) {
      const type = braced(comment, at);
      if (type === undefined || type.startsWith("@")) continue;
      const bare = type.replace(/(['"`])(?:(?!\1).)*\1/g, "");
      for (const m of bare.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)) out.add(m[0]);
      at += type.length;
    }
  return out;
}

/**
 * The tags of `sourceText` the unit (`unitText`) names that `destination`
 * neither defines nor declares, transitively, as a JSDoc block for the new
 * file, and their names. Nothing when there are none.
 */
export function carriedTypedefs(input: {
  sourcePath: string;
  destPath: string;
  sourceText: string;
  unitText: string;
  destination: string;
}): { block: string; names: string[] } {
  const defined = typedefsOf(input.sourceText);
  if (!defined.size) return { block: "", names: [] };
  const present = typedefsOf(input.destination);
  const declared = (name: string) =>
    present.has(name) ||
    // A top-level declaration (a local of a function of the same name is not the type).
    new RegExp(
      `^(?:export\\s+)?(?:const|let|var|class|function)\\s+${name.replace(/\$/g, "\\$")}\\b`,
      "m",
    ).test(input.destination);
  const names: string[] = [];
  const visit = (text: string) => {
    for (const name of jsdocTypeNames(text)) {
      const tag = defined.get(name);
      if (!tag || names.includes(name) || declared(name)) continue;
      names.push(name);
      visit(`/** ${tag.join("\n")} */`);
    }
  };
  visit(input.unitText);
  if (!names.length) return { block: "", names };
  const lines = names.flatMap((n) => defined.get(n) ?? []);
  const rewritten = lines.map((l) =>
    l.replace(/import\((['"])([^'"]+)\1\)/g, (_, quote: string, spec: string) => {
      return `import(${quote}${respecify(spec, input.sourcePath, input.destPath)}${quote})`;
    }),
  );
  return { block: `/**\n${rewritten.map((l) => ` * ${l}`).join("\n")}\n */\n`, names };
}
