import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authorizeInBrowser, Browser, pkce } from "../support/browser.ts";
import { CLAUDE_CALLBACKS, CLAUDE_CLIENT_ID } from "./cimd-documents.ts";
import { testAccount } from "./helpers.ts";

/**
 * One deployed Worker reached under two host names (its workers.dev name and
 * a custom domain) without EDGECLIP_PUBLIC_URL: each host's authorizations
 * are checked against its own `/mcp` resource. The OAuth library keeps its
 * helpers on the env it is given, set once; sharing one env across requests
 * made the second host's consent fail with `invalid_target`.
 */
const worker = exports.default as { fetch(request: Request): Promise<Response> };
const account = testAccount("hosts");

async function consentAt(origin: string): Promise<URL> {
  const authorize = new URL("/authorize", origin);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: CLAUDE_CLIENT_ID,
    redirect_uri: CLAUDE_CALLBACKS[0] ?? "",
    code_challenge: (await pkce()).challenge,
    code_challenge_method: "S256",
    state: "s-1",
    resource: `${origin}/mcp`,
  }).toString();
  const { location } = await authorizeInBrowser(
    new Browser((r) => worker.fetch(r)),
    authorize,
    account,
  );
  return location;
}

describe("a Worker reached under two host names", () => {
  it("authorizes each host for its own /mcp, whichever was asked first", async () => {
    for (const origin of ["https://first-host.test", "https://second-host.test"]) {
      const location = await consentAt(origin);
      expect(location.searchParams.get("error"), location.href).toBeNull();
      expect(location.searchParams.get("code")).toBeTruthy();
      expect(location.searchParams.get("iss")).toBe(origin);
    }
  });
});
