import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { bridgeUrl } from "./args.ts";
import { privateDirProblem } from "./private-dir.ts";

/**
 * The tokens `edgeclip-agent login` obtained, one per server, in
 * `<config dir>/credentials.json` (mode 0600, in a directory created 0700):
 * `{ "servers": { "<server URL>": { token, user, agent, paired_at } } }`.
 * A server is keyed by its base URL as `bridgeUrl` gives it (its origin, for
 * a server at the root of its host), so `https://x/mcp` and `https://x` are
 * the same server.
 */
export const Credential = z.object({
  token: z.string().min(1),
  /** The account that approved the pairing. */
  user: z.string(),
  /** The name the server lists the pairing under. */
  agent: z.string(),
  /** When it was paired (ISO 8601). */
  paired_at: z.string(),
});
export type Credential = z.infer<typeof Credential>;

const CredentialsFile = z.object({ servers: z.record(z.string(), Credential) });
type CredentialsFile = z.infer<typeof CredentialsFile>;

const FILE = "credentials.json";

/**
 * Where the credentials live: `EDGECLIP_CONFIG_DIR`, else
 * `$XDG_CONFIG_HOME/edgeclip`, else `%APPDATA%\edgeclip` on Windows and
 * `~/.config/edgeclip` elsewhere (macOS included).
 */
export function configDir(env = process.env, platform = process.platform): string {
  if (env.EDGECLIP_CONFIG_DIR) return path.resolve(env.EDGECLIP_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME))
    return path.join(env.XDG_CONFIG_HOME, "edgeclip");
  if (platform === "win32")
    return path.join(env.APPDATA ?? path.join(homedir(), "AppData", "Roaming"), "edgeclip");
  return path.join(homedir(), ".config", "edgeclip");
}

/**
 * Why `dir`, the config directory, may not hold credentials (private-dir.ts:
 * another user's, or writable by others, it or a directory above it).
 */
export const configDirProblem = (
  dir: string,
  platform = process.platform,
  uid = typeof process.getuid === "function" ? process.getuid() : undefined,
) => privateDirProblem(dir, "EDGECLIP_CONFIG_DIR", platform, uid);

/** Throws `configDirProblem`'s reason, naming what was being done. */
export function checkConfigDir(dir: string): void {
  const problem = configDirProblem(dir);
  if (problem) throw new Error(`edgeclip's config directory is not private: ${problem}`);
}

/** The key of a server's credential: its base URL (`https://x/mcp` → `https://x`). */
export function serverKey(url: string): string {
  const server = bridgeUrl(url)?.server;
  if (!server) throw new Error(`\`${url}\` is not a server URL`);
  return server;
}

/** The credentials file's content; a missing file holds none, a damaged one is an error (never overwritten). */
export function parseCredentials(text: string | undefined, file: string): CredentialsFile {
  if (text === undefined) return { servers: {} };
  let parsed: ReturnType<typeof CredentialsFile.safeParse>;
  try {
    parsed = CredentialsFile.safeParse(JSON.parse(text));
  } catch (error) {
    throw damaged(file, (error as Error).message);
  }
  if (!parsed.success) throw damaged(file, z.prettifyError(parsed.error).replaceAll("\n", " "));
  return parsed.data;
}

const damaged = (file: string, why: string) =>
  new Error(
    `${file} is not a valid credentials file (${why}); fix it, or delete it and log in again`,
  );

function load(dir: string): CredentialsFile {
  checkConfigDir(dir);
  const file = path.join(dir, FILE);
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return parseCredentials(text, file);
}

/** Replaces the file atomically: a temporary file (0600) in the same directory, then a rename. */
function store(dir: string, credentials: CredentialsFile): void {
  checkConfigDir(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, FILE);
  const temp = path.join(dir, `.${FILE}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The header that presents a token to the server (none without a token). */
export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The credential for the server at `url`, if this machine is paired with it. */
export function readCredential(url: string, dir = configDir()): Credential | undefined {
  return load(dir).servers[serverKey(url)];
}

/** Keeps (or replaces) the credential for the server at `url`. */
export function saveCredential(url: string, credential: Credential, dir = configDir()): void {
  const credentials = load(dir);
  credentials.servers[serverKey(url)] = credential;
  store(dir, credentials);
}

/** Forgets the credential for the server at `url`; false if there was none. */
export function removeCredential(url: string, dir = configDir()): boolean {
  const credentials = load(dir);
  const key = serverKey(url);
  if (!(key in credentials.servers)) return false;
  delete credentials.servers[key];
  store(dir, credentials);
  return true;
}
