import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { insideFolded } from "./deny.ts";
import { isDenied, type Sandbox } from "./paths.ts";

/**
 * The files under the agent's roots that a whole-tree change looks at (a
 * move's importers, imports/importers.ts): regular files only, never through a
 * symbolic link, and never in `node_modules`, `.git`, what the repository's
 * ignore files ignore (as git reads them: `.git/info/exclude` and every
 * `.gitignore` from the repository's root down, above the root too), a denied
 * path or edgeclip's own directories. Each file
 * whose name `accept`s and whose text holds one of `needles` is returned; the walk
 * stops after `maxFiles` files were seen, and says so.
 */
export interface WalkOptions {
  accept: (name: string) => boolean;
  needles: readonly string[];
  maxFiles: number;
}

export interface Walked {
  /** Real absolute paths. */
  files: string[];
  /** Files seen (accepted by name); the walk stopped at `maxFiles` when `truncated`. */
  seen: number;
  /** Every file accepted by name, whether or not it holds a needle. */
  accepted: string[];
  truncated: boolean;
}

const SKIPPED_DIRS = new Set(["node_modules", ".git"]);
const BATCH = 200;

/** A directory's `.gitignore`, with the directory it speaks for. */
interface Rules {
  dir: string;
  rules: Ignore;
}

/** The ignore rules in `file`, speaking for `dir`; none when it cannot be read or is too big. */
async function rulesIn(dir: string, file: string): Promise<Rules | undefined> {
  try {
    if (statSync(file).size > LIMITS.fileBytes) return undefined;
    return { dir, rules: ignore().add(await readFile(file, "utf8")) };
  } catch {
    return undefined;
  }
}

/**
 * The rules git applies to `root` from outside it: those of the repository
 * holding it (the nearest directory at or above it with a `.git`), its
 * `info/exclude` first, then each `.gitignore` from the repository's root down
 * to the root's parent (the root's own is read by the walk). Not the user's
 * global excludes file (`core.excludesFile`): that is personal taste, not the
 * project's.
 */
async function rulesAbove(root: string): Promise<Rules[]> {
  const dirs: string[] = [];
  for (let dir = root; ; ) {
    dirs.unshift(dir);
    if (existsSync(path.join(dir, ".git"))) break;
    const parent = path.dirname(dir);
    if (parent === dir) return []; // not in a repository
    dir = parent;
  }
  const repo = dirs[0] ?? root;
  const stack: Rules[] = [];
  const exclude = await rulesIn(repo, path.join(gitDir(repo), "info", "exclude"));
  if (exclude) stack.push(exclude);
  for (const dir of dirs.slice(0, -1)) {
    const rules = await rulesIn(dir, path.join(dir, ".gitignore"));
    if (rules) stack.push(rules);
  }
  return stack;
}

/**
 * Where a repository keeps `info/exclude`: `.git`, or for a `.git` file (a
 * worktree, a submodule) where it points, and for a worktree its main
 * repository's (`commondir`).
 */
function gitDir(repo: string): string {
  const dotGit = path.join(repo, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8").slice(0, 4096));
    if (!pointer?.[1]) return dotGit;
    const dir = path.resolve(repo, pointer[1]);
    const common = path.join(dir, "commondir");
    return existsSync(common) ? path.resolve(dir, readFileSync(common, "utf8").trim()) : dir;
  } catch {
    return dotGit;
  }
}

export async function walkRoots(sandbox: Sandbox, options: WalkOptions): Promise<Walked> {
  /** The files accepted by name, in the walk's order. */
  const named: string[] = [];
  let seen = 0;
  // As git decides: the deepest .gitignore with a rule for the path wins (`!name` re-includes).
  const ignored = (stack: readonly Rules[], full: string, isDir: boolean) => {
    for (const { dir, rules } of [...stack].reverse()) {
      const rel = path.relative(dir, full).split(path.sep).join("/");
      // A directory's rules never speak of the directory itself (the repository's root, as a root).
      if (!rel) continue;
      const verdict = rules.test(isDir ? `${rel}/` : rel);
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  };
  const visit = async (root: string, dir: string, stack: Rules[]): Promise<boolean> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const here = entries.some((e) => e.name === ".gitignore" && e.isFile())
      ? await rulesIn(dir, path.join(dir, ".gitignore")).then((r) => (r ? [...stack, r] : stack))
      : stack;
    // Names in a stable order, so what is found does not depend on the file system's.
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (
          SKIPPED_DIRS.has(entry.name) ||
          isDenied(sandbox, root, full) ||
          ignored(here, full, true)
        )
          continue;
        if (!(await visit(root, full, here))) return false;
        continue;
      }
      if (!entry.isFile() || !options.accept(entry.name)) continue;
      if (isDenied(sandbox, root, full) || ignored(here, full, false)) continue;
      if (++seen > options.maxFiles) return false;
      named.push(full);
    }
    return true;
  };
  /** Whether the file at `full` (within the size limit) holds a needle. */
  const holds = (full: string) => {
    try {
      if (statSync(full).size > LIMITS.fileBytes) return false;
      const text = readFileSync(full, "utf8");
      return options.needles.some((needle) => text.includes(needle));
    } catch {
      return false;
    }
  };
  let complete = true;
  for (const root of sandbox.roots) {
    // A root inside another is walked with it.
    if (sandbox.roots.some((other) => other !== root && insideFolded(other, root))) continue;
    const above = await rulesAbove(root);
    // A root that its repository ignores as a whole was chosen all the same: walked as its own.
    if (!(await visit(root, root, ignored(above, root, true) ? [] : above))) {
      complete = false;
      break;
    }
  }
  // Read synchronously, BATCH files at a time between turns of the event loop: for small
  // files that is several times faster than reading them asynchronously, and other requests
  // still wait at most one batch (a few milliseconds).
  const files: string[] = [];
  for (let at = 0; options.needles.length && at < named.length; at += BATCH) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const full of named.slice(at, at + BATCH)) if (holds(full)) files.push(full);
  }
  return { files, seen: Math.min(seen, options.maxFiles), truncated: !complete, accepted: named };
}
