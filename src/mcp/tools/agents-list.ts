import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { readOnly } from "../annotations.ts";
import { success } from "../define-tool.ts";
import * as p from "../schemas.ts";

/** Lists connected local agents: truthfully none, until the bridge exists. */
export function registerAgentsList(server: McpServer): void {
  server.registerTool(
    "agents_list",
    {
      title: "List local agents",
      description:
        "Local agents connected for your account: name, project, roots, read-only or not, version, last seen.",
      annotations: readOnly(),
      inputSchema: z.strictObject({ session: p.session }),
      outputSchema: z.object({ agents: z.array(z.object({ name: z.string() })) }),
    },
    async () =>
      success({ agents: [] }, [
        "No local agent is connected. Start one with `npx edgeclip-agent connect <server-url>`.",
      ]),
  );
}
