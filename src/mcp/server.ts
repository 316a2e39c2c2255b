import { McpServer } from "@modelcontextprotocol/server";
import pkg from "../../package.json" with { type: "json" };
import type { Caller } from "./caller.ts";
import { registerClipboardContext } from "./clipboard-context.ts";
import { registerTools } from "./tools/index.ts";

const INSTRUCTIONS = `edgeclip is a clipboard for moving and citing content by reference instead of re-typing it.
Store content with \`copy\` (you get a receipt, not the content back), read it with \`clipboard_get\`, find it with \`clipboard_search\`.
Entries live in a scope: session (default), project (shared by your sessions on a project) or user (all your sessions).
Use session_start for a separate handle when several agents work in parallel.`;

/** A fresh server for one request (the stateless handler wants a new instance each time). */
export function createServer(caller: Caller, onlyTool?: string): McpServer {
  const server = new McpServer(
    { name: "edgeclip", version: pkg.version },
    { instructions: INSTRUCTIONS },
  );
  registerTools(server, caller, onlyTool);
  if (onlyTool === undefined) registerClipboardContext(server, caller);
  return server;
}
