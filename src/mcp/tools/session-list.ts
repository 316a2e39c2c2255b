import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { sessionOverview } from "../../session/overview.ts";
import { readOnly } from "../annotations.ts";
import type { Caller } from "../caller.ts";
import { guarded, success, toolConfig } from "../define-tool.ts";

/** Lists the user's sessions from the registry kept in the user-scope object. */
export function registerSessionList(server: McpServer, caller: Caller): void {
  server.registerTool(
    "session_list",
    toolConfig({
      title: "List sessions",
      description:
        "Your clipboard sessions: handle, project, entries, last use and when an idle session expires.",
      annotations: readOnly(),
      input: z.strictObject({}),
      output: z.object({
        sessions: z.array(
          z.object({
            session: z.string(),
            project: z.string(),
            description: z.string(),
            entries: z.number(),
            last_used_at: z.string().nullable(),
            expires_at: z.string().nullable(),
          }),
        ),
      }),
    }),
    guarded("session_list", async () => {
      const sessions = await sessionOverview(caller.user);
      const text = sessions
        .map(
          (s) =>
            `- \`${s.session}\` project \`${s.project}\`, ${s.entries} entries${s.expires_at ? `, expires if idle at ${s.expires_at}` : ""}${s.description ? ` — ${s.description}` : ""}`,
        )
        .join("\n");
      return success({ sessions }, [text]);
    }),
  );
}
