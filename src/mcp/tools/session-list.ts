import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LIMITS } from "../../core/limits.ts";
import { DEFAULT_PROJECT, DEFAULT_SESSION } from "../../core/names.ts";
import { readOnly } from "../annotations.ts";
import { type Caller, clipboardStub, sessionAddress, userAddress } from "../caller.ts";
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
      const registered = await clipboardStub(userAddress(caller)).listSessions(userAddress(caller));
      const all = [
        { handle: DEFAULT_SESSION, project: DEFAULT_PROJECT, description: "your default session" },
        ...registered,
      ];
      const sessions = await Promise.all(
        all.map(async (s) => {
          const address = sessionAddress(caller, s.handle);
          const info = await clipboardStub(address).info(address);
          const lastUsed = info.last_used_at;
          return {
            session: s.handle,
            project: s.project,
            description: s.description,
            entries: info.entries,
            last_used_at: lastUsed === null ? null : new Date(lastUsed).toISOString(),
            expires_at:
              s.handle === DEFAULT_SESSION || lastUsed === null
                ? null
                : new Date(lastUsed + LIMITS.sessionIdleMs).toISOString(),
          };
        }),
      );
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
