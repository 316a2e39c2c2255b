import { createInterface } from "node:readline";
import { FrameAssembler, toFrames } from "../../src/shared/bridge/frames.ts";
import { isLoopbackUrl } from "../../src/shared/core/agent-command.ts";
import { bridgeUrl } from "./args.ts";
import { backoffMs } from "./connection.ts";
import { localCredentialPath, readLocalToken } from "./local-credential.ts";
import { log } from "./log.ts";
import { proveLocalServer } from "./server-proof.ts";

/**
 * `edgeclip-agent mcp <server>`: a stdio MCP server for the user's MCP clients
 * (Claude Code, the Inspector) that relays to a local server (issue 34 §2).
 * It reads the local credential itself and never sends it: it asks the
 * server's `/relay` for a challenge with a nonce, checks the server's proof of
 * the credential (for the address and port it dialled, made for MCP:
 * shared/bridge/proof.ts), proves it in turn as it opens the socket, and only
 * then passes JSON-RPC messages both ways, one per line on
 * stdin and stdout (the MCP stdio transport) and one per WebSocket message
 * (split as the bridge splits them: shared/bridge/frames.ts). A program holding
 * the port while the server is down proves nothing and is sent nothing. Logs go
 * to stderr; stdout carries JSON-RPC alone.
 */

/** How long messages wait for a connection before their requests are answered with an error. */
const QUEUE_MS = 15_000;
/** How long the first connection is retried while nothing listens (a server still starting). */
const FIRST_CONNECT_MS = 15_000;

/** JSON-RPC's error code for a server error edgeclip's relay reports (the range -32000…-32099). */
const RELAY_ERROR = -32000;

/** Node's WebSocket (undici) takes headers; the WebSocket type in scope does not say so. */
const NodeWebSocket = WebSocket as unknown as new (
  url: string,
  init: { headers: Record<string, string> },
) => WebSocket;

type JsonRpcId = string | number;

export interface RelayOptions {
  /** The server's `/relay` WebSocket URL. */
  url: string;
  /** The local credential the server must prove, and this relay proves in turn. */
  localToken: string;
  /** One JSON-RPC message for the client (a line of stdout, without its newline). */
  write(line: string): void;
  log(line: string): void;
}

/**
 * The relay's connection, kept up while the client is: messages from the
 * client wait (up to QUEUE_MS) for a proven socket; a dropped socket is opened
 * again with backoff, and requests it carried unanswered get an error saying
 * they may have run. A server that fails its proof ends the relay (`done`).
 */
export class McpRelay {
  private readonly options: RelayOptions;
  private socket: WebSocket | undefined;
  /** The socket is proven and may carry MCP. */
  private ready = false;
  private readonly queued: { line: string; at: number }[] = [];
  /** Requests sent on the current socket and not yet answered: their ids, as JSON. */
  private readonly inFlight = new Map<string, JsonRpcId>();
  /** The protocol version initialize settled on, sent again on each new socket. */
  private version: string | undefined;
  private attempt = 0;
  private connectedOnce = false;
  private readonly started = Date.now();
  private closing = false;
  /** stdin has ended: finish once drained. */
  private ending = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private resolveDone!: (code: number) => void;
  /** The process's exit code, once the relay has ended. */
  readonly done = new Promise<number>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(options: RelayOptions) {
    this.options = options;
    void this.open();
    this.timer = setInterval(() => this.expireQueued(), 1_000);
    this.timer.unref();
  }

  /** One line from the client. */
  fromClient(line: string): void {
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.answer(null, -32700, "Parse error: each line on stdin must be one JSON-RPC message.");
      return;
    }
    if (this.ready && this.socket) this.send(this.socket, line, message);
    else this.queued.push({ line, at: Date.now() });
  }

  /** The client closed stdin: the relay ends once what it asked is answered (or QUEUE_MS). */
  end(): void {
    this.ending = true;
    if (this.drained()) this.finish(0);
    else setTimeout(() => this.finish(0), QUEUE_MS);
  }

  private drained(): boolean {
    return this.inFlight.size === 0 && this.queued.length === 0;
  }

  /**
   * Opens a socket, once the server has proved the credential where this relay
   * dials it (server-proof.ts): at the address that proved itself, with this
   * relay's proof in the upgrade. Before a right proof nothing but a nonce is
   * sent; a server that proves nothing ends the relay.
   */
  private async open(): Promise<void> {
    if (this.closing) return;
    const { localToken, url } = this.options;
    const proved = await proveLocalServer(url, localToken, "mcp");
    if (this.closing) return;
    if (!proved.ok) {
      if (proved.why !== "unreachable") {
        this.fail(
          `the program at ${url} did not prove it holds your local credential (${localCredentialPath()}) where this relay dialled it (${proved.message}): it may not be your edgeclip server, or it relays to it from another address or port; nothing was sent to it`,
        );
        return;
      }
      this.retry(proved.message);
      return;
    }
    const ws = new NodeWebSocket(proved.url, {
      headers: {
        ...proved.headers,
        ...(this.version ? { "mcp-protocol-version": this.version } : {}),
      },
    });
    this.socket = ws;
    this.ready = false;
    const assembler = new FrameAssembler();
    ws.addEventListener("open", () => {
      if (this.socket !== ws) return;
      this.ready = true;
      this.connectedOnce = true;
      this.attempt = 0;
      for (const { line } of this.queued.splice(0)) this.send(ws, line, JSON.parse(line));
    });
    ws.addEventListener("message", (event) => {
      if (this.socket !== ws || typeof event.data !== "string") return;
      let text: string | undefined;
      try {
        text = assembler.push(event.data);
      } catch (error) {
        this.options.log(`malformed message from the server (${(error as Error).message})`);
        ws.close(1002, "malformed message");
        return;
      }
      if (text !== undefined) this.toClient(text);
    });
    ws.addEventListener("close", (event) => {
      if (this.socket !== ws) return;
      this.socket = undefined;
      this.ready = false;
      this.dropInFlight();
      if (this.closing) return;
      this.retry(`the connection closed (${event.code})`);
    });
  }

  /** Opens a socket again after a while; while nothing ever answered, for FIRST_CONNECT_MS at most. */
  private retry(why: string): void {
    if (!this.connectedOnce && Date.now() - this.started > FIRST_CONNECT_MS) {
      this.fail(
        `nothing answers at ${this.options.url} (${why}): start the edgeclip server (\`npm start\` in its checkout), then your MCP client again`,
      );
      return;
    }
    if (this.connectedOnce) this.options.log(`${why}; reconnecting`);
    setTimeout(() => void this.open(), backoffMs(Math.min(this.attempt++, 3))).unref();
  }

  private send(ws: WebSocket, line: string, message: unknown): void {
    for (const request of requestsIn(message)) this.inFlight.set(JSON.stringify(request), request);
    for (const frame of toFrames(line)) ws.send(frame);
  }

  private toClient(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.options.log("the server sent a message that is not JSON; dropped");
      return;
    }
    for (const one of Array.isArray(message) ? message : [message]) {
      const { id, result } = (one ?? {}) as {
        id?: unknown;
        result?: { protocolVersion?: unknown };
      };
      if (typeof id === "string" || typeof id === "number")
        this.inFlight.delete(JSON.stringify(id));
      if (typeof result?.protocolVersion === "string") this.version = result.protocolVersion;
    }
    // One line each: the server's JSON has no raw line breaks, but nothing here relies on it.
    this.options.write(text.includes("\n") ? JSON.stringify(message) : text);
    if (this.ending && this.drained()) this.finish(0);
  }

  /** Requests of a dropped socket get an error: they may or may not have run. */
  private dropInFlight(): void {
    for (const id of this.inFlight.values())
      this.answer(
        id,
        RELAY_ERROR,
        "The connection to the edgeclip server dropped before it answered; the request may or may not have run. Check before trying again.",
      );
    this.inFlight.clear();
  }

  /** Messages that waited too long for a connection: their requests get an error, the rest are dropped. */
  private expireQueued(): void {
    const now = Date.now();
    while (this.queued.length && now - (this.queued[0]?.at ?? now) > QUEUE_MS) {
      const { line } = this.queued.shift() ?? { line: "null" };
      for (const id of requestsIn(JSON.parse(line)))
        this.answer(
          id,
          RELAY_ERROR,
          `The edgeclip server at ${this.options.url} is not reachable; nothing was sent. Start it (\`npm start\` in its checkout) and try again.`,
        );
    }
  }

  private answer(id: JsonRpcId | null, code: number, message: string): void {
    this.options.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
  }

  /** Ends the relay for good: `message` logged, waiting requests answered, exit code 1. */
  private fail(message: string, ws?: WebSocket): void {
    this.options.log(message);
    for (const { line } of this.queued.splice(0))
      for (const id of requestsIn(JSON.parse(line))) this.answer(id, RELAY_ERROR, message);
    ws?.close(1000);
    this.finish(1);
  }

  private finish(code: number): void {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.timer);
    this.socket?.close(1000, "relay stopping");
    this.resolveDone(code);
  }
}

/** The ids of the requests in a JSON-RPC message or batch (not notifications, not responses). */
function requestsIn(message: unknown): JsonRpcId[] {
  return (Array.isArray(message) ? message : [message]).flatMap((one) => {
    const { id, method } = (one ?? {}) as { id?: unknown; method?: unknown };
    return typeof method === "string" && (typeof id === "string" || typeof id === "number")
      ? [id]
      : [];
  });
}

/** `edgeclip-agent mcp <server>`: relays stdio MCP to a local server until stdin ends. */
export async function relayStdio(server: string): Promise<number> {
  const urls = bridgeUrl(server);
  if (!urls) {
    log(`${server} is not a server URL, e.g. http://127.0.0.1:8787`);
    return 2;
  }
  if (!isLoopbackUrl(urls.server)) {
    log(
      `\`edgeclip-agent mcp\` is for a server on this machine (npm start). Give your MCP client ${urls.server}/mcp itself: it signs you in.`,
    );
    return 2;
  }
  let localToken: string | undefined;
  try {
    localToken = readLocalToken();
  } catch (error) {
    log((error as Error).message);
    return 1;
  }
  if (localToken === undefined) {
    log(
      `there is no local credential in ${localCredentialPath()} to check that ${urls.server} is your server: start it with \`npm start\` as this user (it creates the file), or give the token in EDGECLIP_LOCAL_TOKEN.`,
    );
    return 1;
  }
  const relay = new McpRelay({
    url: urls.relay,
    localToken,
    write: (line) => process.stdout.write(`${line}\n`),
    log,
  });
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => relay.fromClient(line));
  lines.on("close", () => relay.end());
  const code = await relay.done;
  lines.close();
  return code;
}
