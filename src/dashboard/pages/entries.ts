import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import type { Browsed, EntryView } from "../../session/clipboard.ts";
import type { SessionFacts } from "../../session/clipboard-session.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import type { Place } from "../places.ts";
import { dashboardPage, type Frame, notice, size, timeLeft, when } from "./layout.ts";

/** What the entries page was asked for: the filter in its URL. */
export interface EntryFilter {
  q: string;
  tag: string;
  state: "all" | "live" | "expired";
  page: number;
}

export const ENTRIES_PER_PAGE = 50;

/** `?q=…&tag=…` for a link that keeps the filter, with `changes` applied. */
export function filterQuery(filter: EntryFilter, changes: Partial<EntryFilter> = {}): string {
  const f = { ...filter, ...changes };
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.tag) params.set("tag", f.tag);
  if (f.state !== "all") params.set("state", f.state);
  if (f.page > 1) params.set("page", String(f.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The tabs of a session's pages: its entries, its history. */
export function sessionHeader(
  place: Place,
  facts: SessionFacts,
  now: number,
  tab: "entries" | "history",
): Html {
  const handle = place.address.name;
  return html`<p class="facts">Project <a href="/project/${facts.project}">${facts.project}</a> · started ${when(facts.started_at)} · last use ${when(facts.last_used_at)}${
    handle === "default" || facts.last_used_at === null
      ? ""
      : html` · ends if idle in ${timeLeft(new Date(facts.last_used_at + LIMITS.sessionIdleMs).toISOString(), now)}`
  }</p>
<nav class="tabs" aria-label="Session"><a href="${place.path}"${tab === "entries" ? html` aria-current="page"` : ""}>Entries</a><a href="${place.path}/history"${tab === "history" ? html` aria-current="page"` : ""}>History</a>
${handle === "default" ? "" : html`<a class="danger" href="${place.path}/end">End session…</a>`}</nav>`;
}

function sourceOf(entry: EntryView): string {
  const source = entry.source as { kind: string; path?: unknown };
  return typeof source.path === "string" ? `${source.kind}: ${source.path}` : source.kind;
}

export function entriesPage(
  options: {
    place: Place;
    facts?: SessionFacts | undefined;
    browsed: Browsed;
    filter: EntryFilter;
    now: number;
    done?: string | undefined;
  },
  frame: Frame,
): Html {
  const { place, browsed, filter, now } = options;
  const pages = Math.max(1, Math.ceil(browsed.total / ENTRIES_PER_PAGE));
  const first = browsed.total === 0 ? 0 : (filter.page - 1) * ENTRIES_PER_PAGE + 1;
  const last = Math.min(browsed.total, filter.page * ENTRIES_PER_PAGE);
  const entryLink = (key: string) => `${place.path}/entry?${new URLSearchParams({ key })}`;
  const keyQuery = (key: string) => new URLSearchParams({ key }).toString();
  return dashboardPage(
    place.title,
    html`<h1>${place.title}</h1>
${notice(options.done)}
${options.facts ? sessionHeader(place, options.facts, now, "entries") : ""}
<form method="get" action="${place.path}" role="search" class="filters">
<label>Search <input type="search" name="q" value="${filter.q}" placeholder="key, description or content"></label>
<label>Tag <select name="tag"><option value="">any</option>
${browsed.tags.map((t) => html`<option value="${t.name}"${t.name === filter.tag ? " selected" : ""}>${t.name} (${t.entries})</option>`)}
</select></label>
<label>Show <select name="state">
${(["all", "live", "expired"] as const).map((s) => html`<option value="${s}"${s === filter.state ? " selected" : ""}>${s}</option>`)}
</select></label>
<button type="submit">Filter</button>
</form>
<div id="live-region">
<p class="note" id="entries-count">${browsed.total === 0 ? "No entries match." : `Entries ${first}–${last} of ${browsed.total.toLocaleString("en-US")}`} · <a href="${place.path}/clear-expired">Clear expired…</a></p>
<table class="entries">
<thead><tr><th scope="col">Key</th><th scope="col">Size</th><th scope="col">Tags</th><th scope="col">Source</th><th scope="col">Updated</th><th scope="col">TTL left</th><th scope="col"><span class="sr">Actions</span></th></tr></thead>
<tbody>
${browsed.entries.map(
  (e) =>
    html`<tr${e.expired ? html` class="expired"` : ""}><td><a href="${entryLink(e.key)}"><code>${e.key}</code></a>${e.description ? html`<div class="note">${e.description}</div>` : ""}</td><td>${size(e)}</td><td>${e.tags.map((t) => html`<a class="tag" href="${place.path}${filterQuery(filter, { tag: t, page: 1 })}">${t}</a> `)}</td><td>${sourceOf(e)}</td><td>${when(e.updated_at)}</td><td>${e.expired ? html`<strong class="expired-mark">expired</strong>` : timeLeft(e.expires_at, now)}</td><td class="actions"><button type="button" data-copy="${place.path}/raw?${keyQuery(e.key)}" aria-label="Copy ${e.key} to your clipboard">Copy</button> <a href="${place.path}/delete?${keyQuery(e.key)}" aria-label="Delete ${e.key}">Delete…</a></td></tr>`,
)}
</tbody>
</table>
<nav class="pager" aria-label="Pages">${
      filter.page > 1
        ? html`<a rel="prev" href="${place.path}${filterQuery(filter, { page: filter.page - 1 })}">← Previous</a>`
        : ""
    } <span>Page ${filter.page} of ${pages}</span> ${
      filter.page < pages
        ? html`<a rel="next" href="${place.path}${filterQuery(filter, { page: filter.page + 1 })}">Next →</a>`
        : ""
    }</nav>
</div>`,
    frame,
  );
}
