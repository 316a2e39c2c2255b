import { Hono } from "hono";
import { accountsStub } from "../../stubs.ts";
import { WEB_SESSION_MS } from "../accounts.ts";
import { errorPage, signInPage } from "../pages.ts";
import {
  clearSessionCookie,
  clientAddress,
  csrfToken,
  csrfValid,
  safeNext,
  sessionCookie,
  setSessionCookie,
} from "../web.ts";
import { type AuthEnv, render } from "./common.ts";

/**
 * Sign-in: the sign-in page and form (throttled by the Accounts object, which
 * sets the session cookie on success), and sign-out.
 */
export const signInRoutes = new Hono<AuthEnv>();

signInRoutes.get("/signin", (c) =>
  render(c, signInPage({ next: safeNext(c.req.query("next"), c.req.url), csrf: csrfToken(c) })),
);

signInRoutes.post("/signin", async (c) => {
  const form = await c.req.formData();
  const next = safeNext(String(form.get("next") ?? ""), c.req.url);
  const name = String(form.get("name") ?? "").trim();
  const again = (error: string, status: number) =>
    render(c, signInPage({ next, csrf: csrfToken(c), error, name }), status);
  if (!csrfValid(c, form)) return again("The form expired; please sign in again.", 403);
  const result = await accountsStub(c.env).signIn(
    name,
    String(form.get("passphrase") ?? ""),
    clientAddress(c),
  );
  if (!result.ok) {
    if (result.reason === "locked") {
      c.header("retry-after", String(result.retry_after_s));
      return again(
        `Too many failed sign-ins. Try again in ${Math.ceil(result.retry_after_s / 60)} minute(s).`,
        429,
      );
    }
    return again("Wrong user name or passphrase.", 401);
  }
  setSessionCookie(c, result.session, WEB_SESSION_MS / 1000);
  return c.redirect(next, 303);
});

signInRoutes.post("/signout", async (c) => {
  const form = await c.req.formData();
  if (!csrfValid(c, form)) return render(c, errorPage("Not signed out", "The form expired."), 403);
  const session = sessionCookie(c);
  if (session) await accountsStub(c.env).signOut(session);
  clearSessionCookie(c);
  return c.redirect("/signin", 303);
});
