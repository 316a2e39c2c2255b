import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/**
 * The official filesystem MCP server (@modelcontextprotocol/server-filesystem),
 * the benches' comparison, over stdio: allowed `root`, working in `cwd`
 * (default: `root`, so relative paths resolve inside it).
 */
export async function connectFilesystemServer(
  root: string,
  name: string,
  cwd = root,
): Promise<Client> {
  const server = path.join(
    import.meta.dirname,
    "..",
    "node_modules",
    "@modelcontextprotocol",
    "server-filesystem",
    "dist",
    "index.js",
  );
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [server, root],
      cwd,
      stderr: "ignore",
    }),
  );
  return client;
}
