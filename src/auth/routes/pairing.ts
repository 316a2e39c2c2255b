import { Hono } from "hono";
import { PAIRING_PATHS } from "../../shared/bridge/protocol.ts";
import { accountsStub, bridgeStub } from "../../stubs.ts";
import { donePage, errorPage, pairPage } from "../pages.ts";
import { seconds } from "../provider.ts";
import { clientAddress, csrfToken, csrfValid } from "../web.ts";
import { type AuthEnv, askSignIn, bearer, render, signedIn } from "./common.ts";

/**
 * Pairing local agents (RFC 8628 shape): the agent's endpoints
 * (PAIRING_PATHS: device, token, revoke) and the /pair page where the
 * signed-in user approves or denies a pairing by its code.
 */
export const pairingRoutes = new Hono<AuthEnv>();

const PAIRING_TTL_S = 600;
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

pairingRoutes.post(PAIRING_PATHS.device, async (c) => {
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

pairingRoutes.post(PAIRING_PATHS.token, async (c) => {
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

pairingRoutes.post(PAIRING_PATHS.revoke, async (c) => {
  const token = bearer(c.req.header("authorization"));
  const accounts = accountsStub(c.env);
  const agent = token ? await accounts.agentToken(token) : undefined;
  if (!agent) return c.json({ error: "invalid_token" }, 401);
  await accounts.revokeAgentToken(agent.user, agent.id);
  await bridgeStub(agent.user).disconnectToken(agent.id);
  return c.json({ revoked: true });
});

pairingRoutes.get("/pair", async (c) => {
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

pairingRoutes.post("/pair", async (c) => {
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
