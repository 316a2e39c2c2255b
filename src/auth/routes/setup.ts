import { Hono } from "hono";
import { constantTimeEqual } from "../../shared/secrets.ts";
import { accountsStub } from "../../stubs.ts";
import { digest } from "../tokens.ts";
import { type AuthEnv, bearer } from "./common.ts";

/**
 * Setup: the deployer creates accounts (npm run user:add) with
 * EDGECLIP_SETUP_SECRET as a bearer token; unset, setup is off.
 */
export const setupRoutes = new Hono<AuthEnv>();

setupRoutes.post("/setup/users", async (c) => {
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
