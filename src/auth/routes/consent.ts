import { AuthorizationError, CimdFetchError } from "@cloudflare/workers-oauth-provider";
import { Hono } from "hono";
import { consentPage, errorPage } from "../pages.ts";
import { isPreset, PRESETS, type Preset } from "../presets.ts";
import type { GrantProps } from "../provider.ts";
import { csrfToken, csrfValid } from "../web.ts";
import { type AuthEnv, askSignIn, type C, render, signedIn } from "./common.ts";

/**
 * Authorization and consent: GET /authorize (the sign-in page, else the
 * consent page with its preset) and POST /authorize (approve or deny, then
 * back to the app's redirect URI).
 */
export const consentRoutes = new Hono<AuthEnv>();

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

consentRoutes.get("/authorize", async (c) => {
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

consentRoutes.post("/authorize", async (c) => {
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
