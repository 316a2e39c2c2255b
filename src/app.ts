import { Hono } from "hono";
import pkg from "../package.json" with { type: "json" };
import { isLocal, LOCAL_CALLER, LOCAL_USER } from "./auth/identity.ts";
import { proveLocalClient } from "./auth/local-proof.ts";
import { authRoutes, bearer } from "./auth/routes.ts";
import { BRIDGE_TOKEN_HEADER, BRIDGE_USER_HEADER } from "./bridge/bridge.ts";
import { dashboard } from "./dashboard/routes.ts";
import { serveMcp } from "./mcp/handler.ts";
import { relayMcp } from "./mcp/relay.ts";
import { routePath } from "./route-path.ts";
import { NONCE_HEADER } from "./shared/bridge/proof.ts";
import { agentCommand, mcpRelayCommand } from "./shared/core/agent-command.ts";
import { accountsStub, bridgeStub } from "./stubs.ts";

/** The router matches `routePath`, the path every gate in front of it decides on. */
export const app = new Hono<{ Bindings: Env }>({ getPath: routePath });

app.get("/health", (c) => c.json({ ok: true, name: "edgeclip", version: pkg.version }));

app.route("/", dashboard);

/**
 * Plain-text help at / for anything that is not a browser (curl). On a local
 * server the commands carry the local credential when the caller presented it
 * (a bearer token, checked by the gate); to the dashboard cookie, which is
 * worth less and which any page of the host's other ports sends, they name it
 * `<token>` and say where it is.
 */
app.get("/", async (c) => {
  c.header("vary", "accept, authorization");
  c.header("cache-control", "no-store");
  const mcpUrl = new URL("/mcp", c.req.url).href;
  const server = new URL("/", c.req.url).href.replace(/\/$/, "");
  const local = isLocal(c.req.raw, c.env);
  const presented = bearer(c.req.header("authorization")) !== undefined;
  const token = presented ? c.env.EDGECLIP_LOCAL_TOKEN : "<token>";
  const header = local ? ` --header "Authorization: Bearer ${token}"` : "";
  // The dashboard's host and key are in no response: only in the private page npm start links to.
  const dashboard = local
    ? "Dashboard:     the file:// link `npm start` printed (dashboard-<port>.html in edgeclip's state directory, ~/.local/state/edgeclip by default)\n"
    : "";
  const where =
    local && !presented
      ? "<token>: EDGECLIP_LOCAL_TOKEN in local.env in your edgeclip config directory (~/.config/edgeclip by default); `npm start` prints these commands with it.\n"
      : "";
  const agent = agentCommand(server, `connect ${server} --root <your project>`);
  // A local server's clients run the relay, which proves the server before sending anything.
  const relay = mcpRelayCommand(server, "<node 22>", "<edgeclip checkout>");
  const clients = local
    ? `Claude Code:   claude mcp add edgeclip -- ${relay}\nMCP Inspector: npx @modelcontextprotocol/inspector ${relay}\n(npm start prints both with the paths.)\nOver HTTP:     ${mcpUrl}${header} (trusts whatever holds the port)\n`
    : `Claude Code:   claude mcp add --transport http edgeclip ${mcpUrl}\nMCP Inspector: npx @modelcontextprotocol/inspector --transport http --server-url ${mcpUrl}\n`;
  const signIn = local
    ? ""
    : `Sign-in:       required (OAuth). Your apps and agents: ${server}/account\nPair an agent: ${agentCommand(server, `login ${server}`).command}\n`;
  return c.text(
    `edgeclip ${pkg.version}: a clipboard for AI agents.\n\nMCP endpoint: ${mcpUrl}\n\n${clients}${dashboard}${where}${signIn}Local agent:   ${agent.command}${agent.where ? ` (${agent.where})` : ""}\n`,
  );
});

/**
 * /mcp reaches the app only on a local server, past its local credential: with
 * sign-in, the OAuth provider serves it (and answers 401 with its challenge
 * without a token).
 */
app.all("/mcp", async (c) => {
  if (!isLocal(c.req.raw, c.env))
    return c.json({ error: "invalid_token", error_description: "Sign in first." }, 401);
  return serveMcp(c.req.raw, LOCAL_CALLER);
});

/**
 * Local MCP clients over a proven socket (`edgeclip-agent mcp`, mcp/relay.ts):
 * on a local server only, with the client's nonce and no token (the gate lets
 * exactly that through): a GET is answered with the server's challenge, and
 * only an upgrade carrying the client's right proof gets a socket
 * (auth/local-proof.ts).
 */
app.get("/relay", async (c) => {
  if (!isLocal(c.req.raw, c.env))
    return c.json({ error: "/relay is for clients of a local server; sign in and use /mcp." }, 404);
  if (!c.req.header(NONCE_HEADER))
    return c.json(
      { error: `/relay is for edgeclip-agent mcp: it proves itself with ${NONCE_HEADER}.` },
      400,
    );
  return (await proveLocalClient(c.req.raw, c.env, "mcp")) ?? relayMcp(c.req.raw, LOCAL_CALLER);
});

/**
 * Local agents connect here (WebSocket upgrade), to their user's Bridge
 * object: on a local server as the local user, once the agent has proved the
 * local credential (its nonce let it past the gate without a token:
 * auth/local-proof.ts answers its challenge and checks its proof before any
 * socket exists) or past the gate's bearer check; else with the bearer token
 * `edgeclip-agent login` paired (401 without one, before any upgrade).
 */
app.get("/bridge", async (c) => {
  let user = LOCAL_USER;
  let tokenId: string | undefined;
  if (isLocal(c.req.raw, c.env)) {
    if (c.req.header(NONCE_HEADER) !== undefined) {
      const answered = await proveLocalClient(c.req.raw, c.env, "bridge");
      if (answered) return answered;
    }
  } else {
    const token = bearer(c.req.header("authorization"));
    const agent = token ? await accountsStub(c.env).agentToken(token) : undefined;
    if (!agent)
      return c.json(
        {
          error: token
            ? "This agent's pairing is not valid (revoked or unknown): run `edgeclip-agent login <url>` again."
            : "This server requires sign-in: pair the agent with `edgeclip-agent login <url>`.",
        },
        401,
      );
    user = agent.user;
    tokenId = agent.id;
  }
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
    return c.json({ error: "/bridge is for edgeclip-agent: it expects a WebSocket upgrade." }, 426);
  const headers = new Headers(c.req.raw.headers);
  headers.set(BRIDGE_USER_HEADER, user);
  headers.delete(BRIDGE_TOKEN_HEADER);
  if (tokenId) headers.set(BRIDGE_TOKEN_HEADER, tokenId);
  headers.delete("authorization");
  const accepted = await bridgeStub(user).fetch(new Request(c.req.raw, { headers }));
  // A revocation between the check above and the Bridge accepting the socket closed nothing: close it now.
  if (tokenId && accepted.status === 101 && !(await accountsStub(c.env).hasAgentToken(tokenId)))
    await bridgeStub(user).disconnectToken(tokenId);
  return accepted;
});

app.route("/", authRoutes);

app.notFound((c) =>
  c.json(
    {
      error: `No route ${c.req.method} ${c.req.path}. The MCP endpoint is /mcp; local agents connect to /bridge.`,
    },
    404,
  ),
);

/** Protocol and HTTP failures are answered here, in one place; tool failures are tool results. */
app.onError((error, c) => {
  console.error("edgeclip: unhandled error", error);
  return c.json(
    { jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal server error" } },
    500,
  );
});
