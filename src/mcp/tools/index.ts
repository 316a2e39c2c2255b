import type { McpServer } from "@modelcontextprotocol/server";
import type { Caller } from "../caller.ts";
import { registerSessionTool } from "../define-tool.ts";
import { copy } from "./copy.ts";
import { list } from "./list.ts";
import { move } from "./move.ts";
import { paste } from "./paste.ts";
import { read } from "./read.ts";
import { session } from "./session.ts";
import { undo } from "./undo.ts";
import { update } from "./update.ts";

/**
 * Every tool that runs in a session Durable Object, by name: the session
 * object's operations are these tools' `run` (`mcp/operations.ts`).
 */
export const SESSION_TOOLS = {
  read,
  copy,
  paste,
  move,
  undo,
  list,
  update,
  session,
};

/**
 * Every edgeclip tool, in the order `tools/list` shows them: the one list.
 * What a sandboxed grant may not do is each tool's `needs`.
 */
const TOOLS = Object.values(SESSION_TOOLS);

/** Every tool's name, in the order `tools/list` shows them. */
export const TOOL_NAMES = TOOLS.map((t) => t.name);

/**
 * Registers the tools on a fresh server for one request: all of them, or only
 * `only` when the request is a call of that one tool (the server lives for one
 * request, and registering every tool costs CPU on every call).
 */
export function registerTools(server: McpServer, caller: Caller, only?: string): void {
  const single = TOOLS.find((t) => t.name === only);
  for (const tool of single ? [single] : TOOLS)
    registerSessionTool(server, caller, tool as Parameters<typeof registerSessionTool>[2]);
}
