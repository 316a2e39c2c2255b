import { describe, expect, it, vi } from "vitest";
import { ALONE_CHARS, planImporters, stopLanes, syntaxFaults } from "../src/compute/offload.ts";
import { ComputeThread } from "../src/compute/thread.ts";
import type { ImporterChange, ImportersInput } from "../src/imports/importers.ts";
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

describe("a move's importers in the compute thread", () => {
  it("plans a large file alone: one past the thread's bounds is named, not followed, and costs the move nothing else", async () => {
    const file = (name: string, chars: number) => ({
      abs: `/r/${name}`,
      path: name,
      text: "x".repeat(chars),
    });
    const files = [
      file("a.ts", 10),
      file(".yarn/releases/yarn.cjs", ALONE_CHARS + 1),
      file("b.ts", 10),
      file("big.ts", ALONE_CHARS + 1),
    ];
    const input = {
      source: { abs: "/r/old.ts", path: "old.ts" },
      dest: { abs: "/r/new.ts", path: "new.ts" },
      moved: ["f"],
      files,
    } as unknown as ImportersInput;
    const jobs: string[][] = [];
    const job = async (i: ImportersInput): Promise<ImporterChange[]> => {
      jobs.push(i.files.map((f) => f.path));
      if (i.files.some((f) => f.path.endsWith(".cjs")))
        throw new TooComplex(
          "parsing it for its structure took longer than the agent allows (8 s); read it by lines or anchors",
        );
      return i.files.map((f) => ({
        abs: f.abs,
        text: "y",
        changes: [`${f.path}: imports f`],
        unresolved: [],
      }));
    };
    const planned = await planImporters(input, job);
    expect(jobs).toEqual([["a.ts", "b.ts"], [".yarn/releases/yarn.cjs"], ["big.ts"]]);
    expect(planned.map((p) => [p.abs, p.text, p.unresolved])).toEqual([
      ["/r/a.ts", "y", []],
      [
        "/r/.yarn/releases/yarn.cjs",
        undefined,
        [
          ".yarn/releases/yarn.cjs was not read for its imports: parsing it for its structure took longer than the agent allows (8 s); not rewritten",
        ],
      ],
      ["/r/b.ts", "y", []],
      ["/r/big.ts", "y", []],
    ]);
    // A job of several that fails so is planned file by file; another error is the move's.
    const small = [file("c.ts", 10), file("d.cjs", 10)];
    jobs.length = 0;
    const again = await planImporters({ ...input, files: small }, job);
    expect(jobs).toEqual([["c.ts", "d.cjs"], ["c.ts"], ["d.cjs"]]);
    expect(again.map((p) => p.text)).toEqual(["y", undefined]);
    await expect(
      planImporters(input, () => Promise.reject(new Error("the agent's compute thread stopped"))),
    ).rejects.toThrow("stopped");
  });
});
