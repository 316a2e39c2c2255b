import { Hono } from "hono";
import { LOCAL_USER } from "../../auth/identity.ts";
import { isDashboardHostName } from "../../shared/core/dashboard-host.ts";
import { bridgeStub } from "../../stubs.ts";
import { agentsPage } from "../pages/agents.ts";
import { frameFor, render, viewerPage } from "./common.ts";

/**
 * The server as its agents reach it: the page's own origin, but for the local
 * dashboard's host (`d-….localhost`), whose name goes in no command a user
 * copies (issue 42 §7): its agents dial 127.0.0.1 on the same port.
 */
function serverOrigin(url: string): string {
  const origin = new URL(url);
  if (isDashboardHostName(origin.hostname)) origin.hostname = "127.0.0.1";
  return origin.origin;
}

/** /agents: the viewer's connected local agents, and those turned away. */
export const agentRoutes = new Hono<{ Bindings: Env }>();

agentRoutes.get(
  "/agents",
  viewerPage(async (c, viewer) => {
    const { agents, refused } = await bridgeStub(viewer.user).agents();
    return render(
      c,
      agentsPage(
        {
          agents,
          refused: refused.map((r) => ({ name: r.name, version: r.version, message: r.message })),
          signedIn: viewer.user !== LOCAL_USER,
          server: serverOrigin(c.req.url),
        },
        frameFor(viewer, ["agents"], "agents"),
      ),
    );
  }),
);
