import { Hono } from "hono";
import { csrfValid } from "../../auth/web.ts";
import { TAG_NAME } from "../../shared/core/names.ts";
import type { StoreAddress } from "../../stubs.ts";
import { clipboardStub } from "../../stubs.ts";
import { ENTRIES_PER_PAGE, type EntryFilter, entriesPage } from "../pages/entries.ts";
import { entryPage } from "../pages/entry.ts";
import { type C, confirming, frameFor, notFound, placePage, refused, render } from "./common.ts";

/**
 * A clipboard's pages, for each scope (/session/:h, /project/:p, /user): its
 * entries, one entry (/entry), its raw content (/raw), and deleting an entry
 * (/delete) or its expired entries (/clear-expired), each behind a
 * confirmation page.
 */
export const clipboardRoutes = new Hono<{ Bindings: Env }>();

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
  clipboardRoutes.get(
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

  clipboardRoutes.get(
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
  clipboardRoutes.get(
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

  clipboardRoutes.get(
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

  clipboardRoutes.post(
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

  clipboardRoutes.get(
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

  clipboardRoutes.post(
    `${base}/clear-expired`,
    placePage(async (c, viewer, place) => {
      if (!csrfValid(c, await c.req.formData())) return refused(c, viewer, place.path);
      await clipboardStub(place.address).act(place.address, { kind: "clear_expired" });
      return c.redirect(`${place.path}?done=cleared`, 303);
    }),
  );
}
