import { DurableObject } from "cloudflare:workers";
import pkg from "../../package.json" with { type: "json" };
import { FrameAssembler, toFrames } from "../shared/bridge/frames.ts";
import {
  AgentMessage,
  AgentName,
  AgentVersion,
  ApplyArgs,
  ApplyResult,
  CLOSE_CODES,
  HEARTBEAT,
  Hello,
  HelloVersion,
  type Kept,
  type OpContext,
  type OpName,
  PROTOCOL_VERSION,
  type Reply,
} from "../shared/bridge/protocol.ts";
import { agentAdvice, START_AGENT } from "../shared/core/agent-command.ts";
import { fail, type Outcome, ok } from "../shared/core/errors.ts";
import { quoted } from "../shared/core/quote.ts";
import { migrate } from "../storage/migrate.ts";
import { clipboardStub, userAddress } from "../stubs.ts";
import { AgentRegistry, type Refusal } from "./agent-registry.ts";
import { type AgentInfo, pickAgent } from "./routing.ts";
import { BRIDGE_MIGRATIONS } from "./schema.ts";

/** The Worker passes the caller's user id to the object in this header (never from outside). */
export const BRIDGE_USER_HEADER = "x-edgeclip-user";
/** …and the id of the pairing token the agent connected with (none on a local authless server). */
export const BRIDGE_TOKEN_HEADER = "x-edgeclip-agent-token";

/** What each accepted WebSocket carries through hibernation (at most 2 KiB). */
interface Attachment {
  user: string;
  conn: string;
  /** The pairing token's id, so revoking it closes the connection. */
  token?: string;
  /** Set once the agent's hello is accepted. */
  name: string | null;
  /** The server's origin as the agent reached it, for advice (`npx <server>/agent.tgz …`). */
  server?: string;
  /** When it was accepted: its hello is due within GREETING_MS. */
  accepted?: number;
}

/**
 * A socket that has not said its hello gets this long, and its messages until
 * then are whole and small: a hello at most HELLO_CHARS (32 roots of 1,024
 * characters and the rest). Every socket here is proven before it exists (a
 * local agent's proof, auth/local-proof.ts; a paired agent's token); 0.7 kept
 * sockets that sent only a nonce open for good, and assembled 256 MiB of
 * message parts from one before looking at its proof (issue 34 §6).
 */
export const GREETING_MS = 5_000;
export const HELLO_CHARS = 40 * 1024;

/**
 * A call that needs an agent which went away in the last RETURN_WINDOW_MS
 * waits up to RETURN_WAIT_MS for an agent of that name to say hello again
 * before it fails: a connection dropped under load (or by a server reload)
 * is back within a second or two, and 0.8 failed the call made meanwhile
 * (an `undo` left the tree moved: issue 42).
 */
export const RETURN_WAIT_MS = 8_000;
const RETURN_WINDOW_MS = 2 * 60_000;

interface Pending {
  conn: string;
  name: string;
  timer: ReturnType<typeof setTimeout>;
  settle: (outcome: Outcome<unknown>) => void;
  /** For a write (`apply`): the operation to settle if the reply comes after the caller gave up. */
  context: OpContext | undefined;
}

/**
 * One per user (`bridge:<user>`): the user's local agents connect here over
 * WebSockets (hibernation API, so idle connections cost nothing and survive
 * eviction), and session objects send them requests through `request`.
 * Requests wait in memory for their reply: an object with a request in flight
 * is busy, so it is not hibernated under them.
 */
export class Bridge extends DurableObject<Env> {
  private readonly registry: AgentRegistry;
  private readonly pending = new Map<string, Pending>();
  private readonly assemblers = new WeakMap<WebSocket, FrameAssembler>();
  private readonly lastMessage = new Map<string, number>();
  /** Agents whose connection ended, by name: when (in memory; gone with the object). */
  private readonly gone = new Map<string, number>();
  /** Calls waiting for an agent to come back: woken at every hello. */
  private readonly waiting = new Set<() => void>();
  private counter = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, BRIDGE_MIGRATIONS);
    this.registry = new AgentRegistry(ctx.storage.sql);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT.ping, HEARTBEAT.pong));
  }

  /** Accepts an agent's WebSocket (the Worker has checked who the user is). */
  override async fetch(request: Request): Promise<Response> {
    const user = request.headers.get(BRIDGE_USER_HEADER);
    if (!user || request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade from the edgeclip Worker", { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    const token = request.headers.get(BRIDGE_TOKEN_HEADER);
    server.serializeAttachment({
      user,
      conn: crypto.randomUUID(),
      ...(token ? { token } : {}),
      name: null,
      server: new URL(request.url).origin,
      accepted: Date.now(),
    } satisfies Attachment);
    await this.greetingDeadline();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Closes the connections of a revoked pairing token; the agent stops instead of reconnecting. */
  async disconnectToken(token: string): Promise<number> {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const att = ws.deserializeAttachment() as Attachment;
      if (att.token !== token) continue;
      this.dropped(att, "pairing revoked");
      ws.close(CLOSE_CODES.revoked, "this agent's pairing was revoked");
      closed++;
    }
    return closed;
  }

  // ── For session objects and tools ──────────────────────────────────────────

  /** Connected agents, and those refused in the last day. */
  agents(): { agents: AgentInfo[]; refused: Refusal[] } {
    const agents = this.registry.list(this.liveConnections()).map(({ conn: _, ...a }) => a);
    return { agents, refused: this.registry.refusals(Date.now()) };
  }

  /**
   * Sends `op` to the agent that should serve it (`pickAgent`) and waits for
   * the reply: at most `timeoutMs`, and no longer than the agent stays connected.
   */
  async request(
    want: { agent?: string | undefined; project: string; what: string },
    op: OpName,
    args: unknown,
    timeoutMs: number,
  ): Promise<Outcome<{ agent: string; result: unknown }>> {
    const routed = await this.route(want);
    if (!routed.ok) return routed;
    const { target, socket } = routed.value;
    const id = `${target.conn.slice(0, 8)}-${++this.counter}`;
    const context =
      op === "apply"
        ? ApplyArgs.shape.context.safeParse((args as { context?: unknown }).context).data
        : undefined;
    const reply = new Promise<Outcome<unknown>>((settle) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        if (context) this.registry.interrupt(id, target.name, context, Date.now());
        settle(
          fail(
            "AGENT_TIMEOUT",
            `The local agent ${quoted(target.name)} did not answer within ${timeoutMs / 1000} s.${context ? ' If it was writing files, it finishes or undoes the write on its own; `session {"action":"history"}` will say which.' : ""}`,
          ),
        );
      }, timeoutMs);
      this.pending.set(id, { conn: target.conn, name: target.name, timer, settle, context });
    });
    this.send(socket, { type: "request", id, op, args });
    const outcome = await reply;
    return outcome.ok ? ok({ agent: target.name, result: outcome.value }) : outcome;
  }

  /**
   * The agent that serves `want`, and its socket: at once when it is connected;
   * else, if an agent it could be went away lately, once one of that name is
   * back (RETURN_WAIT_MS at most).
   */
  private async route(want: {
    agent?: string | undefined;
    project: string;
    what: string;
  }): Promise<Outcome<{ target: AgentInfo & { conn: string }; socket: WebSocket }>> {
    const deadline = Date.now() + RETURN_WAIT_MS;
    for (;;) {
      const agents = this.registry.list(this.liveConnections());
      const route = pickAgent(agents, want);
      const target = route.ok ? agents.find((a) => a.name === route.agent.name) : undefined;
      const socket = target && this.socketOf(target.conn);
      if (target && socket) return ok({ target, socket });
      const left = deadline - Date.now();
      const away = this.awayLately(want.agent);
      if (left <= 0 || away === undefined || (!route.ok && route.code !== "AGENT_NOT_CONNECTED")) {
        if (!route.ok) {
          const waited =
            away === undefined
              ? ""
              : ` ${quoted(away)} left ${Math.round((Date.now() - (this.gone.get(away) ?? 0)) / 1000)} s ago and was not back within ${RETURN_WAIT_MS / 1000} s.`;
          return fail(route.code, this.withRefusals(`${route.message}${waited}`));
        }
        return fail("AGENT_NOT_CONNECTED", "The local agent just went away; try again.");
      }
      await this.agentBack(left);
    }
  }

  /** An agent that went away within RETURN_WINDOW_MS and is not back: `name`'s, or any when none is named. */
  private awayLately(name: string | undefined): string | undefined {
    const since = Date.now() - RETURN_WINDOW_MS;
    for (const [gone, at] of this.gone) if (at < since) this.gone.delete(gone);
    if (name !== undefined) return this.gone.has(name) ? name : undefined;
    return [...this.gone.keys()].at(-1);
  }

  /** Resolves at the next hello, or after `ms`. */
  private agentBack(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }

  // ── WebSocket events ───────────────────────────────────────────────────────

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const att = ws.deserializeAttachment() as Attachment;
    this.lastMessage.set(att.conn, Date.now());
    let text: string | undefined;
    let parsed: unknown;
    // Before its hello, a socket's messages are small and whole: nothing is assembled.
    if (att.name === null && (typeof message !== "string" || message.length > HELLO_CHARS)) {
      ws.close(CLOSE_CODES.unproven, "too large a message before the hello");
      this.dropped(att, "sent too much before its hello");
      return;
    }
    try {
      if (typeof message !== "string") throw new Error("binary message");
      text = att.name === null ? message : this.assembler(ws).push(message);
      if (text === undefined) return;
      parsed = JSON.parse(text);
    } catch (error) {
      ws.close(1002, `protocol error: ${(error as Error).message}`.slice(0, 120));
      this.dropped(att, "sent a malformed message");
      return;
    }
    if (att.name === null) {
      this.hello(ws, att, parsed);
      return;
    }
    const msg = AgentMessage.safeParse(parsed);
    if (!msg.success) {
      console.error("edgeclip bridge: malformed agent message", msg.error.issues[0]);
      return;
    }
    const data = msg.data;
    switch (data.type) {
      case "reply":
        this.reply(ws, att, data);
        return;
      case "settled":
        // The agent's record of how a write ended: settle it, and let the agent forget it.
        this.registry.settled(data.context);
        this.settleLater(att.user, att.name, data.context, data.outcome, data.results, data.kept);
        if (data.report !== undefined) this.send(ws, { type: "ack", report: data.report });
        return;
      case "synced":
        // Reports are in; an interrupted write not reported nor in progress never reached the journal.
        for (const context of this.registry.takeUnreported(att.name, data.in_progress))
          this.settleLater(att.user, att.name, context, "rolled_back", undefined);
        return;
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.dropped(ws.deserializeAttachment() as Attachment, `disconnected (${code})`);
    // Answer the agent's close frame, or it waits for one before letting go.
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.dropped(ws.deserializeAttachment() as Attachment, "lost its connection");
  }

  /** Closes the sockets whose hello did not come in time; wakes again for the rest. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    let next: number | undefined;
    for (const ws of this.ctx.getWebSockets()) {
      const att = ws.deserializeAttachment() as Attachment;
      if (att.name !== null) continue;
      const due = (att.accepted ?? 0) + GREETING_MS;
      if (due > now) {
        next = Math.min(next ?? due, due);
        continue;
      }
      try {
        ws.close(CLOSE_CODES.unproven, "no hello in time");
      } catch {
        // already closed
      }
      this.dropped(att, "sent no hello in time");
    }
    if (next !== undefined) await this.ctx.storage.setAlarm(next);
  }

  // ── Internals ──────────────────────────────────────────────────────────────

  /** An alarm for a socket just accepted, unless one comes sooner. */
  private async greetingDeadline(): Promise<void> {
    const due = Date.now() + GREETING_MS;
    const set = await this.ctx.storage.getAlarm();
    if (set === null || set > due) await this.ctx.storage.setAlarm(due);
  }

  private hello(ws: WebSocket, att: Attachment, parsed: unknown): void {
    const version = HelloVersion.safeParse(parsed);
    if (!version.success) {
      this.refuse(ws, "INVALID_HELLO", "The first message must be the agent's hello.");
      return;
    }
    if (version.data.protocol !== PROTOCOL_VERSION) {
      const loose = parsed as { name?: unknown; version?: unknown };
      const older = version.data.protocol < PROTOCOL_VERSION;
      const message = older
        ? `This edgeclip server speaks bridge protocol ${PROTOCOL_VERSION} and this edgeclip-agent speaks ${version.data.protocol}: upgrade the agent: run the one this server offers, built from its own commit: ${att.server ? agentAdvice(att.server, `connect ${att.server}`) : START_AGENT}.`
        : `This edgeclip-agent speaks bridge protocol ${version.data.protocol}, newer than this server's ${PROTOCOL_VERSION}: update the server (deploy the latest edgeclip), or run an edgeclip-agent that speaks protocol ${PROTOCOL_VERSION}.`;
      // Unchecked text from an unaccepted hello: kept only if it fits the hello's alphabet.
      this.registry.refuse({
        name: AgentName.safeParse(loose.name).data ?? "unnamed",
        version: AgentVersion.safeParse(loose.version).data ?? "unknown",
        protocol: version.data.protocol,
        message,
        at: Date.now(),
      });
      this.refuse(ws, "PROTOCOL_MISMATCH", message);
      return;
    }
    const hello = Hello.safeParse(parsed);
    if (!hello.success) {
      const issue = hello.error.issues[0];
      this.refuse(
        ws,
        "INVALID_HELLO",
        `Malformed hello at \`${issue?.path.join(".")}\`: ${issue?.message}.`,
      );
      return;
    }
    // A newer agent of the same name replaces the older (e.g. a restart before the old socket died).
    for (const other of this.ctx.getWebSockets()) {
      const o = other.deserializeAttachment() as Attachment;
      if (other === ws || o.name !== hello.data.name) continue;
      this.dropped(o, "was replaced");
      other.close(CLOSE_CODES.replaced, `replaced by a newer agent named ${hello.data.name}`);
    }
    this.registry.add(att.conn, hello.data, Date.now());
    ws.serializeAttachment({ ...att, name: hello.data.name } satisfies Attachment);
    this.gone.delete(hello.data.name);
    for (const wake of [...this.waiting]) wake();
    this.agentsChanged(att.user);
    this.send(ws, {
      type: "welcome",
      name: hello.data.name,
      protocol: PROTOCOL_VERSION,
      server_version: pkg.version,
    });
  }

  private refuse(
    ws: WebSocket,
    code: "PROTOCOL_MISMATCH" | "INVALID_HELLO",
    message: string,
  ): void {
    this.send(ws, { type: "refused", code, message });
    ws.close(CLOSE_CODES.refused, code);
  }

  private reply(ws: WebSocket, att: Attachment, reply: Reply): void {
    const pending = this.pending.get(reply.id);
    if (pending) {
      clearTimeout(pending.timer);
      this.pending.delete(reply.id);
      pending.settle(reply.ok ? ok(reply.result) : { ok: false, error: reply.error });
      if (pending.context) this.send(ws, { type: "ack", id: reply.id });
      return;
    }
    // A write's reply after its caller gave up (timeout): settle it now.
    const late = this.registry.takeRequest(reply.id);
    if (!late) return; // a read nobody waits for any more
    const result = reply.ok ? ApplyResult.safeParse(reply.result) : undefined;
    this.settleLater(
      att.user,
      att.name ?? "",
      late,
      result?.success ? "committed" : "rolled_back",
      result?.data?.results,
    );
    this.send(ws, { type: "ack", id: reply.id });
  }

  /** Tells the session whose write was interrupted how it ended (not awaited: never blocks a message). */
  private settleLater(
    user: string,
    agent: string,
    context: OpContext,
    outcome: "committed" | "rolled_back",
    results: ApplyResult["results"] | undefined,
    kept: Kept[] = [],
  ): void {
    const address = { user, scope: "session" as const, name: context.session };
    const stub = clipboardStub(address);
    this.ctx.waitUntil(
      stub
        .settleFileOp(address, context.op, agent, outcome, results, kept)
        .catch((error: unknown) => {
          console.error("edgeclip bridge: could not settle operation", context, error);
        }),
    );
  }

  /** Tells the user's open dashboard pages (through their hub, the user object) that agents came or went. */
  private agentsChanged(user: string): void {
    const hub = clipboardStub(userAddress({ user }));
    this.ctx.waitUntil(
      hub.notify(["agents"]).catch((error: unknown) => {
        console.error("edgeclip bridge: live update not sent", error);
      }),
    );
  }

  /** Forgets a connection and fails its requests at once. */
  private dropped(att: Attachment, why: string): void {
    if (att.name) {
      this.agentsChanged(att.user);
      // Gone, unless another connection of that name is its newer self (a replaced one closing late).
      const newer = this.ctx.getWebSockets().some((ws) => {
        const other = ws.deserializeAttachment() as Attachment;
        return other.name === att.name && other.conn !== att.conn;
      });
      if (!newer) this.gone.set(att.name, Date.now());
    }
    this.registry.remove(att.conn);
    this.lastMessage.delete(att.conn);
    for (const [id, pending] of this.pending) {
      if (pending.conn !== att.conn) continue;
      clearTimeout(pending.timer);
      this.pending.delete(id);
      if (pending.context) this.registry.interrupt(id, pending.name, pending.context, Date.now());
      pending.settle(
        fail(
          "AGENT_DISCONNECTED",
          `The local agent ${quoted(pending.name)} ${why} during the call.${pending.context ? " If it was writing files, its journal finishes or undoes the write when it reconnects, and session history says which." : " Try again once it is back (session action `agents`)."}`,
        ),
      );
    }
  }

  /** Live connections that said hello, with when each was last heard from. */
  private liveConnections(): Map<string, number> {
    const live = new Map<string, number>();
    for (const ws of this.ctx.getWebSockets()) {
      const att = ws.deserializeAttachment() as Attachment;
      if (att.name === null) continue;
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      live.set(att.conn, Math.max(pinged, this.lastMessage.get(att.conn) ?? 0));
    }
    return live;
  }

  private socketOf(conn: string): WebSocket | undefined {
    return this.ctx
      .getWebSockets()
      .find((ws) => (ws.deserializeAttachment() as Attachment).conn === conn);
  }

  private assembler(ws: WebSocket): FrameAssembler {
    let assembler = this.assemblers.get(ws);
    if (!assembler) {
      assembler = new FrameAssembler();
      this.assemblers.set(ws, assembler);
    }
    return assembler;
  }

  private send(ws: WebSocket, message: object): void {
    for (const part of toFrames(JSON.stringify(message))) ws.send(part);
  }

  /** Adds the agents refused for their protocol version to a "none connected" message. */
  private withRefusals(message: string): string {
    const refused = this.registry.refusals(Date.now());
    if (!refused.length) return message;
    return `${message} Refused recently: ${refused.map((r) => `${quoted(r.name)} (${r.message})`).join("; ")}`;
  }
}
