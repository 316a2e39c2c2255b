import { Hono } from "hono";
import { accountsStub, bridgeStub } from "../../stubs.ts";
import type { Account } from "../accounts.ts";
import { accountPage, errorPage } from "../pages.ts";
import { csrfToken, csrfValid } from "../web.ts";
import { type AuthEnv, askSignIn, type C, render, signedIn } from "./common.ts";

/**
 * Account: connected apps and paired agents. GET /account lists them;
 * POST /account/:kind/revoke revokes an app's grant or an agent's token
 * (and disconnects that agent).
 */
export const accountRoutes = new Hono<AuthEnv>();

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

accountRoutes.get("/account", async (c) => {
  const account = await signedIn(c);
  return account ? showAccount(c, account) : askSignIn(c);
});

accountRoutes.post("/account/:kind/revoke", async (c) => {
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
