import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { constantTimeEqual, randomSecret } from "../shared/secrets.ts";

/**
 * What every sign-in, consent, pairing and account page shares: cookies
 * (`__Host-`: Secure, host-only, path /), the CSRF token (double submit: a
 * cookie and a hidden field that must match, plus a same-origin check), and
 * strict security headers. Pages are plain HTML forms: no script at all.
 */
const SESSION = "edgeclip-session";
const CSRF = "edgeclip-csrf";

export const sessionCookie = (c: Context) => getCookie(c, SESSION, "host");

export function setSessionCookie(c: Context, session: string, maxAgeSeconds: number): void {
  setCookie(c, SESSION, session, {
    prefix: "host",
    httpOnly: true,
    sameSite: "Lax",
    maxAge: maxAgeSeconds,
  });
}

export const clearSessionCookie = (c: Context) => deleteCookie(c, SESSION, { prefix: "host" });

/** The CSRF token for a form on this page: the browser's, or a fresh one set now. */
export function csrfToken(c: Context): string {
  const existing = getCookie(c, CSRF, "host");
  if (existing && existing.length >= 32) return existing;
  const token = randomSecret();
  setCookie(c, CSRF, token, { prefix: "host", httpOnly: true, sameSite: "Strict" });
  return token;
}

/**
 * Whether a form POST is genuine: its hidden `csrf` field equals the cookie,
 * and a browser that says where it came from says "this origin".
 */
export function csrfValid(c: Context, form: FormData): boolean {
  const origin = c.req.header("origin");
  // `null` says nothing (privacy contexts send it); the token below decides.
  if (origin && origin !== "null" && origin !== new URL(c.req.url).origin) return false;
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const cookie = getCookie(c, CSRF, "host");
  const field = form.get("csrf");
  if (!cookie || typeof field !== "string") return false;
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(cookie), encoder.encode(field));
}

/**
 * Headers for every page: no script (the dashboard: only its own file), no
 * framing, no referrer, no caching.
 * `formAction` lists where forms may go, redirects included: a consent form
 * ends in a redirect to the client's callback, which must be allowed.
 */
export function pageHeaders(formAction: string[] = [], withScript = false): Record<string, string> {
  const actions = ["'self'", ...formAction].join(" ");
  // The dashboard's own script file, and its WebSocket and fetches to this origin: still no inline script.
  const script = withScript ? " script-src 'self'; connect-src 'self';" : "";
  return {
    "content-security-policy": `default-src 'none'; style-src 'self';${script} form-action ${actions}; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // same-origin, not no-referrer: with no-referrer, browsers send `Origin: null` on our own forms.
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
    "cross-origin-opener-policy": "same-origin",
    "strict-transport-security": "max-age=31536000",
  };
}

/** The one stylesheet, served at STYLESHEET_PATH (the CSP allows no inline style). */
export const STYLESHEET_PATH = "/assets/pages.css";
/** The dashboard's one script (live updates, copy to the clipboard); the CSP allows no inline script. */
export const DASHBOARD_SCRIPT_PATH = "/assets/dashboard.js";
export const DASHBOARD_STYLE_PATH = "/assets/dashboard.css";
export const PAGE_STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#111}body.wide{max-width:64rem}h1{font-size:1.4rem}label{display:block;margin:.6rem 0}input[type=text],input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}button{font:inherit;padding:.5rem 1rem;margin:.3rem .3rem .3rem 0;cursor:pointer}button:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}.note{color:#555;font-size:.9rem}.warn{background:#fff4e5;padding:.5rem;border-left:4px solid #f59e0b}.error{background:#fde8e8;padding:.5rem;border-left:4px solid #dc2626}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #ddd;vertical-align:top}code{background:#f3f4f6;padding:0 .2rem}";

/** The client's address, for throttling (Cloudflare sets it; `wrangler dev` too). */
export const clientAddress = (c: Context) => c.req.header("cf-connecting-ip") ?? "unknown";

/**
 * A place to return to after sign-in: a path on this server, as the browser
 * will resolve it (`/\t/evil.example` is `//evil.example` to a browser).
 */
export function safeNext(next: string | undefined | null, base: string): string {
  if (typeof next !== "string" || !next.startsWith("/")) return "/account";
  try {
    const url = new URL(next, base);
    return url.origin === new URL(base).origin ? pathAndQuery(url) : "/account";
  } catch {
    return "/account";
  }
}

/**
 * Where `url` points on this server, to come back to after signing in: its
 * path and query without a `token` parameter. A local credential in a
 * dashboard link that reached the sign-in door (a proxied request) never
 * goes on into a `Location`, a page or a log.
 */
export function pathAndQuery(url: URL): string {
  if (!url.searchParams.has("token")) return `${url.pathname}${url.search}`;
  const query = new URLSearchParams(url.search);
  query.delete("token");
  const rest = query.toString();
  return `${url.pathname}${rest ? `?${rest}` : ""}`;
}
