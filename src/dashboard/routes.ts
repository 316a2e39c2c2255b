import { type Context, Hono } from "hono";
import { PatternRouter } from "hono/router/pattern-router";
import { LOCAL_USER } from "../auth/identity.ts";
import type { Html } from "../auth/pages.ts";
import {
  csrfToken,
  csrfValid,
  DASHBOARD_SCRIPT_PATH,
  DASHBOARD_STYLE_PATH,
  pageHeaders,
  pathAndQuery,
} from "../auth/web.ts";
import { sessionOverview } from "../session/overview.ts";
import { DEFAULT_SESSION, TAG_NAME } from "../shared/core/names.ts";
import type { StoreAddress } from "../stubs.ts";
import { bridgeStub, clipboardStub, sessionAddress, userAddress } from "../stubs.ts";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE } from "./assets.ts";
import { agentsPage } from "./pages/agents.ts";
import { confirmPage, failedPage } from "./pages/confirm.ts";
import { ENTRIES_PER_PAGE, type EntryFilter, entriesPage } from "./pages/entries.ts";
import { entryPage } from "./pages/entry.ts";
import { historyPage } from "./pages/history.ts";
import type { Frame } from "./pages/layout.ts";
import { sessionsPage } from "./pages/sessions.ts";
import { tokensPage } from "./pages/tokens.ts";
import { type Place, placeOf } from "./places.ts";
import { type Viewer, viewerOf } from "./viewer.ts";

/**
 * The dashboard (issue 8): server-rendered pages of the viewer's own
 * clipboards, their actions (each destructive one behind a confirmation page
 * and a CSRF-checked POST), and `/live`, the WebSocket that re-renders an
 * open page when what it shows changes. `/` is the dashboard only for a
 * request that accepts HTML; anything else at / (curl) keeps the plain text.
 */
export const dashboard = new Hono<{ Bindings: Env }>();
type C = Context<{ Bindings: Env }>;

const HISTORY_SHOWN = 200;
const wantsHtml = (accept: string | undefined) => (accept ?? "").includes("text/html");

function render(c: C, body: Html, status: 200 | 403 | 404 | 409 = 200) {
  return c.html(body, status, { ...pageHeaders([], true), vary: "accept" });
}

/** Who is looking, or the redirect to sign-in (back to this page after). */
async function viewerOrSignIn(c: C): Promise<Viewer | Response> {
  const viewer = await viewerOf(c);
  if (viewer) return viewer;
  const next = pathAndQuery(new URL(c.req.url));
  return c.redirect(`/signin?${new URLSearchParams({ next })}`, 303);
}

function frameFor(viewer: Viewer, live: string[], current?: Frame["current"]): Frame {
  return { account: viewer.user === LOCAL_USER ? undefined : viewer.name, live, current };
}

const notFound = (c: C, viewer: Viewer, what: string) =>
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
function placePage(handle: (c: C, viewer: Viewer, place: Place) => Promise<Response>) {
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
function confirming(spec: (c: C, place: Place) => Omit<Parameters<typeof confirmPage>[0], "csrf">) {
  return placePage(async (c, viewer, place) =>
    render(c, confirmPage({ ...spec(c, place), csrf: csrfToken(c) }, frameFor(viewer, []))),
  );
}

/** A page that needs only the viewer. */
function viewerPage(handle: (c: C, viewer: Viewer) => Promise<Response>) {
  return async (c: C) => {
    const viewer = await viewerOrSignIn(c);
    return viewer instanceof Response ? viewer : handle(c, viewer);
  };
}

// ── Pages ───────────────────────────────────────────────────────────────────

const asset = (body: string, type: string) => (c: C) =>
  c.body(body, 200, {
    "content-type": `${type}; charset=utf-8`,
    "cache-control": "public, max-age=3600",
  });
dashboard.get(DASHBOARD_SCRIPT_PATH, asset(DASHBOARD_SCRIPT, "text/javascript"));
dashboard.get(DASHBOARD_STYLE_PATH, asset(DASHBOARD_STYLE, "text/css"));

dashboard.get("/", async (c, next) => {
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

function filterOf(c: C): EntryFilter {
  const q = (c.req.query("q") ?? "").slice(0, 200);
  const tag = c.req.query("tag") ?? "";
  const state = c.req.query("state");
  const page = Number.parseInt(c.req.query("page") ?? "1", 10);
  return {
    q,
    tag: TAG_NAME.test(tag) ? tag : "",
    state: state === "live" || state === "expired" ? state : "all",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

const EMPTY = { entries: [], total: 0, tags: [] };

/** Whether the session exists (for a session place), its facts. */
const factsOf = (address: StoreAddress) =>
  address.scope === "session"
    ? clipboardStub(address).sessionFacts(address)
    : Promise.resolve(undefined);

const BASES = ["/user", "/:kind{session|project}/:name"];

for (const base of BASES) {
  dashboard.get(
    base,
    placePage(async (c, viewer, place) => {
      const filter = filterOf(c);
      const stub = clipboardStub(place.address);
      const [facts, browsed] = await Promise.all([
        factsOf(place.address),
        stub.browse(place.address, {
          query: filter.q || undefined,
          tag: filter.tag || undefined,
          state: filter.state,
          offset: (filter.page - 1) * ENTRIES_PER_PAGE,
          limit: ENTRIES_PER_PAGE,
        }),
      ]);
      if (place.address.scope === "session" && !facts)
        return notFound(c, viewer, `Session ${place.address.name}`);
      return render(
        c,
        entriesPage(
          {
            place,
            facts,
            browsed: browsed ?? EMPTY,
            filter,
            now: Date.now(),
            done: c.req.query("done"),
          },
          frameFor(viewer, [place.topic], place.address.scope === "user" ? "user" : undefined),
        ),
      );
    }),
  );

  dashboard.get(
    `${base}/entry`,
    placePage(async (c, viewer, place) => {
      const key = c.req.query("key") ?? "";
      const page = Number.parseInt(c.req.query("page") ?? "1", 10);
      const preview = await clipboardStub(place.address).preview(
        place.address,
        key,
        Number.isFinite(page) && page >= 1 ? page : 1,
      );
      if (!preview) return notFound(c, viewer, `The entry \`${key}\``);
      return render(
        c,
        entryPage({ place, preview, now: Date.now() }, frameFor(viewer, [place.topic])),
      );
    }),
  );

  /** The whole content as plain text: what the copy button puts on the clipboard. */
  dashboard.get(
    `${base}/raw`,
    placePage(async (c, viewer, place) => {
      const key = c.req.query("key") ?? "";
      const content = await clipboardStub(place.address).content(place.address, key);
      if (content === undefined) return notFound(c, viewer, `The entry \`${key}\``);
      return new Response(content, {
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
          "cache-control": "no-store",
        },
      });
    }),
  );

  dashboard.get(
    `${base}/delete`,
    confirming((c, place) => {
      const key = c.req.query("key") ?? "";
      return {
        title: "Delete entry",
        question: `Delete \`${key}\`?`,
        detail: `It is removed from ${place.title.toLowerCase()} for good: its content, tags and TTL. References to it stop working.`,
        action: `${place.path}/delete`,
        fields: { key },
        confirm: "Delete",
        back: place.path,
      };
    }),
  );

  dashboard.post(
    `${base}/delete`,
    placePage(async (c, viewer, place) => {
      const form = await c.req.formData();
      if (!csrfValid(c, form)) return refused(c, viewer, place.path);
      const key = String(form.get("key") ?? "");
      const deleted = await clipboardStub(place.address).act(place.address, {
        kind: "delete",
        key,
      });
      if (!deleted) return notFound(c, viewer, `The entry \`${key}\``);
      return c.redirect(`${place.path}?done=deleted`, 303);
    }),
  );

  dashboard.get(
    `${base}/clear-expired`,
    confirming((_, place) => ({
      title: "Clear expired entries",
      question: `Clear the expired entries of ${place.title.toLowerCase()}?`,
      detail:
        "Expired entries are kept 7 days so they can be brought back with update; clearing deletes them now. Live entries stay.",
      action: `${place.path}/clear-expired`,
      confirm: "Clear expired",
      back: place.path,
    })),
  );

  dashboard.post(
    `${base}/clear-expired`,
    placePage(async (c, viewer, place) => {
      if (!csrfValid(c, await c.req.formData())) return refused(c, viewer, place.path);
      await clipboardStub(place.address).act(place.address, { kind: "clear_expired" });
      return c.redirect(`${place.path}?done=cleared`, 303);
    }),
  );
}

const SESSION = "/:kind{session}/:name";

dashboard.get(
  `${SESSION}/history`,
  placePage(async (c, viewer, place) => {
    const stub = clipboardStub(place.address);
    const [facts, activity] = await Promise.all([
      stub.sessionFacts(place.address),
      stub.activity(place.address, HISTORY_SHOWN),
    ]);
    if (!facts || !activity) return notFound(c, viewer, `Session ${place.address.name}`);
    return render(
      c,
      historyPage(
        { place, facts, activity, now: Date.now(), done: c.req.query("done") },
        frameFor(viewer, [place.topic]),
      ),
    );
  }),
);

dashboard.get(
  `${SESSION}/end`,
  confirming((_, place) => ({
    title: "End session",
    question: `End session ${place.address.name}?`,
    detail:
      "Its entries, history, undo stack and todo list are deleted now. Project and user entries stay. Agents using this handle get UNKNOWN_SESSION.",
    action: `${place.path}/end`,
    confirm: "End session",
    back: place.path,
  })),
);

dashboard.post(
  `${SESSION}/end`,
  placePage(async (c, viewer, place) => {
    if (!csrfValid(c, await c.req.formData())) return refused(c, viewer, place.path);
    const ended = await clipboardStub(place.address).end(place.address);
    if (!ended.ok)
      return render(
        c,
        failedPage(
          { title: "Not ended", message: ended.error.message, back: place.path },
          frameFor(viewer, []),
        ),
        409,
      );
    return c.redirect("/?done=ended", 303);
  }),
);

/**
 * Undo names its operation: the confirmation page shows the change undo would
 * revert now and carries its id, and the POST undoes it only if it is still
 * the last one (409 otherwise), so a paste landing in between is never what
 * gets undone.
 */
dashboard.get(
  `${SESSION}/undo`,
  placePage(async (c, viewer, place) => {
    const activity = await clipboardStub(place.address).activity(place.address, 1);
    if (!activity) return notFound(c, viewer, `Session ${place.address.name}`);
    const next = activity.nextUndo;
    if (!next)
      return render(
        c,
        failedPage(
          {
            title: "Not undone",
            message: "Nothing to undo: this session has no file operation left to undo.",
            back: `${place.path}/history`,
          },
          frameFor(viewer, []),
        ),
        409,
      );
    const files = next.targets.map((t) => t.path).join(", ");
    return render(
      c,
      confirmPage(
        {
          title: "Undo",
          question: `Undo operation #${next.id} (${next.kind}${files ? `: ${files}` : ""}) of ${place.address.name}?`,
          detail:
            "The local agent that made it restores every file it changed, all or none. If a file changed since, or another operation came after this one, nothing is undone and you are told why.",
          action: `${place.path}/undo`,
          fields: { op: String(next.id) },
          confirm: "Undo",
          back: `${place.path}/history`,
          csrf: csrfToken(c),
        },
        frameFor(viewer, []),
      ),
    );
  }),
);

dashboard.post(
  `${SESSION}/undo`,
  placePage(async (c, viewer, place) => {
    const form = await c.req.formData();
    if (!csrfValid(c, form)) return refused(c, viewer, place.path);
    const op = Number(form.get("op"));
    if (!Number.isSafeInteger(op) || op < 1)
      return render(
        c,
        failedPage(
          {
            title: "Not undone",
            message:
              "This form does not say which operation to undo; open Undo from the history again.",
            back: `${place.path}/history`,
          },
          frameFor(viewer, []),
        ),
        409,
      );
    // The owner acts on their own session: the `undo` tool's operation, with every permission.
    const undone = (await clipboardStub(place.address).undoShown(place.address, op)) as {
      ok: boolean;
      error?: { message: string };
    };
    if (!undone.ok)
      return render(
        c,
        failedPage(
          {
            title: "Not undone",
            message: undone.error?.message ?? "Not undone.",
            back: `${place.path}/history`,
          },
          frameFor(viewer, []),
        ),
        409,
      );
    return c.redirect(`${place.path}/history?done=undone`, 303);
  }),
);

dashboard.get(
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

dashboard.get(
  "/tokens",
  viewerPage(async (c, viewer) => {
    // The live sessions' handles come from the registry alone: the page needs no entry counts.
    const user = userAddress(viewer);
    const handles = [
      DEFAULT_SESSION,
      ...(await clipboardStub(user).listSessions(user)).map((s) => s.handle),
    ];
    const rows = (
      await Promise.all([
        clipboardStub(user).savings(user),
        ...handles.map((handle) => {
          const address = sessionAddress(viewer, handle);
          return clipboardStub(address).savings(address);
        }),
      ])
    ).flat();
    const live = new Set(handles);
    return render(
      c,
      tokensPage({ rows, live, now: Date.now() }, frameFor(viewer, ["tokens"], "tokens")),
    );
  }),
);

/**
 * Live updates: a WebSocket to the viewer's hub (their user object), which
 * sends `{topics}` when something changes. Only this origin's pages may open
 * it (browsers send Origin on every WebSocket; CORS does not cover them).
 */
dashboard.get("/live", async (c) => {
  const viewer = await viewerOf(c);
  if (!viewer) return c.json({ error: "Sign in first." }, 401);
  if (c.req.header("origin") !== new URL(c.req.url).origin)
    return c.json({ error: "Dashboard pages of this server only." }, 403);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
    return c.json({ error: "/live expects a WebSocket upgrade." }, 426);
  return clipboardStub(userAddress(viewer)).fetch(c.req.raw);
});

function refused(c: C, viewer: Viewer, back: string) {
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

/**
 * Whether `method` `path` (a `routePath`) is one of the dashboard's own
 * routes: all the dashboard cookie of a local server opens (local-credential.ts),
 * derived from the routes above so that the list cannot drift from them.
 */
export function isDashboardRoute(method: string, path: string): boolean {
  routes ??= (() => {
    const router = new PatternRouter<true>();
    for (const r of dashboard.routes) router.add(r.method, r.path, true);
    return router;
  })();
  const [matched] = routes.match(method === "HEAD" ? "GET" : method, path);
  return matched.length > 0;
}
let routes: PatternRouter<true> | undefined;
