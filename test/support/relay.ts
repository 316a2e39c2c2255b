import { createConnection, createServer } from "node:net";

/**
 * A program on one loopback port that relays every connection, byte for byte,
 * to another port (issue 34 §5): what another account could run on the port
 * the user's agent dials while the user's real server runs on another.
 * Plain Node, no dependency: the tests run it as another user
 * (`node test/support/relay.ts <target port>`); it prints
 * `{"event":"listening","port":N}` first, then `{"event":"connection"}` for each.
 */
const target = Number(process.argv[2]);
const server = createServer((client) => {
  process.stdout.write(`${JSON.stringify({ event: "connection" })}\n`);
  const upstream = createConnection({ host: "127.0.0.1", port: target });
  client.pipe(upstream).pipe(client);
  client.on("error", () => upstream.destroy());
  upstream.on("error", () => client.destroy());
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ event: "listening", port })}\n`);
});
