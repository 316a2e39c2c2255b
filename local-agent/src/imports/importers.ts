import type { GoMove } from "../languages/go/move.ts";
import type { JavaMove } from "../languages/java/packages.ts";
import { moveLanguage } from "../languages/moves.ts";
import type { ModuleNames } from "../languages/python/move.ts";
import type { RustContext, RustMove } from "../languages/rust/modules.ts";
import type { ModuleConfigs } from "../languages/typescript/resolve.ts";
import { languageOf } from "../syntax/languages.ts";
import type { ImporterPlan, UnitRead } from "./plan.ts";

/**
 * A move's importers (DESIGN.md §3): the files under the roots that import
 * what moved from its old file, rewritten to import it from the new one.
 * Pure: texts in, texts out (the agent finds the files, imports/carry.ts
 * applies what this returns in the move's one operation). Scripts, Python,
 * Go, Java and Rust.
 */

/** A file as both planners need it: its real path (scripts resolve specifiers) and its root-relative one (Python names modules). */
export interface PlacedFile {
  abs: string;
  path: string;
}

export interface ImportersInput {
  source: PlacedFile;
  dest: PlacedFile;
  /** The names the unit declares (ImportPlan.moved), and those of them that are types. */
  moved: readonly string[];
  movedTypes?: readonly string[];
  /** The one the old file exported as its default (ImportPlan.movedDefault). */
  movedDefault?: string;
  /** The move created its destination. */
  destCreated?: boolean;
  /** The old file holds no import or export any more (ImportPlan.sourceEmptied). */
  sourceEmptied?: boolean;
  /** Say which file each importer loads first, the old or the new (ImportPlan.blockedIfLoaded). */
  loadOrder?: boolean;
  /** Python modules' dotted names, by root-relative path, as the agent found them (python/move.ts ModuleNames). */
  modules?: ModuleNames;
  /** Names the unit read from its old module that the new one binds (Python: ImportPlan.unitReads). */
  unitReads?: readonly UnitRead[];
  /** Python: by importer path, the names other modules read through it (`tags._manylinux`), which it keeps importing. */
  readThrough?: Record<string, readonly string[]>;
  /** Python: what the old module goes on binding for the files that star-import it (ImportPlan.starKept). */
  starKept?: readonly string[];
  /** Python: calls the old module makes with what moved as it loads (ImportPlan.loadUses). */
  loadUses?: readonly string[];
  /** Scripts: the tsconfig and package.json facts around the files (typescript/resolve.ts). */
  configs?: ModuleConfigs;
  /** Go: the move between packages (go/move.ts goMoveOf); absent within one package. */
  go?: GoMove;
  /** Java: a top-level type's move between packages (java/move.ts javaMoveOf). */
  java?: JavaMove;
  /** Rust: an item's move between modules, the crate, and the file that declares the new module. */
  rust?: {
    move: RustMove;
    context: RustContext;
    declare?: { path: string; name: string; visibility: string; attributes?: string };
  };
  files: ImporterFile[];
}

/** A file that may import what moved, with its text. */
export type ImporterFile = PlacedFile & { text: string };

export interface ImporterChange {
  abs: string;
  /** The file's new text; undefined when only `unresolved` has something to say. */
  text: string | undefined;
  changes: string[];
  unresolved: string[];
  reexport?: { names: string[]; through: string; within?: true }[];
  loadsNew?: { after: string[] };
  loadsOldFirst?: true;
}

/** Each file's rewrite (only files with something to change or say). */
export async function planImporters(input: ImportersInput): Promise<ImporterChange[]> {
  const { source, dest } = input;
  const out: ImporterChange[] = [];
  const sourceLang = languageOf(source.abs);
  for (const file of input.files) {
    const lang = languageOf(file.abs);
    // Messages name files as results do, never by their absolute paths.
    const named = (s: string) =>
      [file, source, dest].reduce((t, f) => t.split(f.abs).join(f.path), s);
    const plan = await planOne(file, lang, sourceLang, input).catch((error: unknown) => {
      if (!(error instanceof RangeError || /call stack/i.test(String(error)))) throw error;
      const tooDeep: ImporterPlan = {
        text: file.text,
        changes: [],
        unresolved: [`${file.abs} nests too deeply to follow its imports; not rewritten`],
      };
      return tooDeep;
    });
    if (
      !plan ||
      (plan.text === file.text &&
        !plan.unresolved.length &&
        !plan.reexport?.length &&
        !plan.loadsOldFirst)
    )
      continue;
    out.push({
      abs: file.abs,
      text: plan.text === file.text ? undefined : plan.text,
      changes: plan.changes.map(named),
      unresolved: plan.unresolved.map(named),
      ...(plan.reexport?.length
        ? { reexport: plan.reexport.map((r) => ({ ...r, through: named(r.through) })) }
        : {}),
      ...(plan.loadsNew ? { loadsNew: plan.loadsNew } : {}),
      ...(plan.loadsOldFirst ? { loadsOldFirst: true as const } : {}),
    });
  }
  return out;
}

/** One file's rewrite, by the language of the move (languages/moves.ts). */
function planOne(
  file: ImporterFile,
  lang: ReturnType<typeof languageOf>,
  sourceLang: ReturnType<typeof languageOf>,
  input: ImportersInput,
): Promise<ImporterPlan | undefined> {
  const language = moveLanguage(sourceLang, lang);
  if (language) return language.importer(file, input);
  return Promise.resolve(moveLanguage(sourceLang, sourceLang)?.other?.(file, input));
}
