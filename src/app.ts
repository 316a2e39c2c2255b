import { Hono } from "hono";
import pkg from "../package.json" with { type: "json" };
import { resolveCaller } from "./auth/identity.ts";
import { BRIDGE_USER_HEADER } from "./bridge/bridge.ts";
import { bridgeStub } from "./mcp/caller.ts";
import { serveMcp } from "./mcp/handler.ts";

export const app = new Hono<{ Bindings: Env }>();

app.get("/health", (c) => c.json({ ok: true, name: "edgeclip", version: pkg.version }));

app.get("/", (c) => {
  const mcpUrl = new URL("/mcp", c.req.url).href;
  const server = new URL("/", c.req.url).href.replace(/\/$/, "");
  return c.text(
    `edgeclip ${pkg.version}: a clipboard for AI agents.\n\nMCP endpoint: ${mcpUrl}\n\nClaude Code:   claude mcp add --transport http edgeclip ${mcpUrl}\nMCP Inspector: npx @modelcontextprotocol/inspector --transport http --server-url ${mcpUrl}\nLocal agent:   npx edgeclip-agent connect ${server} --root <your project>\n`,
  );
});

/** Until sign-in exists, only local requests are served: /mcp and /bridge refuse the rest alike. */
const signInRequired = () =>
  Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32001,
        message:
          "Sign-in required: this edgeclip server only serves local requests until OAuth is configured.",
      },
    },
    { status: 401 },
  );

app.all("/mcp", async (c) => {
  const caller = resolveCaller(c.req.raw);
  if (!caller) return signInRequired();
  return serveMcp(c.req.raw, caller);
});

/** Local agents connect here (WebSocket upgrade), to their user's Bridge object. */
app.get("/bridge", async (c) => {
  const caller = resolveCaller(c.req.raw);
  if (!caller) return signInRequired();
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
    return c.json({ error: "/bridge is for edgeclip-agent: it expects a WebSocket upgrade." }, 426);
  const headers = new Headers(c.req.raw.headers);
  headers.set(BRIDGE_USER_HEADER, caller.user);
  return bridgeStub(caller.user).fetch(new Request(c.req.raw, { headers }));
});

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
