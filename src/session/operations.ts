import { clipboardClear } from "../mcp/tools/clipboard-clear.ts";
import { clipboardDelete } from "../mcp/tools/clipboard-delete.ts";
import { clipboardExport } from "../mcp/tools/clipboard-export.ts";
import { clipboardGet } from "../mcp/tools/clipboard-get.ts";
import { clipboardImport } from "../mcp/tools/clipboard-import.ts";
import { clipboardList } from "../mcp/tools/clipboard-list.ts";
import { clipboardSearch } from "../mcp/tools/clipboard-search.ts";
import { clipboardSwap } from "../mcp/tools/clipboard-swap.ts";
import { clipboardTag } from "../mcp/tools/clipboard-tag.ts";
import { clipboardUpdate } from "../mcp/tools/clipboard-update.ts";
import { copy } from "../mcp/tools/copy.ts";
import { cut } from "../mcp/tools/cut.ts";
import { history } from "../mcp/tools/history.ts";
import { move } from "../mcp/tools/move.ts";
import { osClipboardGet } from "../mcp/tools/os-clipboard-get.ts";
import { osClipboardSet } from "../mcp/tools/os-clipboard-set.ts";
import { paste } from "../mcp/tools/paste.ts";
import { read } from "../mcp/tools/read.ts";
import { redo } from "../mcp/tools/redo.ts";
import { todo } from "../mcp/tools/todo.ts";
import { undo } from "../mcp/tools/undo.ts";
import { renderOperation } from "./render.ts";

/**
 * Everything a session Durable Object can run for a caller, by name: each
 * session tool's `run`, plus the clipboard rendering behind the resource.
 */
export const OPERATIONS = {
  copy: copy.run,
  cut: cut.run,
  paste: paste.run,
  move: move.run,
  undo: undo.run,
  redo: redo.run,
  read: read.run,
  os_clipboard_get: osClipboardGet.run,
  os_clipboard_set: osClipboardSet.run,
  clipboard_list: clipboardList.run,
  clipboard_get: clipboardGet.run,
  clipboard_update: clipboardUpdate.run,
  clipboard_delete: clipboardDelete.run,
  clipboard_clear: clipboardClear.run,
  clipboard_swap: clipboardSwap.run,
  clipboard_search: clipboardSearch.run,
  clipboard_tag: clipboardTag.run,
  clipboard_export: clipboardExport.run,
  clipboard_import: clipboardImport.run,
  history: history.run,
  todo: todo.run,
  render: renderOperation,
};

type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;
export type OperationInput<N extends OperationName> = Parameters<Operations[N]>[1];
export type OperationResult<N extends OperationName> = Awaited<ReturnType<Operations[N]>>;
