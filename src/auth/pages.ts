import type { ConsentDescription, GrantSummary } from "@cloudflare/workers-oauth-provider";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AgentToken } from "./accounts.ts";
import { PRESET_SUMMARY, PRESETS, type Preset } from "./presets.ts";
import { DASHBOARD_SCRIPT_PATH, DASHBOARD_STYLE_PATH, STYLESHEET_PATH } from "./web.ts";

/**
 * The sign-in, consent, pairing and account pages: server-rendered HTML
 * forms that work without JavaScript. Every interpolated value goes through
 * `html`, which escapes it; client names and redirect hosts are chosen by
 * whoever registered the client, so nothing here is trusted.
 */
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PageOptions {
  /** The signed-in account's name, shown at the foot with a link to the account page. */
  account?: string | undefined;
  /** The dashboard: a wide layout, its navigation, and its script (live updates, copy). */
  dashboard?: { nav: Html; live: string[] } | undefined;
}

/** The frame every page shares. */
export function page(title: string, body: Html, options: PageOptions = {}): Html {
  const { account, dashboard } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · edgeclip</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${
  dashboard
    ? html`<link rel="stylesheet" href="${DASHBOARD_STYLE_PATH}">
<script src="${DASHBOARD_SCRIPT_PATH}" defer></script>`
    : ""
}
</head>
<body${dashboard ? html` class="wide" data-live="${dashboard.live.join(" ")}"` : ""}>
${dashboard?.nav ?? ""}
<main>
${body}
</main>
${account ? html`<p class="note">Signed in as <strong>${account}</strong> · <a href="/account">Account</a></p>` : ""}
</body>
</html>`;
}

const message = (text: string | undefined, kind: "error" | "warn" = "error") =>
  text ? html`<p class="${kind}" role="alert">${text}</p>` : "";

export function signInPage(options: {
  next: string;
  csrf: string;
  error?: string;
  name?: string;
}): Html {
  return page(
    "Sign in",
    html`<h1>Sign in to edgeclip</h1>
${message(options.error)}
<form method="post" action="/signin">
  <input type="hidden" name="csrf" value="${options.csrf}">
  <input type="hidden" name="next" value="${options.next}">
  <label>User name <input type="text" name="name" autocomplete="username" required autofocus value="${options.name ?? ""}"></label>
  <label>Passphrase <input type="password" name="passphrase" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
<p class="note">Accounts are created by whoever deployed this server (<code>npm run user:add</code>).</p>`,
  );
}

export function consentPage(options: {
  details: ConsentDescription;
  handle: string;
  csrf: string;
  preset: Preset;
  /** The client asked for `offline_access` (refresh tokens): kept in the grant. */
  offline: boolean;
  account: string;
}): Html {
  const { details } = options;
  const origin = details.clientDomain
    ? html`It identifies itself with a client metadata document published by <strong>${details.clientDomain}</strong> (CIMD).`
    : html`It registered itself (dynamic client registration): its name is not verified.`;
  return page(
    "Allow access",
    html`<h1>Allow <strong>${details.clientName}</strong> to use your edgeclip clipboard?</h1>
<p>${origin}</p>
<p>Access will be sent to <strong>${details.redirectHost}</strong>.</p>
${details.redirectIsLoopback ? message("This sends access to an app on your own computer. Continue only if you just started connecting from it.", "warn") : ""}
<form method="post" action="/authorize">
  <input type="hidden" name="handle" value="${options.handle}">
  <input type="hidden" name="csrf" value="${options.csrf}">
  ${options.offline ? html`<input type="hidden" name="offline" value="1">` : ""}
  <fieldset>
    <legend>What it may do</legend>
    ${PRESETS.map(
      (preset) =>
        html`<label><input type="radio" name="preset" value="${preset}"${preset === options.preset ? " checked" : ""}> <strong>${preset}</strong>: ${PRESET_SUMMARY[preset]}</label>`,
    )}
  </fieldset>
  <button type="submit" name="decision" value="approve">Allow</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>`,
    { account: options.account },
  );
}

export function pairPage(options: {
  csrf: string;
  account: string;
  code: string;
  pending?: { user_code: string; name: string; address: string };
  error?: string;
}): Html {
  const { pending } = options;
  return page(
    "Pair a local agent",
    pending
      ? html`<h1>Pair the local agent <strong>${pending.name}</strong>?</h1>
<p>Check that your terminal shows the code <strong>${pending.user_code}</strong>. It asked from the address ${pending.address}.</p>
<p>Once paired, it reads and edits files in the folders it was started with, and uses the OS clipboard, for your edgeclip sessions only.</p>
<form method="post" action="/pair">
  <input type="hidden" name="csrf" value="${options.csrf}">
  <input type="hidden" name="code" value="${pending.user_code}">
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>`
      : html`<h1>Pair a local agent</h1>
${message(options.error)}
<p>Run <code>edgeclip-agent login ${"<this server's URL>"}</code> and type the code it shows.</p>
<form method="get" action="/pair">
  <label>Code <input type="text" name="code" autocomplete="off" required value="${options.code}"></label>
  <button type="submit">Continue</button>
</form>`,
    { account: options.account },
  );
}

export function donePage(title: string, text: string, account?: string): Html {
  return page(title, html`<h1>${title}</h1><p>${text}</p>`, { account });
}

export function errorPage(title: string, text: string): Html {
  return page(title, html`<h1>${title}</h1>${message(text)}`);
}

const when = (ms: number | null | undefined) =>
  ms ? new Date(ms).toISOString().replace("T", " ").slice(0, 16) : "never";

export function accountPage(options: {
  account: string;
  csrf: string;
  grants: GrantSummary[];
  agents: AgentToken[];
  notice?: string;
}): Html {
  const revoke = (action: string, id: string, label: string) =>
    html`<form method="post" action="${action}"><input type="hidden" name="csrf" value="${options.csrf}"><input type="hidden" name="id" value="${id}"><button type="submit" aria-label="${label}">Revoke</button></form>`;
  return page(
    "Account",
    html`<h1>${options.account}</h1>
${options.notice ? html`<p class="note" role="status">${options.notice}</p>` : ""}
<h2>Connected apps</h2>
${
  options.grants.length
    ? html`<table><thead><tr><th>App</th><th>Permission</th><th>Since</th><th></th></tr></thead><tbody>
${options.grants.map(
  (g) =>
    html`<tr><td>${String(g.metadata?.client ?? g.clientId)}</td><td>${String(g.metadata?.preset ?? "")}</td><td>${when(g.createdAt * 1000)}</td><td>${revoke("/account/grants/revoke", g.id, `Revoke ${String(g.metadata?.client ?? g.clientId)}`)}</td></tr>`,
)}
</tbody></table>`
    : html`<p class="note">No app is connected.</p>`
}
<h2>Paired local agents</h2>
${
  options.agents.length
    ? html`<table><thead><tr><th>Agent</th><th>Paired</th><th>Last connected</th><th></th></tr></thead><tbody>
${options.agents.map(
  (a) =>
    html`<tr><td>${a.name}</td><td>${when(a.created_at)}</td><td>${when(a.last_used_at)}</td><td>${revoke("/account/agents/revoke", a.id, `Revoke ${a.name}`)}</td></tr>`,
)}
</tbody></table>`
    : html`<p class="note">No agent is paired. Run <code>edgeclip-agent login</code> with this server's URL.</p>`
}
<form method="post" action="/signout"><input type="hidden" name="csrf" value="${options.csrf}"><button type="submit">Sign out</button></form>`,
  );
}
