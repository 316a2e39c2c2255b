import { hmacSha256, toBase64Url, toHex } from "../secrets.ts";

/**
 * The local dashboard's own host name, and the link that opens it.
 *
 * Browsers send a host's cookies to every port of it, so a dashboard cookie
 * set for 127.0.0.1 went to any server another account ran on another
 * 127.0.0.1 port that the browser visited (issue 34 §4). The dashboard lives
 * at `d-<20 hex>.localhost` instead, a name browsers resolve to loopback and
 * keep cookies of its own for, derived from the local credential and this run
 * of the server (`boot`, new at each `npm start`): no one without the token
 * can name it, and a name seen once is dead when the server stops (issue 42
 * §7), so no page can send the browser to it on another port.
 *
 * The link carries no credential (issue 42 §2): 0.8 printed
 * `http://d-….localhost:8787/?token=<credential>`, and clicking it in a
 * terminal ran `xdg-open <url>`, leaving the credential in a command line
 * every account can read. `npm start` now writes a page to a private file
 * (0600, in the state directory) and prints its `file://` path, as Jupyter
 * does; the page posts this run's dashboard key (never the credential) to
 * the dashboard's host, which trades it for the cookie. So nothing secret is
 * in a URL, a process's arguments, the browser's history or a log.
 *
 * Pure, on WebCrypto: the Worker and `npm start` share it.
 */

const NAME = /^d-[0-9a-f]{20}\.localhost$/;

/** Whether `hostname` has the shape of a dashboard host (a loopback name: .localhost). */
export const isDashboardHostName = (hostname: string) => NAME.test(hostname.toLowerCase());

/** Where the link's page posts the dashboard key (`key`, a form field). */
export const OPEN_PATH = "/open";

/** The dashboard host of the server holding `token`, in its run `boot`. */
export async function dashboardHostOf(token: string, boot: string): Promise<string> {
  const mac = await hmacSha256(token, `edgeclip dashboard host\n${boot}`);
  return `d-${toHex(mac.subarray(0, 10))}.localhost`;
}

/** What the link trades for the dashboard cookie in the run `boot`: it opens the dashboard alone. */
export async function dashboardKeyOf(token: string, boot: string): Promise<string> {
  return toBase64Url(await hmacSha256(token, `edgeclip dashboard key\n${boot}`));
}

/** The dashboard's origin for a server at `origin` (`http://127.0.0.1:8787`). */
export async function dashboardOriginOf(origin: string, token: string, boot: string) {
  const url = new URL(origin);
  url.hostname = await dashboardHostOf(token, boot);
  return url.origin;
}

/**
 * The page `npm start` keeps in a private file and links to: a form that posts
 * this run's dashboard key to the dashboard's host, sent as soon as the page
 * opens (a button where scripts are off).
 */
export async function dashboardLinkPage(
  origin: string,
  token: string,
  boot: string,
): Promise<string> {
  const action = `${await dashboardOriginOf(origin, token, boot)}${OPEN_PATH}`;
  return `<!doctype html>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>edgeclip dashboard</title>
<!-- edgeclip's dashboard link for this run of npm start: private, keep it so. -->
<form method="post" action="${action}">
<input type="hidden" name="key" value="${await dashboardKeyOf(token, boot)}">
<p>Opening the edgeclip dashboard… <button>Open it</button></p>
</form>
<script>document.forms[0].submit();</script>
`;
}
