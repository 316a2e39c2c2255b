import { LIMITS } from "../shared/core/limits.ts";
import { DEFAULT_PROJECT, DEFAULT_SESSION } from "../shared/core/names.ts";
import { clipboardStub, sessionAddress, userAddress } from "../stubs.ts";

/** One of a user's sessions as the session tool's list and the dashboard show it. */
export interface SessionRow {
  session: string;
  project: string;
  description: string;
  entries: number;
  last_used_at: string | null;
  /** When it expires if left idle; null for `default`, which never does. */
  expires_at: string | null;
}

/** The user's sessions, `default` first, from the registry kept in the user-scope object. */
export async function sessionOverview(user: string): Promise<SessionRow[]> {
  const caller = { user };
  const registered = await clipboardStub(userAddress(caller)).listSessions(userAddress(caller));
  const all = [
    { handle: DEFAULT_SESSION, project: DEFAULT_PROJECT, description: "your default session" },
    ...registered,
  ];
  return Promise.all(
    all.map(async (s) => {
      const address = sessionAddress(caller, s.handle);
      const info = await clipboardStub(address).info(address);
      const lastUsed = info.last_used_at;
      return {
        session: s.handle,
        project: s.project,
        description: s.description,
        entries: info.entries,
        last_used_at: lastUsed === null ? null : new Date(lastUsed).toISOString(),
        expires_at:
          s.handle === DEFAULT_SESSION || lastUsed === null
            ? null
            : new Date(lastUsed + LIMITS.sessionIdleMs).toISOString(),
      };
    }),
  );
}
