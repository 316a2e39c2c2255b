import { lstat, readlink, realpath } from "node:fs/promises";
import path from "node:path";

/**
 * Which paths the agent may touch: the security-critical check, kept small so
 * it can be audited on its own. Safety lives here, in the agent; nothing the
 * edge sends is trusted (DESIGN.md §4).
 *
 * A path is allowed when both its given location and its real one (symlinks
 * resolved; for a file that does not exist yet, its nearest existing
 * ancestor's) are inside the roots, and neither matches the deny-list.
 *
 * Known limit: between this check and the write, a directory on the path could
 * be swapped for a symlink by another process on the machine. The final rename
 * never follows a symlink at the target itself.
 */
export interface Sandbox {
  /** Real absolute paths of the roots; the first is where relative paths start. */
  roots: readonly string[];
  /** Glob patterns (node's `path.matchesGlob`); one without `/` matches any path segment. */
  deny: readonly string[];
}

/** Always denied: version control internals, environment files, private keys. */
export const DEFAULT_DENY = [
  ".git",
  ".env*",
  "*.pem",
  "*.key",
  "*.p12",
  "*.pfx",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
] as const;

export type Resolved = {
  ok: true;
  /** The real absolute path. */
  abs: string;
  /** What the model sees: relative to the first root when inside it, else absolute. */
  display: string;
};
export type Refused = {
  ok: false;
  code: "PATH_OUTSIDE_ROOT" | "PATH_DENIED" | "INVALID_ARGUMENT";
  message: string;
};

const caseInsensitive = process.platform === "darwin" || process.platform === "win32";

/** Resolves `input` (relative to the first root, or absolute) inside the sandbox, or refuses it. */
export async function resolvePath(sandbox: Sandbox, input: string): Promise<Resolved | Refused> {
  const primary = sandbox.roots[0];
  if (primary === undefined) throw new Error("the sandbox has no root");
  if (input.includes("\0"))
    return { ok: false, code: "INVALID_ARGUMENT", message: "`path` contains a NUL character." };
  const lexical = path.resolve(primary, input);
  const real = await realLocation(lexical);
  const root = sandbox.roots.find((r) => isInside(r, real));
  const lexicalRoot = sandbox.roots.find((r) => isInside(r, lexical));
  if (root === undefined || lexicalRoot === undefined) {
    return {
      ok: false,
      code: "PATH_OUTSIDE_ROOT",
      message: `\`${input}\` is outside the agent's roots (${sandbox.roots.join(", ")}). Give a path inside them.`,
    };
  }
  for (const [base, full] of [
    [root, real],
    [lexicalRoot, lexical],
  ] as const) {
    const pattern = deniedBy(path.relative(base, full), sandbox.deny);
    if (pattern !== undefined) {
      return {
        ok: false,
        code: "PATH_DENIED",
        message: `\`${input}\` is on the agent's deny-list (\`${pattern}\`); edgeclip does not read or write it.`,
      };
    }
  }
  const display = isInside(primary, real)
    ? path.relative(primary, real).split(path.sep).join("/") || "."
    : real;
  return { ok: true, abs: real, display };
}

/**
 * The real path of `p`: realpath of its nearest existing ancestor, plus the
 * rest. A dangling symlink on the way is followed to where it points, so one
 * that points outside the roots is refused like any escaping link.
 */
async function realLocation(p: string): Promise<string> {
  let existing = p;
  const rest: string[] = [];
  for (let hops = 0; ; ) {
    try {
      return path.join(await realpath(existing), ...rest);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      const link = await lstat(existing).then(
        (s) => s.isSymbolicLink(),
        () => false,
      );
      if (link && ++hops <= 40) {
        existing = path.resolve(path.dirname(existing), await readlink(existing));
        continue;
      }
      const parent = path.dirname(existing);
      if (parent === existing) return p;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** Whether `p` is `root` or inside it (both absolute and normalised). */
export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The first deny pattern matching `rel` (a path relative to its root), if any. */
export function deniedBy(rel: string, deny: readonly string[]): string | undefined {
  const norm = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  const relPosix = norm(rel.split(path.sep).join("/"));
  const segments = relPosix.split("/");
  return deny.find((raw) => {
    const pattern = norm(raw.replace(/\/+$/, ""));
    if (pattern.includes("/"))
      return path.matchesGlob(relPosix, pattern) || path.matchesGlob(relPosix, `${pattern}/**`);
    return segments.some((segment) => path.matchesGlob(segment, pattern));
  });
}
