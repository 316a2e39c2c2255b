import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LIMITS } from "../../core/limits.ts";
import { DEFAULT_PROJECT, mintSessionHandle } from "../../core/names.ts";
import { destructive } from "../annotations.ts";
import { bridgeStub, type Caller, clipboardStub, sessionAddress } from "../caller.ts";
import { guarded, success, toolConfig } from "../define-tool.ts";
import * as p from "../schemas.ts";

/** The workspace of the connected local agents, when they all work on one. */
async function agentProject(caller: Caller): Promise<string | undefined> {
  const { agents } = await bridgeStub(caller.user).agents();
  const projects = new Set(agents.map((a) => a.project));
  return projects.size === 1 ? [...projects][0] : undefined;
}

/** Mints a session handle. Runs in the Worker: the handle does not exist until it is minted. */
export function registerSessionStart(server: McpServer, caller: Caller): void {
  server.registerTool(
    "session_start",
    toolConfig({
      title: "Start a session",
      description:
        'Start a new clipboard session and get its handle, for a parallel agent or a separate task. Pass the handle as `session` to other tools. A session other than `default` is deleted after 24 h without use. `project` names the project scope it shares (default: the connected local agent\'s workspace, else "default").',
      annotations: destructive(),
      input: z.strictObject({
        project: p.project
          .optional()
          .describe("Project whose `project` scope this session shares."),
        description: p.description.optional().describe("What the session is for."),
      }),
      receipt: true,
      output: z.object({
        session: z.string(),
        project: z.string(),
        description: z.string(),
        idle_expiry_hours: z.number(),
      }),
    }),
    guarded("session_start", async (args) => {
      const handle = mintSessionHandle();
      const address = sessionAddress(caller, handle);
      const project = args.project ?? (await agentProject(caller)) ?? DEFAULT_PROJECT;
      const info = await clipboardStub(address).start(address, project, args.description ?? "");
      const value = {
        session: info.handle,
        project: info.project,
        description: info.description,
        idle_expiry_hours: LIMITS.sessionIdleMs / 3_600_000,
      };
      return success(value, [
        `Started session \`${value.session}\` (project \`${value.project}\`). Pass \`session: "${value.session}"\` to use it.`,
      ]);
    }),
  );
}
