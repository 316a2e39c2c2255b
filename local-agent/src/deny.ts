import path from "node:path";

/**
 * The deny-list's matcher: pure, small and security-critical (paths.ts applies
 * it to every path, as given and as resolved). Not node's `path.matchesGlob`,
 * which 0.4.0 used: its `*` and `**` skip names that start with a dot and it
 * matches case-sensitively, so `.tls.key`, `backup.PEM` and everything under a
 * denied directory whose name starts with a dot were readable. Secrets are
 * named like that, and case-insensitive file systems (macOS, Windows) open
 * `ID_RSA` as `id_rsa`, so here case never matters and dots are ordinary.
 *
 * Glob syntax: `*` any run of characters within a name, `?` one character,
 * `**` any number of whole names (none included), `[a-z]` / `[!a-z]` one
 * character of a set or not, `{a,b}` alternatives within a name (not nested),
 * `\` escapes the next character (on Windows it separates names instead).
 *
 * Where a pattern applies, by its shape:
 * - a name (no `/`): any name in the path below its root (`secrets`, `*.pem`);
 * - a path from a root (`conf/secrets`, `./build`): anchored at the root;
 * - `**` first (`**\/.config/gcloud`): anywhere on the machine, so also above
 *   the root: with `--root ~/.config` the gcloud credentials stay refused;
 * - an absolute path (`/home/me/app/secrets`): that place.
 * A pattern that matches a directory refuses everything under it, at any
 * depth, dotfiles included.
 */

/**
 * A deny-list entry: a glob, or a glob with the names it spares (`id_rsa*` but
 * not `*.pub`), or one the agent derived from a pattern as written (`written`,
 * what refusals name: paths.ts resolves a path pattern's directories as roots
 * are resolved).
 */
export type DenyPattern =
  | string
  | { readonly glob: string; readonly unless?: string; readonly written?: string };

/** Usual names of copies: `key.pem.bak`, `server.key~`, `.tls.key.swp`, `cert.pem.1`. */
const COPIES = "{,~,.bak,.backup,.old,.orig,.save,.copy,.tmp,.swp,.[0-9]}";

/**
 * Always refused, whatever `--deny` says (each entry says why). A private key
 * by any other name is refused by its content (`isPrivateKey`).
 */
export const DEFAULT_DENY: readonly DenyPattern[] = [
  // Version control internals: hooks run on the user's next git command; config holds remotes' tokens.
  ".git",
  // Environment files (.env, .env.local, .envrc): the usual home of API keys.
  ".env*",
  // Private keys and certificates with their keys, by extension, and their copies. Not .jks or
  // .keystore: they are binary, refused as such. Not .asc: mostly public keys and signatures.
  `*.{pem,key,p12,pfx,p8,ppk}${COPIES}`,
  // OpenSSH keys and their copies (id_rsa.bak, id_ed25519_github, .id_rsa.swp). Public keys
  // (.pub) are meant to be shared: readable, except inside a refused directory (.ssh).
  { glob: "{,.}id_{rsa,dsa,ecdsa,ed25519}*", unless: "*.pub" },
  // Directories of credentials, wherever they are: SSH (keys, known hosts), GnuPG (private
  // keys), AWS, Azure and Kubernetes (tokens, client keys), gcloud (tokens; Windows: AppData).
  "**/.ssh",
  "**/.gnupg",
  "**/.aws",
  "**/.azure",
  "**/.kube",
  "**/.config/gcloud",
  "**/AppData/Roaming/gcloud",
  // Files of credentials in directories that also hold ordinary files: registry logins
  // (Docker, crates.io, RubyGems), git's and GitHub CLI's tokens, Terraform Cloud's,
  // Claude Code's and Codex's sign-ins.
  "**/.docker/config.json",
  "**/.cargo/credentials{,.toml}",
  "**/.gem/credentials",
  "**/.config/git/credentials",
  "**/.config/gh/hosts.yml",
  "**/.terraform.d/credentials.tfrc.json",
  "**/.claude/.credentials.json",
  "**/.codex/auth.json",
  // Credential files by name: npm and PyPI tokens, passwords for hosts (curl, git, ftp;
  // _netrc on Windows), git's stored passwords, PostgreSQL's and MySQL's, Vault's token.
  ".npmrc",
  ".netrc",
  "_netrc",
  ".pypirc",
  ".git-credentials",
  ".pgpass",
  ".my.cnf",
  ".vault-token",
];

const onWindows = process.platform === "win32";

/** Case and Unicode normalisation: names match whatever their case and composition. */
const fold = (s: string) => s.normalize("NFC").toLowerCase();

/** `s` with `/` separators (the OS's on Windows). */
const posix = (s: string) => (onWindows ? s.replaceAll("\\", "/") : s);

interface Compiled {
  /** The pattern as written, for messages. */
  glob: string;
  where: "name" | "rooted" | "anywhere" | "absolute";
  re: RegExp;
  unless: RegExp | undefined;
  /** The pattern's last name when it is literal (no wildcard): a path ending in another name never matches. */
  last: string | undefined;
}

const cache = new Map<DenyPattern, Compiled>();

/**
 * The first pattern that refuses `rel` (relative to its root) or, for `**` and
 * absolute patterns, `abs`. `below`: the directory holding it is known not to
 * be refused (a walk that checked it on its way down), so only the path itself
 * is matched, not every directory above it again.
 */
export function deniedBy(
  rel: string,
  deny: readonly DenyPattern[],
  abs?: string,
  below = false,
): string | undefined {
  const relNames = fold(posix(rel)).split("/").filter(Boolean);
  const absNames = abs === undefined ? undefined : fold(posix(abs)).split("/");
  for (const pattern of deny) {
    const c = compiled(pattern);
    const refused =
      c.where === "name"
        ? below
          ? refuses(c, relNames.at(-1) ?? "", relNames.at(-1) ?? "")
          : relNames.some((name) => refuses(c, name, name))
        : c.where === "rooted"
          ? someAncestor(relNames, c, below)
          : c.where === "anywhere"
            ? someAncestor(relNames, c, below) ||
              (absNames !== undefined && someAncestor(absNames, c, below))
            : absNames !== undefined && someAncestor(absNames, c, below);
    if (refused) return c.glob;
  }
  return undefined;
}

/** Whether `names` or a directory above it (its first k names, joined) matches; `below`: `names` alone. */
function someAncestor(names: string[], c: Compiled, below = false): boolean {
  for (let k = below ? names.length : 1; k <= names.length; k++) {
    const lastName = names[k - 1] ?? "";
    if (c.last !== undefined && lastName !== c.last) continue;
    if (refuses(c, names.slice(0, k).join("/"), lastName)) return true;
  }
  return false;
}

function refuses(c: Compiled, subject: string, lastName: string): boolean {
  if (c.last !== undefined && lastName !== c.last) return false;
  return c.re.test(subject) && !c.unless?.test(lastName);
}

function compiled(pattern: DenyPattern): Compiled {
  let c = cache.get(pattern);
  if (c) return c;
  const glob = typeof pattern === "string" ? pattern : pattern.glob;
  let g = fold(posix(glob));
  // `a/`, `a/**` and `a` refuse the same: `a` and everything under it.
  for (let before = ""; before !== g; ) {
    before = g;
    g = g.replace(/\/+$/, "").replace(/\/\*\*$/, "");
  }
  const absolute = g.startsWith("/") || (onWindows && /^[a-z]:\//.test(g));
  if (g.startsWith("./")) g = g.slice(2);
  const where = absolute
    ? "absolute"
    : g.startsWith("**/") || g === "**"
      ? "anywhere"
      : g.includes("/")
        ? "rooted"
        : "name";
  const unless = typeof pattern === "string" ? undefined : pattern.unless;
  c = {
    glob: (typeof pattern === "string" ? undefined : pattern.written) ?? glob,
    where,
    re: toRegExp(g),
    unless: unless === undefined ? undefined : toRegExp(fold(unless)),
    last: literalName(g.split("/").at(-1) ?? ""),
  };
  cache.set(pattern, c);
  return c;
}

/** `name` when it holds no wildcard, brace or escape (it matches only itself). */
const literalName = (name: string) => (name && !/[*?[\]{}\\]/.test(name) ? name : undefined);

/** A glob (already folded) as an anchored regular expression over `/`-separated names. */
function toRegExp(glob: string): RegExp {
  const names = glob.split("/");
  const source = names
    .map((name, i) =>
      name === "**"
        ? // Any number of names, each with its separator; empty ones too (an absolute path's first).
          i === names.length - 1
          ? ".*"
          : "(?:[^/]*/)*"
        : nameSource(name) + (i === names.length - 1 ? "" : "/"),
    )
    .join("");
  return new RegExp(`^${source}$`, "u");
}

/** One name of a glob as regular-expression source: `/` is never matched. */
function nameSource(name: string): string {
  let out = "";
  for (let i = 0; i < name.length; i++) {
    const c = name[i] ?? "";
    if (c === "*") {
      out += "[^/]*";
      while (name[i + 1] === "*") i++;
    } else if (c === "?") {
      out += "[^/]";
    } else if (c === "[" && name.indexOf("]", i + 2) !== -1) {
      const close = name.indexOf("]", i + 2);
      let set = name.slice(i + 1, close);
      const negated = set.startsWith("!") || set.startsWith("^");
      if (negated) set = set.slice(1);
      out += `[${negated ? "^/" : ""}${set.replace(/[\\\]^[]/g, "\\$&")}]`;
      i = close;
    } else if (c === "{" && name.indexOf("}", i) !== -1) {
      const close = name.indexOf("}", i);
      out += `(?:${name
        .slice(i + 1, close)
        .split(",")
        .map(nameSource)
        .join("|")})`;
      i = close;
    } else if (c === "\\" && i + 1 < name.length) {
      out += literal(name[++i] ?? "");
    } else {
      out += literal(c);
    }
  }
  return out;
}

/**
 * A path pattern split where its globbing starts: the names before the first
 * one with `*`, `?`, `[`, `{` or `\\` (a directory that can be resolved) and the rest.
 * A name pattern (no `/`) or one starting with `**` has no such directory.
 */
export function literalHead(glob: string): { head: string; rest: string } | undefined {
  const names = posix(glob).split("/");
  if (names.length < 2 || names[0] === "**") return undefined;
  const globbed = names.findIndex((name) => /[*?[{\\]/.test(name));
  const cut = globbed === -1 ? names.length : globbed;
  const head = names.slice(0, cut).join("/");
  if (head === "" || head === ".") return undefined;
  return { head, rest: names.slice(cut).join("/") };
}

const literal = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/**
 * Whether a text is a private key file (PEM: RSA, EC, PKCS#8, OpenSSH, PGP;
 * or PuTTY's), whatever the file is called: `id_rsa (copy)` and
 * `deploy-key.txt` are refused like `id_rsa`. Only a file that starts with the
 * key counts: source code quoting a test key further down stays editable.
 */
export function isPrivateKey(text: string): boolean {
  const start = text.search(/\S/); // not trimStart(): no copy of a 10 MiB text
  const head = start === -1 ? "" : text.slice(start, start + 80);
  return (
    /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----/.test(head) ||
    head.startsWith("PuTTY-User-Key-File-")
  );
}

/** Whether `p` is `dir` or inside it, whatever the case (absolute paths). */
export function insideFolded(dir: string, p: string): boolean {
  const rel = path.relative(fold(dir), fold(p));
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
