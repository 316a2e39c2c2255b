import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { destructive } from "../annotations.ts";
import * as p from "../schemas.ts";
import { agentNotConnected } from "./agent-required.ts";

export function registerOsClipboardSet(server: McpServer): void {
  server.registerTool(
    "os_clipboard_set",
    {
      title: "Write the OS clipboard",
      description: "Put text on your machine's clipboard, through the local agent.",
      annotations: destructive({ openWorld: true }),
      inputSchema: z.strictObject({
        session: p.session,
        text: z.string().describe("Text to put on the clipboard."),
      }),
    },
    async () => agentNotConnected("Writing the OS clipboard"),
  );
}
