import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_DENY,
  deniedBy,
  isInside,
  resolvePath,
  type Sandbox,
  sandboxFor,
  tooLong,
} from "../src/paths.ts";

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

describe("resolvePath and the deny-list, on real files", () => {
  const made = (files: string[]) => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-deny-")));
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), "x\n");
    }
    return dir;
  };

  it("refuses keys as dotfiles and in any case, credential directories and their dotfiles", async () => {
    const files = [
      ".tls.key",
      ".private.pem",
      "backup.PEM",
      "id_rsa.bak",
      "id_ecdsa.old",
      ".ssh/id_ed25519_github",
      ".ssh/id_rsa.pub",
      ".aws/credentials",
      ".npmrc",
      ".netrc",
      ".docker/config.json",
      ".kube/config",
    ];
    const dir = made([...files, "id_rsa.pub", "src/keyboard.ts", "tokens.ts"]);
    const box: Sandbox = { roots: [dir], deny: [...DEFAULT_DENY] };
    for (const f of files) expect(await code(f, box), f).toBe("PATH_DENIED");
    for (const f of ["id_rsa.pub", "src/keyboard.ts", "tokens.ts"])
      expect(await code(f, box), f).toBe(f);
  });

  it("refuses everything under a --deny directory, dotfiles included, and names the pattern", async () => {
    const dir = made(["conf/secrets/.token", "conf/secrets/.d/x", "conf/settings.yml"]);
    const box: Sandbox = { roots: [dir], deny: [...DEFAULT_DENY, "conf/secrets"] };
    expect(await code("conf/secrets/.token", box)).toBe("PATH_DENIED");
    expect(await code("conf/secrets/.d/x", box)).toBe("PATH_DENIED");
    expect(await code("conf/settings.yml", box)).toBe("conf/settings.yml");
    const r = await resolvePath(box, "conf/secrets/.token");
    expect(!r.ok && r.message).toContain("`conf/secrets`");
  });

  it("refuses a link with an innocent name to a key, by the real path", async () => {
    const dir = made([".ssh/id_ed25519"]);
    symlinkSync(path.join(dir, ".ssh", "id_ed25519"), path.join(dir, "notes.txt"));
    expect(await code("notes.txt", { roots: [dir], deny: [...DEFAULT_DENY] })).toBe("PATH_DENIED");
  });

  it("resolves --deny path patterns as roots are resolved: through a linked root, from the current directory and from the root", async () => {
    // `connect --root alias --deny alias/private`, alias a link to the real project: 0.6.0 served
    // everything under private (its patterns met only the real paths, which do not name alias).
    const dir = made(["real/private/key.txt", "real/sub/secret/x.txt", "real/public.txt"]);
    symlinkSync(path.join(dir, "real"), path.join(dir, "alias"));
    symlinkSync(path.join(dir, "real", "sub"), path.join(dir, "real", "link"));
    const root = realpathSync(path.join(dir, "alias"));
    const env = {
      EDGECLIP_CONFIG_DIR: path.join(dir, "c"),
      EDGECLIP_STATE_DIR: path.join(dir, "s"),
    };
    const cases: [string[], string[]][] = [
      [["alias/private"], ["private/key.txt", "private/new.txt", "private"]],
      [[path.join(dir, "alias", "private")], ["private/key.txt", "private/new.txt"]],
      [[`${path.join(dir, "alias", "private")}/*.txt`], ["private/key.txt", "private/new.txt"]],
      [["./alias/private/**"], ["private/key.txt"]],
      // A root-relative pattern through a link inside the root: the file's real path is sub/secret.
      [["link/secret"], ["link/secret/x.txt", "sub/secret/x.txt"]],
    ];
    for (const [deny, refused] of cases) {
      const box = await sandboxFor([root], deny, env, dir);
      for (const f of refused) {
        const r = await resolvePath(box, f);
        expect(r.ok ? r.display : r.code, `${deny} ${f}`).toBe("PATH_DENIED");
        expect(!r.ok && r.message, `${deny} ${f}`).toContain(`(\`${deny[0]}\`)`);
      }
      expect(await code("public.txt", box), `${deny}`).toBe("public.txt");
    }
    // A pattern of names only, or starting with **, is not a place: nothing to resolve.
    const names = await sandboxFor([root], ["private", "**/secret"], env, dir);
    expect(names.deny.length).toBe(DEFAULT_DENY.length + 2);
  });

  it("refuses edgeclip's own config and state directories whatever the roots, by real path", async () => {
    // The root is a home directory holding both; a link in a project leads to the config.
    const home = made([
      ".config/edgeclip/credentials.json",
      ".local/state/edgeclip/journal/1.json",
      "code/app/a.ts",
    ]);
    symlinkSync(path.join(home, ".config"), path.join(home, "code", "app", "cfg"));
    const env = {
      EDGECLIP_CONFIG_DIR: path.join(home, ".config", "edgeclip"),
      EDGECLIP_STATE_DIR: path.join(home, ".local", "state", "edgeclip"),
    };
    const box = await sandboxFor([home], [], env);
    expect(await code(".config/edgeclip/credentials.json", box)).toBe("PATH_DENIED");
    expect(await code(".config/edgeclip/local.token", box)).toBe("PATH_DENIED");
    expect(await code(".local/state/edgeclip/journal/1.json", box)).toBe("PATH_DENIED");
    expect(await code("code/app/cfg/edgeclip/credentials.json", box)).toBe("PATH_DENIED");
    expect(await code("code/app/a.ts", box)).toBe("code/app/a.ts");
    // The defaults come with it, and --deny's.
    expect(await code(".ssh/config", box)).toBe("PATH_DENIED");
    const app = await sandboxFor([path.join(home, "code", "app")], ["*.ts"], env);
    expect(await code("a.ts", app)).toBe("PATH_DENIED");
    expect(await code("cfg/edgeclip/credentials.json", app)).toBe("PATH_OUTSIDE_ROOT");
  });
});

describe("resolvePath when the file system refuses", () => {
  const EMOJI = "🙂".repeat(297).concat(".ts"); // 300 characters, 1,191 bytes

  it("answers PATH_TOO_LONG for a 300-character emoji name, naming it as given, in a directory that exists or not", async () => {
    for (const input of [EMOJI, `src/${EMOJI}`, `missing/dir/${EMOJI}`]) {
      const r = await resolvePath(sandbox, input);
      expect(r.ok, input.slice(0, 20)).toBe(false);
      if (r.ok) continue;
      expect(r.code).toBe("PATH_TOO_LONG");
      expect(r.message).toContain(`\`${input}\``);
      expect(r.message).not.toContain(root);
    }
  });

  it("answers NOT_A_DIRECTORY for a file used as a directory, and NOT_A_FILE for a link loop", async () => {
    symlinkSync(path.join(root, "loop-b"), path.join(root, "loop-a"));
    symlinkSync(path.join(root, "loop-a"), path.join(root, "loop-b"));
    for (const [input, expected] of [
      ["src/a.ts/b.ts", "NOT_A_DIRECTORY"],
      ["loop-a", "NOT_A_FILE"],
      ["loop-a/x.ts", "NOT_A_FILE"],
    ]) {
      const r = await resolvePath(sandbox, input as string);
      expect(r.ok ? r.display : r.code, input).toBe(expected);
      if (!r.ok) {
        expect(r.message).toContain(`\`${input}\``);
        expect(r.message).not.toContain(root);
      }
    }
  });

  it("counts a name's bytes, not its characters, and the whole path", () => {
    expect(tooLong(`/r/${"é".repeat(127)}`, "linux")).toBe(false); // 254 bytes
    expect(tooLong(`/r/${"é".repeat(128)}`, "linux")).toBe(true); // 256 bytes
    expect(tooLong(`/r/${"a/".repeat(2100)}`, "linux")).toBe(true);
    expect(tooLong(`/r/${"a/".repeat(600)}`, "darwin")).toBe(true);
    expect(tooLong(`C:\\r\\${"é".repeat(200)}`, "win32")).toBe(false); // 200 UTF-16 units
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
