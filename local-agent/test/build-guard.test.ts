import { spawnSync } from "node:child_process";
import { statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newDiagnostics } from "../src/languages/diagnostics.ts";
import { pythonChecker } from "../src/languages/python/check.ts";
import { rustChecker } from "../src/languages/rust/check.ts";
import { checkTypeScript, moveSymbol, projectOf, removeProjects } from "./move-harness.ts";

afterAll(removeProjects);

/**
 * The build guard (issue 43): a move is judged by its language's own checker,
 * before and after, and only what is new counts. The shapes here are ones no
 * planner can see: a destination in another project whose settings are
 * stricter, a project that already has errors.
 */
const config = (strict: boolean) =>
  JSON.stringify({
    compilerOptions: { strict, noEmit: true, module: "nodenext", target: "es2022" },
    include: ["."],
  });

/** Two projects side by side: `loose/` (strict off) and `strict/`, each with its own tsconfig. */
const twoProjects = () =>
  projectOf({
    "loose/tsconfig.json": config(false),
    "loose/a.ts": "export function double(x) {\n  return x * 2;\n}\n\nexport const one = 1;\n",
    "strict/tsconfig.json": config(true),
    "strict/main.ts": "export const two = 2;\n",
  });

describe("the build guard over TypeScript (tsc, warm, through an overlay of the disk)", () => {
  it("passes a move the project still compiles after, and says tsc judged it", async () => {
    const project = projectOf({
      "tsconfig.json": config(true),
      "src/shapes.ts":
        "export function area(w: number, h: number): number {\n  return w * h;\n}\n\nexport const unit = 1;\n",
      "src/main.ts": 'import { area } from "./shapes.js";\n\nexport const a = area(2, 3);\n',
    });
    const moved = await moveSymbol(
      project,
      "src/shapes.ts",
      "area",
      "src/geometry.ts",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    expect(project.read("src/main.ts")).toContain("./geometry.js");
    expect([...checkTypeScript(project.root)]).toEqual([]);
  });

  it("sees what another program changed on disk since its last check (the warm compiler is told what changed, not left with what it read)", async () => {
    const project = projectOf({
      "tsconfig.json": config(true),
      "src/consts.ts": "export const a = 1;\n",
      "src/old.ts":
        'import { a } from "./consts.js";\n\nexport const first = a;\n\nexport const keep = 2;\n',
    });
    const warm = await moveSymbol(project, "src/old.ts", "keep", "src/k.ts", true, "refuse");
    expect(warm.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    // An editor adds `b` to consts.ts, and a function reading it to old.ts.
    writeFileSync(
      path.join(project.root, "src/consts.ts"),
      "export const a = 1;\nexport const b = 2;\n",
    );
    writeFileSync(
      path.join(project.root, "src/old.ts"),
      'import { a, b } from "./consts.js";\n\nexport const first = a;\n\nexport function second(): number {\n  return b;\n}\n',
    );
    // A compiler still reading the old consts.ts would find `b` missing from "../consts.js": new.
    const moved = await moveSymbol(
      project,
      "src/old.ts",
      "second",
      "src/deep/second.ts",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    expect(project.read("src/deep/second.ts")).toContain('"../consts.js"');
  });

  it("refuses a move that gives the project new errors (MOVE_BREAKS_BUILD), naming them, and writes nothing; a dry run says the same", async () => {
    const project = twoProjects();
    const before = project.files();
    for (const dryRun of [true, false]) {
      const moved = await moveSymbol(
        project,
        "loose/a.ts",
        "double",
        "strict/b.ts",
        dryRun,
        "refuse",
      );
      expect(moved.ok).toBe(false);
      expect(moved.error?.code).toBe("MOVE_BREAKS_BUILD");
      expect(moved.error?.message).toMatch(
        /^tsc finds an error the project did not have before the move: strict\/b\.ts:1: TS7006 Parameter 'x' implicitly has an 'any' type\. Nothing was changed/,
      );
      expect(moved.error?.message).toContain("`keep: true`");
      expect(project.files()).toEqual(before);
    }
  });

  it("sees a change that kept the file's size and set its time of change back (rsync -t, a restored backup)", async () => {
    const project = projectOf({
      "tsconfig.json": config(true),
      "src/consts.ts": "export const a = 1;\n",
      "src/old.ts":
        'import { a } from "./consts.js";\n\nexport const first = a;\n\nexport const keep = 2;\n',
    });
    const consts = path.join(project.root, "src/consts.ts");
    // A whole second, which utimes sets back exactly.
    utimesSync(consts, 1_700_000_000, 1_700_000_000);
    const was = statSync(consts);
    const warm = await moveSymbol(project, "src/old.ts", "keep", "src/k.ts", true, "refuse");
    expect(warm.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    writeFileSync(consts, "export const b = 1;\n");
    utimesSync(consts, 1_700_000_000, 1_700_000_000);
    // The same size and time of change as the compiler read it: only the inode's time differs.
    expect([statSync(consts).size, statSync(consts).mtimeMs]).toEqual([was.size, was.mtimeMs]);
    writeFileSync(
      path.join(project.root, "src/old.ts"),
      'import { b } from "./consts.js";\n\nexport function second(): number {\n  return b;\n}\n',
    );
    const moved = await moveSymbol(
      project,
      "src/old.ts",
      "second",
      "src/deep/second.ts",
      true,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "passed" });
  });

  it("judges a file the move creates by the settings of the config that includes it, not a default project's (noUnusedLocals)", async () => {
    const project = projectOf({
      "loose/tsconfig.json": config(false),
      "loose/a.ts":
        "export function f(): number {\n  const unused = 1;\n  return 2;\n}\n\nexport const one = 1;\n",
      "tidy/tsconfig.json": JSON.stringify({
        compilerOptions: { strict: true, noUnusedLocals: true, module: "nodenext" },
        include: ["."],
      }),
      "tidy/main.ts": "export const two = 2;\n",
    });
    const moved = await moveSymbol(project, "loose/a.ts", "f", "tidy/f.ts", true, "refuse");
    expect(moved.error?.code).toBe("MOVE_BREAKS_BUILD");
    expect(moved.error?.message).toContain(
      "tidy/f.ts:2: TS6133 'unused' is declared but its value is never read.",
    );
  });

  it("judges a file by the config that includes it, not one whose program only imports it (a solution's app and test configs)", async () => {
    const options = (strict: boolean) => ({ strict, noEmit: true, module: "nodenext" });
    const project = projectOf({
      "tsconfig.json": JSON.stringify({
        files: [],
        references: [{ path: "./tsconfig.test.json" }, { path: "./tsconfig.app.json" }],
      }),
      "tsconfig.app.json": JSON.stringify({ compilerOptions: options(true), include: ["src"] }),
      "tsconfig.test.json": JSON.stringify({ compilerOptions: options(false), include: ["test"] }),
      "src/main.ts": "export const one = 1;\n",
      "test/a.test.ts":
        "export function helper(x) {\n  return x;\n}\n\nexport const h = helper(1);\n",
    });
    const moved = await moveSymbol(
      project,
      "test/a.test.ts",
      "helper",
      "src/helper.ts",
      true,
      "refuse",
    );
    expect(moved.error?.code).toBe("MOVE_BREAKS_BUILD");
    expect(moved.error?.message).toContain("src/helper.ts:1: TS7006");
  });

  it("makes it all the same with keep, naming the files with new errors", async () => {
    const project = twoProjects();
    const moved = await moveSymbol(project, "loose/a.ts", "double", "strict/b.ts", false, "keep");
    expect(moved.ok).toBe(true);
    expect(moved.check).toMatchObject({
      checker: "tsc",
      outcome: "broke",
      files: ["strict/b.ts"],
      diagnostics: ["strict/b.ts:1: TS7006 Parameter 'x' implicitly has an 'any' type."],
    });
    expect(project.read("strict/b.ts")).toContain("function double(x)");
  });

  it("counts only what is new: errors the project had, and one the unit carries along, are not the move's", async () => {
    const project = projectOf({
      "tsconfig.json": config(true),
      "src/old.ts":
        'export const broken: number = "not a number";\n\nexport function label(n: number): string {\n  const wrong: string = n;\n  return wrong;\n}\n',
      "src/use.ts": 'import { label } from "./old.js";\n\nexport const l = label(1);\n',
    });
    const moved = await moveSymbol(
      project,
      "src/old.ts",
      "label",
      "src/labels.ts",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    // tsc itself: the two errors the project had, and no other.
    const errors = [...checkTypeScript(project.root)].flatMap(([, found]) => found);
    expect(errors).toHaveLength(2);
  });

  it("counts an error the unit carries along as not new where its old file is left with none (yup's captureStackTrace)", async () => {
    const project = projectOf({
      "tsconfig.json": config(true),
      "src/old.ts":
        "export function label(n: number): string {\n  const wrong: string = n;\n  return wrong;\n}\n\nexport const one = 1;\n",
      "src/use.ts": 'import { label } from "./old.js";\n\nexport const l = label(1);\n',
    });
    const moved = await moveSymbol(
      project,
      "src/old.ts",
      "label",
      "src/util/labels.ts",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    const errors = [...checkTypeScript(project.root)].flatMap(([, found]) => found);
    expect(errors).toEqual([expect.stringContaining("TS2322")]);
  });
  it("passes a move in a clone never installed: a module the project could not find before is its setup, not the move's", async () => {
    const project = projectOf({
      "tsconfig.json": config(true),
      "src/store.ts":
        'import { readFile } from "node:fs/promises";\nimport { z } from "zod";\nimport type { Logger } from "./log.js";\n\nexport const Setting = z.string();\n\nexport async function load(file: string, log: Logger): Promise<string> {\n  log.info(file);\n  return readFile(file, "utf8");\n}\n\nexport const again = () => readFile("x", "utf8");\n',
    });
    const moved = await moveSymbol(
      project,
      "src/store.ts",
      "load",
      "src/cli/load.ts",
      false,
      "refuse",
    );
    // From src/cli/, ./log.js is another file, missing only now: the move carried it as ../log.js.
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "passed" });
    expect(project.read("src/cli/load.ts")).toContain('"../log.js"');
  });

  it("says not checked, and why, where tsc would not judge the files: JavaScript without checkJs", async () => {
    const project = projectOf({
      "jsconfig.json": JSON.stringify({ compilerOptions: { module: "commonjs" }, include: ["."] }),
      "lib/a.js": "function helper() {\n  return 1;\n}\n\nmodule.exports = { helper };\n",
      "lib/use.js": 'const { helper } = require("./a");\n\nmodule.exports = helper();\n',
    });
    const moved = await moveSymbol(project, "lib/a.js", "helper", "lib/b.js", false, "refuse");
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "tsc", outcome: "not_checked" });
    expect(moved.check?.why).toMatch(/JavaScript without checkJs/);
  });
});

const GO_MOD = "module example.com/m\n\ngo 1.19\n";

describe("the build guard over Go (go vet over the module and a copy of it with the move made, and gofmt)", () => {
  it("passes a move Go still builds and vets after, and says go vet judged it", async () => {
    const project = projectOf({
      "go.mod": GO_MOD,
      "util/util.go":
        'package util\n\nimport "strings"\n\nfunc Slug(s string) string {\n\treturn strings.ToLower(s)\n}\n\nfunc Other() int { return 1 }\n',
      "util/more.go": "package util\n\nfunc More() int { return Other() }\n",
    });
    const moved = await moveSymbol(
      project,
      "util/util.go",
      "Slug",
      "util/slug.go",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "go vet", outcome: "passed" });
  });

  it("says not checked, naming the package go vet could not load before the move (it would vet nothing), where it once said passed; a break elsewhere still refuses", async () => {
    // toml's internal/toml-test embeds tests/*: a checkout without them cannot be loaded, and
    // the root package's tests import it.
    const files = {
      "go.mod": GO_MOD,
      "suite/suite.go":
        'package suite\n\nimport "embed"\n\n//go:embed cases/*\nvar Cases embed.FS\n',
      "util/util.go": "package util\n\nfunc Slug(s string) string { return s }\n",
      "util/util_test.go":
        'package util\n\nimport (\n\t"testing"\n\n\t"example.com/m/suite"\n)\n\nfunc TestSlug(t *testing.T) { _ = suite.Cases }\n',
      "text/text.go": "package text\n\nfunc Slug(n int) int { return n }\n",
      "main.go":
        'package main\n\nimport "example.com/m/util"\n\nfunc main() { println(util.Slug("x")) }\n',
    };
    const moved = await moveSymbol(
      projectOf(files),
      "util/util.go",
      "Slug",
      "util/slug.go",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "go vet", outcome: "not_checked" });
    expect(moved.check?.why).toMatch(
      /^go vet: could not load example\.com\/m\/util before the move \(pattern cases\/\*: no matching files found\), so it was not vetted/,
    );
    const project = projectOf(files);
    const broke = await moveSymbol(
      project,
      "util/util.go",
      "Slug",
      "text/slug.go",
      false,
      "refuse",
    );
    expect(broke.error?.code).toBe("MOVE_BREAKS_BUILD");
  });

  it("refuses a move into a package that already declares the name in another file (Slug redeclared), writing nothing", async () => {
    const project = projectOf({
      "go.mod": GO_MOD,
      "util/util.go": "package util\n\nfunc Slug(s string) string { return s }\n",
      "text/text.go": "package text\n\nfunc Slug(n int) int { return n }\n",
    });
    const before = project.files();
    const moved = await moveSymbol(
      project,
      "util/util.go",
      "Slug",
      "text/slug.go",
      false,
      "refuse",
    );
    expect(moved.error?.code).toBe("MOVE_BREAKS_BUILD");
    expect(moved.error?.message).toMatch(
      /^go vet finds an error .*: text\/text\.go:3: Slug redeclared in this block/,
    );
    expect(project.files()).toEqual(before);
  });

  it("refuses a move whose result go vet or gofmt finds new faults in, and counts none the project had", async () => {
    const project = projectOf({
      "go.mod": GO_MOD,
      // A build error the project already has (it stays), and a vet fault in what moves.
      "util/util.go":
        'package util\n\nimport "fmt"\n\nfunc Report(n int) string {\n\treturn fmt.Sprintf("%d %d", n)\n}\n\nvar broken int = "not an int"\n',
    });
    // The vet fault travels with the unit: not new. Nothing else changes.
    const moved = await moveSymbol(
      project,
      "util/util.go",
      "Report",
      "util/report.go",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "go vet", outcome: "passed" });
  });
  it("counts no gofmt finding the unit brings along (a doc comment gofmt would already redo): line by line, not file by file", async () => {
    // gods' containers/iterator.go: a line of a doc comment Go 1.19's gofmt makes a heading
    // (`// # Prev() function …`), in two interfaces. The old file was not gofmt-clean with them,
    // and is not with the one that stays: compared line by line, not file by file.
    const doc =
      "// Reverse iterates.\n//\n// Essentially it is the same as Iterator, but provides additional:\n//\n// Prev() function to enable traversal in reverse\n//\n// Last() function to move to the last element.\n";
    const files = {
      "go.mod": GO_MOD,
      "iter/iter.go": `package iter\n\n// Iterator iterates.\ntype Iterator interface{ Next() bool }\n\n${doc}type Reverse interface {\n\tIterator\n\tPrev() bool\n}\n\n${doc}type ReverseKeyed interface {\n\tReverse\n\tKey() string\n}\n`,
    };
    const project = projectOf(files);
    const moved = await moveSymbol(
      project,
      "iter/iter.go",
      "ReverseKeyed",
      "iter/reverse/reverse.go",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "go vet", outcome: "passed" });
    expect(project.read("iter/reverse/reverse.go")).toContain(doc);
  });
  it("refuses a type that code tells by its printed name, offering keep; with keep it moves and the receipt names the line", async () => {
    // gomarkdown's parser (`fmt.Sprintf("%T", n)` against "*ast."): no checker sees it, and the
    // string stays after a model changes that code, so only `keep` can make the move.
    const files = {
      "go.mod": GO_MOD,
      "ast/node.go":
        "package ast\n\n// Node is a node.\ntype Node interface{}\n\n// Heading is a heading.\ntype Heading struct{}\n",
      "parser/parser.go":
        'package parser\n\nimport (\n\t"fmt"\n\t"strings"\n\n\t"example.com/m/ast"\n)\n\n// Custom says whether n is a node of another package.\nfunc Custom(n ast.Node) bool {\n\treturn !strings.HasPrefix(fmt.Sprintf("%T", n), "*ast.")\n}\n\n// Head makes a heading.\nfunc Head() ast.Node {\n\treturn &ast.Heading{}\n}\n',
    };
    const refused = projectOf(files);
    const blocked = await moveSymbol(
      refused,
      "ast/node.go",
      "Heading",
      "ast/heading/heading.go",
      false,
      "refuse",
    );
    expect(blocked.error?.code).toBe("MOVE_BLOCKED");
    expect(blocked.error?.message).toMatch(
      /^parser\/parser\.go:12 tells types by their printed name \("\*ast\."\): in package heading, Heading would print as heading\.Heading, .* pass `keep: true` to make the move anyway/,
    );
    expect(refused.read("ast/node.go")).toBe(files["ast/node.go"]);
    const project = projectOf(files);
    const kept = await moveSymbol(
      project,
      "ast/node.go",
      "Heading",
      "ast/heading/heading.go",
      false,
      "keep",
    );
    expect(kept.error).toBeUndefined();
    expect(kept.check).toMatchObject({ checker: "go vet", outcome: "passed" });
    expect(project.read("parser/parser.go")).toContain("&heading.Heading{}");
    expect(kept.unresolved).toContainEqual(
      expect.stringMatching(/^parser\/parser\.go:12 tells types by their printed name/),
    );
  });
  it("rewrites another module's imports where its go.mod builds with this module's directory, names them where it takes a published version, and passes go vet in both", async () => {
    const project = projectOf({
      "go.mod": GO_MOD,
      "util/util.go":
        "package util\n\n// Slug is a slug.\nfunc Slug(s string) string { return s }\n",
      "local/go.mod":
        "module example.com/local\n\ngo 1.19\n\nrequire example.com/m v0.0.0\n\nreplace example.com/m => ../\n",
      "local/main.go":
        'package main\n\nimport "example.com/m/util"\n\nfunc main() { println(util.Slug("a")) }\n',
      "published/go.mod":
        "module example.com/published\n\ngo 1.19\n\nrequire example.com/m v1.0.0\n",
      "published/main.go":
        'package main\n\nimport "example.com/m/util"\n\nfunc main() { println(util.Slug("a")) }\n',
    });
    const moved = await moveSymbol(
      project,
      "util/util.go",
      "Slug",
      "text/text.go",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "go vet", outcome: "passed" });
    expect(project.read("local/main.go")).toContain('"example.com/m/text"');
    expect(project.read("published/main.go")).toContain('"example.com/m/util"');
    expect(moved.unresolved).toEqual([
      "published/main.go: in another module, which imports example.com/m/util from a published version; not rewritten",
    ]);
    const vet = spawnSync("go", ["vet", "./..."], {
      cwd: path.join(project.root, "local"),
      encoding: "utf8",
      env: { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" },
    });
    expect(vet.stderr).toBe("");
    expect(vet.status).toBe(0);
  });
});

describe("the build guard over Python (pyflakes over the files the move writes)", () => {
  it("passes a move pyflakes finds nothing new in, and says pyflakes judged it", async () => {
    const project = projectOf({
      "pkg/__init__.py": "",
      "pkg/a.py": "import os\n\n\ndef helper():\n    return os.sep\n\n\nVALUE = helper()\n",
    });
    const moved = await moveSymbol(project, "pkg/a.py", "helper", "pkg/b.py", false, "refuse");
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "pyflakes", outcome: "passed" });
  });

  it("does not count what pyflakes said before in words the move changes: the module an unused import names, the line a redefinition points at (jinja2's and werkzeug's re-exports, rich's __main__ imports)", async () => {
    const project = projectOf({
      // `X as X` re-exports, which pyflakes calls unused, naming their module.
      "pkg/__init__.py":
        "from .runtime import Undefined as Undefined\nfrom .runtime import make as make\n",
      "pkg/runtime.py":
        'import typing as t\n\nif t.TYPE_CHECKING:\n    from .runtime import Undefined\n\n\nclass Undefined:\n    pass\n\n\ndef make():\n    return Undefined()\n\n\nif __name__ == "__main__":\n    from pkg.runtime import Undefined\n',
      "pkg/moved/__init__.py": "",
    });
    const moved = await moveSymbol(
      project,
      "pkg/runtime.py",
      "Undefined",
      "pkg/moved/undefined.py",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "pyflakes", outcome: "passed" });
  });

  it("refuses a move into a module that already defines the name (redefinition), writing nothing", async () => {
    const project = projectOf({
      "pkg/__init__.py": "",
      "pkg/a.py": "def helper():\n    return 1\n",
      "pkg/b.py": "def helper():\n    return 2\n",
    });
    const before = project.files();
    const moved = await moveSymbol(project, "pkg/a.py", "helper", "pkg/b.py", false, "refuse");
    expect(moved.error?.code).toBe("MOVE_BREAKS_BUILD");
    expect(moved.error?.message).toMatch(
      /^pyflakes finds an error .*pkg\/b\.py:\d+: redefinition of unused 'helper' from line 1/,
    );
    expect(project.files()).toEqual(before);
  });

  it("finds what pyflakes passes and Python refuses on import: a name imported only under TYPE_CHECKING and read as the module loads", async () => {
    const guarded = "import typing as t\n\nif t.TYPE_CHECKING:\n    from .a import Base\n\n\n";
    const checked = await pythonChecker.check(
      [
        {
          abs: "/p/pkg/b.py",
          before: `${guarded}def use(x: "Base") -> None:\n    pass\n`,
          after: `${guarded}def use(x: "Base") -> None:\n    pass\n\n\nclass Leaf(Base):\n    pass\n`,
        },
      ],
      { roots: ["/p"], buildCode: [], deadline: Date.now() + 30_000 },
    );
    expect(checked.ok && newDiagnostics(checked.before, checked.after)).toEqual([
      {
        file: "/p/pkg/b.py",
        line: 11,
        code: "",
        message:
          "name 'Base' is imported only under TYPE_CHECKING and read as the module loads (NameError on import)",
      },
    ]);
  });

  it("does not count what a line marked noqa, or the project before, already had", async () => {
    const project = projectOf({
      "pkg/__init__.py": "",
      "pkg/a.py": "import sys  # noqa: F401\nimport json\n\n\ndef helper():\n    return 1\n",
    });
    const moved = await moveSymbol(project, "pkg/a.py", "helper", "pkg/b.py", false, "refuse");
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "pyflakes", outcome: "passed" });
  });
});

describe("the build guard over Java (javac -proc:none over the source roots)", () => {
  it("refuses a class moved into a file of the package that already declares it (duplicate class), writing nothing", async () => {
    // A shape no planner here looks for: javac sees it.
    const project = projectOf({
      "src/main/java/a/Leaf.java":
        "package a;\n\npublic class Leaf {\n  public int size() {\n    return 2;\n  }\n}\n",
      "src/main/java/b/Leaf.java": "package b;\n\npublic class Leaf {\n}\n",
    });
    const before = project.files();
    const moved = await moveSymbol(
      project,
      "src/main/java/a/Leaf.java",
      "Leaf",
      "src/main/java/b/Leaf.java",
      false,
      "refuse",
    );
    expect(moved.error?.code, JSON.stringify(moved.error ?? moved.check)).toBe("MOVE_BREAKS_BUILD");
    expect(moved.error?.message).toMatch(
      /^javac finds an error the project did not have before the move: src\/main\/java\/b\/Leaf\.java:\d+: duplicate class: b\.Leaf\. Nothing was changed/,
    );
    expect(project.files()).toEqual(before);
  });

  it("passes a move javac compiles after, and says javac judged it", async () => {
    const project = projectOf({
      "src/main/java/a/Util.java":
        "package a;\n\npublic class Util {\n  public static int one() {\n    return 1;\n  }\n}\n",
      "src/main/java/a/Main.java":
        "package a;\n\npublic class Main {\n  public static int two() {\n    return Util.one() + 1;\n  }\n}\n",
    });
    const moved = await moveSymbol(
      project,
      "src/main/java/a/Util.java",
      "Util",
      "src/main/java/b/Util.java",
      false,
      "refuse",
    );
    expect(moved.error).toBeUndefined();
    expect(moved.check).toMatchObject({ checker: "javac", outcome: "passed" });
  });

  it("judges a move its dry run checked by what javac said then (the same sources): no second compile", async () => {
    const project = projectOf({
      "src/main/java/a/Util.java":
        "package a;\n\npublic class Util {\n  public static int three() {\n    return 3;\n  }\n}\n",
      "src/main/java/a/Main.java":
        "package a;\n\npublic class Main {\n  public static int four() {\n    return Util.three() + 1;\n  }\n}\n",
    });
    const move = (dryRun: boolean) =>
      moveSymbol(
        project,
        "src/main/java/a/Util.java",
        "Util",
        "src/main/java/c/Util.java",
        dryRun,
        "refuse",
      );
    expect((await move(true)).check).toMatchObject({ checker: "javac", outcome: "passed" });
    // No javac to be found now: only what it said of these very sources can judge the move.
    const pathBefore = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const moved = await move(false);
      expect(moved.error).toBeUndefined();
      expect(moved.check).toMatchObject({ checker: "javac", outcome: "passed" });
    } finally {
      process.env.PATH = pathBefore;
    }
    expect(project.read("src/main/java/a/Main.java")).toContain("import c.Util;");
  });
});

const CARGO = '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n';

describe("the build guard over Rust (cargo check --all-targets, offline, in a warm copy)", () => {
  it("refuses a unit moved into a module that already defines its name (E0428), writing nothing; the E0603 shape it once caught now moves right", async () => {
    const project = projectOf({
      "Cargo.toml": CARGO,
      "src/lib.rs": "pub mod text;\npub mod util;\n",
      "src/text.rs": "pub fn other() -> i32 {\n    1\n}\n\npub fn slug() -> i32 {\n    2\n}\n",
      "src/util.rs": "pub fn other() -> i32 {\n    3\n}\n",
    });
    const before = project.files();
    const moved = await moveSymbol(project, "src/text.rs", "other", "src/util.rs", false, "refuse");
    expect(moved.error?.code).toBe("MOVE_BREAKS_BUILD");
    expect(moved.error?.message).toMatch(
      /^cargo check finds (an error|\d+ errors) .*src\/util\.rs:\d+: E0428 the name `other` is defined multiple times/,
    );
    expect(project.files()).toEqual(before);
    // A unit moved into a new child module lib.rs re-exports through: caught as E0603 by this
    // guard first, now declared to reach as far as its old module did, and passed.
    const shapes = projectOf({
      "Cargo.toml": CARGO,
      "src/lib.rs": "mod shape;\npub use shape::AsWidget;\npub use shape::other;\n",
      "src/shape.rs":
        "pub trait AsWidget {\n    fn w(&self) -> i32;\n}\n\npub fn other() -> i32 {\n    1\n}\n",
    });
    const fixed = await moveSymbol(
      shapes,
      "src/shape.rs",
      "AsWidget",
      "src/shape/as_widget.rs",
      false,
      "refuse",
    );
    expect(fixed.check).toMatchObject({ checker: "cargo check", outcome: "passed" });
    expect(shapes.read("src/shape.rs")).toContain("pub(crate) mod as_widget;");
  });

  it("runs no build script of the project unless the root allows it, and says so", async () => {
    const files = {
      "Cargo.toml": CARGO,
      "build.rs":
        'fn main() {\n    std::fs::write(std::env::var("OUT_DIR").unwrap() + "/ran", "").unwrap();\n}\n',
      "src/lib.rs": "pub mod text;\n",
      "src/text.rs":
        "pub fn slug(s: &str) -> String {\n    s.to_lowercase()\n}\n\npub fn other() -> i32 {\n    1\n}\n",
    };
    const project = projectOf(files);
    const moved = await moveSymbol(project, "src/text.rs", "other", "src/util.rs", false, "refuse");
    expect(moved.check).toMatchObject({ checker: "cargo check", outcome: "not_checked" });
    expect(moved.check?.why).toMatch(
      /would run the project's own code \(shapes \(build\.rs\)\): allow it for this root with --allow-build-code/,
    );
    // Allowed for its root, it is checked (the build script runs).
    const allowed = projectOf(files);
    allowed.ws.buildCode = [allowed.root];
    const checked = await moveSymbol(
      allowed,
      "src/text.rs",
      "other",
      "src/util.rs",
      false,
      "refuse",
    );
    expect(checked.check).toMatchObject({ checker: "cargo check", outcome: "passed" });
  });

  it("checks every crate of the workspace, not only the one changed: a member that depends on it breaks too", async () => {
    const project = projectOf({
      "Cargo.toml": '[workspace]\nmembers = ["a", "b"]\n',
      "a/Cargo.toml": '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n',
      "a/src/lib.rs": "pub mod text;\n",
      "a/src/text.rs": "pub fn slug() -> i32 {\n    1\n}\n",
      "b/Cargo.toml":
        '[package]\nname = "b"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\na = { path = "../a" }\n',
      "b/src/lib.rs": "pub fn two() -> i32 {\n    a::text::slug() + 1\n}\n",
    });
    const text = path.join(project.root, "a/src/text.rs");
    const checked = await rustChecker.check(
      [
        {
          abs: text,
          before: project.read("a/src/text.rs"),
          after: "pub fn other() -> i32 {\n    1\n}\n",
        },
      ],
      { roots: [project.root], buildCode: [], deadline: Date.now() + 60_000 },
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(newDiagnostics(checked.before, checked.after)).toEqual([
      expect.objectContaining({
        file: path.join(project.root, "b/src/lib.rs"),
        line: 2,
        code: "E0425",
      }),
    ]);
  });

  // A crate `a` with an error the project already has, `a2` built on it (so that, one job at a
  // time, cargo takes `a` first), and `b` alone, which the change breaks.
  const failingBefore = {
    "Cargo.toml": '[workspace]\nmembers = ["a", "a2", "b"]\nresolver = "2"\n',
    ".cargo/config.toml": "[build]\njobs = 1\n",
    "a/Cargo.toml": '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n',
    "a/src/lib.rs": 'pub fn one() -> i32 {\n    "x"\n}\n',
    "a2/Cargo.toml":
      '[package]\nname = "a2"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\na = { path = "../a" }\n',
    "a2/src/lib.rs": "pub fn three() -> i32 {\n    a::one()\n}\n",
    "b/Cargo.toml": '[package]\nname = "b"\nversion = "0.1.0"\nedition = "2021"\n',
    "b/src/lib.rs": "pub fn two() -> i32 {\n    2\n}\n",
  };
  const noSettings = Object.fromEntries(
    Object.entries(failingBefore).filter(([name]) => name !== ".cargo/config.toml"),
  );
  const breakB = (root: string) => ({
    abs: path.join(root, "b/src/lib.rs"),
    before: failingBefore["b/src/lib.rs"],
    after: 'pub fn two() -> i32 {\n    "y"\n}\n',
  });

  it("checks every target as far as it builds: an error the project already had does not hide one the move makes", async () => {
    const project = projectOf(failingBefore);
    const checked = await rustChecker.check([breakB(project.root)], {
      roots: [project.root],
      buildCode: [project.root],
      deadline: Date.now() + 60_000,
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(newDiagnostics(checked.before, checked.after)).toEqual([
      expect.objectContaining({ file: path.join(project.root, "b/src/lib.rs"), code: "E0308" }),
    ]);
  });

  it("reads no cargo settings or toolchain path of the project unless its root allows build code", async () => {
    const marker = path.join(projectOf({}).root, "wrapper-ran");
    for (const [file, text] of [
      [".cargo/config.toml", `[build]\nrustc-wrapper = "/bin/sh -c 'touch ${marker}'"\n`],
      ["rust-toolchain.toml", '[toolchain]\npath = "/nonexistent/toolchain"\n'],
      ["rust-toolchain.toml", 'toolchain = { path = "tc" }\n'],
      ["rust-toolchain", "../tc\n"],
    ] as const) {
      const project = projectOf({ ...noSettings, [file]: text });
      const checked = await rustChecker.check([breakB(project.root)], {
        roots: [project.root],
        buildCode: [],
        deadline: Date.now() + 60_000,
      });
      expect(checked).toEqual({
        ok: false,
        why: `cargo would read the project's ${file}${file.startsWith("rust") ? " (a toolchain by path)" : ""}, which can name programs for it to run: allow it for this root with --allow-build-code`,
      });
    }
    expect(() => statSync(marker)).toThrow();
    // A toolchain named by its channel alone runs nothing of the project.
    for (const [file, text] of [
      ["rust-toolchain", "stable\n"],
      [
        "rust-toolchain.toml",
        '[toolchain]\nchannel = "stable" # pinned\ncomponents = ["clippy"]\n',
      ],
    ] as const) {
      const channel = projectOf({ ...noSettings, [file]: text });
      expect(
        (
          await rustChecker.check([breakB(channel.root)], {
            roots: [channel.root],
            buildCode: [],
            deadline: Date.now() + 60_000,
          })
        ).ok,
      ).toBe(true);
    }
    // Nor does a move bring any unasked: a unit moved into a new build.rs is not checked.
    const script = projectOf(noSettings);
    const built = await rustChecker.check(
      [
        breakB(script.root),
        {
          abs: path.join(script.root, "b/build.rs"),
          before: undefined,
          after: `fn main() {\n    std::fs::write("${marker}", "").unwrap();\n}\n`,
        },
      ],
      { roots: [script.root], buildCode: [], deadline: Date.now() + 60_000 },
    );
    expect(built).toEqual({
      ok: false,
      why: expect.stringMatching(
        /^with the move, cargo check would run the project's own code \(b \(build\.rs\)\)/,
      ),
    });
    expect(() => statSync(marker)).toThrow();
  });
});
