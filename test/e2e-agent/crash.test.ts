import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  type CallResult,
  call,
  connectV1,
  ok,
  startSession,
} from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempFiles, tempProject } from "./agent-process.ts";

/**
 * A real agent killed during multi-file writes, then restarted: every file of
 * the operation is wholly before or wholly after, no temporary file is left,
 * and history says which. Each round stops the agent at one step of its
 * journal's commit, deterministically (`EDGECLIP_TEST_CRASH_AT`: the agent
 * SIGKILLs itself there), so every step is covered once; a few rounds more
 * SIGKILL it from outside at random moments, for the places between steps
 * (computing the edits, sending the reply). Recovery runs when the next
 * round's agent starts.
 */
/** Each file's size at the start: large enough that a write spans moments a kill can land in. */
const FILE_BYTES = 256 * 1024;
const TARGETS = ["big/one.txt", "big/two.txt", "big/three.txt"];
/** The commit's steps in order (local-agent/src/journal.ts), and how a crash there ends. */
const PASTE_STEPS = [
  ["journal-written", "rolled back"],
  ["temp-written:0", "rolled back"],
  ["temp-written:2", "rolled back"],
  ["committed", "completed"],
  ["renamed:0", "completed"],
  ["renamed:1", "completed"],
  ["recorded", "completed"],
  ["done", "completed"],
] as const;
const RANDOM_ROUNDS = 2;
const MOVE_STEPS = ["journal-written", "committed", "renamed:0"] as const;
const MOVE_RANDOM_ROUNDS = 1;
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
/** (Re)starts the agent, which first recovers what the last one left; `crashAt`: it kills itself at that step. */
async function restart(crashAt?: string): Promise<void> {
  await agent?.stop("SIGKILL");
  agent = await startAgent({
    root,
    name: "crash-agent",
    project: "crash-project",
    state,
    env: crashAt ? { EDGECLIP_TEST_CRASH_AT: crashAt } : {},
  });
}

beforeAll(async () => {
  const moves = MOVE_STEPS.length + MOVE_RANDOM_ROUNDS + 1;
  const chunks = Array.from({ length: moves }, (_, i) => chunkOf(`move-${i}`)).join("");
  root = tempProject({
    ...Object.fromEntries(TARGETS.map((t) => [t, text(FILE_BYTES, "base")])),
    "move/source.txt": chunks + text(FILE_BYTES, "source-base"),
    "move/target.txt": text(FILE_BYTES, "target-base"),
  });
  state = mkdtempSync(path.join(tmpdir(), "edgeclip-crash-state-"));
  await restart();
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
    const { operations } = await ok<History>(client, "session", {
      session,
      action: "history",
      limit: 100,
    });
    const line = operations.find((o) => o.id === id)?.summary ?? "";
    if (!line.includes("interrupted (")) return line;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`operation #${id} was never settled`);
}

/**
 * How a killed write ended, once the agent is back: "completed" or "rolled
 * back" (history's line for it), "done" (the reply came before the kill), or
 * "unsent" (killed before the request left the edge: nothing sent or written).
 */
async function outcomeOf(result: CallResult): Promise<string> {
  if (!result.isError) return "done";
  if (result.text.startsWith("AGENT_NOT_CONNECTED: ")) return "unsent";
  expect(result.text).toMatch(/^AGENT_DISCONNECTED: .*operation #\d+/s);
  const line = await settledLine(Number(/operation #(\d+)/.exec(result.text)?.[1]));
  if (line.includes("completed by the agent's journal")) return "completed";
  expect(line).toContain("no file changed");
  return "rolled back";
}

describe("the agent killed during three-target pastes", () => {
  it("leaves, once restarted, all three files as before or all as after, no temporary file, and history saying which: at every step of the commit, and at random moments", async () => {
    // How long one paste takes here, so that the random kills can be spread over that time.
    await ok(client, "copy", { session, key: "calibrate", text: "calibration\n" });
    const started = Date.now();
    await ok(client, "paste", {
      session,
      from: "@calibrate",
      to: TARGETS,
    });
    const spreadMs = (Date.now() - started) * 1.2;
    let expected = readFileSync(path.join(root, TARGETS[0] ?? ""), "utf8");
    const rounds: { crashAt?: string; expect?: string }[] = [
      ...PASTE_STEPS.map(([crashAt, outcome]) => ({ crashAt, expect: outcome })),
      ...Array.from({ length: RANDOM_ROUNDS }, () => ({})),
    ];
    const seen: Record<string, number> = {};
    /** The round whose outcome the next start's recovery settles. */
    let pending:
      | { round: number; chunk: string; result: CallResult; crashAt?: string; expect?: string }
      | undefined;
    for (let round = 0; round <= rounds.length; round++) {
      const plan = rounds[round];
      await restart(plan?.crashAt); // recovers what the last round left, before it connects
      if (pending) {
        const contents = TARGETS.map((t) => readFileSync(path.join(root, t), "utf8"));
        const at = `round ${pending.round}${pending.crashAt ? ` (crash at ${pending.crashAt})` : ""}`;
        expect(tempFiles(root), `${at}: temporary files left`).toEqual([]);
        const appended = contents[0] === expected + pending.chunk;
        if (!appended) expect(contents[0] === expected, `${at}: first target mixed`).toBe(true);
        for (const [i, content] of contents.entries())
          expect(content === contents[0], `${at}: ${TARGETS[i]} differs from the first`).toBe(true);
        const outcome = await outcomeOf(pending.result);
        if (pending.expect) expect(outcome, at).toBe(pending.expect);
        expect(appended, `${at}: ${outcome}, yet the files say otherwise`).toBe(
          outcome === "done" || outcome === "completed",
        );
        seen[outcome] = (seen[outcome] ?? 0) + 1;
        if (appended) expected += pending.chunk;
      }
      if (!plan) break;
      const chunk = text(64 * 1024, `round-${round}`);
      await ok(client, "copy", { session, key: `chunk-${round}`, text: chunk });
      const sent = Date.now();
      const paste = call(client, "paste", {
        session,
        from: `@${`chunk-${round}`}`,
        to: TARGETS,
      });
      if (!plan.crashAt) {
        await new Promise((r) =>
          setTimeout(r, ((round + Math.random()) / rounds.length) * spreadMs),
        );
        await agent?.stop("SIGKILL");
      }
      const result = await paste;
      // Never a hang: the caller hears of it, not after the 30 s timeout (half that, on a
      // loaded machine).
      expect(Date.now() - sent).toBeLessThan(15_000 + spreadMs);
      pending = { round, chunk, result, ...plan };
    }
    expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(rounds.length);

    // Everything settled: undo works again, and reverts the last paste that happened.
    const undone = await call(client, "undo", { session });
    expect(undone.isError, undone.text).toBeFalsy();
    for (const t of TARGETS)
      expect(readFileSync(path.join(root, t), "utf8").length).toBeLessThan(expected.length);
    console.log(
      `crash rounds (a paste takes ~${Math.round(spreadMs / 1.2)} ms): ${JSON.stringify(seen)}`,
    );
  });
});

describe("the agent killed during moves between two files", () => {
  it("leaves both files as before or both as after: the code is never only in one place or in neither", async () => {
    const read = (name: string) => readFileSync(path.join(root, "move", name), "utf8");
    let source = read("source.txt");
    let target = read("target.txt");
    const started = Date.now();
    await ok(client, "move", {
      session,
      from: `move/source.txt:1-${CHUNK_LINES}`,
      to: "move/target.txt",
    });
    const spreadMs = (Date.now() - started) * 1.2;
    const first = source.slice(0, chunkOf("move-0").length);
    source = source.slice(first.length);
    target += first;
    const rounds: (string | undefined)[] = [
      ...MOVE_STEPS,
      ...Array.from({ length: MOVE_RANDOM_ROUNDS }, () => undefined),
    ];
    const seen = { moved: 0, untouched: 0 };
    let next = 1; // the chunk now at the top of the source
    let pending: { round: number; chunk: string; result: CallResult; crashAt?: string } | undefined;
    for (let round = 0; round <= rounds.length; round++) {
      const crashAt = rounds[round];
      await restart(crashAt); // recovers what the last round left
      if (pending) {
        const at = `round ${pending.round}${pending.crashAt ? ` (crash at ${pending.crashAt})` : ""}`;
        expect(tempFiles(root), `${at}: temporary files left`).toEqual([]);
        const [nowSource, nowTarget] = [read("source.txt"), read("target.txt")];
        const moved =
          nowSource === source.slice(pending.chunk.length) && nowTarget === target + pending.chunk;
        const untouched = nowSource === source && nowTarget === target;
        expect(moved || untouched, `${at}: the files are neither before nor after`).toBe(true);
        if (!pending.result.isError)
          expect(moved, `${at}: a move that succeeded is not in the files`).toBe(true);
        if (pending.crashAt) expect(moved, at).toBe(pending.crashAt !== "journal-written");
        if (moved) {
          source = nowSource;
          target = nowTarget;
          seen.moved++;
          next++;
        } else seen.untouched++;
      }
      if (round === rounds.length) break;
      const chunk = chunkOf(`move-${next}`);
      expect(source.startsWith(chunk)).toBe(true);
      const moving = call(client, "move", {
        session,
        from: `move/source.txt:1-${CHUNK_LINES}`,
        to: "move/target.txt",
      });
      if (!crashAt) {
        await new Promise((r) =>
          setTimeout(r, ((round + Math.random()) / rounds.length) * spreadMs),
        );
        await agent?.stop("SIGKILL");
      }
      pending = { round, chunk, result: await moving, ...(crashAt ? { crashAt } : {}) };
    }
    console.log(`move crash rounds: ${JSON.stringify(seen)}`);
  });
});
