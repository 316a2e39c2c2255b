import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../local-agent/package.json" with { type: "json" };
import { AGENT_TARBALL } from "../../scripts/build-agent.ts";
import { type AnyClient, baseUrl, connectV1, ok, startSession } from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

/** npm as this process runs it: on the same Node (22), offline. */
const npm = (args: string[], cwd: string) =>
  execFileSync("npm", ["--offline", "--no-audit", "--no-fund", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

describe("the agent as users install it: npm pack, then npm install into an empty directory", () => {
  let tarball: string;
  let files: string[];
  let installDir: string;
  let agent: AgentProcess | undefined;
  let client: AnyClient | undefined;
  let root = "";

  beforeAll(() => {
    // The package as `npm pack` made it for this run (the e2e-agent setup's packAgent).
    tarball = AGENT_TARBALL;
    files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ""))
      .sort();
    installDir = mkdtempSync(path.join(tmpdir(), "edgeclip-install-"));
    npm(["init", "-y"], installDir);
    npm(["install", tarball], installDir);
  });

  afterAll(async () => {
    await agent?.stop();
    await client?.close();
  });

  it("ships JavaScript and WebAssembly only: the bundled CLI, the tree-sitter grammars, its README and package.json", () => {
    expect(files).toEqual([
      "README.md",
      "dist/edgeclip-agent.js",
      "dist/edgeclip-compute.js",
      ...["go", "java", "javascript", "python", "rust", "tsx", "typescript"].map(
        (lang) => `dist/grammars/tree-sitter-${lang}.wasm`,
      ),
      "dist/grammars/tree-sitter.wasm",
      "package.json",
    ]);
  });

  it("names no path of the machine that built it, so checkouts in different directories pack the same bytes", () => {
    // 0.6.0's bundle held `zod-locales:/<checkout>/node_modules/zod/…` (issue 27).
    const checkout = path.resolve(import.meta.dirname, "..", "..");
    const unpacked = mkdtempSync(path.join(tmpdir(), "edgeclip-unpacked-"));
    execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
    for (const file of files.filter(
      (f) => f.endsWith(".js") || f.endsWith(".json") || f.endsWith(".md"),
    )) {
      const text = readFileSync(path.join(unpacked, "package", file), "utf8");
      expect(text.includes(checkout), `${file} names ${checkout}`).toBe(false);
      expect(text.includes(tmpdir()), `${file} names ${tmpdir()}`).toBe(false);
    }
  });

  it("installs with no dependencies at all (nothing of the Worker's)", () => {
    const modules = readdirSync(path.join(installDir, "node_modules")).filter(
      (n) => !n.startsWith("."),
    );
    expect(modules).toEqual(["edgeclip-agent"]);
    const manifest = JSON.parse(
      readFileSync(path.join(installDir, "node_modules", "edgeclip-agent", "package.json"), "utf8"),
    );
    expect(manifest.dependencies).toBeUndefined();
  });

  it("runs `npx edgeclip-agent --help`, which is its README's usage", () => {
    const help = npm(["exec", "--", "edgeclip-agent", "--help"], installDir);
    expect(help).toContain("edgeclip-agent connect <url>");
    const readme = readFileSync(
      path.join(installDir, "node_modules", "edgeclip-agent", "README.md"),
      "utf8",
    );
    expect(readme).toContain(help.trim());
  });

  it("connects, and serves file operations", async () => {
    root = tempProject({ "hello.txt": "from the packed agent\n" });
    agent = await startAgent({
      root,
      name: "packed",
      project: "packed-project",
      bin: [process.execPath, path.join(installDir, "node_modules", ".bin", "edgeclip-agent")],
    });
    client = await connectV1();
    const session = await startSession(client, { project: "packed-project" });
    const read = await ok<{ content: string }>(client, "read", { session, from: "hello.txt" });
    expect(read.content).toBe("from the packed agent\n");
  });

  it("parses with tree-sitter in its compute thread, from the installed files alone", async () => {
    if (!agent || !client) throw new Error("the previous test did not connect the agent");
    writeFileSync(path.join(root, "a.py"), "def f():\n    return 1\n\n\ndef g():\n    pass\n");
    const session = await startSession(client, { project: "packed-project" });
    const read = await ok<{ content: string; selected: string }>(client, "read", {
      session,
      from: "a.py#g",
    });
    expect(read).toMatchObject({ content: "def g():\n    pass\n", selected: "g (function)" });
  });
});

describe("the agent the server offers: npx <server>/agent.tgz, from an empty directory", () => {
  const server = () => baseUrl();
  /** npx as a user runs it, in a scratch directory with its own npm cache (so the tarball comes from the server). */
  const scratch = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-npx-"));
    return {
      cwd: dir,
      env: {
        ...process.env,
        npm_config_cache: path.join(dir, ".npm-cache"),
        npm_config_update_notifier: "false",
        npm_config_audit: "false",
        npm_config_fund: "false",
      },
    };
  };
  let agent: AgentProcess | undefined;
  let client: AnyClient | undefined;
  afterAll(async () => {
    await agent?.stop();
    await client?.close();
  });

  it("serves /agent.tgz to anyone, built from this checkout, revalidated on every use", async () => {
    const response = await fetch(`${server()}/agent.tgz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const served = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(served).equals(readFileSync(AGENT_TARBALL))).toBe(true);
  });

  it("runs `npx <server>/agent.tgz --version` and `--help` in an empty directory", () => {
    const where = scratch();
    const run = (...args: string[]) =>
      execFileSync("npx", ["--yes", `${server()}/agent.tgz`, ...args], {
        ...where,
        encoding: "utf8",
      });
    expect(run("--version").trim()).toBe(pkg.version);
    expect(run("--help")).toContain("edgeclip-agent connect <url>");
    expect(readdirSync(where.cwd).filter((f) => !f.startsWith("."))).toEqual([]);
  });

  it("connects with `npx <server>/agent.tgz connect <server>` and serves file operations", async () => {
    const where = scratch();
    const root = tempProject({ "served.txt": "from the agent the server offers\n" });
    agent = await startAgent({
      root,
      name: "npx-served",
      project: "npx-project",
      bin: ["npx", "--yes", `${server()}/agent.tgz`],
      env: where.env,
    });
    client = await connectV1();
    const session = await startSession(client, { project: "npx-project" });
    const read = await ok<{ content: string }>(client, "read", { session, from: "served.txt" });
    expect(read.content).toBe("from the agent the server offers\n");
  });
});
