import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bridgeUrl, parseCommand, shortHostname, tidyName, USAGE } from "../src/args.ts";
import { backoffMs } from "../src/connection.ts";

describe("parseCommand", () => {
  it("parses connect with every option, repeatable ones included", () => {
    expect(
      parseCommand([
        "connect",
        "http://127.0.0.1:8787",
        "--root",
        "a",
        "--root",
        "b",
        "--name",
        "laptop",
        "--project",
        "p",
        "--read-only",
        "--deny",
        "*.sqlite",
        "--deny",
        "secrets/**",
        "--allow-build-code",
        "a",
        "--verbose",
      ]),
    ).toEqual({
      command: "connect",
      url: "http://127.0.0.1:8787",
      roots: ["a", "b"],
      name: "laptop",
      project: "p",
      readOnly: true,
      deny: ["*.sqlite", "secrets/**"],
      buildCode: ["a"],
      verbose: true,
    });
  });

  it("parses login, with or without a name, and logout", () => {
    expect(parseCommand(["login", "https://clip.example.com/mcp"])).toEqual({
      command: "login",
      url: "https://clip.example.com/mcp",
      name: undefined,
    });
    expect(parseCommand(["login", "https://clip.example.com", "--name", "laptop"])).toEqual({
      command: "login",
      url: "https://clip.example.com",
      name: "laptop",
    });
    expect(parseCommand(["logout", "https://clip.example.com"])).toEqual({
      command: "logout",
      url: "https://clip.example.com",
    });
    expect(parseCommand(["mcp", "http://127.0.0.1:8787"])).toEqual({
      command: "mcp",
      url: "http://127.0.0.1:8787",
    });
    expect(parseCommand(["login", "--help"]).command).toBe("help");
  });

  it("shows help for --help, -h and no command; the version for --version", () => {
    for (const argv of [["--help"], ["-h"], [], ["connect", "--help"]])
      expect(parseCommand(argv).command).toBe("help");
    expect(parseCommand(["--version"]).command).toBe("version");
    expect(parseCommand(["status"]).command).toBe("status");
  });

  it("explains mistakes: unknown commands and options, missing or extra arguments", () => {
    for (const argv of [
      ["frobnicate"],
      ["connect"],
      ["connect", "a", "b"],
      ["connect", "u", "--bogus"],
      ["status", "x"],
      ["login"],
      ["login", "a", "b"],
      ["login", "u", "--root", "r"],
      ["logout"],
      ["logout", "u", "--name", "n"],
      ["mcp"],
      ["mcp", "u", "--root", "r"],
    ]) {
      const parsed = parseCommand(argv);
      expect(parsed.command, argv.join(" ")).toBe("error");
      if (parsed.command === "error") expect(parsed.message.length).toBeGreaterThan(10);
    }
  });
});

describe("bridgeUrl", () => {
  it("takes the server's base URL or its /mcp URL, over http or https", () => {
    expect(bridgeUrl("http://127.0.0.1:8787")).toEqual({
      server: "http://127.0.0.1:8787",
      bridge: "ws://127.0.0.1:8787/bridge",
      relay: "ws://127.0.0.1:8787/relay",
    });
    expect(bridgeUrl("http://127.0.0.1:8787/mcp")?.bridge).toBe("ws://127.0.0.1:8787/bridge");
    expect(bridgeUrl("https://clip.example.com/mcp/")).toEqual({
      server: "https://clip.example.com",
      bridge: "wss://clip.example.com/bridge",
      relay: "wss://clip.example.com/relay",
    });
    expect(bridgeUrl("https://example.com/edgeclip/mcp")?.bridge).toBe(
      "wss://example.com/edgeclip/bridge",
    );
  });

  it("refuses what is not an http(s) or ws(s) URL", () => {
    expect(bridgeUrl("127.0.0.1:8787")).toBeUndefined();
    expect(bridgeUrl("ftp://example.com")).toBeUndefined();
  });
});

describe("names and backoff", () => {
  it("tidies a directory name into a project or agent name", () => {
    expect(tidyName("My Project (v2)")).toBe("My-Project-v2-");
    expect(tidyName("..hidden")).toBe("hidden");
    expect(tidyName("!!!")).toBe("workspace");
    expect(tidyName("repo@host", "@")).toBe("repo@host");
    expect(tidyName("x".repeat(100))).toHaveLength(64);
    expect(shortHostname()).not.toContain(".");
  });

  it("backs off from half a second, doubling to 30 s, with jitter", () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, mid))).toEqual([500, 1000, 2000, 4000, 30000]);
    expect(backoffMs(0, () => 0)).toBe(400);
    expect(backoffMs(0, () => 1)).toBe(600);
  });
});

describe("the usage text", () => {
  it("is the README's usage section, word for word", () => {
    const readme = readFileSync(path.join(import.meta.dirname, "..", "README.md"), "utf8");
    expect(readme).toContain(`\`\`\`\n${USAGE}\n\`\`\``);
  });
});
