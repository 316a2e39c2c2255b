/**
 * `npm start`: the embedded default. Runs the Worker locally with `wrangler dev`
 * on 127.0.0.1:8787 (state kept in .wrangler/state; authless, one local user)
 * and prints how to connect MCP clients. Ctrl-C stops it.
 */
import { join } from "node:path";
import { startWranglerDev } from "./wrangler-dev.ts";

const port = Number(process.env.PORT ?? 8787);
const persistTo = join(import.meta.dirname, "..", ".wrangler", "state");

const server = await startWranglerDev({ port, persistTo }).catch((error: Error) => {
  console.error(
    `edgeclip: could not start the local server on 127.0.0.1:${port}.\n${error.message}\nIs another server on that port? Try PORT=8788 npm start.`,
  );
  process.exit(1);
});

const mcp = `${server.url}/mcp`;
console.log(`
  edgeclip is running.

  MCP URL        ${mcp}
  Claude Code    claude mcp add --transport http edgeclip ${mcp}
  MCP Inspector  npx @modelcontextprotocol/inspector --transport http --server-url ${mcp}
  Claude.ai      needs a public HTTPS server with sign-in; see README

  State is kept in .wrangler/state. Press Ctrl-C to stop.
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
server.process.on("exit", (code) => process.exit(code ?? 0));
