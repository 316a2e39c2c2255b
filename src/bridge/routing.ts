/** A connected agent, as routing and session action "agents" see it. */
export interface AgentInfo {
  name: string;
  project: string;
  roots: string[];
  read_only: boolean;
  version: string;
  platform: string;
  connected_at: number;
  last_seen: number;
  /** Roots where its build checks may run the project's code (`--allow-build-code`). */
  build_code?: string[] | undefined;
}

export type Route =
  | { ok: true; agent: AgentInfo }
  | { ok: false; code: "AGENT_NOT_CONNECTED" | "AGENT_AMBIGUOUS"; message: string };

import type { Edit, OpArgs, OpName } from "../shared/bridge/protocol.ts";
import { START_AGENT } from "../shared/core/agent-command.ts";
import { quoted } from "../shared/core/quote.ts";

/** What a request does, for messages: "Reading `src/a.ts`", "Writing the OS clipboard". */
export function describeRequest<N extends OpName>(op: N, args: OpArgs<N>): string {
  const quoted = (paths: string[]) => [...new Set(paths)].map((p) => `\`${p}\``).join(", ");
  switch (op) {
    case "read":
      return `Reading ${quoted([(args as OpArgs<"read">).path])}`;
    case "apply":
      return `Writing ${quoted((args as OpArgs<"apply">).edits.map((e: Edit) => (e.kind === "revert" ? e.undo.path : e.path)))}`;
    case "os_read":
      return "Reading the OS clipboard";
    default:
      return "Writing the OS clipboard";
  }
}

/**
 * "`laptop` (project `edgeclip`, roots `/home/me/edgeclip`)". Everything here
 * came from the agent's hello: each value is quoted, so none reads as part of
 * the message (an agent is not trusted to describe itself in free text).
 */
export function describeAgent(
  a: Pick<AgentInfo, "name" | "project" | "roots" | "read_only">,
): string {
  return `${quoted(a.name)} (project ${quoted(a.project)}, roots ${a.roots.map(quoted).join(", ")}${a.read_only ? ", read-only" : ""})`;
}

/**
 * Which agent serves a call: the one named by `agent`; else the only one;
 * else the only one working on the session's project; else the caller must
 * choose (AGENT_AMBIGUOUS, listing them).
 */
export function pickAgent(
  agents: readonly AgentInfo[],
  want: { agent?: string | undefined; project: string; what: string },
): Route {
  if (want.agent !== undefined) {
    const named = agents.find((a) => a.name === want.agent);
    if (named) return { ok: true, agent: named };
    return {
      ok: false,
      code: "AGENT_NOT_CONNECTED",
      message: agents.length
        ? `No local agent named ${quoted(want.agent)} is connected. Connected: ${agents.map(describeAgent).join("; ")}.`
        : `${want.what} needs the local agent ${quoted(want.agent)}, and no local agent is connected. ${START_AGENT}`,
    };
  }
  if (agents.length === 0)
    return {
      ok: false,
      code: "AGENT_NOT_CONNECTED",
      message: `${want.what} needs the local agent on your machine, and none is connected. ${START_AGENT}`,
    };
  const only = agents.length === 1 ? agents[0] : undefined;
  if (only) return { ok: true, agent: only };
  const onProject = agents.filter((a) => a.project === want.project);
  const chosen = onProject.length === 1 ? onProject[0] : undefined;
  if (chosen) return { ok: true, agent: chosen };
  return {
    ok: false,
    code: "AGENT_AMBIGUOUS",
    message: `${agents.length} local agents are connected and ${onProject.length ? `${onProject.length} work on` : "none works on"} this session's project ${quoted(want.project)}: ${agents.map(describeAgent).join("; ")}. Pass \`agent\` with one of these names.`,
  };
}
