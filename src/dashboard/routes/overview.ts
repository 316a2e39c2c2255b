import { Hono } from "hono";
import { sessionOverview } from "../../session/overview.ts";
import { sessionsPage } from "../pages/sessions.ts";
import { frameFor, render, viewerPage } from "./common.ts";

/**
 * `/` for a request that accepts HTML: the viewer's sessions. Anything else
 * at / (curl) falls through to the app's plain text.
 */
export const overviewRoutes = new Hono<{ Bindings: Env }>();

const wantsHtml = (accept: string | undefined) => (accept ?? "").includes("text/html");

overviewRoutes.get("/", async (c, next) => {
  if (!wantsHtml(c.req.header("accept"))) return next();
  return viewerPage(async (c, viewer) => {
    const sessions = await sessionOverview(viewer.user);
    return render(
      c,
      sessionsPage(
        { sessions, done: c.req.query("done") },
        frameFor(viewer, ["sessions"], "sessions"),
      ),
    );
  })(c);
});
