import type { Context } from "hono";
import { LOCAL_USER } from "../../auth/identity.ts";
import type { Html } from "../../auth/pages.ts";
import { csrfToken, pageHeaders, pathAndQuery } from "../../auth/web.ts";
import { confirmPage, failedPage } from "../pages/confirm.ts";
import type { Frame } from "../pages/layout.ts";
import { type Place, placeOf } from "../places.ts";
import { type Viewer, viewerOf } from "../viewer.ts";

/**
 * What every dashboard route shares: rendering a page, who is looking (or the
 * way to sign-in), the frame, and the pages for a clipboard that does not
 * exist and for a refused form.
 */
export type C = Context<{ Bindings: Env }>;

export function render(c: C, body: Html, status: 200 | 403 | 404 | 409 = 200) {
  return c.html(body, status, { ...pageHeaders([], true), vary: "accept" });
}

/** Who is looking, or the redirect to sign-in (back to this page after). */
async function viewerOrSignIn(c: C): Promise<Viewer | Response> {
  const viewer = await viewerOf(c);
  if (viewer) return viewer;
  const next = pathAndQuery(new URL(c.req.url));
  return c.redirect(`/signin?${new URLSearchParams({ next })}`, 303);
}

export function frameFor(viewer: Viewer, live: string[], current?: Frame["current"]): Frame {
  return { account: viewer.user === LOCAL_USER ? undefined : viewer.name, live, current };
}

export const notFound = (c: C, viewer: Viewer, what: string) =>
  render(
    c,
    failedPage(
      { title: "Not found", message: `${what} does not exist, or is not yours.`, back: "/" },
      frameFor(viewer, []),
    ),
    404,
  );

/**
 * A page about one of the viewer's clipboards: resolves who and where (from
 * the viewer's own user id: another user's clipboard cannot be named), then
 * runs `handle`.
 */
export function placePage(handle: (c: C, viewer: Viewer, place: Place) => Promise<Response>) {
  return async (c: C) => {
    const viewer = await viewerOrSignIn(c);
    if (viewer instanceof Response) return viewer;
    const kind = c.req.path.startsWith("/user") ? "user" : (c.req.param("kind") ?? "");
    const place = placeOf(viewer.user, kind, c.req.param("name"));
    if (!place) return notFound(c, viewer, "That clipboard");
    return handle(c, viewer, place);
  };
}

/** The step before a destructive action: its confirmation page, with a CSRF token for its form. */
export function confirming(
  spec: (c: C, place: Place) => Omit<Parameters<typeof confirmPage>[0], "csrf">,
) {
  return placePage(async (c, viewer, place) =>
    render(c, confirmPage({ ...spec(c, place), csrf: csrfToken(c) }, frameFor(viewer, []))),
  );
}

/** A page that needs only the viewer. */
export function viewerPage(handle: (c: C, viewer: Viewer) => Promise<Response>) {
  return async (c: C) => {
    const viewer = await viewerOrSignIn(c);
    return viewer instanceof Response ? viewer : handle(c, viewer);
  };
}

export function refused(c: C, viewer: Viewer, back: string) {
  return render(
    c,
    failedPage(
      {
        title: "Refused",
        message:
          "This form expired or came from another site. Go back, reload the page and try again.",
        back,
      },
      frameFor(viewer, []),
    ),
    403,
  );
}
