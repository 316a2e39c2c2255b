import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeDurably } from "../src/durable.ts";

describe("writeDurably", () => {
  it("leaves no temporary file behind when the write cannot finish", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-durable-"));
    // A directory where the file would go: the rename onto it fails.
    const file = path.join(dir, "taken");
    mkdirSync(file);
    writeFileSync(path.join(file, "inside"), "x");
    await expect(writeDurably(file, "new")).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(["taken"]);
  });

  it("writes the file whole", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-durable-"));
    await writeDurably(path.join(dir, "f.txt"), "whole\n");
    expect(readdirSync(dir)).toEqual(["f.txt"]);
  });
});
