import { type AuthInfo, isJsonContentType, readRequestBody } from "@modelcontextprotocol/server";
import { createMcpHandler } from "agents/mcp/server";
import { isPreset } from "../auth/presets.ts";
import { LIMITS } from "../shared/core/limits.ts";
import type { Caller } from "./caller.ts";
import { createServer } from "./server.ts";

/**
 * The stateless MCP handler: a fresh server per request, for 2025-era clients
 * (Claude.ai speaks 2025-11-25) and 2026-07-28 clients alike. The caller rides
 * in `authInfo.extra`, so the factory needs no request state.
 */
const handler = createMcpHandler(
  (ctx) => {
    const { user, preset, tool } = ctx.authInfo?.extra ?? {};
    if (typeof user !== "string" || !isPreset(preset))
      throw new Error("MCP request reached the server without a caller");
    return createServer({ user, preset }, typeof tool === "string" ? tool : undefined);
  },
  // The Worker checks Origin before anything else (auth/identity.ts), in one place.
  { route: "/mcp", allowedOriginHostnames: "*" },
);

/**
 * Serves one MCP HTTP request for `caller`.
 *
 * Why the body is read here: the SDK reads request bodies with a 4 MiB cap, and
 * `maxRequestBodySize` only reaches the 2026-07-28 path. agents' wrapper classifies
 * the era with `isLegacyRequest` at the default cap and builds its 2025-era transport
 * without the option, so a 2025-era request over 4 MiB gets 413, and with the
 * limit raised it is misrouted to the modern path ("Unsupported protocol
 * version"). A 10 MiB entry needs ~12 MiB of JSON. So we read the body once,
 * with our own limit, and hand it over as `parsedBody`, which both paths accept
 * without reading again. `handler.fetch` has no ExecutionContext (so no
 * `ctx.props`); the caller's identity goes in `authInfo` instead, which both
 * paths pass to the factory.
 */
export async function serveMcp(request: Request, caller: Caller): Promise<Response> {
  const authInfo: AuthInfo = {
    token: `edgeclip:${caller.user}`,
    clientId: "edgeclip",
    scopes: [],
    extra: { user: caller.user, preset: caller.preset },
  };
  if (request.method !== "POST" || !isJsonContentType(request.headers.get("content-type"))) {
    return handler.fetch(request, { authInfo });
  }
  const body = await readRequestBody(request, LIMITS.requestBodyBytes);
  if (body.tooLarge) {
    return Response.json(
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32000,
          message: `Payload Too Large: request body must not exceed ${LIMITS.requestBodyBytes} bytes (entries hold at most 10 MiB).`,
        },
      },
      { status: 413 },
    );
  }
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(body.text);
  } catch {
    // Let the SDK answer the parse error in its own words, from the same bytes.
    return handler.fetch(new Request(request, { body: body.text }), { authInfo });
  }
  const tool = calledTool(parsedBody);
  if (tool !== undefined) authInfo.extra = { ...authInfo.extra, tool };
  return handler.fetch(request, { parsedBody, authInfo });
}

/** The tool a single `tools/call` request names, so its server registers just that tool. */
function calledTool(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === "tools/call" && typeof params?.name === "string" ? params.name : undefined;
}
