import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { readOnly } from "../annotations.ts";
import * as p from "../schemas.ts";
import { agentNotConnected } from "./agent-required.ts";

export function registerOsClipboardGet(server: McpServer): void {
  server.registerTool(
    "os_clipboard_get",
    {
      title: "Read the OS clipboard",
      description: "Return the text on your machine's clipboard, through the local agent.",
      annotations: readOnly(true),
      inputSchema: z.strictObject({ session: p.session }),
    },
    async () => agentNotConnected("Reading the OS clipboard"),
  );
}
