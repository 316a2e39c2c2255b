import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "../../src/shared/bridge/protocol.ts";
import { type AnyClient, baseUrl, connectV1, ok } from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

/**
 * Local agents and the local credential: an agent reads it from its config
 * directory and connects; without it (or with another) it cannot; and a
 * process that says hello with a connected agent's name, without the
 * credential, neither replaces that agent nor hears a request.
 */
let client: AnyClient;
let real: AgentProcess;
const root = tempProject({ "owner-only.txt": "the owner's file\n" });

beforeAll(async () => {
  real = await startAgent({ root, name: "guarded", project: "guarded-project" });
  client = await connectV1();
});
afterAll(async () => {
  await real?.stop();
  await client?.close();
});

describe("the local credential and local agents", () => {
  it("keeps an agent without the credential out, and says where the credential should be", async () => {
    await expect(
      startAgent({ root, name: "no-credential", project: "x", localToken: null }),
    ).rejects.toThrow(/there is no local credential in .*local\.env/);
  });

  it("keeps an agent with another server's credential out, and says so (the server's proof is not its credential's)", async () => {
    await expect(
      startAgent({
        root,
        name: "wrong-credential",
        project: "x",
        localToken: `ecl_${"z".repeat(43)}`,
      }),
    ).rejects.toThrow(
      /did not prove it holds this machine's local credential[\s\S]*started with another credential/,
    );
  });

  it("does not let a process without the credential replace a connected agent by its name", async () => {
    const bridge = `${baseUrl().replace(/^http/, "ws")}/bridge`;
    const outcome = await new Promise<string>((resolve) => {
      const impostor = new WebSocket(bridge);
      impostor.addEventListener("open", () => {
        impostor.send(
          JSON.stringify({
            type: "hello",
            protocol: PROTOCOL_VERSION,
            name: "guarded",
            version: "9.9.9",
            project: "guarded-project",
            roots: ["/tmp"],
            read_only: false,
            capabilities: ["files"],
            platform: "linux",
          }),
        );
        resolve("connected");
      });
      impostor.addEventListener("error", () => resolve("refused"));
    });
    expect(outcome).toBe("refused");
    // The real agent is still the one connected, and still serves the file.
    const { agents } = await ok<{ agents: { name: string; version: string }[] }>(
      client,
      "session",
      { action: "agents" },
    );
    expect(agents.filter((a) => a.name === "guarded").map((a) => a.version)).not.toContain("9.9.9");
    const read = await ok<{ content: string }>(client, "read", {
      from: "owner-only.txt",
      agent: "guarded",
    });
    expect(read.content).toBe("the owner's file\n");
    expect(real.log()).not.toContain("replaced");
  });
});
