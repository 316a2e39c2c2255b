import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import type { AgentInfo } from "../../bridge/routing.ts";
import { agentCommand } from "../../shared/core/agent-command.ts";
import { dashboardPage, type Frame, when } from "./layout.ts";

/** How to start an agent for this server: the command, and where to run it. */
function startOne(server: string): Html {
  const { command, where } = agentCommand(server, `connect ${server} --root <your project>`);
  return html`<p>No local agent is connected. Start one with the agent this server offers: <code>${command}</code>${where ? ` ${where}` : ""}.</p>`;
}

/** The user's connected local agents, and those turned away for their version. */
export function agentsPage(
  options: {
    agents: AgentInfo[];
    refused: { name: string; version: string; message: string }[];
    signedIn: boolean;
    /** This server's origin, for the command that starts an agent. */
    server: string;
  },
  frame: Frame,
): Html {
  return dashboardPage(
    "Local agents",
    html`<h1>Local agents</h1>
<div id="live-region">
${
  options.agents.length
    ? html`<table>
<thead><tr><th scope="col">Name</th><th scope="col">Project</th><th scope="col">Roots</th><th scope="col">Access</th><th scope="col">Version</th><th scope="col">Connected since</th><th scope="col">Last seen</th></tr></thead>
<tbody>
${options.agents.map(
  (a) =>
    html`<tr><td><strong>${a.name}</strong></td><td>${a.project}</td><td>${a.roots.map((r) => html`<code>${r}</code><br>`)}</td><td>${a.read_only ? "read-only" : "read and write"}</td><td>${a.version} <span class="note">${a.platform}</span></td><td>${when(a.connected_at)}</td><td>${when(a.last_seen)}</td></tr>`,
)}
</tbody></table>`
    : startOne(options.server)
}
${options.refused.map((r) => html`<p class="warn">Refused <strong>${r.name}</strong> ${r.version}: ${r.message}</p>`)}
</div>
${options.signedIn ? html`<p class="note">Paired agents and connected apps are listed, and revoked, on <a href="/account">your account page</a>.</p>` : ""}`,
    frame,
  );
}
