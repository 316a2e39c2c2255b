import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { Context } from "hono";
import { accountsStub } from "../../stubs.ts";
import type { Account } from "../accounts.ts";
import { signInPage } from "../pages.ts";
import { csrfToken, pageHeaders, pathAndQuery, sessionCookie } from "../web.ts";

/**
 * What every page group of the auth routes shares: their Hono environment
 * (`c.var.oauth`, set by `authRoutes`' middleware before any group runs), a
 * page's response with its security headers, the signed-in account, the
 * sign-in page in place of the page asked for, and the bearer token.
 */
export type AuthEnv = { Bindings: Env; Variables: { oauth: OAuthHelpers } };
export type C = Context<AuthEnv>;

export const render = (
  c: C,
  body: Parameters<C["html"]>[0],
  status = 200,
  formAction: string[] = [],
) => c.html(body, status as 200, pageHeaders(formAction));

export async function signedIn(c: C): Promise<Account | undefined> {
  const session = sessionCookie(c);
  return session ? accountsStub(c.env).sessionAccount(session) : undefined;
}

const here = (c: C) => pathAndQuery(new URL(c.req.url));

export const askSignIn = (c: C) => render(c, signInPage({ next: here(c), csrf: csrfToken(c) }));

export function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}
