import {
  dropItems,
  escapeRegExp,
  freeAlias,
  type ImporterPlan,
  type ImportPlan,
  kids,
  lineEnd,
  lineStart,
  removeStatement,
  replaceRanges,
  type Span,
  type TextEdit,
} from "../../imports/plan.ts";
import type { ScriptLanguage } from "../../syntax/languages.ts";
import { type Node, type Tree, withTree } from "../../syntax/parser.ts";
import {
  addRequires,
  type CjsFacts,
  type CjsNeed,
  cjsBindings,
  cjsFactsOf,
  exportEdits,
  exportsReads,
  inlineRequires,
  requireLines,
  unexportEdits,
} from "./commonjs.ts";
import type { ImporterInput, MoveInput } from "./move.ts";
import { importerNaming } from "./resolve.ts";
import { moduleReferences } from "./script-scopes.ts";
import {
  loadedReads,
  mockEdits,
  moduleAlias,
  moduleCalls,
  namesOf,
  namespaceUses,
  nameTaken,
  replacesOn,
} from "./script-syntax.ts";
import { extensionStyle, respecify, specifierOf } from "./specifiers.ts";

/**
 * Moves of CommonJS (issue 33): a unit of a file that `require`s and sets
 * `module.exports` goes with the requires it uses, is exported from its new
 * file the way its old file exported it, and its old file requires it back
 * where it still uses it; importers' `require`s follow it, each in its own
 * form. Texts in, texts out, as typescript/move.ts, which hands CommonJS files here.
 */

/** A top-level unit of a CommonJS file: a declaration, or an `exports.k = …` statement (named k). */
interface CjsUnit extends Span {
  name: string;
  /** `exports.k = …`: the unit exports itself, under its name. */
  selfExport: boolean;
  /** A function declaration or `exports.k = function …`: its body's opening brace. */
  body: number | undefined;
}

/** `exports.k` or `module.exports.k` as an assignment's left side. */
const assignedKey = (left: Node | null) => {
  if (left?.type !== "member_expression") return undefined;
  const object = left.childForFieldName("object")?.text.replace(/\s/g, "");
  return object === "exports" || object === "module.exports"
    ? left.childForFieldName("property")?.text
    : undefined;
};

const bodyOf = (fn: Node | null | undefined) =>
  fn && /function|arrow/.test(fn.type) ? fn.childForFieldName("body") : null;

/** The units of a CommonJS file (requires are bindings, not units). */
function unitsOf(tree: Tree, facts: CjsFacts): CjsUnit[] {
  const requireStatements = new Set(facts.requires.map((r) => r.node.start));
  const out: CjsUnit[] = [];
  for (const child of kids(tree.rootNode)) {
    const span = { start: child.startIndex, end: child.endIndex };
    if (/^(generator_)?function_declaration$|^class_declaration$/.test(child.type)) {
      const name = child.childForFieldName("name")?.text;
      const body = child.type.includes("function") ? child.childForFieldName("body") : null;
      if (name) out.push({ name, selfExport: false, body: body?.startIndex, ...span });
    } else if (
      (child.type === "lexical_declaration" || child.type === "variable_declaration") &&
      !requireStatements.has(child.startIndex)
    ) {
      for (const d of kids(child).filter((c) => c.type === "variable_declarator")) {
        const id = d.childForFieldName("name");
        const body = bodyOf(d.childForFieldName("value"));
        if (id?.type === "identifier")
          out.push({
            name: id.text,
            selfExport: false,
            body: body?.type === "statement_block" ? body.startIndex : undefined,
            ...span,
          });
      }
    } else if (child.type === "expression_statement") {
      const assign = kids(child)[0];
      if (assign?.type !== "assignment_expression") continue;
      const key = assignedKey(assign.childForFieldName("left"));
      const right = assign.childForFieldName("right");
      if (key === undefined || right?.type === "identifier") continue;
      const body = bodyOf(right);
      out.push({
        name: key,
        selfExport: true,
        body: body?.type === "statement_block" ? body.startIndex : undefined,
        ...span,
      });
    }
  }
  return out;
}

/** Whether a text is a CommonJS module (requires or exports, no ES import or export). */
export async function isCommonJs(text: string, lang: MoveInput["lang"]): Promise<boolean> {
  if (!/\brequire\s*\(|\bexports\b/.test(text)) return false;
  return withTree(text, lang, (tree) => cjsFactsOf(tree, text).commonJs);
}

/** The name a file's module object goes by where it is required: `run-option-metadata.js` → runOptionMetadata. */
function moduleObjectName(file: string): string {
  const base = file.replace(/^.*\//, "").replace(/\.[^.]*$/, "");
  const words = base.split(/[^A-Za-z0-9_$]+/).filter(Boolean);
  const name = words.map((w, i) => (i ? w[0]?.toUpperCase() + w.slice(1) : w)).join("");
  return /^[A-Za-z_$]/.test(name) ? name : `_${name || "module"}`;
}

/**
 * The imports both files need after `unit` moved out of a CommonJS file;
 * undefined when the old file is not one (typescript/move.ts plans it then).
 */
export async function planCommonJsImports(
  input: MoveInput,
  /** The unit and what goes with it (typescript/move.ts bringAlong: already in the new file's text). */
  ranges: readonly Span[] = [input.unit],
): Promise<ImportPlan | undefined> {
  const { lang, sourcePath, destPath } = input;
  const before = await withTree(input.sourceBefore, lang, (tree) => {
    const facts = cjsFactsOf(tree, input.sourceBefore);
    return {
      facts,
      units: unitsOf(tree, facts),
      used: new Set(ranges.flatMap((r) => [...moduleReferences(tree, r.start, r.end)])),
      reads: exportsReads(tree, input.unit.start, input.unit.end),
    };
  });
  if (!before.facts.commonJs) return undefined;
  const { facts } = before;
  const movedUnits = before.units.filter((u) =>
    ranges.some((r) => u.start >= r.start && u.end <= r.end),
  );
  const moved = new Set(movedUnits.map((u) => u.name));
  /** The key each moved local is exported under (self-exports: their own name). */
  const keys = new Map<string, string>();
  for (const u of movedUnits) if (u.selfExport) keys.set(u.name, u.name);
  for (const e of facts.exports)
    if (e.local !== undefined && moved.has(e.local)) keys.set(e.local, e.key);
  const changes: string[] = [];
  const unresolved: string[] = [];
  const blocked: string[] = [];

  const destFacts = await withTree(input.destAfter, input.destLang ?? lang, (tree) =>
    cjsFactsOf(tree, input.destAfter),
  );
  const destIsEsm = /^\s*(import|export)\b/m.test(input.destAfter) && !destFacts.commonJs;
  if (destIsEsm)
    blocked.push(
      `${sourcePath} is a CommonJS module and ${destPath} an ES module: move the unit into a CommonJS file, or a new one.`,
    );
  if (destFacts.single && !facts.single)
    blocked.push(
      `${destPath} exports one value (\`module.exports = …\`): the unit cannot be exported beside it; move it to another file.`,
    );

  // What the unit needs: the old file's requires it uses, and the old file's own names.
  const style = extensionStyle(facts.requires.map((r) => r.specifier));
  const toSource = specifierOf(sourcePath, destPath, style);
  const bindings = cjsBindings(facts);
  const needs: CjsNeed[] = [];
  for (const b of bindings)
    if (before.used.has(b.local) && !moved.has(b.local))
      needs.push({
        local: b.local,
        imported: b.imported,
        specifier: respecify(b.specifier, sourcePath, destPath),
      });
  const fromSource: CjsNeed[] = [];
  const toExport: { key: string; local: string }[] = [];
  const localUnits = before.units.filter((u) => !u.selfExport && !moved.has(u.name));
  for (const u of localUnits) {
    if (!before.used.has(u.name) || fromSource.some((n) => n.local === u.name)) continue;
    const key = facts.exports.find((e) => e.local === u.name)?.key ?? u.name;
    fromSource.push({ local: u.name, imported: key, specifier: toSource });
    if (!facts.exports.some((e) => e.local === u.name)) toExport.push({ key, local: u.name });
  }
  // `exports.keep(…)` in the unit reads its old file's export when it runs (a test may have
  // replaced it): in the new file, a read of the old module's object (`util.keep(…)`), which
  // a require cycle leaves safe, and no name of the unit's can shadow.
  const unitWords = new Set(
    input.sourceBefore.slice(input.unit.start, input.unit.end).match(/[A-Za-z_$][\w$]*/g) ?? [],
  );
  const reads = before.reads.filter((read) => ![...keys.values()].includes(read.key));
  const taken = new Set([...unitWords, ...bindings.map((b) => b.local), ...moved]);
  const objectName = moduleObjectName(sourcePath);
  const namespace = !reads.length
    ? ""
    : taken.has(objectName)
      ? freeAlias(objectName, taken)
      : objectName;
  const readEdits = reads.map((read) => ({ read, local: `${namespace}.${read.key}` }));
  const moduleObject: CjsNeed[] = reads.length
    ? [{ local: namespace, imported: "*", specifier: toSource }]
    : [];
  // An export the old file sets only under a condition (`if (…) exports.requireOrImport = …`):
  // read through the module, TypeScript's checkJs types it as possibly undefined (mocha's
  // loadFilesAsync, TS18048). Said, since the check may fail there.
  const conditional = [...new Set(reads.map((r) => r.key))].filter((key) => {
    const set = new RegExp(
      `^([ \\t]*)(?:module\\.)?exports\\.${key.replace(/\$/g, "\\$")}\\s*=[^=]`,
      "gm",
    );
    const indents = [...input.sourceBefore.matchAll(set)].map((m) => m[1] ?? "");
    return indents.length > 0 && indents.every((i) => i.length > 0);
  });
  if (conditional.length)
    unresolved.push(
      `${destPath}: reads ${conditional.map((k) => `${namespace}.${k}`).join(", ")}, which ${sourcePath} exports only under a condition: TypeScript (checkJs) types ${conditional.length === 1 ? "it" : "them"} as possibly undefined there; not followed`,
    );

  // The new file: the unit (its `exports.k` reads named), 'use strict', requires, exports.
  let destination = input.destAfter;
  const unitText = input.sourceBefore.slice(input.unit.start, input.unit.end);
  const at = destination.indexOf(unitText);
  if (readEdits.length) {
    if (at === -1)
      unresolved.push(
        `${destPath}: the unit reads ${readEdits.map((r) => `exports.${r.read.key}`).join(", ")}, which now names ${destPath}'s exports; not rewritten (the unit changed on its way)`,
      );
    else
      destination = replaceRanges(
        destination,
        readEdits.map(({ read, local }) => ({
          start: at + read.start - input.unit.start,
          end: at + read.end - input.unit.start,
          insert: local,
        })),
      );
  }
  // A require cycle (the new file requires the old one, which requires it back): the new
  // file's require of the old one goes inside the unit's function, run when it is called.
  // The old file without its exports of what moved: what it still uses is what is left.
  const unexported = await withTree(input.sourceAfter, lang, (tree) => {
    const after = cjsFactsOf(tree, input.sourceAfter);
    return replaceRanges(
      input.sourceAfter,
      unexportEdits(input.sourceAfter, after, new Set(keys.values())),
    );
  });
  const sourceAfterFacts = await withTree(unexported, lang, (tree) => ({
    facts: cjsFactsOf(tree, unexported),
    used: moduleReferences(tree, 0, unexported.length),
    reads: exportsReads(tree, 0, unexported.length),
  }));
  const stillUsed = [...moved].filter(
    (name) =>
      sourceAfterFacts.used.has(name) ||
      sourceAfterFacts.reads.some((r) => r.key === (keys.get(name) ?? name)),
  );
  // The module object read at call time survives a cycle, unless the old file replaces it
  // (`module.exports = {…}`): then it is required when the unit runs, as names are.
  const cycle =
    (fromSource.length > 0 || (moduleObject.length > 0 && facts.object !== undefined)) &&
    stillUsed.length > 0;
  const lazy = cycle ? movedUnits.find((u) => u.body !== undefined) : undefined;
  if (cycle && (!lazy || movedUnits.length > 1 || at === -1))
    blocked.push(
      `${[...moved].join(", ")} would require ${sourcePath}, which still uses it and would require it back: a require cycle, which CommonJS leaves half-loaded. Move what it uses from ${sourcePath} with it, or move a function (its require then runs when it is called).`,
    );
  // A new file (nothing in it but what moved) is strict as the old one was.
  const strict =
    facts.strict !== undefined &&
    destFacts.strict === undefined &&
    ranges
      .reduce(
        (t, r) => t.replace(input.sourceBefore.slice(r.start, r.end).trim(), ""),
        input.destAfter,
      )
      .trim() === "";
  if (lazy && cycle && at !== -1) {
    // Inside the unit's body: after its opening brace, indented one step further than the unit.
    const open = at + (lazy.body as number) - input.unit.start;
    const indent = destination.slice(lineStart(destination, at), at).match(/^[ \t]*/)?.[0] ?? "";
    const step = /\n([ \t]+)\S/.exec(destination.slice(open))?.[1] ?? `${indent}  `;
    const lines = requireLines(
      [...fromSource, ...moduleObject],
      facts.quote,
      facts.semicolon,
      facts.keyword,
    );
    const insert = lines.map((l) => `\n${step}${l}`).join("");
    destination = replaceRanges(destination, [{ start: open + 1, end: open + 1, insert }]);
  }
  const required = lazy && cycle ? needs : [...needs, ...fromSource, ...moduleObject];
  if (required.length) {
    const refreshed = await withTree(destination, input.destLang ?? lang, (tree) =>
      cjsFactsOf(tree, destination),
    );
    destination = addRequires(
      destination,
      // A new file is written in the old one's style; one with requires of its own keeps its.
      {
        ...refreshed,
        quote: facts.quote,
        semicolon: facts.semicolon,
        keyword: refreshed.requires.length ? refreshed.keyword : facts.keyword,
      },
      required,
    );
  }
  if (strict) destination = `${facts.strict}\n\n${destination}`;
  // Exported the way the old file exported it, under the same key.
  const exportsNeeded = movedUnits
    .filter((u) => !u.selfExport && keys.has(u.name))
    .map((u) => ({ key: keys.get(u.name) as string, local: u.name }));
  // Required back by the old file: exported too, under its own name, where it was not exported.
  for (const name of stillUsed)
    if (!keys.has(name) && !movedUnits.find((u) => u.name === name)?.selfExport)
      exportsNeeded.push({ key: name, local: name });
  if (exportsNeeded.length) {
    const refreshed = await withTree(destination, input.destLang ?? lang, (tree) =>
      cjsFactsOf(tree, destination),
    );
    const shaped: CjsFacts =
      refreshed.object || refreshed.exports.length
        ? refreshed
        : {
            ...refreshed,
            ...(facts.object ? { object: undefined } : {}),
            semicolon: facts.semicolon,
          };
    if (facts.object && !refreshed.object && !refreshed.exports.length) {
      // A new file exports as its old file did: one object.
      const end = facts.semicolon ? ";" : "";
      const items = exportsNeeded.map((n) =>
        n.key === n.local ? n.local : `${n.key}: ${n.local}`,
      );
      destination = `${destination.replace(/\n*$/, "\n")}\nmodule.exports = { ${items.join(", ")} }${end}\n`;
    } else
      destination = replaceRanges(destination, exportEdits(destination, shaped, exportsNeeded));
  }
  const destChanges = [...needs, ...fromSource].map((n) => n.local);
  if (destChanges.length) changes.push(`${destPath}: requires ${destChanges.join(", ")}`);

  // The old file: its exports of what moved go, what the new file requires of it is exported,
  // requires only the unit used go, and the unit is required back where it is still used.
  let source = unexported;
  const after = sourceAfterFacts.facts;
  const edits: TextEdit[] = [];
  if (toExport.length) {
    edits.push(...exportEdits(source, after, toExport));
    changes.push(`${sourcePath}: exports ${toExport.map((t) => t.local).join(", ")}`);
  }
  const unitUsed = new Set(needs.map((n) => n.local));
  const dropped: string[] = [];
  for (const r of after.requires) {
    const locals = [
      ...(r.namespace !== undefined ? [r.namespace] : []),
      ...(r.property ? [r.property.local] : []),
      ...r.parts.map((p) => p.local),
    ];
    const going = locals.filter((l) => unitUsed.has(l) && !sourceAfterFacts.used.has(l));
    if (!going.length) continue;
    dropped.push(...going);
    if (going.length === locals.length) edits.push(removeStatement(source, r.node));
    else
      edits.push(
        ...dropItems(
          source,
          r.parts,
          new Set(r.parts.flatMap((p, i) => (going.includes(p.local) ? [i] : []))),
        ),
      );
  }
  if (dropped.length) changes.push(`${sourcePath}: drops requires ${dropped.join(", ")}`);
  // `exports.slug(…)` left in the old file: the required name instead.
  for (const read of sourceAfterFacts.reads) {
    const name = [...keys].find(([, key]) => key === read.key)?.[0];
    if (name !== undefined) edits.push({ start: read.start, end: read.end, insert: name });
  }
  source = replaceRanges(source, edits);
  if (stillUsed.length) {
    const back = stillUsed.map((name) => ({
      local: name,
      imported: keys.get(name) ?? name,
      specifier: specifierOf(destPath, sourcePath, style),
    }));
    const refreshed = await withTree(source, lang, (tree) => cjsFactsOf(tree, source));
    source = addRequires(source, refreshed, back);
    changes.push(`${sourcePath}: requires ${stillUsed.join(", ")} from ${destPath}`);
  }
  return {
    source,
    destination,
    changes,
    unresolved,
    // Importers take what moved under the keys the old file exported it by.
    moved: [...new Set([...moved].map((m) => keys.get(m) ?? m))],
    movedTypes: [],
    ...(blocked.length ? { blocked } : {}),
  };
}

/**
 * An importer that `require`s the old file: each require of it loses what
 * moved and a require of the new file follows it, in its form
 * (`const { a } = require(…)`, `const u = require(…); u.a()`,
 * `require(…).a`); undefined when the importer is not CommonJS.
 */
export async function planCommonJsImporter(
  input: ImporterInput,
): Promise<ImporterPlan | undefined> {
  const { importerPath, sourcePath, destPath, text } = input;
  if (!/\brequire\s*\(/.test(text)) return undefined;
  const moved = new Set(input.moved);
  const naming = importerNaming(input.configs, importerPath, sourcePath, destPath);
  const found = await withTree(text, input.lang, (tree) => {
    const facts = cjsFactsOf(tree, text);
    if (!facts.commonJs) return undefined;
    const declared = new Set(facts.requires.map((r) => r.literal.start));
    const inline = inlineRequires(tree).filter(
      (r) => !declared.has(r.literal.start) && naming.namesOld(r.specifier),
    );
    const namespaces = facts.requires
      .filter((r) => r.namespace !== undefined && naming.namesOld(r.specifier))
      .map((r) => {
        const uses = namespaceUses(tree, r.namespace as string, moved, r.node);
        const names = [...new Set(uses.uses.map((u) => u.name))];
        return { require: r, ...uses, taken: names.filter((n) => nameTaken(tree, n, uses.uses)) };
      });
    const present = namespaces.some((n) => n.uses.length || n.keyed.length)
      ? namesOf(tree)
      : new Set<string>();
    const calls = moduleCalls(tree, importerPath).filter((c) => naming.namesOld(c.specifier));
    return { facts, inline, namespaces, present, calls };
  });
  if (!found) return undefined;
  const { facts } = found;
  const edits: TextEdit[] = [];
  const unresolved: string[] = [];
  const reexport: NonNullable<ImporterPlan["reexport"]> = [];
  const took: string[] = [];
  const end = (semicolon: boolean) => (semicolon ? ";" : "");
  const quoted = (literal: string, specifier: string) =>
    `${literal[0] ?? "'"}${specifier}${literal[0] ?? "'"}`;
  const taken = new Set([...cjsBindings(facts).map((b) => b.local), ...found.present]);

  for (const r of facts.requires) {
    if (!naming.namesOld(r.specifier)) continue;
    const specifier = naming.forNew(r.specifier);
    if (r.property) {
      if (!moved.has(r.property.imported)) continue;
      edits.push({ ...r.literal, insert: quoted(r.literal.text, specifier) });
      took.push(r.property.local);
      continue;
    }
    if (r.namespace !== undefined) continue; // below
    const going = r.parts.filter((p) => moved.has(p.imported));
    if (!going.length) continue;
    took.push(...going.map((p) => p.local));
    if (going.length === r.parts.length) {
      edits.push({ ...r.literal, insert: quoted(r.literal.text, specifier) });
      continue;
    }
    edits.push(
      ...dropItems(
        text,
        r.parts,
        new Set(r.parts.flatMap((p, i) => (going.includes(p) ? [i] : []))),
      ),
    );
    const fresh = `${r.keyword} { ${going.map((p) => p.text).join(", ")} } = require(${quoted(r.literal.text, specifier)})${end(r.semicolon)}`;
    const at = lineEnd(text, r.node.end);
    edits.push({ start: at, end: at, insert: `${fresh}\n` });
  }

  // `const util = require(…)` used for what moved (`util.slug(…)`): a required name instead.
  const replaced: string[] = [];
  for (const ns of found.namespaces) {
    const local = ns.require.namespace as string;
    if (ns.keyed.length) {
      // `sinon.stub(util, "slug")`: the exports that hold it now are the new file's, and the
      // file's reads of what moved stay reads off them (`slugModule.slug(…)`), where the
      // stand-in is: a name taken off them at require time would be the function replaced.
      const r = ns.require;
      const alias = moduleAlias(destPath, taken);
      taken.add(alias);
      for (const use of ns.keyed) edits.push({ start: use.start, end: use.end, insert: alias });
      for (const use of ns.uses)
        edits.push({ start: use.start, end: use.end, insert: `${alias}.${use.name}` });
      const fresh = `${r.keyword} ${alias} = require(${quoted(r.literal.text, naming.forNew(r.specifier))})${end(r.semicolon)}`;
      const single = !/,/.test(text.slice(r.node.start, r.node.end).replace(/\([^)]*\)/g, ""));
      if (!ns.others && !ns.opaque && single)
        edits.push({ start: r.node.start, end: r.node.end, insert: fresh });
      else {
        const at = lineEnd(text, r.node.end);
        edits.push({ start: at, end: at, insert: `${fresh}\n` });
      }
      if (ns.opaque)
        reexport.push({
          names: [...moved],
          through: `${importerPath}: passes on or indexes \`${local} = require(${r.literal.text})\`, which may read ${[...moved].join(", ")} off it`,
        });
      replaced.push(...ns.keyed.map((k) => k.name));
      took.push(alias);
      continue;
    }
    // Passed on or indexed, never naming what moved: it may be read off it by a computed key.
    if (!ns.uses.length && ns.opaque) {
      reexport.push({
        names: [...moved],
        through: `${importerPath}: passes on or indexes \`${local} = require(${ns.require.literal.text})\`, which may read ${[...moved].join(", ")} off it`,
      });
      continue;
    }
    if (!ns.uses.length) continue;
    const names = [...new Set(ns.uses.map((u) => u.name))];
    if (ns.opaque) {
      reexport.push({
        names,
        through: `${importerPath}: uses ${names.map((m) => `${local}.${m}`).join(", ")} through \`${local} = require(${ns.require.literal.text})\`, which it also passes on`,
      });
      continue;
    }
    const alias = new Map(
      names.map((n) => [n, ns.taken.includes(n) || taken.has(n) ? freeAlias(n, taken) : n]),
    );
    for (const name of alias.values()) taken.add(name);
    for (const use of ns.uses)
      edits.push({ start: use.start, end: use.end, insert: alias.get(use.name) ?? use.name });
    const r = ns.require;
    const specifier = naming.forNew(r.specifier);
    const fresh = `${r.keyword} { ${names.map((n) => (alias.get(n) === n ? n : `${n}: ${alias.get(n)}`)).join(", ")} } = require(${quoted(r.literal.text, specifier)})${end(r.semicolon)}`;
    if (!ns.others && !/,/.test(text.slice(r.node.start, r.node.end).replace(/\([^)]*\)/g, "")))
      edits.push({ start: r.node.start, end: r.node.end, insert: fresh });
    else {
      const at = lineEnd(text, r.node.end);
      edits.push({ start: at, end: at, insert: `${fresh}\n` });
    }
    took.push(...[...alias.values()]);
  }

  // `require("./util").slug` inline, and `const { slug } = require("./util")` in a function:
  // the new file's (when all it takes moved); `module.exports = require("./util")`: said.
  for (const r of found.inline) {
    const takes = r.property !== undefined ? [r.property] : Array.isArray(r.bound) ? r.bound : [];
    const going = takes.filter((t) => moved.has(t));
    if (going.length && going.length === takes.length) {
      edits.push({ ...r.literal, insert: quoted(r.literal.text, naming.forNew(r.specifier)) });
      took.push(...going);
    } else if (going.length)
      unresolved.push(
        `${importerPath}: \`${text.slice(r.statement.start, r.statement.end).split("\n")[0]}\` takes ${going.join(", ")} with what stayed; not rewritten`,
      );
    else if (r.property === undefined && r.bound === undefined)
      unresolved.push(
        `${importerPath}: \`${text.slice(r.statement.start, r.statement.end).split("\n")[0]}\` may pass on what moved; not rewritten`,
      );
  }
  reexport.push(...loadedReads(importerPath, text, found.calls, [...moved]));
  const mocks = mockEdits(text, found.calls, [...moved], naming.forNew);
  edits.push(...mocks.edits);
  unresolved.push(...mocks.unresolved.map((u) => `${importerPath}: ${u}`));
  const also = reexport.length ? { reexport } : {};
  if (!edits.length) return { text, changes: [], unresolved, ...also };
  // A require of the new file loads it (in a function, when that runs: counted all the same).
  const changes = [
    ...(took.length
      ? [`${importerPath}: requires ${[...new Set(took)].join(", ")} from ${destPath}`]
      : []),
    ...(replaced.length ? [replacesOn(importerPath, replaced, sourcePath, destPath)] : []),
    ...(mocks.edits.length ? [`${importerPath}: mocks ${destPath} as it mocks ${sourcePath}`] : []),
  ];
  return {
    text: replaceRanges(text, edits),
    changes,
    unresolved,
    ...also,
    loadsNew: { after: [] },
  };
}

/**
 * The old CommonJS file re-exporting `names` from the new one (a module object
 * read where it cannot be rewritten: ImporterPlan.reexport): `exports.k =
 * require("./new").k` in its style (an export of the back-require where it has
 * one). Where the new file requires the old one as it loads, a require back at
 * load would let one see the other half-built: the old file exports a getter
 * that requires the new one when the name is read (`exports.k` files only);
 * undefined for a file that replaces `module.exports`.
 */
export async function cjsReexport(
  lang: ScriptLanguage,
  text: string,
  sourcePath: string,
  destPath: string,
  destText: string,
  names: readonly string[],
): Promise<string | undefined> {
  const facts = await withTree(text, lang, (tree) => cjsFactsOf(tree, text));
  const style = extensionStyle(facts.requires.map((r) => r.specifier));
  const toDest = specifierOf(destPath, sourcePath, style);
  const toSource = specifierOf(sourcePath, destPath, style);
  const escaped = escapeRegExp(toSource);
  if (new RegExp(`^\\S.*\\brequire\\(\\s*["'\`]${escaped}["'\`]\\s*\\)`, "m").test(destText)) {
    if (facts.object || facts.single) return undefined;
    const q = facts.quote;
    const end = facts.semicolon ? ";" : "";
    const getters = names
      .filter((name) => !facts.exports.some((e) => e.key === name))
      .map(
        (name) =>
          `Object.defineProperty(exports, ${q}${name}${q}, {\n  enumerable: true,\n  get: () => require(${q}${toDest}${q}).${name},\n})${end}\n`,
      );
    if (!getters.length) return text;
    return `${text.replace(/\n*$/, "\n")}\n${getters.join("\n")}`;
  }
  const bindings = cjsBindings(facts);
  const taken = new Set(bindings.map((b) => b.local));
  const needs: CjsNeed[] = [];
  const exported: { key: string; local: string }[] = [];
  for (const name of names) {
    if (facts.exports.some((e) => e.key === name)) continue;
    const bound = bindings.find((b) => b.imported === name && b.specifier === toDest);
    const local = bound?.local ?? (taken.has(name) ? freeAlias(name, taken) : name);
    taken.add(local);
    if (!bound) needs.push({ local, imported: name, specifier: toDest });
    exported.push({ key: name, local });
  }
  if (!exported.length) return text;
  const required = addRequires(text, facts, needs);
  const again = await withTree(required, lang, (tree) => cjsFactsOf(tree, required));
  return replaceRanges(required, exportEdits(required, again, exported));
}
