import { describe, expect, it } from "vitest";
import { CHUNK_UNITS, splitIntoChunks } from "../../src/core/chunks.ts";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { utf8Bytes } from "../../src/shared/core/text.ts";

describe("splitIntoChunks", () => {
  it("gives one chunk for short and empty text", () => {
    expect(splitIntoChunks("")).toEqual([""]);
    expect(splitIntoChunks("abc")).toEqual(["abc"]);
  });

  it("never splits a surrogate pair and rejoins exactly", () => {
    const text = "a😀".repeat(10);
    for (const size of [2, 3, 4, 5, 7]) {
      const chunks = splitIntoChunks(text, size);
      expect(chunks.join("")).toBe(text);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(size);
        expect(chunk).toBe(chunk.toWellFormed());
      }
    }
  });

  it("keeps every chunk of worst-case text within 1 MiB of UTF-8", () => {
    const text = "€".repeat(CHUNK_UNITS * 2 + 5); // 3 bytes per unit, the most there is
    const chunks = splitIntoChunks(text);
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks) expect(utf8Bytes(chunk)).toBeLessThanOrEqual(LIMITS.chunkBytes);
  });
});
