import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newPackagesFor, unimportable } from "./modules.ts";

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

describe("a module no import statement can name", () => {
  it("is one with a part that is a keyword or not an identifier (pycparser's `While` into while.py)", () => {
    expect(unimportable("pycparser.moved.while")).toBe("`while` is a Python keyword");
    expect(unimportable("pkg.my-mod")).toBe("`my-mod` is not a Python identifier");
    expect(unimportable("pkg.1st")).toBe("`1st` is not a Python identifier");
    expect(unimportable("pkg.match")).toBeUndefined();
    expect(unimportable("pkg.données")).toBeUndefined();
  });
});
