import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callerOf } from "../../src/auth/provider.ts";
import { authorizeInBrowser, Browser, pkce } from "../support/browser.ts";
import { CLAUDE_CALLBACKS, CLAUDE_CLIENT_ID } from "./cimd-documents.ts";
import { testAccount } from "./helpers.ts";

/**
 * The OAuth server inside workerd, on a deployed-looking origin (not loopback,
 * so sign-in is required): discovery, Claude's client ID metadata document
 * (served to its outbound fetches by an auxiliary worker, cimd-documents.ts), consent, tokens, audience and
 * Origin checks.
 */
const worker = exports.default as { fetch(request: Request): Promise<Response> };
const ORIGIN = "https://edgeclip.test";
const account = testAccount("cimd");

const mcpCall = (
  token: string | undefined,
  origin = ORIGIN,
  headers: Record<string, string> = {},
) =>
  worker.fetch(
    new Request(`${origin}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "session", arguments: { action: "list" } },
      }),
    }),
  );

async function claudeAuthorizes(preset: "sandboxed" | "trusted" | "full" = "trusted") {
  const browser = new Browser((r) => worker.fetch(r));
  const { verifier, challenge } = await pkce();
  const authorize = new URL("/authorize", ORIGIN);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: CLAUDE_CLIENT_ID,
    redirect_uri: CLAUDE_CALLBACKS[0] ?? "",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "s-123",
    scope: "offline_access",
    resource: `${ORIGIN}/mcp`,
  }))
    authorize.searchParams.set(k, v);
  const { location, consent } = await authorizeInBrowser(browser, authorize, account, { preset });
  return { location, consent, verifier };
}

async function exchange(code: string, verifier: string) {
  const response = await worker.fetch(
    new Request(`${ORIGIN}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        client_id: CLAUDE_CLIENT_ID,
        redirect_uri: CLAUDE_CALLBACKS[0] ?? "",
        resource: `${ORIGIN}/mcp`,
      }).toString(),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("OAuth discovery", () => {
  it("answers /mcp without a token with 401 and a challenge naming the resource metadata", async () => {
    const response = await mcpCall(undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain(
      `resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it("publishes RFC 9728 and RFC 8414 metadata with CIMD, `none`, S256 only and `iss`", async () => {
    const resource = await (
      await worker.fetch(new Request(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`))
    ).json();
    expect(resource).toMatchObject({ resource: `${ORIGIN}/mcp`, authorization_servers: [ORIGIN] });
    const server = (await (
      await worker.fetch(new Request(`${ORIGIN}/.well-known/oauth-authorization-server`))
    ).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/authorize`,
      token_endpoint: `${ORIGIN}/token`,
      registration_endpoint: `${ORIGIN}/register`,
      client_id_metadata_document_supported: true,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(server.token_endpoint_auth_methods_supported).toContain("none");
    expect(server.scopes_supported).toEqual(["sandboxed", "trusted", "full", "offline_access"]);
  });
});

describe("Claude.ai by its client ID metadata document", () => {
  it("shows Claude, its callback host and CIMD on the consent page, and issues tokens that work", async () => {
    const { location, consent, verifier } = await claudeAuthorizes("trusted");
    expect(consent).toContain("Allow <strong>Claude</strong>");
    expect(consent).toContain(`name="offline" value="1"`);
    expect(consent).toContain("published by <strong>claude.ai</strong> (CIMD)");
    expect(consent).toContain("Access will be sent to <strong>claude.ai</strong>");
    expect(`${location.origin}${location.pathname}`).toBe(CLAUDE_CALLBACKS[0]);
    expect(location.searchParams.get("state")).toBe("s-123");
    expect(location.searchParams.get("iss")).toBe(ORIGIN);
    const tokens = await exchange(location.searchParams.get("code") ?? "", verifier);
    expect(tokens.status).toBe(200);
    // offline_access was asked for and accepted (kept in the grant; the access token carries the preset).
    expect(tokens.body).toMatchObject({ token_type: "bearer" });
    expect(String(tokens.body.scope).split(" ")[0]).toBe("trusted");
    expect(typeof tokens.body.refresh_token).toBe("string");
    const called = await mcpCall(String(tokens.body.access_token));
    expect(called.status).toBe(200);
    expect(await called.text()).toContain("default");
  });

  it("refuses a code without its PKCE verifier", async () => {
    const { location } = await claudeAuthorizes();
    const wrong = await exchange(location.searchParams.get("code") ?? "", (await pkce()).verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
  });

  it("sends the user's denial back to Claude as access_denied with state and iss", async () => {
    const browser = new Browser((r) => worker.fetch(r));
    const { challenge } = await pkce();
    const authorize = new URL("/authorize", ORIGIN);
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: CLAUDE_CLIENT_ID,
      redirect_uri: CLAUDE_CALLBACKS[1] ?? "",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "deny-me",
    }).toString();
    const { location } = await authorizeInBrowser(browser, authorize, account, { deny: true });
    expect(`${location.origin}${location.pathname}`).toBe(CLAUDE_CALLBACKS[1]);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("deny-me");
    expect(location.searchParams.get("iss")).toBe(ORIGIN);
  });

  it("accepts only S256 PKCE, and only this server's /mcp as the resource", async () => {
    const browser = new Browser((r) => worker.fetch(r));
    const ask = async (extra: Record<string, string>) => {
      const authorize = new URL("/authorize", ORIGIN);
      authorize.search = new URLSearchParams({
        response_type: "code",
        client_id: CLAUDE_CLIENT_ID,
        redirect_uri: CLAUDE_CALLBACKS[0] ?? "",
        state: "s",
        ...extra,
      }).toString();
      const response = await browser.get(authorize);
      const location = response.headers.get("location");
      return location ? new URL(location).searchParams.get("error") : `page ${response.status}`;
    };
    const { challenge } = await pkce();
    expect(await ask({ code_challenge: "x".repeat(43), code_challenge_method: "plain" })).toBe(
      "invalid_request",
    );
    expect(await ask({})).toBe("invalid_request");
    expect(
      await ask({
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: "https://other.example/mcp",
      }),
    ).toBe("invalid_target");
  });

  it("never redirects to a callback the document does not list", async () => {
    const browser = new Browser((r) => worker.fetch(r));
    const authorize = new URL("/authorize", ORIGIN);
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: CLAUDE_CLIENT_ID,
      redirect_uri: "https://evil.example/callback",
      code_challenge: (await pkce()).challenge,
      code_challenge_method: "S256",
    }).toString();
    const response = await browser.get(authorize);
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("tokens at /mcp", () => {
  it("refuses a tampered token, and a token for another server's /mcp (audience)", async () => {
    const { location, verifier } = await claudeAuthorizes();
    const { body } = await exchange(location.searchParams.get("code") ?? "", verifier);
    const token = String(body.access_token);
    const last = token.at(-1) === "A" ? "B" : "A";
    expect((await mcpCall(`${token.slice(0, -1)}${last}`)).status).toBe(401);
    // The same Worker reached at another origin is another resource: its tokens are not these.
    expect((await mcpCall(token, "https://other.edgeclip.test")).status).toBe(401);
    expect((await mcpCall(token)).status).toBe(200);
  });

  it("checks Origin first: a foreign page gets 403, this server's own origin passes", async () => {
    const foreign = await mcpCall(undefined, ORIGIN, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const own = await mcpCall(undefined, ORIGIN, { origin: ORIGIN });
    expect(own.status).toBe(401);
  });
});

describe("the caller a token stands for", () => {
  it("takes the narrower of the grant's preset and the token's scope", () => {
    expect(callerOf({ user: "u", preset: "full" }, ["full"])).toEqual({
      user: "u",
      preset: "full",
    });
    expect(callerOf({ user: "u", preset: "full" }, ["sandboxed"]).preset).toBe("sandboxed");
    expect(callerOf({ user: "u", preset: "sandboxed" }, ["full"]).preset).toBe("sandboxed");
    expect(callerOf({ user: "u", preset: "trusted" }, []).preset).toBe("trusted");
    expect(callerOf({ user: "u", preset: "admin" }, []).preset).toBe("sandboxed");
    expect(() => callerOf({ preset: "full" })).toThrow();
  });
});

describe("pages", () => {
  it("serve strict security headers and escape what clients choose", async () => {
    const response = await worker.fetch(new Request(`${ORIGIN}/signin?next=/account`));
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const registered = (await (
      await worker.fetch(
        new Request(`${ORIGIN}/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            client_name: '<script>alert("x")</script>',
            redirect_uris: ["https://app.example/cb"],
            token_endpoint_auth_method: "none",
          }),
        }),
      )
    ).json()) as { client_id: string };
    const browser = new Browser((r) => worker.fetch(r));
    const authorize = new URL("/authorize", ORIGIN);
    authorize.search = new URLSearchParams({
      response_type: "code",
      client_id: registered.client_id,
      redirect_uri: "https://app.example/cb",
      code_challenge: (await pkce()).challenge,
      code_challenge_method: "S256",
    }).toString();
    const signIn = await browser.get(authorize);
    const signedIn = await browser.signIn(signIn, authorize, account.name, account.passphrase);
    const consent = await (
      await browser.get(new URL(signedIn.headers.get("location") ?? "/", ORIGIN))
    ).text();
    expect(consent).not.toContain("<script>");
    expect(consent).toContain("&lt;script&gt;");
    expect(consent).toContain("registered itself (dynamic client registration)");
  });

  it("send sign-in back only to this server, however the path is spelled", async () => {
    for (const next of [
      "/\t/evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
    ]) {
      const page = await (
        await worker.fetch(new Request(`${ORIGIN}/signin?next=${encodeURIComponent(next)}`))
      ).text();
      const kept = /name="next" value="([^"]*)"/.exec(page)?.[1] ?? "";
      expect(new URL(kept, ORIGIN).origin, next).toBe(ORIGIN);
    }
  });

  it("accept their own forms when the browser says `Origin: null`, and take the token as proof", async () => {
    const browser = new Browser((r) => worker.fetch(r));
    const page = await (await browser.get(`${ORIGIN}/signin?next=/account`)).text();
    const fields = new URLSearchParams({
      csrf: /name="csrf" value="([^"]*)"/.exec(page)?.[1] ?? "",
      next: "/account",
      name: account.name,
      passphrase: account.passphrase,
    });
    const post = (origin: string) =>
      browser.request(`${ORIGIN}/signin`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: fields.toString(),
      });
    expect((await post("https://evil.example")).status).toBe(403);
    expect((await post("null")).status).toBe(303);
  });

  it("refuse a form posted without the CSRF token", async () => {
    const browser = new Browser((r) => worker.fetch(r));
    const response = await browser.post(`${ORIGIN}/signin`, {
      name: account.name,
      passphrase: account.passphrase,
      next: "/account",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("edgeclip-session");
  });
});
