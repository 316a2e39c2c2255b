import {
  AuthorizationError,
  CimdFetchError,
  type OAuthHelpers,
} from "@cloudflare/workers-oauth-provider";
import { type Context, Hono } from "hono";
import { PAIRING_PATHS } from "../shared/bridge/protocol.ts";
import { constantTimeEqual } from "../shared/secrets.ts";
import { accountsStub, bridgeStub } from "../stubs.ts";
import { type Account, WEB_SESSION_MS } from "./accounts.ts";
import { accountPage, consentPage, donePage, errorPage, pairPage, signInPage } from "./pages.ts";
import { isPreset, PRESETS, type Preset } from "./presets.ts";
import { type GrantProps, seconds } from "./provider.ts";
import { digest } from "./tokens.ts";
import {
  clearSessionCookie,
  clientAddress,
  csrfToken,
  csrfValid,
  PAGE_STYLE,
  pageHeaders,
  pathAndQuery,
  STYLESHEET_PATH,
  safeNext,
  sessionCookie,
  setSessionCookie,
} from "./web.ts";

/**
 * Sign-in, consent, pairing and account routes. They exist only on a server
 * that requires sign-in: there the OAuth provider hands them `env.OAUTH_PROVIDER`.
 * On an authless local server they say so instead.
 */
export const authRoutes = new Hono<{ Bindings: Env; Variables: { oauth: OAuthHelpers } }>();
type C = Context<{ Bindings: Env; Variables: { oauth: OAuthHelpers } }>;

const PAIRING_TTL_S = 600;
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

authRoutes.get(STYLESHEET_PATH, (c) =>
  c.body(PAGE_STYLE, 200, {
    "content-type": "text/css; charset=utf-8",
    "cache-control": "public, max-age=3600",
  }),
);

// Everything below needs a server with sign-in.
authRoutes.use("*", async (c, next) => {
  const oauth = c.env.OAUTH_PROVIDER;
  if (!oauth)
    return c.json(
      {
        error: "not_found",
        error_description:
          "This is a local edgeclip server without sign-in: MCP clients and local agents connect without accounts or pairing.",
      },
      404,
    );
  c.set("oauth", oauth);
  await next();
});

const render = (c: C, body: Parameters<C["html"]>[0], status = 200, formAction: string[] = []) =>
  c.html(body, status as 200, pageHeaders(formAction));

async function signedIn(c: C): Promise<Account | undefined> {
  const session = sessionCookie(c);
  return session ? accountsStub(c.env).sessionAccount(session) : undefined;
}

const here = (c: C) => pathAndQuery(new URL(c.req.url));

const askSignIn = (c: C) => render(c, signInPage({ next: here(c), csrf: csrfToken(c) }));

// ── Sign-in ────────────────────────────────────────────────────────────────

authRoutes.get("/signin", (c) =>
  render(c, signInPage({ next: safeNext(c.req.query("next"), c.req.url), csrf: csrfToken(c) })),
);

authRoutes.post("/signin", async (c) => {
  const form = await c.req.formData();
  const next = safeNext(String(form.get("next") ?? ""), c.req.url);
  const name = String(form.get("name") ?? "").trim();
  const again = (error: string, status: number) =>
    render(c, signInPage({ next, csrf: csrfToken(c), error, name }), status);
  if (!csrfValid(c, form)) return again("The form expired; please sign in again.", 403);
  const result = await accountsStub(c.env).signIn(
    name,
    String(form.get("passphrase") ?? ""),
    clientAddress(c),
  );
  if (!result.ok) {
    if (result.reason === "locked") {
      c.header("retry-after", String(result.retry_after_s));
      return again(
        `Too many failed sign-ins. Try again in ${Math.ceil(result.retry_after_s / 60)} minute(s).`,
        429,
      );
    }
    return again("Wrong user name or passphrase.", 401);
  }
  setSessionCookie(c, result.session, WEB_SESSION_MS / 1000);
  return c.redirect(next, 303);
});

authRoutes.post("/signout", async (c) => {
  const form = await c.req.formData();
  if (!csrfValid(c, form)) return render(c, errorPage("Not signed out", "The form expired."), 403);
  const session = sessionCookie(c);
  if (session) await accountsStub(c.env).signOut(session);
  clearSessionCookie(c);
  return c.redirect("/signin", 303);
});

// ── Authorization and consent ──────────────────────────────────────────────

/** Failures before the client is trusted are shown here, never redirected (consent-page.md). */
function authorizationFailure(c: C, error: unknown) {
  if (error instanceof AuthorizationError && error.redirectTo)
    return c.redirect(error.redirectTo, 302);
  if (error instanceof AuthorizationError)
    return render(c, errorPage("Cannot connect this app", error.description), 400);
  if (error instanceof CimdFetchError)
    return render(
      c,
      errorPage(
        "Cannot connect this app",
        "Its client metadata document could not be fetched or is not valid.",
      ),
      400,
    );
  throw error;
}

authRoutes.get("/authorize", async (c) => {
  const oauth = c.var.oauth;
  try {
    const request = await oauth.parseAuthRequest(c.req.raw);
    const account = await signedIn(c);
    if (!account) return askSignIn(c);
    const details = await oauth.describeConsent(request);
    const consent = await oauth.beginConsent(request);
    const asked = PRESETS.find((p) => request.scope.includes(p));
    const body = consentPage({
      details,
      handle: consent.handle,
      offline: request.scope.includes("offline_access"),
      csrf: csrfToken(c),
      preset: asked ?? "trusted",
      account: account.name,
    });
    consent.headers.forEach((value, name) => {
      c.header(name, value, { append: true });
    });
    return render(c, body, 200, [new URL(request.redirectUri).origin]);
  } catch (error) {
    return authorizationFailure(c, error);
  }
});

authRoutes.post("/authorize", async (c) => {
  const oauth = c.var.oauth;
  const form = await c.req.formData();
  const account = await signedIn(c);
  if (!account || !csrfValid(c, form))
    return render(c, errorPage("Sign-in expired", "Start connecting the app again."), 403);
  const handle = String(form.get("handle") ?? "");
  try {
    if (form.get("decision") !== "approve") {
      const denied = await oauth.denyConsent(c.req.raw, handle);
      return new Response(null, { status: 302, headers: denied.headers });
    }
    const chosen = form.get("preset");
    const preset: Preset = isPreset(chosen) ? chosen : "sandboxed";
    const pending = await oauth.approveConsent(c.req.raw, handle, { scope: [preset] });
    const scope = pending.request.scope.includes("offline_access")
      ? [preset, "offline_access"]
      : [preset];
    const client = await oauth.lookupClient(pending.request.clientId);
    const { redirectTo } = await oauth.completeAuthorization({
      request: pending.request,
      userId: account.id,
      metadata: { preset, client: client?.clientName ?? pending.request.clientId },
      scope,
      props: { user: account.id, preset } satisfies GrantProps,
    });
    pending.headers.set("location", redirectTo);
    return new Response(null, { status: 302, headers: pending.headers });
  } catch (error) {
    return authorizationFailure(c, error);
  }
});

// ── Account: connected apps and paired agents ──────────────────────────────

async function showAccount(c: C, account: Account, notice?: string) {
  const grants = await c.var.oauth.listUserGrants(account.id);
  const agents = await accountsStub(c.env).agentTokens(account.id);
  return render(
    c,
    accountPage({
      account: account.name,
      csrf: csrfToken(c),
      grants: grants.items,
      agents,
      notice,
    }),
  );
}

authRoutes.get("/account", async (c) => {
  const account = await signedIn(c);
  return account ? showAccount(c, account) : askSignIn(c);
});

authRoutes.post("/account/:kind/revoke", async (c) => {
  const form = await c.req.formData();
  const account = await signedIn(c);
  if (!account || !csrfValid(c, form))
    return render(c, errorPage("Not revoked", "Your sign-in or the form expired."), 403);
  const id = String(form.get("id") ?? "");
  if (c.req.param("kind") === "grants") {
    await c.var.oauth.revokeGrant(id, account.id);
    return showAccount(c, account, "Revoked: that app's tokens no longer work.");
  }
  if (
    c.req.param("kind") === "agents" &&
    (await accountsStub(c.env).revokeAgentToken(account.id, id))
  ) {
    await bridgeStub(account.id).disconnectToken(id);
    return showAccount(c, account, "Revoked: that agent is disconnected and cannot reconnect.");
  }
  return showAccount(c, account, "Nothing to revoke: it was already gone.");
});

// ── Pairing local agents (RFC 8628 shape) ──────────────────────────────────

authRoutes.post(PAIRING_PATHS.device, async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as { name?: unknown };
  const name = typeof body.name === "string" ? body.name.trim() : "";
  if (!AGENT_NAME.test(name))
    return c.json(
      {
        error: "invalid_request",
        error_description: "`name`: 1–64 letters, digits, `.`, `_`, `@` or `-`.",
      },
      400,
    );
  const ttl = seconds(c.env.EDGECLIP_PAIRING_TTL, PAIRING_TTL_S, "EDGECLIP_PAIRING_TTL", 1);
  const started = await accountsStub(c.env).startPairing(name, clientAddress(c), ttl);
  const page = new URL("/pair", c.req.url);
  return c.json({
    ...started,
    verification_uri: page.href,
    verification_uri_complete: `${page.href}?code=${started.user_code}`,
  });
});

authRoutes.post(PAIRING_PATHS.token, async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as { device_code?: unknown };
  if (typeof body.device_code !== "string")
    return c.json(
      { error: "invalid_request", error_description: "`device_code` is required." },
      400,
    );
  const polled = await accountsStub(c.env).pollPairing(body.device_code);
  if (!polled.ok) return c.json({ error: polled.error }, 400, { "cache-control": "no-store" });
  return c.json(
    { access_token: polled.token, token_type: "Bearer", user: polled.user, agent: polled.agent },
    200,
    { "cache-control": "no-store" },
  );
});

authRoutes.post(PAIRING_PATHS.revoke, async (c) => {
  const token = bearer(c.req.header("authorization"));
  const accounts = accountsStub(c.env);
  const agent = token ? await accounts.agentToken(token) : undefined;
  if (!agent) return c.json({ error: "invalid_token" }, 401);
  await accounts.revokeAgentToken(agent.user, agent.id);
  await bridgeStub(agent.user).disconnectToken(agent.id);
  return c.json({ revoked: true });
});

authRoutes.get("/pair", async (c) => {
  const account = await signedIn(c);
  if (!account) return askSignIn(c);
  const code = c.req.query("code") ?? "";
  const pending = code ? await accountsStub(c.env).pendingPairing(code) : undefined;
  return render(
    c,
    pairPage({
      csrf: csrfToken(c),
      account: account.name,
      code,
      pending,
      error:
        code && !pending
          ? "No pending pairing has this code; it may have expired. Run the login again."
          : undefined,
    }),
  );
});

authRoutes.post("/pair", async (c) => {
  const form = await c.req.formData();
  const account = await signedIn(c);
  if (!account || !csrfValid(c, form))
    return render(c, errorPage("Not paired", "Your sign-in or the form expired."), 403);
  const approve = form.get("decision") === "approve";
  const decided = await accountsStub(c.env).decidePairing(
    String(form.get("code") ?? ""),
    account.id,
    approve,
  );
  if (!decided.ok) return render(c, errorPage("Not paired", decided.error.message), 400);
  return render(
    c,
    approve
      ? donePage(
          "Agent paired",
          `${decided.value.name} is paired with your account: return to your terminal.`,
          account.name,
        )
      : donePage("Pairing denied", `${decided.value.name} was not paired.`, account.name),
  );
});

// ── Setup: the deployer creates accounts (npm run user:add) ────────────────

authRoutes.post("/setup/users", async (c) => {
  const secret = c.env.EDGECLIP_SETUP_SECRET;
  if (!secret)
    return c.json(
      { error: "Account setup is off: set the EDGECLIP_SETUP_SECRET secret to use it." },
      404,
    );
  const given = bearer(c.req.header("authorization")) ?? "";
  const encoder = new TextEncoder();
  // Compared as digests: equal length, so neither the time nor the answer says how long it is.
  const [a, b] = await Promise.all([digest(given), digest(secret)]);
  if (!constantTimeEqual(encoder.encode(a), encoder.encode(b)))
    return c.json({ error: "Wrong setup secret (EDGECLIP_SETUP_SECRET)." }, 401);
  const body = (await c.req.json().catch(() => ({}))) as { name?: unknown; passphrase?: unknown };
  const added = await accountsStub(c.env).addUser(
    String(body.name ?? ""),
    String(body.passphrase ?? ""),
  );
  if (!added.ok)
    return c.json({ error: added.error.message }, added.error.code === "ENTRY_EXISTS" ? 409 : 400);
  return c.json({ user: added.value.name, id: added.value.id }, 201);
});

export function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}
