import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parse } from "jsonc-parser";
import { LIMITS } from "../../../../src/shared/core/limits.ts";
import { isInside } from "../../paths.ts";
import { readRegular } from "../../regular-file.ts";
import type { Change, CheckContext, Checked, LanguageChecker } from "../check.ts";
import { type Diagnostic, lineAt } from "../diagnostics.ts";
import { MEMORY_CAP, residentBytes } from "../tool-run.ts";

/**
 * TypeScript's and JavaScript's build check: the TypeScript compiler over the
 * project's own config (its `checkJs`, `paths`, references), as `tsc
 * --noEmit` would judge it, through TypeScript 7's API (the compiler in Go,
 * kept warm in one process between moves). Nothing is written: the move's
 * files are handed to the compiler as a virtual overlay of the disk, and only
 * the files the move could affect are checked again (its own, and those that
 * import them, through modules that re-export). Between checks the compiler
 * keeps what it read, and is told only which files changed on disk since (by
 * their sizes and times of change: `changesSince`).
 *
 * The compiler is the TypeScript 7 the agent runs beside (its checkout's, or
 * the one installed with it), never the project's own `node_modules/typescript`:
 * a project's compiler is code from the project (issue 43, "Security"), and
 * TypeScript 7 loads no plugins.
 */

type ApiModule = typeof import("typescript/unstable/async");
type Api = InstanceType<ApiModule["API"]>;
type Snapshot = Awaited<ReturnType<Api["updateSnapshot"]>>;
type Project = NonNullable<ReturnType<Snapshot["getProject"]>>;
/** What the compiler is told changed since its last snapshot (as its API takes it). */
type FileChanges =
  | { changed: string[]; created: string[]; deleted: string[] }
  | { invalidateAll: true };

/** The compiler process is stopped after this long without a move to check. */
const IDLE_MS = 5 * 60_000;
/** DiagnosticCategory.Error. */
const ERROR = 1;
/** The most configs of one solution's `references` the compiler is asked to load. */
const MAX_REFERENCED = 64;
/** The most files one check looks at again (a move's own, and what imports them). */
const MAX_AFFECTED = 2_000;
/** The most files whose state is kept between checks; past it, the next check reads everything again. */
const MAX_STAMPS = 100_000;

interface Session {
  api: Api;
  /** The move's files as the compiler should see them: text, or null for absent. */
  overlay: Overlay;
  /** Files opened in the compiler's view (the last check's), closed by the next when it no longer needs them. */
  opened: string[];
  idle: ReturnType<typeof setTimeout> | undefined;
  /**
   * The files the compiler has read, each with its size and time of change as
   * they were when it did: the next check tells it only what changed since
   * (undefined: it reads everything again).
   */
  stamps: Map<string, string> | undefined;
  /** The last check's move files, and whether the compiler last saw each as present. */
  overlaid: Map<string, boolean>;
  /** Configs a solution's `references` name, opened for the compiler once (projectsOf). */
  referenced: Set<string>;
}

let session: Session | undefined;
/** Checks run one after another: they share the compiler's one snapshot. */
let queue: Promise<unknown> = Promise.resolve();

async function loadApi(): Promise<ApiModule | undefined> {
  try {
    return await import("typescript/unstable/async");
  } catch {
    return undefined;
  }
}

/**
 * The move's files as the compiler should see them (text, or null for absent),
 * with each directory above them indexed: the compiler asks of directories
 * for every file it resolves, and a move of 5,000 importers must not answer
 * each question by looking through all of them.
 */
class Overlay extends Map<string, string | null> {
  private index: Map<string, [string, string | null][]> | undefined;

  override set(file: string, text: string | null): this {
    this.index = undefined;
    return super.set(file, text);
  }

  override delete(file: string): boolean {
    this.index = undefined;
    return super.delete(file);
  }

  override clear(): void {
    this.index = undefined;
    super.clear();
  }

  /** The overlay's files below `dir` (at any depth). */
  below(dir: string): readonly [string, string | null][] {
    if (!this.index) {
      const index = new Map<string, [string, string | null][]>();
      for (const entry of this) {
        for (let up = path.dirname(entry[0]); ; up = path.dirname(up)) {
          const list = index.get(up);
          if (list) list.push(entry);
          else index.set(up, [entry]);
          if (path.dirname(up) === up) break;
        }
      }
      this.index = index;
    }
    return this.index.get(dir) ?? [];
  }
}

/**
 * A directory's entries as the move leaves them, where it creates or deletes
 * files in it (or below it): what a config's `include` lists (undefined: as on disk).
 */
function entriesOf(
  dir: string,
  overlay: Overlay,
): { files: string[]; directories: string[] } | undefined {
  const below = overlay.below(dir);
  if (!below.length) return undefined;
  const listed = (() => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  })();
  // A link counts as what it leads to, as the compiler's own listing counts it.
  const kind = (e: (typeof listed)[number]) => {
    if (!e.isSymbolicLink()) return e;
    try {
      return statSync(path.join(dir, e.name));
    } catch {
      return undefined;
    }
  };
  const files = new Set(listed.filter((e) => kind(e)?.isFile()).map((e) => e.name));
  const directories = new Set(listed.filter((e) => kind(e)?.isDirectory()).map((e) => e.name));
  for (const [file, text] of below) {
    const [first, ...rest] = path.relative(dir, file).split(path.sep);
    if (first === undefined) continue;
    if (rest.length) {
      if (text !== null) directories.add(first);
    } else if (text === null) files.delete(first);
    else files.add(first);
  }
  return { files: [...files], directories: [...directories] };
}

function sessionOf(ts: ApiModule, cwd: string): Session {
  if (session) {
    clearTimeout(session.idle);
    return session;
  }
  const overlay = new Overlay();
  const under = (dir: string) => overlay.below(dir).some(([, text]) => text !== null);
  const api = new ts.API({
    cwd,
    fs: {
      readFile: (file) => overlay.get(file),
      fileExists: (file) => (overlay.has(file) ? overlay.get(file) !== null : undefined),
      directoryExists: (dir) => (under(dir) ? true : undefined),
      getAccessibleEntries: (dir) => entriesOf(dir, overlay),
    },
  });
  session = {
    api,
    overlay,
    opened: [],
    idle: undefined,
    stamps: undefined,
    overlaid: new Map(),
    referenced: new Set(),
  };
  return session;
}

function release(s: Session): void {
  s.idle = setTimeout(() => stop(s), IDLE_MS);
  s.idle.unref();
}

function stop(s: Session): void {
  if (session === s) session = undefined;
  clearTimeout(s.idle);
  void s.api.close().catch(() => undefined);
}

/** A file's size and times of change (its content's, and its inode's, which no program sets back), or undefined where it is gone. */
async function stampOf(file: string): Promise<string | undefined> {
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? `${found.size}:${found.mtimeMs}:${found.ctimeMs}` : undefined;
}

async function stampsOf(files: Iterable<string>): Promise<Map<string, string>> {
  const stamps = new Map<string, string>();
  await Promise.all(
    [...new Set(files)].map(async (file) => {
      const stamp = await stampOf(file);
      if (stamp !== undefined) stamps.set(file, stamp);
    }),
  );
  return stamps;
}

/** A file whose change can change which files a project has or how it reads them. */
const CONFIG = /(?:^|[\\/])(?:[jt]sconfig[^\\/]*\.json|package\.json)$/;

/**
 * What the compiler must read again to see the move's files as the move leaves
 * them (`view`: present or absent) and every other file as it is on disk: the
 * files it read whose size or time of change differ since, and the last move's
 * files (which it last saw as that move would leave them, or as they were).
 * Undefined where it must read everything again: a first look, a changed config.
 */
async function changesSince(
  s: Session,
  view: ReadonlyMap<string, boolean>,
): Promise<FileChanges | undefined> {
  const last = s.stamps;
  if (!last || last.size > MAX_STAMPS) return undefined;
  const now = await stampsOf([...last.keys(), ...s.overlaid.keys(), ...view.keys()]);
  const differ = new Set([...s.overlaid.keys(), ...view.keys()]);
  for (const [file, stamp] of last) {
    if (now.get(file) === stamp) continue;
    if (CONFIG.test(file)) return undefined;
    differ.add(file);
  }
  const changes: FileChanges = { changed: [], created: [], deleted: [] };
  for (const file of differ) {
    const was = s.overlaid.get(file) ?? (last.has(file) || now.has(file));
    const is = view.get(file) ?? now.has(file);
    if (was) (is ? changes.changed : changes.deleted).push(file);
    else if (is) changes.created.push(file);
  }
  s.stamps = now;
  return changes;
}

/**
 * A module's names as its importers spell it: the file's name without
 * extension; for an index, its directory's too (`./util` names util/index.ts,
 * as `./util/index.js` does).
 */
function moduleNeedles(abs: string): string[] {
  const base = path.basename(abs).replace(/\.(d\.)?[cm]?[jt]sx?$/, "");
  return base === "index" ? [path.basename(path.dirname(abs)), base] : [base];
}

/** A module specifier's last part, up to its quote (`/text.js"`, `/text/index'`): its name, with its extension if any. */
const LAST_PART = /\/([^/"'`\s]+)(?:\/index(?:\.[cm]?[jt]sx?)?)?["'`]/g;
const EXTENSION = /\.[cm]?[jt]sx?$/;

/** Whether `text` holds a module specifier whose last part is one of `names` (with or without an extension). */
function spellsAny(text: string, names: ReadonlySet<string>): boolean {
  for (const [, part = ""] of text.matchAll(LAST_PART))
    if (names.has(part) || names.has(part.replace(EXTENSION, ""))) return true;
  return false;
}

const REEXPORTS = /\bexport\s*(?:\*|\{[^}]*\}\s*from|type\s*\{[^}]*\}\s*from)/;

/**
 * The files a move could give new errors: its own, and every file of the
 * projects that names one of their modules, then those naming a module that
 * re-exports one of those, and so on (a text search first: a file that never
 * spells a module's name cannot import it).
 */
async function affectedFiles(
  names: readonly string[],
  changed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  textOf: (abs: string) => Promise<string | undefined>,
  roots: readonly string[],
): Promise<string[]> {
  const affected = new Set(changed.keys());
  const needles = new Set([...changed.keys()].flatMap(moduleNeedles));
  // A module specifier ending in the module's name: `./text.js"`, `../text'`, `@app/text"`.
  const spells = (text: string) => spellsAny(text, needles);
  // The project's own files under the roots: never a dependency's, nor one the config reaches elsewhere.
  const candidates = names.filter(
    (f) =>
      !changed.has(f) &&
      !f.includes(`${path.sep}node_modules${path.sep}`) &&
      !f.endsWith(".d.ts") &&
      roots.some((r) => isInside(r, f)),
  );
  for (let grew = true; grew && affected.size < MAX_AFFECTED; ) {
    grew = false;
    for (const file of candidates) {
      if (affected.has(file)) continue;
      const text = await textOf(file);
      if (text === undefined || !spells(text)) continue;
      affected.add(file);
      const more = moduleNeedles(file).filter((n) => !needles.has(n));
      if (REEXPORTS.test(text) && more.length) {
        for (const n of more) needles.add(n);
        grew = true;
      }
      if (affected.size >= MAX_AFFECTED) break;
    }
  }
  return [...affected];
}

/**
 * The directory of the nearest tsconfig.json (or jsconfig.json) at or above
 * each directory ("" where there is none), asked once a directory.
 */
function configScopes(): (dir: string) => string {
  const scopes = new Map<string, string>();
  const scopeOf = (dir: string): string => {
    let found = scopes.get(dir);
    if (found === undefined) {
      const parent = path.dirname(dir);
      found = ["tsconfig.json", "jsconfig.json"].some((n) => existsSync(path.join(dir, n)))
        ? dir
        : parent === dir
          ? ""
          : scopeOf(parent);
      scopes.set(dir, found);
    }
    return found;
  };
  return scopeOf;
}

/**
 * The configs that the tsconfig.json in `scope` names in its `references`
 * (a solution's: an app's, its tests'), inside the roots. The compiler loads
 * them only as it needs them: a file another loaded project merely imports
 * would be judged by that project's settings, not its own config's.
 */
function referencedConfigs(scope: string, roots: readonly string[]): string[] {
  const config = path.join(scope, "tsconfig.json");
  const text = readRegular(config, LIMITS.fileBytes)?.toString("utf8");
  const json =
    text === undefined ? undefined : (parse(text, [], { allowTrailingComma: true }) as unknown);
  const references = (json as { references?: unknown } | undefined)?.references;
  if (!Array.isArray(references)) return [];
  // A solution's handful; a hostile config's thousands do not each become a loaded project.
  return references.slice(0, MAX_REFERENCED).flatMap((ref: { path?: unknown }) => {
    if (typeof ref?.path !== "string") return [];
    const named = path.resolve(scope, ref.path);
    const target = named.endsWith(".json") ? named : path.join(named, "tsconfig.json");
    return roots.some((r) => isInside(r, target)) && existsSync(target) ? [target] : [];
  });
}

/**
 * The project each of `files` is checked in. The compiler gives a file the
 * project of the nearest tsconfig.json (or jsconfig.json) above it that holds
 * it: files under the same nearest config share it. So it is asked for the
 * first file under each nearest config (or under none), and the others get
 * that project where its config includes them (asked one by one where not).
 * A file the compiler gives a project that only imports it goes to a loaded
 * project whose config includes it (a solution's referenced configs are
 * loaded: projectsOf). The compiler answers each question in turn, at a cost
 * that grows with the files open: a move of 5,000 importers asks a few, not 5,000.
 */
async function defaultProjects(
  snapshot: Snapshot,
  files: readonly string[],
  scopeOf: (dir: string) => string,
): Promise<Map<string, Project>> {
  // A project's own files (its config's, or an inferred one's open files), not those its
  // program only imports: another config may include those, under other settings.
  const names = new Map<string, Set<string>>();
  const namesOf = (project: Project) => {
    let found = names.get(project.configFileName);
    if (!found) {
      found = new Set(project.rootFiles);
      names.set(project.configFileName, found);
    }
    return found;
  };
  const byScope = new Map<string, Project>();
  const out = new Map<string, Project>();
  for (const file of files) {
    const scope = scopeOf(path.dirname(file));
    const near = byScope.get(scope);
    const asked =
      near && namesOf(near).has(file) ? near : await snapshot.getDefaultProjectForFile(file);
    const project =
      asked && !namesOf(asked).has(file)
        ? (snapshot.getProjects().find((p) => namesOf(p).has(file)) ?? asked)
        : asked;
    if (!project) continue;
    if (!near) byScope.set(scope, project);
    out.set(file, project);
  }
  return out;
}

/** The error diagnostics of `files` in `project` (syntax, types, and declarations where it emits them). */
async function errorsOf(
  project: Project,
  files: readonly string[],
  textOf: (abs: string) => Promise<string | undefined>,
): Promise<Diagnostic[]> {
  const options = project.compilerOptions as { declaration?: boolean; composite?: boolean };
  const declarations = options.declaration === true || options.composite === true;
  const out: Diagnostic[] = [];
  const names = new Set(await project.program.getSourceFileNames());
  // Asked all at once: the compiler answers them over one pipe, in order.
  const asked = files
    .filter((file) => names.has(file))
    .map((file) =>
      Promise.all([
        project.program.getSyntacticDiagnostics(file),
        project.program.getSemanticDiagnostics(file),
        declarations ? project.program.getDeclarationDiagnostics(file) : [],
      ]).then((lists) => ({ file, found: lists.flat() })),
    );
  for (const { file, found } of await Promise.all(asked)) {
    for (const d of found) {
      if (d.category !== ERROR) continue;
      const where = d.fileName ?? file;
      const text = await textOf(where);
      out.push({
        file: where,
        line: text === undefined ? 0 : lineAt(text, d.pos),
        code: `TS${d.code}`,
        message: d.text,
        missing: missingOf(d.code, d.text, where),
      });
    }
  }
  return out;
}

/** Cannot find module 'x' (2307, 2792), nor its declarations (7016), nor type definitions (2688). */
const MISSING_MODULE = new Set([2307, 2792, 7016, 2688]);
/** Cannot find name 'x': install type definitions for node, a test runner, jQuery, or change the target library. */
const MISSING_TYPES = new Set([2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593]);

/**
 * A file outside its project's `rootDir` (6059; fp-ts' dtslint/tsconfig.json, whose `rootDir`
 * TypeScript 7 takes to be its own directory, reaches every file of src/ it imports) or outside
 * its file list (6307): the project's setup, for any new file as for the old ones.
 */
const OUTSIDE_PROJECT = new Set([6059, 6307]);

/** What a diagnostic says the project cannot find (see `Diagnostic.missing`), if that is all it says. */
export function missingOf(code: number, message: string, file: string): string | undefined {
  if (MISSING_TYPES.has(code) || OUTSIDE_PROJECT.has(code))
    return `TS${code} ${message.replace(/'[^']*'/, "_")}`;
  if (!MISSING_MODULE.has(code)) return undefined;
  const name = /'([^']+)'/.exec(message)?.[1];
  if (name === undefined) return undefined;
  return /^\.{1,2}(\/|$)/.test(name) ? path.resolve(path.dirname(file), name) : name;
}

/** The compiler's process id (its API keeps the child process it spawned as `client.process`). */
const compilerPid = (s: Session) =>
  (s.api as unknown as { client?: { process?: { pid?: number } } }).client?.process?.pid;

async function check(changes: readonly Change[], context: CheckContext): Promise<Checked> {
  const ts = await loadApi();
  if (!ts) return { ok: false, why: "no TypeScript 7 beside the agent" };
  const s = sessionOf(ts, context.roots[0] ?? process.cwd());
  let overMemory = false;
  const watch = setInterval(() => {
    const pid = compilerPid(s);
    if (pid === undefined || residentBytes(pid, false) <= MEMORY_CAP) return;
    overMemory = true;
    stop(s);
  }, 500);
  const disk = new Map<string, string | undefined>();
  const onDisk = async (abs: string) => {
    if (!disk.has(abs)) disk.set(abs, await readFile(abs, "utf8").catch(() => undefined));
    return disk.get(abs);
  };
  const changed = new Map(changes.map((c) => [c.abs, c]));
  const afterText = async (abs: string) => {
    const change = changed.get(abs);
    return change ? change.after : onDisk(abs);
  };
  const beforeText = async (abs: string) => {
    const change = changed.get(abs);
    return change ? change.before : onDisk(abs);
  };
  try {
    // After: the move's files as it leaves them, the rest as on disk now (another program
    // may have changed any of it since the last check).
    s.overlay.clear();
    const view = new Map(changes.map((c) => [c.abs, c.after !== undefined]));
    let since = await changesSince(s, view);
    if (!since) {
      // A first look, or a config changed: everything read again as it is on disk.
      await s.api.updateSnapshot({ fileChanges: { invalidateAll: true } });
      s.overlaid.clear();
      s.stamps = new Map();
      since = await changesSince(s, view);
    }
    for (const c of changes) s.overlay.set(c.abs, c.after ?? null);
    const present = changes.filter((c) => c.after !== undefined).map((c) => c.abs);
    const presentSet = new Set(present);
    const openedSet = new Set(s.opened);
    const scopeOf = configScopes();
    // A solution's referenced configs, loaded once: each file judged by the one that includes it.
    // Each nearest config read once, not once a file (a move of 5,000 importers has a few); none
    // where a file has no config above it.
    const scopes = new Set(present.map((f) => scopeOf(path.dirname(f))));
    scopes.delete("");
    const openProjects = [
      ...new Set([...scopes].flatMap((scope) => referencedConfigs(scope, context.roots))),
    ].filter((config) => !s.referenced.has(config));
    for (const config of openProjects) s.referenced.add(config);
    let snapshot = await s.api.updateSnapshot({
      closeFiles: s.opened.filter((f) => !presentSet.has(f)),
      openFiles: present.filter((f) => !openedSet.has(f)),
      ...(openProjects.length ? { openProjects } : {}),
      fileChanges: since ?? { invalidateAll: true },
    });
    // The files it opened are closed with the next check's snapshot.
    s.opened = present;
    s.overlaid = view;
    const projects = new Map<string, string[]>();
    for (const [file, project] of await defaultProjects(snapshot, present, scopeOf)) {
      const files = projects.get(project.configFileName);
      if (files) files.push(file);
      else projects.set(project.configFileName, [file]);
    }
    // JavaScript tsc does not judge (no `checkJs`): a broken `require` would pass unseen.
    for (const [config, files] of projects) {
      const options = snapshot.getProject(config)?.compilerOptions as
        | { checkJs?: boolean }
        | undefined;
      const js = files.find((f) => /\.[cm]?jsx?$/.test(f));
      if (js && options?.checkJs !== true) {
        s.overlay.clear();
        release(s);
        return {
          ok: false,
          why: `JavaScript without checkJs (${path.basename(js)}): tsc would not judge it`,
        };
      }
    }
    const affected = new Map<string, string[]>();
    for (const [config, files] of projects) {
      const project = snapshot.getProject(config);
      if (!project) continue;
      const names = await project.program.getSourceFileNames();
      // What the compiler read for the first time: its state now, to tell it what changes next.
      const stamps: Map<string, string> = s.stamps ?? new Map();
      s.stamps = stamps;
      const unseen = [config, ...names].filter((f) => !stamps.has(f));
      for (const [file, stamp] of await stampsOf(unseen)) stamps.set(file, stamp);
      const importers = await affectedFiles(names, changed, beforeText, context.roots);
      affected.set(config, [...new Set([...importers, ...files])]);
    }
    const after: Diagnostic[] = [];
    for (const [config, files] of affected) {
      const project = snapshot.getProject(config);
      if (project) after.push(...(await errorsOf(project, files, afterText)));
    }
    if (Date.now() > context.deadline) throw new Error("deadline");

    // Before, only where it can cancel what after found: the files that have errors now, and
    // the move's own (an error its unit had travels with it from one to the other). A move
    // that leaves no error needs no before at all.
    s.overlay.clear();
    const before: Diagnostic[] = [];
    if (after.length) {
      const view = new Map(changes.map((c) => [c.abs, c.before !== undefined]));
      const created = present.filter((f) => !view.get(f));
      snapshot = await s.api.updateSnapshot({
        closeFiles: created,
        fileChanges: (await changesSince(s, view)) ?? { invalidateAll: true },
      });
      s.opened = present.filter((f) => view.get(f));
      s.overlaid = view;
      const needed = new Set<string>([...after.map((d) => d.file), ...changed.keys()]);
      for (const [config, files] of affected) {
        const project = snapshot.getProject(config);
        if (project)
          before.push(
            ...(await errorsOf(
              project,
              files.filter((f) => needed.has(f)),
              beforeText,
            )),
          );
      }
    }
    if (Date.now() > context.deadline) throw new Error("deadline");
    release(s);
    if (!affected.size) return { ok: false, why: "none of its files is in a TypeScript project" };
    return { ok: true, before, after };
  } catch (error) {
    // A compiler that failed or ran late is not trusted with the next move: a new one starts then.
    stop(s);
    return {
      ok: false,
      why: overMemory
        ? `the compiler passed its memory cap (${MEMORY_CAP / 2 ** 30} GiB)`
        : (error as Error).message === "deadline"
          ? "past its deadline"
          : `the compiler failed (${(error as Error).message.split("\n")[0]?.slice(0, 200)})`,
    };
  } finally {
    clearInterval(watch);
  }
}

export const typescriptChecker: LanguageChecker = {
  name: "tsc",
  languages: ["typescript", "tsx", "javascript"],
  check(changes, context) {
    const run = queue.then(() => check(changes, context));
    queue = run.catch(() => undefined);
    return run;
  },
};
