import { html } from "hono/html";
import { type Html, page } from "../auth/pages.ts";
import type { SessionRow } from "../session/overview.ts";

/** The dashboard's pages (issue 8): server-rendered, every value escaped by `html`. */

const when = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 16) : "—");

export function sessionsPage(options: {
  viewer: string;
  sessions: SessionRow[];
  signedIn: boolean;
}): Html {
  return page(
    "Sessions",
    html`<h1>Your clipboard sessions</h1>
<table>
<caption class="note">Sessions end after 24 hours without use (except <code>default</code>).</caption>
<thead><tr><th scope="col">Session</th><th scope="col">Project</th><th scope="col">Entries</th><th scope="col">Last use</th><th scope="col">Expires if idle</th><th scope="col">Description</th></tr></thead>
<tbody>
${options.sessions.map(
  (s) =>
    html`<tr><td><code>${s.session}</code></td><td>${s.project}</td><td>${s.entries}</td><td>${when(s.last_used_at)}</td><td>${when(s.expires_at)}</td><td>${s.description}</td></tr>`,
)}
</tbody>
</table>`,
    options.signedIn ? options.viewer : undefined,
    true,
  );
}
