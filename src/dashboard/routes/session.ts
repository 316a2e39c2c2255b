import { Hono } from "hono";
import { csrfToken, csrfValid } from "../../auth/web.ts";
import { clipboardStub } from "../../stubs.ts";
import { confirmPage, failedPage } from "../pages/confirm.ts";
import { historyPage, SHOWN_TARGETS } from "../pages/history.ts";
import { confirming, frameFor, notFound, placePage, refused, render } from "./common.ts";

/**
 * A session's own pages: its history (/session/:h/history), ending it
 * (/end), and undoing its last file operation (/undo).
 */
export const sessionRoutes = new Hono<{ Bindings: Env }>();

const HISTORY_SHOWN = 200;

const SESSION = "/:kind{session}/:name";

sessionRoutes.get(
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

sessionRoutes.get(
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

sessionRoutes.post(
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
sessionRoutes.get(
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
    const more = next.targets.length - SHOWN_TARGETS;
    const files = `${next.targets
      .slice(0, SHOWN_TARGETS)
      .map((t) => t.path)
      .join(", ")}${more > 0 ? ` and ${more.toLocaleString("en")} more files` : ""}`;
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

sessionRoutes.post(
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
