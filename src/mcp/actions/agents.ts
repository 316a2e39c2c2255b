import { describeAgent } from "../../bridge/routing.ts";
import { START_AGENT } from "../../shared/core/agent-command.ts";
import { type Outcome, ok } from "../../shared/core/errors.ts";
import { quoted } from "../../shared/core/quote.ts";
import { bridgeStub } from "../../stubs.ts";
import type { Caller } from "../caller.ts";

export interface AgentsView {
  agents: {
    name: string;
    project: string;
    roots: string[];
    read_only: boolean;
    version: string;
    platform: string;
    connected_since: string;
    last_seen: string;
    /** Roots where its build checks may run the project's own code. */
    build_code?: string[];
  }[];
  refused: { name: string; version: string; message: string }[];
}

/** The user's connected local agents, and those refused for their protocol version. */
export async function listAgents(caller: Caller): Promise<Outcome<AgentsView>> {
  const { agents, refused } = await bridgeStub(caller.user).agents();
  const iso = (t: number) => new Date(t).toISOString();
  return ok({
    agents: agents.map((a) => ({
      name: a.name,
      project: a.project,
      roots: a.roots,
      read_only: a.read_only,
      version: a.version,
      platform: a.platform,
      connected_since: iso(a.connected_at),
      last_seen: iso(a.last_seen),
      ...(a.build_code?.length ? { build_code: a.build_code } : {}),
    })),
    refused: refused.map((r) => ({ name: r.name, version: r.version, message: r.message })),
  });
}

export function agentsText(v: AgentsView): string {
  const lines = v.agents.map(
    (a) =>
      `- ${describeAgent(a)}, version ${quoted(a.version)} on ${quoted(a.platform)}, connected since ${a.connected_since}, last seen ${a.last_seen}${a.build_code?.length ? `; its build checks may run the project's code in ${a.build_code.map(quoted).join(", ")}` : ""}`,
  );
  if (!lines.length) lines.push(`No local agent is connected. ${START_AGENT}`);
  for (const r of v.refused)
    lines.push(`- refused ${quoted(r.name)} version ${quoted(r.version)}: ${r.message}`);
  return lines.join("\n");
}
