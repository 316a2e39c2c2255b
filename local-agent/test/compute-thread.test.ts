import { describe, expect, it, vi } from "vitest";
import { stopLanes, syntaxFaults } from "../src/compute/offload.ts";
import { ComputeThread } from "../src/compute/thread.ts";
import { TooComplex } from "../src/syntax/formats/format.ts";
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

describe("the compute thread's limits (issue 27 §6)", () => {
  it("refuses a job past its deadline as TooComplex, freeing the thread, and serves the next in a new one", async () => {
    const thread = new ComputeThread({ deadlineMs: 1500 });
    const big = "x = 1\n".repeat(1_500_000); // 9 MiB of Python: seconds of parsing
    const slow = thread.run("syntaxError", [big, "python"]);
    const after = thread.run("syntaxError", ["x = (\n", "python"]);
    await expect(slow).rejects.toThrow(TooComplex);
    await expect(slow).rejects.toThrow(/took longer than the agent allows \(1.5 s\)/);
    expect(await after).toBe(1);
    expect(thread.starts).toBe(2);
    await thread.stop();
  });

  it("refuses a job that needs more than its heap as TooComplex, and serves the next", async () => {
    const thread = new ComputeThread({ heapMb: 24 });
    const keys = `{${Array.from({ length: 400_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`;
    await expect(thread.run("outline", [keys, "json"])).rejects.toThrow(
      /needed more memory than the agent allows \(24 MB\)/,
    );
    expect(await thread.run("syntaxError", ["x = 1\n", "python"])).toBeUndefined();
    await thread.stop();
  });

  it("passes a format's refusal back as TooComplex", async () => {
    const thread = new ComputeThread();
    await expect(thread.run("outline", ["k: 1\n".repeat(200_000), "yaml"])).rejects.toThrow(
      TooComplex,
    );
    await thread.stop();
  });
});

describe("the two lanes", () => {
  it("answer a small text's check while a large one is parsed: a small call never waits behind it", async () => {
    const big = "x = 1\n".repeat(200_000); // 1.2 MiB of Python: about a second of parsing
    const order: string[] = [];
    const slow = syntaxFaults(big, "python").then(() => order.push("large"));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the large parse is under way
    await syntaxFaults("a: 1\n", "yaml").then(() => order.push("small"));
    await slow;
    expect(order).toEqual(["small", "large"]);
    await stopLanes();
  });
});
