import { Hono } from "hono";
import { DEFAULT_SESSION } from "../../shared/core/names.ts";
import { clipboardStub, sessionAddress, userAddress } from "../../stubs.ts";
import { tokensPage } from "../pages/tokens.ts";
import { frameFor, render, viewerPage } from "./common.ts";

/** /tokens: tokens kept out of the model, from the savings of the user and each live session. */
export const tokenRoutes = new Hono<{ Bindings: Env }>();

tokenRoutes.get(
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
