import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DENY, deniedBy, isInside, resolvePath, type Sandbox } from "../src/paths.ts";

let base: string;
let root: string;
let other: string;
let sandbox: Sandbox;

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-paths-")));
  root = path.join(base, "project");
  other = path.join(base, "outside");
  mkdirSync(path.join(root, "src"), { recursive: true });
  mkdirSync(other);
  writeFileSync(path.join(root, "src", "a.ts"), "a\n");
  writeFileSync(path.join(other, "secret.txt"), "secret\n");
  symlinkSync(path.join(other, "secret.txt"), path.join(root, "escape.txt"));
  symlinkSync(other, path.join(root, "escape-dir"));
  symlinkSync(path.join(root, "src", "a.ts"), path.join(root, "inside-link.ts"));
  symlinkSync(path.join(root, ".env"), path.join(root, "env-link"));
  symlinkSync(path.join(other, "nothing.txt"), path.join(root, "dangling-out"));
  sandbox = { roots: [root], deny: [...DEFAULT_DENY] };
});

async function code(input: string, box: Sandbox = sandbox) {
  const r = await resolvePath(box, input);
  return r.ok ? r.display : r.code;
}

describe("resolvePath", () => {
  it("resolves relative paths against the first root and shows them relative", async () => {
    expect(await code("src/a.ts")).toBe("src/a.ts");
    expect(await code("./src/../src/a.ts")).toBe("src/a.ts");
    expect(await code(path.join(root, "src/a.ts"))).toBe("src/a.ts");
    const r = await resolvePath(sandbox, "src/a.ts");
    expect(r.ok && r.abs).toBe(path.join(root, "src", "a.ts"));
  });

  it("allows files that do not exist yet, in directories that do not exist yet", async () => {
    expect(await code("src/new/deeper/file.ts")).toBe("src/new/deeper/file.ts");
  });

  it("refuses .. and absolute paths outside the roots with PATH_OUTSIDE_ROOT", async () => {
    expect(await code("../outside/secret.txt")).toBe("PATH_OUTSIDE_ROOT");
    expect(await code("src/../../outside/secret.txt")).toBe("PATH_OUTSIDE_ROOT");
    expect(await code(path.join(other, "secret.txt"))).toBe("PATH_OUTSIDE_ROOT");
    expect(await code("/etc/passwd")).toBe("PATH_OUTSIDE_ROOT");
    expect(await code("..")).toBe("PATH_OUTSIDE_ROOT");
  });

  it("refuses symlinks that escape the roots, to files and through directories", async () => {
    expect(await code("escape.txt")).toBe("PATH_OUTSIDE_ROOT");
    expect(await code("escape-dir/secret.txt")).toBe("PATH_OUTSIDE_ROOT");
    expect(await code("escape-dir/new-file.txt")).toBe("PATH_OUTSIDE_ROOT");
    expect(await code("dangling-out")).toBe("PATH_OUTSIDE_ROOT");
  });

  it("follows symlinks that stay inside, to the real file", async () => {
    const r = await resolvePath(sandbox, "inside-link.ts");
    expect(r.ok && r.abs).toBe(path.join(root, "src", "a.ts"));
  });

  it("never puts file content in the error", async () => {
    const r = await resolvePath(sandbox, "escape.txt");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).not.toContain("secret\n");
  });

  it("accepts paths in any root, absolute, and shows those outside the first as absolute", async () => {
    const two: Sandbox = { roots: [root, other], deny: [] };
    expect(await code(path.join(other, "secret.txt"), two)).toBe(path.join(other, "secret.txt"));
  });

  it("refuses the deny-list: .git, .env files, private keys, and --deny patterns", async () => {
    // env-link points at .env, which does not exist: the link is followed all the same.
    for (const p of [
      ".git/config",
      "sub/.git/HEAD",
      ".env",
      ".env.local",
      "keys/server.pem",
      "id_rsa",
      "a/id_ed25519",
      "env-link",
    ])
      expect(await code(p), p).toBe("PATH_DENIED");
    const custom: Sandbox = { roots: [root], deny: [...DEFAULT_DENY, "secrets/**", "*.sqlite"] };
    expect(await code("secrets/x.txt", custom)).toBe("PATH_DENIED");
    expect(await code("db/app.sqlite", custom)).toBe("PATH_DENIED");
    expect(await code("src/a.ts", custom)).toBe("src/a.ts");
    expect(await code(".gitignore")).toBe(".gitignore");
    expect(await code("id_rsa.pub")).toBe("id_rsa.pub");
  });

  it("refuses a NUL in the path", async () => {
    expect(await code("a\0b")).toBe("INVALID_ARGUMENT");
  });
});

describe("isInside and deniedBy", () => {
  it("does not mistake a sibling with a common prefix, or a name starting with dots, for inside", () => {
    expect(isInside("/a/b", "/a/bc")).toBe(false);
    expect(isInside("/a/b", "/a/b/..c")).toBe(true);
    expect(isInside("/a/b", "/a/b")).toBe(true);
  });

  it("matches patterns without a slash against every path segment", () => {
    expect(deniedBy("x/.env.production", [".env*"])).toBe(".env*");
    expect(deniedBy("x/env", [".env*"])).toBeUndefined();
    expect(deniedBy("build/out/a.js", ["build/"])).toBe("build/");
  });
});
