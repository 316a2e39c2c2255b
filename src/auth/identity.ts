import { localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import type { Caller } from "../mcp/caller.ts";

/** The single user of an authless local server (`npm start`). */
export const LOCAL_USER = "local";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

const truthy = (value: string | undefined) =>
  value !== undefined && !["", "0", "false", "no"].includes(value.toLowerCase());

/**
 * Whether this request is served authless, as the one local user: only on a
 * loopback address, which a deployed Worker is never reached on (Cloudflare
 * routes by host name, and refuses bare IPs and hosts it does not serve), from
 * a loopback client and not through a proxy (`Forwarded`, `X-Forwarded-For`),
 * and only unless `EDGECLIP_REQUIRE_SIGN_IN` is set. No setting turns it on
 * anywhere else.
 */
export function isAuthless(request: Request, env: Env): boolean {
  if (truthy(env.EDGECLIP_REQUIRE_SIGN_IN) || !LOOPBACK.has(new URL(request.url).hostname))
    return false;
  // A proxy that forwards to a local server with a loopback Host must not make it public.
  const client = request.headers.get("cf-connecting-ip");
  const forwarded = request.headers.has("forwarded") || request.headers.has("x-forwarded-for");
  return !forwarded && (client === null || LOOPBACK_ADDRESSES.has(client));
}

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export const LOCAL_CALLER: Caller = { user: LOCAL_USER, preset: "full" };

/** This server's public origin: `EDGECLIP_PUBLIC_URL`, else the request's own. */
export function publicOrigin(request: Request, env: Env): string {
  const configured = env.EDGECLIP_PUBLIC_URL;
  return new URL(configured || request.url).origin;
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
