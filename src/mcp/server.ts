import { McpServer } from "@modelcontextprotocol/server";
import pkg from "../../package.json" with { type: "json" };
import type { Caller } from "./caller.ts";
import { registerClipboardContext } from "./clipboard-context.ts";
import { registerTools } from "./tools/index.ts";

const INSTRUCTIONS = `edgeclip edits by reference: locators name code, the exact bytes move, and each call answers with a short receipt.
Locators (\`from\`, \`to\`): \`src/a.ts\` a file; \`src/a.ts#Store.load\` a symbol's whole unit (or a key \`cfg.yaml#services.api\`, a heading \`README.md#Install\`, a \`# region users\` block \`a.py#users\`); \`src/a.ts:14-18\` lines; \`r17:3-9\` lines of result r17 as shown; \`@cfg\`, \`@cfg:2-9\` an entry; \`os:\` the OS clipboard. Object form, e.g. a passage by its first and last words: {"path": "a.ts", "start": "def load", "end": "return data"} (fields path, clip, scope, result, lines, focus, start, end, lang; a target also mode, marker, expect, create_if_missing). Inline in any text: {{ref:src/a.ts#parse}}.
\`move\` a unit to another file: its imports follow, files importing it are rewritten, one \`undo\`. \`paste\` of units carries their imports. \`read\` numbers lines; \`outline\` lists units.
Omit \`session\` (your default) and \`agent\` (unless several are connected).`;

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
