import { app } from "./app.ts";
import { isAuthless, originRejection, publicOrigin } from "./auth/identity.ts";
import { providerFor } from "./auth/provider.ts";

export { Accounts } from "./auth/accounts.ts";
export { Bridge } from "./bridge/bridge.ts";
export { ClipboardSession } from "./session/clipboard-session.ts";

const appHandler: ExportedHandler<Env> = {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
};

/**
 * Every request: /mcp's Origin check first (403, signed in or not), and no
 * browser at /bridge; then an
 * authless local server goes straight to the app, and anything else through
 * the OAuth provider, which serves discovery, /token and /register, checks the
 * bearer token on /mcp, and passes the rest (sign-in, consent, pairing,
 * /bridge) to the app with its helpers in `env.OAUTH_PROVIDER`.
 */
export default {
  fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/mcp") {
      const rejected = originRejection(request, env);
      if (rejected) return rejected;
    }
    // Agents send no Origin; a web page does, and WebSockets ignore CORS: refuse it outright.
    if (pathname === "/bridge" && request.headers.has("origin"))
      return Response.json(
        { error: "/bridge is for edgeclip-agent, not web pages." },
        { status: 403 },
      );
    if (isAuthless(request, env)) return app.fetch(request, env, ctx);
    return providerFor(publicOrigin(request, env), env, appHandler).fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
