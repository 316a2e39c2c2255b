import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import type { SavingsRow } from "../../session/savings-store.ts";
import { barsOf, dailyTotals, sessionTotals } from "../savings-chart.ts";
import { dashboardPage, type Frame } from "./layout.ts";

const WIDTH = 600;
const HEIGHT = 160;
const n = (x: number) => x.toLocaleString("en-US");

/**
 * Tokens kept out of the model: the receipts' estimates (about 4 bytes a
 * token) summed per day (a bar chart of the last 30 days, drawn as SVG with
 * no script) and per session.
 */
export function tokensPage(
  options: { rows: SavingsRow[]; live: Set<string>; now: number },
  frame: Frame,
): Html {
  const days = dailyTotals(options.rows, options.now);
  const bars = barsOf(days, WIDTH, HEIGHT);
  const total = options.rows.reduce((sum, r) => sum + r.tokens, 0);
  const last30 = days.reduce((sum, d) => sum + d.tokens, 0);
  const sessions = sessionTotals(options.rows);
  return dashboardPage(
    "Tokens saved",
    html`<h1>Tokens kept out of the model</h1>
<div id="live-region">
<p class="big"><strong>~${n(total)}</strong> tokens in all · ~${n(last30)} in the last 30 days</p>
<p class="note">Estimated from the receipts: content that moved by reference (copy, cut, paste, read) instead of through the conversation.</p>
<figure>
<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT + 20}" role="img" aria-labelledby="chart-title">
<title id="chart-title">Tokens kept out per day, last 30 days</title>
${bars.map(
  (b) =>
    html`<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}"><title>${b.day}: ~${n(b.tokens)} tokens</title></rect>`,
)}
<text x="0" y="${HEIGHT + 15}">${days[0]?.day ?? ""}</text><text x="${WIDTH}" y="${HEIGHT + 15}" text-anchor="end">${days.at(-1)?.day ?? ""}</text>
</svg>
<figcaption class="note">Per day (UTC), last 30 days.</figcaption>
</figure>
<h2>Per session</h2>
${
  sessions.length
    ? html`<table><thead><tr><th scope="col">Session</th><th scope="col">Tokens kept out</th><th scope="col">Calls</th></tr></thead><tbody>
${sessions.map(
  (s) =>
    html`<tr><td>${options.live.has(s.session) ? html`<a href="/session/${s.session}"><code>${s.session}</code></a>` : html`<code>${s.session}</code> <span class="note">ended</span>`}</td><td>~${n(s.tokens)}</td><td>${n(s.calls)}</td></tr>`,
)}
</tbody></table>`
    : html`<p class="note">Nothing yet: copy, paste or read through edgeclip and the figures appear here.</p>`
}
</div>`,
    frame,
  );
}
