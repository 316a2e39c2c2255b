import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { checkConfigDir, configDir } from "./credentials.ts";

/**
 * The local credential (docs/security.md): a random token that lets MCP
 * clients, local agents and the browser use the server `npm start` runs on
 * this machine, and nobody else on it. `npm start` creates it once in
 * `<config dir>/local.env` (mode 0600, the directory 0700), in the dotenv
 * form `wrangler dev --env-file` reads, and hands it to the Worker; the agent
 * reads it here and sends it only to loopback servers. `EDGECLIP_LOCAL_TOKEN`
 * in the environment takes its place.
 */
export const LOCAL_TOKEN_VAR = "EDGECLIP_LOCAL_TOKEN";
export const LOCAL_CREDENTIAL_FILE = "local.env";

const TOKEN = /^ecl_[A-Za-z0-9_-]{43}$/;

export const localCredentialPath = (dir = configDir()) => path.join(dir, LOCAL_CREDENTIAL_FILE);

/** A fresh token: `ecl_` and 32 random bytes in base64url (the prefix lets secret scanners spot it). */
export const newLocalToken = () => `ecl_${randomBytes(32).toString("base64url")}`;

/** The file's text for `token`. */
export function localCredentialText(token: string): string {
  return `# edgeclip's local credential: it lets MCP clients, local agents and your browser
# use the edgeclip server \`npm start\` runs on this machine. Keep it to yourself
# (only you can read this file). Delete this file to get a new token.
${LOCAL_TOKEN_VAR}=${token}
`;
}

/** The token in a local.env text, or why there is none. */
export function parseLocalCredential(text: string): string | { error: string } {
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?EDGECLIP_LOCAL_TOKEN\s*=\s*["']?([^"'\s]*)["']?\s*$/.exec(line);
    if (!m) continue;
    const token = m[1] ?? "";
    return TOKEN.test(token) ? token : { error: `its ${LOCAL_TOKEN_VAR} is not an edgeclip token` };
  }
  return { error: `it holds no ${LOCAL_TOKEN_VAR}` };
}

/**
 * Why a credential file must not be used: readable or writable by others, or
 * someone else's (as ssh does with keys). Not checked on Windows (ACLs).
 */
function looseness(file: string, platform = process.platform): string | undefined {
  if (platform === "win32") return undefined;
  const info = statSync(file);
  if (typeof process.getuid === "function" && info.uid !== process.getuid())
    return "it belongs to another user";
  if (info.mode & 0o077)
    return `other users can read or change it (mode ${(info.mode & 0o777).toString(8)}); run \`chmod 600 ${file}\`, or delete it to get a new token`;
  return undefined;
}

/**
 * The credential file, read through the directory that was checked (issue 34
 * §7): the directory is opened once and checked by its handle (the user's,
 * written by no one else), and on Linux the file is opened relative to that
 * handle without following a link (`/proc/self/fd/N/local.env`, O_NOFOLLOW:
 * openat's effect), so no one can swap the directory or the file between the
 * check and the read. Elsewhere the file is read by its path after the checks.
 * Undefined when there is no file.
 */
function readThroughDirectory(
  dir: string,
  file: string,
): { text: string; loose: string | undefined } | undefined {
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  if (process.platform !== "linux" || uid === undefined) {
    if (!existsSync(file)) return undefined;
    return { text: readFileSync(file, "utf8"), loose: looseness(file) };
  }
  let dirFd: number;
  try {
    dirFd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const held = fstatSync(dirFd);
    if (held.uid !== uid) throw new Error(`${dir} belongs to another user`);
    if (held.mode & 0o022)
      throw new Error(`other users can write in ${dir} (mode ${(held.mode & 0o777).toString(8)})`);
    let fd: number;
    try {
      fd = openSync(
        `/proc/self/fd/${dirFd}/${LOCAL_CREDENTIAL_FILE}`,
        constants.O_RDONLY | constants.O_NOFOLLOW,
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return undefined;
      if (code === "ELOOP") throw new Error(`${file} is a link; it must be a file of its own`);
      throw error;
    }
    try {
      const info = fstatSync(fd);
      const loose =
        info.uid !== uid
          ? "it belongs to another user"
          : info.mode & 0o077
            ? `other users can read or change it (mode ${(info.mode & 0o777).toString(8)}); run \`chmod 600 ${file}\`, or delete it to get a new token`
            : undefined;
      return { text: readFileSync(fd, "utf8"), loose };
    } finally {
      closeSync(fd);
    }
  } finally {
    closeSync(dirFd);
  }
}

/**
 * The local token: `EDGECLIP_LOCAL_TOKEN` from the environment, else the one
 * in the credential file; undefined when there is neither. A file that is
 * damaged or that others can read is an error, never used.
 */
export function readLocalToken(env = process.env, dir = configDir()): string | undefined {
  const fromEnv = env[LOCAL_TOKEN_VAR];
  if (fromEnv) return fromEnv;
  checkConfigDir(dir);
  const file = localCredentialPath(dir);
  let read: { text: string; loose: string | undefined } | undefined;
  try {
    read = readThroughDirectory(dir, file);
  } catch (error) {
    throw new Error(`cannot read the local credential ${file}: ${(error as Error).message}`);
  }
  if (!read) return undefined;
  const { text, loose } = read;
  if (loose) throw new Error(`the local credential ${file} is not private: ${loose}`);
  const token = parseLocalCredential(text);
  if (typeof token !== "string")
    throw new Error(
      `${file} is not a valid local credential (${token.error}); delete it and run \`npm start\` again`,
    );
  return token;
}

/**
 * The local token, created once: a new file is written to a temporary name and
 * linked into place, so two `npm start`s at once agree on one token.
 */
export function ensureLocalToken(dir = configDir()): {
  token: string;
  file: string;
  created: boolean;
} {
  const file = localCredentialPath(dir);
  const existing = readLocalToken({}, dir);
  if (existing) return { token: existing, file, created: false };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkConfigDir(dir);
  const token = newLocalToken();
  const temp = path.join(dir, `.${LOCAL_CREDENTIAL_FILE}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, localCredentialText(token), { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600);
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another start won the race: use its token.
    return { token: readLocalToken({}, dir) ?? token, file, created: false };
  } finally {
    rmSync(temp, { force: true });
  }
  return { token, file, created: true };
}
