import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";

/**
 * Settings a deployment may give as vars or secrets (none is required; see
 * README "Deploy and connect Claude.ai" and docs/security.md), and the
 * helpers the OAuth provider puts in `env` for its default handler. Kept out
 * of types/worker-configuration.d.ts, which `npm run types` regenerates.
 */
declare global {
  interface Env extends EdgeclipSettings {}
  namespace Cloudflare {
    interface Env extends EdgeclipSettings {}
  }
  interface EdgeclipSettings {
    /**
     * The local credential (`npm start` creates it in ~/.config/edgeclip/local.env):
     * set, this Worker is a local server that answers only loopback hosts and
     * requests carrying it (docs/security.md).
     */
    EDGECLIP_LOCAL_TOKEN?: string;
    /**
     * The port a local server listens on (scripts/local-worker.ts sets it): what its proof to
     * local agents names, so that a relay on another port cannot pass it on (docs/security.md).
     */
    EDGECLIP_LOCAL_PORT?: string;
    /**
     * The loopback addresses a local server holds that port on, comma-separated (`127.0.0.1,::1`;
     * scripts/local-worker.ts sets it): what its proof names besides the port, so that a relay at
     * another address cannot pass it on either (issue 42 §1).
     */
    EDGECLIP_LOCAL_ADDRESSES?: string;
    /**
     * This run of a local server (`npm start` makes a new one each time, in the same private env
     * file as the credential): its dashboard's host name, key and cookie are derived from it with
     * the credential, so those of an earlier run are dead (issue 42 §2, §7).
     */
    EDGECLIP_LOCAL_BOOT?: string;
    /** `1`: require sign-in even on a loopback address (tests, trying OAuth locally). */
    EDGECLIP_REQUIRE_SIGN_IN?: string;
    /** The public origin (`https://edgeclip.example.com`); default: the request's. */
    EDGECLIP_PUBLIC_URL?: string;
    /** Secret that lets `npm run user:add` create accounts (POST /setup/users). Unset: setup is off. */
    EDGECLIP_SETUP_SECRET?: string;
    /** Access-token lifetime in seconds (default 30 days). */
    EDGECLIP_ACCESS_TOKEN_TTL?: string;
    /** Idle lifetime of a grant's refresh token in seconds (default 90 days). */
    EDGECLIP_REFRESH_TOKEN_TTL?: string;
    /** Lifetime of a dynamically registered client, renewed while used (default 30 days). */
    EDGECLIP_CLIENT_REGISTRATION_TTL?: string;
    /** How long a pairing code stays valid, in seconds (default 600). */
    EDGECLIP_PAIRING_TTL?: string;
    /** More origins (hostnames, comma-separated) allowed to call /mcp from a browser. */
    EDGECLIP_ALLOWED_ORIGINS?: string;
    OAUTH_PROVIDER: OAuthHelpers;
  }
}
