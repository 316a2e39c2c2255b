import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newPackagesFor } from "./modules.ts";

describe("the packages a Python move makes", () => {
  it("makes a new or empty directory of a regular package a package, not one with files of its own", () => {
    const root = mkdtempSync(path.join(tmpdir(), "pkgs-"));
    mkdirSync(path.join(root, "pkg"));
    writeFileSync(path.join(root, "pkg", "__init__.py"), "");
    const at = (...p: string[]) => path.join(root, ...p);
    expect(newPackagesFor(at("pkg", "text", "words.py"), root)).toEqual([at("pkg", "text")]);
    // What an undone move into pkg/moved/ leaves: the directory, empty (found by bench:real on Jinja).
    mkdirSync(at("pkg", "moved"));
    expect(newPackagesFor(at("pkg", "moved", "x.py"), root)).toEqual([at("pkg", "moved")]);
    mkdirSync(at("pkg", "scripts"));
    writeFileSync(at("pkg", "scripts", "run.py"), "");
    expect(newPackagesFor(at("pkg", "scripts", "x.py"), root)).toEqual([]);
  });
});
