import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import type { SessionRow } from "../../session/overview.ts";
import { dashboardPage, type Frame, notice, when } from "./layout.ts";

export function sessionsPage(
  options: { sessions: SessionRow[]; done?: string | undefined },
  frame: Frame,
): Html {
  return dashboardPage(
    "Sessions",
    html`<h1>Your clipboard sessions</h1>
${notice(options.done)}
<div id="live-region">
<table>
<caption class="note">Sessions end after 24 hours without use (except <code>default</code>).</caption>
<thead><tr><th scope="col">Session</th><th scope="col">Project</th><th scope="col">Entries</th><th scope="col">Last use</th><th scope="col">Expires if idle</th><th scope="col">Description</th></tr></thead>
<tbody>
${options.sessions.map(
  (s) =>
    html`<tr><td><a href="/session/${s.session}"><code>${s.session}</code></a></td><td><a href="/project/${s.project}">${s.project}</a></td><td>${s.entries}</td><td>${when(s.last_used_at)}</td><td>${when(s.expires_at)}</td><td>${s.description}</td></tr>`,
)}
</tbody>
</table>
</div>`,
    frame,
  );
}
