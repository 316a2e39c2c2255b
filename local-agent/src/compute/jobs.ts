import { planImporters } from "../imports/importers.ts";
import { planGoImports } from "../languages/go/move.ts";
import { planJavaImports } from "../languages/java/move.ts";
import { importsModule, planPythonImports, readsThrough } from "../languages/python/move.ts";
import { planRustImports } from "../languages/rust/move.ts";
import { planReexport, planScriptImports } from "../languages/typescript/move.ts";
import { outline } from "../syntax/outline.ts";
import { select, syntaxError, syntaxFaults } from "../syntax/select.ts";

/**
 * What the compute thread runs (thread.ts): pure work on a text that can take
 * long — a selection by anchors or `focus` (tree-sitter), the syntax guard's
 * parse, an outline, a move's imports. Arguments and results cross threads by structured clone.
 */
export const JOBS = {
  select,
  syntaxError,
  syntaxFaults,
  outline,
  planScriptImports,
  planPythonImports,
  planGoImports,
  planJavaImports,
  planRustImports,
  planImporters,
  planReexport,
  readsThrough,
  importsModule,
};
export type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
