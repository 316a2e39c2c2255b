import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * wrangler waits on the network at start and exit unless these are set, and
 * this machine (like many CI boxes) has none.
 */
export const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export interface DevServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` on 127.0.0.1:`port` and resolves once /health answers. */
export async function startWranglerDev(options: {
  port: number;
  persistTo: string;
  quiet?: boolean;
  /** Vars for the Worker (`--var NAME:VALUE`), e.g. `EDGECLIP_REQUIRE_SIGN_IN`. */
  vars?: Record<string, string>;
}): Promise<DevServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(options.port),
      "--persist-to",
      options.persistTo,
      "--show-interactive-dev-session=false",
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => [
        "--var",
        `${name}:${value}`,
      ]),
    ],
    { cwd: ROOT, env: { ...process.env, ...WRANGLER_ENV }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const collect = (data: Buffer) => {
    output += data.toString();
    if (!options.quiet) process.stderr.write(data);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return { url, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${url} within 60 s:\n${output}`);
}
