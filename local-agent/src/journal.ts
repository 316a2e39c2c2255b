import { randomBytes } from "node:crypto";
import { constants, existsSync, lstatSync, renameSync, unlinkSync } from "node:fs";
import { copyFile, link, mkdir, readdir, readFile, rename, rmdir, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { EditResult, Kept, OpContext, Settled } from "../../src/shared/bridge/protocol.ts";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { eachAtOnce } from "./at-once.ts";
import { exists, ignore, PRIVATE_DIR, PRIVATE_FILE, syncDir, writeDurably } from "./durable.ts";
import { Ledger, type Reverted } from "./ledger.ts";
import type { OpRecord } from "./op-record.ts";
import { isAlive } from "./processes.ts";
import { readRegular } from "./regular-file.ts";
import { sha256 } from "./text-file.ts";

/**
 * All-or-nothing writes to several files, through a crash (docs/journal.md).
 *
 * `commit` writes, in this order, each step durable (fsync) before the next:
 * 1. the journal entry `<id>.json`: every target, its temporary file, the
 *    directories it will create, and the results to report;
 * 2. a second name (a hard link, else a copy) for each existing target, its
 *    old version kept, and each new content to a temporary file in its
 *    target's directory, mode kept (several targets at once; each directory
 *    made durable once all of its files are);
 * 3. the commit marker `<id>.commit`: the point of no return;
 * 4. each temporary file renamed over its target (or a target removed), each
 *    only while the target is still as the operation read it; then the old
 *    versions' names dropped;
 * 5. the operation's record added to the agent's ledger (what it wrote, which
 *    is all an undo may revert: op-record.ts);
 * 6. the entry renamed `<id>.report.json`, and the marker deleted.
 * A process killed before 3 leaves every target untouched; after 3, every
 * target as after. A target another program changed after the operation read
 * it (found before its rename in 4) undoes the operation: the marker becomes
 * `<id>.abort`, every target already renamed gets its old version back, and
 * the commit throws `TargetChanged` naming it; a crash on the way is finished
 * by recovery the same way. `recover` (at start-up) finishes what a dead process left:
 * without a marker it deletes the temporary files and created directories
 * (rolled back); with one it renames the remaining temporary files and records
 * the operation (committed) — but only over a target still as the entry found
 * it: one edited meanwhile is kept, and the operation's version of it is set
 * aside next to it and reported (`kept`), never written over a newer edit.
 * Either way no temporary file is left, and the outcome becomes a report too.
 * A report stays until the server that asked for the operation acknowledges
 * it (`reported`), so a reply lost with a dropped connection is never lost
 * for good: the agent sends its reports again on every connection.
 */
export interface Write {
  /** Real absolute path of the target. */
  path: string;
  /** New content, or `null` to remove the file. */
  bytes: Uint8Array | null;
  /** File mode to keep (an existing file's); `undefined` for a new file (default mode). */
  mode?: number | undefined;
  /** SHA-256 of the target's bytes as the operation read them; `null`: it did not exist. */
  before: string | null;
}

/** What the ledger records for an operation: its record, and the earlier results it reverts. */
export interface Recording {
  record: OpRecord;
  reverted: Reverted[];
}

interface Target {
  path: string;
  tmp: string | null;
  /** The target's hash when the entry was written (absent in entries of agents before 0.5). */
  before?: string | null;
  /** The new content's hash (absent in entries of agents before 0.7). */
  after?: string | null;
  /** A second name for the existing target's old version, until the renames are done (0.7). */
  orig?: string | null;
}

/** A target recovery did not write over (it changed since): `set_aside` holds its new content. */
interface KeptTarget {
  target: number;
  set_aside: string | null;
}

interface Entry {
  version: 1;
  id: string;
  pid: number;
  host: string;
  server: string;
  context: OpContext;
  targets: Target[];
  /** Directories the operation creates, outermost first. */
  dirs: string[];
  results: EditResult[];
  /** Absent in entries of agents before 0.5: nothing to record. */
  recording?: Recording;
  /** Decided by recovery, before it moves anything, so a second recovery does the same. */
  kept?: KeptTarget[];
  /** Set in a report of an operation the journal rolled back; absent: committed. */
  outcome?: "rolled_back";
}

/** A settled operation waiting for the server's acknowledgement. */
export interface Report {
  id: string;
  message: Settled;
}

/** Called at each step of a commit; a test that throws from it simulates a crash right there. */
export type StepHook = (step: string) => void | Promise<void>;

/** Targets written at once before the commit point (their fsyncs overlap). */
const WRITERS = 16;
/** Targets renamed between turns of the event loop after it. */
const RENAMES_AT_ONCE = 200;

export class Journal {
  private readonly dir: string;
  private readonly server: string;
  private readonly onStep: StepHook | undefined;
  /** The record of every operation committed here (`ledger/`, beside the journal directory). */
  readonly ledger: Ledger;
  private readonly ledgerDir: string;

  /** `server`: the base URL operations come from, recorded so reports go back to it. */
  constructor(dir: string, server: string, onStep?: StepHook) {
    this.dir = dir;
    this.server = server;
    this.onStep = onStep;
    this.ledgerDir = path.join(path.dirname(dir), "ledger");
    this.ledger = new Ledger(this.ledgerDir, server);
  }

  /**
   * Writes every target or none, and records it; returns the id of the
   * operation's report. A file-system failure is thrown as a `CommitFailure`
   * that says which target it concerns and whether it came before the commit
   * marker (then nothing changed, and nothing is left behind) or after it.
   */
  async commit(
    context: OpContext,
    writes: Write[],
    results: EditResult[],
    recording: Recording,
  ): Promise<string> {
    /** The target the step under way concerns; undefined: the journal's own files. */
    let target: number | undefined;
    let committed = false;
    try {
      await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR });
      const id = `${process.pid}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      const entry: Entry = {
        version: 1,
        id,
        pid: process.pid,
        host: hostname(),
        server: this.server,
        context,
        targets: writes.map((w, i) => ({
          path: w.path,
          tmp: w.bytes === null ? null : tempName(w.path, id, i),
          before: w.before,
          after: w.bytes === null ? null : sha256(w.bytes),
          orig: w.before === null ? null : tempName(w.path, id, i, "orig"),
        })),
        dirs: await missingDirs(
          writes.filter((w) => w.bytes !== null).map((w) => path.dirname(w.path)),
        ),
        results,
        recording,
      };
      const file = this.file(id, "json");
      await writeDurably(file, JSON.stringify(entry), PRIVATE_FILE);
      await this.step("journal-written");
      try {
        for (const dir of entry.dirs) {
          target = writes.findIndex((w) => isWithin(dir, path.dirname(w.path)));
          await mkdir(dir).catch(ignore("EEXIST"));
        }
        // Several at once, their fsyncs overlapping (a move of 5,000 importers would wait on the
        // disk for each in turn); each directory made durable once, after all of its files.
        const unsynced = new Map<string, number>();
        target = undefined;
        await eachAtOnce(writes.length, WRITERS, async (i) => {
          const w = writes[i] as Write;
          const { tmp, orig } = entry.targets[i] ?? {};
          try {
            if (orig) await keepOld(w.path, orig, i);
            if (w.bytes !== null && tmp) await writeDurably(tmp, w.bytes, w.mode, false, false);
          } catch (error) {
            target ??= i;
            throw error;
          }
          if (orig || w.bytes !== null) unsynced.set(path.dirname(w.path), i);
          if (w.bytes !== null && tmp) await this.step(`temp-written:${i}`);
        });
        for (const [dir, i] of unsynced) {
          target = i;
          await syncDir(dir);
        }
        target = undefined;
        await writeDurably(this.file(id, "commit"), "", PRIVATE_FILE);
      } catch (error) {
        if (error instanceof SimulatedCrash) throw error;
        // A real failure (disk full, …) before the marker: nothing has changed yet. A marker
        // written but not made durable is the point of no return all the same.
        if (await exists(this.file(id, "commit"))) throw new CommitFailure(error, target, true);
        await rollBack(entry)
          .then(() => unlink(file))
          .then(() => unlink(this.file(id, "commit.tmp")).catch(ignore("ENOENT")))
          .catch(() => undefined); // what is left, recover() rolls back at the next start
        throw error;
      }
      committed = true;
      await this.step("committed");
      try {
        await rollForward(
          entry,
          (i) => this.step(`renamed:${i}`),
          (i) => unchanged(entry, i),
          (i) => {
            target ??= i;
          },
        );
      } catch (error) {
        if (!(error instanceof TargetChanged)) throw error;
        await this.abort(entry);
        throw error;
      }
      target = undefined;
      await this.ledger.add(recording.record, recording.reverted);
      await this.step("recorded");
      await rename(file, this.file(id, "report.json"));
      await unlink(this.file(id, "commit"));
      await this.step("done");
      return id;
    } catch (error) {
      if (
        error instanceof SimulatedCrash ||
        error instanceof CommitFailure ||
        error instanceof TargetChanged
      )
        throw error;
      throw new CommitFailure(error, target, committed);
    }
  }

  /**
   * Undoes a committed operation whose target changed under it: durably
   * marked aborted first (a crash on the way is finished by recovery), then
   * every target gets its old version back.
   */
  private async abort(entry: Entry): Promise<void> {
    await writeDurably(this.file(entry.id, "abort"), "", PRIVATE_FILE);
    await unlink(this.file(entry.id, "commit"));
    await this.step("aborting");
    await unwind(entry, (i) => this.step(`unwound:${i}`));
    await unlink(this.file(entry.id, "json"));
    await unlink(this.file(entry.id, "abort"));
  }

  /**
   * Settles every operation left by a process that is gone (its pid dead, or
   * this process's pid from an earlier life), each into a report. Call once,
   * at start-up. Returns the reports waiting for this server.
   */
  async recover(warn: (line: string) => void = () => undefined): Promise<Report[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.endsWith(".tmp") && !ownerAlive(name))
        await unlink(this.file(name, "")).catch(ignore("ENOENT"));
    }
    for (const name of names.filter((n) => n.endsWith(".json") && !n.endsWith(".report.json"))) {
      // One entry that cannot be settled now (a target swapped for a directory, a mount point,
      // an immutable file, a damaged entry) stays for the next start; it never stops the agent.
      try {
        await this.settle(name);
      } catch (error) {
        if (error instanceof SimulatedCrash) throw error;
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
        warn(
          `journal: ${name} could not be settled now (${code}); it is kept, and tried again at the next start. Until then its operation's outcome is unknown to the server (undo answers OPERATION_UNSETTLED).`,
        );
      }
    }
    await this.ledger.prune();
    return this.outbox();
  }

  /** Settles one entry left by a process that is gone: rolled forward (committed) or back. */
  private async settle(name: string): Promise<void> {
    {
      const entry = JSON.parse(await readFile(this.file(name, ""), "utf8")) as Entry;
      if (entry.host !== hostname() || (entry.pid !== process.pid && isAlive(entry.pid))) return;
      const aborted = await exists(this.file(entry.id, "abort"));
      const committed = !aborted && (await exists(this.file(entry.id, "commit")));
      if (aborted) await unwind(entry);
      else if (committed) {
        // Decide first, durably, which targets changed since: a second recovery keeps the same ones.
        if (!entry.kept) {
          entry.kept = await changedSince(entry);
          await writeDurably(this.file(entry.id, "json"), JSON.stringify(entry), PRIVATE_FILE);
          await this.step("recovery-decided");
        }
        await rollForward(entry);
        // Recorded for the server that asked (an entry may be another server's, left by another run).
        const ledger =
          entry.server === this.server ? this.ledger : new Ledger(this.ledgerDir, entry.server);
        if (entry.recording) await ledger.add(keptIn(entry), entry.recording.reverted);
      } else await rollBack(entry);
      const report: Entry = committed ? entry : { ...entry, outcome: "rolled_back" };
      await writeDurably(this.file(entry.id, "report.json"), JSON.stringify(report), PRIVATE_FILE);
      await unlink(this.file(entry.id, "json"));
      await unlink(this.file(entry.id, "commit")).catch(ignore("ENOENT"));
      await unlink(this.file(entry.id, "abort")).catch(ignore("ENOENT"));
    }
  }

  /** Reports not yet acknowledged by this journal's server. */
  async outbox(): Promise<Report[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const reports: Report[] = [];
    for (const name of names.filter((n) => n.endsWith(".report.json"))) {
      const entry = JSON.parse(await readFile(this.file(name, ""), "utf8")) as Entry;
      if (entry.server !== this.server) continue;
      const committed = entry.outcome === undefined;
      const kept = committed ? keptReport(entry) : [];
      reports.push({
        id: entry.id,
        message: {
          type: "settled",
          report: entry.id,
          context: entry.context,
          outcome: committed ? "committed" : "rolled_back",
          ...(committed ? { results: entry.results } : {}),
          ...(kept.length ? { kept } : {}),
        },
      });
    }
    return reports;
  }

  /** Forgets a report once the server has acknowledged it. */
  async reported(id: string): Promise<void> {
    if (!/^[\w.-]+$/.test(id)) return; // an id from the wire: never a path
    await unlink(this.file(id, "report.json")).catch(ignore("ENOENT"));
  }

  private file(id: string, ext: string): string {
    return path.join(this.dir, ext ? `${id}.${ext}` : id);
  }

  private async step(step: string): Promise<void> {
    await this.onStep?.(step);
  }
}

/** Thrown by a test's step hook to stop a commit the way a kill would: no clean-up. */
export class SimulatedCrash extends Error {}

/**
 * A target was changed by someone else after the operation read it: found
 * before its rename, so the operation was undone (nothing of it is left).
 * `target` is the index of the write.
 */
export class TargetChanged extends Error {
  readonly target: number;
  constructor(target: number) {
    super("a target changed after the operation read it");
    this.target = target;
  }
}

/** Throws `TargetChanged` when target `i` is no longer as the operation read it. */
async function unchanged(entry: Entry, i: number): Promise<void> {
  const target = entry.targets[i];
  if (target?.before === undefined) return;
  if (hashNow(target.path) !== target.before) throw new TargetChanged(i);
}

/**
 * A second name for an existing target, so its old version survives the
 * rename over it: a hard link (no bytes copied), else a copy (a file system
 * without hard links). A target gone already has changed since it was read.
 */
async function keepOld(file: string, orig: string, i: number): Promise<void> {
  try {
    await link(file, orig);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new TargetChanged(i);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV" && code !== "EMLINK")
      throw error;
    await copyFile(file, orig, constants.COPYFILE_EXCL);
  }
}

/**
 * Why a commit failed: the file-system error (`cause`), the index of the
 * write it concerns (undefined: the journal's own files), and whether it came
 * after the commit marker: then the operation is committed, and `recover`
 * completes it at the next start.
 */
export class CommitFailure extends Error {
  readonly target: number | undefined;
  readonly committed: boolean;
  constructor(cause: unknown, target: number | undefined, committed: boolean) {
    super(`the journal could not ${committed ? "complete" : "commit"} an operation`, { cause });
    this.target = target;
    this.committed = committed;
  }
}

async function rollForward(
  entry: Entry,
  after?: (i: number) => Promise<void>,
  before?: (i: number) => Promise<void>,
  failedAt?: (i: number) => void,
): Promise<void> {
  const keptAt = new Map((entry.kept ?? []).map((k) => [k.target, k]));
  // In order, each only while its target is as the operation read it (`before`). Synchronous
  // calls, a turn of the event loop every RENAMES_AT_ONCE: thousands of targets take a
  // fraction of the time their asynchronous round trips would.
  for (const [i, target] of entry.targets.entries()) {
    if (i > 0 && i % RENAMES_AT_ONCE === 0) await new Promise((resolve) => setImmediate(resolve));
    try {
      await before?.(i);
      const kept = keptAt.get(i);
      if (kept) {
        // Changed since: left as it is; the operation's version goes beside it.
        if (target.tmp !== null && kept.set_aside !== null && existsSync(target.tmp))
          renameSync(target.tmp, kept.set_aside);
      } else if (target.tmp === null) unlinkQuietly(target.path);
      else if (existsSync(target.tmp)) renameSync(target.tmp, target.path);
    } catch (error) {
      failedAt?.(i);
      throw error;
    }
    await after?.(i);
  }
  await eachAtOnce(entry.targets.length, WRITERS, async (i) => {
    const orig = entry.targets[i]?.orig;
    if (orig) await unlink(orig).catch(ignore("ENOENT"));
  });
  for (const dir of new Set(entry.targets.map((t) => path.dirname(t.path)))) await syncDir(dir);
}

/**
 * Gives every target of an aborted operation its old version back, last
 * first: a temporary file not renamed yet is deleted; a target renamed over
 * (still holding the operation's content) gets its old version's name back,
 * and a file it created is deleted; a file it removed comes back. A target
 * someone changed after the rename is left as it is. Idempotent, for a
 * recovery that is itself interrupted.
 */
async function unwind(entry: Entry, after?: (i: number) => Promise<void>): Promise<void> {
  for (const [i, target] of [...entry.targets.entries()].reverse()) {
    const pending = target.tmp !== null && (await exists(target.tmp));
    if (pending && target.tmp) await unlink(target.tmp);
    else if (target.tmp !== null) {
      // Renamed over the target: give it back its old version, unless edited since.
      if (hashNow(target.path) === target.after) {
        if (target.orig && (await exists(target.orig))) await rename(target.orig, target.path);
        else if (target.before === null) await unlink(target.path);
      }
    } else if (target.orig && !(await exists(target.path)) && (await exists(target.orig)))
      await rename(target.orig, target.path); // a removed file comes back
    if (target.orig) await unlink(target.orig).catch(ignore("ENOENT"));
    await after?.(i);
  }
  for (const dir of [...entry.dirs].reverse()) await rmdir(dir).catch(() => undefined);
  for (const dir of new Set(entry.targets.map((t) => path.dirname(t.path))))
    await syncDir(dir).catch(ignore("ENOENT"));
}

/**
 * The targets of a committed entry that recovery must not write over: those
 * not yet renamed (or removed) whose content is no longer what the operation
 * read — edited after the crash, before the agent restarted. A target whose
 * content is already the new one is not kept: there is nothing to do.
 */
async function changedSince(entry: Entry): Promise<KeptTarget[]> {
  const kept: KeptTarget[] = [];
  const taken = new Set<string>();
  for (const [i, target] of entry.targets.entries()) {
    if (target.before === undefined) continue; // an entry from before 0.5: as it always was
    const pending = target.tmp === null ? await exists(target.path) : await exists(target.tmp);
    if (!pending) continue; // renamed (or removed) before the crash
    const now = hashNow(target.path);
    if (now === target.before) continue;
    if (target.tmp !== null && now !== null && now === hashNow(target.tmp)) continue;
    const setAside =
      target.tmp === null ? null : await setAsideName(target.path, entry.context.op, taken);
    if (setAside) taken.add(setAside);
    kept.push({ target: i, set_aside: setAside });
  }
  return kept;
}

/**
 * Where a kept target's new content goes: next to it, named so a person sees
 * what it is and no build picks it up: `a.ts.not-applied-op7.edgeclip`
 * (`-2`, `-3`… if taken).
 */
async function setAsideName(target: string, op: number, taken: Set<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const name = `${target}.not-applied-op${op}${n === 1 ? "" : `-${n}`}.edgeclip`;
    if (!taken.has(name) && !(await exists(name))) return name;
  }
}

/**
 * A file's hash, read synchronously (each check of a target): null
 * when it is gone, and no hash ("") when it is no longer a regular file within
 * the size limit (a link, a FIFO another account swapped in: changed, never
 * read through nor waited on); a directory now throws EISDIR, as a read did.
 */
function hashNow(file: string): string | null {
  const bytes = readRegular(file, LIMITS.fileBytes);
  if (bytes !== undefined) return bytes && sha256(new Uint8Array(bytes));
  // A directory now can be neither written over nor set aside beside: the entry waits.
  if (lstatSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw Object.assign(new Error(`EISDIR: a directory now, ${file}`), { code: "EISDIR" });
  return "";
}

/** Removes `file`; one already gone is fine. */
function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** The entry's record, with the edits of kept targets marked as not written. */
function keptIn(entry: Entry): OpRecord {
  const record = entry.recording?.record;
  if (!record) throw new Error("no recording");
  const kept = new Set((entry.kept ?? []).map((k) => entry.targets[k.target]?.path));
  return {
    ...record,
    edits: record.edits.map((e) => (kept.has(e.path) ? { ...e, kept: true as const } : e)),
  };
}

/** The kept targets as the `settled` report names them: paths as the model sees them. */
function keptReport(entry: Entry): Kept[] {
  return (entry.kept ?? []).flatMap((k) => {
    const abs = entry.targets[k.target]?.path;
    const edits = entry.results.flatMap((r, i) => (r.abs === abs ? [i] : []));
    const shown = entry.results[edits[0] ?? -1]?.path;
    if (abs === undefined || shown === undefined) return [];
    const setAside =
      k.set_aside === null
        ? null
        : path.posix.join(path.posix.dirname(shown), path.basename(k.set_aside));
    return [{ path: shown, set_aside: setAside, edits }];
  });
}

async function rollBack(entry: Entry): Promise<void> {
  // A temporary file that was never made may sit where no directory is (ENOTDIR), or on a
  // read-only file system, which answers EROFS even for a name that is not there.
  for (const target of entry.targets)
    for (const made of [target.tmp, target.orig])
      if (made) await unlink(made).catch(ignore("ENOENT", "ENOTDIR", "EROFS"));
  for (const dir of [...entry.dirs].reverse()) await rmdir(dir).catch(() => undefined);
}

/**
 * The temporary file for target `i`: hidden, next to the target, named for
 * the operation. At most 255 bytes (the usual file systems' limit on a name),
 * so a target whose name fits has a temporary file whose name fits; and at
 * least as long as the target's name when it can be, so a name the file
 * system finds too long fails here, before the commit marker, not at the
 * rename after it.
 */
export function tempName(target: string, id: string, i: number, kind = "tmp"): string {
  const suffix = `.edgeclip-${id}-${i}.${kind}`;
  const room = 255 - 1 - Buffer.byteLength(suffix);
  let kept = "";
  for (const char of path.basename(target)) {
    if (Buffer.byteLength(kept + char) > room) break;
    kept += char;
  }
  return path.join(path.dirname(target), `.${kept}${suffix}`);
}

/** Whether `p` is `dir` or inside it. */
function isWithin(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The directories among `dirs` (and their ancestors) that do not exist, outermost first. */
async function missingDirs(dirs: string[]): Promise<string[]> {
  const missing = new Set<string>();
  for (const dir of dirs) {
    const chain: string[] = [];
    for (let d = dir; !(await exists(d)); d = path.dirname(d)) {
      chain.unshift(d);
      if (path.dirname(d) === d) break;
    }
    for (const d of chain) missing.add(d);
  }
  return [...missing].sort((a, b) => a.length - b.length);
}

/** Whether the process that owns a journal file (named `<pid>-…`) is another live one. */
function ownerAlive(name: string): boolean {
  const pid = Number(name.split("-")[0]);
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid);
}
