import { env } from "cloudflare:workers";
import { BRIDGE_USER_HEADER } from "../../src/bridge/bridge.ts";
import { FrameAssembler, toFrames } from "../../src/shared/bridge/frames.ts";
import { PROTOCOL_VERSION } from "../../src/shared/bridge/protocol.ts";
import { bridgeName } from "../../src/shared/core/names.ts";

export const bridgeOf = (user: string) => env.BRIDGE.get(env.BRIDGE.idFromName(bridgeName(user)));

/** A test "agent": a WebSocket to a user's Bridge that speaks the protocol by hand. */
export interface TestAgent {
  ws: WebSocket;
  welcome: Record<string, unknown>;
  /** The next whole message from the edge (frames put back together). */
  next(): Promise<Record<string, unknown>>;
  send(message: object): void;
}

/** Connects a test agent to `user`'s Bridge and says hello (fields overridable); resolves after the answer. */
export async function connectAgent(
  user: string,
  hello: Record<string, unknown> = {},
): Promise<TestAgent> {
  const response = await bridgeOf(user).fetch(
    new Request("http://bridge/", {
      headers: { upgrade: "websocket", [BRIDGE_USER_HEADER]: user },
    }),
  );
  const ws = response.webSocket;
  if (!ws) throw new Error(`no WebSocket (${response.status})`);
  ws.accept();
  const queue: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  const assembler = new FrameAssembler();
  ws.addEventListener("message", (event) => {
    const whole = assembler.push(String(event.data));
    if (whole === undefined) return;
    const waiter = waiting.shift();
    if (waiter) waiter(whole);
    else queue.push(whole);
  });
  const next = async () => {
    const text = queue.shift() ?? (await new Promise<string>((resolve) => waiting.push(resolve)));
    return JSON.parse(text) as Record<string, unknown>;
  };
  const send = (message: object) => {
    for (const part of toFrames(JSON.stringify(message))) ws.send(part);
  };
  send({
    type: "hello",
    protocol: PROTOCOL_VERSION,
    name: "laptop",
    version: "0.5.0",
    project: "default",
    roots: ["/home/me/proj"],
    read_only: false,
    capabilities: ["files", "journal"],
    platform: "linux",
    ...hello,
  });
  return { ws, next, send, welcome: await next() };
}
