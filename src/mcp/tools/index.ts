import type { McpServer } from "@modelcontextprotocol/server";
import type { Caller } from "../caller.ts";
import { registerSessionTool } from "../define-tool.ts";
import { registerAgentTools } from "./agent-tools.ts";
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
import { history } from "./history.ts";
import { registerSessionEnd } from "./session-end.ts";
import { registerSessionList } from "./session-list.ts";
import { registerSessionStart } from "./session-start.ts";
import { todo } from "./todo.ts";

/** Every edgeclip tool, registered on a fresh server for one request. */
export function registerTools(server: McpServer, caller: Caller): void {
  registerSessionTool(server, caller, copy);
  registerSessionTool(server, caller, clipboardList);
  registerSessionTool(server, caller, clipboardGet);
  registerSessionTool(server, caller, clipboardUpdate);
  registerSessionTool(server, caller, clipboardDelete);
  registerSessionTool(server, caller, clipboardClear);
  registerSessionTool(server, caller, clipboardSwap);
  registerSessionTool(server, caller, clipboardSearch);
  registerSessionTool(server, caller, clipboardTag);
  registerSessionTool(server, caller, clipboardExport);
  registerSessionTool(server, caller, clipboardImport);
  registerSessionTool(server, caller, history);
  registerSessionTool(server, caller, todo);
  registerSessionStart(server, caller);
  registerSessionList(server, caller);
  registerSessionEnd(server, caller);
  registerAgentTools(server);
}
