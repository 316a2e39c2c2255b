/**
 * The Worker on this machine, as `wrangler dev` runs it, without the doors
 * `wrangler dev` opens to every account on the machine (issue 34 §1,
 * docs/security.md "Doors of a local server"). `wrangler dev` on the command
 * line, measured with wrangler 4.164:
 * - a DevTools inspector on 127.0.0.1:9229 (its proxy) and another on a random
 *   port (workerd's own), with no credential: attach, break in `fetch`, read
 *   `env.EDGECLIP_LOCAL_TOKEN`, run any code in the Worker;
 * - the dev registry's workerd debug port (Cap'n Proto RPC to every
 *   entrypoint and Durable Object of the process, no credential);
 * - the local explorer at /cdn-cgi/local/explorer on the server's own port,
 *   answered before the Worker runs: SQL on every Durable Object (every
 *   clipboard entry) and the OAuth KV, no credential;
 * - state files (every clipboard entry, on disk) and a trace store (every
 *   request's URL) readable by every account under a umask of 022.
 * The command line has no switch for the first two, so this runs wrangler's
 * own programmatic API, `unstable_startWorker`, with the inspector off (on
 * only with `--inspector-port`, which the caller asks for and says so) and no
 * dev registry; the explorer and the trace store are turned off by their
 * environment variables; files are created private (umask 077) in a state
 * directory only the user can enter. The port is held on both loopback
 * addresses (127.0.0.1 by workerd, [::1] by a relay to it here), or the
 * server does not start.
 *
 *   node scripts/local-worker.ts --port P --persist-to DIR [--env-file F …]
 *     [--var NAME:VALUE …] [--log-level warn] [--inspector-port N]
 *
 * It stops (exit 0) on SIGINT or SIGTERM; an error starting it is printed
 * (`EADDRINUSE` when another program holds the port) and exits 1.
 */
import { chmodSync, lstatSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createConnection, createServer, type Socket } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";

const ROOT = path.join(import.meta.dirname, "..");

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "persist-to": { type: "string" },
    "env-file": { type: "string", multiple: true },
    var: { type: "string", multiple: true },
    "log-level": { type: "string" },
    "inspector-port": { type: "string" },
  },
});

function fail(message: string): never {
  console.error(`local-worker: ${message}`);
  process.exit(1);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) fail("--port must be a TCP port");
const persistTo = values["persist-to"];
if (!persistTo) fail("--persist-to is required");
const logLevel = (values["log-level"] ?? "info") as "info" | "warn" | "error" | "log" | "debug";

// Read by wrangler and Miniflare when they load: set before importing them.
process.env.X_LOCAL_EXPLORER = "false";
process.env.X_LOCAL_OBSERVABILITY = "false";
process.env.WRANGLER_LOG = logLevel;
// Every file workerd and wrangler create from here on is the user's alone.
process.umask(0o077);
privateDirectory(persistTo);
// The other loopback address first: held, or the server does not start (issue 42 §1).
const otherLoopback = await holdOtherLoopback(port).catch((error: NodeJS.ErrnoException) =>
  fail(
    error.code === "EADDRINUSE"
      ? `another program holds [::1]:${port}, the other loopback address of this port, which browsers and \`localhost\` reach first: stop it, or choose another port (PORT=…). Address already in use`
      : `cannot listen on [::1]:${port}: ${error.message}`,
  ),
);

// Required, not imported: wrangler is one CommonJS file of 15 MB, and an `import` of it has
// Node read it twice more (is it a module? which names does it export?), ~0.5 s of CPU a
// start (a test run starts ~30 servers).
const { unstable_DevEnv } = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");

const bindings: Record<string, { type: "plain_text"; value: string }> = {
  // Where the Worker is served: what a local server's proof names (shared/bridge/proof.ts).
  EDGECLIP_LOCAL_PORT: { type: "plain_text", value: String(port) },
  EDGECLIP_LOCAL_ADDRESSES: {
    type: "plain_text",
    value: otherLoopback ? "127.0.0.1,::1" : "127.0.0.1",
  },
};
for (const entry of values.var ?? []) {
  const at = entry.indexOf(":");
  if (at <= 0) fail(`--var ${entry}: expected NAME:VALUE`);
  bindings[entry.slice(0, at)] = { type: "plain_text", value: entry.slice(at + 1) };
}
const inspectorPort = values["inspector-port"] ? Number(values["inspector-port"]) : undefined;

const devEnv = new unstable_DevEnv();
// What goes wrong once it runs (workerd cannot bind the port: "Address already in use"):
// said, and the end, as `wrangler dev` does.
devEnv.on("error", (event: unknown) => {
  otherLoopback?.close();
  void devEnv.teardown().catch(() => undefined);
  fail(describe(event));
});
let worker: Awaited<ReturnType<typeof devEnv.startWorker>> | undefined;
try {
  worker = await devEnv.startWorker({
    config: path.join(ROOT, "wrangler.toml"),
    envFiles: values["env-file"] ?? [],
    bindings,
    dev: {
      server: { hostname: "127.0.0.1", port },
      inspector:
        inspectorPort === undefined ? false : { hostname: "127.0.0.1", port: inspectorPort },
      // No dev registry: it is what opens workerd's debug port.
      registry: undefined,
      persist: persistTo,
      // As `wrangler dev` does: the Worker rebuilt on a change, and static assets served as
      // they are now (public/agent.tgz is packed while test servers boot).
      watch: true,
      liveReload: false,
      logLevel,
    },
  });
  await worker.ready;
} catch (error) {
  otherLoopback?.close();
  await devEnv.teardown().catch(() => undefined);
  fail(describe(error));
}
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // [::1] first: it must not relay to 127.0.0.1:P once workerd may have let the port go.
    otherLoopback?.close();
    void devEnv
      .teardown()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });

/**
 * The state directory, created if missing, made the user's alone (0700): it
 * holds every clipboard entry, and files created before this ran (under a
 * umask of 022) stay unreachable behind it. One that is a link or another
 * account's is refused.
 */
function privateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory())
    fail(`${dir} is not a directory (a link?): choose another state directory`);
  if (process.getuid && stat.uid !== process.getuid())
    fail(`${dir} belongs to another account: choose another state directory`);
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * The port on IPv6's loopback, `[::1]:port`, relayed byte for byte to the
 * Worker on `127.0.0.1:port`. workerd listens on one address; a name that
 * leads to both (`localhost` in most /etc/hosts, every `*.localhost` name in
 * Chromium, which tries `::1` first) would otherwise reach whatever another
 * account bound there: 0.8 let one take the dashboard link, token included,
 * and then the user's files (issue 42 §1). Undefined where the machine has no
 * IPv6 loopback (then no one can bind it); an error (EADDRINUSE) when another
 * program holds it.
 */
function holdOtherLoopback(port: number): Promise<{ close(): void } | undefined> {
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: "127.0.0.1", port });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  /** Stops listening and cuts what it relays: nothing reaches 127.0.0.1:port through it after. */
  const close = () => {
    server.close();
    for (const socket of open) socket.destroy();
  };
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT") resolve(undefined);
      else reject(error);
    });
    server.listen({ host: "::1", port, ipv6Only: true }, () => resolve({ close }));
  });
}

/** An error or one of wrangler's error events (`{ source, reason, cause }`), as text. */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null) {
    const { reason, cause } = error as { reason?: unknown; cause?: unknown };
    return [reason, cause instanceof Error ? cause.message : cause]
      .filter((part) => part !== undefined)
      .join(": ");
  }
  return String(error);
}
