import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { DEFAULT_DENY } from "../src/paths.ts";
import { holdsNeedles, walkRoots } from "../src/tree-walk.ts";

function tree(files: Record<string, string>) {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-walk-")));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const scripts = (name: string) => name.endsWith(".ts");
const names = (root: string, files: string[]) => files.map((f) => path.relative(root, f));

describe("walkRoots", () => {
  it("finds files holding the needle, past node_modules, .git, .yarn, nested .gitignore rules, denied and reserved paths", async () => {
    const root = tree({
      "a.ts": "store",
      "b.ts": "nothing here",
      "c.md": "store",
      "node_modules/x/i.ts": "store",
      ".git/h.ts": "store",
      ".yarn/sdks/typescript/lib/tsserver.ts": "store",
      ".gitignore": "dist/\n*.gen.ts\n",
      "dist/d.ts": "store",
      "src/x.gen.ts": "store",
      "src/.gitignore": "local/\n!keep.gen.ts\n",
      "src/keep.gen.ts": "store",
      "src/local/l.ts": "store",
      "src/ok.ts": "store",
      "secrets/.env.ts": "store",
      "state/s.ts": "store",
    });
    const walked = await walkRoots(
      { roots: [root], deny: [...DEFAULT_DENY], reserved: [path.join(root, "state")] },
      { accept: scripts, needles: ["store"], maxFiles: 1000 },
    );
    expect(names(root, walked.files)).toEqual(["a.ts", "src/keep.gen.ts", "src/ok.ts"]);
    expect(walked.truncated).toBe(false);
  });

  it("never follows a symbolic link, and stops after maxFiles, saying so", async () => {
    const outside = tree({ "o.ts": "store" });
    const root = tree({ "a.ts": "store", "b.ts": "store", "c.ts": "store" });
    symlinkSync(outside, path.join(root, "linked"));
    symlinkSync(path.join(outside, "o.ts"), path.join(root, "l.ts"));
    const sandbox = { roots: [root], deny: [...DEFAULT_DENY] };
    const all = await walkRoots(sandbox, { accept: scripts, needles: ["store"], maxFiles: 10 });
    expect(names(root, all.files)).toEqual(["a.ts", "b.ts", "c.ts"]);
    const some = await walkRoots(sandbox, { accept: scripts, needles: ["store"], maxFiles: 2 });
    expect(some).toMatchObject({ seen: 2, truncated: "files" });
    expect(names(root, some.files)).toEqual(["a.ts", "b.ts"]);
  });

  it("stops at its deadline, saying so", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1_000; i++) files[`d${i % 10}/f${i}.ts`] = "store";
    const root = tree(files);
    const walked = await walkRoots(
      { roots: [root], deny: [...DEFAULT_DENY] },
      { accept: scripts, needles: ["store"], maxFiles: 10_000, deadline: Date.now() - 1 },
    );
    expect(walked.truncated).toBe("time");
    expect(walked.seen).toBeLessThan(1_000);
    expect(walked.files.length).toBe(walked.seen);
  });

  it("stops at its deadline in a tree of other files and empty directories, where no source file ever comes", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1_000; i++) files[`d${i % 10}/f${i}.txt`] = "store";
    const root = tree(files);
    for (let i = 0; i < 500; i++)
      mkdirSync(path.join(root, `e${i}`, "deeper"), { recursive: true });
    const walked = await walkRoots(
      { roots: [root], deny: [...DEFAULT_DENY] },
      { accept: scripts, needles: ["store"], maxFiles: 10_000, deadline: Date.now() - 1 },
    );
    expect(walked).toMatchObject({ truncated: "time", seen: 0, files: [] });
  });

  it("past 5,000 files, has another thread read batches, in the walk's order, and reads a batch it fails itself", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6_000; i++)
      files[`p${Math.floor(i / 1000)}/f${String(i).padStart(4, "0")}.ts`] = i % 7 ? "x" : "store";
    const root = tree(files);
    const sandbox = { roots: [root], deny: [...DEFAULT_DENY] };
    const here = await walkRoots(sandbox, {
      accept: scripts,
      needles: ["store"],
      maxFiles: 10_000,
    });
    expect(here.files.length).toBe(Math.ceil(6_000 / 7));
    let batches = 0;
    const elsewhere = await walkRoots(sandbox, {
      accept: scripts,
      needles: ["store"],
      maxFiles: 10_000,
      // Another thread answers later than this one would; every other batch it fails.
      reader: async (paths, needles) => {
        if (batches++ % 2) throw new Error("the thread stopped");
        await new Promise((resolve) => setTimeout(resolve, 5));
        return holdsNeedles(paths, needles);
      },
    });
    expect(batches).toBeGreaterThan(1);
    expect(elsewhere.files).toEqual(here.files);
  });

  it("is not held by a FIFO named like a source file (a read with no writer would wait forever)", async () => {
    const root = tree({ "a.ts": "store" });
    execFileSync("mkfifo", [path.join(root, "pipe.ts")]);
    const walked = await walkRoots(
      { roots: [root], deny: [...DEFAULT_DENY] },
      { accept: scripts, needles: ["store"], maxFiles: 100 },
    );
    expect(names(root, walked.files)).toEqual(["a.ts"]);
    // In the other thread's batches too.
    expect(holdsNeedles([path.join(root, "pipe.ts"), path.join(root, "a.ts")], ["store"])).toEqual([
      1,
    ]);
  });

  it("reads a file's bytes: a needle in UTF-8 text found, one only in a file past the size limit not, nor an empty file", async () => {
    const root = tree({ "ü.ts": "// größe\nimport { x } from './størë';\n", "e.ts": "" });
    writeFileSync(path.join(root, "big.ts"), `${"a".repeat(LIMITS.fileBytes)}størë`);
    // Past the first read's 64 KiB: found all the same.
    writeFileSync(path.join(root, "mid.ts"), `${"a".repeat(200_000)}størë`);
    const walked = await walkRoots(
      { roots: [root], deny: [...DEFAULT_DENY] },
      { accept: scripts, needles: ["størë"], maxFiles: 100 },
    );
    expect(names(root, walked.files).sort()).toEqual(["mid.ts", "ü.ts"]);
  });
});

describe("walkRoots in a repository above the root", () => {
  const ENV = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
  /** What git itself lists under `dir` as not ignored (tracked or not), relative to `dir`. */
  const gitSees = (dir: string) =>
    execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: dir,
      env: ENV,
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => f.endsWith(".ts"))
      .sort();

  it("honours the repository's ignore files as git does, from its root down, .git/info/exclude too", async () => {
    // 0.6.0 read .gitignore files from the root down only: with the agent's root at repo/src, the
    // repository's `src/vendor/` rule was not seen and a move rewrote src/vendor/v.ts.
    const repo = tree({
      ".gitignore": "src/vendor/\n*.gen.ts\n",
      "src/.gitignore": "!keep.gen.ts\n",
      "src/a.ts": "store",
      "src/vendor/v.ts": "store",
      "src/x.gen.ts": "store",
      "src/keep.gen.ts": "store",
      "src/app/b.ts": "store",
      "src/app/local.ts": "store",
      "src/app/deep/c.ts": "store",
    });
    execFileSync("git", ["init", "-q"], { cwd: repo, env: ENV });
    writeFileSync(path.join(repo, ".git", "info", "exclude"), "src/app/local.ts\n");
    // The repository's root itself too: what a user's agent usually serves (0.7 threw there,
    // testing the root against its own info/exclude rules as "/").
    for (const root of [repo, path.join(repo, "src"), path.join(repo, "src", "app")]) {
      const walked = await walkRoots(
        { roots: [root], deny: [...DEFAULT_DENY] },
        { accept: scripts, needles: ["store"], maxFiles: 1000 },
      );
      expect(names(root, walked.files).sort(), root).toEqual(gitSees(root));
    }
    expect(gitSees(path.join(repo, "src"))).toEqual([
      "a.ts",
      "app/b.ts",
      "app/deep/c.ts",
      "keep.gen.ts",
    ]);
  });

  it("walks a root that its repository ignores as a whole, by the root's own rules", async () => {
    const repo = tree({
      ".gitignore": "build/\n",
      "build/out/a.ts": "store",
      "build/out/b.ts": "store",
    });
    mkdirSync(path.join(repo, ".git"));
    const root = path.join(repo, "build", "out");
    writeFileSync(path.join(root, ".gitignore"), "b.ts\n");
    const walked = await walkRoots(
      { roots: [root], deny: [...DEFAULT_DENY] },
      { accept: scripts, needles: ["store"], maxFiles: 1000 },
    );
    expect(names(root, walked.files)).toEqual(["a.ts"]);
  });
});
