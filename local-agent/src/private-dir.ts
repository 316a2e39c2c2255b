import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import path from "node:path";

/**
 * edgeclip's own directories are its user's alone, as ssh requires of
 * `~/.ssh`: the config directory (the local credential, pairings) and the
 * state directory (the journal, whose entries hold the text an edit replaced,
 * the ledger of operations, the running agents' roots). 0.8 created the state
 * directory 0755 with files 0644, so where another account could enter the
 * home it read what the model edited in files only the user could read
 * (issue 42 §4). Not checked on Windows (ACLs).
 */

/** The setting that moves a directory elsewhere, named in advice. */
export type DirSetting = "EDGECLIP_CONFIG_DIR" | "EDGECLIP_STATE_DIR";

const currentUid = () => (typeof process.getuid === "function" ? process.getuid() : undefined);

/**
 * Why `dir` may not hold edgeclip's private files: it (or the directory it
 * links to) belongs to another user, or another user can write in it or in a
 * directory above it (a sticky one like /tmp aside), and so swap a file there
 * between its creation and its read. A directory that does not exist yet is
 * created 0700 by the writers (then its parents are what is checked).
 */
export function privateDirProblem(
  dir: string,
  setting: DirSetting,
  platform = process.platform,
  uid = currentUid(),
): string | undefined {
  if (platform === "win32" || uid === undefined) return undefined;
  // Every component as written: a link another account owns can be pointed elsewhere at any
  // time (one in /tmp, say), whatever it points at when this looks (issue 34 §7).
  const given = path.resolve(dir);
  for (let at = given; ; at = path.dirname(at)) {
    let info: Stats | undefined;
    try {
      info = lstatSync(at);
    } catch {
      // not created yet
    }
    if (info?.isSymbolicLink() && info.uid !== uid && info.uid !== 0)
      return `\`${at}\`${at === given ? "" : ", on its way,"} is a link that belongs to another user, who can point it anywhere; use a directory of your own (${setting})`;
    if (at === path.dirname(at)) break;
  }
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    real = path.resolve(dir);
  }
  const own = real;
  for (let at = real; ; at = path.dirname(at)) {
    let info: Stats;
    try {
      info = statSync(at);
    } catch {
      if (at === path.dirname(at)) break;
      continue; // not created yet
    }
    const mode = info.mode & 0o7777;
    const named =
      at === own
        ? `\`${dir}\`${own !== path.resolve(dir) ? ` (a link to ${own})` : ""}`
        : `\`${at}\`, above it,`;
    if (at === own && info.uid !== uid)
      return `${named} belongs to another user; use a directory of your own (${setting}), or remove it to have edgeclip create it`;
    if (at !== own && info.uid !== uid && info.uid !== 0)
      return `${named} belongs to another user, who could replace edgeclip's directory; use a directory of your own (${setting})`;
    if (mode & 0o022 && !(at !== own && mode & 0o1000))
      return `other users can write in ${named} (mode ${(mode & 0o777).toString(8)}); run \`chmod go-w ${at}\`${at === own ? ` (edgeclip creates it 0700)` : ""}`;
    if (at === path.dirname(at)) break;
  }
  return undefined;
}

/** At most this many entries are looked at when a directory is made private at start. */
const REPAIR_LIMIT = 100_000;

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Makes `dir` its user's alone before anything is written there, and returns
 * its real path, which is what callers write under (a link on the way cannot
 * be re-pointed after the check): created 0700 (its missing parents too), and
 * an existing one found open (0755, files 0644, as 0.8 left it) tightened,
 * every directory in it 0700 and every file 0600. Throws, naming the fix, when
 * `dir` is not private by `privateDirProblem` (checked before and after it is
 * created), holds something another account owns (it could only have been put
 * there while the directory was open), or holds more than REPAIR_LIMIT
 * entries. What other running agents rename or remove meanwhile is skipped.
 */
export function ensurePrivateDir(dir: string, setting: DirSetting): string {
  const uid = currentUid();
  if (process.platform === "win32" || uid === undefined) {
    mkdirSync(dir, { recursive: true });
    return realpathSync(dir);
  }
  const check = (at: string) => {
    const problem = privateDirProblem(at, setting);
    if (problem) throw new Error(`edgeclip's directory ${dir} is not private: ${problem}`);
  };
  check(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Again as written (a link someone put on the way while it was being created), then for real.
  check(dir);
  const root = realpathSync(dir);
  check(root);
  const pending = [root];
  let seen = 0;
  while (pending.length) {
    const at = pending.pop() ?? root;
    let info: Stats;
    try {
      info = lstatSync(at);
    } catch (error) {
      if (gone(error) && at !== root) continue;
      throw error;
    }
    if (info.uid !== uid)
      throw new Error(
        `edgeclip's directory ${dir} holds ${at}, which belongs to another user: remove it (or choose another directory with ${setting})`,
      );
    if (info.isSymbolicLink()) continue;
    const tight = info.isDirectory() ? 0o700 : 0o600;
    try {
      if (info.mode & 0o077) chmodSync(at, info.mode & tight);
      if (!info.isDirectory()) continue;
      for (const name of readdirSync(at)) {
        if (++seen > REPAIR_LIMIT)
          throw new Error(
            `edgeclip's directory ${dir} holds more than ${REPAIR_LIMIT} entries, too many to check: empty it (or choose another directory with ${setting})`,
          );
        pending.push(path.join(at, name));
      }
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  return root;
}
