import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index.ts";
import { authorizeInBrowser, Browser, pkce } from "../support/browser.ts";
import { testAccount } from "./helpers.ts";

/**
 * Token lifetimes without waiting for them: a Worker set to the shortest the
 * OAuth library allows (60 s for access tokens and registrations) stores its
 * records in KV with those expirations; then each record is taken away, as
 * KV does when its time comes, and the server answers as it must: 401 for
 * the access token, `invalid_client` for the registration (so the client
 * registers again). Replaces a test that slept 62 s on a wrangler dev.
 */
const ORIGIN = "https://edgeclip-lifetimes.test";
const TTL = 60;
const shortLived = {
  ...env,
  EDGECLIP_ACCESS_TOKEN_TTL: String(TTL),
  EDGECLIP_CLIENT_REGISTRATION_TTL: String(TTL),
} as Env;
const server = {
  fetch: (request: Request) =>
    worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      shortLived,
      createExecutionContext(),
    ),
};
const account = testAccount("lifetimes");

/** A client registered dynamically, signed in and given tokens, as Claude Code is. */
async function signedInClient() {
  const registered = (await (
    await server.fetch(
      new Request(`${ORIGIN}/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "lifetimes",
          redirect_uris: ["https://app.example/cb"],
          token_endpoint_auth_method: "none",
        }),
      }),
    )
  ).json()) as { client_id: string };
  const { verifier, challenge } = await pkce();
  const authorize = new URL("/authorize", ORIGIN);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: registered.client_id,
    redirect_uri: "https://app.example/cb",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const { location } = await authorizeInBrowser(
    new Browser((r) => server.fetch(r)),
    authorize,
    account,
    { preset: "full" },
  );
  const tokens = (await (
    await server.fetch(
      new Request(`${ORIGIN}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: location.searchParams.get("code") ?? "",
          code_verifier: verifier,
          client_id: registered.client_id,
          redirect_uri: "https://app.example/cb",
        }).toString(),
      }),
    )
  ).json()) as { access_token: string; refresh_token: string };
  return { clientId: registered.client_id, ...tokens };
}

const mcpCall = (token: string) =>
  server.fetch(
    new Request(`${ORIGIN}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    }),
  );

/** The KV key holding a record (`prefix` + something), and the expiration KV keeps it to. */
async function record(prefix: string, contains: string) {
  const listed = await env.OAUTH_KV.list({ prefix });
  const key = listed.keys.find((k) => k.name.includes(contains));
  if (!key) throw new Error(`no ${prefix}… record for ${contains}`);
  return key;
}

describe("token lifetimes", () => {
  it("stores an access token for EDGECLIP_ACCESS_TOKEN_TTL, and answers 401 with a challenge once it is gone", async () => {
    const { access_token } = await signedInClient();
    expect((await mcpCall(access_token)).status).toBe(200);
    const [user = "", grant = ""] = access_token.split(":");
    const key = await record(`token:${user}:${grant}:`, "");
    const now = Math.floor(Date.now() / 1000);
    expect(key.expiration).toBeGreaterThanOrEqual(now + TTL - 5);
    expect(key.expiration).toBeLessThanOrEqual(now + TTL + 5);

    await env.OAUTH_KV.delete(key.name); // what KV does at that time
    const expired = await mcpCall(access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain("invalid_token");
  });

  it("keeps a registration for EDGECLIP_CLIENT_REGISTRATION_TTL, then answers invalid_client so the client registers again", async () => {
    const { clientId, refresh_token } = await signedInClient();
    const key = await record("client:", clientId);
    const now = Math.floor(Date.now() / 1000);
    expect(key.expiration).toBeGreaterThanOrEqual(now + TTL - 5);
    expect(key.expiration).toBeLessThanOrEqual(now + TTL + 5);

    await env.OAUTH_KV.delete(key.name);
    const refreshed = await server.fetch(
      new Request(`${ORIGIN}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token,
          client_id: clientId,
        }).toString(),
      }),
    );
    expect(refreshed.status).toBe(401);
    expect(((await refreshed.json()) as { error: string }).error).toBe("invalid_client");
  });
});
