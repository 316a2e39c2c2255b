import { localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import type { Caller } from "../mcp/caller.ts";
import { isLoopbackHost } from "../shared/core/agent-command.ts";
import { isDashboardHostName } from "../shared/core/dashboard-host.ts";

/** The single user of a local server (`npm start`). */
export const LOCAL_USER = "local";

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export { isLoopbackHost };

/** A host a local server answers: a loopback name, or the shape of its dashboard's own (`d-….localhost`). */
export const isLocalHostName = (hostname: string) =>
  isLoopbackHost(hostname) || isDashboardHostName(hostname);

export const truthy = (value: string | undefined) =>
  value !== undefined && !["", "0", "false", "no"].includes(value.toLowerCase());

/**
 * Whether a proxy forwarded this request (`Forwarded`, `X-Forwarded-For`, or a
 * client address that is not loopback): a local server behind a reverse proxy
 * or a tunnel must not serve it as the local user.
 */
export function isProxied(request: Request): boolean {
  const client = request.headers.get("cf-connecting-ip");
  return (
    request.headers.has("forwarded") ||
    request.headers.has("x-forwarded-for") ||
    (client !== null && !LOOPBACK_ADDRESSES.has(client))
  );
}

/** This Worker is a local server: `npm start` handed it a local credential (docs/security.md). */
export const isLocalServer = (env: Env) => Boolean(env.EDGECLIP_LOCAL_TOKEN);

/**
 * Whether this request is served as the local user: on a local server, to a
 * loopback host, not through a proxy, and unless `EDGECLIP_REQUIRE_SIGN_IN`
 * is set. The front door (`front-door.ts`) has checked the local credential
 * before any such request reaches the app. No setting makes a request to
 * another host local.
 */
export function isLocal(request: Request, env: Env): boolean {
  return (
    isLocalServer(env) &&
    !truthy(env.EDGECLIP_REQUIRE_SIGN_IN) &&
    isLocalHostName(new URL(request.url).hostname) &&
    !isProxied(request)
  );
}

export const LOCAL_CALLER: Caller = { user: LOCAL_USER, preset: "full" };

/**
 * This server's public origin: `EDGECLIP_PUBLIC_URL` (an https URL, or a
 * loopback http one for trying sign-in locally), else the request's own.
 * A setting that is not such a URL is ignored, and said so in the log.
 */
export function publicOrigin(request: Request, env: Env): string {
  const configured = env.EDGECLIP_PUBLIC_URL;
  if (configured) {
    const url = URL.parse(configured);
    if (
      url &&
      (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname)))
    )
      return url.origin;
    console.error("edgeclip: EDGECLIP_PUBLIC_URL is not an https URL; using the request's origin");
  }
  return new URL(request.url).origin;
}

/**
 * The MCP spec's Origin check (DNS rebinding, cross-site pages): a browser
 * request to /mcp must come from this server's own host, a loopback page (the
 * MCP Inspector), or a host listed in `EDGECLIP_ALLOWED_ORIGINS`; else 403.
 * Requests without `Origin` (every non-browser client) pass.
 */
export function originRejection(request: Request, env: Env): Response | undefined {
  const allowed = [
    ...localhostAllowedOrigins(),
    new URL(request.url).hostname,
    new URL(publicOrigin(request, env)).hostname,
    ...(env.EDGECLIP_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
  ];
  return originValidationResponse(request, allowed);
}
