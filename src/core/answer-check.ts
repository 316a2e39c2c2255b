import type { Edit, EditResult, Kept } from "../shared/bridge/protocol.ts";

/**
 * Whether an agent's answer to an `apply` is an answer to what was asked,
 * before the edge stores anything from it (its undo edits above all). An
 * impostor can connect in the real agent's name; what it answers must at
 * least name the files asked for, one result per edit, each of a kind that
 * edit can have, with its undo for that same file. The agent itself refuses
 * any undo it has no record of (local-agent/src/op-record.ts); this is the
 * edge's half of the defence.
 *
 * What the edge cannot check: where a path resolved to on the machine (a
 * symbolic link is followed there). A paste's result names the path as it
 * was given, normalised; its real path (`abs`) is the agent's word, and an
 * undo of it is the agent's to accept or refuse.
 */

/** What the edge asked of one edit: all a late answer is checked against (stored with the operation). */
export type AskedEdit =
  | { kind: "paste"; path: string; create: boolean }
  | { kind: "write"; path: string }
  | {
      kind: "revert";
      /** The real path the undo names. */
      path: string;
      undo: "remove" | "create" | "change";
      expect: string | null;
      force: boolean;
    }
  /** Last, for a move with `carry_imports`: up to `max` further results, the importers it rewrote. */
  | { kind: "importers"; max: number };

/** What `edits` ask, and (`importers`: a move carrying imports) the importers it may rewrite. */
export function askedOf(edits: readonly Edit[], importers?: number): AskedEdit[] {
  return [
    ...edits.map(askedEdit),
    ...(importers === undefined ? [] : [{ kind: "importers" as const, max: importers }]),
  ];
}

function askedEdit(e: Edit): AskedEdit {
  switch (e.kind) {
    case "paste":
      return { kind: "paste", path: e.path, create: e.create_if_missing ?? false };
    case "write":
      return { kind: "write", path: e.path };
    case "revert":
      return {
        kind: "revert",
        path: e.undo.path,
        undo: e.undo.kind === "remove" ? "remove" : e.undo.create ? "create" : "change",
        expect: e.expect,
        force: e.force,
      };
  }
}

/** `a/./b/../c`, `a\\c`, `a//c` → `a/c`; a leading `/` (or `C:`) kept; leading `..` kept. */
export function normalPath(p: string): string {
  const absolute = p.startsWith("/") || p.startsWith("\\");
  const parts: string[] = [];
  for (const part of p.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && parts.length && parts.at(-1) !== "..") parts.pop();
    else if (part !== ".." || !absolute) parts.push(part);
  }
  return `${absolute ? "/" : ""}${parts.join("/")}`;
}

const isAbsolute = (p: string) => p.startsWith("/") || /^[A-Za-z]:\//.test(p);

/**
 * Whether `shown` (a result's `path`) names the path `asked` as given: the
 * same once normalised, or an absolute path shown relative to the agent's
 * first root (`/home/me/p/a.ts` → `a.ts`), or a path that steps out of the
 * root and back in (`../p/a.ts` → `a.ts`).
 */
function namesAsked(asked: string, shown: string): boolean {
  const a = normalPath(asked);
  const b = normalPath(shown);
  if (a === b) return true;
  if (isAbsolute(b)) return false;
  if (isAbsolute(a) || a.startsWith("../")) return a.endsWith(`/${b}`);
  return false;
}

/** Whether `abs` is where `shown` (relative to a root, or absolute) is: its tail. */
function endsWithPath(abs: string, shown: string): boolean {
  const a = normalPath(abs);
  const b = normalPath(shown);
  return a === b || a.endsWith(`/${b}`);
}

/** A path from the agent's answer, as data: quoted and escaped (JSON), and cut short. */
const q = (p: string) => JSON.stringify(p.length > 200 ? `${p.slice(0, 200)}…` : p);

/** What is wrong with one result on its own: its kind, hashes and undo must agree. */
function inconsistency(r: EditResult): string | undefined {
  if (r.undo.path !== r.abs) return `its undo is for ${q(r.undo.path)}, not for the file it names`;
  if (!isAbsolute(normalPath(r.abs))) return "its real path is not absolute";
  const undoIs =
    r.undo.kind === "remove" ? "remove" : r.undo.create ? "create" : ("change" as const);
  if (r.created !== (undoIs === "remove"))
    return r.created
      ? "it created the file, but its undo does not delete it"
      : "its undo deletes a file it did not create";
  if (r.removed !== (undoIs === "create"))
    return r.removed
      ? "it removed the file, but its undo does not re-create it"
      : "its undo re-creates a file it did not remove";
  if ((r.before_hash === null) !== r.created)
    return r.created ? "it created a file that existed" : "it has no hash of the file before";
  if ((r.after_hash === null) !== r.removed)
    return r.removed ? "it removed a file that still exists" : "it has no hash of the file after";
  return undefined;
}

/**
 * What is wrong with a result past the edits' own: a move's importer, a file
 * of its own that changed (never created, removed or relocated), shown as
 * its real path's tail, with the imports it got; or the `__init__.py` a
 * Python move created for a new subpackage (`packageMismatch`).
 */
function importerMismatch(r: EditResult, earlier: readonly EditResult[]): string | undefined {
  if (r.package) return packageMismatch(r, earlier);
  if (r.created || r.removed || r.relocated) return "an importer is only ever changed";
  if (!endsWithPath(r.abs, r.path)) return `it shows ${q(r.path)} for ${q(r.abs)}`;
  if (earlier.some((e) => e.abs === r.abs)) return "an importer is a file of no other result";
  if (!r.imports?.changes.length) return "it names no import it changed";
  return undefined;
}

/**
 * A new subpackage's `__init__.py`: created empty (its undo removes it), shown
 * as its real path's tail, a file of no other result, in a directory that
 * holds a file an edit of this operation wrote (the move's new module), so
 * an agent can create one only on the way to where the model sent the unit.
 */
function packageMismatch(r: EditResult, earlier: readonly EditResult[]): string | undefined {
  if (!r.created || r.removed || r.relocated) return "a package's __init__.py is only ever created";
  const abs = normalPath(r.abs);
  if (!abs.endsWith("/__init__.py")) return `a package's file is __init__.py, not ${q(r.path)}`;
  if (!endsWithPath(r.abs, r.path)) return `it shows ${q(r.path)} for ${q(r.abs)}`;
  if (r.after_hash !== EMPTY_HASH) return "a package's new __init__.py is empty";
  if (earlier.some((e) => e.abs === r.abs))
    return "a package's __init__.py is a file of no other result";
  const dir = abs.slice(0, -"__init__.py".length);
  if (!earlier.some((e) => !e.package && e.created && normalPath(e.abs).startsWith(dir)))
    return "a package's __init__.py is on the way to a module the operation created";
  return undefined;
}

/** The SHA-256 of no bytes, as results give hashes (hex). */
const EMPTY_HASH = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** What is wrong with a result as the answer to `asked`. */
function mismatch(a: AskedEdit, r: EditResult): string | undefined {
  switch (a.kind) {
    case "importers":
      return "importers come after every edit's result";
    case "paste":
    case "write":
      if (!namesAsked(a.path, r.path)) return `it names ${q(r.path)}, not ${q(a.path)}`;
      if (r.removed) return `it removed the file, which a ${a.kind} never does`;
      if (r.created && a.kind === "paste" && !a.create)
        return "it created the file, which was not allowed (`create_if_missing`)";
      if (r.relocated) return `a ${a.kind} is never relocated`;
      return undefined;
    case "revert":
      if (r.abs !== a.path) return `it names ${q(r.abs)}, not ${q(a.path)}`;
      if (!endsWithPath(r.abs, r.path)) return `it shows ${q(r.path)} for ${q(r.abs)}`;
      if (r.removed !== (a.undo === "remove") || r.created !== (a.undo === "create"))
        return "its kind of change is not the undo's";
      if (!a.force && (r.relocated || r.before_hash !== a.expect))
        return "it reverted a file other than the one expected";
      return undefined;
  }
}

/**
 * Why `results` (and `kept`, from a `settled` report) are not an answer to
 * `asked`, or `undefined` when they are. The reason names the result (1-based)
 * and what is wrong, never file content.
 */
export function answerMismatch(
  asked: readonly AskedEdit[],
  results: readonly EditResult[],
  kept: readonly Kept[] = [],
): string | undefined {
  const tail = asked.at(-1);
  const importers = tail?.kind === "importers" ? tail.max : 0;
  const edits = importers ? asked.slice(0, -1) : asked;
  if (results.length < edits.length || results.length > edits.length + importers)
    return `${results.length} result${results.length === 1 ? "" : "s"} for ${edits.length} edit${edits.length === 1 ? "" : "s"}${importers ? ` and at most ${importers} importers` : ""}`;
  const last = new Map<string, EditResult>();
  const where = new Map<string, string>();
  for (const [i, r] of results.entries()) {
    const a = edits[i];
    if (!a) {
      const wrong = inconsistency(r) ?? importerMismatch(r, results.slice(0, i));
      if (wrong) return `result ${i + 1}: ${wrong}`;
      continue;
    }
    const wrong = inconsistency(r) ?? mismatch(a, r);
    if (wrong) return `result ${i + 1}: ${wrong}`;
    if (a.kind === "importers") continue;
    // Edits of one operation to one file follow each other: each sees the file as the previous left it.
    const previous = last.get(r.abs);
    if (previous && r.before_hash !== previous.after_hash)
      return `result ${i + 1}: it does not start from the file as result ${results.indexOf(previous) + 1} left it`;
    last.set(r.abs, r);
    const named = normalPath(a.path);
    if ((where.get(named) ?? r.abs) !== r.abs)
      return `result ${i + 1}: ${q(a.path)} is another file than in an earlier result`;
    where.set(named, r.abs);
  }
  return keptMismatch(results, kept);
}

/** A `settled` report's kept files must be files of its results, all their edits, set aside beside them. */
function keptMismatch(results: readonly EditResult[], kept: readonly Kept[]): string | undefined {
  const seen = new Set<number>();
  for (const k of kept) {
    const abs = results[k.edits[0] ?? -1]?.abs;
    const all = results.flatMap((r, i) => (r.abs === abs ? [i] : []));
    if (abs === undefined || k.edits.some((e) => seen.has(e)))
      return `kept ${q(k.path)}: not a file of its results`;
    if (
      all.join() !== [...k.edits].sort((x, y) => x - y).join() ||
      results[all[0] ?? -1]?.path !== k.path
    )
      return `kept ${q(k.path)}: its results are not all of that file's`;
    for (const e of k.edits) seen.add(e);
    const removed = results[all.at(-1) ?? -1]?.removed ?? false;
    if ((k.set_aside === null) !== removed)
      return `kept ${q(k.path)}: ${removed ? "nothing to set aside for a removal" : "no place where its new content was set aside"}`;
    if (k.set_aside !== null) {
      const dir = (p: string) => normalPath(p).split("/").slice(0, -1).join("/");
      const base = (p: string) => normalPath(p).split("/").at(-1) ?? "";
      if (dir(k.set_aside) !== dir(k.path) || !base(k.set_aside).startsWith(`${base(k.path)}.`))
        return `kept ${q(k.path)}: its new content must be set aside next to it`;
    }
  }
  return undefined;
}
