import { Hono } from "hono";
import { LOCAL_USER } from "../auth/identity.ts";
import { pageHeaders } from "../auth/web.ts";
import { sessionOverview } from "../session/overview.ts";
import { sessionsPage } from "./pages.ts";
import { viewerOf } from "./viewer.ts";

/**
 * The dashboard (issue 8), for browsers: a request to / that accepts HTML.
 * Anything else at / (curl) keeps the plain-text help the app serves.
 */
export const dashboard = new Hono<{ Bindings: Env }>();

const wantsHtml = (accept: string | undefined) => (accept ?? "").includes("text/html");

dashboard.get("/", async (c, next) => {
  if (!wantsHtml(c.req.header("accept"))) return next();
  const viewer = await viewerOf(c);
  if (!viewer) return c.redirect("/signin?next=%2F", 303);
  const sessions = await sessionOverview(viewer.user);
  const signedIn = viewer.user !== LOCAL_USER;
  return c.html(sessionsPage({ viewer: viewer.name, sessions, signedIn }), 200, {
    ...pageHeaders(),
    vary: "accept",
  });
});
