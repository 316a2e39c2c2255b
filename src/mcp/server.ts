import { McpServer } from "@modelcontextprotocol/server";
import pkg from "../../package.json" with { type: "json" };
import type { Caller } from "./caller.ts";
import { registerClipboardContext } from "./clipboard-context.ts";
import { registerTools } from "./tools/index.ts";

const INSTRUCTIONS = `edgeclip is a clipboard for moving and citing content by reference instead of re-typing it.
Move code with \`move\` (or \`cut\` + \`paste\`): the bytes move exactly; you get receipts, not content. Revert with \`undo\`.
Name code instead of quoting it: \`focus\` ("Store.load": a whole symbol), \`start\`/\`end\` (a passage by its first and last words), \`lines\` of an earlier result ("r17:14..18"), as a \`ref\`, \`multi_ref\` or inline {{ref:path=a.ts,focus=f}} in text.
Read files with \`read\`: a later read of the same file answers "unchanged" or a diff.
Store content with \`copy\`, read it with \`clipboard_get\`, find it with \`clipboard_search\`. Entries live in a scope: session (default), project or user.
File and OS-clipboard tools go through the user's local agent (agents_list).`;

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
