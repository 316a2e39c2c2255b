import type { CallToolResult } from "@modelcontextprotocol/server";
import { failure } from "../define-tool.ts";

/**
 * The answer of every operation that needs the local agent. No agent can
 * connect to this version yet (the bridge comes with the local agent), so the
 * tools say so clearly instead of being absent.
 */
export function agentNotConnected(what: string): CallToolResult {
  return failure({
    code: "AGENT_NOT_CONNECTED",
    message: `${what} needs the local agent on your machine, and none is connected to this server. Start it with \`npx edgeclip-agent connect <server-url>\`.`,
  });
}
