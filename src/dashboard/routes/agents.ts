import { Hono } from "hono";
import { LOCAL_USER } from "../../auth/identity.ts";
import { bridgeStub } from "../../stubs.ts";
import { agentsPage } from "../pages/agents.ts";
import { frameFor, render, viewerPage } from "./common.ts";

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
          server: new URL(c.req.url).origin,
        },
        frameFor(viewer, ["agents"], "agents"),
      ),
    );
  }),
);
