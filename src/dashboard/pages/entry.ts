import { html } from "hono/html";
import type { Html } from "../../auth/pages.ts";
import type { Preview } from "../../session/clipboard.ts";
import { highlighted, languageFor } from "../highlight.ts";
import type { Place } from "../places.ts";
import { dashboardPage, type Frame, size, timeLeft, when } from "./layout.ts";

/** One entry: its facts, and one page of its content with line numbers, highlighted. */
export function entryPage(
  options: { place: Place; preview: Preview; now: number },
  frame: Frame,
): Html {
  const { place, preview, now } = options;
  const { entry } = preview;
  const key = new URLSearchParams({ key: entry.key }).toString();
  const language = languageFor(entry.source as { path?: unknown }, entry.key);
  const lineCount =
    preview.text === ""
      ? 0
      : preview.text.split("\n").length - (preview.text.endsWith("\n") ? 1 : 0);
  const numbers = Array.from({ length: lineCount }, (_, i) => preview.firstLine + i).join("\n");
  const pageLink = (page: number) =>
    `${place.path}/entry?${new URLSearchParams({ key: entry.key, page: String(page) })}`;
  const source = entry.source as { kind: string; path?: unknown };
  return dashboardPage(
    entry.key,
    html`<p><a href="${place.path}">← ${place.title}</a></p>
<h1><code>${entry.key}</code></h1>
<div id="live-region">
${entry.description ? html`<p>${entry.description}</p>` : ""}
<dl class="facts">
<dt>Size</dt><dd>${size(entry)}</dd>
<dt>Tags</dt><dd>${entry.tags.length ? entry.tags.join(", ") : "—"}</dd>
<dt>Source</dt><dd>${source.kind}${typeof source.path === "string" ? html` · <code>${source.path}</code>` : ""}</dd>
<dt>Updated</dt><dd>${when(entry.updated_at)}</dd>
<dt>TTL left</dt><dd>${entry.expired ? html`<strong class="expired-mark">expired</strong>` : timeLeft(entry.expires_at, now)}</dd>
${language ? html`<dt>Language</dt><dd>${language}</dd>` : ""}
</dl>
<p class="actions"><button type="button" data-copy="${place.path}/raw?${key}">Copy to your clipboard</button> <a href="${place.path}/raw?${key}">Raw</a> <a href="${place.path}/delete?${key}">Delete…</a></p>
${
  preview.pages > 1
    ? html`<nav class="pager" aria-label="Content pages">${preview.page > 1 ? html`<a rel="prev" href="${pageLink(preview.page - 1)}">← Previous</a>` : ""} <span>Page ${preview.page} of ${preview.pages} (lines from ${preview.firstLine})</span> ${preview.page < preview.pages ? html`<a rel="next" href="${pageLink(preview.page + 1)}">Next →</a>` : ""}</nav>`
    : ""
}
<div class="code" role="region" aria-label="Content of ${entry.key}" tabindex="0"><pre class="gutter" aria-hidden="true">${numbers}</pre><pre class="src"><code class="hljs">${highlighted(preview.text, language)}</code></pre></div>
</div>`,
    frame,
  );
}
