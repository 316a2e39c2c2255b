import { extensionStyle, names, respecify, specifierOf } from "./specifiers.ts";

/**
 * JSDoc types across a move of a JavaScript unit (found by bench:real on
 * mocha, and on a CommonJS project checked with `checkJs`): `@param {Mocha}
 * mocha` in the unit, `@typedef {import('../mocha.js')} Mocha` at the top of
 * its old file. The new file gets the tags it names, their `import('…')`
 * specifiers rewritten for where it is; the old file keeps its own, and
 * imports as a type what it still names of what moved; another file's
 * `import('./widget.js').Widget` names the new file. Pure.
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

const escaped = (name: string) => name.replace(/\$/g, "\\$");

/** Whether `text` binds `name` at its top level: a declaration, a require's destructuring, a typedef. */
function binds(text: string, name: string): boolean {
  const n = escaped(name);
  return (
    typedefsOf(text).has(name) ||
    new RegExp(
      `^(?:export\\s+)?(?:(?:const|let|var|class|function)\\s+${n}\\b|(?:const|let|var)\\s*\\{[^}]*(?<![\\w$])${n}(?![\\w$])[^}]*\\}\\s*=)`,
      "m",
    ).test(text) ||
    new RegExp(`^import\\b[^;]*(?<![\\w$])${n}(?![\\w$])[^;]*\\bfrom\\b`, "m").test(text)
  );
}

/** The relative specifiers of `text`: its requires', imports' and JSDoc import() types'. */
const specifiersIn = (text: string) =>
  [...text.matchAll(/\b(?:require|import)\(\s*(['"])([^'"]+)\1|\bfrom\s+(['"])([^'"]+)\3/g)].map(
    (m) => m[2] ?? m[4] ?? "",
  );

/**
 * The old file of a move, `text` as the move left it, still naming in its
 * JSDoc types what moved (`@param {Widget} w`) with nothing binding it there
 * (the unit is not required back: the file reads it in types alone): a
 * `@typedef {import('./ui/widget.js').Widget} Widget` for each, after its
 * requires, in its own specifier style. Unchanged where there is none.
 */
export function typesBack(input: {
  sourcePath: string;
  destPath: string;
  text: string;
  moved: readonly string[];
}): { text: string; names: string[] } {
  const named = jsdocTypeNames(input.text);
  const wanted = input.moved.filter((m) => named.has(m) && !binds(input.text, m));
  if (!wanted.length) return { text: input.text, names: [] };
  const spec = specifierOf(
    input.destPath,
    input.sourcePath,
    extensionStyle(specifiersIn(input.text)),
  );
  const block = wanted.map((m) => `/** @typedef {import('${spec}').${m}} ${m} */\n`).join("");
  // After the header: a directive, comments, requires and imports, blank lines.
  const lines = input.text.split("\n");
  let at = 0;
  let inComment = false;
  for (const [i, line] of lines.entries()) {
    const t = line.trim();
    if (inComment) {
      if (t.includes("*/")) inComment = false;
      continue;
    }
    if (t.startsWith("/*") && !t.includes("*/")) {
      inComment = true;
      continue;
    }
    if (
      t === "" ||
      t.startsWith("//") ||
      /^\/\*.*\*\/$/.test(t) ||
      /^(['"])use strict\1;?$/.test(t)
    )
      continue;
    if (/^(?:const|let|var)\b[^=]*=\s*require\(/.test(t) || /^import\b/.test(t)) {
      at = i + 1;
      continue;
    }
    break;
  }
  if (at === 0) at = lines.findIndex((l) => /^(['"])use strict\1;?\s*$/.test(l.trim())) + 1;
  const head = lines.slice(0, at).join("\n");
  const rest = lines.slice(at).join("\n");
  const text =
    at === 0
      ? `${block}\n${rest}`
      : `${head}\n\n${block}${rest.startsWith("\n") ? "" : "\n"}${rest}`;
  return { text, names: wanted };
}

/**
 * `text`'s JSDoc `import('…').Name` types that name the old file of a move
 * and read off it a name that moved, naming the new file instead, in the
 * same specifier style; how many.
 */
export function repointImportTypes(input: {
  importerPath: string;
  sourcePath: string;
  destPath: string;
  text: string;
  moved: readonly string[];
}): { text: string; count: number } {
  const moved = new Set(input.moved);
  let count = 0;
  const text = input.text.replace(COMMENTS, (comment) =>
    comment.replace(
      /\bimport\(\s*(['"])([^'"]+)\1\s*\)\.([A-Za-z_$][\w$]*)/g,
      (all, quote: string, spec: string, name: string) => {
        if (!moved.has(name) || !names(spec, input.importerPath, input.sourcePath)) return all;
        count++;
        const to = specifierOf(input.destPath, input.importerPath, extensionStyle([spec]));
        return `import(${quote}${to}${quote}).${name}`;
      },
    ),
  );
  return { text, count };
}
