import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AnyClient, call, connectV1, ok, startSession } from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempProject, writeFile } from "./agent-process.ts";

/**
 * Anchors that cover whole lines select whole lines, line breaks included, as
 * `focus` does (src/shared/refs/whole-lines.ts): through `move`, `read`, `cut` and a
 * paste target, with a real agent. Issue 14's example: a move that left a
 * stray blank line behind and a moved block without its final line break.
 */
const A_PY = "x = 1\n\n# begin\nA = 1\n# end\n\ny = 2\n";
const BLOCK = "# begin\nA = 1\n# end\n";

let root: string;
let agent: AgentProcess;
let v1: AnyClient;
let session: string;
const file = (name: string) => readFileSync(path.join(root, name), "utf8");

beforeAll(async () => {
  root = tempProject({});
  agent = await startAgent({ root, name: "lines-agent", project: "lines-project" });
  v1 = await connectV1();
});

beforeEach(async () => {
  writeFile(root, "a.py", A_PY);
  session = await startSession(v1);
});

afterAll(async () => {
  await v1?.close();
  await agent?.stop();
});

describe("anchors that cover whole lines", () => {
  it("move whole lines: the source keeps its spacing, the block arrives with its final line break", async () => {
    const moved = await call(v1, "move", {
      session,
      from: { path: "a.py", start: "# begin", end: "# end" },
      to: { path: "b.py", create_if_missing: true },
    });
    expect(moved.isError, moved.text).toBeFalsy();
    expect(file("a.py")).toBe("x = 1\n\ny = 2\n");
    expect(file("b.py")).toBe(BLOCK);
    // The receipt names the block; the file change counts what left: the block and the blank line after it.
    expect(moved.text).toMatch(/^moved a\.py:3-5 → b\.py:1-3 \(new\)/);
    expect(moved.data.from).toBe("a.py lines 3–5 (anchors (exact; whole lines))");
    expect((moved.data.files as { lines_removed: number; first_line: number }[])[0]).toMatchObject({
      first_line: 3,
      lines_removed: 4,
    });
    await ok(v1, "undo", { session });
    expect(file("a.py")).toBe(A_PY);
  });

  it("read and cut take the same lines, anchors typed with drift too", async () => {
    const read = await call(v1, "read", {
      session,
      from: { path: "a.py", start: "# BEGIN", end: "#end" },
    });
    expect(read.isError, read.text).toBeFalsy();
    expect(read.data).toMatchObject({
      content: BLOCK,
      start_line: 3,
      end_line: 5,
      selected: "anchors (normalised; whole lines)",
    });
    await ok(v1, "copy", {
      session,
      cut: true,
      from: { path: "a.py", start: "# begin", end: "# end" },
      key: "block",
    });
    expect(file("a.py")).toBe("x = 1\n\ny = 2\n");
    const entry = await ok<{ content: string }>(v1, "read", { session, from: "@block" });
    expect(entry.content).toBe(BLOCK);
  });

  it("a paste target covering whole lines is replaced as lines, re-indented where it is", async () => {
    writeFile(root, "c.py", "class C:\n    # old\n    a = 1\n    # /old\n    b = 2\n");
    await ok(v1, "paste", {
      session,
      text: "a = 10\n",
      to: { path: "c.py", start: "# old", end: "# /old" },
      indent: "auto",
    });
    expect(file("c.py")).toBe("class C:\n    a = 10\n    b = 2\n");
  });

  it("a passage that starts inside a line still moves character for character", async () => {
    writeFile(root, "d.py", "v = f(1,\n      2)\nw = 3\n");
    await ok(v1, "move", {
      session,
      from: { path: "d.py", start: "f(1,", end: "2)" },
      to: { path: "d.py", mode: "append" },
      allow_syntax_errors: true,
    });
    expect(file("d.py")).toBe("v = \nw = 3\nf(1,\n      2)\n");
  });
});
