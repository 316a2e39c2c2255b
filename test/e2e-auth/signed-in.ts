import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { inject } from "vitest";
import { authorizeInBrowser, Browser } from "../support/browser.ts";

/** A connection per call, as the other e2e clients (test/e2e/clients.ts `mcpRequestInit`: why). */
const ONE_CONNECTION: RequestInit = { headers: { connection: "close" } };

export const serverUrl = (base = inject("authUrl")) => base;
export const PASSPHRASE = "correct horse battery staple";
export type Preset = "sandboxed" | "trusted" | "full";

/** A fresh account on the server, made the way `npm run user:add` makes one. */
export async function newAccount(
  prefix: string,
  base = serverUrl(),
  secret = inject("setupSecret"),
) {
  const name = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await fetch(new URL("/setup/users", base), {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ name, passphrase: PASSPHRASE }),
  });
  if (response.status !== 201) throw new Error(`user setup failed: ${await response.text()}`);
  return { name, passphrase: PASSPHRASE };
}

/**
 * The SDK's OAuth client provider, in memory: what Claude Code keeps on disk.
 * `redirectToAuthorization` just records the URL; the test's browser opens it.
 */
export class MemoryAuth implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  readonly redirectUrl = "http://127.0.0.1:33418/callback";
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: "edgeclip e2e client",
    redirect_uris: ["http://127.0.0.1:33418/callback"],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope: "offline_access",
  };
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export interface SignedIn {
  client: Client;
  auth: MemoryAuth;
  browser: Browser;
  consent: string;
}

/**
 * Connects the official SDK client (v1, as Claude.ai) with its auth support:
 * 401 → discovery → registration → PKCE → the browser signs in and consents
 * with `preset` → code → token → connected.
 */
export async function connectSignedIn(
  account: { name: string; passphrase: string },
  preset: Preset = "full",
  base = serverUrl(),
): Promise<SignedIn> {
  const auth = new MemoryAuth();
  const mcp = new URL("/mcp", base);
  const first = new StreamableHTTPClientTransport(mcp, {
    authProvider: auth,
    requestInit: ONE_CONNECTION,
  });
  const client = new Client({ name: "edgeclip-e2e-auth", version: "1.0.0" });
  await client.connect(first).then(
    () => {
      throw new Error("connected without signing in");
    },
    (error: unknown) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  if (!auth.authorizationUrl) throw new Error("the SDK did not ask to authorize");
  const browser = new Browser(fetch, `198.51.100.${Math.floor(Math.random() * 200) + 1}`);
  const { location, consent } = await authorizeInBrowser(browser, auth.authorizationUrl, account, {
    preset,
  });
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  await first.finishAuth(code);
  const connected = new Client({ name: "edgeclip-e2e-auth", version: "1.0.0" });
  await connected.connect(
    new StreamableHTTPClientTransport(mcp, { authProvider: auth, requestInit: ONE_CONNECTION }),
  );
  return { client: connected, auth, browser, consent };
}

/** POST /token with a form, as a client does. */
export async function tokenRequest(fields: Record<string, string>, base = serverUrl()) {
  const response = await fetch(new URL("/token", base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** A raw tools/call with a bearer token: the HTTP status, and the result when there is one. */
export async function rawCall(
  token: string,
  name: string,
  args: Record<string, unknown> = {},
  base = serverUrl(),
) {
  const response = await fetch(new URL("/mcp", base), {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  return { status: response.status, text: await response.text() };
}
