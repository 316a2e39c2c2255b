import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEncoding } from "js-tiktoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import agentPackage from "../../local-agent/package.json" with { type: "json" };
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  startSession,
} from "../e2e/clients.ts";
import {
  type AgentProcess,
  startAgent,
  tempFiles,
  tempProject,
  writeFile,
} from "./agent-process.ts";

const A_TS = `import { helper } from "./helper";

/** Parses the config. */
export function parseConfig(text: string): Config {
\tconst lines = text.split("\\n"); // tabs, and “quotes” that are not ASCII
\treturn { lines };
}

export function unrelated() {
  return 42;
}
`;
const B_TS = `// b.ts
// helpers go below
export const b = 1;
`;
const FUNCTION = A_TS.split("\n").slice(2, 7).join("\n").concat("\n"); // lines 3–7

interface Changed {
  path: string;
  lines_added: number;
  lines_removed: number;
  hash_before: string;
  hash_after: string;
  created: boolean;
}

let root: string;
let agent: AgentProcess;
let v1: AnyClient;
let v2: AnyClient;
let session: string;
const file = (name: string) => readFileSync(path.join(root, name), "utf8");
const bytes = (name: string) => readFileSync(path.join(root, name));

beforeAll(async () => {
  root = tempProject({ "src/a.ts": A_TS, "src/b.ts": B_TS });
  agent = await startAgent({ root, name: "files-agent", project: "files-project" });
  v1 = await connectV1();
  v2 = await connectV2();
  session = await startSession(v1);
});

afterAll(async () => {
  await v1?.close();
  await v2?.close();
  await agent?.stop();
});

describe("a local agent connected", () => {
  it("is listed by session action agents with its name, project, roots and version", async () => {
    const listed = await ok<{ agents: Record<string, unknown>[] }>(v1, "session", {
      action: "agents",
    });
    expect(listed.agents).toEqual([
      expect.objectContaining({
        name: "files-agent",
        project: "files-project",
        roots: [root],
        read_only: false,
        version: agentPackage.version,
        connected_since: expect.any(String),
        last_seen: expect.any(String),
      }),
    ]);
  });

  it("gives its workspace name to a session started without a project", async () => {
    const started = await ok<{ project: string }>(v1, "session", { action: "start" });
    expect(started.project).toBe("files-project");
  });
});

describe("cut and paste", () => {
  it("moves a function from a.ts to b.ts byte for byte, without the code passing through the model", async () => {
    const cut = await call(v1, "copy", {
      session,
      from: "src/a.ts:3-7",
      key: "parse-config",
      cut: true,
    });
    expect(cut.isError, cut.text).toBeFalsy();
    expect(cut.data).toMatchObject({
      key: "parse-config",
      path: "src/a.ts",
      start_line: 3,
      end_line: 7,
      lines: 5,
    });
    const pasted = await call(v1, "paste", {
      session,
      from: "@parse-config",
      to: { path: "src/b.ts", mode: "at_marker_after", marker: "helpers go below" },
    });
    expect(pasted.isError, pasted.text).toBeFalsy();
    // Receipts, not content: the function's body never comes back to the model.
    for (const text of [cut.text, pasted.text]) expect(text).not.toContain("text.split");
    expect(file("src/a.ts")).toBe(A_TS.replace(FUNCTION, ""));
    expect(file("src/b.ts")).toBe(
      B_TS.replace("// helpers go below\n", `// helpers go below\n${FUNCTION}`),
    );
    expect(pasted.data.files).toEqual([
      expect.objectContaining({ path: "src/b.ts", lines_added: 5, lines_removed: 0 }),
    ]);
    expect(pasted.data.tokens_kept_out).toBeGreaterThan(0);
  });

  it("undoes the paste and the cut, restoring target and source byte for byte, and redoes them", async () => {
    const undone = await call(v1, "undo", { session, count: 2 });
    expect(undone.isError, undone.text).toBeFalsy();
    expect(file("src/a.ts")).toBe(A_TS);
    expect(file("src/b.ts")).toBe(B_TS);
    const redone = await call(v1, "undo", { session, redo: true, count: 2 });
    expect(redone.isError, redone.text).toBeFalsy();
    expect(file("src/a.ts")).toBe(A_TS.replace(FUNCTION, ""));
    expect(file("src/b.ts")).toContain(FUNCTION);
    await ok(v1, "undo", { session, count: 2 });
    expect([file("src/a.ts"), file("src/b.ts")]).toEqual([A_TS, B_TS]);
  });

  it("lists each file operation in history with its id", async () => {
    const { operations } = await ok<{ operations: { id: number; op: string; summary: string }[] }>(
      v1,
      "session",
      { session, action: "history" },
    );
    const ops = operations.map((o) => o.op);
    expect(ops.slice(0, 5)).toEqual(["undo", "redo", "undo", "paste", "cut"]);
    expect(operations.find((o) => o.op === "paste")?.summary).toContain("src/b.ts");
  });

  it("leaves all three targets unchanged when the third fails, naming it", async () => {
    writeFile(root, "t/one.ts", "one\n");
    writeFile(root, "t/two.ts", "two\n");
    writeFile(root, "t/three.ts", "three\n");
    const before = ["one", "two", "three"].map((n) => bytes(`t/${n}.ts`));
    const result = await call(v2, "paste", {
      session,
      text: "// pasted\n",
      to: [
        "t/one.ts",
        { path: "t/two.ts", mode: "prepend" },
        { path: "t/three.ts", mode: "at_marker_after", marker: "no such marker" },
      ],
    });
    expectToolError(result, "MARKER_NOT_FOUND", ["`to[2]`", "t/three.ts"]);
    expect(["one", "two", "three"].map((n) => bytes(`t/${n}.ts`))).toEqual(before);
    expect(tempFiles(root)).toEqual([]);
  });

  it("pastes to many targets in one operation, and one undo reverts them all", async () => {
    const paths = ["m/1.txt", "m/2.txt", "m/3.txt"];
    for (const p of paths) writeFile(root, p, "base\n");
    const pasted = await ok<{ operation: number; files: Changed[] }>(v1, "paste", {
      session,
      text: "added\n",
      to: paths,
    });
    expect(pasted.files.map((f) => f.path)).toEqual(paths);
    for (const p of paths) expect(file(p)).toBe("base\nadded\n");
    const undone = await ok<{ reverted: number[] }>(v1, "undo", { session });
    expect(undone.reverted).toEqual([pasted.operation]);
    for (const p of paths) expect(file(p)).toBe("base\n");
  });

  it("reports a dry run like the real paste and writes nothing", async () => {
    writeFile(root, "dry.txt", "1\n2\n");
    const dry = await ok<{ operation: number; dry_run: boolean; files: Changed[] }>(v1, "paste", {
      session,
      text: "X\n",
      to: { path: "dry.txt", lines: "1", mode: "after_line" },
      dry_run: true,
    });
    expect(dry).toMatchObject({ operation: 0, dry_run: true });
    expect(file("dry.txt")).toBe("1\n2\n");
    const real = await ok<{ files: Changed[] }>(v1, "paste", {
      session,
      text: "X\n",
      to: { path: "dry.txt", lines: "1", mode: "after_line" },
    });
    expect(real.files).toEqual(dry.files);
    expect(file("dry.txt")).toBe("1\nX\n2\n");
  });

  it("keeps CRLF line endings, a BOM and a missing final newline byte for byte", async () => {
    writeFile(root, "win.txt", Buffer.from("\uFEFFfirst\r\nsecond"));
    await ok(v2, "paste", { session, text: "third\nfourth\n", to: "win.txt" });
    expect(bytes("win.txt")).toEqual(Buffer.from("\uFEFFfirst\r\nsecond\r\nthird\r\nfourth"));
  });

  it("refuses a paste with `expect` when the file changed since, and takes the current hash", async () => {
    writeFile(root, "e.txt", "v1\n");
    const copied = await ok<{ file_hash: string }>(v1, "copy", {
      session,
      from: "e.txt",
      key: "e-v1",
    });
    writeFile(root, "e.txt", "v2\n");
    expectToolError(
      await call(v1, "paste", {
        session,
        text: "x\n",
        to: { path: "e.txt", expect: copied.file_hash },
      }),
      "FILE_CHANGED",
      ["`to`", "e.txt"],
    );
    expect(file("e.txt")).toBe("v2\n");
    const current = await ok<{ file_hash: string }>(v1, "copy", {
      session,
      from: "e.txt",
      key: "e-v2",
    });
    await ok(v1, "paste", {
      session,
      text: "x\n",
      to: { path: "e.txt", expect: current.file_hash },
    });
    expect(file("e.txt")).toBe("v2\nx\n");
  });

  it("refuses a cut with `expect` when the file changed since: the file and the key stay as they were", async () => {
    writeFile(root, "c.txt", "keep\ngone\n");
    const copied = await ok<{ file_hash: string }>(v1, "copy", { session, from: "c.txt" });
    writeFile(root, "c.txt", "keep\ngone\nnew\n");
    expectToolError(
      await call(v1, "copy", {
        session,
        from: "c.txt:2",
        key: "c-cut",
        cut: true,
        expect: copied.file_hash,
      }),
      "FILE_CHANGED",
      ["c.txt", "`expect`"],
    );
    expect(file("c.txt")).toBe("keep\ngone\nnew\n");
    expectToolError(await call(v1, "read", { session, from: "@c-cut" }), "ENTRY_NOT_FOUND", []);
    const current = await ok<{ file_hash: string }>(v1, "copy", { session, from: "c.txt" });
    await ok(v1, "copy", {
      session,
      from: "c.txt:2",
      key: "c-cut",
      cut: true,
      expect: current.file_hash,
    });
    expect(file("c.txt")).toBe("keep\nnew\n");
  });

  it("creates a missing file pasted to whole, not with create_if_missing: false nor at lines; undo removes it", async () => {
    expectToolError(
      await call(v1, "paste", {
        session,
        text: "new\n",
        to: { path: "made/new.ts", create_if_missing: false },
      }),
      "FILE_NOT_FOUND",
      ["`made/new.ts`", "`create_if_missing` is false"],
    );
    expectToolError(
      await call(v1, "paste", { session, text: "new\n", to: "made/new.ts:3" }),
      "FILE_NOT_FOUND",
      ["`made/new.ts`", "its path alone"],
    );
    expect(() => file("made/new.ts")).toThrow();
    const r = await call(v1, "paste", { session, text: "new\n", to: "made/new.ts" });
    expect(r.text).toContain("made/new.ts:1 (new)");
    expect(file("made/new.ts")).toBe("new\n");
    await ok(v1, "undo", { session });
    expect(() => file("made/new.ts")).toThrow();
  });
});

describe("where a paste lands", () => {
  const SHAPES_PY = `import math


class Shape:
    def area(self):
        return 0

    def name(self):
        return "shape"


def circle_area(r):
    return math.pi * r * r


# region debug
def dump(shape):
    print(shape.name())
# endregion
`;

  it("sets a moved unit apart, indents it at a symbol, and a region is a unit moved into a new file", async () => {
    writeFile(root, "shapes.py", SHAPES_PY);
    writeFile(root, "geometry.py", '"""Geometry."""\nimport math\n\n\ndef unit():\n    return 1\n');
    // Appended: set apart by the two blank lines the file puts between its top-level units.
    await ok(v1, "move", { session, from: "shapes.py#circle_area", to: "geometry.py" });
    expect(file("geometry.py")).toBe(
      '"""Geometry."""\nimport math\n\n\ndef unit():\n    return 1\n\n\ndef circle_area(r):\n    return math.pi * r * r\n',
    );
    // After a method: indented as one, one blank line before it as between the methods.
    await ok(v1, "move", {
      session,
      from: "geometry.py#unit",
      after: "shapes.py#Shape.area",
      prepend: "@staticmethod\n",
      replace: [["unit", "one"]],
    });
    expect(file("shapes.py")).toContain(
      "    def area(self):\n        return 0\n\n    @staticmethod\n    def one():\n        return 1\n\n    def name(self):",
    );
    // Text written at column 0 replacing a method is indented as the method was.
    await ok(v1, "paste", {
      session,
      text: 'def name(self):\n    return "a shape"\n',
      to: "shapes.py#Shape.name",
    });
    expect(file("shapes.py")).toContain('    def name(self):\n        return "a shape"\n');
    // Before a symbol: the blank line goes after it, between it and the one it precedes.
    await ok(v1, "move", { session, from: "shapes.py#Shape.name", before: "shapes.py#Shape.area" });
    expect(file("shapes.py")).toContain(
      'class Shape:\n    def name(self):\n        return "a shape"\n\n    def area(self):\n        return 0\n\n    @staticmethod',
    );
    // A region, by its name, into a file that does not exist yet: created.
    const moved = await call(v1, "move", { session, from: "shapes.py#debug", to: "debug.py" });
    expect(moved.text).toContain("→ debug.py:1-4 (new)");
    expect(file("debug.py")).toBe(
      "# region debug\ndef dump(shape):\n    print(shape.name())\n# endregion\n",
    );
    expect(file("shapes.py")).not.toContain("region debug");
    // One undo each, in turn, back to the start.
    for (let i = 0; i < 5; i++) await ok(v1, "undo", { session });
    expect(file("shapes.py")).toBe(SHAPES_PY);
    expect(() => file("debug.py")).toThrow();
  });
});

describe("after and before", () => {
  it("go after the last of a range's lines and before its first; with a marker alone, after or before its line", async () => {
    writeFile(root, "notes.txt", "one\ntwo\nthree\n# here\nfour\n");
    await ok(v1, "paste", { session, text: "after 2-3\n", after: "notes.txt:2-3" });
    await ok(v1, "paste", { session, text: "before 2-3\n", before: "notes.txt:2-3" });
    await ok(v1, "paste", { session, text: "after here\n", after: "notes.txt", marker: "# here" });
    expect(file("notes.txt")).toBe(
      "one\nbefore 2-3\ntwo\nthree\nafter 2-3\n# here\nafter here\nfour\n",
    );
    // A place's error names `after`, as the call wrote it.
    expectToolError(
      await call(v1, "paste", { session, text: "x\n", after: "notes.txt:99" }),
      "LINE_OUT_OF_RANGE",
      ["mode `append`"],
    );
  });
});

describe("receipts", () => {
  // DESIGN.md §2: a one-file paste or move answers in at most 30 tokens of text (o200k).
  const tokens = (text: string) => getEncoding("o200k_base").encode(text).length;

  it("answer a one-file paste and a move in at most 30 tokens of text, details in structuredContent", async () => {
    writeFile(
      root,
      "src/receipts.ts",
      "export const a = 1;\n\nexport function helper(n: number) {\n  return n * 2;\n}\n",
    );
    writeFile(root, "src/receipts-to.ts", "export const b = 2;\n");
    await ok(v1, "copy", { session, key: "receipt-text", text: "export const c = 3;\n" });
    const pasted = await call(v1, "paste", {
      session,
      from: "@receipt-text",
      to: "src/receipts-to.ts",
    });
    expect(pasted.text).toBe(
      `pasted @receipt-text → src/receipts-to.ts:2 · parses · op ${pasted.data.operation}`,
    );
    const moved = await call(v1, "move", {
      session,
      from: "src/receipts.ts#helper",
      to: "src/receipts-to.ts",
    });
    // The unit is set apart by a blank line (line 3); the receipt names the unit's lines, and
    // the checker that judged the project after the move (the build guard).
    expect(moved.text).toMatch(
      /^moved src\/receipts\.ts:3-5 → src\/receipts-to\.ts:4-6 · passes tsc · op \d+$/,
    );
    const undone = await call(v1, "undo", { session });
    for (const r of [pasted, moved]) expect(r.isError, r.text).toBeFalsy();
    // A one-file write's receipt: ≤ 20 tokens (issue 28); a move's, of two files: ≤ 30.
    expect(tokens(pasted.text), pasted.text).toBeLessThanOrEqual(20);
    expect(tokens(moved.text), moved.text).toBeLessThanOrEqual(30);
    // An undo names every file it restored, as locators, in one line.
    expect(undone.text).toMatch(
      /^undid op \d+ → src\/receipts-to\.ts:3 \(−4\), src\/receipts\.ts:2-5 · op \d+$/,
    );
    // What the text leaves out is in structuredContent: hashes, counts, tokens kept out.
    expect(pasted.data).toMatchObject({
      tokens_kept_out: expect.any(Number),
      files: [
        expect.objectContaining({
          path: "src/receipts-to.ts",
          hash_before: expect.any(String),
          hash_after: expect.any(String),
        }),
      ],
    });
  });
});

describe("undo after an outside edit", () => {
  it("is refused with UNDO_CONFLICT naming the file, and with force reverts where the change is intact", async () => {
    writeFile(root, "u.txt", "alpha\nbeta\n");
    await ok(v1, "paste", {
      session,
      text: "PASTED\n",
      to: { path: "u.txt", lines: "1", mode: "after_line" },
    });
    writeFile(root, "u.txt", "outside edit\nalpha\nPASTED\nbeta\n");
    expectToolError(await call(v1, "undo", { session }), "UNDO_CONFLICT", ["u.txt", "force"]);
    expect(file("u.txt")).toBe("outside edit\nalpha\nPASTED\nbeta\n");
    await ok(v1, "undo", { session, force: true });
    expect(file("u.txt")).toBe("outside edit\nalpha\nbeta\n");
  });
});

describe("read", () => {
  it("returns the content first, then `unchanged since read N`, then a compact diff after an edit", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`)
      .join("\n")
      .concat("\n");
    writeFile(root, "r.txt", lines);
    const first = await ok<{ read: number; status: string; content: string; key: string }>(
      v1,
      "read",
      { session, from: "r.txt" },
    );
    expect(first).toMatchObject({ status: "content", content: lines, key: "r.txt" });
    const second = await call(v1, "read", { session, from: "r.txt" });
    expect(second.data).toMatchObject({ status: "unchanged", since: first.read });
    expect(second.text).toContain(`unchanged since read ${first.read}`);
    expect(second.text).not.toContain("line 30");
    writeFile(root, "r.txt", lines.replace("line 30\n", "line thirty\n"));
    const third = await call(v1, "read", { session, from: "r.txt" });
    expect(third.data).toMatchObject({ status: "diff", since: first.read });
    expect(third.data.diff).toContain("-line 30\n+line thirty");
    expect(third.text).not.toContain("line 5\n");
    // The session keeps one copy, keyed by the path, holding the latest content.
    const got = await ok<{ content: string }>(v1, "read", { session, from: "@r.txt" });
    expect(got.content).toBe(lines.replace("line 30\n", "line thirty\n"));
  });

  it("forgets its copy after `ttl_calls` calls without use, and then returns the content again", async () => {
    writeFile(root, "ttl.txt", "short lived\n");
    await ok(v1, "read", { session, from: "ttl.txt", ttl_calls: 2 });
    for (let i = 0; i < 3; i++) await ok(v1, "session", { session, action: "history", limit: 1 });
    const again = await ok<{ status: string }>(v1, "read", { session, from: "ttl.txt" });
    expect(again.status).toBe("content");
  });

  it("reads a range into its own key", async () => {
    writeFile(root, "range.txt", "a\nb\nc\nd\n");
    const r = await ok<{ content: string; key: string; start_line: number; end_line: number }>(
      v1,
      "read",
      { session, from: "range.txt:2-3" },
    );
    expect(r).toMatchObject({
      content: "b\nc\n",
      key: "range.txt:2-3",
      start_line: 2,
      end_line: 3,
    });
  });
});

describe("safety, enforced by the agent", () => {
  it("refuses paths outside its roots, escaping symlinks and the deny-list, leaking no content", async () => {
    const outside = tempProject({ "secret.txt": "TOP SECRET\n" });
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link-out.txt"));
    writeFile(root, ".env", "API_KEY=hunter2\n");
    const cases: [string, Record<string, unknown>, string][] = [
      ["read", { from: "../secret.txt" }, "PATH_OUTSIDE_ROOT"],
      ["read", { from: path.join(outside, "secret.txt") }, "PATH_OUTSIDE_ROOT"],
      ["read", { from: "link-out.txt" }, "PATH_OUTSIDE_ROOT"],
      ["copy", { from: ".env" }, "PATH_DENIED"],
      ["read", { from: ".git/config" }, "PATH_DENIED"],
      ["paste", { text: "x", to: "link-out.txt" }, "PATH_OUTSIDE_ROOT"],
      ["paste", { text: "x", to: ".env" }, "PATH_DENIED"],
    ];
    for (const [tool, args, code] of cases) {
      const result = await call(v1, tool, { session, ...args });
      expectToolError(result, code);
      expect(result.text).not.toContain("SECRET");
      expect(result.text).not.toContain("hunter2");
    }
    expect(readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("TOP SECRET\n");
    expect(file(".env")).toBe("API_KEY=hunter2\n");
  });

  it("refuses binary files with BINARY_FILE", async () => {
    writeFileSync(
      path.join(root, "image.png"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1]),
    );
    expectToolError(await call(v1, "read", { session, from: "image.png" }), "BINARY_FILE", [
      "image.png",
    ]);
    expectToolError(
      await call(v1, "paste", { session, text: "x", to: "image.png" }),
      "BINARY_FILE",
      ["image.png"],
    );
  });

  it("answers bad targets before any file is touched", async () => {
    writeFile(root, "bad.txt", "x\n");
    const before = bytes("bad.txt");
    for (const [target, mentions] of [
      [{ path: "bad.txt", mode: "after_line" }, ["`to`", "lines"]],
      [{ path: "bad.txt", mode: "append", lines: "3" }, ["`to`", "lines", "append"]],
      [{ path: "bad.txt", lines: "3-2" }, ["to", "line range"]],
      [{ path: "bad.txt", mode: "after_line", lines: "9" }, ["`to`", "Line 9", "1 line"]],
      [
        ["bad.txt", { path: "bad.txt", mode: "after_line", lines: "9" }],
        ["`to[1]`", "Line 9", "out of range"],
      ],
    ] as const) {
      expectToolError(await call(v1, "paste", { session, text: "y\n", to: target }), undefined, [
        ...mentions,
      ]);
    }
    expect(bytes("bad.txt")).toEqual(before);
  });
});

describe("export to and import from a file", () => {
  it("writes the export through the agent, imports it back, and undo removes the file", async () => {
    const source = await startSession(v1);
    await ok(v1, "copy", { session: source, key: "exported", text: "round trip\n", tags: ["t1"] });
    const exported = await ok<{ path: string; operation: number }>(v1, "update", {
      session: source,
      action: "export",
      scope: "session",
      path: "exports/clip.json",
    });
    expect(exported.path).toBe("exports/clip.json");
    expect(JSON.parse(file("exports/clip.json"))).toMatchObject({ format: "edgeclip", version: 1 });
    const target = await startSession(v1);
    const imported = await ok<{ steps: { key: string; action: string }[] }>(v1, "update", {
      session: target,
      action: "import",
      path: "exports/clip.json",
      dry_run: false,
    });
    expect(imported.steps).toEqual([
      expect.objectContaining({ key: "exported", action: "create" }),
    ]);
    expect(
      (await ok<{ content: string }>(v1, "read", { session: target, from: "@exported" })).content,
    ).toBe("round trip\n");
    await ok(v1, "undo", { session: source });
    expect(() => file("exports/clip.json")).toThrow();
  });
});

describe("concurrency and size", () => {
  it("loses nothing when two sessions paste into one file at once", async () => {
    writeFile(root, "shared.log", "");
    const other = await startSession(v2, { project: "files-project" });
    const pastes = [];
    for (let i = 0; i < 15; i++) {
      pastes.push(ok(v1, "paste", { session, text: `one ${i}\n`, to: "shared.log" }));
      pastes.push(ok(v2, "paste", { session: other, text: `two ${i}\n`, to: "shared.log" }));
    }
    await Promise.all(pastes);
    const lines = file("shared.log").split("\n").filter(Boolean).sort();
    const expected = Array.from({ length: 15 }, (_, i) => [`one ${i}`, `two ${i}`])
      .flat()
      .sort();
    expect(lines).toEqual(expected);
  });

  it("pastes a 10 MiB entry into a new file and copies it back exactly", async () => {
    const line = "edgeclip 10 MiB: €uro and 😀 emoji, the quick brown fox\n";
    const text = line.repeat(Math.floor((10 * 1024 * 1024 - 1024) / Buffer.byteLength(line)));
    await ok(v1, "copy", { session, key: "big", text });
    const pasted = await ok<{ files: Changed[] }>(v1, "paste", {
      session,
      from: "@big",
      to: { path: "big/out.txt", create_if_missing: true },
    });
    expect(pasted.files[0]?.created).toBe(true);
    expect(file("big/out.txt") === text).toBe(true);
    const back = await ok<{ bytes: number }>(v1, "copy", {
      session,
      from: "big/out.txt",
      key: "big-back",
    });
    expect(back.bytes).toBe(Buffer.byteLength(text));
  });
});
