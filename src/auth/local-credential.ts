import { routePath } from "../route-path.ts";
import { NONCE_HEADER } from "../shared/bridge/proof.ts";
import { textAtMost } from "../shared/core/capped-body.ts";
import { dashboardHostOf, dashboardKeyOf, OPEN_PATH } from "../shared/core/dashboard-host.ts";
import { constantTimeEqual, hmacSha256, toHex } from "../shared/secrets.ts";

/**
 * The local credential (docs/security.md): a local server serves the account
 * that started it, not everyone on the machine. `npm start` creates a random
 * token once in the user's config directory (mode 0600) and hands it to the
 * Worker as `EDGECLIP_LOCAL_TOKEN`, with `EDGECLIP_LOCAL_BOOT`, new at each
 * run; every request must present it, except `/health`:
 * - MCP clients and local agents: `Authorization: Bearer <token>`, or the
 *   proofs of auth/local-proof.ts;
 * - a browser: the dashboard cookie, set on the dashboard's own host
 *   (`d-<20 hex>.localhost`: shared/core/dashboard-host.ts) when the page
 *   `npm start` links to posts this run's dashboard key to `/open`. The cookie
 *   holds a value derived from the token and the run (never the token: a cookie
 *   leaks more easily, and this one opens the dashboard only, never /mcp or
 *   /bridge, nor the token: the plain-text help shows it only to a request that
 *   presented it), lasts 12 hours at most, and dies with the run. It counts on
 *   that host only: browsers send a host's cookies to every port of it, and no
 *   other server can be reached by that name.
 */
const COOKIE = "__Host-edgeclip-local";
const COOKIE_PURPOSE = "edgeclip local dashboard";
/** How long the dashboard cookie lasts: open the link again after that. */
export const COOKIE_SECONDS = 12 * 60 * 60;
/** The most of `/open`'s form read: the key is 43 characters. */
const OPEN_BYTES = 1024;

/** What a local server holds: its credential, and its run (absent on a bare `wrangler dev`). */
export interface LocalSecrets {
  token: string;
  boot: string | undefined;
}

const encoder = new TextEncoder();

const hmacHex = async (key: string, message: string) => toHex(await hmacSha256(key, message));

/** Whether `presented` is the token, compared by digest in constant time. */
async function isToken(presented: string, token: string): Promise<boolean> {
  const [a, b] = await Promise.all(
    [presented, token].map(async (s) => crypto.subtle.digest("SHA-256", encoder.encode(s))),
  );
  return constantTimeEqual(new Uint8Array(a as ArrayBuffer), new Uint8Array(b as ArrayBuffer));
}

function cookieOf(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const bearerOf = (header: string | null) =>
  header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? (header === null ? undefined : "");

const wantsHtml = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

const WHERE =
  "It is in EDGECLIP_LOCAL_TOKEN in local.env in your edgeclip config directory (~/.config/edgeclip by default); `npm start` prints ready-made commands with it, and local agents read it themselves.";

const htmlHeaders = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

function refused(request: Request, wrong: boolean): Response {
  const headers = {
    "cache-control": "no-store",
    "www-authenticate": `Bearer realm="edgeclip local server"${wrong ? ', error="invalid_token"' : ""}`,
  };
  if (wantsHtml(request))
    return new Response(
      `<!doctype html><meta charset="utf-8"><title>edgeclip: your local credential</title><p>This is a local edgeclip server, and it serves only the account that started it.</p><p>Open the dashboard link <code>npm start</code> printed (a <code>file://</code> link to a page only you can read; each run of <code>npm start</code> makes a new one), or run <code>npm start</code> again to see it.</p>`,
      { status: 401, headers: { ...headers, ...htmlHeaders } },
    );
  return Response.json(
    {
      error: "invalid_token",
      error_description: wrong
        ? `That is not this local server's credential. ${WHERE}`
        : `This local edgeclip server needs its local credential: send \`Authorization: Bearer <token>\`. ${WHERE}`,
    },
    { status: 401, headers },
  );
}

/** The `key` field of `/open`'s form, read up to OPEN_BYTES (undefined past it or without it). */
async function formKey(request: Request): Promise<string | undefined> {
  const text = await textAtMost(request.body, OPEN_BYTES);
  return text === undefined ? undefined : (new URLSearchParams(text).get("key") ?? undefined);
}

/**
 * `/open`: the link's page posting this run's dashboard key. Right, it sets the
 * cookie and goes on to `/` from the dashboard's own page (a navigation from
 * another site, the link's file, would not send a SameSite=Strict cookie on
 * its redirect); else it says the link is from another run.
 */
async function open(request: Request, secrets: LocalSecrets): Promise<Response> {
  const presented = await formKey(request);
  const expected = secrets.boot && (await dashboardKeyOf(secrets.token, secrets.boot));
  if (
    !presented ||
    !expected ||
    !constantTimeEqual(encoder.encode(presented), encoder.encode(expected))
  )
    return new Response(
      `<!doctype html><meta charset="utf-8"><title>edgeclip: an old link</title><p>This dashboard link is not from the edgeclip server running now: each run of <code>npm start</code> prints a new one. Open the link it printed last.</p>`,
      { status: 401, headers: htmlHeaders },
    );
  const value = await hmacHex(secrets.token, `${COOKIE_PURPOSE}\n${secrets.boot}`);
  return new Response(
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>edgeclip</title><p><a href="/">Open the dashboard</a></p>`,
    {
      headers: {
        ...htmlHeaders,
        "set-cookie": `${COOKIE}=${value}; Path=/; Max-Age=${COOKIE_SECONDS}; Secure; HttpOnly; SameSite=Strict`,
      },
    },
  );
}

/**
 * The check every request to a local server passes (undefined) or fails (the
 * answer): the bearer token, or the dashboard cookie; `POST /open` on the
 * dashboard's host trades this run's dashboard key for the cookie. Decided on
 * `routePath`, the path the router matches. The cookie opens what
 * `cookieOpens` allows (the dashboard's own routes) and nothing else: never
 * /mcp or /bridge, under any spelling of their path. Browsers send it from any
 * page on any port of the same host.
 */
export async function localGate(
  request: Request,
  secrets: LocalSecrets,
  cookieOpens: (method: string, path: string) => boolean,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const path = routePath(request);
  if (path === "/health") return undefined;
  const { token, boot } = secrets;
  // A bare `wrangler dev` (no run) has no dashboard host: the dashboard is `npm start`'s.
  const onDashboardHost =
    boot !== undefined &&
    constantTimeEqual(
      encoder.encode(url.hostname.toLowerCase()),
      encoder.encode(await dashboardHostOf(token, boot)),
    );
  // Only the dashboard's own host takes a cookie: another would be sent to every port of it.
  if (path === OPEN_PATH && request.method === "POST" && onDashboardHost)
    return open(request, secrets);
  const bearer = bearerOf(request.headers.get("authorization"));
  // A client proving the credential before any socket exists (auth/local-proof.ts); a browser
  // is refused at /bridge and /relay before this.
  if (
    (path === "/bridge" || path === "/relay") &&
    bearer === undefined &&
    request.headers.has(NONCE_HEADER)
  )
    return undefined;
  if (bearer !== undefined)
    return bearer && (await isToken(bearer, token)) ? undefined : refused(request, true);
  const cookie = onDashboardHost ? cookieOf(request) : undefined;
  if (cookie === undefined || !cookieOpens(request.method, path)) return refused(request, false);
  const expected = await hmacHex(token, `${COOKIE_PURPOSE}\n${boot}`);
  return constantTimeEqual(encoder.encode(cookie), encoder.encode(expected))
    ? undefined
    : refused(request, true);
}
