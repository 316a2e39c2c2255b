import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { EditResult } from "../../src/shared/bridge/protocol.ts";
import {
  Journal,
  type Recording,
  SimulatedCrash,
  TargetChanged,
  type Write,
} from "../src/journal.ts";
import type { OpRecord } from "../src/op-record.ts";
import { sha256 } from "../src/text-file.ts";

const SERVER = "http://127.0.0.1:8787";
const context = { session: "default", op: 7 };

/** A workspace with three targets: one to change (mode 640), one to remove, one to create in new directories. */
function setup() {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-journal-")));
  const root = path.join(base, "root");
  mkdirSync(root);
  const changed = path.join(root, "changed.txt");
  const removed = path.join(root, "removed.txt");
  const created = path.join(root, "new", "deeper", "created.txt");
  writeFileSync(changed, "before\n", { mode: 0o640 });
  writeFileSync(removed, "to remove\n");
  const hash = (text: string) => sha256(new Uint8Array(Buffer.from(text)));
  const writes: Write[] = [
    { path: changed, bytes: Buffer.from("after\n"), mode: 0o640, before: hash("before\n") },
    { path: removed, bytes: null, before: hash("to remove\n") },
    { path: created, bytes: Buffer.from("created\n"), before: null },
  ];
  // One result per target, as the model sees them (path) and where they are (abs).
  const results = [
    { path: "changed.txt", abs: changed },
    { path: "removed.txt", abs: removed },
    { path: "new/deeper/created.txt", abs: created },
  ] as unknown as EditResult[];
  const none = { start: 0, end: 0, wrote: null, replaced: null, around: null };
  const record: OpRecord = {
    version: 1,
    context,
    at: Date.now(),
    edits: [
      { path: changed, kind: "changed", ...none, after: hash("after\n") },
      { path: removed, kind: "removed", ...none, after: null },
      { path: created, kind: "created", ...none, after: hash("created\n") },
    ],
  };
  const recording: Recording = { record, reverted: [] };
  const snapshot = () => ({
    changed: readFileSync(changed, "utf8"),
    removed: existsSync(removed),
    created: existsSync(created) ? readFileSync(created, "utf8") : null,
    newDir: existsSync(path.join(root, "new")),
  });
  return {
    base,
    root,
    journalDir: path.join(base, "journal"),
    writes,
    results,
    recording,
    snapshot,
    changed,
    removed,
    created,
  };
}

const BEFORE = { changed: "before\n", removed: true, created: null, newDir: false };
const AFTER = { changed: "after\n", removed: false, created: "created\n", newDir: true };

/** Every file under `dir` whose name marks it as an edgeclip temporary file. */
function temps(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    f.includes(".edgeclip-"),
  );
}

describe("Journal.commit", () => {
  it("records what the operation wrote in the agent's ledger, as part of the commit", async () => {
    const w = setup();
    const journal = new Journal(w.journalDir, SERVER);
    expect(await journal.ledger.find(context)).toBeUndefined();
    await journal.commit(context, w.writes, w.results, w.recording);
    expect(await journal.ledger.find(context)).toEqual(w.recording.record);
    expect(await journal.ledger.find({ ...context, op: 8 })).toBeUndefined();
    expect(await journal.ledger.find({ session: "s-other", op: 7 })).toBeUndefined();
    // Per server: another server's operation #7 is not this one.
    expect(
      await new Journal(w.journalDir, "http://elsewhere").ledger.find(context),
    ).toBeUndefined();
  });

  it("writes every target, keeps the mode, and leaves no temporary file, only its report until acknowledged", async () => {
    const w = setup();
    const journal = new Journal(w.journalDir, SERVER);
    const report = await journal.commit(context, w.writes, w.results, w.recording);
    expect(w.snapshot()).toEqual(AFTER);
    expect(statSync(w.changed).mode & 0o777).toBe(0o640);
    expect(temps(w.root)).toEqual([]);
    expect(readdirSync(w.journalDir)).toEqual([`${report}.report.json`]);
    expect((await journal.outbox()).map((r) => r.message)).toEqual([
      { type: "settled", report, context, outcome: "committed", results: w.results },
    ]);
    await journal.reported(report);
    expect(readdirSync(w.journalDir)).toEqual([]);
  });

  it("ignores an acknowledgement that is not a report id", async () => {
    const w = setup();
    const journal = new Journal(w.journalDir, SERVER);
    const report = await journal.commit(context, w.writes, w.results, w.recording);
    await journal.reported(`../${report}`);
    expect(readdirSync(w.journalDir)).toEqual([`${report}.report.json`]);
  });

  it("leaves every target untouched and no journal entry when a write fails", async () => {
    const w = setup();
    writeFileSync(path.join(w.root, "plain-file"), "x");
    const impossible = {
      path: path.join(w.root, "plain-file", "child.txt"),
      bytes: Buffer.from("x"),
      before: null,
    };
    await expect(
      new Journal(w.journalDir, SERVER).commit(
        context,
        [...w.writes, impossible],
        w.results,
        w.recording,
      ),
    ).rejects.toThrow();
    expect(w.snapshot()).toEqual(BEFORE);
    expect(temps(w.root)).toEqual([]);
    expect(readdirSync(w.journalDir)).toEqual([]);
  });
});

describe("a crash at any step, then recovery", () => {
  const steps = [
    ["journal-written", "rolled_back"],
    ["temp-written:0", "rolled_back"],
    ["temp-written:2", "rolled_back"],
    ["committed", "committed"],
    ["renamed:0", "committed"],
    ["renamed:1", "committed"],
    ["renamed:2", "committed"],
    ["recorded", "committed"],
  ] as const;

  it.each(steps)(
    "after %s leaves all targets as before or all as after (%s), and recorded only if after",
    async (step, outcome) => {
      const w = setup();
      const crashing = new Journal(w.journalDir, SERVER, (s) => {
        if (s === step) throw new SimulatedCrash(s);
      });
      await expect(crashing.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
        SimulatedCrash,
      );

      const reports = await new Journal(w.journalDir, SERVER).recover();
      expect(w.snapshot()).toEqual(outcome === "committed" ? AFTER : BEFORE);
      expect(temps(w.root)).toEqual([]);
      expect(reports.map((r) => r.message)).toEqual([
        {
          type: "settled",
          report: reports[0]?.id,
          context,
          outcome,
          ...(outcome === "committed" ? { results: w.results } : {}),
        },
      ]);
      // The agent's record of what it wrote: there exactly when the files were written.
      expect(await new Journal(w.journalDir, SERVER).ledger.find(context)).toEqual(
        outcome === "committed" ? w.recording.record : undefined,
      );
      // The report stays until the server acknowledges it, and only then goes.
      expect(await new Journal(w.journalDir, SERVER).outbox()).toHaveLength(1);
      await new Journal(w.journalDir, SERVER).reported(reports[0]?.id ?? "");
      expect(readdirSync(w.journalDir)).toEqual([]);
    },
  );

  it("keeps an entry it cannot settle now for the next start, instead of failing every start", async () => {
    const w = setup();
    const crashing = new Journal(w.journalDir, SERVER, (s) => {
      if (s === "committed") throw new SimulatedCrash(s);
    });
    await expect(crashing.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
      SimulatedCrash,
    );
    // Before the restart a target becomes a directory: neither writable over nor readable.
    rmSync(w.changed);
    mkdirSync(w.changed);
    const warnings: string[] = [];
    const reports = await new Journal(w.journalDir, SERVER).recover((line) => warnings.push(line));
    expect(reports).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not be settled now \(EISDIR\); it is kept/);
    expect(readdirSync(w.journalDir).some((f) => f.endsWith(".json"))).toBe(true);

    // Once the file is back, the next start settles it.
    rmSync(w.changed, { recursive: true });
    writeFileSync(w.changed, "before\n", { mode: 0o640 });
    const later = await new Journal(w.journalDir, SERVER).recover();
    expect(later.map((r) => r.message.outcome)).toEqual(["committed"]);
    expect(w.snapshot()).toEqual(AFTER);
  });

  it("recovers a second time without harm when it was itself interrupted", async () => {
    const w = setup();
    const crashing = new Journal(w.journalDir, SERVER, (s) => {
      if (s === "renamed:0") throw new SimulatedCrash(s);
    });
    await expect(crashing.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
      SimulatedCrash,
    );
    const again = await new Journal(w.journalDir, SERVER).recover();
    const twice = await new Journal(w.journalDir, SERVER).recover();
    expect(w.snapshot()).toEqual(AFTER);
    expect(twice).toEqual(again);
  });

  it("leaves alone the journal of a process that is still running", async () => {
    const w = setup();
    mkdirSync(w.journalDir, { recursive: true });
    const live = {
      version: 1,
      id: `${process.ppid}-x-1`,
      pid: process.ppid,
      host: (await import("node:os")).hostname(),
      server: SERVER,
      context,
      targets: [],
      dirs: [],
      results: [],
    };
    writeFileSync(path.join(w.journalDir, `${live.id}.json`), JSON.stringify(live));
    expect(await new Journal(w.journalDir, SERVER).recover()).toEqual([]);
    expect(readdirSync(w.journalDir)).toEqual([`${live.id}.json`]);
  });

  it("keeps reports for another server out of this server's outbox", async () => {
    const w = setup();
    const crashing = new Journal(w.journalDir, "http://elsewhere", (s) => {
      if (s === "committed") throw new SimulatedCrash(s);
    });
    await expect(crashing.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
      SimulatedCrash,
    );
    expect(await new Journal(w.journalDir, SERVER).recover()).toEqual([]);
    expect(w.snapshot()).toEqual(AFTER);
    expect(await new Journal(w.journalDir, "http://elsewhere").outbox()).toHaveLength(1);
    // Recorded for the server that asked for it, not for the one recovering.
    expect(await new Journal(w.journalDir, SERVER).ledger.find(context)).toBeUndefined();
    expect(await new Journal(w.journalDir, "http://elsewhere").ledger.find(context)).toEqual(
      w.recording.record,
    );
  });
});

describe("recovery never writes over a newer edit", () => {
  /** Commits until `step`, then edits `edit` (target name → content, or null to delete) as a person would before the restart. */
  async function crashThenEdit(step: string, edit: (w: ReturnType<typeof setup>) => void) {
    const w = setup();
    const crashing = new Journal(w.journalDir, SERVER, (s) => {
      if (s === step) throw new SimulatedCrash(s);
    });
    await expect(crashing.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
      SimulatedCrash,
    );
    edit(w);
    return w;
  }

  const setAside = (target: string) => `${target}.not-applied-op7.edgeclip`;

  it.each(["committed", "renamed:0", "renamed:1"])(
    "keeps a target edited after a crash at %s as it is, sets the operation's version aside next to it, and reports it",
    async (step) => {
      const w = await crashThenEdit(step, (w) => writeFileSync(w.created, "the user's\n"));
      const reports = await new Journal(w.journalDir, SERVER).recover();
      expect(w.snapshot()).toEqual({ ...AFTER, created: "the user's\n" });
      expect(readFileSync(setAside(w.created), "utf8")).toBe("created\n");
      expect(temps(w.root)).toEqual([]);
      expect(reports.map((r) => r.message)).toEqual([
        {
          type: "settled",
          report: reports[0]?.id,
          context,
          outcome: "committed",
          results: w.results,
          kept: [
            {
              path: "new/deeper/created.txt",
              set_aside: "new/deeper/created.txt.not-applied-op7.edgeclip",
              edits: [2],
            },
          ],
        },
      ]);
      // Its record says it did not write that file, so nothing can revert it as if it had.
      const record = await new Journal(w.journalDir, SERVER).ledger.find(context);
      expect(record?.edits.map((e) => e.kept ?? false)).toEqual([false, false, true]);
    },
  );

  it("keeps a file it was to remove when it changed since, with nothing to set aside", async () => {
    const w = await crashThenEdit("committed", (w) => writeFileSync(w.removed, "still needed\n"));
    const reports = await new Journal(w.journalDir, SERVER).recover();
    expect(readFileSync(w.removed, "utf8")).toBe("still needed\n");
    expect(w.snapshot()).toEqual({ ...AFTER, removed: true });
    expect(reports[0]?.message.kept).toEqual([
      { path: "removed.txt", set_aside: null, edits: [1] },
    ]);
  });

  it("writes over a target only as the operation found it: a deleted one is kept deleted", async () => {
    const w = await crashThenEdit("committed", (w) => rmSync(w.changed));
    const reports = await new Journal(w.journalDir, SERVER).recover();
    expect(existsSync(w.changed)).toBe(false);
    expect(readFileSync(setAside(w.changed), "utf8")).toBe("after\n");
    expect(reports[0]?.message.kept).toEqual([
      { path: "changed.txt", set_aside: "changed.txt.not-applied-op7.edgeclip", edits: [0] },
    ]);
  });

  it("keeps a target another account swapped for a FIFO as it is, never waiting on it, and sets the operation's version aside", async () => {
    const w = await crashThenEdit("committed", (w) => {
      rmSync(w.changed);
      execFileSync("mkfifo", [w.changed]);
    });
    const reports = await new Journal(w.journalDir, SERVER).recover();
    expect(statSync(w.changed).isFIFO()).toBe(true);
    expect(readFileSync(setAside(w.changed), "utf8")).toBe("after\n");
    expect(reports[0]?.message.kept).toEqual([
      { path: "changed.txt", set_aside: "changed.txt.not-applied-op7.edgeclip", edits: [0] },
    ]);
  });

  it("does not keep a target that already holds the operation's content", async () => {
    const w = await crashThenEdit("committed", (w) => writeFileSync(w.changed, "after\n"));
    const reports = await new Journal(w.journalDir, SERVER).recover();
    expect(w.snapshot()).toEqual(AFTER);
    expect(reports[0]?.message.kept).toBeUndefined();
    expect(existsSync(setAside(w.changed))).toBe(false);
  });

  it("picks another name when the set-aside name is taken", async () => {
    const w = await crashThenEdit("committed", (w) => {
      writeFileSync(w.changed, "the user's\n");
      writeFileSync(setAside(w.changed), "someone else's\n");
    });
    const reports = await new Journal(w.journalDir, SERVER).recover();
    expect(readFileSync(setAside(w.changed), "utf8")).toBe("someone else's\n");
    expect(readFileSync(`${w.changed}.not-applied-op7-2.edgeclip`, "utf8")).toBe("after\n");
    expect(reports[0]?.message.kept?.[0]?.set_aside).toBe("changed.txt.not-applied-op7-2.edgeclip");
  });

  it("keeps the same files when recovery itself is interrupted after deciding", async () => {
    const w = await crashThenEdit("committed", (w) => writeFileSync(w.changed, "the user's\n"));
    const interrupted = new Journal(w.journalDir, SERVER, (s) => {
      if (s === "recovery-decided") throw new SimulatedCrash(s);
    });
    await expect(interrupted.recover()).rejects.toThrow(SimulatedCrash);
    // The user edits it back to what the operation found: the decision stands all the same.
    writeFileSync(w.changed, "before\n");
    const reports = await new Journal(w.journalDir, SERVER).recover();
    expect(readFileSync(w.changed, "utf8")).toBe("before\n");
    expect(readFileSync(setAside(w.changed), "utf8")).toBe("after\n");
    expect(reports[0]?.message.kept).toEqual([
      { path: "changed.txt", set_aside: "changed.txt.not-applied-op7.edgeclip", edits: [0] },
    ]);
  });
});

describe("a target changed by another program while the commit writes", () => {
  // 0.6.0 renamed over it: what the other program wrote was lost, and the commit succeeded.
  it.each([
    ["committed", 0, "changed", "changed.txt"],
    ["renamed:0", 1, "removed", "removed.txt"],
    ["renamed:1", 2, "created", "new/deeper/created.txt"],
  ] as const)(
    "after %s, a change to target %i undoes the operation: every other target as before, that change kept",
    async (step, target, key, name) => {
      const w = setup();
      const file = path.join(w.root, name);
      const journal = new Journal(w.journalDir, SERVER, (s) => {
        if (s === step) writeFileSync(file, "theirs\n", { flag: "a" });
      });
      const error = await journal.commit(context, w.writes, w.results, w.recording).catch((e) => e);
      expect(error).toBeInstanceOf(TargetChanged);
      expect((error as TargetChanged).target).toBe(target);
      const theirs = {
        changed: "before\ntheirs\n",
        removed: true,
        created: "theirs\n",
      }[key];
      expect(w.snapshot()).toEqual({ ...BEFORE, [key]: theirs, newDir: key === "created" });
      if (key === "removed") expect(readFileSync(w.removed, "utf8")).toBe("to remove\ntheirs\n");
      expect(statSync(w.changed).mode & 0o777).toBe(0o640);
      expect(temps(w.root)).toEqual([]);
      expect(readdirSync(w.journalDir)).toEqual([]);
      expect(await journal.ledger.find(context)).toBeUndefined();
    },
  );

  it.each(["aborting", "unwound:2", "unwound:1", "unwound:0"])(
    "a crash while undoing (at %s) is finished by recovery: rolled back, the change kept",
    async (crashAt) => {
      const w = setup();
      const crashing = new Journal(w.journalDir, SERVER, (s) => {
        if (s === "renamed:1") writeFileSync(w.created, "theirs\n");
        if (s === crashAt) throw new SimulatedCrash(s);
      });
      await expect(crashing.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
        SimulatedCrash,
      );
      const reports = await new Journal(w.journalDir, SERVER).recover();
      expect(reports.map((r) => r.message.outcome)).toEqual(["rolled_back"]);
      expect(w.snapshot()).toEqual({ ...BEFORE, created: "theirs\n", newDir: true });
      expect(temps(w.root)).toEqual([]);
      expect(await new Journal(w.journalDir, SERVER).ledger.find(context)).toBeUndefined();
    },
  );

  it("keeps the old version by a hard link: no bytes copied, the same file", async () => {
    const w = setup();
    const inode = statSync(w.changed).ino;
    const journal = new Journal(w.journalDir, SERVER, (s) => {
      if (s === "committed") {
        const orig = temps(w.root).find((f) => f.startsWith(".changed.txt") && f.endsWith(".orig"));
        expect(orig).toBeDefined();
        expect(statSync(path.join(w.root, orig ?? "")).ino).toBe(inode);
        writeFileSync(w.changed, "theirs\n");
      }
    });
    await expect(journal.commit(context, w.writes, w.results, w.recording)).rejects.toThrow(
      TargetChanged,
    );
    expect(statSync(w.changed).ino).toBe(inode);
    expect(readFileSync(w.changed, "utf8")).toBe("theirs\n");
  });
});
