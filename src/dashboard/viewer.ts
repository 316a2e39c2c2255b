import type { Context } from "hono";
import { isLocal, LOCAL_USER } from "../auth/identity.ts";
import { sessionCookie } from "../auth/web.ts";
import { accountsStub } from "../stubs.ts";

/** Who is looking at the dashboard: the user id whose data it shows, and a name to greet. */
export interface Viewer {
  user: string;
  name: string;
}

/**
 * The dashboard's access rule, the same as /mcp's: on a local server the
 * local user (its local credential checked at the front door); anywhere else whoever the sign-in cookie (the
 * consent page's) names, or nobody.
 */
export async function viewerOf(c: Context<{ Bindings: Env }>): Promise<Viewer | undefined> {
  if (isLocal(c.req.raw, c.env)) return { user: LOCAL_USER, name: LOCAL_USER };
  const session = sessionCookie(c);
  const account = session ? await accountsStub(c.env).sessionAccount(session) : undefined;
  return account && { user: account.id, name: account.name };
}
