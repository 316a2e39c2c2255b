import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_DENY } from "../src/paths.ts";
import { walkRoots } from "../src/tree-walk.ts";

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
  it("finds files holding the needle, past node_modules, .git, nested .gitignore rules, denied and reserved paths", async () => {
    const root = tree({
      "a.ts": "store",
      "b.ts": "nothing here",
      "c.md": "store",
      "node_modules/x/i.ts": "store",
      ".git/h.ts": "store",
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
    expect(some).toMatchObject({ seen: 2, truncated: true });
    expect(names(root, some.files)).toEqual(["a.ts", "b.ts"]);
  });
});
