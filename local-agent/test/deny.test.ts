import { describe, expect, it } from "vitest";
import { DEFAULT_DENY, deniedBy } from "../src/paths.ts";

/** Paths relative to a root, refused (true) or served (false) by the default deny-list. */
const DEFAULTS: [string, boolean][] = [
  // Private keys by extension: any case, dotfiles, and their copies.
  ["keys/server.pem", true],
  [".tls.key", true],
  [".private.pem", true],
  ["backup.PEM", true],
  ["certs/Server.Key", true],
  ["keys/server.key.bak", true],
  ["certs/tls.pem~", true],
  ["certs/tls.pem.old", true],
  ["certs/tls.pem.1", true],
  [".server.key.swp", true],
  ["store.P12", true],
  ["AuthKey_ABC123.p8", true],
  ["putty.PPK", true],
  // OpenSSH keys and their copies; public keys stay readable outside a refused directory.
  ["id_rsa", true],
  ["ID_RSA", true],
  ["a/id_ed25519", true],
  ["id_rsa.bak", true],
  ["id_ecdsa.old", true],
  ["backup/id_ed25519_github", true],
  ["id_ed25519_sk", true],
  [".id_rsa.swp", true],
  ["id_rsa.pub", false],
  ["keys/id_ed25519.pub", false],
  // Credential directories, everything under them, dotfiles and public keys included.
  [".ssh/id_ed25519_github", true],
  [".ssh/config", true],
  [".ssh/id_rsa.pub", true],
  ["home/.SSH/known_hosts", true],
  [".aws/credentials", true],
  [".AWS/Credentials", true],
  [".gnupg/private-keys-v1.d/0A1B.key", true],
  [".gnupg/pubring.kbx", true],
  [".kube/config", true],
  [".azure/msal_token_cache.json", true],
  [".config/gcloud/application_default_credentials.json", true],
  ["AppData/Roaming/gcloud/credentials.db", true],
  // Credential files.
  [".npmrc", true],
  ["packages/web/.npmrc", true],
  [".netrc", true],
  ["_netrc", true],
  [".pypirc", true],
  [".git-credentials", true],
  [".config/git/credentials", true],
  [".docker/config.json", true],
  [".pgpass", true],
  [".my.cnf", true],
  [".cargo/credentials.toml", true],
  [".config/gh/hosts.yml", true],
  [".claude/.credentials.json", true],
  [".vault-token", true],
  // Version control and environment files, in any case.
  [".git/config", true],
  [".GIT/hooks/pre-commit", true],
  [".ENV", true],
  ["app/.Env.Local", true],
  // Ordinary files that only look like the above.
  ["src/keyboard.ts", false],
  ["docs/monkey.md", false],
  ["tokens.ts", false],
  ["environment.ts", false],
  ["src/api.key.ts", false],
  ["src/keys.ts", false],
  ["src/pem.ts", false],
  ["local-agent/src/credentials.ts", false],
  ["docs/ssh.md", false],
  [".sshrc", false],
  [".gitignore", false],
  [".github/workflows/ci.yml", false],
  ["docker/config.json", false],
  [".docker/php/Dockerfile", false],
  ["kube/deployment.yaml", false],
  ["npmrc.md", false],
  ["certs/ca.crt", false],
];

describe("the default deny-list", () => {
  it.each(DEFAULTS)("%s → refused: %s", (rel, refused) => {
    expect(deniedBy(rel, DEFAULT_DENY) !== undefined).toBe(refused);
  });

  it("refuses credential directories above the root too, by the absolute path", () => {
    // --root ~/.config: the gcloud directory is `gcloud` there; --root ~/.ssh: `config`.
    expect(
      deniedBy("gcloud/credentials.db", DEFAULT_DENY, "/home/me/.config/gcloud/credentials.db"),
    ).toBe("**/.config/gcloud");
    expect(deniedBy("config", DEFAULT_DENY, "/home/me/.ssh/config")).toBe("**/.ssh");
    expect(deniedBy("src/a.ts", DEFAULT_DENY, "/home/me/code/app/src/a.ts")).toBeUndefined();
  });
});

describe("a walk's check of one path below a directory it checked (`below`)", () => {
  // Every prefix of each path checked as a walk does (each directory on its way down, then the
  // path), against the whole path checked at once: the same verdict, for every default pattern.
  const paths = [
    ...DEFAULTS.map(([rel]) => rel),
    "src/.ssh/id_ed25519.pub",
    "app/.config/gcloud/creds.db",
    "a/b/.docker/config.json",
    "a/.cargo/credentials.toml",
    "src/deep/er/id_rsa.old",
    "src/ok/file.ts",
    "docs/.envrc.md",
  ];
  it.each(paths)("%s", (rel) => {
    const abs = `/home/me/code/${rel}`;
    const names = rel.split("/");
    const walked = names.some(
      (_, k) =>
        deniedBy(
          names.slice(0, k + 1).join("/"),
          DEFAULT_DENY,
          `/home/me/code/${names.slice(0, k + 1).join("/")}`,
          true,
        ) !== undefined,
    );
    expect(walked).toBe(deniedBy(rel, DEFAULT_DENY, abs) !== undefined);
  });
});

describe("--deny patterns", () => {
  const cases: [string, string, boolean][] = [
    // A directory covers everything under it, dotfiles and any depth included.
    ["conf/secrets", "conf/secrets/.token", true],
    ["conf/secrets", "conf/secrets/a/.b/c.txt", true],
    ["conf/secrets", "conf/secrets", true],
    ["conf/secrets", "CONF/Secrets/.token", true],
    ["conf/secrets", "conf/secrets2/x", false],
    ["conf/secrets", "other/conf/secrets/x", false],
    ["conf/secrets/", "conf/secrets/.token", true],
    ["./conf/secrets", "conf/secrets/.token", true],
    ["secrets/**", "secrets/.hidden", true],
    ["secrets/**", "secrets/deep/.er/x", true],
    // A name matches at any depth, and covers what is under it.
    ["build", "build/.cache/x.js", true],
    ["build", "src/build/.x", true],
    ["build", "src/builder.ts", false],
    ["*.sqlite", "data/.cache.SQLITE", true],
    ["*.sqlite", "data/app.sqlite3", false],
    ["conf/*.{yml,yaml}", "conf/.local.YAML", true],
    ["conf/*.{yml,yaml}", "conf/app.json", false],
    ["**/fixtures/*.json", "a/b/fixtures/.x.json", true],
    ["log-[0-9].txt", "log-7.txt", true],
    ["log-[!0-9].txt", "log-7.txt", false],
  ];
  it.each(cases)("%s refuses %s: %s", (pattern, rel, refused) => {
    expect(deniedBy(rel, [pattern]) === pattern).toBe(refused);
  });

  it("takes an absolute path as that place, and everything under it", () => {
    expect(deniedBy("secrets/.key", ["/home/me/app/secrets"], "/home/me/app/secrets/.key")).toBe(
      "/home/me/app/secrets",
    );
    expect(deniedBy("src/a.ts", ["/home/me/app/secrets"], "/home/me/app/src/a.ts")).toBeUndefined();
  });
});
