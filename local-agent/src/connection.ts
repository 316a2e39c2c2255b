import { FrameAssembler, toFrames } from "../../src/shared/bridge/frames.ts";
import {
  CLOSE_CODES,
  EdgeMessage,
  HEARTBEAT,
  HEARTBEAT_MS,
  type Hello,
  type OpContext,
  type Request,
  type Settled,
} from "../../src/shared/bridge/protocol.ts";
import { bearer } from "./credentials.ts";
import type { Served } from "./handlers.ts";
import { proveLocalServer } from "./server-proof.ts";

export type ConnectionState = "connecting" | "connected" | "reconnecting";

export interface ConnectionOptions {
  /** The bridge's WebSocket URL. */
  url: string;
  /** This machine's token for the server (`edgeclip-agent login`), if it is paired with it. */
  token: string | undefined;
  /**
   * The local credential, for a local server (`npm start`): never sent, only
   * proved, and only to a server that proved it first (shared/bridge/proof.ts).
   */
  localToken?: string | undefined;
  hello: Hello;
  /** How often to ping (HEARTBEAT_MS; shorter in tests: EDGECLIP_HEARTBEAT_MS). */
  heartbeatMs?: number;
  serve(request: Request): Promise<Served>;
  /** The journal's reports, sent on each connection until the edge acknowledges them (`reported`). */
  reports(): Promise<{ id: string; message: Settled }[]>;
  reported(id: string): Promise<void>;
  log(line: string): void;
  debug(line: string): void;
  state(state: ConnectionState, detail?: string): void;
}

/**
 * Why the agent stopped for good: the server refused its hello, another agent
 * of its name replaced it, the server turned its credentials down (HTTP 401)
 * or revoked them while connected, or `stop()`.
 */
export type Stopped = {
  reason: "refused" | "replaced" | "unauthorized" | "unproven" | "revoked" | "stopped";
  message: string;
  /** With `unauthorized`: a local server (`npm start`) turned down its local credential. */
  local?: boolean;
};

/** How long the check for turned-down credentials waits for the server. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Whether the server turns these credentials down, and which kind it wanted:
 * Node's WebSocket says nothing of why an upgrade failed, so this GETs the
 * bridge's URL with the same Authorization header. A server answers 401 to a
 * missing or invalid token (426 to a valid one): a local server (`npm start`)
 * with the realm "edgeclip local server" (its local credential), a server
 * that requires sign-in otherwise (a pairing). An unreachable one: `false`.
 */
export async function refusesCredentials(
  url: string,
  token: string | undefined,
): Promise<false | "local" | "sign-in"> {
  try {
    const response = await fetch(url.replace(/^ws/, "http"), {
      headers: bearer(token),
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status !== 401) return false;
    const challenge = response.headers.get("www-authenticate") ?? "";
    return /realm="edgeclip local server"/.test(challenge) ? "local" : "sign-in";
  } catch {
    return false;
  }
}

/** Node's WebSocket (undici) takes headers; the WebSocket type in scope does not say so. */
const NodeWebSocket = WebSocket as unknown as new (
  url: string,
  init: { headers: Record<string, string> },
) => WebSocket;

/** Reconnection delay: 0.5 s doubling up to 30 s, ±20 % so that many agents do not stampede. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** How long a connection may wait for the server's welcome. */
const WELCOME_TIMEOUT_MS = 10_000;

/**
 * One outgoing WebSocket to the edge's bridge, kept up: hello on open,
 * requests served concurrently (file locks order the writes), heartbeats, and
 * reconnection with backoff when the connection drops.
 *
 * Writes are never left unaccounted for (docs/journal.md): the journal keeps a
 * report of each committed write until the edge acks the reply; on every
 * connection the agent sends its reports, then `synced` with the writes still
 * in progress; a write that finishes after its connection is gone is reported
 * on the current one.
 */
export class BridgeConnection {
  private readonly options: ConnectionOptions;
  private socket: WebSocket | undefined;
  private attempt = 0;
  private stopping = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Welcomed on the current socket. */
  private connected = false;
  /** Writes being served: request id → operation. */
  private readonly inProgress = new Map<string, OpContext>();
  /** Replies sent, waiting for the edge's ack: request id → journal report. */
  private readonly unacked = new Map<string, string>();
  private finish!: (stopped: Stopped) => void;
  /** Resolves when the agent stops for good: refused, replaced, unauthorized, revoked, or `stop()`. */
  readonly stopped: Promise<Stopped>;

  constructor(options: ConnectionOptions) {
    this.options = options;
    this.stopped = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  start(): void {
    this.options.state("connecting");
    void this.open();
  }

  stop(): void {
    this.stopping = true;
    this.clearTimers();
    this.socket?.close(1000, "agent stopping");
    this.finish({ reason: "stopped", message: "stopped" });
  }

  /**
   * Opens a connection: to a local server (`localToken`), only once it has
   * proved the credential where this agent dials it (server-proof.ts), at
   * the address that proved itself and with this agent's proof in the
   * upgrade; to a paired server, with its token.
   */
  private async open(): Promise<void> {
    const { localToken } = this.options;
    let url = this.options.url;
    let headers = bearer(this.options.token);
    if (localToken !== undefined) {
      const proved = await proveLocalServer(url, localToken, "bridge");
      if (this.stopping) return;
      if (!proved.ok) {
        if (proved.why === "unreachable") this.reconnect(`cannot reach ${url}: ${proved.message}`);
        else
          this.stopUnproven(
            `the server did not prove it holds this machine's local credential (${proved.message})`,
          );
        return;
      }
      url = proved.url;
      headers = proved.headers;
    }
    const ws = new NodeWebSocket(url, { headers });
    this.socket = ws;
    const assembler = new FrameAssembler();
    let welcomed = false;
    let opened = false;
    let lastPong = Date.now();
    ws.addEventListener("open", () => {
      opened = true;
      this.send(ws, this.options.hello);
      this.later(() => {
        if (!welcomed && this.socket === ws) this.drop(ws, "no welcome from the server");
      }, WELCOME_TIMEOUT_MS);
    });
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      if (event.data === HEARTBEAT.pong) {
        lastPong = Date.now();
        return;
      }
      let message: EdgeMessage;
      try {
        const text = assembler.push(event.data);
        if (text === undefined) return;
        message = EdgeMessage.parse(JSON.parse(text));
      } catch (error) {
        this.drop(ws, `malformed message from the server (${(error as Error).message})`);
        return;
      }
      // Nothing is served before a welcome.
      if (!welcomed && message.type !== "welcome" && message.type !== "refused") {
        this.drop(ws, `the server sent ${message.type} before welcoming this agent`);
        return;
      }
      switch (message.type) {
        case "welcome":
          welcomed = true;
          this.connected = true;
          this.attempt = 0;
          this.options.log(`connected to ${this.options.url} as ${message.name}`);
          this.options.state("connected");
          this.heartbeat(ws, () => lastPong);
          void this.flushReports(ws);
          return;
        case "refused":
          this.options.log(`the server refused this agent: ${message.message}`);
          this.stopping = true;
          this.finish({ reason: "refused", message: message.message });
          return;
        case "request":
          void this.serve(ws, message);
          return;
        case "ack": {
          const report =
            message.report ?? (message.id === undefined ? undefined : this.unacked.get(message.id));
          if (message.id !== undefined) this.unacked.delete(message.id);
          if (report !== undefined) void this.options.reported(report);
          return;
        }
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.socket !== ws) return;
      this.socket = undefined;
      this.connected = false;
      this.clearTimers();
      if (this.stopping) return;
      if (event.code === CLOSE_CODES.replaced) {
        this.options.log(`stopping: ${event.reason || "another agent with this name connected"}`);
        this.stopping = true;
        this.finish({ reason: "replaced", message: event.reason });
        return;
      }
      if (event.code === CLOSE_CODES.unproven) {
        this.stopUnproven(`the server closed the connection (${event.reason || "unproven"})`);
        return;
      }
      if (event.code === CLOSE_CODES.revoked) {
        this.stopping = true;
        this.finish({ reason: "revoked", message: event.reason || "the pairing was revoked" });
        return;
      }
      this.reconnect(`connection closed (${event.code}${event.reason ? `: ${event.reason}` : ""})`);
    });
    ws.addEventListener("error", () => {
      // Node 22's WebSocket fires no 'close' after a failed connection (refused,
      // HTTP 401…), only 'error': give up on this socket here too.
      if (opened) this.drop(ws, "connection error");
      else void this.failedToOpen(ws);
    });
  }

  /**
   * A local server that did not prove it holds the credential: it was sent
   * nothing but a nonce, and is not served. Another program listening on the
   * port, a program relaying to the server from elsewhere, or a server started
   * with another credential: either way the agent stops, as when a server
   * turns its credentials down.
   */
  private stopUnproven(message: string): void {
    this.stopping = true;
    this.clearTimers();
    this.finish({ reason: "unproven", message });
  }

  /**
   * A connection that could not open: stops if a paired agent's server turns
   * its token down, else retries (a local server proved itself a moment ago:
   * it restarted, or the challenge went stale on a starved machine).
   */
  private async failedToOpen(ws: WebSocket): Promise<void> {
    if (!this.detach(ws)) return;
    if (this.options.localToken !== undefined) {
      this.reconnect(`cannot open a connection to ${this.options.url}`);
      return;
    }
    const unauthorized = await refusesCredentials(this.options.url, this.options.token);
    if (this.stopping) return;
    if (unauthorized) {
      this.stopping = true;
      this.finish({
        reason: "unauthorized",
        message: "the server answered HTTP 401",
        local: unauthorized === "local",
      });
      return;
    }
    this.reconnect(`cannot reach ${this.options.url}`);
  }

  private async serve(ws: WebSocket, request: Request): Promise<void> {
    const started = Date.now();
    const context = writeContext(request);
    if (context) this.inProgress.set(request.id, context);
    const { reply, report } = await this.options.serve(request);
    this.inProgress.delete(request.id);
    this.options.debug(
      `${request.op} ${reply.ok ? "ok" : reply.error.code} in ${Date.now() - started} ms`,
    );
    if (ws.readyState === WebSocket.OPEN) {
      if (report !== undefined) this.unacked.set(request.id, report);
      this.send(ws, reply);
      return;
    }
    // Its connection is gone: tell the current one how the write ended (else the next one will).
    const current = this.socket;
    if (!context || !current || !this.connected) return;
    const results = reply.ok
      ? (reply.result as { results: Settled["results"] }).results
      : undefined;
    this.send(current, {
      type: "settled",
      ...(report === undefined ? {} : { report }),
      context,
      outcome: reply.ok ? "committed" : "rolled_back",
      ...(reply.ok ? { results } : {}),
    } satisfies Settled);
  }

  /** On each connection: every unacknowledged report, then the writes still in progress. */
  private async flushReports(ws: WebSocket): Promise<void> {
    for (const report of await this.options.reports()) {
      if (ws.readyState !== WebSocket.OPEN) return;
      this.send(ws, report.message);
    }
    if (ws.readyState === WebSocket.OPEN)
      this.send(ws, { type: "synced", in_progress: [...this.inProgress.values()] });
  }

  /**
   * Pings every beat; a server that left two pings in a row unanswered while
   * this process was awake to hear it is taken as gone. Silence is measured
   * only over beats this process ran on time: 0.8 compared the clock with the
   * last pong, so an agent stopped or starved for 2.5 beats (a busy machine, a
   * laptop's sleep, SIGSTOP) woke to a pong still unread in its socket and
   * dropped a connection that was fine, and the next call failed with
   * AGENT_NOT_CONNECTED (issue 42).
   */
  private heartbeat(ws: WebSocket, lastPong: () => number): void {
    const every = this.options.heartbeatMs ?? HEARTBEAT_MS;
    let due = Date.now() + every;
    let pinged = 0;
    let missed = 0;
    const beat = () => {
      if (this.socket !== ws) return;
      const now = Date.now();
      missed = missedPings(missed, {
        late: now - due,
        every,
        answered: pinged === 0 || lastPong() >= pinged,
      });
      if (missed >= 2) {
        this.drop(ws, `no answer from the server to ${missed} pings in a row`);
        return;
      }
      ws.send(HEARTBEAT.ping);
      pinged = now;
      due = now + every;
      this.later(beat, every);
    };
    this.later(beat, every);
  }

  /** Gives up on a connection now (without waiting for its closing handshake), and reconnects. */
  private drop(ws: WebSocket, why: string): void {
    if (this.detach(ws)) this.reconnect(why);
  }

  /** Lets go of the current connection; false if `ws` is no longer it. */
  private detach(ws: WebSocket): boolean {
    if (this.socket !== ws) return false;
    this.socket = undefined;
    this.clearTimers();
    ws.close();
    return true;
  }

  private reconnect(why: string): void {
    const delay = backoffMs(this.attempt++);
    this.options.log(`${why}; reconnecting in ${(delay / 1000).toFixed(1)} s`);
    this.options.state("reconnecting", why);
    this.later(() => void this.open(), delay);
  }

  private send(ws: WebSocket, message: object): void {
    for (const part of toFrames(JSON.stringify(message))) ws.send(part);
  }

  private later(task: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/**
 * How many pings in a row the server has left unanswered, after one more beat:
 * none once the last ping was answered; one more when it was not and this
 * process ran on time; as many as before when it ran late by more than half a
 * beat (stopped, starved: the answer may be waiting unread in its socket, so
 * the beat says nothing of the server).
 */
export function missedPings(
  missed: number,
  beat: { late: number; every: number; answered: boolean },
): number {
  if (beat.answered) return 0;
  return beat.late < beat.every / 2 ? missed + 1 : missed;
}

/** The operation a request writes for, if it is a write (not a dry run). */
function writeContext(request: Request): OpContext | undefined {
  if (request.op !== "apply") return undefined;
  const args = request.args as { context?: OpContext; dry_run?: boolean };
  return args.context && !args.dry_run && args.context.op !== 0 ? args.context : undefined;
}
