import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import type { SessionActivity, SessionFacts } from "../../session/clipboard-session.ts";
import type { Place } from "../places.ts";
import { sessionHeader } from "./entries.ts";
import { dashboardPage, type Frame, notice, when } from "./layout.ts";

/** The files of one operation a page names; past them, how many more (a move of 10,000 importers). */
export const SHOWN_TARGETS = 20;

/** A session's operations, newest first; file operations with the files they touched. */
export function historyPage(
  options: {
    place: Place;
    facts: SessionFacts;
    activity: SessionActivity;
    now: number;
    done?: string | undefined;
  },
  frame: Frame,
): Html {
  const { place, activity } = options;
  const fileOps = new Map(activity.fileOps.map((op) => [op.id, op]));
  return dashboardPage(
    `${place.title}: history`,
    html`<h1>${place.title}</h1>
${notice(options.done)}
${sessionHeader(place, options.facts, options.now, "history")}
<div id="live-region">
${activity.nextUndo ? html`<p><a class="danger" href="${place.path}/undo">Undo the last file operation (#${activity.nextUndo.id}, ${activity.nextUndo.kind})…</a></p>` : ""}
${
  activity.history.length
    ? html`<table class="history">
<thead><tr><th scope="col">#</th><th scope="col">When</th><th scope="col">Operation</th><th scope="col">What happened</th></tr></thead>
<tbody>
${activity.history.map((item) => {
  const op = fileOps.get(item.id);
  return html`<tr><td>${item.id}</td><td>${when(item.at)}</td><td>${item.op}${op ? html`<div class="note">${op.state}${op.agent ? html` · ${op.agent}` : ""}</div>` : ""}</td><td>${item.summary}${
    op?.targets.length
      ? html`<ul class="targets">${op.targets.slice(0, SHOWN_TARGETS).map((t) => html`<li><code>${t.path}</code>${t.created ? " (created)" : t.removed ? " (removed)" : ""}</li>`)}${op.targets.length > SHOWN_TARGETS ? html`<li>and ${(op.targets.length - SHOWN_TARGETS).toLocaleString("en")} more files</li>` : ""}</ul>`
      : ""
  }</td></tr>`;
})}
</tbody></table>`
    : html`<p class="note">Nothing has happened in this session yet.</p>`
}
</div>`,
    frame,
  );
}
