import { accountsStub } from "../stubs.ts";
import { digest } from "./tokens.ts";

/** How long a request waits for a refresh with the same token that is under way, at most. */
const WAIT_MS = 8_000;
const POLL_MS = 50;

/**
 * POST /token: a `refresh_token` grant goes through `RefreshRecord` (in the
 * Accounts object, which runs one call at a time) so that two requests with
 * the same refresh token get the same new tokens; every other request goes
 * to the OAuth library (`run`) as it is.
 */
export async function refreshOnce(
  request: Request,
  env: Env,
  run: (request: Request) => Promise<Response>,
): Promise<Response> {
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  const token = form?.get("refresh_token");
  const client = form?.get("client_id");
  if (form?.get("grant_type") !== "refresh_token" || typeof token !== "string" || !token)
    return run(request);
  const key = await digest(token);
  const clientId = typeof client === "string" ? client : "";
  const accounts = accountsStub(env);
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; ) {
    const claim = await accounts.claimRefresh(key, clientId);
    if (claim.kind === "answer")
      return new Response(claim.answer.body, {
        status: claim.answer.status,
        headers: {
          "content-type": "application/json",
          "cache-control": "no-store",
          pragma: "no-cache",
        },
      });
    if (claim.kind === "run") {
      let response: Response;
      try {
        response = await run(request);
      } catch (error) {
        await accounts.settleRefresh(key, clientId, undefined, undefined);
        throw error;
      }
      const body = response.ok ? await response.clone().text() : "";
      const successor = response.ok
        ? (JSON.parse(body) as { refresh_token?: unknown }).refresh_token
        : undefined;
      await accounts.settleRefresh(
        key,
        clientId,
        typeof successor === "string" ? { status: response.status, body } : undefined,
        typeof successor === "string" ? await digest(successor) : undefined,
      );
      return response;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return run(request);
}
