import { FrameAssembler, toFrames } from "../../src/bridge/frames.ts";
import {
  CLOSE_CODES,
  EdgeMessage,
  HEARTBEAT,
  HEARTBEAT_MS,
  type Hello,
  type Reply,
  type Request,
  type Settled,
} from "../../src/bridge/protocol.ts";

export type ConnectionState = "connecting" | "connected" | "reconnecting";

export interface ConnectionOptions {
  /** The bridge's WebSocket URL. */
  url: string;
  hello: Hello;
  serve(request: Request): Promise<Reply>;
  /** Settled operations to report after each welcome; `reported` is called once each is sent. */
  reports(): Promise<{ id: string; message: Settled }[]>;
  reported(id: string): Promise<void>;
  log(line: string): void;
  debug(line: string): void;
  state(state: ConnectionState, detail?: string): void;
}

/** Why the agent stopped for good. */
export type Stopped = { reason: "refused" | "replaced" | "stopped"; message: string };

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
 * reconnection with backoff when the connection drops. A reply whose
 * connection is gone before it is sent, for a write, becomes a `settled`
 * report on the next connection, so the session learns how its write ended.
 */
export class BridgeConnection {
  private readonly options: ConnectionOptions;
  private socket: WebSocket | undefined;
  private attempt = 0;
  private stopping = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly undelivered: Settled[] = [];
  private finish!: (stopped: Stopped) => void;
  /** Resolves when the agent stops for good: refused, replaced, or `stop()`. */
  readonly stopped: Promise<Stopped>;

  constructor(options: ConnectionOptions) {
    this.options = options;
    this.stopped = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  start(): void {
    this.options.state("connecting");
    this.open();
  }

  stop(): void {
    this.stopping = true;
    this.clearTimers();
    this.socket?.close(1000, "agent stopping");
    this.finish({ reason: "stopped", message: "stopped" });
  }

  private open(): void {
    const ws = new WebSocket(this.options.url);
    this.socket = ws;
    const assembler = new FrameAssembler();
    let welcomed = false;
    let lastPong = Date.now();
    ws.addEventListener("open", () => {
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
      switch (message.type) {
        case "welcome":
          welcomed = true;
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
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.socket !== ws) return;
      this.socket = undefined;
      this.clearTimers();
      if (this.stopping) return;
      if (event.code === CLOSE_CODES.replaced) {
        this.options.log(`stopping: ${event.reason || "another agent with this name connected"}`);
        this.stopping = true;
        this.finish({ reason: "replaced", message: event.reason });
        return;
      }
      this.reconnect(`connection closed (${event.code}${event.reason ? `: ${event.reason}` : ""})`);
    });
    ws.addEventListener("error", () => {
      // A 'close' event always follows; the reconnect happens there.
    });
  }

  private async serve(ws: WebSocket, request: Request): Promise<void> {
    const started = Date.now();
    const reply = await this.options.serve(request);
    this.options.debug(
      `${request.op} ${reply.ok ? "ok" : reply.error.code} in ${Date.now() - started} ms`,
    );
    if (ws.readyState === WebSocket.OPEN) {
      this.send(ws, reply);
      return;
    }
    // The edge gave up on this request with the connection; a write must still be reported.
    const context = (request.args as { context?: Settled["context"] }).context;
    if (request.op !== "apply" || !context || context.op === 0) return;
    this.undelivered.push(
      reply.ok
        ? {
            type: "settled",
            context,
            outcome: "committed",
            results: (reply.result as { results: Settled["results"] }).results,
          }
        : { type: "settled", context, outcome: "rolled_back" },
    );
  }

  private async flushReports(ws: WebSocket): Promise<void> {
    for (const report of await this.options.reports()) {
      if (ws.readyState !== WebSocket.OPEN) return;
      this.send(ws, report.message);
      await this.options.reported(report.id);
      this.options.log(
        `reported operation #${report.message.context.op} (${report.message.outcome}) to session ${report.message.context.session}`,
      );
    }
    while (this.undelivered.length && ws.readyState === WebSocket.OPEN) {
      const message = this.undelivered.shift();
      if (message) this.send(ws, message);
    }
  }

  /** Pings every HEARTBEAT_MS; a server silent for 2.5 beats is taken as gone. */
  private heartbeat(ws: WebSocket, lastPong: () => number): void {
    const beat = () => {
      if (this.socket !== ws) return;
      if (Date.now() - lastPong() > 2.5 * HEARTBEAT_MS) {
        this.drop(
          ws,
          `no answer from the server for ${Math.round((Date.now() - lastPong()) / 1000)} s`,
        );
        return;
      }
      ws.send(HEARTBEAT.ping);
      this.later(beat, HEARTBEAT_MS);
    };
    this.later(beat, HEARTBEAT_MS);
  }

  /** Gives up on a connection now (without waiting for its closing handshake). */
  private drop(ws: WebSocket, why: string): void {
    if (this.socket !== ws) return;
    this.socket = undefined;
    this.clearTimers();
    ws.close();
    this.reconnect(why);
  }

  private reconnect(why: string): void {
    const delay = backoffMs(this.attempt++);
    this.options.log(`${why}; reconnecting in ${(delay / 1000).toFixed(1)} s`);
    this.options.state("reconnecting", why);
    this.later(() => this.open(), delay);
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
