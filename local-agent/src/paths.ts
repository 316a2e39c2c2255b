import { lstat, readlink, realpath } from "node:fs/promises";
import path from "node:path";
import type { AgentErrorCode } from "../../src/shared/core/errors.ts";
import { configDir } from "./credentials.ts";
import { DEFAULT_DENY, type DenyPattern, deniedBy, insideFolded, literalHead } from "./deny.ts";
import { errnoOf, fsFailure } from "./fs-errors.ts";
import { stateDir } from "./status.ts";

export { DEFAULT_DENY, type DenyPattern, deniedBy };

/**
 * Which paths the agent may touch: the security-critical check, kept small so
 * it can be audited on its own (with deny.ts, its matcher). Safety lives here,
 * in the agent; nothing the edge sends is trusted (DESIGN.md §4).
 *
 * A path is allowed when both its given location and its real one (symlinks
 * resolved; for a file that does not exist yet, its nearest existing
 * ancestor's) are inside the roots, and neither matches the deny-list nor lies
 * in edgeclip's own directories. A path the OS refuses to resolve (too long, a
 * link loop, a file used as a directory, no permission) is refused with the
 * code for it (fs-errors.ts), naming the path as given.
 *
 * Known limits: between this check and the write, a directory on the path
 * could be swapped for a symlink by another process on the machine (the final
 * rename never follows a symlink at the target itself). A hard link to a file
 * outside the roots is a file inside them for every system call: realpath
 * cannot tell, so it is served like any file in the roots.
 */
export interface Sandbox {
  /** Real absolute paths of the roots; the first is where relative paths start. */
  roots: readonly string[];
  /** Deny patterns (deny.ts): the defaults and `--deny`'s. */
  deny: readonly DenyPattern[];
  /**
   * Directories refused whatever the roots and the deny-list: edgeclip's own
   * configuration (pairing tokens) and state (journal), as real absolute paths
   * (and as configured, when that differs). `sandboxFor` fills them in.
   */
  reserved?: readonly string[];
}

export type Resolved = {
  ok: true;
  /** The real absolute path. */
  abs: string;
  /** What the model sees: relative to the first root when inside it, else absolute. */
  display: string;
  /** The path as the caller gave it: what error messages name. */
  given: string;
};
export type Refused = {
  ok: false;
  code: AgentErrorCode;
  message: string;
};

/** The sandbox `connect` serves: the roots, the default and `--deny` patterns, edgeclip's own directories. */
export async function sandboxFor(
  roots: readonly string[],
  deny: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Promise<Sandbox> {
  const reserved = new Set<string>();
  for (const dir of [configDir(env), stateDir(env)]) {
    reserved.add(dir);
    reserved.add(await realLocation(dir).catch(() => dir));
  }
  return {
    roots,
    deny: [...DEFAULT_DENY, ...deny, ...(await resolvedDeny(deny, roots, cwd))],
    reserved: [...reserved],
  };
}

/**
 * `--deny` path patterns with their directories resolved as roots are: paths
 * are checked as real paths, so `--deny /srv/app/private` with /srv/app a
 * link to /data/app must also refuse /data/app/private, and `--deny
 * alias/private` typed beside `--root alias` must refuse what it names. An
 * absolute pattern's directories are resolved as they are; a relative one's
 * from each root (as documented) and from the current directory (as `--root`
 * resolves a relative root). Each is kept as written too; refusals name it as
 * written. Refusing more than meant is the safe side of a deny-list.
 */
async function resolvedDeny(
  deny: readonly string[],
  roots: readonly string[],
  cwd: string,
): Promise<DenyPattern[]> {
  const out: DenyPattern[] = [];
  const seen = new Set(deny);
  for (const written of deny) {
    const split = literalHead(written);
    if (!split) continue;
    const bases = path.isAbsolute(split.head) ? [""] : [...roots, cwd];
    for (const base of bases) {
      const real = await realLocation(path.resolve(base || "/", split.head)).catch(() => undefined);
      if (real === undefined) continue;
      const glob = [globLiteral(real.split(path.sep).join("/")), split.rest]
        .filter(Boolean)
        .join("/");
      if (seen.has(glob)) continue;
      seen.add(glob);
      out.push({ glob, written });
    }
  }
  return out;
}

/** A path as a glob that matches only it: each glob character in a set of its own. */
const globLiteral = (p: string) => p.replace(/[*?[\]{}\\]/g, "[$&]");

/** Resolves `input` (relative to the first root, or absolute) inside the sandbox, or refuses it. */
export async function resolvePath(sandbox: Sandbox, input: string): Promise<Resolved | Refused> {
  const primary = sandbox.roots[0];
  if (primary === undefined) throw new Error("the sandbox has no root");
  if (input.includes("\0"))
    return { ok: false, code: "INVALID_ARGUMENT", message: "`path` contains a NUL character." };
  const lexical = path.resolve(primary, input);
  const lexicalRoot = sandbox.roots.find((r) => isInside(r, lexical));
  if (lexicalRoot === undefined) return outside(sandbox, input);
  // Refused as written before the file system is asked anything about it.
  const deniedAsGiven = denied(sandbox, lexicalRoot, lexical, input);
  if (deniedAsGiven) return deniedAsGiven;
  // Checked here, not left to the OS: a missing directory on the way hides a
  // name that is too long from realpath (ENOENT comes first), and the journal
  // must not meet it at its final rename, past the point of no return.
  if (tooLong(lexical)) return refused(fsFailure("ENAMETOOLONG", quote(input), "resolve"));
  let real: string;
  try {
    real = await realLocation(lexical);
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === undefined) throw error;
    return refused(fsFailure(errno, quote(input), "resolve"));
  }
  const root = sandbox.roots.find((r) => isInside(r, real));
  if (root === undefined) return outside(sandbox, input);
  const deniedAsResolved = denied(sandbox, root, real, input);
  if (deniedAsResolved) return deniedAsResolved;
  const display = isInside(primary, real)
    ? path.relative(primary, real).split(path.sep).join("/") || "."
    : real;
  return { ok: true, abs: real, display, given: input };
}

const quote = (p: string) => `\`${p}\``;

const refused = ({ code, message }: { code: AgentErrorCode; message: string }): Refused => ({
  ok: false,
  code,
  message,
});

function outside(sandbox: Sandbox, input: string): Refused {
  return {
    ok: false,
    code: "PATH_OUTSIDE_ROOT",
    message: `\`${input}\` is outside the agent's roots (${sandbox.roots.join(", ")}). Give a path inside them.`,
  };
}

/**
 * Whether `full` (absolute, inside `root`) is refused: in edgeclip's own
 * directories, or on the deny-list. `below`: its directory is known not to be
 * (a walk checks each directory on its way down), so only `full` itself is matched.
 */
export function isDenied(sandbox: Sandbox, root: string, full: string, below = false): boolean {
  return (
    isReserved(sandbox, full) ||
    deniedBy(path.relative(root, full), sandbox.deny, full, below) !== undefined
  );
}

const isReserved = (sandbox: Sandbox, full: string) =>
  sandbox.reserved?.some((dir) => insideFolded(dir, full)) ?? false;

/** Why `full` (absolute, inside `root`) is refused, if it is: edgeclip's own directories, then the deny-list. */
function denied(sandbox: Sandbox, root: string, full: string, input: string): Refused | undefined {
  if (isReserved(sandbox, full))
    return {
      ok: false,
      code: "PATH_DENIED",
      message: `\`${input}\` is in edgeclip's own configuration or state directory (pairing tokens, journal); the agent never reads or writes there.`,
    };
  const pattern = deniedBy(path.relative(root, full), sandbox.deny, full);
  if (pattern === undefined) return undefined;
  return {
    ok: false,
    code: "PATH_DENIED",
    message: `\`${input}\` is on the agent's deny-list (\`${pattern}\`); edgeclip does not read or write it.`,
  };
}

/**
 * Whether the OS would refuse `abs` as too long: a name over 255 bytes of
 * UTF-8 (255 UTF-16 units on Windows, NTFS's unit), or the whole path over
 * PATH_MAX (Linux 4,096 bytes and macOS 1,024, with the final NUL). The usual
 * file systems' limits; a stricter one still answers ENAMETOOLONG, mapped the
 * same way.
 */
export function tooLong(abs: string, platform = process.platform): boolean {
  const size = (s: string) => (platform === "win32" ? s.length : Buffer.byteLength(s));
  const max = platform === "darwin" ? 1023 : platform === "win32" ? 32_766 : 4095;
  return size(abs) > max || abs.split(/[\\/]/).some((name) => size(name) > 255);
}

/**
 * The real path of `p`: realpath of its nearest existing ancestor, plus the
 * rest. A dangling symlink on the way is followed to where it points, so one
 * that points outside the roots is refused like any escaping link. Errors
 * other than ENOENT (ELOOP, ENOTDIR, EACCES, ENAMETOOLONG, …) are thrown.
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
