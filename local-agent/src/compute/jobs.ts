import { planImporters } from "../imports/importers.ts";
import { moveLanguage, type PlanInput } from "../languages/moves.ts";
import {
  allListedReads,
  bindsAtTop,
  importsModule,
  patchesOnOld,
  pathStrings,
  readsThrough,
  starTaken,
} from "../languages/python/move.ts";
import { planReexport } from "../languages/typescript/move.ts";
import { languageOf } from "../syntax/languages.ts";
import { outline } from "../syntax/outline.ts";
import { select, syntaxError, syntaxFaults } from "../syntax/select.ts";
import { holdsNeedles } from "../tree-walk.ts";

/**
 * What the compute thread runs (thread.ts): pure work on a text that can take
 * long — a selection by anchors or `focus` (tree-sitter), the syntax guard's
 * parse, an outline, a move's imports (planMove) and importers, and a large
 * tree's files read for a move's importers (holdsNeedles) while the main thread
 * walks on. Arguments and results cross threads by structured clone.
 */
export const JOBS = {
  select,
  syntaxError,
  syntaxFaults,
  outline,
  planMove,
  planImporters,
  planReexport,
  readsThrough,
  pathStrings,
  patchesOnOld,
  starTaken,
  allListedReads,
  bindsAtTop,
  importsModule,
  holdsNeedles,
};
/** A move's two files, planned by its language (languages/moves.ts); undefined for a pair no language plans. */
function planMove(input: PlanInput) {
  return moveLanguage(languageOf(input.source.abs), languageOf(input.dest.abs))?.plan(input);
}

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
