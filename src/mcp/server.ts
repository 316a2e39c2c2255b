import { McpServer } from "@modelcontextprotocol/server";
import pkg from "../../package.json" with { type: "json" };
import type { Caller } from "./caller.ts";
import { registerClipboardContext } from "./clipboard-context.ts";
import { registerTools } from "./tools/index.ts";

const INSTRUCTIONS = `edgeclip edits by reference: locators name code and the exact bytes move.
Locators (\`from\`, \`to\`): \`src/a.ts\` a file; \`src/a.ts#Store.load\` a symbol's whole unit (or a key \`cfg.yaml#services.api\`, a heading, a \`# region\` block); \`src/a.ts:14-18\` lines; \`r17:3-9\` lines of result r17 as shown; \`@cfg\`, \`@cfg:2-9\` an entry; \`os:\` the OS clipboard. Object form, e.g. a passage by first and last words: {"path": "a.ts", "start": "def load", "end": "return data"} (fields path, clip, scope, result, lines, focus, start, end, lang; a target also mode, marker, expect, create_if_missing). Inline in any text: {{ref:src/a.ts#parse}}.
\`move\` and \`paste\` carry a unit's imports; \`move\` rewrites its importers.
Omit \`session\` and \`agent\`.`;

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
