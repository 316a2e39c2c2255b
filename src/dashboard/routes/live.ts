import { Hono } from "hono";
import { clipboardStub, userAddress } from "../../stubs.ts";
import { viewerOf } from "../viewer.ts";

/** /live: the WebSocket that tells an open page when what it shows changes. */
export const liveRoutes = new Hono<{ Bindings: Env }>();

/**
 * Live updates: a WebSocket to the viewer's hub (their user object), which
 * sends `{topics}` when something changes. Only this origin's pages may open
 * it (browsers send Origin on every WebSocket; CORS does not cover them).
 */
liveRoutes.get("/live", async (c) => {
  const viewer = await viewerOf(c);
  if (!viewer) return c.json({ error: "Sign in first." }, 401);
  if (c.req.header("origin") !== new URL(c.req.url).origin)
    return c.json({ error: "Dashboard pages of this server only." }, 403);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
    return c.json({ error: "/live expects a WebSocket upgrade." }, 426);
  return clipboardStub(userAddress(viewer)).fetch(c.req.raw);
});
