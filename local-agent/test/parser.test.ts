import { describe, expect, it } from "vitest";
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
});
