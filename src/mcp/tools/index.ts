import type { McpServer } from "@modelcontextprotocol/server";
import type { Caller } from "../caller.ts";
import { registerSessionTool } from "../define-tool.ts";
import { registerAgentsList } from "./agents-list.ts";
import { clipboardClear } from "./clipboard-clear.ts";
import { clipboardDelete } from "./clipboard-delete.ts";
import { clipboardExport } from "./clipboard-export.ts";
import { clipboardGet } from "./clipboard-get.ts";
import { clipboardImport } from "./clipboard-import.ts";
import { clipboardList } from "./clipboard-list.ts";
import { clipboardSearch } from "./clipboard-search.ts";
import { clipboardSwap } from "./clipboard-swap.ts";
import { clipboardTag } from "./clipboard-tag.ts";
import { clipboardUpdate } from "./clipboard-update.ts";
import { copy } from "./copy.ts";
import { cut } from "./cut.ts";
import { history } from "./history.ts";
import { move } from "./move.ts";
import { osClipboardGet } from "./os-clipboard-get.ts";
import { osClipboardSet } from "./os-clipboard-set.ts";
import { paste } from "./paste.ts";
import { read } from "./read.ts";
import { redo } from "./redo.ts";
import { registerSessionEnd } from "./session-end.ts";
import { registerSessionList } from "./session-list.ts";
import { registerSessionStart } from "./session-start.ts";
import { todo } from "./todo.ts";
import { undo } from "./undo.ts";

type Registration = (server: McpServer, caller: Caller) => void;

const session =
  (tool: Parameters<typeof registerSessionTool>[2]): Registration =>
  (server, caller) =>
    registerSessionTool(server, caller, tool);

/** Every edgeclip tool by name, in the order `tools/list` shows them. */
const TOOLS: Record<string, Registration> = {
  copy: session(copy),
  cut: session(cut),
  paste: session(paste),
  move: session(move),
  undo: session(undo),
  redo: session(redo),
  read: session(read),
  clipboard_list: session(clipboardList),
  clipboard_get: session(clipboardGet),
  clipboard_update: session(clipboardUpdate),
  clipboard_delete: session(clipboardDelete),
  clipboard_clear: session(clipboardClear),
  clipboard_swap: session(clipboardSwap),
  clipboard_search: session(clipboardSearch),
  clipboard_tag: session(clipboardTag),
  clipboard_export: session(clipboardExport),
  clipboard_import: session(clipboardImport),
  history: session(history),
  todo: session(todo),
  session_start: registerSessionStart,
  session_list: registerSessionList,
  session_end: registerSessionEnd,
  os_clipboard_get: session(osClipboardGet),
  os_clipboard_set: session(osClipboardSet),
  agents_list: registerAgentsList,
};

/**
 * Registers the tools on a fresh server for one request: all of them, or only
 * `only` when the request is a call of that one tool (the server lives for one
 * request, and registering 24 tools costs ~1 ms of CPU on every call).
 */
export function registerTools(server: McpServer, caller: Caller, only?: string): void {
  const single = only === undefined ? undefined : TOOLS[only];
  for (const register of single ? [single] : Object.values(TOOLS)) register(server, caller);
}
