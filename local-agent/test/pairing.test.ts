import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PAIRING_PATHS } from "../../src/shared/bridge/protocol.ts";
import { shortHostname, tidyName } from "../src/args.ts";
import { type Credential, readCredential, saveCredential } from "../src/credentials.ts";
import { login, logout, type PairingIo } from "../src/pairing.ts";

type Reply = [status: number, body: unknown];

/**
 * A pairing server in this process: /pair/device answers `device`, each
 * /pair/token poll the next of `tokens` (the last one again once they run
 * out), /pair/revoke what `revoke` says for the Authorization header it got.
 */
async function fakeServer(script: {
  device?: Reply;
  tokens?: Reply[];
  revoke?: (authorization: string | undefined) => Reply;
}) {
  const received: { path: string; body: unknown; authorization: string | undefined }[] = [];
  const tokens = script.tokens ?? [];
  let polls = 0;
  const server = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    received.push({
      path: request.url ?? "",
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.authorization,
    });
    let reply: Reply = [404, { error: "not_found" }];
    if (request.method === "POST" && request.url === PAIRING_PATHS.device && script.device)
      reply = script.device;
    if (request.method === "POST" && request.url === PAIRING_PATHS.token && tokens.length)
      reply = tokens[Math.min(polls++, tokens.length - 1)] as Reply;
    if (request.method === "POST" && request.url === PAIRING_PATHS.revoke && script.revoke)
      reply = script.revoke(request.headers.authorization);
    response.writeHead(reply[0], { "content-type": "application/json" });
    response.end(JSON.stringify(reply[1]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    polls: () => received.filter((r) => r.path === PAIRING_PATHS.token),
  };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0))
    await new Promise((resolve) => server.close(resolve).closeAllConnections());
});

/** What the user sees, and a clock that jumps ahead on each wait, so polling takes no time. */
function terminal() {
  const out: string[] = [];
  const err: string[] = [];
  const waits: number[] = [];
  let now = Date.parse("2026-03-04T05:06:07.000Z");
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-pairing-")), "edgeclip");
  const io: PairingIo = {
    say: (line) => out.push(line),
    log: (line) => err.push(line),
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    now: () => now,
    dir,
  };
  return { io, out, err, waits, dir, now: () => now };
}

const VERIFY = "https://edgeclip.example/pair";
const device = (more: object = {}): Reply => [
  200,
  {
    device_code: "dev-123",
    user_code: "WDJB-MJHT",
    verification_uri: VERIFY,
    verification_uri_complete: `${VERIFY}?code=WDJB-MJHT`,
    expires_in: 600,
    interval: 2,
    ...more,
  },
];
const pending: Reply = [400, { error: "authorization_pending" }];
const slowDown: Reply = [400, { error: "slow_down" }];
const approved: Reply = [
  200,
  { access_token: "tok-1", token_type: "Bearer", user: "alice", agent: "my-laptop" },
];
const alice: Credential = {
  token: "tok-old",
  user: "alice",
  agent: "my-laptop",
  paired_at: "2026-01-01T00:00:00.000Z",
};
/** A URL nothing listens on. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe("login", () => {
  it("shows where to approve, polls at the server's interval, then keeps the token", async () => {
    const fake = await fakeServer({ device: device(), tokens: [pending, pending, approved] });
    const t = terminal();
    expect(await login(`${fake.url}/mcp`, { name: "my laptop" }, t.io)).toBe(0);
    expect(t.out).toEqual([
      `To pair this agent, open ${VERIFY}?code=WDJB-MJHT and check that it shows WDJB-MJHT.`,
      "Waiting for approval…",
      `Paired my-laptop with ${fake.url} as alice. Start it with: edgeclip-agent connect ${fake.url} --root <dir>`,
    ]);
    expect(t.err).toEqual([]);
    expect(t.waits).toEqual([2000, 2000, 2000]);
    expect(fake.received[0]).toEqual({
      path: PAIRING_PATHS.device,
      body: { name: "my-laptop" },
      authorization: undefined,
    });
    expect(fake.polls().map((r) => r.body)).toEqual(
      Array(3).fill({
        device_code: "dev-123",
        grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      }),
    );
    expect(readCredential(fake.url, t.dir)).toEqual({
      token: "tok-1",
      user: "alice",
      agent: "my-laptop",
      paired_at: new Date(t.now()).toISOString(),
    });
  });

  it("polls at least every second, and 5 s slower after each slow_down", async () => {
    const fake = await fakeServer({
      device: device({ interval: 0 }),
      tokens: [pending, slowDown, pending, slowDown, approved],
    });
    const t = terminal();
    expect(await login(fake.url, {}, t.io)).toBe(0);
    expect(t.waits).toEqual([1000, 1000, 6000, 6000, 11000]);
    // The default name is the host name's first label.
    expect(fake.received[0]?.body).toEqual({ name: tidyName(shortHostname(), "@") });
  });

  it("tells the user to open the page and type the code when there is no complete URL", async () => {
    const fake = await fakeServer({
      device: device({ verification_uri_complete: undefined, interval: undefined }),
      tokens: [approved],
    });
    const t = terminal();
    expect(await login(fake.url, {}, t.io)).toBe(0);
    expect(t.out[0]).toBe(`To pair this agent, open ${VERIFY} and enter WDJB-MJHT.`);
    expect(t.waits).toEqual([5000]); // RFC 8628's default interval
  });

  it("stops when the user denies the pairing, keeping nothing", async () => {
    const fake = await fakeServer({
      device: device(),
      tokens: [pending, [400, { error: "access_denied" }]],
    });
    const t = terminal();
    expect(await login(fake.url, {}, t.io)).toBe(1);
    expect(t.err).toEqual([`the pairing was denied on ${fake.url}`]);
    expect(existsSync(t.dir)).toBe(false);
  });

  it("stops when the code expires, on the server's word or at expires_in", async () => {
    const expired = (url: string) =>
      `the pairing code expired before it was approved: run \`edgeclip-agent login ${url}\` again`;
    const told = await fakeServer({
      device: device(),
      tokens: [pending, [400, { error: "expired_token" }]],
    });
    let t = terminal();
    expect(await login(told.url, {}, t.io)).toBe(1);
    expect(t.err).toEqual([expired(told.url)]);

    const silent = await fakeServer({ device: device({ expires_in: 5 }), tokens: [pending] });
    t = terminal();
    expect(await login(silent.url, {}, t.io)).toBe(1);
    expect(t.err).toEqual([expired(silent.url)]);
    expect(t.waits).toEqual([2000, 2000, 2000]);
    expect(silent.polls()).toHaveLength(2);
    expect(existsSync(t.dir)).toBe(false);
  });

  it("stops with the server's explanation on any other error", async () => {
    const fake = await fakeServer({
      device: device(),
      tokens: [[400, { error: "invalid_grant", error_description: "unknown device code" }]],
    });
    const t = terminal();
    expect(await login(fake.url, {}, t.io)).toBe(1);
    expect(t.err).toEqual(["pairing failed: HTTP 400: unknown device code"]);
  });

  it("keeps waiting through a server error, and says so", async () => {
    const fake = await fakeServer({ device: device(), tokens: [[503, {}], approved] });
    const t = terminal();
    expect(await login(fake.url, {}, t.io)).toBe(0);
    expect(t.err).toEqual([`${fake.url} answered HTTP 503; still waiting`]);
  });

  it("says when a server does not offer pairing, cannot be reached, or the URL is no URL", async () => {
    const none = await fakeServer({});
    let t = terminal();
    expect(await login(none.url, {}, t.io)).toBe(1);
    expect(t.err).toEqual([
      `${none.url} did not start pairing: HTTP 404: not_found (it does not offer pairing: a server that requires no sign-in needs none)`,
    ]);

    const dead = await deadUrl();
    t = terminal();
    expect(await login(dead, {}, t.io)).toBe(1);
    expect(t.err).toEqual([`cannot reach ${dead} (ECONNREFUSED)`]);

    t = terminal();
    expect(await login("edgeclip.example", {}, t.io)).toBe(2);
    expect(t.err[0]).toMatch(/is not a server URL/);
  });

  it("replaces an earlier pairing, saying so, and keeps other servers' tokens", async () => {
    const fake = await fakeServer({ device: device(), tokens: [approved] });
    const t = terminal();
    saveCredential(fake.url, alice, t.io.dir);
    saveCredential("https://other.example", alice, t.io.dir);
    expect(await login(fake.url, {}, t.io)).toBe(0);
    expect(t.out[0]).toBe(
      `This machine is already paired with ${fake.url} as alice; pairing again replaces that.`,
    );
    expect(readCredential(fake.url, t.dir)?.token).toBe("tok-1");
    expect(readCredential("https://other.example", t.dir)).toEqual(alice);
  });

  it("refuses to start over a damaged credentials file", async () => {
    const fake = await fakeServer({ device: device(), tokens: [approved] });
    const t = terminal();
    saveCredential(fake.url, alice, t.io.dir);
    writeFileSync(path.join(t.dir, "credentials.json"), "{oops");
    expect(await login(fake.url, {}, t.io)).toBe(1);
    expect(t.err[0]).toMatch(/credentials\.json is not a valid credentials file/);
    expect(fake.received).toEqual([]);
  });
});

describe("logout", () => {
  const revoke = (authorization: string | undefined): Reply =>
    authorization === "Bearer tok-old"
      ? [200, { revoked: true }]
      : [401, { error: "unauthorized" }];

  it("revokes the token on the server and forgets it", async () => {
    const fake = await fakeServer({ revoke });
    const t = terminal();
    saveCredential(fake.url, alice, t.dir);
    saveCredential("https://other.example", alice, t.dir);
    expect(await logout(`${fake.url}/mcp`, t.io)).toBe(0);
    expect(fake.received).toEqual([
      { path: PAIRING_PATHS.revoke, body: undefined, authorization: "Bearer tok-old" },
    ]);
    expect(t.out).toEqual([
      `Unpaired my-laptop from ${fake.url}: its token is revoked and removed from this machine.`,
    ]);
    expect(readCredential(fake.url, t.dir)).toBeUndefined();
    expect(readCredential("https://other.example", t.dir)).toEqual(alice);
  });

  it("forgets a token the server no longer knows", async () => {
    const fake = await fakeServer({ revoke });
    const t = terminal();
    saveCredential(fake.url, { ...alice, token: "tok-revoked" }, t.dir);
    expect(await logout(fake.url, t.io)).toBe(0);
    expect(t.out).toEqual([
      `${fake.url} no longer accepted this machine's token (already revoked or expired); removed it from this machine.`,
    ]);
    expect(readCredential(fake.url, t.dir)).toBeUndefined();
  });

  it("forgets the token even when the server cannot revoke it, and says where to", async () => {
    const dead = await deadUrl();
    let t = terminal();
    saveCredential(dead, alice, t.dir);
    expect(await logout(dead, t.io)).toBe(1);
    expect(t.err).toEqual([
      `cannot reach ${dead} (ECONNREFUSED); the token is removed from this machine, but the server may still list it on its account page, where you can revoke it`,
    ]);
    expect(readCredential(dead, t.dir)).toBeUndefined();

    const failing = await fakeServer({ revoke: () => [500, { error: "server_error" }] });
    t = terminal();
    saveCredential(failing.url, alice, t.dir);
    expect(await logout(failing.url, t.io)).toBe(1);
    expect(t.err[0]).toMatch(
      /did not revoke the token \(HTTP 500: server_error\); the token is removed from this machine/,
    );
    expect(readCredential(failing.url, t.dir)).toBeUndefined();
  });

  it("has nothing to do without a pairing", async () => {
    const fake = await fakeServer({ revoke });
    const t = terminal();
    expect(await logout(fake.url, t.io)).toBe(0);
    expect(t.out).toEqual([`This machine is not paired with ${fake.url}: nothing to do.`]);
    expect(fake.received).toEqual([]);
  });
});
