import type { ImporterFile, ImportersInput } from "../imports/importers.ts";
import type { ImporterPlan, ImportPlan, MoveTexts } from "../imports/plan.ts";
import type { Language } from "../syntax/languages.ts";
import { goMoves } from "./go/moves.ts";
import type { GoContext } from "./go/packages.ts";
import { javaMoves } from "./java/moves.ts";
import type { JavaContext } from "./java/packages.ts";
import type { ModuleNames, StarName } from "./python/move.ts";
import { pythonMoves } from "./python/moves.ts";
import type { RustContext } from "./rust/modules.ts";
import { rustMoves } from "./rust/moves.ts";
import { scriptMoves } from "./typescript/moves.ts";

/**
 * What a move asks of a language: imports/carry.ts and imports/importers.ts
 * call it through `moveLanguage`, knowing no language. Each language's
 * object is its folder's moves.ts; what it plans with stays in its folder.
 * Runs in the compute thread (compute/jobs.ts planMove, planImporters).
 */
export interface MoveLanguage {
  /** Whether it plans a move from a file of `from` into one of `to`. */
  pairs(from: Language | undefined, to: Language | undefined): boolean;
  /** The unit's two files after the move: what the unit needs in its new file, what its old one keeps. */
  plan(move: PlanInput): Promise<ImportPlan>;
  /** One file that may import what moved: its rewrite, or what it cannot follow. */
  importer(file: ImporterFile, move: ImportersInput): Promise<ImporterPlan | undefined>;
  /**
   * A file of no language of the move that may name what moved (Java: a class-path
   * resource naming a class by its binary name): its rewrite.
   */
  other?(file: ImporterFile, move: ImportersInput): ImporterPlan | undefined;
}

/** A file of a move, by its real path (scripts resolve specifiers) and its root-relative one (results, modules, packages). */
export interface MoveFile {
  abs: string;
  path: string;
}

/** A move as the planner of its language takes it: both files, their texts, and what the disk told. */
export interface PlanInput extends Omit<MoveTexts, "sourcePath" | "destPath"> {
  source: MoveFile;
  dest: MoveFile;
  context: MoveContext;
}

/**
 * What the agent read of the disk for a move, each language's part under
 * its name (file-ops/carry-imports.ts reads it; only that language's
 * planner looks at it).
 */
export interface MoveContext {
  /** Python: the modules' dotted names, imports the old module keeps for its readers, how the project imports itself. */
  python?: {
    modules?: ModuleNames;
    keep?: readonly string[];
    namedByPath?: readonly { name: string; by: string; star?: boolean }[];
    /** What the unit reads off the old module as it runs (PythonMoveInput.live). */
    live?: readonly string[];
    relativeHint?: boolean;
    throughPackage?: string;
    sourcePackage?: { path: string; text: string };
    stub?: { path: string; text: string };
    /** What each of the old module's star imports binds (python/context.ts starExports). */
    stars?: Readonly<Record<string, readonly StarName[]>>;
    cutAt?: number;
  };
  /**
   * TypeScript and JavaScript: the files' module settings ask relative imports to name
   * files with their extension (typescript/resolve.ts extensionsRequired), for a
   * specifier written where neither file shows how it names others.
   */
  script?: { extensionsRequired?: boolean };
  go?: GoContext;
  java?: JavaContext;
  rust?: RustContext;
}

/** Every language a move can carry imports in. */
const LANGUAGES: readonly MoveLanguage[] = [
  scriptMoves,
  pythonMoves,
  goMoves,
  javaMoves,
  rustMoves,
];

/** The language that plans a move from a file of `from` into one of `to`; undefined for a pair none knows. */
export function moveLanguage(
  from: Language | undefined,
  to: Language | undefined,
): MoveLanguage | undefined {
  return LANGUAGES.find((l) => l.pairs(from, to));
}
