import { describe, expect, it } from "vitest";
import { FrameAssembler, toFrames } from "../../src/shared/bridge/frames.ts";
import {
  Hello,
  HelloVersion,
  PROTOCOL_VERSION,
  Reply,
  Request,
} from "../../src/shared/bridge/protocol.ts";

describe("frames", () => {
  it("sends a short message as itself", () => {
    const json = JSON.stringify({ type: "reply", id: "1", ok: true, result: {} });
    expect(toFrames(json)).toEqual([json]);
    expect(new FrameAssembler().push(json)).toBe(json);
  });

  it("splits a long message into parts that come back together exactly", () => {
    const text = `${'é😀"\\\n'.repeat(5000)}end`;
    const json = JSON.stringify({ type: "request", id: "r1", op: "apply", args: { text } });
    const parts = toFrames(json, 1000);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(part.length).toBeLessThan(2 * 1000 + 200);
    const assembler = new FrameAssembler();
    const out = parts.map((p) => assembler.push(p));
    expect(out.slice(0, -1).every((o) => o === undefined)).toBe(true);
    expect(JSON.parse(out.at(-1) ?? "").args.text).toBe(text);
  });

  it("keeps two split messages apart when their parts interleave", () => {
    const a = JSON.stringify({ a: "x".repeat(50) });
    const b = JSON.stringify({ b: "y".repeat(50) });
    const pa = toFrames(a, 20);
    const pb = toFrames(b, 20);
    const assembler = new FrameAssembler();
    const done: string[] = [];
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      for (const p of [pa[i], pb[i]]) {
        const whole = p === undefined ? undefined : assembler.push(p);
        if (whole) done.push(whole);
      }
    }
    expect(done.sort()).toEqual([a, b].sort());
  });

  it("refuses parts out of order", () => {
    const parts = toFrames(JSON.stringify({ a: "x".repeat(100) }), 20);
    const assembler = new FrameAssembler();
    expect(() => assembler.push(parts[1] ?? "")).toThrow(/starts at part 1/);
  });
});

describe("protocol schemas", () => {
  const hello = {
    type: "hello",
    protocol: PROTOCOL_VERSION,
    name: "laptop",
    version: "0.2.0",
    project: "edgeclip",
    roots: ["/home/me/edgeclip"],
    read_only: false,
    capabilities: ["files", "os_clipboard", "journal"],
    platform: "linux",
  };

  it("accepts a hello and reads the version of any hello, even a newer one with more fields", () => {
    expect(Hello.parse(hello)).toEqual(hello);
    expect(HelloVersion.parse({ ...hello, protocol: 9, future: true }).protocol).toBe(9);
    expect(Hello.safeParse({ ...hello, future: true }).success).toBe(false);
  });

  it("refuses a hello whose project is not a project name", () => {
    expect(Hello.safeParse({ ...hello, project: "my project!" }).success).toBe(false);
  });

  it("parses requests and both kinds of reply", () => {
    expect(Request.parse({ type: "request", id: "r1", op: "read", args: { path: "a" } }).op).toBe(
      "read",
    );
    expect(Request.safeParse({ type: "request", id: "r1", op: "rm", args: {} }).success).toBe(
      false,
    );
    expect(Reply.parse({ type: "reply", id: "r1", ok: true, result: { x: 1 } })).toMatchObject({
      ok: true,
    });
    const error = {
      type: "reply",
      id: "r1",
      ok: false,
      error: { code: "PATH_DENIED", message: "no" },
    };
    expect(Reply.parse(error)).toEqual(error);
    expect(Reply.safeParse({ ...error, error: { code: "NOT_A_CODE", message: "" } }).success).toBe(
      false,
    );
  });
});
