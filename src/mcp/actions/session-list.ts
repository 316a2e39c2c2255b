import { type SessionRow, sessionOverview } from "../../session/overview.ts";
import { type Outcome, ok } from "../../shared/core/errors.ts";
import type { Caller } from "../caller.ts";

/** The user's sessions, from the registry kept in the user-scope object. */
export async function listSessions(caller: Caller): Promise<Outcome<{ sessions: SessionRow[] }>> {
  return ok({ sessions: await sessionOverview(caller.user) });
}

export const sessionsText = (v: { sessions: SessionRow[] }) =>
  v.sessions
    .map(
      (s) =>
        `- \`${s.session}\` project \`${s.project}\`, ${s.entries} entries${s.expires_at ? `, expires if idle at ${s.expires_at}` : ""}${s.description ? ` — ${s.description}` : ""}`,
    )
    .join("\n");
