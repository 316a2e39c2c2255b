import { clipboardStub, userAddress } from "../stubs.ts";
import { DASHBOARD_SOCKETS } from "./change-feed.ts";
import type { ObjectState } from "./object-state.ts";

/** At most this many dashboard pages of one user are live at once. */
const MAX_DASHBOARD_SOCKETS = 64;

/**
 * The dashboard's live updates. The user-scope object is each user's hub: it
 * holds their open pages' WebSockets (hibernated; pings are answered by the
 * runtime) and tells them which topics changed. Every other object of theirs
 * sends its changes to the hub.
 */
export class DashboardHub {
  private readonly ctx: DurableObjectState;
  private readonly state: ObjectState;

  constructor(ctx: DurableObjectState, state: ObjectState) {
    this.ctx = ctx;
    this.state = state;
    // Dashboard pages keep their WebSocket open with pings the runtime answers without waking us.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** A dashboard page's WebSocket, accepted for hibernation. */
  accept(request: Request): Response {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("expected a WebSocket upgrade", { status: 426 });
    if (this.ctx.getWebSockets(DASHBOARD_SOCKETS).length >= MAX_DASHBOARD_SOCKETS)
      return new Response("too many open dashboard pages", { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [DASHBOARD_SOCKETS]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every open dashboard page which topics changed. */
  notify(topics: string[]): void {
    const message = JSON.stringify({ topics });
    for (const ws of this.ctx.getWebSockets(DASHBOARD_SOCKETS)) {
      try {
        ws.send(message);
      } catch {
        // closing
      }
    }
  }

  /** A page went away: the socket is closed with its code (a normal close for none). */
  closed(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  /** This object's changes, to its owner's pages: here if it is the hub, else through the hub. */
  async deliver(topics: string[]): Promise<void> {
    const owner = this.state.owner;
    if (!owner) return;
    if (owner.hub) this.notify(topics);
    else await clipboardStub(userAddress({ user: owner.user })).notify(topics);
  }
}
