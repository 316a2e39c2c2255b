import type { Caller } from "../mcp/caller.ts";

/** The single user of an authless local server (`npm start`). */
export const LOCAL_USER = "local";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Who is calling. A local dev server (reached on a loopback address, which a
 * deployed Worker never is) serves one authless local user. Anywhere else the
 * caller must sign in; until OAuth is wired up, such requests are refused
 * rather than served as an anonymous shared user.
 */
export function resolveCaller(request: Request): Caller | undefined {
  const { hostname } = new URL(request.url);
  return LOOPBACK.has(hostname) ? { user: LOCAL_USER } : undefined;
}
