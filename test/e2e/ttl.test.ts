import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  type CallResult,
  call,
  connectV1,
  expectToolError,
  ok,
  startSession,
} from "./clients.ts";

interface Listed {
  key: string;
  expires_at: string | null;
  expired: boolean;
}

/** Calls `probe` every 200 ms until `done` holds, for at most `ms`; returns the last result. */
async function pollUntil(
  probe: () => Promise<CallResult>,
  done: (r: CallResult) => boolean,
  ms: number,
) {
  const deadline = Date.now() + ms;
  let last = await probe();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await probe();
  }
  return last;
}

describe("TTL expiry", () => {
  let client: AnyClient;
  let session: string;
  beforeAll(async () => {
    client = await connectV1();
    session = await startSession(client, { description: "e2e ttl" });
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  it("expires a 2-second entry by itself: kept and marked, unusable, then cleared by expired_only", async () => {
    const before = Date.now();
    const receipt = await ok<{ expires_at: string | null }>(client, "copy", {
      session,
      key: "short-lived",
      text: "gone soon\n",
      ttl_seconds: 2,
    });
    // Readable until it expires.
    const fresh = await ok<{ content: string; expired: boolean }>(client, "read", {
      session,
      from: "@short-lived",
    });
    expect(fresh).toMatchObject({ content: "gone soon\n", expired: false });
    await ok(client, "copy", { session, key: "long-lived", text: "stays\n" });
    expect(receipt.expires_at).not.toBeNull();
    const expiresAt = Date.parse(receipt.expires_at ?? "");
    expect(expiresAt - before).toBeGreaterThan(1_500);
    expect(expiresAt - before).toBeLessThan(6_000);

    const expired = await pollUntil(
      () => call(client, "read", { session, from: "@short-lived" }),
      (r) => r.isError === true,
      8_000,
    );
    expectToolError(expired, "ENTRY_EXPIRED", ["short-lived", "include_expired"]);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 50);

    const listed = await ok<{ entries: Listed[] }>(client, "list", { session, scope: "session" });
    expect(listed.entries.map((e) => e.key)).toEqual(["long-lived"]);
    const withExpired = await ok<{ entries: Listed[] }>(client, "list", {
      session,
      scope: "session",
      include_expired: true,
    });
    expect(withExpired.entries.find((e) => e.key === "short-lived")).toMatchObject({
      expired: true,
      expires_at: receipt.expires_at,
    });
    expect(withExpired.entries.find((e) => e.key === "long-lived")?.expired).toBe(false);

    const kept = await ok<{ content: string; expired: boolean }>(client, "read", {
      session,
      from: "@short-lived",
      include_expired: true,
    });
    expect(kept).toMatchObject({ content: "gone soon\n", expired: true });

    const search = await ok<{ results: { key: string }[] }>(client, "list", {
      session,
      query: "gone soon",
      scope: "session",
    });
    expect(search.results).toEqual([]);
    const swap = await call(client, "update", {
      session,
      action: "swap",
      key: "short-lived",
      with: "long-lived",
    });
    expectToolError(swap, "ENTRY_EXPIRED", ["short-lived"]);
    expect(
      (await ok<{ content: string }>(client, "read", { session, from: "@long-lived" })).content,
    ).toBe("stays\n");

    const cleared = await ok<{ deleted: number }>(client, "update", {
      session,
      action: "clear",
      expired_only: true,
    });
    expect(cleared).toMatchObject({ deleted: 1, expired_only: true });
    const after = await ok<{ entries: Listed[] }>(client, "list", {
      session,
      scope: "session",
      include_expired: true,
    });
    expect(after.entries.map((e) => e.key)).toEqual(["long-lived"]);
    expectToolError(
      await call(client, "read", { session, from: "@short-lived", include_expired: true }),
      "ENTRY_NOT_FOUND",
      ["short-lived"],
    );
  });

  it("renews an expired entry with update ttl_seconds", async () => {
    await ok(client, "copy", { session, key: "renewable", text: "again\n", ttl_seconds: 1 });
    const expired = await pollUntil(
      () => call(client, "read", { session, from: "@renewable" }),
      (r) => r.isError === true,
      6_000,
    );
    expectToolError(expired, "ENTRY_EXPIRED", ["renewable"]);
    const renewed = await ok<{ expires_at: string | null }>(client, "update", {
      session,
      key: "renewable",
      ttl_seconds: 3600,
    });
    expect(Date.parse(renewed.expires_at ?? "")).toBeGreaterThan(Date.now() + 3_000_000);
    const got = await ok<{ content: string; expired: boolean }>(client, "read", {
      session,
      from: "@renewable",
    });
    expect(got).toMatchObject({ content: "again\n", expired: false });
  });

  it("makes a fresh copy onto an expired key usable again", async () => {
    await ok(client, "copy", { session, key: "recopied", text: "stale\n", ttl_seconds: 1 });
    const expired = await pollUntil(
      () => call(client, "read", { session, from: "@recopied" }),
      (r) => r.isError === true,
      6_000,
    );
    expectToolError(expired, "ENTRY_EXPIRED", ["recopied"]);
    const receipt = await ok<{ created: boolean; expires_at: string | null }>(client, "copy", {
      session,
      key: "recopied",
      text: "fresh\n",
    });
    expect(receipt.created).toBe(false);
    // The new content is not born expired: either no TTL, or one in the future.
    if (receipt.expires_at !== null)
      expect(Date.parse(receipt.expires_at)).toBeGreaterThan(Date.now());
    const got = await call(client, "read", { session, from: "@recopied" });
    expect(got.isError, got.text).toBeFalsy();
    expect(got.data).toMatchObject({ content: "fresh\n", expired: false });
  });
});
