import { createServer } from "node:http";

/**
 * Another account's program holding a port a local server wants (issue 42 §1,
 * §5): it listens on `host`:`port` and answers every request 200 `{"ok":true}`
 * (a /health any readiness check by status would take for the server),
 * writing each request to stdout as a JSON line
 * (`{"event":"request","url":…,"headers":…}`). It prints
 * `{"event":"listening"}` once it holds the port, or `{"event":"error","code":…}`
 * and exits 1 when it cannot. Plain Node, no dependency: the tests run it as
 * another user (`node test/support/holder.ts <host> <port>`).
 */
const [host = "127.0.0.1", port = "0"] = process.argv.slice(2);
const emit = (record: object) => process.stdout.write(`${JSON.stringify(record)}\n`);
const server = createServer((request, response) => {
  emit({ event: "request", url: request.url, headers: request.headers });
  response
    .writeHead(200, { "content-type": "application/json" })
    .end('{"ok":true,"name":"edgeclip"}');
});
server.on("error", (error: NodeJS.ErrnoException) => {
  emit({ event: "error", code: error.code });
  process.exit(1);
});
server.listen({ host, port: Number(port), ipv6Only: host.includes(":") }, () =>
  emit({ event: "listening" }),
);
