import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
} from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { insideFolded } from "./deny.ts";
import { isDenied, type Sandbox } from "./paths.ts";
import { SAFE_READ } from "./regular-file.ts";

/**
 * The files under the agent's roots that a whole-tree change looks at (a
 * move's importers, imports/importers.ts): regular files only, never through a
 * symbolic link, and never in `node_modules`, `.git`, `.yarn`, what the repository's
 * ignore files ignore (as git reads them: `.git/info/exclude` and every
 * `.gitignore` from the repository's root down, above the root too), a denied
 * path or edgeclip's own directories. Each file whose name `accept`s and whose
 * bytes hold one of `needles` is returned, read as the walk finds it (a cheap
 * prefilter: nothing is parsed here); the walk stops after `maxFiles` files
 * were seen or past `deadline` (a `Date.now()`), and says which.
 */
export interface WalkOptions {
  accept: (name: string, full: string) => boolean;
  needles: readonly string[];
  maxFiles: number;
  /** When to stop looking (`Date.now()` milliseconds); none: only `maxFiles` bounds it. */
  deadline?: number;
  /** Keep every accepted file's path in `accepted` (a language whose importers name nothing a prefilter finds). */
  keepAccepted?: boolean;
  /**
   * Reads a batch of files in another thread (`holdsNeedles` there): the
   * indices of those holding a needle. A large tree's files are read there
   * while this thread walks on; a batch it fails, this thread reads.
   */
  reader?: (paths: string[], needles: readonly string[]) => Promise<number[]>;
}

export interface Walked {
  /** Real absolute paths of the files holding a needle. */
  files: string[];
  /** Files seen (accepted by name). */
  seen: number;
  /** Every file accepted by name, whether or not it holds a needle (with `keepAccepted`). */
  accepted: string[];
  /** Why the walk stopped before the end: `maxFiles` files seen, or its deadline. */
  truncated: false | "files" | "time";
}

/**
 * Never the project's code: installed packages, git's store, and Yarn's own directory (its
 * cache, plugins and the release a repository commits, `.yarn/releases/yarn-4.4.1.cjs`, 2.7 MB
 * of one line that names half the words a module could be called).
 */
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".yarn"]);

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

/** A reader of files' first bytes, one buffer for all of them. */
function byteSearch(needles: readonly string[]) {
  const wanted = needles.map((n) => Buffer.from(n, "utf8"));
  let buffer = Buffer.alloc(64 * 1024);
  /** Whether the file at `full` (within the size limit) holds a needle. */
  return (full: string): boolean => {
    let fd: number | undefined;
    try {
      // Never through a link swapped in since the listing, never waiting on a FIFO.
      fd = openSync(full, SAFE_READ);
      // Most files fit the buffer: one read, no stat. A larger one is measured first.
      let length = readSync(fd, buffer, 0, buffer.length, null);
      if (length === buffer.length) {
        const { size } = fstatSync(fd);
        if (size > LIMITS.fileBytes) return false;
        if (size >= buffer.length)
          buffer = Buffer.concat([buffer], Math.max(size + 1, buffer.length * 2));
        for (let got = -1; got !== 0 && length < buffer.length; length += got)
          got = readSync(fd, buffer, length, buffer.length - length, null);
        if (length > LIMITS.fileBytes) return false;
      }
      const bytes = buffer.subarray(0, length);
      return wanted.some((needle) => bytes.includes(needle));
    } catch {
      return false;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  };
}

/** The indices of the files in `paths` whose bytes hold one of `needles` (a batch of a walk, in any thread). */
export function holdsNeedles(paths: readonly string[], needles: readonly string[]): number[] {
  const holds = byteSearch(needles);
  const found: number[] = [];
  for (const [i, full] of paths.entries()) if (holds(full)) found.push(i);
  return found;
}

/** Files read between turns of the event loop: other requests wait at most one batch. */
const BATCH = 200;
/** Files seen before batches go to the other thread (a small tree is read here, sooner than a thread starts). */
const READER_AFTER = 5_000;
/** Batches in the other thread at once; past that, this thread reads the next one itself. */
const READER_QUEUE = 3;

export async function walkRoots(sandbox: Sandbox, options: WalkOptions): Promise<Walked> {
  const accepted: string[] = [];
  const holds = byteSearch(options.needles);
  let seen = 0;
  let stopped: Walked["truncated"] = false;
  /** Each batch's files holding a needle, in the walk's order (a batch read elsewhere, when it answers). */
  const batches: Promise<string[]>[] = [];
  let batch: string[] = [];
  let inReader = 0;
  const readHere = (paths: string[]) => paths.filter((full) => holds(full));
  /** Reads the batch so far: in the other thread when it keeps up, else here. */
  const flush = () => {
    const paths = batch;
    batch = [];
    if (!paths.length || !options.needles.length) return;
    const { reader } = options;
    if (!reader || seen < READER_AFTER || inReader >= READER_QUEUE) {
      batches.push(Promise.resolve(readHere(paths)));
      return;
    }
    inReader++;
    batches.push(
      reader(paths, options.needles).then(
        (found) => {
          inReader--;
          return found.map((i) => paths[i] as string);
        },
        () => {
          inReader--;
          return readHere(paths);
        },
      ),
    );
  };
  // As git decides: the deepest .gitignore with a rule for the path wins (`!name` re-includes).
  const ignored = (stack: readonly Rules[], full: string, isDir: boolean) => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const { dir, rules } = stack[i] as Rules;
      // `full` was joined onto `dir` (an ancestor): what follows it, without path.relative's work.
      const below = full.startsWith(dir) && full[dir.length] === path.sep;
      const native = below ? full.slice(dir.length + 1) : path.relative(dir, full);
      const rel = path.sep === "/" ? native : native.split(path.sep).join("/");
      // A directory's rules never speak of the directory itself (the repository's root, as a root).
      if (!rel) continue;
      const verdict = rules.test(isDir ? `${rel}/` : rel);
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  };
  let steps = 0;
  /**
   * Every BATCH names of any kind (a file of the language or not, a directory,
   * one refused): a turn of the event loop, and the deadline. A tree of
   * millions of other files or empty directories is bounded as one of sources is.
   */
  const step = async (): Promise<boolean> => {
    if (++steps % BATCH) return true;
    await new Promise((resolve) => setImmediate(resolve));
    if (options.deadline !== undefined && Date.now() > options.deadline) stopped = "time";
    return !stopped;
  };
  /** Visits `dir` (checked on the way down: not denied, not ignored); false once the walk stops. */
  const visit = async (root: string, dir: string, stack: Rules[]): Promise<boolean> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const here = entries.some((e) => e.name === ".gitignore" && e.isFile())
      ? await rulesIn(dir, path.join(dir, ".gitignore")).then((r) => (r ? [...stack, r] : stack))
      : stack;
    // Names in a stable order, so what is found does not depend on the file system's.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (!(await step())) return false;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (
          !SKIPPED_DIRS.has(entry.name) &&
          !isDenied(sandbox, root, full, true) &&
          !ignored(here, full, true) &&
          !(await visit(root, full, here))
        )
          return false;
        continue;
      }
      if (!entry.isFile() || !options.accept(entry.name, full)) continue;
      if (isDenied(sandbox, root, full, true) || ignored(here, full, false)) continue;
      if (++seen > options.maxFiles) {
        stopped = "files";
        return false;
      }
      if (options.keepAccepted) accepted.push(full);
      if (batch.push(full) >= BATCH) flush();
    }
    return true;
  };
  for (const root of sandbox.roots) {
    // A root inside another is walked with it; a root the deny-list refuses, not at all.
    if (sandbox.roots.some((other) => other !== root && insideFolded(other, root))) continue;
    if (isDenied(sandbox, root, root)) continue;
    const above = await rulesAbove(root);
    // A root that its repository ignores as a whole was chosen all the same: walked as its own.
    if (!(await visit(root, root, ignored(above, root, true) ? [] : above))) break;
  }
  flush();
  const files = (await Promise.all(batches)).flat();
  return { files, seen: Math.min(seen, options.maxFiles), truncated: stopped, accepted };
}
