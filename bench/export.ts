/**
 * Part of `npm run bench`: a session holding a 10 MiB entry, exported inline
 * page by page (40,000 characters a page), as a model reads it. Page 1 builds
 * the document and keeps its pages; each later page is one row, so the whole
 * export costs about one build plus a small call per page (0.4.0 rebuilt the
 * whole document for every page: ~215 s here). Times at the client, against
 * the floor (GET /health) of the same run. Target: the whole export ≤ 10 s.
 * See bench/README.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { credentialHeaders, freePort, startLocalDev } from "../scripts/wrangler-dev.ts";
import { measure } from "./stats.ts";

const MiB = 1024 * 1024;
const TARGET_MS = 10_000;

const state = mkdtempSync(join(tmpdir(), "edgeclip-bench-export-"));
const server = await startLocalDev({
  port: await freePort(),
  persistTo: state,
  quiet: true,
  rebuilds: false,
});
const headers = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
  ...credentialHeaders(server),
};

async function tool<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  // The stateless handler answers as an event stream: one `data:` line holds the JSON-RPC reply.
  const raw = await response.text();
  const data = raw.startsWith("{") ? raw : (/^data: (.*)$/m.exec(raw)?.[1] ?? "{}");
  const body = JSON.parse(data) as {
    result?: { isError?: boolean; structuredContent?: T; content?: { text: string }[] };
  };
  if (!body.result || body.result.isError)
    throw new Error(`${name}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.result.structuredContent as T;
}

type Page = { page: number; pages: number; document: string };

try {
  const line = `${"x".repeat(59)}\n`;
  const text = line.repeat(Math.floor((10 * MiB - 1024) / line.length));
  process.stderr.write("bench:export: storing a 10 MiB entry…\n");
  await tool("copy", { key: "big", text });

  process.stderr.write("bench:export: exporting it page by page…\n");
  const start = performance.now();
  const first = await tool<Page>("update", { action: "export", scope: "session" });
  const firstMs = performance.now() - start;
  const later: number[] = [];
  let bytes = Buffer.byteLength(first.document);
  for (let page = 2; page <= first.pages; page++) {
    const t = performance.now();
    const got = await tool<Page>("update", { action: "export", scope: "session", page });
    later.push(performance.now() - t);
    bytes += Buffer.byteLength(got.document);
  }
  const totalMs = performance.now() - start;
  later.sort((a, b) => a - b);
  const median = later[Math.floor(later.length / 2)] ?? Number.NaN;
  const floor = await measure(async () => void (await fetch(`${server.url}/health`)).text(), {
    count: 40,
    warmup: 3,
    maxMs: 20_000,
  });

  console.log(
    `\nInline export of a session holding a 10 MiB entry (${first.pages} pages, ${(bytes / MiB).toFixed(1)} MiB of JSON):\n`,
  );
  console.log("| step | ms | vs floor |");
  console.log("|---|---|---|");
  console.log(`| GET /health (floor, median) | ${floor.medianMs.toFixed(2)} | 1.0× |`);
  console.log(
    `| page 1 (builds and keeps the pages) | ${firstMs.toFixed(0)} | ${(firstMs / floor.medianMs).toFixed(0)}× |`,
  );
  console.log(
    `| a later page (median of ${later.length}) | ${median.toFixed(2)} | ${(median / floor.medianMs).toFixed(1)}× |`,
  );
  console.log(
    `| the whole export | ${totalMs.toFixed(0)} | ${totalMs <= TARGET_MS ? "≤ 10 s: met" : "> 10 s: NOT MET"} |`,
  );
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
