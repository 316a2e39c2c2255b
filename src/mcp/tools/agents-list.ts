import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { describeAgent } from "../../bridge/routing.ts";
import { quoted } from "../../core/quote.ts";
import { readOnly } from "../annotations.ts";
import { bridgeStub, type Caller } from "../caller.ts";
import { guarded, success, toolConfig } from "../define-tool.ts";
import * as p from "../schemas.ts";

const agent = z.object({
  name: z.string(),
  project: z.string(),
  roots: z.array(z.string()),
  read_only: z.boolean(),
  version: z.string(),
  platform: z.string(),
  connected_since: z.string(),
  last_seen: z.string(),
});

/** The user's connected local agents, and those refused for their protocol version. */
export function registerAgentsList(server: McpServer, caller: Caller): void {
  server.registerTool(
    "agents_list",
    toolConfig({
      title: "List local agents",
      description:
        "Your connected local agents (name, project, roots, read-only, version, last seen). Pass a name as `agent` to file tools when several are connected.",
      annotations: readOnly(),
      input: z.strictObject({ session: p.session }),
      output: z.object({
        agents: z.array(agent),
        refused: z.array(z.object({ name: z.string(), version: z.string(), message: z.string() })),
      }),
    }),
    guarded("agents_list", async () => {
      const { agents, refused } = await bridgeStub(caller.user).agents();
      const iso = (t: number) => new Date(t).toISOString();
      const value = {
        agents: agents.map((a) => ({
          name: a.name,
          project: a.project,
          roots: a.roots,
          read_only: a.read_only,
          version: a.version,
          platform: a.platform,
          connected_since: iso(a.connected_at),
          last_seen: iso(a.last_seen),
        })),
        refused: refused.map((r) => ({ name: r.name, version: r.version, message: r.message })),
      };
      const lines = agents.map(
        (a) =>
          `- ${describeAgent(a)}, version ${quoted(a.version)} on ${quoted(a.platform)}, connected since ${iso(a.connected_at)}, last seen ${iso(a.last_seen)}`,
      );
      if (!lines.length)
        lines.push(
          "No local agent is connected. Start one with `npx <server>/agent.tgz connect <server>` (`<server>` is the server's URL).",
        );
      for (const r of refused)
        lines.push(`- refused ${quoted(r.name)} version ${quoted(r.version)}: ${r.message}`);
      return success(value, [lines.join("\n")]);
    }),
  );
}
