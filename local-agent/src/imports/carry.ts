import type { EditResult } from "../../../src/shared/bridge/protocol.ts";
import { Lines } from "../../../src/shared/core/lines.ts";
import { countLines } from "../../../src/shared/core/text.ts";
import {
  allListedReads,
  importsModule,
  patchesOnOld,
  pathStrings,
  planImporters,
  planMove,
  planReexport,
  readsThrough,
  starTaken,
} from "../compute/offload.ts";
import { undoSplice } from "../edits.ts";
import type { GoMove } from "../languages/go/move.ts";
import type { GoContext } from "../languages/go/packages.ts";
import type { JavaContext, JavaMove } from "../languages/java/packages.ts";
import type { MoveContext } from "../languages/moves.ts";
import type { ModuleNames, StarName } from "../languages/python/move.ts";
import type { RustContext } from "../languages/rust/modules.ts";
import type { ModuleConfigs } from "../languages/typescript/resolve.ts";
import { isScript, languageOf } from "../syntax/languages.ts";
import { encodeText, sha256 } from "../text-file.ts";
import type { ImportersInput } from "./importers.ts";
import { escapeRegExp, type ImportPlan, lineEnd, lineStart, type UnitRead } from "./plan.ts";
import { markedSection, pathNamed } from "./sections.ts";

/** A file as an operation holds it in memory (file-ops/load.ts's FileState, the fields used here). */
export interface HeldFile {
  exists: boolean;
  bom: boolean;
  text: string;
  hash: string | null;
  bytes: Uint8Array | null;
}

/**
 * Other files that may read through the old module what it would stop importing (Python):
 * those holding one of `names`, each with its path.
 */
/** What a reader of the old module is asked about what moved (python/move.ts ReaderQuery). */
type ReaderQuery = Omit<Parameters<typeof pathStrings>[0], "importerPath"> & {
  importerPath: string;
};

type CarryReaders = (
  names: readonly string[],
  /** Any file holding one of `names` anywhere (in a pickle's bytes: `\\n_Version`), not as a word alone. */
  anywhere?: boolean,
  /** And any module of the project that imports a module by a name built as it runs. */
  dynamic?: boolean,
) => Promise<{ path: string; text: string }[]>;

/**
 * A move's imports (ApplyArgs.carry_imports): after edit `from` removed a unit
 * from its file and edit `to` pasted it into another, both files get what the
 * unit needs (typescript/move.ts, python/move.ts, go/move.ts, java/move.ts, rust/move.ts). Each file's new text replaces what the
 * operation holds for it, and its edit's result and undo are widened to cover
 * everything that changed in it, so one undo still reverts the whole move.
 * Returns the files' new states (unchanged when the files are not both
 * scripts, or both Python, Go, Java or Rust, or both edits are in one file).
 */
export async function carryImports(options: {
  source: { abs: string; initial: HeldFile; current: HeldFile; result: EditResult };
  dest: { abs: string; initial: HeldFile | undefined; current: HeldFile; result: EditResult };
  /** Python modules' dotted names (python/modules.ts), by root-relative path. */
  modules?: ModuleNames;
  /**
   * Other files that may read through the old module what it would stop
   * importing (Python): those holding one of `names`, each with its path.
   */
  readers?: CarryReaders;
  /** The modules around import their package relatively (Python: PythonMoveInput.relativeHint). */
  relativeHint?: boolean;
  /** The `__init__.py` files importing the new module runs that importing the old one does not (Python). */
  packageInits?: { path: string; text: string }[];
  /** And those importing the old module runs that importing the new one does not (Python). */
  sourceInits?: { path: string; text: string }[];
  /** The old module's typing stub (Python), where it has one. */
  sourceStub?: { path: string; text: string } | undefined;
  /** What each of the old module's star imports binds, by the module as written (Python). */
  sourceStars?: Record<string, StarName[]>;
  /** A package (by its dotted name) on the new module's way that imports the old module through others: the load check found the circle (Python). */
  circleThrough?: string;
  /** The caller keeps the move whatever no checker sees (`keep: true`): ImportPlan.blockedUnlessKept is named, not refused. */
  kept?: boolean;
  /** Go: the module and its files (go/packages.ts). */
  go?: GoContext;
  /** Java: the old and new directories' files (java/packages.ts). */
  java?: JavaContext;
  /** Rust: the crate's files (rust/modules.ts). */
  rust?: RustContext;
  /** TypeScript and JavaScript: what the module settings ask of a specifier (languages/moves.ts MoveContext.script). */
  script?: MoveContext["script"];
}): Promise<
  | {
      source: HeldFile;
      dest: HeldFile;
      moved: string[];
      movedTypes: string[];
      movedDefault: string | undefined;
      blocked: string[];
      blockedIfLoaded: string[];
      blockedIfReexported: string[];
      /** The private declarations taken along with the unit (typescript/companions.ts). */
      brought: string[];
      /** What of it the old file exported, by the names it exported (ImportPlan.exported). */
      exported: string[];
      sourceEmptied: boolean;
      unitReads: UnitRead[];
      /** Python: what the old module goes on binding for its star importers. */
      starKept: string[];
      /** Python: ImportPlan.loadUses. */
      loadUses: string[];
      /** Python: the plan took importing the new module to import the old one (a circle). */
      circled: boolean;
      literalFields: Record<string, string[]> | undefined;
      others: NonNullable<ImportPlan["others"]>;
    }
  | undefined
> {
  const { source, dest } = options;
  if (source.abs === dest.abs) return undefined;
  const selection = source.result.selection;
  if (!selection) return undefined;
  const texts = {
    sourceBefore: source.initial.text,
    unit: { start: selection.start, end: selection.end },
    sourceAfter: source.current.text,
    destAfter: dest.current.text,
  };
  const from = { abs: source.abs, path: source.result.path };
  const to = { abs: dest.abs, path: dest.result.path };
  /** The first of `inits` (packages' `__init__.py`) that imports the old module. */
  const importingOld = async (inits: readonly { path: string; text: string }[] = []) => {
    for (const init of inits)
      if (
        await importsModule({
          importerPath: init.path,
          sourcePath: source.result.path,
          text: init.text,
          ...(options.modules ? { modules: options.modules } : {}),
        })
      )
        return init;
    return undefined;
  };
  // A package on the new module's way that imports the old module closes a circle too.
  const throughPackage = (await importingOld(options.packageInits))?.path ?? options.circleThrough;
  // A package on the old module's way that imports it: importing the new module, which imports
  // the old one, runs that package, which would import the unit (from the new module) back.
  const sourcePackage = await importingOld(options.sourceInits);
  const undo = source.result.undo;
  const python = {
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.relativeHint !== undefined ? { relativeHint: options.relativeHint } : {}),
    ...(throughPackage !== undefined ? { throughPackage } : {}),
    ...(sourcePackage !== undefined ? { sourcePackage } : {}),
    ...(options.sourceStub ? { stub: options.sourceStub } : {}),
    ...(options.sourceStars && Object.keys(options.sourceStars).length
      ? { stars: options.sourceStars }
      : {}),
    ...(undo.kind === "splice" ? { cutAt: undo.start } : {}),
  };
  const context: MoveContext = {
    python,
    ...(options.go ? { go: options.go } : {}),
    ...(options.java ? { java: options.java } : {}),
    ...(options.rust ? { rust: options.rust } : {}),
    ...(options.script ? { script: options.script } : {}),
  };
  let plan = await planFor(from, to, texts, context).catch((error: unknown) =>
    tooDeep(error, source.result.path, dest.result),
  );
  if (!plan) return undefined;
  // Imports the old module would drop that another module reads through it stay; what moves
  // that another file looks up on the old module by a path in a string stays bound there.
  const keep = new Set<string>();
  const namedByPath = new Map<string, { by: string; star?: boolean }>();
  if (plan.dropped?.length && options.readers)
    for (const reader of await options.readers(plan.dropped))
      for (const name of await readsThrough({
        importerPath: reader.path,
        sourcePath: source.result.path,
        text: reader.text,
        names: plan.dropped,
        followed: (plan.unitReads ?? []).map((r) => r.name),
        ...(options.modules ? { modules: options.modules } : {}),
      }))
        keep.add(name);
  const moved = plan.moved ?? [];
  const readers = options.readers;
  /** What each of `found` looks up of what moved on the old module (`ask`), kept bound there. */
  const lookedUp = async (
    found: readonly { path: string; text: string }[],
    ask: (input: ReaderQuery) => Promise<string[]>,
    star?: Set<string>,
  ) => {
    for (const reader of found)
      for (const name of await ask({
        importerPath: reader.path,
        sourcePath: source.result.path,
        text: reader.text,
        names: moved,
        ...(options.modules ? { modules: options.modules } : {}),
      })) {
        star?.add(name);
        if (!namedByPath.has(name))
          namedByPath.set(name, { by: reader.path, ...(star ? { star: true } : {}) });
      }
  };
  // What a star import of the old module takes (`from attr.validators import *` re-exporting
  // it from another package): the old module goes on binding it, and listing it.
  const starKept = new Set<string>();
  if (moved.length && readers) {
    // By a dotted path in a string, or off a module imported by a name built as it runs.
    await lookedUp(await readers(moved, true, true), pathStrings);
    // Off the old one's `__all__` by name (marko's parser's registry): asked of the modules
    // that name it (`block.__all__` after `from . import block`).
    const stem = /([^/]+?)(?:\/__init__)?\.pyi?$/.exec(source.result.path)?.[1] ?? "";
    await lookedUp(
      (await readers(["__all__"], true)).filter((r) => r.text.includes(stem)),
      (input) => allListedReads({ ...input, sourceText: texts.sourceBefore }),
    );
    await lookedUp(
      await readers(["import *"], true),
      (input) => starTaken({ ...input, sourceText: texts.sourceBefore }),
      starKept,
    );
  }
  // What the unit reads that the old module keeps and reads too, replaced there by another
  // module (mistletoe's contrib/scheme.py: `block_token._token_types = […]`): the unit reads it
  // off the old module as it runs, so that the patch reaches both.
  const live = new Set<string>();
  const shared = (plan.unitReads ?? []).filter((r) => r.own && r.stays && r.oldReads !== false);
  if (shared.length && readers)
    for (const reader of await readers(
      shared.map((r) => r.name),
      true,
    ))
      for (const name of await patchesOnOld({
        importerPath: reader.path,
        sourcePath: source.result.path,
        text: reader.text,
        names: shared.map((r) => r.name),
        ...(options.modules ? { modules: options.modules } : {}),
      }))
        live.add(name);
  if (keep.size || namedByPath.size || live.size) {
    const kept = await planFor(from, to, texts, {
      ...context,
      python: {
        ...python,
        ...(keep.size ? { keep: [...keep] } : {}),
        ...(live.size ? { live: [...live] } : {}),
        ...(namedByPath.size
          ? { namedByPath: [...namedByPath].map(([name, found]) => ({ name, ...found })) }
          : {}),
      },
    }).catch((error: unknown) => tooDeep(error, source.result.path, dest.result));
    if (!kept) return undefined;
    plan = kept;
  }
  const hazards = [
    ...(plan.blockedUnlessKept ?? []).map((b) => relative(b, source, dest)),
    ...(await extractedBy(texts, source.result.path, options.readers)),
  ];
  const imports = {
    changes: plan.changes.map((c) => relative(c, source, dest)),
    unresolved: [
      ...(options.kept ? hazards : []),
      ...plan.unresolved.map((u) => relative(u, source, dest)),
    ],
  };
  const sourceState = rebase(
    source.abs,
    source.initial,
    source.current,
    plan.source,
    source.result,
  );
  const destState = rebase(dest.abs, dest.initial, dest.current, plan.destination, dest.result);
  if (imports.changes.length || imports.unresolved.length) dest.result.imports = imports;
  if (plan.brought?.length) dest.result.brought = plan.brought.slice(0, 50);
  return {
    source: sourceState,
    dest: destState,
    moved: plan.moved ?? [],
    movedTypes: plan.movedTypes ?? [],
    movedDefault: plan.movedDefault,
    brought: plan.brought ?? [],
    exported: plan.exported ?? [],
    blocked: [
      ...(plan.blocked ?? []).map((b) => relative(b, source, dest)),
      ...(!options.kept && hazards.length
        ? [
            `${hazards.join(" ")} Change that code first, or pass \`keep: true\` to make the move anyway (its receipt names it).`,
          ]
        : []),
    ],
    blockedIfLoaded: (plan.blockedIfLoaded ?? []).map((b) => relative(b, source, dest)),
    blockedIfReexported: (plan.blockedIfReexported ?? []).map((b) => relative(b, source, dest)),
    sourceEmptied: plan.sourceEmptied === true,
    unitReads: plan.unitReads ?? [],
    starKept: [...starKept],
    loadUses: plan.loadUses ?? [],
    circled: throughPackage !== undefined,
    literalFields: plan.literalFields,
    others: plan.others ?? [],
  };
}

/**
 * A unit in a section a tool copies out of the old file by its marker lines, where another
 * file names the old one by its path (lark's tools/standalone.py): moved, what the tool
 * extracts no longer holds it. Each such file, said.
 */
async function extractedBy(
  texts: { sourceBefore: string; unit: { start: number; end: number } },
  sourcePath: string,
  readers: CarryReaders | undefined,
): Promise<string[]> {
  const section = markedSection(texts.sourceBefore, texts.unit.start, texts.unit.end);
  if (!section || !readers) return [];
  const base = sourcePath.slice(sourcePath.lastIndexOf("/") + 1);
  return (await readers([base], true)).flatMap((reader) => {
    const named = reader.path !== sourcePath && pathNamed(reader.text, sourcePath);
    return named
      ? [
          `${sourcePath}: the unit sits in its \`${section}\` section, which ${reader.path} copies out of the file it names by ${named}: moved, that section no longer holds it.`,
        ]
      : [];
  });
}

/** What one result may say (protocol.ts `EditResult.imports`): so many lines, each so long. */
const MAX_CHANGES = 20;
const MAX_UNRESOLVED = 100;
const MAX_NOTE = 2000;

/** `lines` within `max` lines of MAX_NOTE characters, the last saying how many more there were. */
function capped(lines: readonly string[], max: number): string[] {
  const cut = (line: string) => (line.length > MAX_NOTE ? `${line.slice(0, MAX_NOTE - 1)}…` : line);
  if (lines.length <= max) return lines.map(cut);
  return [...lines.slice(0, max - 1).map(cut), `… and ${lines.length - max + 1} more`];
}

/**
 * A test of whether a text may import or re-export one of `moved`: it names
 * one, or it has an `export *`; when the unit was its file's default export
 * (`movedDefault`), any default import or re-export of a default (which names
 * it as it likes).
 */
export function mayImport(
  moved: readonly string[],
  movedDefault?: string,
  /** Names the unit read from its old module (Python): a file may patch them there, by name. */
  unitReads?: readonly { name: string }[],
  /**
   * The old file's name without its extension (scripts): a file may take its
   * whole module object (`import * as tags from './components'`, a whole
   * `require`) and read what moved off it by a computed key, never naming it.
   */
  wholeModule?: string,
): (text: string) => boolean {
  const words = namesAny(moved);
  const patched = unitReads?.length
    ? new RegExp(`[.'"](?:${unitReads.map((r) => r.name).join("|")})(?:['"]|\\s*=(?!=))`)
    : undefined;
  const whole = wholeModule
    ? new RegExp(
        `(?:\\bimport\\s*\\*\\s*as\\s+[\\w$]+\\s*from|=\\s*require\\s*\\()\\s*['"][^'"]*\\b${escapeRegExp(wholeModule)}(?:\\.[cm]?[jt]sx?)?['"]`,
      )
    : undefined;
  return (text) =>
    words?.test(text) === true ||
    patched?.test(text) === true ||
    whole?.test(text) === true ||
    /\bexport\s+(?:type\s+)?\*/.test(text) ||
    (movedDefault !== undefined &&
      /\bimport\s+(?:type\s+)?[\w$]+\s*(?:,|from\b)|\bdefault\b/.test(text));
}

/** A script's name without its extension, for mayImport's `wholeModule`; undefined for another language's. */
export function wholeModuleOf(path: string): string | undefined {
  if (!isScript(languageOf(path))) return undefined;
  return path
    .split("/")
    .at(-1)
    ?.replace(/\.[cm]?[jt]sx?$/, "");
}

/** A pattern for any of `names` as a whole word of code; undefined for none. */
function namesAny(names: readonly string[]): RegExp | undefined {
  if (!names.length) return undefined;
  const words = names.map((m) => m.replace(/[$]/g, "\\$")).join("|");
  return new RegExp(`(?<![\\w$])(?:${words})(?![\\w$])`);
}

/** A file an operation holds, with its edit's result (the move's destination). */
interface Edited {
  abs: string;
  path: string;
  initial: HeldFile | undefined;
  current: HeldFile;
  result: EditResult;
}

/**
 * A move's importers (imports/importers.ts): each file in `files` (loaded
 * under the operation's locks) that imports what moved now imports it from
 * `dest`. Files that change get a result of their own, after the operation's
 * edits; the destination, when it imported the unit, has its own result
 * widened. What could not be followed goes to the destination's result.
 * Returns the changed files' new states and results.
 */
export async function carryImporters(options: {
  source: { abs: string; path: string };
  dest: Edited;
  moved: readonly string[];
  movedTypes?: readonly string[];
  movedDefault?: string | undefined;
  sourceEmptied?: boolean;
  /** ImportersInput.loadOrder. */
  loadOrder?: boolean;
  modules?: ModuleNames;
  configs?: ModuleConfigs;
  /** Names the unit read from its old module that the new one binds (Python: ImportPlan.unitReads). */
  unitReads?: readonly UnitRead[];
  /** Python: ImportersInput.readThrough. */
  readThrough?: Record<string, readonly string[]>;
  /** Python: ImportersInput.starKept. */
  starKept?: readonly string[];
  /** Python: ImportersInput.loadUses. */
  loadUses?: readonly string[];
  /** Go: the move between packages (go/move.ts goMoveOf). */
  go?: GoMove;
  /** Java: a top-level type's move between packages (java/move.ts javaMoveOf). */
  java?: JavaMove;
  /** Rust: the move between modules (importers.ts ImportersInput.rust). */
  rust?: ImportersInput["rust"];
  /** Files planned whatever they name (Rust: the one that declares the new module). */
  alwaysPlan?: readonly string[];
  /** Files the move's plan changed itself (ImportPlan.others), by path: their texts as it left them, and as it found them. */
  rewritten?: ReadonlyMap<string, { before: string; text: string; changes?: string[] }>;
  files: { abs: string; path: string; state: HeldFile }[];
  /** At most this many other files change; the rest are named, not rewritten. */
  max: number;
  /** The walk for importers stopped early: after `files` files, at its file or time bound. */
  truncated?: { files: number; why: "files" | "time" } | undefined;
}): Promise<{
  dest: HeldFile;
  others: { abs: string; state: HeldFile; result: EditResult }[];
  /** What importers read through the old module's object where they cannot be rewritten. */
  reexport: { names: string[]; through: string; within?: true }[];
  /** Importers that now load the new file before the old one (ImporterPlan.loadsNew). */
  loadedBy: { abs: string; path: string; after: string[] }[];
  /** Importers that load the old file before the new one. */
  oldFirst: string[];
}> {
  const { source, dest } = options;
  const held = [{ abs: dest.abs, path: dest.path, state: dest.current }, ...options.files];
  // What the plan made of a file is where its importer's rewrite starts (if the file is still as
  // the plan read it; else the plan's change is not made, and said).
  const notes: string[] = [];
  const startOf = new Map<string, { text: string; changes: string[] }>();
  for (const f of options.files) {
    const made = options.rewritten?.get(f.path);
    if (!made) continue;
    if (made.before === f.state.text)
      startOf.set(f.abs, { text: made.text, changes: made.changes ?? [] });
    else
      notes.push(
        `${f.path} changed while the move was planned; what the move does to it was not done`,
      );
  }
  const textOf = (f: { abs: string; state: HeldFile }) => startOf.get(f.abs)?.text ?? f.state.text;
  // Only files that name what moved, or re-export every name of a file (a barrel), are parsed.
  const may = mayImport(
    options.moved,
    options.movedDefault,
    options.unitReads,
    wholeModuleOf(source.path),
  );
  const candidates = held.filter(
    (f) => f.state.exists && (may(f.state.text) || options.alwaysPlan?.includes(f.abs) === true),
  );
  const planned = candidates.length
    ? await planImporters({
        source,
        dest: { abs: dest.abs, path: dest.path },
        moved: options.moved,
        ...(options.movedTypes ? { movedTypes: options.movedTypes } : {}),
        ...(options.movedDefault !== undefined ? { movedDefault: options.movedDefault } : {}),
        destCreated: !dest.initial?.exists,
        ...(options.sourceEmptied ? { sourceEmptied: true } : {}),
        ...(options.loadOrder ? { loadOrder: true } : {}),
        ...(options.modules ? { modules: options.modules } : {}),
        ...(options.configs ? { configs: options.configs } : {}),
        ...(options.unitReads?.length ? { unitReads: options.unitReads } : {}),
        ...(options.readThrough ? { readThrough: options.readThrough } : {}),
        ...(options.starKept?.length ? { starKept: options.starKept } : {}),
        ...(options.loadUses?.length ? { loadUses: options.loadUses } : {}),
        ...(options.go ? { go: options.go } : {}),
        ...(options.java ? { java: options.java } : {}),
        ...(options.rust ? { rust: options.rust } : {}),
        files: candidates.map((f) => ({ abs: f.abs, path: f.path, text: textOf(f) })),
      })
    : [];
  const others: { abs: string; state: HeldFile; result: EditResult }[] = [];
  let destState = dest.current;
  const beyond: string[] = [];
  const reexport: { names: string[]; through: string; within?: true }[] = [];
  const heldAt = new Map(held.map((f) => [f.abs, f]));
  const loadedBy: { abs: string; path: string; after: string[] }[] = [];
  const oldFirst: string[] = [];
  for (const change of planned) {
    notes.push(...change.unresolved);
    reexport.push(...(change.reexport ?? []));
    const file = heldAt.get(change.abs);
    if (change.loadsNew && file && file.abs !== dest.abs)
      loadedBy.push({ abs: file.abs, path: file.path, after: change.loadsNew.after });
    if (change.loadsOldFirst) oldFirst.push(change.abs);
    if (!file || change.text === undefined) continue;
    if (file.abs === dest.abs) {
      destState = rebase(dest.abs, dest.initial, dest.current, change.text, dest.result);
      const imports = dest.result.imports ?? { changes: [], unresolved: [] };
      dest.result.imports = {
        ...imports,
        changes: capped([...imports.changes, ...change.changes], MAX_CHANGES),
      };
      continue;
    }
    const made = startOf.get(file.abs)?.changes ?? [];
    if (others.length < options.max)
      others.push(
        importerEdit(file, change.text, capped([...made, ...change.changes], MAX_CHANGES)),
      );
    else beyond.push(file.path);
  }
  // Those the plan changed that their importer's rewrite left as the plan made them.
  const rewritten = new Set(others.map((o) => o.abs));
  for (const [abs, made] of startOf) {
    const file = heldAt.get(abs);
    if (!file || rewritten.has(abs)) continue;
    if (others.length < options.max)
      others.push(importerEdit(file, made.text, capped(made.changes, MAX_CHANGES)));
    else beyond.push(file.path);
  }
  if (beyond.length)
    notes.push(
      `${beyond.length} more importer${beyond.length === 1 ? "" : "s"} (a move rewrites at most ${options.max}) still import from ${source.path}: ${beyond.slice(0, 10).join(", ")}${beyond.length > 10 ? ", …" : ""}`,
    );
  if (options.truncated !== undefined)
    notes.push(
      `importers were looked for in the first ${options.truncated.files.toLocaleString("en")} files under the roots only (${options.truncated.why === "time" ? "the search stopped at its time limit" : "the most a search reads"}); others may still import from ${source.path}`,
    );
  noteOn(dest.result, [], notes);
  return { dest: destState, others, reexport, loadedBy, oldFirst };
}

/** `changes` and `unresolved` added to what a result says of imports, within their caps. */
function noteOn(result: EditResult, changes: readonly string[], unresolved: readonly string[]) {
  if (!changes.length && !unresolved.length) return;
  const imports = result.imports ?? { changes: [], unresolved: [] };
  result.imports = {
    changes: capped([...imports.changes, ...changes], MAX_CHANGES),
    unresolved: capped([...imports.unresolved, ...unresolved], MAX_UNRESOLVED),
  };
}

/**
 * Names importers read through the old module's object where they cannot be
 * rewritten (ImporterPlan.reexport): the old file re-exports them from the new
 * one (its result widened as carryImports widens it), and the destination's
 * result says so, or, where it cannot (scripts only; a CommonJS require cycle
 * at load), names each such importer as not followed.
 */
export async function carryReexport(options: {
  source: { abs: string; path: string; initial: HeldFile; current: HeldFile; result: EditResult };
  dest: { path: string; text: string; result: EditResult };
  requests: readonly { names: string[]; through: string; within?: true }[];
  /** Those of the names that are types only (scripts: re-exported as types). */
  types?: readonly string[];
  /** Rust: the old module's text re-exporting `names` from the new one (`pub use crate::text::slug;`). */
  rustReexport?: (
    text: string,
    names: readonly string[],
    requests: readonly { within?: true }[],
    /** The new file's text, which declares them. */
    destText: string,
  ) => string;
}): Promise<HeldFile> {
  const { source, dest, requests } = options;
  if (!requests.length) return source.current;
  const names = [...new Set(requests.flatMap((r) => r.names))];
  const lang = languageOf(source.abs);
  const text = options.rustReexport
    ? options.rustReexport(source.current.text, names, requests, dest.text)
    : isScript(lang) && source.current.exists
      ? await planReexport({
          lang,
          sourcePath: source.path,
          destPath: dest.path,
          text: source.current.text,
          destText: dest.text,
          names,
          ...(options.types?.length ? { types: options.types } : {}),
        })
      : undefined;
  if (text === undefined) {
    noteOn(
      dest.result,
      [],
      requests.map((r) => `${r.through}; not rewritten`),
    );
    return source.current;
  }
  noteOn(
    dest.result,
    [
      `${source.path}: re-exports ${names.join(", ")} from ${dest.path}, for ${[...new Set(requests.map((r) => r.through.split(":")[0]))].join(", ")}, which ${requests.length === 1 ? "reads" : "read"} ${names.length === 1 ? "it" : "them"} through it`,
    ],
    [],
  );
  return rebase(source.abs, source.initial, source.current, text, source.result);
}

/** A new package's `__init__.py` (empty), as an edit of its own: created, its undo removes it. */
export function packageInit(
  abs: string,
  path: string,
): { abs: string; state: HeldFile; result: EditResult } {
  const bytes = encodeText({ bom: false, text: "" });
  const hash = sha256(bytes);
  return {
    abs,
    state: { exists: true, bom: false, text: "", bytes, hash },
    result: {
      path,
      abs,
      created: true,
      removed: false,
      before_hash: null,
      after_hash: hash,
      lines_added: 0,
      lines_removed: 0,
      first_line: 1,
      relocated: false,
      package: true,
      undo: { kind: "remove", path: abs },
    },
  };
}

/** An importer's rewrite as an edit of its own: its result, undo and new state. */
export function importerEdit(
  file: { abs: string; path: string; state: HeldFile },
  final: string,
  changes: string[],
): { abs: string; state: HeldFile; result: EditResult } {
  const before = file.state.text;
  const change = spliceBetween(before, final);
  const bytes = encodeText({ bom: file.state.bom, text: final });
  const hash = sha256(bytes);
  // Counted in whole lines: the lines the splice touches, before and after.
  const first = lineStart(before, change.start);
  const last = (text: string, end: number) =>
    Math.max(first, lineEnd(text, Math.max(first, end - 1)));
  return {
    abs: file.abs,
    state: { ...file.state, text: final, bytes, hash },
    result: {
      path: file.path,
      abs: file.abs,
      created: false,
      removed: false,
      before_hash: file.state.hash,
      after_hash: hash,
      lines_added: countLines(final.slice(first, last(final, change.start + change.insert.length))),
      lines_removed: countLines(before.slice(first, last(before, change.end))),
      first_line: new Lines(final).lineOf(first),
      relocated: false,
      imports: { changes, unresolved: [] },
      undo: undoSplice(file.abs, before, change, final),
    },
  };
}

/** The one splice that turns `before` into `after`: their common start and end kept. */
function spliceBetween(
  before: string,
  after: string,
): { start: number; end: number; insert: string } {
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (
    s < max - p &&
    before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)
  )
    s++;
  return { start: p, end: before.length - s, insert: after.slice(p, after.length - s) };
}

/** The texts a plan works on: the unit's file before and after, and the destination after. */
interface PlanTexts {
  sourceBefore: string;
  unit: { start: number; end: number };
  sourceAfter: string;
  destAfter: string;
}

/**
 * The plan for a unit of `source` in `dest`, by the language of the pair
 * (languages/moves.ts; undefined: a pair none plans), with what the disk
 * told of the move (`context`: Python's modules, Go's module, …).
 */
function planFor(
  source: { abs: string; path: string },
  dest: { abs: string; path: string },
  texts: PlanTexts,
  context: MoveContext = {},
): Promise<ImportPlan | undefined> {
  return planMove({ source, dest, ...texts, context });
}

/**
 * A paste's imports (PasteEdit.imports_from): the destination gains what the
 * pasted units use, one unit after another; their files are not changed, so
 * what a unit would need from its own file that file does not export is
 * reported instead. `origins` are the units' files as the agent holds them,
 * each checked against the hash it was read at.
 */
export async function carryPasteImports(options: {
  dest: { abs: string; initial: HeldFile | undefined; current: HeldFile; result: EditResult };
  origins: { abs: string; path: string; text: string; start: number; end: number }[];
  stale: string[];
}): Promise<HeldFile> {
  const { dest } = options;
  let text = dest.current.text;
  const changes: string[] = [];
  const unresolved = options.stale.map(
    (p) => `${p} changed since it was read: the imports of what came from it were not carried`,
  );
  for (const origin of options.origins) {
    if (origin.abs === dest.abs) continue;
    const plan = await planFor(
      { abs: origin.abs, path: origin.path },
      { abs: dest.abs, path: dest.result.path },
      { sourceBefore: origin.text, unit: origin, sourceAfter: origin.text, destAfter: text },
    ).catch((error: unknown) => {
      if (!isTooDeep(error)) throw error;
      unresolved.push(tooDeepNote(origin.path));
      return undefined;
    });
    if (!plan) continue;
    text = plan.destination;
    const named = (line: string) =>
      relative(line, { abs: origin.abs, result: { path: origin.path } as EditResult }, dest);
    for (const change of plan.changes.map(named)) {
      if (change.startsWith(`${dest.result.path}:`)) changes.push(change);
      else if (change.startsWith(`${origin.path}: exports `))
        unresolved.push(
          `${change.slice(`${origin.path}: exports `.length)} not exported by ${origin.path}: export it there (a paste leaves that file as it is)`,
        );
    }
    unresolved.push(...plan.unresolved.map(named));
  }
  if (changes.length || unresolved.length) dest.result.imports = { changes, unresolved };
  return rebase(dest.abs, dest.initial, dest.current, text, dest.result);
}

/** A parse deeper than the stack (a hostile or generated file), as the compute thread reports it. */
function isTooDeep(error: unknown): boolean {
  return error instanceof RangeError || /call stack/i.test(String(error));
}

const tooDeepNote = (path: string) =>
  `${path} nests too deeply to follow its imports: none were carried`;

/** A move whose files nest too deeply to plan: it goes ahead without imports, and says so. */
function tooDeep(error: unknown, path: string, result: EditResult): undefined {
  if (!isTooDeep(error)) throw error;
  result.imports = { changes: [], unresolved: [tooDeepNote(path)] };
  return undefined;
}

/** Messages name files as the results do, not by their absolute paths. */
function relative(
  text: string,
  source: { abs: string; result: EditResult },
  dest: { abs: string; result: EditResult },
): string {
  return text.split(source.abs).join(source.result.path).split(dest.abs).join(dest.result.path);
}

/**
 * `result` (an edit that turned `initial` into `current`) made to turn
 * `initial` into `final`: its hash, its first line (its own lines, which
 * receipts name, stay its own: below the imports a new file gains), and an undo
 * splice over all that differs (unless the file was created: its undo removes it).
 */
function rebase(
  abs: string,
  initial: HeldFile | undefined,
  current: HeldFile,
  final: string,
  result: EditResult,
): HeldFile {
  if (final === current.text) return current;
  const bytes = encodeText({ bom: current.bom, text: final });
  const hash = sha256(bytes);
  // The edit's own change ends where the undo's region ends (in a file it created: the
  // whole file); the imports go above it, so its first line moves down by their lines.
  const undo = result.undo;
  const region =
    undo.kind === "splice"
      ? { start: undo.start, end: undo.end }
      : result.created
        ? { start: 0, end: current.text.length }
        : undefined;
  if (region) {
    const tail = current.text.length - region.end;
    const startNow = final.length - tail - (region.end - region.start);
    result.first_line +=
      new Lines(final).lineOf(Math.max(0, startNow)) - new Lines(current.text).lineOf(region.start);
  }
  result.after_hash = hash;
  if (!result.created && initial?.exists)
    result.undo = undoSplice(abs, initial.text, spliceBetween(initial.text, final), final);
  return { ...current, text: final, bytes, hash };
}
