import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getEncoding } from "js-tiktoken";
import { credentialHeaders, freePort, startLocalDev } from "./wrangler-dev.ts";
const t = getEncoding("o200k_base");
const n = (s: string) => t.encode(s).length;
const server = await startLocalDev({ port: await freePort(), persistTo: mkdtempSync(path.join(tmpdir(), "p-")), quiet: true, rebuilds: false });
try {
  const c = new Client({ name: "p", version: "1" });
  await c.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.url), { requestInit: { headers: credentialHeaders(server) } }));
  const { tools } = await c.listTools();
  const ins = c.getInstructions() ?? "";
  writeFileSync("/tmp/defs/tools.json", JSON.stringify(tools, null, 1));
  writeFileSync("/tmp/defs/instructions.txt", ins);
  let sum = 0;
  for (const tool of tools) { const k = n(JSON.stringify(tool)); sum += k; console.log(tool.name, k, "desc", n(tool.description ?? ""), "schema", n(JSON.stringify(tool.inputSchema))); }
  console.log("tools", sum, "instructions", n(ins), "total", sum + n(ins), "names(mcp__edgeclip__)", n(tools.map((x) => `mcp__edgeclip__${x.name}`).join("\n")));
  await c.close();
} finally { await server.stop(); }
