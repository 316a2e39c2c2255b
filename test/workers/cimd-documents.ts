/**
 * Client ID metadata documents the workers tests serve to the Worker's
 * outbound fetches (miniflare's `outboundService`): Claude's, as Claude.ai
 * publishes it. Anything else is 404, so no test reaches the internet.
 */
export const CLAUDE_CLIENT_ID = "https://claude.ai/oauth/mcp-oauth-client-metadata";
export const CLAUDE_CALLBACKS = [
  "https://claude.ai/api/mcp/auth_callback",
  "https://claude.com/api/mcp/auth_callback",
];

const DOCUMENTS: Record<string, object> = {
  [CLAUDE_CLIENT_ID]: {
    client_id: CLAUDE_CLIENT_ID,
    client_name: "Claude",
    client_uri: "https://claude.ai",
    redirect_uris: CLAUDE_CALLBACKS,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  },
};

/**
 * An auxiliary Worker serving the documents: the workers project routes the
 * main Worker's outbound fetches to it (workers can only be given as source).
 */
export function cimdHostScript(): string {
  return `const DOCUMENTS = ${JSON.stringify(DOCUMENTS)};
export default {
  fetch(request) {
    const document = DOCUMENTS[request.url];
    return document
      ? Response.json(document, { headers: { "cache-control": "max-age=60" } })
      : new Response("not found", { status: 404 });
  },
};`;
}
