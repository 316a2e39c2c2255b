import { FrameAssembler, toFrames } from "../shared/bridge/frames.ts";
import type { Caller } from "./caller.ts";
import { serveMcp } from "./handler.ts";

/**
 * MCP for local clients over a proven socket (issue 34 §2): `edgeclip-agent
 * mcp <server>` is a stdio MCP server the user's clients run (Claude Code, the
 * Inspector); before it opens `/relay` this server has proved it holds the
 * local credential (for the place it listens) and the client has proved it in
 * turn (auth/local-proof.ts, shared/bridge/proof.ts), so the socket is
 * proven from its first byte, and each message on it is one JSON-RPC message
 * for `/mcp` (split as the bridge splits large ones: shared/bridge/frames.ts),
 * answered on the socket, each on its own as HTTP requests would be. The
 * credential never travels, so a program holding the port while the server is
 * down learns nothing from a client configured this way, and a relay at
 * another address or port passes on no proof. 0.7's clients sent
 * `Authorization: Bearer <token>` to whatever held the port.
 */

/** Accepts a proven `/relay` socket for `caller` on a local server, and serves MCP on it. */
export function relayMcp(request: Request, caller: Caller): Response {
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  server.accept();
  const mcpUrl = new URL("/mcp", request.url).href;
  /** The protocol version initialize settled on (a reconnecting client says it in its upgrade). */
  let version = request.headers.get("mcp-protocol-version") ?? undefined;
  const assembler = new FrameAssembler();
  server.addEventListener("message", (event) => {
    const data = event.data;
    let message: string | undefined;
    try {
      if (typeof data !== "string") throw new Error("MCP messages are text");
      message = assembler.push(data);
    } catch (error) {
      server.close(1007, (error as Error).message.slice(0, 120));
      return;
    }
    // Concurrently, as a client's HTTP requests would be: a long tool call holds up nothing else.
    if (message !== undefined) relayOne(message).catch(() => server.close(1011, "relay failed"));
  });

  /** One JSON-RPC message (or batch) through /mcp; its answers back on the socket. */
  async function relayOne(message: string): Promise<void> {
    const response = await serveMcp(
      new Request(mcpUrl, {
        method: "POST",
        headers: {
          // What a client's own POST would carry: the handler checks the Host it was sent to.
          host: new URL(mcpUrl).host,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(version ? { "mcp-protocol-version": version } : {}),
        },
        body: message,
      }),
      caller,
    );
    const type = response.headers.get("content-type") ?? "";
    const text = await response.text();
    const answers = type.includes("text/event-stream")
      ? eventData(text)
      : text.trim()
        ? [text]
        : [];
    for (const answer of answers) {
      const negotiated = (
        safeJson(answer) as { result?: { protocolVersion?: unknown } } | undefined
      )?.result?.protocolVersion;
      if (typeof negotiated === "string") version = negotiated;
      for (const frame of toFrames(answer)) server.send(frame);
    }
  }

  return new Response(null, { status: 101, webSocket: client });
}

/** The `data:` of each event of a text/event-stream body. */
function eventData(stream: string): string[] {
  const out: string[] = [];
  for (const event of stream.split(/\r?\n\r?\n/)) {
    const lines = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""));
    if (lines.length) out.push(lines.join("\n"));
  }
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
