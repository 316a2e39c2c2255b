/**
 * `npm run bench:auth`: what sign-in costs. One `wrangler dev` that requires
 * sign-in; the same raw tool call (a `read` of a 100-byte entry) with a bearer
 * token and on the local path (its local credential) of a second server, each against
 * that server's floor (GET /health), so the figures are ratios from one run.
 * Also: a sign-in (PBKDF2, 600,000 iterations), a token refresh, and the
 * consent round trip. See bench/README.md.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  credentialHeaders,
  type DevServer,
  freePort,
  startLocalDev,
  startWranglerDev,
} from "../scripts/wrangler-dev.ts";
import { authorizeInBrowser, Browser, pkce } from "../test/support/browser.ts";
import { type Latency, measure } from "./stats.ts";

const PASSPHRASE = "correct horse battery staple";
const SMALL = { count: 300, warmup: 30, maxMs: 30_000 };
const SLOW = { count: 20, warmup: 2, maxMs: 30_000 };

const servers: { server: DevServer; state: string }[] = [];
/** A server requiring sign-in (`vars`), or without them a local one (`npm start`'s, with its credential). */
async function start(vars?: Record<string, string>) {
  const state = mkdtempSync(join(tmpdir(), "edgeclip-bench-auth-"));
  const options = { port: await freePort(), persistTo: state, quiet: true, rebuilds: false };
  const server = await (vars ? startWranglerDev({ ...options, vars }) : startLocalDev(options));
  servers.push({ server, state });
  return server;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

const rpc = (key: string) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "read", arguments: { from: `@${key}` } },
});
const MCP_HEADERS = {
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

/** A public client registered, authorized in the browser and given tokens. */
async function signedInToken(base: string, account: { name: string; passphrase: string }) {
  const registered = (await (
    await post(`${base}/register`, {
      client_name: "bench",
      redirect_uris: ["http://127.0.0.1:9/cb"],
      token_endpoint_auth_method: "none",
    })
  ).json()) as { client_id: string };
  const { verifier, challenge } = await pkce();
  const authorize = new URL("/authorize", base);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: registered.client_id,
    redirect_uri: "http://127.0.0.1:9/cb",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const { location } = await authorizeInBrowser(new Browser(fetch), authorize, account);
  const tokens = (await (
    await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: location.searchParams.get("code") ?? "",
        code_verifier: verifier,
        client_id: registered.client_id,
        redirect_uri: "http://127.0.0.1:9/cb",
      }),
    })
  ).json()) as { access_token: string; refresh_token: string };
  return { ...tokens, clientId: registered.client_id, authorize };
}

const row = (label: string, l: Latency, floor?: Latency) =>
  `| ${label} | ${l.n} | ${l.medianMs.toFixed(2)} | ${l.p99Ms.toFixed(2)} | ${floor ? `${(l.medianMs / floor.medianMs).toFixed(2)}×` : ""} |`;

try {
  const secret = randomBytes(24).toString("base64url");
  // One after the other: two wrangler dev starting at once contend for a port.
  const signed = (await start({ EDGECLIP_REQUIRE_SIGN_IN: "1", EDGECLIP_SETUP_SECRET: secret }))
    .url;
  const localServer = await start();
  const local = localServer.url;
  const LOCAL_HEADERS = { ...MCP_HEADERS, ...credentialHeaders(localServer) };
  const account = { name: "bench", passphrase: PASSPHRASE };
  await post(`${signed}/setup/users`, account, { authorization: `Bearer ${secret}` });
  const tokens = await signedInToken(signed, account);
  const bearer = { authorization: `Bearer ${tokens.access_token}` };
  await post(
    `${signed}/mcp`,
    { ...rpc("x"), params: { name: "copy", arguments: { text: "x".repeat(100), key: "b" } } },
    { ...MCP_HEADERS, ...bearer },
  );
  await post(
    `${local}/mcp`,
    { ...rpc("x"), params: { name: "copy", arguments: { text: "x".repeat(100), key: "b" } } },
    LOCAL_HEADERS,
  );

  process.stderr.write("bench:auth: measuring…\n");
  const floorSigned = await measure(
    async () => void (await fetch(`${signed}/health`)).text(),
    SMALL,
  );
  const callSigned = await measure(
    async () => void (await post(`${signed}/mcp`, rpc("b"), { ...MCP_HEADERS, ...bearer })).text(),
    SMALL,
  );
  const floorLocal = await measure(async () => void (await fetch(`${local}/health`)).text(), SMALL);
  const callLocal = await measure(
    async () => void (await post(`${local}/mcp`, rpc("b"), LOCAL_HEADERS)).text(),
    SMALL,
  );
  const signIn = await measure(async () => {
    const browser = new Browser(fetch, `192.0.2.${Math.floor(Math.random() * 250)}`);
    const url = new URL("/signin", signed);
    const response = await browser.signIn(await browser.get(url), url, account.name, PASSPHRASE);
    if (response.status !== 303) throw new Error(`sign-in ${response.status}`);
  }, SLOW);
  let refresh = tokens.refresh_token;
  const refreshed = await measure(async () => {
    const response = await fetch(`${signed}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refresh,
        client_id: tokens.clientId,
      }),
    });
    const body = (await response.json()) as { refresh_token?: string };
    if (!body.refresh_token) throw new Error(`refresh ${response.status}`);
    refresh = body.refresh_token;
  }, SLOW);

  console.log("| request | n | median ms | p99 ms | vs its server's floor |");
  console.log("|---|---|---|---|---|");
  console.log(row("GET /health, sign-in server (floor)", floorSigned));
  console.log(row("read @entry 100 B, bearer token", callSigned, floorSigned));
  console.log(row("GET /health, local server (floor)", floorLocal));
  console.log(row("read @entry 100 B, local credential", callLocal, floorLocal));
  console.log(row("sign-in (PBKDF2 600k) incl. page", signIn, floorSigned));
  console.log(row("refresh token rotation", refreshed, floorSigned));
  const overhead =
    callSigned.medianMs / floorSigned.medianMs - callLocal.medianMs / floorLocal.medianMs;
  console.log(
    `\nToken check: +${overhead.toFixed(2)} floors per call (the bearer call's ratio minus the local one's).`,
  );
} finally {
  for (const { server, state } of servers) {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}
