import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, connectV1, connectV2 } from "./clients.ts";

describe("both protocol eras", () => {
  let v1: Awaited<ReturnType<typeof connectV1>>;
  let v2: Awaited<ReturnType<typeof connectV2>>;
  beforeAll(async () => {
    v1 = await connectV1();
    v2 = await connectV2();
  });
  afterAll(async () => {
    await v1.close();
    await v2.close();
  });

  it("negotiates 2025-11-25 with the v1 client and 2026-07-28 with the v2 client", () => {
    expect(v1.getServerVersion()?.name).toBe("edgeclip");
    expect(v2.getNegotiatedProtocolVersion?.() ?? "").toBe("2026-07-28");
  });

  it("serves a copy from one era that the other reads back", async () => {
    const copied = await call(v1, "copy", { text: "shared\n", key: "era-check" });
    expect(copied.isError).toBeFalsy();
    const got = await call(v2, "read", { from: "@era-check" });
    expect(got.data.content).toBe("shared\n");
  });
});
