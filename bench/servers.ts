import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type AgentProcess, startAgentProcess } from "../scripts/agent-process.ts";
import { buildAgent } from "../scripts/build-agent.ts";
import {
  credentialHeaders,
  type DevServer,
  freePort,
  startLocalDev,
} from "../scripts/wrangler-dev.ts";

/**
 * What the benches that reach files start: `wrangler dev` on a free port with
 * its state in `state`, and a freshly built edgeclip-agent rooted at `root`,
 * connected as `name` (its project too). The server is stopped again if the
 * agent does not connect.
 */
export async function startWithAgent(
  root: string,
  state: string,
  name: string,
): Promise<{ server: DevServer; agent: AgentProcess }> {
  const bin = await buildAgent();
  const server = await startLocalDev({
    port: await freePort(),
    persistTo: state,
    quiet: true,
    rebuilds: false,
  });
  try {
    const agent = await startAgentProcess({
      server: server.url,
      localToken: server.token,
      bin: [process.execPath, bin],
      root,
      name,
      project: name,
    });
    return { server, agent };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** An MCP SDK v1 client (as Claude.ai speaks) on `server`'s /mcp, with its local credential. */
export async function connectClient(server: DevServer, name: string): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", server.url), {
      requestInit: { headers: credentialHeaders(server) },
    }),
  );
  return client;
}
