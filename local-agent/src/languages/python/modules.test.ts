import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importRootOf, newPackagesFor, packagingDirs, unimportable } from "./modules.ts";

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

describe("where a project's tests import its package from", () => {
  it("is the directory its packaging names, in setup.py, setup.cfg or pyproject.toml (pyyaml's lib/)", () => {
    const cases: [string, string][] = [
      ["setup.py", `setup(name="p", package_dir={'': 'lib'}, packages=["pkg"])\n`],
      ["setup.py", `setup(packages=find_packages(where="lib"), package_dir={"": "lib"})\n`],
      ["setup.cfg", "[options]\npackage_dir =\n    =lib\n"],
      ["setup.cfg", "[options.packages.find]\nwhere = lib\n"],
      ["pyproject.toml", '[tool.setuptools]\npackage-dir = {"" = "lib"}\n'],
      ["pyproject.toml", '[tool.setuptools.packages.find]\nwhere = ["lib"]\n'],
      ["pyproject.toml", '[tool.poetry]\npackages = [{ include = "pkg", from = "lib" }]\n'],
      ["pyproject.toml", '[tool.hatch.build.targets.wheel]\npackages = ["lib/pkg"]\n'],
    ];
    for (const [file, text] of cases) {
      const root = mkdtempSync(path.join(tmpdir(), "layout-"));
      mkdirSync(path.join(root, "lib", "pkg"), { recursive: true });
      mkdirSync(path.join(root, "tests"));
      writeFileSync(path.join(root, "lib", "pkg", "__init__.py"), "");
      writeFileSync(path.join(root, file), text);
      // pyyaml's `yaml/` of Cython sources, no package: a regular one elsewhere on the path wins.
      mkdirSync(path.join(root, "pkg"));
      writeFileSync(path.join(root, "pkg", "_ext.pyx"), "");
      expect(packagingDirs(root), `${file}: ${text}`).toEqual([path.join(root, "lib")]);
      const lib = path.join(root, "lib");
      expect(importRootOf(path.join(root, "tests", "test_pkg.py"), "pkg", root)).toBe(lib);
      expect(importRootOf(path.join(lib, "pkg", "__init__.py"), "pkg", root)).toBe(lib);
    }
  });

  it("names no directory outside the project, and none where nothing says", () => {
    const root = mkdtempSync(path.join(tmpdir(), "layout-"));
    writeFileSync(path.join(root, "setup.py"), `setup(package_dir={'': '../elsewhere'})\n`);
    expect(packagingDirs(root)).toEqual([]);
    mkdirSync(path.join(root, "code", "pkg"), { recursive: true });
    writeFileSync(path.join(root, "code", "pkg", "__init__.py"), "");
    expect(importRootOf(path.join(root, "tests", "test_pkg.py"), "pkg", root)).toBeUndefined();
  });

  it("reads a hostile packaging file without backtracking (a megabyte of blanks, of slashes)", () => {
    const root = mkdtempSync(path.join(tmpdir(), "layout-"));
    writeFileSync(
      path.join(root, "setup.cfg"),
      `[options]\npackage_dir =${" \n".repeat(400_000)}x`,
    );
    writeFileSync(
      path.join(root, "pyproject.toml"),
      `[tool.hatch]\npackages = ["${"a/".repeat(400_000)}`,
    );
    writeFileSync(path.join(root, "setup.py"), `setup(package_dir={''${" ".repeat(900_000)}`);
    expect(packagingDirs(root)).toEqual([]);
  });
});
