import { OAuthProvider } from "@cloudflare/workers-oauth-provider";
import type { Caller } from "../mcp/caller.ts";
import { serveMcp } from "../mcp/handler.ts";
import { isPreset, PRESETS, type Preset } from "./presets.ts";

/**
 * The OAuth 2.1 authorization server in front of the app
 * (@cloudflare/workers-oauth-provider): /mcp needs a bearer token issued here
 * for this server's `/mcp` (RFC 8707 audience); discovery (RFC 9728, 8414),
 * /token, /register (DCR) and client metadata documents (CIMD) are the
 * library's; /authorize, sign-in and consent are ours (routes.ts).
 */

/** What a grant carries to every MCP request it authorizes (encrypted at rest by the library). */
export interface GrantProps {
  user: string;
  preset: Preset;
}

export const DAY_S = 24 * 60 * 60;
/** Token lifetimes, in seconds; each can be set by a var (docs/security.md says why these). */
export const DEFAULT_TTLS = {
  /** Long, because Claude.ai is reported not to refresh reliably. */
  access: 30 * DAY_S,
  /** Idle lifetime: each refresh moves the grant's expiry this far ahead. */
  refresh: 90 * DAY_S,
  /** A dynamically registered client unused this long is forgotten (renewed while in use). */
  registration: 30 * DAY_S,
} as const;

/** A lifetime setting in seconds; the OAuth library (KV) needs at least 60. */
export function seconds(
  value: string | undefined,
  fallback: number,
  name: string,
  min = 60,
): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of seconds, at least ${min}`);
  return n;
}

export function tokenLifetimes(env: Env) {
  return {
    access: seconds(
      env.EDGECLIP_ACCESS_TOKEN_TTL,
      DEFAULT_TTLS.access,
      "EDGECLIP_ACCESS_TOKEN_TTL",
    ),
    refresh: seconds(
      env.EDGECLIP_REFRESH_TOKEN_TTL,
      DEFAULT_TTLS.refresh,
      "EDGECLIP_REFRESH_TOKEN_TTL",
    ),
    registration: seconds(
      env.EDGECLIP_CLIENT_REGISTRATION_TTL,
      DEFAULT_TTLS.registration,
      "EDGECLIP_CLIENT_REGISTRATION_TTL",
    ),
  };
}

/**
 * The caller a verified grant names, with the narrower of the grant's preset
 * and the token's (a client may narrow its scope on refresh); a grant without
 * a known preset gets the narrowest.
 */
export function callerOf(props: unknown, tokenScope: readonly string[] = []): Caller {
  const { user, preset } = (props ?? {}) as Partial<GrantProps>;
  if (typeof user !== "string" || !user) throw new Error("grant without a user");
  const granted = PRESETS.indexOf(isPreset(preset) ? preset : "sandboxed");
  const inToken = PRESETS.findIndex((p) => tokenScope.includes(p));
  const narrowest = inToken < 0 ? granted : Math.min(granted, inToken);
  return { user, preset: PRESETS[narrowest] ?? "sandboxed" };
}

const mcpApi = {
  fetch: (request: Request, _env: Env, ctx: ExecutionContext & { auth?: { scope?: string[] } }) =>
    serveMcp(request, callerOf(ctx.props, ctx.auth?.scope)),
};

const providers = new Map<string, OAuthProvider>();

/**
 * The provider for one public origin (its resource is `<origin>/mcp`, its
 * issuer `<origin>`), built once per isolate and setting.
 */
export function providerFor(
  origin: string,
  env: Env,
  defaultHandler: ExportedHandler<Env>,
): OAuthProvider {
  const ttl = tokenLifetimes(env);
  const key = JSON.stringify([origin, ttl]);
  let provider = providers.get(key);
  if (!provider) {
    provider = new OAuthProvider({
      apiRoute: "/mcp",
      apiHandler: mcpApi as never,
      defaultHandler,
      authorizeEndpoint: "/authorize",
      tokenEndpoint: "/token",
      clientRegistrationEndpoint: "/register",
      clientIdMetadataDocumentEnabled: true,
      scopesSupported: [...PRESETS, "offline_access"],
      resourceMetadata: {
        resource: `${origin}/mcp`,
        authorization_servers: [origin],
        bearer_methods_supported: ["header"],
        resource_name: "edgeclip",
      },
      accessTokenTTL: ttl.access,
      refreshTokenTTL: ttl.refresh,
      refreshTokenIdleTTL: ttl.refresh,
      clientRegistrationTTL: ttl.registration,
    });
    providers.set(key, provider);
  }
  return provider;
}
