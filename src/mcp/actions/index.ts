import type { SessionContext } from "../../session/tool-context.ts";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { type Outcome, ok } from "../../shared/core/errors.ts";
import { route } from "../define-tool.ts";
import { cite } from "./cite.ts";
import { clearAction } from "./clear.ts";
import { copy } from "./copy.ts";
import { cut } from "./cut.ts";
import { deleteAction } from "./delete.ts";
import { editAction } from "./edit.ts";
import { exportAction } from "./export.ts";
import { getEntry } from "./get-entry.ts";
import { getOs } from "./get-os.ts";
import { history } from "./history.ts";
import { importAction } from "./import.ts";
import { listAction } from "./list.ts";
import { move } from "./move.ts";
import { outlineFile } from "./outline.ts";
import { paste } from "./paste.ts";
import { readFile } from "./read-file.ts";
import { searchAction } from "./search.ts";
import { setOs } from "./set-os.ts";
import { swapAction } from "./swap.ts";
import { tagsAction } from "./tags.ts";
import { todo } from "./todo.ts";
import { revertTool } from "./undo.ts";

/**
 * What the tools can do in a session, by name: each tool routes a call to
 * one of these (or, for `read` of several sources, to several).
 */
export const ACTIONS = {
  readFile,
  outlineFile,
  cite,
  getEntry: getEntry,
  getOs: getOs,
  setOs: setOs,
  copy,
  cut,
  paste,
  move,
  undo: revertTool(false),
  redo: revertTool(true),
  list: listAction,
  search: searchAction,
  edit: editAction,
  delete: deleteAction,
  clear: clearAction,
  swap: swapAction,
  tags: tagsAction,
  export: exportAction,
  import: importAction,
  history,
  todo,
};
export type ActionName = keyof typeof ACTIONS;

/**
 * An action's result with what the model reads of it (`shown`), made in the
 * session object where the action ran; the Worker shows `shown` as the
 * result's text and the rest as its `structuredContent`.
 */
export type Shown = Record<string, unknown> & { shown: string[] };

/** Checks a call said in `name`'s terms, as the Worker can before the session runs it. */
export function dispatchProblem(
  name: ActionName,
  args: Record<string, unknown>,
  param?: string,
): ToolFailure | undefined {
  const routed = route(ACTIONS[name] as never, args as never, param);
  return routed.ok ? undefined : routed.error;
}

/** Runs action `name` with `args` (checked again: the session trusts nothing from the Worker's side). */
export async function dispatch(
  s: SessionContext,
  name: ActionName,
  args: Record<string, unknown>,
  param?: string,
): Promise<Outcome<Shown>> {
  const routed = route(ACTIONS[name] as never, args as never, param);
  if (!routed.ok) return routed;
  const { action, args: checked } = routed.value;
  const done = await action.run(s, checked);
  return done.ok ? ok({ ...done.value, shown: action.text(done.value, checked) }) : done;
}
