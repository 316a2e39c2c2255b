import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePorts, startLocalDev } from "../../scripts/wrangler-dev.ts";

/**
 * Issue 27 §8: under load a fresh clone's run lost a server's port between
 * choosing it and wrangler binding it (`Address already in use`). Ports are
 * now chosen below the ephemeral range (where outgoing connections take
 * theirs), checked by binding, and a server that still loses its port starts
 * again on another.
 */
describe("ports on a busy machine", () => {
  it("are chosen below the ephemeral range, distinct, each free when chosen", async () => {
    const ephemeral = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
    );
    const ports = await freePorts(20);
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) expect(port).toBeLessThan(ephemeral);
  });

  it("start wrangler on another port when another program took the one chosen", async () => {
    const [port = 0] = await freePorts(1);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    const server = await startLocalDev({
      port,
      persistTo: mkdtempSync(path.join(tmpdir(), "edgeclip-busy-port-")),
      quiet: true,
      rebuilds: false,
    });
    try {
      expect(server.url).not.toBe(`http://127.0.0.1:${port}`);
      expect((await fetch(`${server.url}/health`)).ok).toBe(true);
    } finally {
      await server.stop();
      taken.close();
    }
  });
});
