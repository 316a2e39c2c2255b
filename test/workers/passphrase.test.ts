import { describe, expect, it } from "vitest";
import { hashPassphrase, verifyPassphrase } from "../../src/auth/passphrase.ts";

describe("passphrases inside workerd", () => {
  it("hash at 600,000 PBKDF2 iterations with the runtime's WebCrypto, and verify", async () => {
    const stored = await hashPassphrase("the runtime that serves sign-in");
    expect(stored.startsWith("pbkdf2-sha256$600000$")).toBe(true);
    expect(await verifyPassphrase("the runtime that serves sign-in", stored)).toBe(true);
    expect(await verifyPassphrase("the runtime that serves sign-up", stored)).toBe(false);
  });
});
