import { Hono } from "hono";
import { accountRoutes } from "./routes/account.ts";
import type { AuthEnv } from "./routes/common.ts";
import { consentRoutes } from "./routes/consent.ts";
import { pairingRoutes } from "./routes/pairing.ts";
import { setupRoutes } from "./routes/setup.ts";
import { signInRoutes } from "./routes/sign-in.ts";
import { PAGE_STYLE, STYLESHEET_PATH } from "./web.ts";

export { bearer } from "./routes/common.ts";

/**
 * Sign-in, consent, pairing and account routes. They exist only on a server
 * that requires sign-in: there the OAuth provider hands them `env.OAUTH_PROVIDER`.
 * On an authless local server they say so instead.
 */
export const authRoutes = new Hono<AuthEnv>();

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

// The page groups (routes/), mounted after the check above and in this order.
authRoutes
  .route("/", signInRoutes)
  .route("/", consentRoutes)
  .route("/", accountRoutes)
  .route("/", pairingRoutes)
  .route("/", setupRoutes);
