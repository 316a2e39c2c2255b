import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { agentRoutes } from "./routes/agents.ts";
import { assetRoutes } from "./routes/assets.ts";
import { clipboardRoutes } from "./routes/clipboards.ts";
import { liveRoutes } from "./routes/live.ts";
import { overviewRoutes } from "./routes/overview.ts";
import { sessionRoutes } from "./routes/session.ts";
import { tokenRoutes } from "./routes/tokens.ts";

/**
 * The dashboard (issue 8): server-rendered pages of the viewer's own
 * clipboards, their actions (each destructive one behind a confirmation page
 * and a CSRF-checked POST), and `/live`, the WebSocket that re-renders an
 * open page when what it shows changes. `/` is the dashboard only for a
 * request that accepts HTML; anything else at / (curl) keeps the plain text.
 */
export const dashboard = new Hono<{ Bindings: Env }>();

// One page group a file (routes/); mounted in this order, the order routes match in.
dashboard.route("/", assetRoutes);
dashboard.route("/", overviewRoutes);
dashboard.route("/", clipboardRoutes);
dashboard.route("/", sessionRoutes);
dashboard.route("/", agentRoutes);
dashboard.route("/", tokenRoutes);
dashboard.route("/", liveRoutes);

/**
 * Whether `method` `path` (a `routePath`) is one of the dashboard's own
 * routes: all the dashboard cookie of a local server opens (local-credential.ts),
 * derived from the routes above so that the list cannot drift from them, and
 * matched by the router Hono's app uses, so that the two agree on every path
 * (a PatternRouter took `/agents/` for `/agents`, which the app then answered
 * 404: issue 34 §9).
 */
export function isDashboardRoute(method: string, path: string): boolean {
  routes ??= (() => {
    const router = new SmartRouter<true>({
      routers: [new RegExpRouter<true>(), new TrieRouter<true>()],
    });
    for (const r of dashboard.routes) router.add(r.method, r.path, true);
    return router;
  })();
  const [matched] = routes.match(method === "HEAD" ? "GET" : method, path);
  return matched.length > 0;
}
let routes: SmartRouter<true> | undefined;
