import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyClient, call, connectV1, ok, startSession } from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempFiles, tempProject } from "./agent-process.ts";

const MiB = 1024 * 1024;
const TARGETS = ["big/one.txt", "big/two.txt", "big/three.txt"];
const ROUNDS = 16;
const MOVE_ROUNDS = 8;
/** Lines of each chunk `move` takes from the top of the source. */
const CHUNK_LINES = 1_000;

/** ~`bytes` of text in numbered lines. */
function text(bytes: number, tag: string): string {
  const line = `${tag} the quick brown fox jumps over the lazy dog 0123456789\n`;
  return line.repeat(Math.ceil(bytes / line.length));
}

/** CHUNK_LINES numbered lines tagged `tag`. */
function chunkOf(tag: string): string {
  return Array.from({ length: CHUNK_LINES }, (_, i) => `${tag} line ${i + 1} of the chunk\n`).join(
    "",
  );
}

let root: string;
let state: string;
let client: AnyClient;
let session: string;
let agent: AgentProcess | undefined;
const start = () => startAgent({ root, name: "crash-agent", project: "crash-project", state });

beforeAll(async () => {
  const chunks = Array.from({ length: MOVE_ROUNDS }, (_, i) => chunkOf(`move-${i}`)).join("");
  root = tempProject({
    ...Object.fromEntries(TARGETS.map((t) => [t, text(3 * MiB, "base")])),
    "move/source.txt": chunks + text(3 * MiB, "source-base"),
    "move/target.txt": text(3 * MiB, "target-base"),
  });
  state = mkdtempSync(path.join(tmpdir(), "edgeclip-crash-state-"));
  agent = await start();
  client = await connectV1();
  session = await startSession(client, { project: "crash-project" });
});

afterAll(async () => {
  await agent?.stop();
  await client?.close();
});

interface History {
  operations: { id: number; op: string; summary: string }[];
}

/** Waits until history's line for operation `id` says how it ended. */
async function settledLine(id: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { operations } = await ok<History>(client, "history", { session, limit: 100 });
    const line = operations.find((o) => o.id === id)?.summary ?? "";
    if (!line.includes("interrupted (")) return line;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`operation #${id} was never settled`);
}

describe("the agent killed during three-target pastes of large files", () => {
  it("leaves, once restarted, all three files as before or all as after, no temporary file, and history saying which", async () => {
    // How long one paste takes here, so that the kills can be spread over that time.
    await ok(client, "copy", { session, key: "calibrate", text: "calibration\n" });
    const started = Date.now();
    await ok(client, "paste", {
      session,
      key: "calibrate",
      targets: TARGETS.map((p) => ({ path: p })),
    });
    const spreadMs = (Date.now() - started) * 1.2;
    const base = readFileSync(path.join(root, TARGETS[0] ?? ""), "utf8");
    let expected = base;
    const seen = { completed: 0, recovered: 0, untouched: 0, unsent: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const chunk = text(64 * 1024, `round-${round}`);
      await ok(client, "copy", { session, key: `chunk-${round}`, text: chunk });
      const paste = call(client, "paste", {
        session,
        key: `chunk-${round}`,
        targets: TARGETS.map((p) => ({ path: p })),
      });
      const delay = ((round + Math.random()) / ROUNDS) * spreadMs;
      await new Promise((r) => setTimeout(r, delay));
      const killedAt = Date.now();
      await agent?.stop("SIGKILL");
      const result = await paste;
      // Never a hang: the caller hears at once, not after the 30 s timeout.
      expect(Date.now() - killedAt).toBeLessThan(5_000);

      agent = await start(); // recovery runs before it connects
      const contents = TARGETS.map((t) => readFileSync(path.join(root, t), "utf8"));
      expect(tempFiles(root), `round ${round}: temporary files left`).toEqual([]);
      const appended = contents[0] === expected + chunk;
      if (!appended)
        expect(contents[0] === expected, `round ${round}: first target mixed`).toBe(true);
      for (const [i, content] of contents.entries())
        expect(
          content === contents[0],
          `round ${round}: ${TARGETS[i]} differs from the first target`,
        ).toBe(true);

      if (!result.isError) {
        expect(appended, `round ${round}: a paste that succeeded is not in the files`).toBe(true);
        seen.completed++;
      } else if (result.text.startsWith("AGENT_NOT_CONNECTED: ")) {
        // Killed before the request left the edge: nothing was sent, recorded or written.
        expect(appended, `round ${round}: a paste never sent changed the files`).toBe(false);
        seen.unsent++;
      } else {
        expect(result.text).toMatch(/^AGENT_DISCONNECTED: .*operation #\d+/s);
        const id = Number(/operation #(\d+)/.exec(result.text)?.[1]);
        const line = await settledLine(id);
        if (appended) {
          expect(line).toContain("completed by the agent's journal");
          seen.recovered++;
        } else {
          expect(line).toContain("no file changed");
          seen.untouched++;
        }
      }
      if (appended) expected += chunk;
    }
    // The kills landed before, during and after writes (the spread covers a paste's duration).
    expect(seen.completed + seen.recovered + seen.untouched + seen.unsent).toBe(ROUNDS);
    expect(seen.recovered + seen.untouched, JSON.stringify(seen)).toBeGreaterThan(0);

    // Everything settled: undo works again, and reverts the last paste that happened.
    if (expected !== base) {
      const undone = await call(client, "undo", { session });
      expect(undone.isError, undone.text).toBeFalsy();
      const after = TARGETS.map((t) => readFileSync(path.join(root, t), "utf8"));
      for (const content of after) expect(content.length).toBeLessThan(expected.length);
    }
    console.log(
      `crash rounds (a paste takes ~${Math.round(spreadMs / 1.2)} ms): ${JSON.stringify(seen)}`,
    );
  });
});

describe("the agent killed during moves between two large files", () => {
  it("leaves both files as before or both as after: the code is never only in one place or in neither", async () => {
    const read = (name: string) => readFileSync(path.join(root, "move", name), "utf8");
    let source = read("source.txt");
    let target = read("target.txt");
    const started = Date.now();
    await ok(client, "move", {
      session,
      from: { path: "move/source.txt", lines: `1..${CHUNK_LINES}` },
      to: { path: "move/target.txt" },
    });
    const spreadMs = (Date.now() - started) * 1.2;
    const first = source.slice(0, chunkOf("move-0").length);
    source = source.slice(first.length);
    target += first;
    const seen = { moved: 0, untouched: 0 };
    let next = 1; // the chunk now at the top of the source
    for (let round = 1; round < MOVE_ROUNDS; round++) {
      const chunk = chunkOf(`move-${next}`);
      expect(source.startsWith(chunk)).toBe(true);
      const moving = call(client, "move", {
        session,
        from: { path: "move/source.txt", lines: `1..${CHUNK_LINES}` },
        to: { path: "move/target.txt" },
      });
      await new Promise((r) => setTimeout(r, ((round + Math.random()) / MOVE_ROUNDS) * spreadMs));
      await agent?.stop("SIGKILL");
      const result = await moving;
      agent = await start();
      expect(tempFiles(root), `round ${round}: temporary files left`).toEqual([]);
      const [nowSource, nowTarget] = [read("source.txt"), read("target.txt")];
      const moved = nowSource === source.slice(chunk.length) && nowTarget === target + chunk;
      const untouched = nowSource === source && nowTarget === target;
      expect(moved || untouched, `round ${round}: the files are neither before nor after`).toBe(
        true,
      );
      if (!result.isError)
        expect(moved, `round ${round}: a move that succeeded is not in the files`).toBe(true);
      if (moved) {
        source = nowSource;
        target = nowTarget;
        seen.moved++;
        next++;
      } else seen.untouched++;
    }
    console.log(`move crash rounds: ${JSON.stringify(seen)}`);
  });
});
