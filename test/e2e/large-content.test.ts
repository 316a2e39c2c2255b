import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/core/limits.ts";
import {
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  sessionSnapshot,
  startSession,
} from "./clients.ts";

const MiB = 1024 * 1024;
const PAGE_CHARS = LIMITS.resultChars;

/**
 * Text of exactly `bytes` UTF-8 bytes in lines of varying length, with 2-, 3- and
 * 4-byte characters mixed in, so bytes ≠ characters and page ends do not fall on
 * round numbers.
 */
function mixedText(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line = `${i}: ${"abcdefghij".repeat(i % 37)}é€😀 ${"x".repeat(i % 13)}\n`;
    const lineBytes = Buffer.byteLength(line);
    if (size + lineBytes > bytes) break;
    parts.push(line);
    size += lineBytes;
  }
  parts.push("z".repeat(bytes - size));
  return parts.join("");
}

interface Got {
  content: string;
  page: number;
  pages: number;
  start_line: number;
  end_line: number;
  total_lines: number;
  bytes: number;
}

describe("large content", () => {
  let v1: Awaited<ReturnType<typeof connectV1>>;
  let v2: Awaited<ReturnType<typeof connectV2>>;
  let session: string;
  beforeAll(async () => {
    v1 = await connectV1();
    v2 = await connectV2();
    session = await startSession(v1, { description: "e2e large content" });
  });
  afterAll(async () => {
    await call(v1, "session", { action: "end", session });
    await v1.close();
    await v2.close();
  });

  it("refuses an 11 MiB text with TEXT_TOO_LARGE and leaves the clipboard unchanged", async () => {
    await ok(v1, "copy", { session, key: "big-keep", text: "small original\n" });
    const before = await sessionSnapshot(v1, session);

    const huge = "a".repeat(11 * MiB);
    const refused = await call(v1, "copy", { session, key: "big-keep", text: huge });
    expectToolError(refused, "TEXT_TOO_LARGE", ["`text`", "11.0 MiB"]);
    const refusedNew = await call(v2, "copy", { session, key: "big-new", text: huge });
    expectToolError(refusedNew, "TEXT_TOO_LARGE", ["`text`"]);
    const refusedUpdate = await call(v1, "update", { session, key: "big-keep", text: huge });
    expectToolError(refusedUpdate, "TEXT_TOO_LARGE", ["`text`"]);

    expect(await sessionSnapshot(v1, session)).toEqual(before);
  });

  it("refuses a text one byte over 10 MiB, counting UTF-8 bytes rather than characters", async () => {
    // 10 MiB + 1 byte, but fewer characters than 10 MiB: the 2-byte "é" is what tips it.
    const text = `${"é".repeat(MiB)}${"b".repeat(8 * MiB + 1)}`;
    expect(Buffer.byteLength(text)).toBe(10 * MiB + 1);
    const refused = await call(v1, "copy", { session, key: "just-over", text });
    expectToolError(refused, "TEXT_TOO_LARGE", ["`text`"]);
    expectToolError(await call(v1, "read", { session, from: "@just-over" }), "ENTRY_NOT_FOUND");
  });

  it("accepts a text just under 10 MiB and pages it from its first line to its last", async () => {
    const bytes = 10 * MiB - 100;
    const text = mixedText(bytes);
    expect(Buffer.byteLength(text)).toBe(bytes);
    const lines = text.split("\n").length; // the last line has no newline

    const receipt = await ok<{
      bytes: number;
      lines: number;
      tokens_kept_out: number;
      warning?: string;
    }>(v1, "copy", { session, key: "near-limit", text });
    expect(receipt.bytes).toBe(bytes);
    expect(receipt.lines).toBe(lines);
    expect(receipt.tokens_kept_out).toBeGreaterThan(bytes / 8);
    expect(receipt.warning).toMatch(/near-limit/);

    const first = await ok<Got>(v1, "read", { session, from: "@near-limit" });
    expect(first.pages).toBeGreaterThan(Math.floor(text.length / PAGE_CHARS));
    expect(first.bytes).toBe(bytes);
    expect(first.total_lines).toBe(lines);

    // Every page, in order, joining to the text: the workers test "stores a 10 MiB entry …"
    // walks them all inside workerd; here, over MCP, the first and the last.
    expect(first.page).toBe(1);
    expect(first.start_line).toBe(1);
    expect(first.content.length).toBeLessThanOrEqual(PAGE_CHARS);
    expect(text.startsWith(first.content)).toBe(true);
    expect(first.content.endsWith("\n")).toBe(true);
    const last = await ok<Got>(v1, "read", { session, from: "@near-limit", page: first.pages });
    expect(last.page).toBe(first.pages);
    expect(last.end_line).toBe(lines);
    expect(last.content.length).toBeLessThanOrEqual(PAGE_CHARS);
    expect(text.endsWith(last.content)).toBe(true);
    expect(text.slice(-last.content.length).split("\n").length - 1 + last.start_line).toBe(lines);

    const beyond = await call(v1, "read", { session, from: "@near-limit", page: first.pages + 1 });
    expectToolError(beyond, "PAGE_OUT_OF_RANGE", ["`page`", String(first.pages)]);
  });

  it("pages a line range of a long entry, the range's pages joining to exactly those lines", async () => {
    const all = Array.from({ length: 5000 }, (_, i) => `line ${i + 1} ${"-".repeat(60)}\n`);
    await ok(v2, "copy", { session, key: "range-paged", text: all.join("") });
    const expected = all.slice(999, 4000).join(""); // lines 1000..4000
    const first = await ok<Got>(v2, "read", { session, from: "@range-paged:1000-4000" });
    expect(first.pages).toBe(Math.ceil(expected.length / PAGE_CHARS));
    expect(first.start_line).toBe(1000);
    const parts = [first.content];
    for (let page = 2; page <= first.pages; page++) {
      const got = await ok<Got>(v2, "read", { session, from: "@range-paged:1000-4000", page });
      expect(got.start_line).toBe(parts.join("").split("\n").length - 1 + 1000);
      parts.push(got.content);
      if (page === first.pages) expect(got.end_line).toBe(4000);
    }
    expect(parts.join("")).toBe(expected);
  });

  it("pages a single line longer than a page without splitting a character", async () => {
    // One long line: no line break to end a page on. An emoji (two UTF-16 code units)
    // straddles the page boundary.
    const text = `${"a".repeat(PAGE_CHARS - 1)}😀${"b".repeat(150_000)}`;
    await ok(v1, "copy", { session, key: "one-long-line", text });
    const first = await ok<Got>(v1, "read", { session, from: "@one-long-line" });
    expect(first.pages).toBeGreaterThan(1);
    const parts = [first.content];
    for (let page = 2; page <= first.pages; page++) {
      parts.push((await ok<Got>(v1, "read", { session, from: "@one-long-line", page })).content);
    }
    expect(parts.join("")).toBe(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(PAGE_CHARS);
      // No page starts or ends with half of a surrogate pair.
      expect(part.isWellFormed(), "a page holds a broken character").toBe(true);
    }
  });

  it("returns at most one page of content with show, and says where the rest is", async () => {
    const text = Array.from(
      { length: 3000 },
      (_, i) => `${String(i).padStart(4, "0")} ${"s".repeat(45)}\n`,
    ).join("");
    expect(text.length).toBeGreaterThan(PAGE_CHARS);
    const shown = await call(v1, "copy", { session, key: "shown-big", text, show: true });
    expect(shown.isError).toBeFalsy();
    const content = shown.data.content as string;
    expect(content.length).toBeLessThanOrEqual(PAGE_CHARS);
    expect(text.startsWith(content)).toBe(true);
    for (const block of shown.content)
      expect((block.text ?? "").length).toBeLessThanOrEqual(PAGE_CHARS + 1_000);
    expect(shown.text).toMatch(/page/i);
    // The stored entry is whole all the same.
    const got = await ok<Got>(v1, "read", { session, from: "@shown-big" });
    expect(got.bytes).toBe(Buffer.byteLength(text));
  });
});
