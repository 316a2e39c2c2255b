import { type RenderedEntry, renderClipboard } from "../core/render-clipboard.ts";
import { type Outcome, ok } from "../shared/core/errors.ts";
import { SCOPES, type Scope } from "../shared/core/names.ts";
import type { SessionContext } from "./tool-context.ts";

/** The session's clipboard as markdown (operation behind the resource and the prompt). */
export async function renderOperation(
  s: SessionContext,
  _input: Record<string, never>,
): Promise<Outcome<{ markdown: string }>> {
  const entries = {} as Record<Scope, RenderedEntry[]>;
  const totals = {} as Record<Scope, number>;
  for (const scope of SCOPES) {
    if (!s.scopes.includes(scope)) {
      entries[scope] = [];
      totals[scope] = 0;
      continue;
    }
    const listed = await s.inScope(scope, "list", { includeExpired: false, verbose: false });
    entries[scope] = listed.slice(0, 10);
    totals[scope] = listed.length;
  }
  const todos = s.log.todos().map((t) => ({ id: t.id, text: t.text, done: t.done_at !== null }));
  return ok({
    markdown: renderClipboard({
      session: s.handle,
      project: s.project,
      now: s.now(),
      entries,
      totals,
      todos,
    }),
  });
}
