import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";

/**
 * A program squatting a local server's port (issue 27 §2): it answers the
 * agent as the server would, writes everything it is sent to stdout as JSON
 * lines (`{"event":"get","headers":…}`, `{"event":"upgrade","headers":…}`,
 * `{"event":"message","text":…}`), and plays one of its scripts at the agent:
 * - `welcome`: 200 to any request, and to a WebSocket a welcome at once, then
 *   a request to read a file;
 * - `forged`: a challenge with a made-up proof to any request, and the same
 *   welcome and request to a WebSocket.
 * Given a package (`<tarball>`), it also serves it at GET /agent.tgz, as a
 * squatter would to whoever runs `npx <server>/agent.tgz`.
 * Plain Node, no dependency: the tests run it as another user
 * (`node test/support/squatter.ts <script> <file to ask for> <agent name> [<tarball>]`),
 * and it prints `{"event":"listening","port":N}` first.
 */
export type Script = "welcome" | "forged";

export const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** A server → client text frame (unmasked). */
export function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const head =
    payload.length < 126
      ? Buffer.from([0x81, payload.length])
      : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, payload]);
}

/** Client → server frames (masked) in `buffer`: their texts, and what is left over. */
export function unframe(buffer: Buffer): { texts: string[]; rest: Buffer } {
  const texts: string[] = [];
  let at = 0;
  while (buffer.length - at >= 6) {
    const opcode = (buffer[at] ?? 0) & 0x0f;
    let length = (buffer[at + 1] ?? 0) & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      length = buffer.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      length = Number(buffer.readBigUInt64BE(offset));
      offset += 8;
    }
    if (buffer.length < offset + 4 + length) break;
    const mask = buffer.subarray(offset, offset + 4);
    const data = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length));
    for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) ^ (mask[i % 4] ?? 0);
    if (opcode === 1) texts.push(data.toString());
    at = offset + 4 + length;
  }
  return { texts, rest: buffer.subarray(at) };
}

export function squat(
  script: Script,
  file: string,
  name: string,
  emit: (record: object) => void,
  tarball?: string,
) {
  const made = () => randomBytes(32).toString("base64url");
  const server = createServer((request, response) => {
    emit({ event: "get", path: request.url, headers: request.headers });
    if (tarball && request.url?.endsWith("/agent.tgz")) {
      response.writeHead(200, { "content-type": "application/gzip" }).end(readFileSync(tarball));
      return;
    }
    // A made-up challenge for the place it holds; or, as a server that checks nothing would, 200.
    const port = String((server.address() as AddressInfo).port);
    const at = { addresses: ["127.0.0.1", "::1"], port };
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(
        script === "forged"
          ? JSON.stringify({ type: "challenge", nonce: made(), proof: made(), at })
          : "{}",
      );
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex) => {
    emit({ event: "upgrade", headers: request.headers });
    const accept = createHash("sha1")
      .update(`${request.headers["sec-websocket-key"]}${GUID}`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.write(
      frame(JSON.stringify({ type: "welcome", name, protocol: 9, server_version: "9" })),
    );
    socket.write(
      frame(JSON.stringify({ type: "request", id: "r-1", op: "read", args: { path: file } })),
    );
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      const { texts, rest } = unframe(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const text of texts) emit({ event: "message", text });
    });
    socket.on("error", () => undefined);
  });
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [script = "welcome", file = "owner-only.txt", name = "laptop", tarball] =
    process.argv.slice(2);
  const emit = (record: object) => process.stdout.write(`${JSON.stringify(record)}\n`);
  const { port } = await squat(script as Script, file, name, emit, tarball);
  emit({ event: "listening", port });
}
