import { html } from "hono/html";
import { type Html, page } from "../../auth/pages.ts";
import { formatBytes } from "../../mcp/receipts.ts";

/**
 * The dashboard's frame: navigation, the live-update topics the page listens
 * to, and its one script. Every value interpolated anywhere in the dashboard
 * goes through `html`, which escapes it: clipboard content, keys, tags and
 * descriptions are hostile input.
 */
export interface Frame {
  /** The signed-in account's name; undefined on an authless local server. */
  account: string | undefined;
  /** Topics whose changes re-render this page (`session:<handle>`, `sessions`, …). */
  live: string[];
  /** Which navigation link is this page. */
  current?: "sessions" | "user" | "agents" | "tokens";
}

const NAV = [
  ["sessions", "/", "Sessions"],
  ["user", "/user", "Your entries"],
  ["agents", "/agents", "Local agents"],
  ["tokens", "/tokens", "Tokens saved"],
] as const;

export function dashboardPage(title: string, body: Html, frame: Frame): Html {
  const nav = html`<nav aria-label="Dashboard"><a class="brand" href="/">edgeclip</a>
${NAV.map(([id, href, label]) => html`<a href="${href}"${frame.current === id ? html` aria-current="page"` : ""}>${label}</a>`)}
${frame.account ? html`<a href="/account">Apps and agents</a>` : ""}
<span id="live-status" class="live" role="status" aria-live="polite"></span></nav>`;
  return page(title, body, { account: frame.account, dashboard: { nav, live: frame.live } });
}

/** A time as `2026-11-21 14:05` (UTC), or a dash. */
export function when(at: string | number | null | undefined): string {
  if (at === null || at === undefined) return "—";
  const iso = typeof at === "number" ? new Date(at).toISOString() : at;
  return `${iso.replace("T", " ").slice(0, 16)} UTC`;
}

/** How long until `at`: "3 h 20 min", "45 s"; "expired" once past. */
export function timeLeft(at: string | null, now: number): string {
  if (at === null) return "—";
  const ms = Date.parse(at) - now;
  if (ms <= 0) return "expired";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} days`;
}

export const size = (e: { lines: number; bytes: number }) =>
  `${e.lines.toLocaleString("en-US")} ${e.lines === 1 ? "line" : "lines"}, ${formatBytes(e.bytes)}`;

/** A fixed message a redirect after an action asks for (`?done=deleted`): never text from the URL. */
const NOTICES: Record<string, string> = {
  deleted: "Entry deleted.",
  cleared: "Expired entries cleared.",
  ended: "Session ended.",
  undone: "The last file operation was undone.",
};

export function notice(code: string | undefined): Html | string {
  const text = code && NOTICES[code];
  return text ? html`<p class="notice" role="status">${text}</p>` : "";
}

/** A form posting to an action, with the CSRF token: the confirmation pages' button. */
export function actionForm(
  action: string,
  csrf: string,
  label: string,
  fields: Record<string, string> = {},
): Html {
  return html`<form method="post" action="${action}"><input type="hidden" name="csrf" value="${csrf}">
${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit" class="danger">${label}</button></form>`;
}
