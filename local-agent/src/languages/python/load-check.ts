import { createHash } from "node:crypto";
import path from "node:path";
import { isInside } from "../../paths.ts";
import {
  describeFailure,
  type LoadFailure,
  type LoadModule,
  type LoadStep,
  loadFailures,
  loadSteps,
} from "./load.ts";
import { pythonModuleName } from "./modules.ts";

/**
 * A Python move's load check (python/load.ts), on disk: the project's
 * modules as they are and as the move would leave them, each imported in a
 * fresh interpreter (followed, never run); what fails after and did not
 * before is the move's doing.
 */

/**
 * Each module's steps by a hash of its name and text, kept between moves: a
 * project's modules are parsed once, not once a move (parsing is most of the
 * check's time). Forgotten all at once past MAX_STEPS.
 */
const STEPS = new Map<string, LoadModule>();
const MAX_STEPS = 20_000;

/** A Python file of the project, as it is and as the move leaves it (undefined: absent). */
export interface LoadFile {
  abs: string;
  before: string | undefined;
  after: string | undefined;
}

/** The imports that fail once the move is made and did not before: each said in words. */
export async function newLoadFailures(
  files: readonly LoadFile[],
  roots: readonly string[],
  newPackages: readonly string[],
): Promise<string[]> {
  return (await newFailures(files, roots, newPackages)).map(describeFailure);
}

/** An importer's text with its imports of the unit in its functions (python/move.ts deferPythonImporter). */
export type Deferral = (
  abs: string,
  text: string,
) => Promise<{ text: string; names: string[] } | undefined>;

/**
 * The load check, where an importer the move rewrote closes a circular import
 * as it loads (its new import of the unit runs a package that is still being
 * imported): each such importer in a failing chain that reads the unit only in
 * its functions imports it there (`defer`), and the check runs again. What still
 * fails, in words, and the importers' texts changed for it.
 */
export async function settledLoad(
  files: readonly LoadFile[],
  roots: readonly string[],
  newPackages: readonly string[],
  importers: ReadonlySet<string>,
  defer: Deferral,
): Promise<{
  failing: string[];
  /** The failing circular imports' chains of modules being run, outermost first. */
  circles: string[][];
  deferred: Map<string, { text: string; names: string[] }>;
}> {
  const deferred = new Map<string, { text: string; names: string[] }>();
  let now = [...files];
  const first = await newFailures(now, roots, newPackages);
  // Where deferring does not settle it, what the move as planned would break.
  const unsettled = {
    failing: first.map(describeFailure),
    circles: first.filter((f) => f.partial).map((f) => f.chain),
    deferred: new Map(),
  };
  for (let round = 0, failures = first; round < 3; round++) {
    if (!failures.length) return { failing: [], circles: [], deferred };
    const chained = new Set(failures.flatMap((f) => f.chain));
    let changed = false;
    const next: LoadFile[] = [];
    for (const f of now) {
      const root = roots.find((r) => isInside(r, f.abs));
      const name = root && pythonModuleName(f.abs, root, new Set(newPackages));
      const made =
        f.after !== undefined &&
        importers.has(f.abs) &&
        !deferred.has(f.abs) &&
        name &&
        chained.has(name)
          ? await defer(f.abs, f.after)
          : undefined;
      if (made) {
        deferred.set(f.abs, made);
        changed = true;
      }
      next.push(made ? { ...f, after: made.text } : f);
    }
    if (!changed) return unsettled;
    now = next;
    failures = await newFailures(now, roots, newPackages);
    if (!failures.length) return { failing: [], circles: [], deferred };
  }
  return unsettled;
}

/** The failing imports newLoadFailures says, one a failing import, each from its shortest way in. */
async function newFailures(
  files: readonly LoadFile[],
  roots: readonly string[],
  newPackages: readonly string[],
): Promise<LoadFailure[]> {
  const stepsOf = async (text: string, name: string, isPackage: boolean) => {
    const key = createHash("sha256").update(`${name}\0${isPackage}\0${text}`).digest("base64");
    const known = STEPS.get(key);
    if (known) return known;
    // A module too deep to parse (a hostile file) is one whose names cannot be known.
    const mod = {
      steps: await loadSteps(text, name, isPackage).catch((error: unknown): LoadStep[] => {
        if (error instanceof RangeError || /call stack/i.test(String(error)))
          return [{ kind: "open" }];
        throw error;
      }),
    };
    if (STEPS.size >= MAX_STEPS) STEPS.clear();
    STEPS.set(key, mod);
    return mod;
  };
  const state = async (which: "before" | "after") => {
    const made = new Set(which === "after" ? newPackages : []);
    const modules = new Map<string, LoadModule>();
    for (const f of files) {
      const text = f[which];
      const root = roots.find((r) => isInside(r, f.abs));
      // A typing stub (`validators.pyi` beside `validators.py`) never runs: its imports are not
      // the module's (attrs' `attr/__init__.pyi` imports from `attrs`, which the code does not).
      if (text === undefined || root === undefined || f.abs.endsWith(".pyi")) continue;
      const name = pythonModuleName(f.abs, root, made);
      if (name === undefined) continue;
      modules.set(name, await stepsOf(text, name, path.basename(f.abs) === "__init__.py"));
    }
    return modules;
  };
  const before = await state("before");
  const after = await state("after");
  const key = (f: LoadFailure) => `${f.entry}\0${f.module}\0${f.name}\0${f.partial}`;
  const old = new Set(loadFailures(before, [...before.keys()]).map(key));
  const seen = new Set<string>();
  const out: LoadFailure[] = [];
  // Each failure from its shortest way in (`importing werkzeug runs …`, not through an example
  // application that imports werkzeug first).
  const failures = loadFailures(after, [...after.keys()]).sort(
    (a, b) => a.chain.length - b.chain.length,
  );
  for (const f of failures) {
    // One line a failing import, from the first module whose import meets it.
    const line = `${f.module}\0${f.name}\0${f.chain.at(-1)}`;
    if (old.has(key(f)) || seen.has(line)) continue;
    seen.add(line);
    out.push(f);
  }
  return out;
}
