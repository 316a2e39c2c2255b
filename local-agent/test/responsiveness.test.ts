import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bigTypeScript } from "../../test/support/big-files.ts";
import { applyOp, readOp, type Workspace } from "../src/file-ops.ts";
import { Journal } from "../src/journal.ts";
import { PathLocks } from "../src/locks.ts";
import { DEFAULT_DENY } from "../src/paths.ts";

/**
 * A long selection or parse runs off the main thread (compute/thread.ts):
 * requests that come in meanwhile are answered at once. In 0.4.0 a 22 s
 * anchor resolution held every other request for 22 s.
 */
function workspace() {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-busy-")));
  const root = path.join(base, "root");
  mkdirSync(root);
  const ws: Workspace = {
    sandbox: { roots: [root], deny: [...DEFAULT_DENY] },
    readOnly: false,
    journal: new Journal(path.join(base, "journal"), "http://test"),
    locks: new PathLocks(),
  };
  const file = (name: string, content: string) => writeFileSync(path.join(root, name), content);
  return { ws, file };
}

/**
 * Runs `long` and, until it settles, one small read after another; returns
 * when each small read finished and how long it took, and when `long` began
 * and ended.
 */
async function readWhile(ws: Workspace, long: () => Promise<unknown>) {
  const began = performance.now();
  let ended = 0;
  const running = long().finally(() => {
    ended = performance.now();
  });
  const reads: { at: number; ms: number }[] = [];
  while (ended === 0) {
    const start = performance.now();
    const r = await readOp(ws, { path: "small.txt", start_line: 1, end_line: 1 });
    expect(r.ok && r.value.text).toBe("one line\n");
    reads.push({ at: performance.now(), ms: performance.now() - start });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { value: await running, began, ended, reads };
}

describe("a long selection or parse does not hold up other requests", () => {
  it("answers one-line reads all through a focus on a 1 MiB TypeScript file", async () => {
    const { ws, file } = workspace();
    file("small.txt", "one line\ntwo\n");
    file("warm.ts", "function w() {}\n");
    file("big.ts", bigTypeScript(1));
    // The parser is loaded first, so what follows is the long parse itself.
    expect((await readOp(ws, { path: "warm.ts", select: { focus: "w" } })).ok).toBe(true);
    const { value, began, ended, reads } = await readWhile(ws, () =>
      readOp(ws, { path: "big.ts", select: { focus: "target" } }),
    );
    expect(value).toMatchObject({
      ok: true,
      value: { selection: { symbol: "target (function)" } },
    });
    // Reads finished during the second half of the parse: it did not block them.
    const late = reads.filter((r) => r.at > began + (ended - began) / 2 && r.at < ended);
    expect(
      late.length,
      `${reads.length} reads over ${Math.round(ended - began)} ms`,
    ).toBeGreaterThan(0);
    // The aim is 100 ms; this bound only has to fail when the parse blocks them: no read waits
    // half the parse (or a second, whichever is longer: a loaded machine stalls a process too).
    expect(Math.max(...reads.map((r) => r.ms))).toBeLessThan(Math.max(1_000, (ended - began) / 2));
  }, 60_000);

  it("answers one-line reads all through the syntax guard of a paste into a 1 MiB file", async () => {
    const { ws, file } = workspace();
    file("small.txt", "one line\ntwo\n");
    file("warm.ts", "function w() {}\n");
    file("big.ts", bigTypeScript(1));
    expect((await readOp(ws, { path: "warm.ts", select: { focus: "w" } })).ok).toBe(true);
    const { value, began, ended, reads } = await readWhile(ws, () =>
      applyOp(ws, {
        context: { session: "default", op: 1 },
        dry_run: true,
        syntax_guard: "refuse",
        texts: ["export const more = 1;\n"],
        edits: [{ kind: "paste", path: "big.ts", mode: "append", text: 0 }],
      }),
    );
    expect(value).toMatchObject({ ok: true });
    const late = reads.filter((r) => r.at > began + (ended - began) / 2 && r.at < ended);
    expect(
      late.length,
      `${reads.length} reads over ${Math.round(ended - began)} ms`,
    ).toBeGreaterThan(0);
    expect(Math.max(...reads.map((r) => r.ms))).toBeLessThan(Math.max(1_000, (ended - began) / 2));
  }, 60_000);
});
