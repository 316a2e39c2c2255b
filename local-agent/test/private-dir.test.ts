import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensurePrivateDir } from "../src/private-dir.ts";

/** Every entry under `dir` (itself included) and its permission bits. */
const modes = (dir: string) =>
  Object.fromEntries(
    [dir, ...readdirSync(dir, { recursive: true }).map((e) => path.join(dir, String(e)))].map(
      (entry) => [path.relative(dir, entry) || ".", statSync(entry).mode & 0o777],
    ),
  );

describe.skipIf(process.platform === "win32")("ensurePrivateDir", () => {
  it("creates a missing directory, and its missing parents, 0700", () => {
    const base = mkdtempSync(path.join(tmpdir(), "edgeclip-private-"));
    const dir = path.join(base, "a", "b");
    ensurePrivateDir(dir, "EDGECLIP_STATE_DIR");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(base, "a")).mode & 0o777).toBe(0o700);
  });

  it("tightens an open one as 0.8 left it: directories 0700, files 0600, the owner's bits kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-private-"));
    mkdirSync(path.join(dir, "journal"));
    mkdirSync(path.join(dir, "ledger", "k"), { recursive: true });
    writeFileSync(path.join(dir, "journal", "1.json"), "{}");
    writeFileSync(path.join(dir, "ledger", "k", "2.json"), "{}");
    writeFileSync(path.join(dir, "ledger", "k", "3.json"), "{}");
    for (const d of [dir, "journal", "ledger", "ledger/k"].map((d) => path.resolve(dir, d)))
      chmodSync(d, 0o755);
    chmodSync(path.join(dir, "journal", "1.json"), 0o644);
    chmodSync(path.join(dir, "ledger", "k", "2.json"), 0o666);
    chmodSync(path.join(dir, "ledger", "k", "3.json"), 0o400);
    // A link inside is left as it is, and what it points at is not touched.
    const outside = path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-outside-")), "o.txt");
    writeFileSync(outside, "o");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dir, "link"));
    ensurePrivateDir(dir, "EDGECLIP_STATE_DIR");
    const { link: _, ...rest } = modes(dir);
    expect(rest).toEqual({
      ".": 0o700,
      journal: 0o700,
      "journal/1.json": 0o600,
      ledger: 0o700,
      "ledger/k": 0o700,
      "ledger/k/2.json": 0o600,
      "ledger/k/3.json": 0o400,
    });
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  });

  it("returns the real path to write under: a link of the user's own on the way is followed once, at the check", () => {
    const real = mkdtempSync(path.join(tmpdir(), "edgeclip-private-real-"));
    const link = path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-private-link-")), "state");
    symlinkSync(real, link);
    expect(ensurePrivateDir(link, "EDGECLIP_STATE_DIR")).toBe(realpathSync(real));
  });

  it("refuses a directory others can write in, naming the fix, and changes nothing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-private-"));
    chmodSync(dir, 0o777);
    expect(() => ensurePrivateDir(dir, "EDGECLIP_STATE_DIR")).toThrow(
      /other users can write in .*chmod go-w/,
    );
    expect(statSync(dir).mode & 0o777).toBe(0o777);
  });
});
