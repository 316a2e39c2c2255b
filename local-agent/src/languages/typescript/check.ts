import { readFile } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../../paths.ts";
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
 * import them, through modules that re-export).
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

/** The compiler process is stopped after this long without a move to check. */
const IDLE_MS = 5 * 60_000;
/** DiagnosticCategory.Error. */
const ERROR = 1;
/** The most files one check looks at again (a move's own, and what imports them). */
const MAX_AFFECTED = 2_000;

interface Session {
  api: Api;
  /** The move's files as the compiler should see them: text, or null for absent. */
  overlay: Map<string, string | null>;
  /** Files opened in the compiler's view (the last check's), closed by the next when it no longer needs them. */
  opened: string[];
  idle: ReturnType<typeof setTimeout> | undefined;
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

function sessionOf(ts: ApiModule, cwd: string): Session {
  if (session) {
    clearTimeout(session.idle);
    return session;
  }
  const overlay = new Map<string, string | null>();
  const under = (dir: string) =>
    [...overlay].some(([file, text]) => text !== null && file.startsWith(`${dir}${path.sep}`));
  const api = new ts.API({
    cwd,
    fs: {
      readFile: (file) => overlay.get(file),
      fileExists: (file) => (overlay.has(file) ? overlay.get(file) !== null : undefined),
      directoryExists: (dir) => (under(dir) ? true : undefined),
    },
  });
  session = { api, overlay, opened: [], idle: undefined };
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

/** A module's name as its importers spell it: the file's name without extension, or its directory's for an index. */
function moduleNeedle(abs: string): string {
  const base = path.basename(abs).replace(/\.(d\.)?[cm]?[jt]sx?$/, "");
  return base === "index" ? path.basename(path.dirname(abs)) : base;
}

const specifiers = new Map<string, RegExp>();
/** A module specifier whose last part is `name` (with or without an extension). */
function specifierOf(name: string): RegExp {
  let found = specifiers.get(name);
  if (!found) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    found = new RegExp(`/${escaped}(?:\\.[cm]?[jt]sx?|/index(?:\\.[cm]?[jt]sx?)?)?["'\`]`);
    specifiers.set(name, found);
  }
  return found;
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
  changed: ReadonlySet<string>,
  textOf: (abs: string) => Promise<string | undefined>,
  roots: readonly string[],
): Promise<string[]> {
  const affected = new Set(changed);
  const needles = new Set([...changed].map(moduleNeedle));
  // A module specifier ending in the module's name: `./text.js"`, `../text'`, `@app/text"`.
  const spells = (text: string) => [...needles].some((n) => specifierOf(n).test(text));
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
      if (REEXPORTS.test(text) && !needles.has(moduleNeedle(file))) {
        needles.add(moduleNeedle(file));
        grew = true;
      }
      if (affected.size >= MAX_AFFECTED) break;
    }
  }
  return [...affected];
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

/** What a diagnostic says the project cannot find (see `Diagnostic.missing`), if that is all it says. */
export function missingOf(code: number, message: string, file: string): string | undefined {
  if (MISSING_TYPES.has(code)) return `TS${code} ${message.replace(/'[^']*'/, "_")}`;
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
  const changed = new Set(changes.map((c) => c.abs));
  const afterText = async (abs: string) => {
    const change = changes.find((c) => c.abs === abs);
    return change ? change.after : onDisk(abs);
  };
  const beforeText = async (abs: string) => {
    const change = changes.find((c) => c.abs === abs);
    return change ? change.before : onDisk(abs);
  };
  try {
    // The disk as it is now (another program may have changed any of it since).
    s.overlay.clear();
    const existing = changes.filter((c) => c.before !== undefined).map((c) => c.abs);
    let snapshot = await s.api.updateSnapshot({
      closeFiles: s.opened.filter((f) => !existing.includes(f)),
      openFiles: existing.filter((f) => !s.opened.includes(f)),
      fileChanges: { invalidateAll: true },
    });
    s.opened = existing;
    const projectsOf = async (snap: Snapshot, files: readonly string[]) => {
      const found = new Map<string, string[]>();
      for (const file of files) {
        const project = await snap.getDefaultProjectForFile(file);
        if (project)
          found.set(project.configFileName, [...(found.get(project.configFileName) ?? []), file]);
      }
      return found;
    };
    const projects = await projectsOf(snapshot, existing);
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
    for (const config of projects.keys()) {
      const project = snapshot.getProject(config);
      if (!project) continue;
      const names = await project.program.getSourceFileNames();
      affected.set(config, await affectedFiles(names, changed, beforeText, context.roots));
    }

    // After: the move's files as it leaves them, the rest as on disk.
    for (const c of changes) s.overlay.set(c.abs, c.after ?? null);
    const created = changes.filter((c) => c.before === undefined && c.after !== undefined);
    const deleted = changes.filter((c) => c.before !== undefined && c.after === undefined);
    const edited = changes.filter((c) => c.before !== undefined && c.after !== undefined);
    snapshot = await s.api.updateSnapshot({
      openFiles: created.map((c) => c.abs),
      fileChanges: {
        changed: edited.map((c) => c.abs),
        created: created.map((c) => c.abs),
        deleted: deleted.map((c) => c.abs),
      },
    });
    for (const [config, files] of await projectsOf(
      snapshot,
      created.map((c) => c.abs),
    ))
      affected.set(config, [...new Set([...(affected.get(config) ?? []), ...files])]);
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
    // The files it opened are closed with the next check's first snapshot, which also reads
    // the disk again (invalidateAll): the overlay is gone from the compiler's view by then.
    s.opened = [...existing, ...created.map((c) => c.abs)];
    const before: Diagnostic[] = [];
    if (after.length) {
      snapshot = await s.api.updateSnapshot({
        closeFiles: created.map((c) => c.abs),
        fileChanges: {
          changed: edited.map((c) => c.abs),
          created: deleted.map((c) => c.abs),
          deleted: created.map((c) => c.abs),
        },
      });
      const needed = new Set([...after.map((d) => d.file), ...changed]);
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
