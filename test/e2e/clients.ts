import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import { dashboardLinkPage, dashboardOriginOf } from "../../src/shared/core/dashboard-host.ts";
import { Browser } from "../support/browser.ts";
import { dashboardLinkFile, followLinkPage } from "../support/dashboard-link.ts";
import { lane } from "../support/lanes.ts";
import { loopbackFetch } from "../support/loopback-fetch.ts";

/** This file's test server (its lane's: test/support/lanes.ts). */
export const baseUrl = () => lane().url;
export const mcpUrl = () => new URL("/mcp", baseUrl());

/** The header every request to the test server carries: its local credential. */
export const authHeaders = (): Record<string, string> => ({
  authorization: `Bearer ${lane().token}`,
});

/**
 * A WebSocket to the test server's /bridge with its local credential, as an
 * agent opens it (Node's WebSocket takes headers; the DOM type does not say so).
 */
export function bridgeSocket(): WebSocket {
  const NodeWebSocket = WebSocket as unknown as new (
    url: string,
    init: { headers: Record<string, string> },
  ) => WebSocket;
  return new NodeWebSocket(`${baseUrl().replace(/^http/, "ws")}/bridge`, {
    headers: authHeaders(),
  });
}

/** `fetch` to the test server, with its local credential. */
export const serverFetch = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, baseUrl()), {
    ...init,
    headers: { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) },
  });

/** The dashboard's own origin, `http://d-….localhost:<port>` (dashboard-host.ts): where its cookie counts. */
export const dashboardOrigin = () => dashboardOriginOf(baseUrl(), lane().token, lane().boot);

/** The dashboard link `npm start` prints: a private page that trades this run's key for the cookie. */
export const dashboardLink = () => dashboardLinkFile(baseUrl(), lane().token, lane().boot);

/** A browser on this machine (a loopback client) that opened the dashboard link, so it holds the dashboard cookie. */
export async function localBrowser(): Promise<Browser> {
  const browser = new Browser(loopbackFetch, "127.0.0.1");
  const page = await dashboardLinkPage(baseUrl(), lane().token, lane().boot);
  const opened = await followLinkPage(browser, page);
  expect(opened.status).toBe(200);
  return browser;
}

/**
 * What the MCP clients send with each request: the local credential, and
 * `connection: close`, a connection per call. Why (issue 27 §8): a busy run
 * failed a call with undici's "other side closed": undici sent it on a pooled
 * keep-alive connection that workerd was closing as idle, the race Miniflare
 * avoids the same way for its own requests to workerd (`reset: true`,
 * "to avoid keep-alive race conditions", miniflare/src/http/fetch.ts). On
 * loopback a connection per call costs well under a millisecond; servers' ports
 * lie below the ephemeral range, so the extra client ports never take one.
 */
export const mcpRequestInit = (): RequestInit => ({
  headers: { ...authHeaders(), connection: "close" },
});

/** The SDK v1 client, speaking 2025-11-25 as Claude.ai does. */
export async function connectV1(): Promise<ClientV1> {
  const client = new ClientV1({ name: "edgeclip-e2e-v1", version: "1.0.0" });
  await client.connect(new TransportV1(mcpUrl(), { requestInit: mcpRequestInit() }));
  return client;
}

/** The SDK v2 client, negotiating 2026-07-28. */
export async function connectV2(): Promise<ClientV2> {
  const client = new ClientV2(
    { name: "edgeclip-e2e-v2", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  await client.connect(new TransportV2(mcpUrl(), { requestInit: mcpRequestInit() }));
  return client;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

/** Calls a tool and returns the result with its text joined, for assertions. */
export async function call(
  client: ClientV1 | ClientV2,
  name: string,
  args: Record<string, unknown> = {},
) {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  const text = result.content.map((c) => c.text ?? "").join("\n");
  return { ...result, text, data: result.structuredContent ?? {} };
}

export type AnyClient = ClientV1 | ClientV2;
export type CallResult = Awaited<ReturnType<typeof call>>;

/** A name no other test (or earlier run) uses: `prefix-<random>`. */
export function unique(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Starts a fresh session (optionally on `project`) and returns its handle. */
export async function startSession(
  client: AnyClient,
  options: { project?: string; description?: string } = {},
): Promise<string> {
  const started = await call(client, "session", { action: "start", ...options });
  if (started.isError) throw new Error(`session start failed: ${started.text}`);
  return started.data.session as string;
}

/** Calls a tool that must succeed, and returns its structured content. */
export async function ok<T = Record<string, unknown>>(
  client: AnyClient,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${result.text.slice(0, 500)}`);
  return result.data as T;
}

/** The session scope's entries (all their metadata), expired ones included, and each one's whole content. */
export async function sessionSnapshot(client: AnyClient, session: string) {
  const listed = await ok<{ entries: { key: string }[] }>(client, "list", {
    session,
    scope: "session",
    include_expired: true,
  });
  const contents: Record<string, string> = {};
  if (!listed.entries.length) return { entries: listed.entries, contents };
  type Page = { content: string; pages: number };
  const sources = listed.entries.map((e) => ({ clip: e.key, scope: "session" }));
  // One read of every entry's first page (a list of sources), then any further pages.
  const firsts =
    sources.length === 1
      ? [await ok<Page>(client, "read", { session, from: sources[0], include_expired: true })]
      : (
          await ok<{ reads: (Page | { error: unknown })[] }>(client, "read", {
            session,
            from: sources,
            include_expired: true,
          })
        ).reads;
  for (const [i, entry] of listed.entries.entries()) {
    const first = firsts[i];
    if (!first || "error" in first)
      throw new Error(`reading ${entry.key}: ${JSON.stringify(first)}`);
    let content = first.content;
    for (let page = 2; page <= first.pages; page++)
      content += (
        await ok<Page>(client, "read", {
          session,
          from: sources[i],
          include_expired: true,
          page,
        })
      ).content;
    contents[entry.key] = content;
  }
  return { entries: listed.entries, contents };
}

/**
 * Asserts a tool answered with an error result (not a crash or a protocol error):
 * `isError`, the stable `code` as the text's prefix when given, and every one of
 * `mentions` (parameter names, keys) in the message.
 */
export function expectToolError(
  result: CallResult,
  code: string | undefined,
  mentions: string[] = [],
) {
  expect(result.isError, `expected an error, got: ${result.text.slice(0, 300)}`).toBe(true);
  if (code) expect(result.text.startsWith(`${code}: `), result.text).toBe(true);
  for (const m of mentions) expect(result.text).toContain(m);
}

/**
 * Content as a read shows it, without the line numbers (`14\t…`) reads add:
 * what a model writes back when it echoes content it read.
 */
export const unnumbered = (shown: string) => shown.replace(/^\d+\t/gm, "");
