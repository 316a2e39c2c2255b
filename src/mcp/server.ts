import { McpServer } from "@modelcontextprotocol/server";
import pkg from "../../package.json" with { type: "json" };
import type { Caller } from "./caller.ts";
import { registerClipboardContext } from "./clipboard-context.ts";
import { registerTools } from "./tools/index.ts";

const INSTRUCTIONS = `edgeclip moves, copies and cites content by reference, so you write locators and read receipts instead of re-typing code.
Locators, wherever a tool takes \`from\` or \`to\`: \`src/a.ts\` a file; \`src/a.ts#Store.load\` a symbol's whole unit (\`cfg.yaml#services.api\` a key, \`README.md#Install\` a section, \`a.py#users\` a \`# region users\` block); \`src/a.ts:14-18\` lines; \`r17:3-9\` lines of result r17 as it showed them; \`@cfg\`, \`@cfg:2-9\` an entry; \`os:\` the OS clipboard. Object form, for a passage by its first and last words or a path holding # or :N: {"path": "a.ts", "start": "def load", "end": "return data"} (also \`clip\`, \`result\`, \`lines\`, \`focus\`).
Inline, in any text: {{ref:src/a.ts#parse}}.
\`read\` shows content with a result id; reading a file again answers "unchanged" or a diff. \`move\` is cut + paste as one operation; \`undo\` reverts it.
Transforms (copy, paste, move), per piece: replace, wrap, prepend, append; then join the pieces, then indent.
Entries live in a scope: session (default), project or user. \`session\`: a handle from the session tool (omit for your default session). \`agent\`: which local agent (agents tool), when several are connected.`;

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
