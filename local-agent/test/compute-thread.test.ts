import { describe, expect, it, vi } from "vitest";
import { ComputeThread } from "../src/compute/thread.ts";
import type { Language } from "../src/syntax/languages.ts";

describe("the compute thread", () => {
  it("starts on the first job, and stops once idle; the next job starts it again", async () => {
    const thread = new ComputeThread({ idleMs: 50 });
    expect(thread.running).toBe(false);
    expect(await thread.run("syntaxError", ["x = (\n", "python"])).toBe(1);
    expect(await thread.run("syntaxError", ["x = 1\n", "python"])).toBeUndefined();
    expect(thread.starts).toBe(1);
    await vi.waitFor(() => expect(thread.running).toBe(false));
    const found = await thread.run("select", ["a\nb\n", { start: "b" }, undefined, "`t`"]);
    expect(found).toMatchObject({ ok: true, value: { start: 2, end: 3 } });
    expect(thread.starts).toBe(2);
    await thread.stop();
  });

  it("passes a job's failure back as an error, and goes on serving", async () => {
    const thread = new ComputeThread();
    await expect(thread.run("syntaxError", ["x", "cobol" as Language])).rejects.toThrow();
    expect(await thread.run("syntaxError", ["x = 1\n", "python"])).toBeUndefined();
    expect(thread.starts).toBe(1);
    await thread.stop();
  });

  it("fails the jobs in flight when stopped", async () => {
    const thread = new ComputeThread();
    const big = "x = 1\n".repeat(200_000);
    const failed = expect(thread.run("syntaxError", [big, "python"])).rejects.toThrow(
      "the agent's compute thread stopped",
    );
    await thread.stop();
    await failed;
    expect(thread.running).toBe(false);
  });

  it("stops as soon as it is idle after a job that asked to release it", async () => {
    const thread = new ComputeThread({ idleMs: 60_000 });
    await thread.run("syntaxError", ["x = 1\n", "python"], { release: true });
    await vi.waitFor(() => expect(thread.running).toBe(false));
  });
});
