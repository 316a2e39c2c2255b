import { describe, expect, it } from "vitest";
import {
  hashPassphrase,
  needsRehash,
  passphraseProblem,
  verifyPassphrase,
} from "../../src/auth/passphrase.ts";
import {
  afterFailure,
  FREE_FAILURES,
  NO_ATTEMPTS,
  WINDOW_MS,
  waitMs,
} from "../../src/auth/throttle.ts";
import { constantTimeEqual } from "../../src/shared/secrets.ts";

describe("passphrases", () => {
  it("hashes with PBKDF2-SHA256 at 600,000 iterations and a fresh salt, and verifies", async () => {
    const stored = await hashPassphrase("correct horse battery staple");
    expect(stored).toMatch(/^pbkdf2-sha256\$600000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassphrase("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassphrase("correct horse battery stapler", stored)).toBe(false);
    expect(await hashPassphrase("correct horse battery staple")).not.toBe(stored);
    expect(needsRehash(stored)).toBe(false);
  });

  it("never matches a malformed or tampered stored value, and upgrades cheaper ones", async () => {
    const cheap = await hashPassphrase("a long enough phrase", 1_000);
    expect(await verifyPassphrase("a long enough phrase", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    const [scheme, n, salt, hash] = cheap.split("$");
    for (const bad of [
      "",
      "plain",
      `md5$${n}$${salt}$${hash}`,
      `${scheme}$${n}$${salt}$${hash}$x`,
      `${scheme}$${n}$${salt}$${hash?.slice(0, -2)}AA`,
      `${scheme}$abc$${salt}$${hash}`,
    ])
      expect(await verifyPassphrase("a long enough phrase", bad), bad).toBe(false);
  });

  it("normalises Unicode, and refuses short passphrases", async () => {
    const stored = await hashPassphrase("caf\u00e9 au lait, s'il vous pla\u00eet", 1_000);
    expect(await verifyPassphrase("cafe\u0301 au lait, s'il vous pla\u00eet", stored)).toBe(true);
    expect(passphraseProblem("short")).toContain("at least 12");
    expect(passphraseProblem("twelve chars")).toBeUndefined();
  });

  it("compares in constant time over equal lengths", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
  });
});

describe("sign-in throttling", () => {
  it("allows a few failures, then locks for a delay that doubles, capped at an hour", () => {
    let a = NO_ATTEMPTS;
    const now = 1_000_000;
    for (let i = 1; i < FREE_FAILURES; i++) {
      a = afterFailure(a, now);
      expect(waitMs(a, now)).toBe(0);
    }
    a = afterFailure(a, now);
    expect(waitMs(a, now)).toBe(60_000);
    a = afterFailure(a, now + 60_000);
    expect(waitMs(a, now + 60_000)).toBe(120_000);
    for (let i = 0; i < 20; i++) a = afterFailure(a, now + 60_000);
    expect(waitMs(a, now + 60_000)).toBe(60 * 60 * 1000);
  });

  it("forgets failures older than the window once unlocked", () => {
    const a = afterFailure(afterFailure(NO_ATTEMPTS, 0), 0);
    expect(afterFailure(a, WINDOW_MS + 1)).toEqual({
      failures: 1,
      since: WINDOW_MS + 1,
      locked_until: 0,
    });
  });
});
