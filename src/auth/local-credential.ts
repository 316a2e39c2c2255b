import { routePath } from "../route-path.ts";
import { NONCE_HEADER } from "../shared/bridge/proof.ts";
import { dashboardHostOf } from "../shared/core/dashboard-host.ts";
import { constantTimeEqual, hmacSha256, toHex } from "../shared/secrets.ts";

/**
 * The local credential (docs/security.md): a local server serves the account
 * that started it, not everyone on the machine. `npm start` creates a random
 * token once in the user's config directory (mode 0600) and hands it to the
 * Worker as `EDGECLIP_LOCAL_TOKEN`; every request must present it, except
 * `/health`:
 * - MCP clients and local agents: `Authorization: Bearer <token>`;
 * - a browser: the dashboard link `npm start` prints,
 *   `http://d-<20 hex>.localhost:<port>/?token=<token>` (the dashboard's own
 *   host: shared/core/dashboard-host.ts), sets an HttpOnly cookie for that host
 *   alone, good for 12 hours, holding a value derived from the token (never the
 *   token itself: a cookie leaks more easily, and this one opens the dashboard
 *   only, never /mcp or /bridge, nor the token: the plain-text help shows it
 *   only to a request that presented it) and redirects to the clean URL. The
 *   cookie counts on that host only: browsers send a host's cookies to every
 *   port of it, and no other server can be reached by that name.
 */
const COOKIE = "__Host-edgeclip-local";
const COOKIE_PURPOSE = "edgeclip local dashboard";
/** How long the dashboard cookie lasts: open the link again after that. */
export const COOKIE_SECONDS = 12 * 60 * 60;

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

function refused(request: Request, wrong: boolean): Response {
  const headers = {
    "cache-control": "no-store",
    "www-authenticate": `Bearer realm="edgeclip local server"${wrong ? ', error="invalid_token"' : ""}`,
  };
  if (wantsHtml(request))
    return new Response(
      `<!doctype html><meta charset="utf-8"><title>edgeclip: your local credential</title><p>This is a local edgeclip server, and it serves only the account that started it.</p><p>Open the dashboard link that <code>npm start</code> printed (it carries your local credential), or run <code>npm start</code> again to see it.</p>`,
      {
        status: 401,
        headers: {
          ...headers,
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "default-src 'none'",
        },
      },
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

/**
 * The check every request to a local server passes (undefined) or fails (the
 * answer): the bearer token, or the dashboard cookie; `/?token=` trades the
 * token for the cookie. Decided on `routePath`, the path the router matches.
 * The cookie opens what `cookieOpens` allows (the dashboard's own routes)
 * and nothing else: never /mcp or /bridge, under any spelling of their path.
 * Browsers send it from any page on any port of the same host.
 */
export async function localGate(
  request: Request,
  token: string,
  cookieOpens: (method: string, path: string) => boolean,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const path = routePath(request);
  if (path === "/health") return undefined;
  const linked = path === "/" ? url.searchParams.get("token") : null;
  const onDashboardHost = url.hostname.toLowerCase() === (await dashboardHostOf(token));
  if (linked !== null && (request.method === "GET" || request.method === "HEAD")) {
    if (!(await isToken(linked, token))) return refused(request, true);
    // Only the dashboard's own host takes a cookie: another would be sent to every port of it.
    if (!onDashboardHost) return refused(request, false);
    const cookie = `${COOKIE}=${await hmacHex(token, COOKIE_PURPOSE)}; Path=/; Max-Age=${COOKIE_SECONDS}; Secure; HttpOnly; SameSite=Strict`;
    return new Response(null, {
      status: 303,
      headers: { location: "/", "set-cookie": cookie, "referrer-policy": "no-referrer" },
    });
  }
  const bearer = bearerOf(request.headers.get("authorization"));
  // An agent proving the credential inside the socket (shared/bridge/proof.ts): the Bridge
  // challenges it before it may say anything; a browser is refused at /bridge before this.
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
  const expected = await hmacHex(token, COOKIE_PURPOSE);
  return constantTimeEqual(encoder.encode(cookie), encoder.encode(expected))
    ? undefined
    : refused(request, true);
}
