import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll } from "vitest";
import worker from "../../src/index.ts";
import { runOperation } from "../../src/mcp/caller.ts";
import type { OperationInput, OperationName } from "../../src/mcp/operations.ts";
import { SESSION_TOOLS } from "../../src/mcp/tools/index.ts";
import type { StoreAddress } from "../../src/stubs.ts";
import { accountsStub } from "../../src/stubs.ts";

export { clipboardStub as stubFor } from "../../src/stubs.ts";

/** Runs a tool operation as the address's user, with every permission (the `full` preset). */
export const op = <N extends OperationName>(
  address: StoreAddress,
  name: N,
  input: OperationInput<N>,
) => runOperation({ user: address.user, preset: "full" }, address, name, input);

let counter = 0;
/** A user id no other test uses, so tests never share a Durable Object. */
export const freshUser = (label = "user") => `${label}-${Date.now().toString(36)}-${++counter}`;

export const sessionOf = (user: string, name = "default"): StoreAddress => ({
  user,
  scope: "session",
  name,
});
export const projectOf = (user: string, name = "default"): StoreAddress => ({
  user,
  scope: "project",
  name,
});
export const userOf = (user: string): StoreAddress => ({ user, scope: "user", name: user });

/** Unwraps a successful outcome, failing the test with the error otherwise. */
/** A tool's structured value as tests read it: by field name (the tools share one result type). */
// biome-ignore lint/suspicious/noExplicitAny: tests read named fields of many shapes
export type Loose = Record<string, any>;

export function value<T = Loose>(
  outcome: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } },
): T {
  if (!outcome.ok)
    throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value as T;
}

/**
 * Calls tool `name` as a model would: `args` go through the tool's own input
 * schema (defaults filled, bad input thrown), then run as `op` does.
 */
export const call = <N extends keyof typeof SESSION_TOOLS>(
  address: StoreAddress,
  name: N,
  args: Record<string, unknown>,
) => op(address, name, SESSION_TOOLS[name].input.parse(args) as OperationInput<N>);

/** The local credential of the local server below. */
export const LOCAL_TOKEN = `ecl_${"t".repeat(43)}`;
/** Its run (`EDGECLIP_LOCAL_BOOT`, new at each npm start). */
export const LOCAL_BOOT = "0123456789abcdef0123456789abcdef";
/** What `npm start` tells the Worker (scripts/local-worker.ts): the credential and where it listens. */
const localEnv = {
  ...env,
  EDGECLIP_LOCAL_TOKEN: LOCAL_TOKEN,
  EDGECLIP_LOCAL_PORT: "8787",
  EDGECLIP_LOCAL_ADDRESSES: "127.0.0.1,::1",
  EDGECLIP_LOCAL_BOOT: LOCAL_BOOT,
} as Env;

const serverWith = (settings: Env) => ({
  fetch: (request: Request) =>
    worker.fetch(request as Parameters<typeof worker.fetch>[0], settings, createExecutionContext()),
});

/**
 * The Worker as `npm start` runs it: a local server holding LOCAL_TOKEN (the
 * test environment itself has none, like a deployed Worker). Requests go as given.
 */
export const localServer = serverWith(localEnv);

/**
 * A local server started as a bare `wrangler dev --env-file local.env` would be:
 * the credential, and nothing said of where it listens.
 */
export const bareLocalServer = serverWith({ ...env, EDGECLIP_LOCAL_TOKEN: LOCAL_TOKEN } as Env);

/** The same local server, called as its user's clients call it: with the local credential. */
export const asLocalUser = {
  fetch(request: Request) {
    const headers = new Headers(request.headers);
    if (!headers.has("authorization")) headers.set("authorization", `Bearer ${LOCAL_TOKEN}`);
    return localServer.fetch(new Request(request, { headers }));
  },
};

/** An account for a test file's sign-ins (named `label-…`), created before the file's tests run. */
export function testAccount(label: string): { name: string; passphrase: string } {
  const account = {
    name: `${label}-${Date.now().toString(36)}`,
    passphrase: "correct horse battery staple",
  };
  beforeAll(async () => {
    const added = await accountsStub(env).addUser(account.name, account.passphrase);
    if (!added.ok) throw new Error(added.error.message);
  });
  return account;
}
