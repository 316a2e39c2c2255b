import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLoopbackUrl } from "../../src/shared/core/agent-command.ts";
import {
  ensureLocalToken,
  localCredentialText,
  newLocalToken,
  parseLocalCredential,
  readLocalToken,
} from "../src/local-credential.ts";

const dir = () => path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-cred-")), "config");

describe("the local credential file", () => {
  it("is created once, private (0600 in a 0700 directory), and the same token after", () => {
    const config = dir();
    const first = ensureLocalToken(config);
    expect(first.created).toBe(true);
    expect(first.token).toMatch(/^ecl_[A-Za-z0-9_-]{43}$/);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(statSync(config).mode & 0o777).toBe(0o700);
    const again = ensureLocalToken(config);
    expect(again).toEqual({ ...first, created: false });
    expect(readLocalToken({}, config)).toBe(first.token);
  });

  it("is a dotenv file wrangler dev can take with --env-file", () => {
    const token = newLocalToken();
    const text = localCredentialText(token);
    expect(text).toContain(`\nEDGECLIP_LOCAL_TOKEN=${token}\n`);
    expect(parseLocalCredential(text)).toBe(token);
    expect(parseLocalCredential(`export EDGECLIP_LOCAL_TOKEN="${token}"\n`)).toBe(token);
    expect(parseLocalCredential("EDGECLIP_LOCAL_TOKEN=short\n")).toEqual({
      error: "its EDGECLIP_LOCAL_TOKEN is not an edgeclip token",
    });
    expect(parseLocalCredential("# nothing\n")).toEqual({
      error: "it holds no EDGECLIP_LOCAL_TOKEN",
    });
  });

  it("is refused when other users can read it, saying how to fix it", () => {
    const config = dir();
    const { file } = ensureLocalToken(config);
    chmodSync(file, 0o644);
    expect(() => readLocalToken({}, config)).toThrow(/not private: .*chmod 600/);
    expect(() => ensureLocalToken(config)).toThrow(/not private/);
    expect(readFileSync(file, "utf8")).toContain("EDGECLIP_LOCAL_TOKEN=");
  });

  it("lives in a directory of the user's own: one others can write in, or that belongs to another user or links to one, is refused, as ssh refuses a loose ~/.ssh", () => {
    // World- or group-writable: another account could swap local.env between its creation and wrangler's read.
    for (const mode of [0o777, 0o770, 0o722]) {
      const config = dir();
      mkdirSync(config, { mode: 0o700 });
      chmodSync(config, mode);
      expect(() => ensureLocalToken(config), mode.toString(8)).toThrow(
        /config directory is not private: other users can write in .*chmod go-w/,
      );
      expect(existsSync(path.join(config, "local.env"))).toBe(false);
      expect(() => readLocalToken({}, config)).toThrow(/not private/);
    }
    // Above it, too: a directory others can write in (not a sticky one, like /tmp).
    const base = mkdtempSync(path.join(tmpdir(), "edgeclip-cred-"));
    chmodSync(base, 0o777);
    expect(() => ensureLocalToken(path.join(base, "config"))).toThrow(/above it/);
    chmodSync(base, 0o1777);
    expect(ensureLocalToken(path.join(base, "config")).created).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "refuses a directory of another account, or a link to one (as root: chown)",
    () => {
      const foreign = dir();
      mkdirSync(foreign, { mode: 0o700 });
      chownSync(foreign, 65534, 65534);
      expect(() => ensureLocalToken(foreign)).toThrow(/belongs to another user/);
      const link = dir();
      symlinkSync(foreign, link);
      expect(() => readLocalToken({}, link)).toThrow(/a link to .*belongs to another user/);
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    "refuses a path through another account's link, even to a directory of the user's own, and a credential file that is a link (issue 34 §7)",
    () => {
      // The user's own directory and token, reached through a link another account owns in the
      // shared temporary directory: 0.7 checked what the link pointed at, which that account
      // could re-point between the check and the read (13 wrong tokens in 2,000 reads).
      const own = dir();
      const token = ensureLocalToken(own).token;
      const link = path.join(tmpdir(), `edgeclip-foreign-link-${process.pid}-${Date.now()}`);
      symlinkSync(own, link);
      lchownSync(link, 65534, 65534);
      expect(() => readLocalToken({}, link)).toThrow(/is a link that belongs to another user/);
      expect(() => ensureLocalToken(link)).toThrow(/is a link that belongs to another user/);
      // A link of the user's own is the user's choice: read through it.
      lchownSync(link, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
      expect(readLocalToken({}, link)).toBe(token);
      // The credential file itself a link: never followed.
      const elsewhere = path.join(own, "elsewhere.env");
      writeFileSync(elsewhere, localCredentialText(newLocalToken()), { mode: 0o600 });
      const file = path.join(own, "local.env");
      rmSync(file);
      symlinkSync(elsewhere, file);
      expect(() => readLocalToken({}, own)).toThrow(/is a link/);
    },
  );

  it("is refused when damaged, never overwritten", () => {
    const config = dir();
    const { file } = ensureLocalToken(config);
    writeFileSync(file, "EDGECLIP_LOCAL_TOKEN=oops\n", { mode: 0o600 });
    expect(() => ensureLocalToken(config)).toThrow(/not a valid local credential/);
    expect(readFileSync(file, "utf8")).toBe("EDGECLIP_LOCAL_TOKEN=oops\n");
  });

  it("gives way to EDGECLIP_LOCAL_TOKEN in the environment, and is absent without either", () => {
    const config = dir();
    expect(readLocalToken({}, config)).toBeUndefined();
    expect(readLocalToken({ EDGECLIP_LOCAL_TOKEN: "ecl_from_env" }, config)).toBe("ecl_from_env");
  });

  it("goes only to servers on this machine", () => {
    for (const url of ["http://127.0.0.1:8787", "http://localhost:8787/mcp", "ws://[::1]:1/bridge"])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      "https://edgeclip.example.workers.dev",
      "http://127.0.0.1.nip.io:8787",
      "http://localhost.evil.example",
      "not a url",
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });
});
