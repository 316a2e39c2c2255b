import { describe, expect, it } from "vitest";
import { RefreshRecord, RUNNING_MS, SHARED_MS } from "../../src/auth/refresh-record.ts";

const answer = { status: 200, body: '{"refresh_token":"r1"}' };

describe("a refresh token used twice at once", () => {
  it("runs the first refresh, makes the second wait, then gives it the first one's answer", () => {
    const record = new RefreshRecord(() => 0);
    expect(record.claim("r0", "claude")).toEqual({ kind: "run" });
    expect(record.claim("r0", "claude")).toEqual({ kind: "wait" });
    record.settle("r0", "claude", answer, "r1");
    expect(record.claim("r0", "claude")).toEqual({ kind: "answer", answer });
  });

  it("forgets the shared answer once its new refresh token is used, and after a minute", () => {
    let now = 0;
    const record = new RefreshRecord(() => now);
    record.claim("r0", "claude");
    record.settle("r0", "claude", answer, "r1");
    expect(record.claim("r1", "claude")).toEqual({ kind: "run" });
    expect(record.claim("r0", "claude")).toEqual({ kind: "run" });

    record.claim("x0", "claude");
    record.settle("x0", "claude", answer, "x1");
    now = SHARED_MS;
    expect(record.claim("x0", "claude")).toEqual({ kind: "run" });
  });

  it("shares nothing with another client, and lets the next request run after a failure or a stuck refresh", () => {
    let now = 0;
    const record = new RefreshRecord(() => now);
    record.claim("r0", "claude");
    expect(record.claim("r0", "someone-else")).toEqual({ kind: "run" });
    record.settle("r0", "someone-else", answer, "r1"); // not its record: ignored
    expect(record.claim("r0", "claude")).toEqual({ kind: "wait" });
    record.settle("r0", "claude", undefined, undefined);
    expect(record.claim("r0", "claude")).toEqual({ kind: "run" });
    now = RUNNING_MS;
    expect(record.claim("r0", "claude")).toEqual({ kind: "run" });
  });
});
