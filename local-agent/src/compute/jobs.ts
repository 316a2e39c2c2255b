import { planGoImports } from "../imports/go.ts";
import { planImporters } from "../imports/importers.ts";
import { planJavaImports } from "../imports/java.ts";
import { importsModule, planPythonImports, readsThrough } from "../imports/python.ts";
import { planRustImports } from "../imports/rust.ts";
import { planReexport, planScriptImports } from "../imports/typescript.ts";
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
