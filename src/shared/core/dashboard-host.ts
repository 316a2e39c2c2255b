import { hmacSha256, toHex } from "../secrets.ts";

/**
 * The local dashboard's own host name (issue 34 §4): browsers send a host's
 * cookies to every port of it, so a dashboard cookie set for 127.0.0.1 went to
 * any server another account ran on another 127.0.0.1 port that the browser
 * visited. The dashboard lives at `d-<20 hex>.localhost` instead, a name
 * browsers resolve to loopback and keep cookies of its own for, derived from
 * the local credential (an HMAC: it says nothing of the token, and no one
 * without the token can name it, so no page can send the browser to that name
 * on another port). `npm start` prints the link; the server never shows the
 * name to a request that did not present the token.
 */

const NAME = /^d-[0-9a-f]{20}\.localhost$/;

/** Whether `hostname` has the shape of a dashboard host (a loopback name: .localhost). */
export const isDashboardHostName = (hostname: string) => NAME.test(hostname.toLowerCase());

/** The dashboard host of the server holding `token`. */
export async function dashboardHostOf(token: string): Promise<string> {
  const mac = await hmacSha256(token, "edgeclip dashboard host");
  return `d-${toHex(mac.subarray(0, 10))}.localhost`;
}

/** The dashboard link for a server at `origin` (`http://127.0.0.1:8787`) holding `token`. */
export async function dashboardLinkOf(origin: string, token: string): Promise<string> {
  const url = new URL(origin);
  url.hostname = await dashboardHostOf(token);
  return `${url.origin}/?token=${token}`;
}
