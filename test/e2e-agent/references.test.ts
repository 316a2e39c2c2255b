import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  startSession,
} from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempProject, writeFile } from "./agent-process.ts";

const SHAPES_PY = `"""Shapes."""
import math


# A circle.
@dataclass
class Circle:
    radius: float = 1.0

    def area(self):
        return math.pi * self.radius ** 2


def main():
    print(Circle().area())
`;
const GEOMETRY_PY = `"""Geometry."""
import math
`;
const STORE_TS = `export class Store {
  private items: string[] = [];

  /** Adds an item. */
  add(item: string): void {
    this.items.push(item);
  }

  size(): number {
    return this.items.length;
  }
}
`;
const UTIL_TS = `export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
`;
const CONFIG_TS = `export const DEFAULTS = {
  retries: 3,
  timeout: 30,
};
`;
const DEPLOY_YAML = `services:
  # the public API
  api:
    image: api:1.4
    ports:
      - 8080
  worker:
    image: worker:2
`;
const CARGO_TOML = `[package]
name = "demo"

[dependencies]
serde = "1"
`;
const PACKAGE_JSON = `{
  "name": "demo",
  "scripts": {
    "test": "vitest",
    "build": "tsc"
  }
}
`;
const README_MD = `# Demo

## Install

Run \`npm install\`.

## Usage

Call it.
`;

let root: string;
let agent: AgentProcess;
let v1: AnyClient;
let v2: AnyClient;
let session: string;
const file = (name: string) => readFileSync(path.join(root, name), "utf8");

beforeAll(async () => {
  root = tempProject({});
  agent = await startAgent({ root, name: "refs-agent", project: "refs-project" });
  v1 = await connectV1();
  v2 = await connectV2();
});

beforeEach(async () => {
  for (const [name, text] of Object.entries({
    "shapes.py": SHAPES_PY,
    "geometry.py": GEOMETRY_PY,
    "store.ts": STORE_TS,
    "util.ts": UTIL_TS,
    "config.ts": CONFIG_TS,
    "deploy.yaml": DEPLOY_YAML,
    "Cargo.toml": CARGO_TOML,
    "package.json": PACKAGE_JSON,
    "README.md": README_MD,
  }))
    writeFile(root, name, text);
  session = await startSession(v1);
});

afterAll(async () => {
  await v1?.close();
  await v2?.close();
  await agent?.stop();
});

const CIRCLE = SHAPES_PY.split("\n").slice(4, 11).join("\n").concat("\n"); // comment, decorator, class

describe("moving a Python class", () => {
  it("with cut focus, then paste: the receipt says which lines went", async () => {
    const cut = await call(v1, "copy", {
      session,
      from: "shapes.py#Circle",
      key: "circle",
      cut: true,
    });
    expect(cut.isError, cut.text).toBeFalsy();
    // The receipt names the lines; what selected them is in structuredContent.
    expect(cut.text).toMatch(/^cut shapes\.py:5-11 → @circle · op \d+$/);
    expect(cut.data.lines).toBe(7);
    expect(cut.data.selected).toBe("Circle (class)");
    expect(file("shapes.py")).not.toContain("class Circle");
    await ok(v2, "paste", { session, from: "@circle", to: "geometry.py" });
    expect(file("geometry.py")).toBe(GEOMETRY_PY + CIRCLE);
  });

  it("with move, as one operation that one undo reverts in every file it changed", async () => {
    // A module that imports Circle from shapes follows it to geometry.
    const APP_PY = "from shapes import Circle, main\n\nmain()\nCircle()\n";
    writeFile(root, "app.py", APP_PY);
    const moved = await call(v1, "move", {
      session,
      from: "shapes.py#Circle",
      to: { path: "geometry.py", mode: "append" },
    });
    expect(moved.isError, moved.text).toBeFalsy();
    // One line: the importers are counted (named in structuredContent), the imports are what
    // the definitions promise (in structuredContent too).
    expect(moved.text).toMatch(
      /^moved shapes\.py:5-11 → geometry\.py:\d+-\d+ · passes pyflakes · 1 importer updated · op \d+$/,
    );
    // main() still uses Circle, which comes back by import; math went with Circle.
    expect(moved.data.imports).toEqual([
      "shapes.py: drops imports math",
      "shapes.py: imports Circle from geometry.py",
    ]);
    expect(moved.data.importers).toEqual(["app.py"]);
    expect(file("app.py")).toBe(
      "from shapes import main\nfrom geometry import Circle\n\nmain()\nCircle()\n",
    );
    expect(moved.data.from).toBe("shapes.py lines 5–11 (Circle (class))");
    // Moved as a unit: set apart from what the file ends with by a blank line.
    expect(file("geometry.py")).toBe(`${GEOMETRY_PY}\n${CIRCLE}`);
    expect(file("shapes.py")).toBe(
      '"""Shapes."""\nfrom geometry import Circle\n\n\ndef main():\n    print(Circle().area())\n',
    );
    const undone = await call(v1, "undo", { session });
    expect(undone.isError, undone.text).toBeFalsy();
    expect(file("shapes.py")).toBe(SHAPES_PY);
    expect(file("geometry.py")).toBe(GEOMETRY_PY);
    expect(file("app.py")).toBe(APP_PY);
    rmSync(path.join(root, "app.py"));
  });

  it("with move into a new subpackage: its __init__.py is made, the edge takes it, and undo removes both", async () => {
    // issue 33: the edge refused the new package's file as an importer that was created.
    const PKG_SHAPES = "class Circle:\n    pass\n\n\nclass Square:\n    pass\n";
    const APP = "from pkg.shapes import Circle\n\nCircle()\n";
    writeFile(root, "pkg/__init__.py", "");
    writeFile(root, "pkg/shapes.py", PKG_SHAPES);
    writeFile(root, "app.py", APP);
    const moved = await call(v1, "move", {
      session,
      from: "pkg/shapes.py#Circle",
      to: "pkg/figures/circle.py",
    });
    expect(moved.isError, moved.text).toBeFalsy();
    expect(moved.text).toMatch(/1 importer updated/);
    expect(file("pkg/figures/__init__.py")).toBe("");
    expect(file("pkg/figures/circle.py")).toBe("class Circle:\n    pass\n");
    expect(file("app.py")).toBe("from pkg.figures.circle import Circle\n\nCircle()\n");
    const undone = await call(v1, "undo", { session });
    expect(undone.isError, undone.text).toBeFalsy();
    expect(existsSync(path.join(root, "pkg", "figures", "__init__.py"))).toBe(false);
    expect(existsSync(path.join(root, "pkg", "figures", "circle.py"))).toBe(false);
    expect(file("pkg/shapes.py")).toBe(PKG_SHAPES);
    expect(file("app.py")).toBe(APP);
    rmSync(path.join(root, "pkg"), { recursive: true, force: true });
    rmSync(path.join(root, "app.py"));
  });

  it("with move inside one file, by line number in the file as it is", async () => {
    await ok(v1, "move", {
      session,
      from: "shapes.py#main",
      to: { path: "shapes.py", lines: "3", mode: "after_line" },
    });
    // main leaves with the blank lines before it (it ended the file) and lands after line 3.
    const lines = SHAPES_PY.split("\n");
    expect(file("shapes.py")).toBe(
      [...lines.slice(0, 3), ...lines.slice(13, 15), ...lines.slice(3, 11), ""].join("\n"),
    );
  });

  it("shifts a same-file target past the lines a symbol's removal takes", async () => {
    await ok(v1, "move", {
      session,
      from: "shapes.py#Circle",
      to: { path: "shapes.py", lines: "15", mode: "after_line" },
    });
    const lines = SHAPES_PY.split("\n");
    // Circle (5–11) goes with the two blank lines after it; line 15 is then line 6.
    expect(file("shapes.py")).toBe(
      [...lines.slice(0, 4), ...lines.slice(13, 15), ...lines.slice(4, 11), ""].join("\n"),
    );
  });

  it("shifts a same-file target by the line breaks a mid-line passage takes, however the path is written", async () => {
    writeFile(
      root,
      "calls.ts",
      "const a = 1;\nconst v = foo(\n  1,\n  2);\nconst w = 3;\nconst z = 4;\n",
    );
    await ok(v1, "move", {
      session,
      from: { path: "calls.ts", start: "foo(", end: "2)" },
      to: { path: "./calls.ts", lines: "6", mode: "after_line" },
      allow_syntax_errors: true,
    });
    expect(file("calls.ts")).toBe(
      "const a = 1;\nconst v = ;\nconst w = 3;\nconst z = 4;\nfoo(\n  1,\n  2)\n",
    );
  });

  it("refuses a move whose target is inside what moves, changing nothing", async () => {
    const r = await call(v1, "move", {
      session,
      from: "shapes.py:5-12",
      to: { path: "shapes.py", lines: "7", mode: "after_line" },
    });
    expectToolError(r, "INVALID_ARGUMENT", ["inside what moves"]);
    expect(file("shapes.py")).toBe(SHAPES_PY);
  });
});

describe("a move that cannot hold", () => {
  it("is refused with MOVE_BLOCKED naming what blocks it, in a dry run too, and changes nothing", async () => {
    // mobx's globalstate.ts shape (MIT): the unit assigns to a variable that stays behind.
    const GLOBAL_TS = [
      "let isolateCalled = false",
      "",
      "export function isolateGlobalState() {",
      "  isolateCalled = true",
      "}",
      "",
      "export const wasIsolated = () => isolateCalled",
      "",
    ].join("\n");
    writeFile(root, "globalstate.ts", GLOBAL_TS);
    for (const dry_run of [true, false]) {
      const r = await call(v1, "move", {
        session,
        from: "globalstate.ts#isolateGlobalState",
        to: "isolate.ts",
        dry_run,
      });
      expectToolError(r, "MOVE_BLOCKED", ["isolateCalled", "globalstate.ts", "cannot be assigned"]);
    }
    expect(file("globalstate.ts")).toBe(GLOBAL_TS);
    expect(() => file("isolate.ts")).toThrow();
  });

  it("is refused with MOVE_BREAKS_BUILD when the language's own checker finds new errors, in a dry run too; made with keep, the receipt naming them (issue 43)", async () => {
    // A destination in another project whose settings are stricter: no planner can see it.
    const config = (strict: boolean) =>
      JSON.stringify({ compilerOptions: { strict, noEmit: true }, include: ["."] });
    writeFile(root, "loose/tsconfig.json", config(false));
    writeFile(root, "strict/tsconfig.json", config(true));
    const LOOSE = "export function double(x) {\n  return x * 2;\n}\n\nexport const one = 1;\n";
    writeFile(root, "loose/a.ts", LOOSE);
    for (const dry_run of [true, false]) {
      const r = await call(v1, "move", {
        session,
        from: "loose/a.ts#double",
        to: "strict/b.ts",
        dry_run,
      });
      expectToolError(r, "MOVE_BREAKS_BUILD", [
        "tsc",
        "strict/b.ts:1: TS7006 Parameter 'x' implicitly has an 'any' type",
        "keep: true",
      ]);
    }
    expect(file("loose/a.ts")).toBe(LOOSE);
    expect(() => file("strict/b.ts")).toThrow();
    const kept = await call(v1, "move", {
      session,
      from: "loose/a.ts#double",
      to: "strict/b.ts",
      keep: true,
    });
    expect(kept.isError, kept.text).toBeFalsy();
    expect(kept.text).toMatch(
      /^moved loose\/a\.ts:1-3 → strict\/b\.ts:1-3 \(new\) · new tsc errors in: strict\/b\.ts · op \d+$/,
    );
    expect(kept.data.check).toMatchObject({
      checker: "tsc",
      outcome: "broke",
      diagnostics: ["strict/b.ts:1: TS7006 Parameter 'x' implicitly has an 'any' type."],
    });
    await call(v1, "undo", { session });
    expect(file("loose/a.ts")).toBe(LOOSE);
  });
});

describe("focus and anchors as paste targets", () => {
  it("replaces a TypeScript method by focus, re-indented to where it goes", async () => {
    const r = await call(v2, "paste", {
      session,
      text: "add(item: string): void {\n  if (item) this.items.push(item.trim());\n}\n",
      to: { path: "store.ts", focus: "Store.add" },
      indent: "auto",
    });
    expect(r.isError, r.text).toBeFalsy();
    expect(file("store.ts")).toBe(
      STORE_TS.replace(
        "  /** Adds an item. */\n  add(item: string): void {\n    this.items.push(item);\n  }\n",
        "  add(item: string): void {\n    if (item) this.items.push(item.trim());\n  }\n",
      ),
    );
    expect(r.text).toContain("parses");
  });

  it("replaces a passage between anchors typed with drift", async () => {
    await ok(v1, "paste", {
      session,
      text: "retries: 5,",
      to: { path: "config.ts", start: "RETRIES:   3," },
    });
    expect(file("config.ts")).toBe(CONFIG_TS.replace("retries: 3,", "retries: 5,"));
  });

  it("refuses ambiguous anchors with the candidates' lines, and an unknown symbol with the nearest names", async () => {
    const ambiguous = await call(v1, "paste", {
      session,
      text: "x",
      to: { path: "util.ts", start: "export function", end: "}" },
    });
    expectToolError(ambiguous, "ANCHOR_AMBIGUOUS", ["lines 1–3, 5–7"]);
    const missing = await call(v1, "copy", { session, from: "util.ts#lerpp" });
    expectToolError(missing, "SYMBOL_NOT_FOUND", ["lerp"]);
    expect(file("util.ts")).toBe(UTIL_TS);
  });
});

describe("references", () => {
  it("assembles a new file from three sources with a `from` list and a transform", async () => {
    await ok(v1, "copy", { session, from: "config.ts", key: "cfg" });
    const r = await call(v2, "paste", {
      session,
      from: [
        { path: "util.ts", focus: "clamp" },
        { clip: "cfg", start: "export const DEFAULTS", end: "};" },
        { path: "store.ts", focus: "Store.size" },
      ],
      to: { path: "mosaic.ts", create_if_missing: true },
      replace: [["export ", ""]],
      join: "\n",
      allow_syntax_errors: true,
    });
    expect(r.isError, r.text).toBeFalsy();
    expect(file("mosaic.ts")).toBe(
      [
        "function clamp(n: number, lo: number, hi: number): number {\n  return Math.min(hi, Math.max(lo, n));\n}\n",
        // Anchors that cover whole lines select them, line breaks included, in an entry as in a file.
        "const DEFAULTS = {\n  retries: 3,\n  timeout: 30,\n};\n",
        "  size(): number {\n    return this.items.length;\n  }\n",
      ].join("\n"),
    );
  });

  it("cites lines of an earlier read result, and inline markers inside text", async () => {
    const read = await call(v1, "read", { session, from: "util.ts" });
    const id = /^(r\d+) /.exec(read.text)?.[1];
    expect(id, read.text).toBeDefined();
    const text = `// generated\n{{ref:${id}:5-7}}\nexport const PI = {{ref:path=config.ts,start=retries,end="3"}};\n`;
    const pasted = await call(v2, "paste", {
      session,
      text,
      to: { path: "cited.ts", create_if_missing: true },
      allow_syntax_errors: true,
    });
    expect(pasted.isError, pasted.text).toBeFalsy();
    expect(file("cited.ts")).toBe(
      "// generated\nexport function lerp(a: number, b: number, t: number): number {\n  return a + (b - a) * t;\n}\nexport const PI = retries: 3;\n",
    );
  });

  it("fails the whole call, naming the marker, when one cannot be resolved: nothing is pasted literally", async () => {
    const r = await call(v1, "paste", {
      session,
      text: "a {{ref:path=util.ts,focus=nope}} b",
      to: "util.ts",
    });
    expectToolError(r, "SYMBOL_NOT_FOUND", ["{{ref:path=util.ts,focus=nope}}"]);
    expect(file("util.ts")).toBe(UTIL_TS);
  });

  it("numbers a shown copy of file lines as the file's lines", async () => {
    const shown = await call(v1, "copy", {
      session,
      from: "util.ts:5-7",
      key: "lerp-lines",
      show: true,
    });
    const id = /content is (r\d+):/.exec(shown.text)?.[1];
    expect(id, shown.text).toBeDefined();
    const got = await ok<{ bytes: number }>(v1, "copy", {
      session,
      from: { lines: `${id}:5..5` },
      key: "sig",
    });
    expect(got.bytes).toBe(Buffer.byteLength(`${UTIL_TS.split("\n")[4]}\n`));
  });

  it("finds a symbol in a clipboard entry by the language of the file it came from", async () => {
    await ok(v1, "copy", { session, from: "util.ts", key: "util" });
    const got = await ok<{ bytes: number }>(v1, "copy", {
      session,
      from: { clip: "util", focus: "lerp" },
      key: "lerp-only",
    });
    const lerp = UTIL_TS.split("\n").slice(4).join("\n");
    expect(got.bytes).toBe(Buffer.byteLength(lerp));
    const entry = await ok<{ content: string }>(v1, "read", { session, from: "@lerp-only" });
    expect(entry.content).toBe(lerp);
  });
});

describe("the syntax guard", () => {
  it("refuses a paste that would break a file that parses, leaving it unchanged", async () => {
    const r = await call(v1, "paste", {
      session,
      text: "  broken(: void {\n",
      to: { path: "store.ts", lines: "2", mode: "after_line" },
    });
    expectToolError(r, "SYNTAX_ERROR", ["store.ts", "line", "allow_syntax_errors"]);
    expect(file("store.ts")).toBe(STORE_TS);
    const forced = await call(v1, "paste", {
      session,
      text: "  broken(: void {\n",
      to: { path: "store.ts", lines: "2", mode: "after_line" },
      allow_syntax_errors: true,
    });
    expect(forced.isError, forced.text).toBeFalsy();
    expect(forced.text).toContain("does not parse");
  });
});

describe("structured focus: keys of YAML, JSON and TOML, sections of Markdown", () => {
  it("reads a key, a table and a section by locator, each its whole lines", async () => {
    const read = async (from: string) =>
      (await ok<{ content: string }>(v1, "read", { session, from })).content;
    expect(await read("deploy.yaml#services.api")).toBe(
      "  # the public API\n  api:\n    image: api:1.4\n    ports:\n      - 8080\n",
    );
    expect(await read("deploy.yaml#ports.0")).toBe("      - 8080\n");
    expect(await read("Cargo.toml#dependencies")).toBe('[dependencies]\nserde = "1"\n');
    expect(await read("package.json#scripts.test")).toBe('    "test": "vitest",\n');
    expect(await read("README.md#Install")).toBe("## Install\n\nRun `npm install`.\n");
    const near = await call(v1, "read", { session, from: "deploy.yaml#services.apj" });
    expectToolError(near, "SYMBOL_NOT_FOUND", ["services.api"]);
  });

  it("moves a Markdown section into a new file; one undo restores both", async () => {
    const moved = await call(v1, "move", {
      session,
      from: "README.md#Usage",
      to: { path: "docs/usage.md", create_if_missing: true },
    });
    expect(moved.isError, moved.text).toBeFalsy();
    expect(moved.data.from).toBe("README.md lines 7–9 (Demo.Usage (section))");
    expect(file("docs/usage.md")).toBe("## Usage\n\nCall it.\n");
    // It ended the file, so the blank line before it goes too, as with a symbol.
    expect(file("README.md")).toBe("# Demo\n\n## Install\n\nRun `npm install`.\n");
    await ok(v1, "undo", { session });
    expect(file("README.md")).toBe(README_MD);
  });

  it("copies a key into an entry, and finds a key inside it by the file's format", async () => {
    await ok(v1, "copy", { session, from: "deploy.yaml#services", key: "services" });
    const worker = await ok<{ bytes: number }>(v1, "copy", {
      session,
      from: { clip: "services", focus: "worker.image" },
      key: "worker-image",
    });
    expect(worker.bytes).toBe(Buffer.byteLength("    image: worker:2\n"));
  });

  it("refuses a paste that would break YAML, JSON or TOML that parsed, writing nothing", async () => {
    for (const [path, text, line] of [
      ["deploy.yaml", "  bad: [1,\n", "2"],
      ["package.json", '  "oops": 1\n', "1"],
      ["Cargo.toml", "serde = [\n", "4"],
    ] as const) {
      const before = file(path);
      const r = await call(v1, "paste", {
        session,
        text,
        to: { path, lines: line, mode: "after_line" },
      });
      expectToolError(r, "SYNTAX_ERROR", [path, "allow_syntax_errors"]);
      expect(file(path)).toBe(before);
    }
  });
});

describe("outline", () => {
  it("shows a file's units with their lines, one per line, nested, and no content", async () => {
    const r = await call(v1, "read", { session, from: "deploy.yaml", outline: true });
    expect(r.isError, r.text).toBeFalsy();
    expect(r.text).toBe(
      // Read alone, the call names the file: no header. A data file's keys from the third
      // level down (`ports`) are counted, as one-line units inside others are.
      ["services:1-8", "  api:2-6", "  worker:7-8"].join("\n"),
    );
    expect(r.data).toMatchObject({
      path: "deploy.yaml",
      lang: "yaml",
      total_lines: 8,
      units: 7,
      folded: 4,
    });
    const both = await call(v1, "read", {
      session,
      from: ["store.ts", "README.md"],
      outline: true,
    });
    expect(both.text).toContain("store.ts:\nclass Store:1-12\n  add():4-7\n  size():9-11");
    expect(both.text).toContain("README.md:\nDemo:1-9\n  Install:3-5\n  Usage:7-9");
  });

  it("refuses what is not a whole file of a language it parses, naming why", async () => {
    writeFile(root, "notes.txt", "plain\n");
    expectToolError(
      await call(v1, "read", { session, from: "store.ts:1-3", outline: true }),
      "INVALID_ARGUMENT",
      ["outline", "whole file"],
    );
    expectToolError(
      await call(v1, "read", { session, from: "notes.txt", outline: true }),
      "LANGUAGE_UNSUPPORTED",
      ["notes.txt", "lang"],
    );
  });
});

describe("import-aware moves", () => {
  const FORMAT_TS = `import { DateTime } from "luxon";
import { pad } from "./strings";

function clampDays(n: number): number {
  return Math.max(0, n);
}

/** Formats a date. */
export function formatDate(d: Date): string {
  return pad(DateTime.fromJSDate(d).toISODate() ?? "", clampDays(10));
}

export function today(): string {
  return formatDate(new Date()).slice(clampDays(0));
}
`;
  const DATES_TS = `import { pad } from "../util/strings";

export const X = pad("x", 1);
`;

  it("carries the unit's imports into a file in another directory, exports a private helper, imports the unit back; one undo", async () => {
    writeFile(root, "src/util/format.ts", FORMAT_TS);
    writeFile(root, "src/ui/dates.ts", DATES_TS);
    // An importer of the unit elsewhere under the root follows it.
    const MAIN_TS =
      'import { formatDate, today } from "../util/format";\n\nconsole.log(formatDate(new Date()), today());\n';
    writeFile(root, "src/app/main.ts", MAIN_TS);
    const moved = await call(v1, "move", {
      session,
      from: "src/util/format.ts#formatDate",
      // Appended as a unit: set apart by the blank line the file puts between its units.
      to: { path: "src/ui/dates.ts", mode: "append" },
    });
    expect(moved.isError, moved.text).toBeFalsy();
    expect(file("src/ui/dates.ts")).toBe(`import { pad } from "../util/strings";
import { DateTime } from "luxon";
import { clampDays } from "../util/format";

export const X = pad("x", 1);

/** Formats a date. */
export function formatDate(d: Date): string {
  return pad(DateTime.fromJSDate(d).toISODate() ?? "", clampDays(10));
}
`);
    // DateTime and pad went with the unit: nothing left there uses them.
    expect(file("src/util/format.ts")).toBe(`import { formatDate } from "../ui/dates";

export function clampDays(n: number): number {
  return Math.max(0, n);
}

export function today(): string {
  return formatDate(new Date()).slice(clampDays(0));
}
`);
    // The receipt names the unit's lines where it landed and counts its importers, in one
    // line; what else changed is in structuredContent.
    expect(moved.text).toBe(
      `moved src/util/format.ts:8-11 → src/ui/dates.ts:7-10 · passes tsc · 1 importer updated · op ${moved.data.operation}`,
    );
    expect(moved.data.imports).toEqual([
      "src/ui/dates.ts: imports DateTime, clampDays",
      "src/util/format.ts: exports clampDays",
      "src/util/format.ts: drops imports DateTime, pad",
      "src/util/format.ts: imports formatDate from src/ui/dates.ts",
    ]);
    expect(moved.data.importers).toEqual(["src/app/main.ts"]);
    expect(file("src/app/main.ts")).toBe(
      'import { today } from "../util/format";\nimport { formatDate } from "../ui/dates";\n\nconsole.log(formatDate(new Date()), today());\n',
    );
    expect(moved.data.importers).toEqual(["src/app/main.ts"]);
    await ok(v1, "undo", { session });
    expect(file("src/util/format.ts")).toBe(FORMAT_TS);
    expect(file("src/ui/dates.ts")).toBe(DATES_TS);
    expect(file("src/app/main.ts")).toBe(MAIN_TS);
  });

  it("moves a Go function with the packages it uses, and drops the ones its old file no longer uses", async () => {
    const HTTP_GO = `package httpx

import (
\t"fmt"
\t"net/http"
\t"time"
)

// NewClient returns a client with a timeout.
func NewClient(timeout time.Duration) *http.Client {
\treturn &http.Client{Timeout: timeout}
}

// Describe names a client.
func Describe(c *http.Client) string {
\treturn fmt.Sprintf("client %v", c.Timeout)
}
`;
    writeFile(root, "httpx/http.go", HTTP_GO);
    writeFile(root, "httpx/client.go", "package httpx\n");
    const moved = await call(v1, "move", {
      session,
      from: "httpx/http.go#NewClient",
      to: { path: "httpx/client.go", mode: "append" },
    });
    expect(moved.isError, moved.text).toBeFalsy();
    // No go.mod here: no module for go vet to judge, and the receipt says so.
    expect(moved.text).toContain(
      "parses · not checked: go vet: http.go is in no Go module (go.mod)",
    );
    expect(file("httpx/client.go")).toBe(`package httpx

import (
\t"net/http"
\t"time"
)

// NewClient returns a client with a timeout.
func NewClient(timeout time.Duration) *http.Client {
\treturn &http.Client{Timeout: timeout}
}
`);
    expect(file("httpx/http.go")).not.toContain('"time"');
    expect(moved.data.imports).toEqual([
      "httpx/client.go: imports net/http, time",
      "httpx/http.go: drops imports time",
    ]);
    await ok(v1, "undo", { session });
    expect(file("httpx/http.go")).toBe(HTTP_GO);
    expect(file("httpx/client.go")).toBe("package httpx\n");
  });

  it("takes along a private type and helper only the unit used, and the receipt says so", async () => {
    const BUTTON_TS = `interface ButtonProps {
  label: string;
}

function pad(s: string): string {
  return \`[\${s}]\`;
}

export function Button(props: ButtonProps): string {
  return pad(props.label);
}

export const VERSION = 1;
`;
    writeFile(root, "src/button.ts", BUTTON_TS);
    const moved = await call(v1, "move", {
      session,
      from: "src/button.ts#Button",
      to: "src/ui/button.ts",
    });
    expect(moved.isError, moved.text).toBeFalsy();
    expect(file("src/ui/button.ts")).toBe(`interface ButtonProps {
  label: string;
}

function pad(s: string): string {
  return \`[\${s}]\`;
}

export function Button(props: ButtonProps): string {
  return pad(props.label);
}
`);
    expect(file("src/button.ts")).toBe("export const VERSION = 1;\n");
    expect(moved.text).toBe(
      `moved src/button.ts:9-11 → src/ui/button.ts:9-11 (new) · passes tsc · brought ButtonProps, pad · op ${moved.data.operation}`,
    );
    expect(moved.data.brought).toEqual(["ButtonProps", "pad"]);
    await ok(v1, "undo", { session });
    expect(file("src/button.ts")).toBe(BUTTON_TS);
  });

  it("pastes a symbol into another file with the imports it uses; its own file is left as it is, and a name it does not export is said", async () => {
    const FORMAT = `import { DateTime } from "luxon";
import { pad } from "./strings";

function clampDays(n: number): number {
  return Math.max(0, n);
}

export function formatDate(d: Date): string {
  return pad(DateTime.fromJSDate(d).toISODate() ?? "", clampDays(10));
}
`;
    writeFile(root, "src/util/format.ts", FORMAT);
    const pasted = await call(v1, "paste", {
      session,
      from: "src/util/format.ts#formatDate",
      to: { path: "src/ui/copy.ts", create_if_missing: true },
    });
    expect(pasted.isError, pasted.text).toBeFalsy();
    expect(file("src/ui/copy.ts")).toBe(`import { DateTime } from "luxon";
import { pad } from "../util/strings";
import { clampDays } from "../util/format";

export function formatDate(d: Date): string {
  return pad(DateTime.fromJSDate(d).toISODate() ?? "", clampDays(10));
}
`);
    expect(file("src/util/format.ts")).toBe(FORMAT);
    expect(pasted.data.imports).toEqual(["src/ui/copy.ts: imports DateTime, pad, clampDays"]);
    // What it could not follow is the receipt's second line: the model must act on it.
    expect(pasted.text.split("\n")[1]).toBe(
      "not followed: clampDays not exported by src/util/format.ts: export it there (a paste leaves that file as it is)",
    );
    await ok(v1, "undo", { session });
    expect(() => file("src/ui/copy.ts")).toThrow();
  });
});
