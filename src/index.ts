import { app } from "./app.ts";
import { doorOf, turnedAway } from "./auth/front-door.ts";
import { originRejection } from "./auth/identity.ts";
import { localGate } from "./auth/local-credential.ts";
import { providerFor } from "./auth/provider.ts";
import { refreshOnce } from "./auth/refresh-once.ts";
import { isDashboardRoute } from "./dashboard/routes.ts";
import { SESSION_OPERATIONS } from "./mcp/operations.ts";
import { routePath } from "./route-path.ts";
import { SessionObject } from "./session/clipboard-session.ts";

export { Accounts } from "./auth/accounts.ts";
export { Bridge } from "./bridge/bridge.ts";

/**
 * The session Durable Object (`CLIPBOARD`): a clipboard and its session's
 * life (session/), running the tools' operations (mcp/operations.ts). Put
 * together here, above both, so session/ never imports the MCP layer.
 */
export class ClipboardSession extends SessionObject {
  protected readonly operations = SESSION_OPERATIONS;
}

const appHandler: ExportedHandler<Env> = {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
};

/**
 * Every request: the front door first (`doorOf`: a local server answers only
 * loopback hosts and its local credential; plain http to another host is
 * sent to https), then /mcp's Origin check (403, signed in or not), and no
 * browser at /bridge; then a local request goes straight to the app, and
 * anything else through the OAuth provider, which serves discovery, /token
 * and /register, checks the bearer token on /mcp, and passes the rest
 * (sign-in, consent, pairing, /bridge) to the app with its helpers in
 * `env.OAUTH_PROVIDER`. Nothing a request carries can make the Worker's own
 * code answer 5xx with a trace: an unexpected failure is logged and answered
 * with a bare 500.
 */
export default {
  async fetch(request, env, ctx) {
    try {
      const door = doorOf(request, env);
      const away = turnedAway(door, request);
      if (away) return away;
      // What the router will match, so that no spelling of a path (`/%62ridge`) slips past.
      const pathname = routePath(request);
      if (pathname === "/mcp") {
        const rejected = originRejection(request, env);
        if (rejected) return rejected;
      }
      // Agents send no Origin; a web page does, and WebSockets ignore CORS: refuse it outright.
      if ((pathname === "/bridge" || pathname === "/relay") && request.headers.has("origin"))
        return Response.json(
          { error: `${pathname} is for edgeclip-agent, not web pages.` },
          { status: 403 },
        );
      if (door.kind === "local") {
        const secrets = { token: env.EDGECLIP_LOCAL_TOKEN ?? "", boot: env.EDGECLIP_LOCAL_BOOT };
        const refused = await localGate(request, secrets, isDashboardRoute);
        return refused ?? (await app.fetch(request, env, ctx));
      }
      if (door.kind === "unconfigured") return await app.fetch(request, env, ctx); // /health only
      if (door.kind !== "sign-in") throw new Error(`unexpected door ${door.kind}`);
      const provider = providerFor(door.origin, env, appHandler);
      // The library keeps its helpers on the env object it is given (`env.OAUTH_PROVIDER`,
      // set once, never replaced), and workerd shares one env across requests: a Worker
      // reached under two host names would then check the second's authorizations against
      // the first's resource. Each request gets its own env, so the helpers are its origin's.
      const own = { ...env } as Env;
      if (pathname === "/token" && request.method === "POST")
        return await refreshOnce(request, own, (r) => provider.fetch(r, own, ctx));
      return await provider.fetch(request, own, ctx);
    } catch (error) {
      console.error("edgeclip: request failed", error);
      return Response.json(
        { jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal server error" } },
        { status: 500 },
      );
    }
  },
} satisfies ExportedHandler<Env>;
