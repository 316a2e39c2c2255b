import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { runTool } from "../src/languages/tool-run.ts";

/** A checker's command is held to its deadline and its memory, and a missing one is said so. */
describe("runTool", () => {
  const cwd = tmpdir();

  it("gives a command's output and exit code", async () => {
    const ran = await runTool(process.execPath, ["-e", "console.log('x'); process.exit(3)"], {
      cwd,
      deadline: Date.now() + 10_000,
    });
    expect(ran).toEqual({ ok: true, code: 3, output: "x\n" });
  });

  it("kills a command past its deadline, its children too", async () => {
    const started = Date.now();
    const ran = await runTool(
      process.execPath,
      [
        "-e",
        "require('node:child_process').spawn('sleep', ['30'], { stdio: 'inherit' }); setTimeout(() => {}, 30000)",
      ],
      { cwd, deadline: Date.now() + 1_000 },
    );
    expect(ran).toMatchObject({ ok: false, why: "deadline" });
    // Not the child's 30 s (nor its grandchild's).
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("kills a command whose memory passes its cap", async () => {
    const ran = await runTool(
      process.execPath,
      ["-e", "const b = Buffer.alloc(300 * 1024 * 1024, 1); setTimeout(() => b.length, 20000)"],
      { cwd, deadline: Date.now() + 15_000, memoryCap: 100 * 1024 * 1024 },
    );
    expect(ran).toMatchObject({ ok: false, why: "memory" });
  });

  it("says a command is missing", async () => {
    const ran = await runTool("no-such-checker-here", [], { cwd, deadline: Date.now() + 5_000 });
    expect(ran).toMatchObject({ ok: false, why: "missing" });
  });
});
