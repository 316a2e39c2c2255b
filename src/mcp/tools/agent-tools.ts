import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { failure, success } from "../define-tool.ts";
import * as p from "../schemas.ts";

/**
 * The tools that work through the local agent. No agent can connect to this
 * version yet (the bridge comes with the local agent), so they say so clearly
 * instead of being absent: `agents_list` truthfully lists none.
 */
export function registerAgentTools(server: McpServer): void {
  const notConnected = (what: string) =>
    failure({
      code: "AGENT_NOT_CONNECTED",
      message: `${what} needs the local agent on your machine, and none is connected to this server. Start it with \`npx edgeclip-agent connect <server-url>\`.`,
    });

  server.registerTool(
    "os_clipboard_get",
    {
      title: "Read the OS clipboard",
      description: "Return the text on your machine's clipboard, through the local agent.",
      annotations: { title: "Read the OS clipboard", readOnlyHint: true, openWorldHint: true },
      inputSchema: z.strictObject({ session: p.session }),
    },
    async () => notConnected("Reading the OS clipboard"),
  );
  server.registerTool(
    "os_clipboard_set",
    {
      title: "Write the OS clipboard",
      description: "Put text on your machine's clipboard, through the local agent.",
      annotations: {
        title: "Write the OS clipboard",
        readOnlyHint: false,
        destructiveHint: true,
        openWorldHint: true,
      },
      inputSchema: z.strictObject({
        session: p.session,
        text: z.string().describe("Text to put on the clipboard."),
      }),
    },
    async () => notConnected("Writing the OS clipboard"),
  );
  server.registerTool(
    "agents_list",
    {
      title: "List local agents",
      description:
        "Local agents connected for your account: name, project, roots, read-only or not, version, last seen.",
      annotations: { title: "List local agents", readOnlyHint: true, openWorldHint: false },
      inputSchema: z.strictObject({ session: p.session }),
      outputSchema: z.object({ agents: z.array(z.object({ name: z.string() })) }),
    },
    async () =>
      success({ agents: [] }, [
        "No local agent is connected. Start one with `npx edgeclip-agent connect <server-url>`.",
      ]),
  );
}
