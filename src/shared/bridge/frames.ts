import { z } from "zod";

/**
 * Large messages over the bridge's WebSocket. workerd refuses an incoming
 * message over 32 MiB ("Message is too large", close 1009), and a request can
 * carry more (an undo of several 10 MiB pastes). So a message's JSON text over
 * `FRAME_CHARS` is sent as `frame` parts, each a small JSON object of its own,
 * and put back together on the other side. Both sides use this module.
 *
 * A part's `data` is a slice of the message's JSON, which is ASCII-escaped
 * where it matters (`JSON.stringify` escapes lone surrogates), and re-escaping
 * it at most doubles its size: a part stays well under the 32 MiB limit.
 */
export const FRAME_CHARS = 4 * 1024 * 1024;

/** The most a message put back together may hold, and how many may be in flight. */
const MAX_MESSAGE_CHARS = 64 * 1024 * 1024;
const MAX_IN_FLIGHT = 16;

const Frame = z.strictObject({
  type: z.literal("frame"),
  id: z.string().min(1).max(64),
  seq: z.number().int().min(0),
  of: z.number().int().min(2),
  data: z.string(),
});

let counter = 0;

/** The WebSocket messages that carry `json`: itself when short, else its parts. */
export function toFrames(json: string, chars: number = FRAME_CHARS): string[] {
  if (json.length <= chars) return [json];
  const id = `f${Date.now().toString(36)}${(++counter).toString(36)}`;
  const of = Math.ceil(json.length / chars);
  return Array.from({ length: of }, (_, seq) =>
    JSON.stringify({
      type: "frame",
      id,
      seq,
      of,
      data: json.slice(seq * chars, (seq + 1) * chars),
    }),
  );
}

/**
 * Collects frame parts. `push` takes each received text message and returns a
 * whole message's JSON text once complete (a message that was never split is
 * returned as is), or `undefined` while parts are missing. Parts of one message
 * arrive in order on one WebSocket; anything else is a protocol error (thrown).
 */
export class FrameAssembler {
  private readonly partial = new Map<string, { parts: string[]; of: number; chars: number }>();

  push(text: string): string | undefined {
    if (!text.startsWith('{"type":"frame"')) return text;
    const frame = Frame.parse(JSON.parse(text));
    let message = this.partial.get(frame.id);
    if (!message) {
      if (frame.seq !== 0) throw new Error(`frame ${frame.id} starts at part ${frame.seq}`);
      if (this.partial.size >= MAX_IN_FLIGHT) throw new Error("too many split messages at once");
      message = { parts: [], of: frame.of, chars: 0 };
      this.partial.set(frame.id, message);
    }
    if (frame.seq !== message.parts.length || frame.of !== message.of) {
      this.partial.delete(frame.id);
      throw new Error(`frame ${frame.id} part ${frame.seq} out of order`);
    }
    message.parts.push(frame.data);
    message.chars += frame.data.length;
    if (message.chars > MAX_MESSAGE_CHARS) {
      this.partial.delete(frame.id);
      throw new Error(`split message ${frame.id} is over ${MAX_MESSAGE_CHARS} characters`);
    }
    if (message.parts.length < message.of) return undefined;
    this.partial.delete(frame.id);
    return message.parts.join("");
  }
}
