import { describe, expect, it } from "vitest";
import { agentAdvice, agentCommand, isLoopbackUrl } from "../../src/shared/core/agent-command.ts";

describe("agentCommand", () => {
  it("starts a local server's agent from the checkout: a tarball over plain http comes from whoever holds the port", () => {
    for (const server of ["http://127.0.0.1:8787", "http://localhost:9000", "http://[::1]:8787"])
      expect(agentCommand(server, `connect ${server}`)).toEqual({
        command: `npm run agent -- connect ${server}`,
        where: "in the edgeclip checkout that runs this server",
      });
  });

  it("runs a deployed server's own package, over https", () => {
    expect(
      agentCommand("https://edgeclip.example.com", "login https://edgeclip.example.com"),
    ).toEqual({
      command: "npx https://edgeclip.example.com/agent.tgz login https://edgeclip.example.com",
    });
    // https to a loopback name (a tunnel, a proxy with a certificate) proves itself too.
    expect(agentCommand("https://localhost:8443", "status").command).toBe(
      "npx https://localhost:8443/agent.tgz status",
    );
  });

  it("says both in a message: the command as code, then where", () => {
    expect(agentAdvice("http://127.0.0.1:8787", "connect http://127.0.0.1:8787")).toBe(
      "`npm run agent -- connect http://127.0.0.1:8787` in the edgeclip checkout that runs this server",
    );
    expect(agentAdvice("https://e.example", "connect https://e.example")).toBe(
      "`npx https://e.example/agent.tgz connect https://e.example`",
    );
  });

  it("knows loopback URLs by host name, in any case", () => {
    expect(isLoopbackUrl("http://LOCALHOST:1")).toBe(true);
    expect(isLoopbackUrl("http://127.0.0.1.nip.io")).toBe(false);
    expect(isLoopbackUrl("not a url")).toBe(false);
  });
});
