import { randomBytes } from "node:crypto";
import { connect } from "node:net";

/**
 * A peer that has proved nothing and sends a lot (issue 42 §6): for each of
 * `count` connections to a local server's `path` (/relay or /bridge) it sends
 * a WebSocket upgrade with a nonce and a made-up proof, and right behind it,
 * without waiting for the answer, one WebSocket message of `mib` MiB, as 0.8's
 * workerd took whole before the Worker's proof check ran. It prints the status
 * line each connection got, as JSON: `{"statuses":["HTTP/1.1 403 Forbidden",…]}`
 * (`reset by the server (ECONNRESET)` where the server closed it before its
 * answer could be read).
 * Plain Node, no dependency: the tests run it as another user
 * (`node test/support/flood.ts <port> <path> <count> <mib>`).
 */
const [port = "0", path = "/relay", count = "8", mib = "32"] = process.argv.slice(2);
const nonce = () => randomBytes(32).toString("base64url");

/** A client → server text frame header (masked) for `length` bytes, and its mask. */
function frameHead(length: number): Buffer {
  const head = Buffer.alloc(14);
  head[0] = 0x81;
  head[1] = 0x80 | 127;
  head.writeBigUInt64BE(BigInt(length), 2);
  randomBytes(4).copy(head, 10);
  return head;
}

function flood(): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    let answer = "";
    let settled = false;
    const done = (status: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      const line = answer.split("\r\n")[0] ?? "";
      // A refusal ends it; an upgrade is held while the message goes on, as a flood would.
      if (answer.includes("\r\n") && !line.includes(" 101 ")) done(line);
      else if (line.includes(" 101 ")) setTimeout(() => done(line), 2_000);
    });
    // The server closing on data it did not read resets the connection, maybe before its answer is read.
    socket.on("error", (error: NodeJS.ErrnoException) =>
      done(answer.split("\r\n")[0] || `reset by the server (${error.code})`),
    );
    socket.on("close", () => done(answer.split("\r\n")[0] || "closed"));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nx-edgeclip-nonce: ${nonce()}\r\nx-edgeclip-server-nonce: ${nonce()}\r\nx-edgeclip-proof: ${nonce()}\r\n\r\n`,
    );
    const size = Number(mib) * 1024 * 1024;
    socket.write(frameHead(size));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size && !settled) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

const statuses = await Promise.all(Array.from({ length: Number(count) }, flood));
process.stdout.write(`${JSON.stringify({ statuses })}\n`);
