import { describe, expect, it, vi } from "vitest";
import { withTree } from "../src/syntax/parser.ts";
import { syntaxFaults } from "../src/syntax/select.ts";

describe("the parser's input (syntax/parser.ts)", () => {
  it("reads characters outside the Basic Multilingual Plane whole wherever they fall (regex-syntax's unicode tables)", async () => {
    const table = `pub const T: &[(char, char)] = &[\n${"    ('𝋠', '𝋳'),\n".repeat(1500)}];\n`;
    // Each shift moves where the parser's pieces end against the surrogate pairs.
    for (let shift = 0; shift < 8; shift++)
      expect(
        await syntaxFaults(`${" ".repeat(shift)}\n${table}`, "rust"),
        `shift ${shift}`,
      ).toEqual([]);
  });

  it("parses a text once while it is among the last few parsed, and frees its tree a few seconds after the last parse", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const text = "def f():\n    return 1\n";
      const first = await withTree(text, "python", (tree) => tree);
      expect(await withTree(text, "python", (tree) => tree)).toBe(first);
      // Four other texts parsed since: the first was let go.
      for (let i = 0; i < 4; i++) await withTree(`x = ${i}\n`, "python", () => undefined);
      const again = await withTree(text, "python", (tree) => tree);
      expect(again).not.toBe(first);
      expect(await withTree(text, "python", (tree) => tree.rootNode.text)).toBe(text);
      // Past the wait, every kept tree is freed: the next parse is a new tree.
      vi.advanceTimersByTime(5_000);
      expect(await withTree(text, "python", (tree) => tree)).not.toBe(again);
    } finally {
      vi.useRealTimers();
    }
  });
});
