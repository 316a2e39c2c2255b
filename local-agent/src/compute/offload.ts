import type { ImporterChange, ImportersInput } from "../imports/importers.ts";
import type { ImportPlan } from "../imports/plan.ts";
import type { PlanInput } from "../languages/moves.ts";
import type {
  allListedReads as allListedReadsJob,
  bindsAtTop as bindsAtTopJob,
  importsModule as importsModuleJob,
  patchesOnOld as patchesOnOldJob,
  pathStrings as pathStringsJob,
  readsThrough as readsThroughJob,
  starTaken as starTakenJob,
} from "../languages/python/move.ts";
import type { ReexportInput } from "../languages/typescript/move.ts";
import { type Selector, type SelectResult, selectByAnchors } from "../syntax/anchored.ts";
import type { SyntaxFault } from "../syntax/faults.ts";
import { TooComplex } from "../syntax/formats/format.ts";
import type { Language } from "../syntax/languages.ts";
import type { Outline } from "../syntax/outline.ts";
import type { JobName, Jobs } from "./jobs.ts";
import { ComputeThread } from "./thread.ts";

/**
 * Where the agent's selections and syntax checks run (thread.ts): `focus`
 * and the syntax guard always in the compute thread (tree-sitter: its parse
 * cannot be interrupted, and its memory goes with the thread); anchors in
 * the thread for texts over INLINE_CHARS, on the main thread below (anchors
 * are linear, src/shared/refs/anchors.ts: at most a few milliseconds there, and no
 * thread start, ~70 ms, for the usual small file).
 */
export const INLINE_CHARS = 64 * 1024;

/**
 * After tree-sitter parsed more than this, the thread is stopped as soon as
 * it is idle: WebAssembly memory never shrinks, and a 10 MiB parse grows it
 * by ~400 MB. (Anchors only use the JavaScript heap, which the collector returns.)
 */
const LARGE_CHARS = 1024 * 1024;

/**
 * Two lanes (issue 27 §6): jobs on texts up to QUICK_CHARS in one thread,
 * larger ones in another, so a 1-line paste into a small file (its syntax
 * check) never waits behind a slow parse of a large one. Each runs its jobs
 * in order, within its deadline and memory (thread.ts).
 */
export const QUICK_CHARS = INLINE_CHARS;
export const quickLane = new ComputeThread();
export const heavyLane = new ComputeThread();

/** Stops both lanes' threads (tests, the bench). */
export async function stopLanes(): Promise<void> {
  await Promise.all([quickLane.stop(), heavyLane.stop()]);
}

/** The lane for a job on `size` characters of text. */
const laneFor = (size: number) => (size <= QUICK_CHARS ? quickLane : heavyLane);

/** Runs a job in the lane its size picks; a large one releases its thread when done. */
function run<N extends JobName>(
  name: N,
  args: Parameters<Jobs[N]>,
  size: number,
): Promise<Awaited<ReturnType<Jobs[N]>>> {
  return laneFor(size).run(name, args, { release: size > LARGE_CHARS });
}

/** `select` (syntax/select.ts), off the main thread when it can take long. */
export function select(
  text: string,
  selector: Selector,
  lang: Language | undefined,
  where: string,
): Promise<SelectResult> {
  if (selector.focus === undefined && text.length <= INLINE_CHARS)
    return Promise.resolve(selectByAnchors(text, selector, where));
  return run("select", [text, selector, lang, where], text.length);
}

/** `syntaxFaults` (syntax/select.ts), in the compute thread: the syntax guard's parse. */
export function syntaxFaults(text: string, lang: Language): Promise<SyntaxFault[]> {
  return run("syntaxFaults", [text, lang], text.length);
}

/** `outline` (syntax/outline.ts), in the compute thread. */
export function outline(text: string, lang: Language): Promise<Outline | undefined> {
  return run("outline", [text, lang], text.length);
}

/** A move's two files, planned by its language (languages/moves.ts) in the compute thread: it parses both. */
export function planMove(input: PlanInput): Promise<ImportPlan | undefined> {
  const size = input.sourceBefore.length + input.destAfter.length;
  return run("planMove", [input], size);
}

/** Which of `names` a module reads through a move's old module (python/move.ts), in the compute thread. */
export function readsThrough(input: Parameters<typeof readsThroughJob>[0]): Promise<string[]> {
  return run("readsThrough", [input], input.text.length);
}

/** Which of `names` a file looks up on a move's old module by a path in a string (python/move.ts), in the compute thread. */
export function pathStrings(input: Parameters<typeof pathStringsJob>[0]): Promise<string[]> {
  return run("pathStrings", [input], input.text.length);
}

/** Which of `names` a file replaces on a move's old module (python/move.ts), in the compute thread. */
export function patchesOnOld(input: Parameters<typeof patchesOnOldJob>[0]): Promise<string[]> {
  return run("patchesOnOld", [input], input.text.length);
}

/** What a module takes of a move's old module by a star import (python/move.ts), in the compute thread. */
export function starTaken(input: Parameters<typeof starTakenJob>[0]): Promise<string[]> {
  return run("starTaken", [input], input.text.length + input.sourceText.length);
}

/** What a module reads off a move's old module through its `__all__` (python/move.ts), in the compute thread. */
export function allListedReads(input: Parameters<typeof allListedReadsJob>[0]): Promise<string[]> {
  return run("allListedReads", [input], input.text.length + input.sourceText.length);
}

/** Whether a module binds a name at its top level (python/move.ts), in the compute thread. */
export function bindsAtTop(...input: Parameters<typeof bindsAtTopJob>): Promise<boolean> {
  return run("bindsAtTop", input, input[0].length);
}

/** Whether a module imports a move's old module (python/move.ts), in the compute thread. */
export function importsModule(input: Parameters<typeof importsModuleJob>[0]): Promise<boolean> {
  return run("importsModule", [input], input.text.length);
}

/** `planReexport` (typescript/move.ts): the old file re-exporting what moved, in the compute thread. */
export function planReexport(input: ReexportInput): Promise<string | undefined> {
  return run("planReexport", [input], input.text.length);
}

/** A file of a move's importers larger than this is planned in a job of its own. */
export const ALONE_CHARS = 256 * 1024;

/**
 * A move's importers (imports/importers.ts), in the compute thread: it parses
 * each of them. The small ones in one job, each larger one in a job of its own,
 * so that one past the thread's bounds (Yarn's 2.7 MB `.yarn/releases/yarn-
 * 4.4.1.cjs`, which names what moved) costs the move that file, not all of
 * them: a file the thread cannot parse in its time or memory (TooComplex) is
 * named on the receipt, not followed; where a job of several fails so, its
 * files are planned one by one.
 */
export function planImporters(
  input: ImportersInput,
  job: (input: ImportersInput) => Promise<ImporterChange[]> = (i) =>
    run(
      "planImporters",
      [i],
      i.files.reduce((n, f) => n + f.text.length, 0),
    ),
): Promise<ImporterChange[]> {
  const order = new Map(input.files.map((f, i) => [f.abs, i]));
  const small = input.files.filter((f) => f.text.length <= ALONE_CHARS);
  const groups = [
    ...(small.length ? [small] : []),
    ...input.files.filter((f) => f.text.length > ALONE_CHARS).map((f) => [f]),
  ];
  const plan = async (files: ImportersInput["files"]): Promise<ImporterChange[]> => {
    try {
      return await job({ ...input, files });
    } catch (error) {
      if (!(error instanceof TooComplex)) throw error;
      if (files.length > 1) return (await Promise.all(files.map((f) => plan([f])))).flat();
      const file = files[0] as ImportersInput["files"][number];
      const why = error.message.replace(/; read it by lines or anchors$/, "");
      return [
        {
          abs: file.abs,
          text: undefined,
          changes: [],
          unresolved: [`${file.path} was not read for its imports: ${why}; not rewritten`],
        },
      ];
    }
  };
  return Promise.all(groups.map(plan)).then((planned) =>
    planned.flat().sort((a, b) => (order.get(a.abs) ?? 0) - (order.get(b.abs) ?? 0)),
  );
}

/**
 * The files of a walk's batch holding a needle (tree-walk.ts), read in the
 * heavy lane's thread while the main thread walks on: on two cores, a large
 * tree is read in about half the time.
 */
export function holdsNeedles(paths: string[], needles: readonly string[]): Promise<number[]> {
  return heavyLane.run("holdsNeedles", [paths, needles]);
}
