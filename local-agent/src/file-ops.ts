import { readFileSync, statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  type AgentError,
  type ApplyArgs,
  type ApplyResult,
  type Edit,
  type EditResult,
  MAX_IMPORTERS,
  type OpArgs,
  type OpResult,
  type Selection,
  type Selector,
  type UndoEdit,
} from "../../src/shared/bridge/protocol.ts";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { Lines } from "../../src/shared/core/lines.ts";
import { takesWholeFile } from "../../src/shared/core/paste-targets.ts";
import { countLines, sliceLines } from "../../src/shared/core/text.ts";
import { outline, select, syntaxFaults } from "./compute/offload.ts";
import { isPrivateKey } from "./deny.ts";
import {
  applyChange,
  type Change,
  planPaste,
  planRevert,
  textHash,
  undoSplice,
  withEol,
} from "./edits.ts";
import { errnoOf, type FsStep, fsFailure } from "./fs-errors.ts";
import { carryImporters, carryImports, carryPasteImports, mayImport } from "./imports/carry.ts";
import { CommitFailure, type Journal, TargetChanged, type Write } from "./journal.ts";
import { LEDGER_LIMITS, type Reverted } from "./ledger.ts";
import type { PathLocks } from "./locks.ts";
import { type OpRecord, recordOf, revertMismatch } from "./op-record.ts";
import { isInside, type Resolved, resolvePath, type Sandbox } from "./paths.ts";
import { pythonModules } from "./python-modules.ts";
import { newFault, type SyntaxFault } from "./syntax/faults.ts";
import { TooComplex } from "./syntax/formats/format.ts";
import {
  followsImporters,
  isScript,
  LANGUAGE_LIST,
  LANGUAGES,
  type Language,
  languageNamed,
  languageOf,
} from "./syntax/languages.ts";
import type { Selected } from "./syntax/select.ts";
import { decodeText, encodeText, sha256 } from "./text-file.ts";
import { walkRoots } from "./tree-walk.ts";

/** What file operations run against: the roots, the write policy, the journal and the locks. */
export interface Workspace {
  sandbox: Sandbox;
  readOnly: boolean;
  journal: Journal;
  locks: PathLocks;
}

export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; error: AgentError & { edit?: number } };

const failure = (code: AgentError["code"], message: string, edit?: number) =>
  ({ ok: false, error: { code, message, ...(edit === undefined ? {} : { edit }) } }) as const;

/** A file as loaded (or, when it does not exist, an empty stand-in). */
interface FileState {
  display: string;
  exists: boolean;
  bom: boolean;
  text: string;
  hash: string | null;
  bytes: Uint8Array | null;
  mode: number | undefined;
}

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Reads a resolved file as text, or says why not. A missing file is
 * `exists: false`. The OS's refusals are answered by fs-errors.ts, naming the
 * path as the caller gave it.
 */
async function load(file: Resolved): Promise<Result<FileState>> {
  const { abs, display, given } = file;
  const missing: FileState = {
    display,
    exists: false,
    bom: false,
    text: "",
    hash: null,
    bytes: null,
    mode: undefined,
  };
  try {
    const info = await stat(abs);
    if (!info.isFile())
      return failure("NOT_A_FILE", `\`${display}\` is not a regular file (a directory?).`);
    if (info.size > LIMITS.fileBytes)
      return failure(
        "FILE_TOO_LARGE",
        `\`${display}\` is ${MiB(info.size)}; the agent reads and writes files up to ${MiB(LIMITS.fileBytes)}.`,
      );
    const bytes = new Uint8Array(await readFile(abs));
    const decoded = decodeText(bytes);
    if (!decoded.ok)
      return failure("BINARY_FILE", `\`${display}\` is not a text file: ${decoded.reason}.`);
    // A key copied under any name (`id_rsa (copy)`, `deploy-key.txt`): deny.ts.
    if (isPrivateKey(decoded.file.text))
      return failure(
        "PATH_DENIED",
        `\`${given}\` is a private key; edgeclip does not read or write private keys.`,
      );
    return {
      ok: true,
      value: {
        display,
        exists: true,
        ...decoded.file,
        hash: sha256(bytes),
        bytes,
        mode: info.mode & 0o7777,
      },
    };
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === "ENOENT") return { ok: true, value: missing };
    if (errno === undefined) throw error;
    return osFailure(errno, `\`${given}\``, "read");
  }
}

/** The OS's refusal as this module's failure (fs-errors.ts). */
function osFailure(errno: string, subject: string, step: FsStep, suffix = "", edit?: number) {
  const { code, message } = fsFailure(errno, subject, step);
  return failure(code, suffix ? `${message} ${suffix}` : message, edit);
}

/** `read`: lines of a file (all by default) and the whole file's hash. */
export async function readOp(
  ws: Workspace,
  args: OpArgs<"read">,
): Promise<Result<OpResult<"read">>> {
  const where = await resolvePath(ws.sandbox, args.path);
  if (!where.ok) return failure(where.code, where.message);
  const loaded = await load(where);
  if (!loaded.ok) return loaded;
  const file = loaded.value;
  if (!file.exists || file.hash === null || file.bytes === null)
    return failure("FILE_NOT_FOUND", `\`${where.display}\` does not exist.`);
  const total = countLines(file.text);
  let text = file.text;
  let start = 1;
  let end = total;
  let selection: Selection | undefined;
  if (args.select) {
    const found = await selectIn(file.text, args.select, where.display);
    if (!found.ok) return found;
    const lines = new Lines(file.text);
    selection = isWholeLines(lines, found.value)
      ? { ...found.value, removes: removedLines(lines, found.value) }
      : found.value;
    text = file.text.slice(selection.start, selection.end);
    ({ start_line: start, end_line: end } = selection);
  } else if (args.start_line !== undefined || args.end_line !== undefined) {
    const slice = sliceLines(file.text, args.start_line ?? 1, args.end_line);
    if ("error" in slice) {
      return slice.error === "START_AFTER_END"
        ? failure(
            "INVALID_ARGUMENT",
            "`end_line` is before `start_line`; give start_line ≤ end_line.",
          )
        : failure(
            "LINE_OUT_OF_RANGE",
            `\`start_line\` ${args.start_line} is past the end: \`${where.display}\` has ${total} lines.`,
          );
    }
    ({ text, startLine: start, endLine: end } = slice);
  }
  return {
    ok: true,
    value: {
      path: where.display,
      abs: where.abs,
      text,
      hash: file.hash,
      bytes: file.bytes.byteLength,
      total_lines: total,
      start_line: start,
      end_line: end,
      ...(selection ? { selection } : {}),
    },
  };
}

/** The language of a text: `lang` when given (it must be one we parse), else by the file's extension. */
function languageFor(
  selector: { lang?: string | undefined },
  name: string,
): Result<Language | undefined> {
  if (selector.lang === undefined) return { ok: true, value: languageOf(name) };
  const lang = languageNamed(selector.lang);
  if (lang === undefined)
    return failure(
      "LANGUAGE_UNSUPPORTED",
      `\`lang\` "${selector.lang}" is not a language edgeclip parses: ${LANGUAGES.join(", ")}.`,
    );
  return { ok: true, value: lang };
}

/** A selector resolved in `text` (named `name` in messages). */
async function selectIn(text: string, selector: Selector, name: string): Promise<Result<Selected>> {
  const lang = languageFor(selector, name);
  if (!lang.ok) return lang;
  const found = await select(text, selector, lang.value, `\`${name}\``);
  return found.ok ? found : failure(found.error.code, found.error.message);
}

/** `outline`: a file's units (symbols, keys, sections), nested, with their lines. */
export async function outlineOp(
  ws: Workspace,
  args: OpArgs<"outline">,
): Promise<Result<OpResult<"outline">>> {
  const where = await resolvePath(ws.sandbox, args.path);
  if (!where.ok) return failure(where.code, where.message);
  const loaded = await load(where);
  if (!loaded.ok) return loaded;
  const file = loaded.value;
  if (!file.exists || file.hash === null)
    return failure("FILE_NOT_FOUND", `\`${where.display}\` does not exist.`);
  const lang = languageFor({ lang: args.lang }, where.display);
  if (!lang.ok) return lang;
  if (lang.value === undefined)
    return failure(
      "LANGUAGE_UNSUPPORTED",
      `An outline needs a file edgeclip parses (${LANGUAGE_LIST}); \`${where.display}\` is not one by its extension: give \`lang\`, or read it by lines.`,
    );
  const units = await outline(file.text, lang.value);
  if (units === undefined)
    return failure(
      "LANGUAGE_UNSUPPORTED",
      `\`${where.display}\` nests too deeply to parse for an outline; read it by lines.`,
    );
  return {
    ok: true,
    value: {
      path: where.display,
      hash: file.hash,
      bytes: file.bytes?.byteLength ?? 0,
      total_lines: countLines(file.text),
      lang: lang.value,
      ...units,
    },
  };
}

/** `select`: a selector resolved in a text the edge sends (an entry's, a result's). */
export async function selectOp(args: OpArgs<"select">): Promise<Result<OpResult<"select">>> {
  return selectIn(args.text, args.select, args.name);
}

/**
 * `given` as the caller gave it, normalised: relative to the first root when
 * inside it, else absolute. The same as `resolvePath`'s display unless a
 * symbolic link leads elsewhere: then this is the link's name (DESIGN.md §5:
 * a path is named as the caller gave it), and `abs` the file written.
 */
function givenName(sandbox: Sandbox, given: string): string {
  const primary = sandbox.roots[0] ?? "";
  const lexical = path.resolve(primary, given);
  return isInside(primary, lexical)
    ? path.relative(primary, lexical).split(path.sep).join("/") || "."
    : lexical;
}

/** The path an edit names: the model's for pastes and writes, the recorded one for reverts. */
function pathOf(edit: Edit): string {
  return edit.kind === "revert" ? edit.undo.path : edit.path;
}

/**
 * `carry_imports`: the move's two files get what its unit needs
 * (imports/carry.ts), in place of what the operation holds for them.
 * Returns a failure only when the edits it names are not a removal and a paste.
 */
async function carryFor(
  ws: Workspace,
  args: ApplyArgs,
  where: Resolved[],
  initial: Map<string, FileState>,
  current: Map<string, FileState>,
  results: EditResult[],
  importers: Importers | undefined,
): Promise<Result<never> | undefined> {
  const carry = args.carry_imports;
  if (!carry) return undefined;
  const from = where[carry.from];
  const to = where[carry.to];
  const fromResult = results[carry.from];
  const toResult = results[carry.to];
  const sourceNow = from && current.get(from.abs);
  const destNow = to && current.get(to.abs);
  const sourceFirst = from && initial.get(from.abs);
  if (!from || !to || !fromResult || !toResult || !sourceNow || !destNow || !sourceFirst)
    return failure("INVALID_ARGUMENT", "`carry_imports` names edits this operation does not have.");
  // Python names modules from where their package starts (a `src/` layout): the agent
  // looks at the packages on the way, for the files a plan names.
  const python = languageOf(from.abs) === "python" && languageOf(to.abs) === "python";
  const modules: Record<string, string> = {};
  const named = (files: { abs: string; path: string }[]) => {
    if (python) Object.assign(modules, pythonModules(files, ws.sandbox.roots));
  };
  named([
    { abs: from.abs, path: fromResult.path },
    { abs: to.abs, path: toResult.path },
  ]);
  /** The importers found before the locks were taken, read again under them, that hold one of `names`. */
  const holding = async (test: (text: string) => boolean) => {
    const out: { abs: string; path: string; text: string }[] = [];
    for (const { abs, text } of await readAll(importers?.files ?? [])) {
      if (!test(text)) continue;
      const found = await resolvePath(ws.sandbox, abs);
      if (found.ok && found.abs === abs) out.push({ abs, path: found.display, text });
    }
    named(out);
    return out;
  };
  const carried = await carryImports({
    source: { abs: from.abs, initial: sourceFirst, current: sourceNow, result: fromResult },
    dest: { abs: to.abs, initial: initial.get(to.abs), current: destNow, result: toResult },
    modules,
    ...(python && importers
      ? {
          readers: (names) => holding(mayImport(names)),
          // Evidence of how the project imports its own modules, for a module that shows none.
          relativeHint: (await holding((t) => /^from \.+\w* import /m.test(t))).length > 0,
        }
      : {}),
    ...(python ? { packageInits: await packageInits(ws, from.abs, to.abs) } : {}),
  });
  if (!carried) return undefined;
  if (carried.blocked.length)
    return failure("MOVE_BLOCKED", `${carried.blocked.join(" ")} Nothing was changed.`, carry.from);
  current.set(from.abs, { ...sourceNow, ...carried.source });
  current.set(to.abs, { ...destNow, ...carried.dest });
  if (!importers) return undefined;
  // Those that name what moved, checked and loaded as any file an operation changes.
  const files: { abs: string; path: string; state: FileState }[] = [];
  for (const { abs } of await holding(mayImport(carried.moved))) {
    const found = await resolvePath(ws.sandbox, abs);
    if (!found.ok || found.abs !== abs) continue;
    const loaded = await load(found);
    if (loaded.ok && loaded.value.exists)
      files.push({ abs, path: found.display, state: loaded.value });
  }
  const destHeld = current.get(to.abs) ?? destNow;
  const rewritten = await carryImporters({
    source: { abs: from.abs, path: fromResult.path },
    dest: {
      abs: to.abs,
      path: toResult.path,
      initial: initial.get(to.abs),
      current: destHeld,
      result: toResult,
    },
    moved: carried.moved,
    movedTypes: carried.movedTypes,
    sourceEmptied: carried.sourceEmptied,
    modules,
    files,
    max: MAX_IMPORTERS,
    truncated: importers.truncated ? importers.seen : undefined,
  });
  current.set(to.abs, { ...destHeld, ...rewritten.dest });
  for (const other of rewritten.others) {
    const file = files.find((f) => f.abs === other.abs);
    if (!file) continue;
    initial.set(other.abs, file.state);
    current.set(other.abs, { ...file.state, ...other.state });
    results.push(other.result);
  }
  return undefined;
}

/**
 * `files`' texts ("" for one that cannot be read), read synchronously a batch
 * at a time between turns of the event loop, as the walk reads them
 * (tree-walk.ts): several times faster than one await a file.
 */
async function readAll(files: readonly string[]): Promise<{ abs: string; text: string }[]> {
  const out: { abs: string; text: string }[] = [];
  for (let at = 0; at < files.length; at += 200) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const abs of files.slice(at, at + 200)) {
      let text = "";
      try {
        if (statSync(abs).size <= LIMITS.fileBytes) text = readFileSync(abs, "utf8");
      } catch {
        // gone or unreadable: not an importer
      }
      out.push({ abs, text });
    }
  }
  return out;
}

/**
 * The `__init__.py` files that importing module `dest` runs and importing
 * `source` does not: those of the packages on `dest`'s way below the
 * directory the two share (within the sandbox, readable ones only).
 */
async function packageInits(
  ws: Workspace,
  source: string,
  dest: string,
): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  const shared = (dir: string) => isInside(dir, source);
  for (
    let dir = path.dirname(dest);
    !shared(dir) && dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    const found = await resolvePath(ws.sandbox, path.join(dir, "__init__.py"));
    if (!found.ok) break;
    const loaded = await load(found);
    if (!loaded.ok || !loaded.value.exists) break;
    out.push({ path: found.display, text: loaded.value.text });
  }
  return out;
}

/** The files a move's importers may be among, found before its locks are taken (tree-walk.ts). */
interface Importers {
  files: string[];
  seen: number;
  truncated: boolean;
}

/** How many files the walk for a move's importers reads, at most. */
const MAX_WALKED_FILES = 20_000;

/**
 * For a move between two files whose language has importers edgeclip follows
 * (scripts, Python), the files under the roots that may import the old file:
 * those of its language family whose text holds its module's name.
 */
async function findImporters(
  ws: Workspace,
  args: ApplyArgs,
  where: Resolved[],
): Promise<Importers | undefined> {
  const carry = args.carry_imports;
  const from = carry && where[carry.from];
  const to = carry && where[carry.to];
  if (!from || !to || from.abs === to.abs || !followsImporters(languageOf(from.abs)))
    return undefined;
  const script = isScript(languageOf(from.abs));
  const walked = await walkRoots(ws.sandbox, {
    accept: (name) => (script ? isScript(languageOf(name)) : languageOf(name) === "python"),
    needles: importerNeedles(from.abs),
    maxFiles: MAX_WALKED_FILES,
  });
  return { ...walked, files: walked.files.filter((f) => f !== from.abs && f !== to.abs) };
}

/**
 * What the text of a file importing `abs` holds: its name without extension.
 * An index file is named by its directory (`./util` names util/index.ts, `from
 * shop import models` shop/models/__init__.py), and by its neighbours as `.`
 * or `./`, by files below it as `..` or `../`.
 */
export function importerNeedles(abs: string): string[] {
  const base = path.basename(abs).replace(/\.[^.]*$/, "");
  if (base !== "index" && base !== "__init__") return [base];
  const dir = path.basename(path.dirname(abs));
  if (base === "__init__") return [dir, "from . import", "from .. import"];
  return [dir, ...[".", "./", "..", "../"].flatMap((s) => [`'${s}'`, `"${s}"`])];
}

/**
 * Pastes with `imports_from`: each target gains the imports of the units it
 * got from files (imports/carry.ts). The units' files are read again here, in
 * the sandbox, and used only if they still have the hash they were read at.
 */
async function carryPastesFor(
  ws: Workspace,
  args: ApplyArgs,
  where: Resolved[],
  initial: Map<string, FileState>,
  current: Map<string, FileState>,
  results: EditResult[],
): Promise<void> {
  for (const [i, edit] of args.edits.entries()) {
    if (edit.kind !== "paste" || !edit.imports_from?.length) continue;
    const to = where[i];
    const result = results[i];
    const now = to && current.get(to.abs);
    if (!to || !result || !now) continue;
    const origins: { abs: string; path: string; text: string; start: number; end: number }[] = [];
    const stale: string[] = [];
    for (const origin of edit.imports_from) {
      const found = await resolvePath(ws.sandbox, origin.path);
      if (!found.ok) continue;
      const file = await load(found);
      if (!file.ok || !file.value.exists) continue;
      if (file.value.hash !== origin.hash) {
        stale.push(found.display);
        continue;
      }
      origins.push({
        abs: found.abs,
        path: found.display,
        text: file.value.text,
        start: origin.start,
        end: origin.end,
      });
    }
    const carried = await carryPasteImports({
      dest: { abs: to.abs, initial: initial.get(to.abs), current: now, result },
      origins,
      stale,
    });
    current.set(to.abs, { ...now, ...carried });
  }
}

/** An applied operation's results, and its journal report when files were written. */
export interface Applied {
  result: ApplyResult;
  report: string | undefined;
}

/**
 * `apply`: every edit in order, all or none. Paths are checked and locked, the
 * files loaded, every edit computed in memory; then (unless `dry_run`) the
 * changed files are written together under the journal.
 */
export async function applyOp(ws: Workspace, args: ApplyArgs): Promise<Result<Applied>> {
  if (ws.readOnly)
    return failure(
      "READ_ONLY",
      "The agent runs with --read-only: it writes no files. Restart it without --read-only to allow writes.",
    );
  const where: Resolved[] = [];
  for (const [i, edit] of args.edits.entries()) {
    const resolved = await resolvePath(ws.sandbox, pathOf(edit));
    if (!resolved.ok) return failure(resolved.code, resolved.message, i);
    // A paste's result names the file as the caller gave it (the edge checks that it names
    // what it asked for); a revert's, as its real path (what it asked for). Messages name a
    // revert's file as the model saw it, never the recorded absolute path.
    if (edit.kind === "revert") where.push({ ...resolved, given: resolved.display });
    else where.push({ ...resolved, display: givenName(ws.sandbox, edit.path) });
  }
  for (const [i, text] of args.texts.entries()) {
    if (!text.isWellFormed())
      return failure(
        "INVALID_ARGUMENT",
        `Text ${i} holds a lone surrogate; it is not valid Unicode.`,
      );
  }
  const importers = await findImporters(ws, args, where);
  return ws.locks.with([...where.map((w) => w.abs), ...(importers?.files ?? [])], async () => {
    const unrecorded = await checkReverts(ws, args, where);
    if (unrecorded) return unrecorded;
    const initial = new Map<string, FileState>();
    const current = new Map<string, FileState>();
    const results: EditResult[] = [];
    for (const [i, edit] of args.edits.entries()) {
      const file = where[i];
      if (file === undefined) throw new Error(`edit ${i} was not resolved`);
      const { abs, display } = file;
      let before = current.get(abs);
      if (!before) {
        const loaded = await load(file);
        if (!loaded.ok) return failure(loaded.error.code, loaded.error.message, i);
        before = loaded.value;
        initial.set(abs, before);
      }
      const done = await computeEdit(
        edit,
        { ...before, display },
        abs,
        args.texts,
        initial.get(abs)?.hash ?? null,
      );
      if (!done.ok) return failure(done.error.code, done.error.message, i);
      current.set(abs, done.value.after);
      results.push(done.value.result);
    }
    const carried = await carryFor(ws, args, where, initial, current, results, importers);
    if (carried) return carried;
    await carryPastesFor(ws, args, where, initial, current, results);
    if (args.syntax_guard !== "off") {
      const guarded = await guardSyntax(initial, current, where, args.syntax_guard === "refuse");
      if (!guarded.ok) return guarded;
      for (const r of results) {
        const parses = guarded.value.get(r.abs);
        if (parses !== undefined && !r.removed) r.parses = parses;
      }
    }
    if (args.dry_run) return { ok: true, value: { result: { results }, report: undefined } };
    const writes: Write[] = [];
    for (const [abs, after] of current) {
      const first = initial.get(abs);
      if (first?.hash === after.hash) continue;
      writes.push({
        path: abs,
        bytes: after.exists ? after.bytes : null,
        mode: first?.mode,
        before: first?.hash ?? null,
      });
    }
    // What this operation wrote, which is all a later undo of it may revert.
    const recording = {
      record: recordOf(args.context, results, Date.now()),
      reverted: args.edits.flatMap((e, i): Reverted[] =>
        e.kind === "revert" ? [{ edit: i, of: e.reverts }] : [],
      ),
    };
    let report: string | undefined;
    try {
      if (writes.length) report = await ws.journal.commit(args.context, writes, results, recording);
      else await ws.journal.ledger.add(recording.record, recording.reverted); // no file changed
    } catch (error) {
      if (error instanceof TargetChanged) {
        const target = writes[error.target]?.path;
        const edit = where.findIndex((w) => w.abs === target);
        const shown = edit !== -1 ? where[edit]?.given : current.get(target ?? "")?.display;
        return failure(
          "FILE_CHANGED",
          `\`${shown}\`${edit === -1 ? " (an importer of what moved)" : ""} was changed by another program while this operation wrote it; every file of the operation is as it was (that change kept). Read it again and retry.`,
          edit === -1 ? undefined : edit,
        );
      }
      const commitFailure = error instanceof CommitFailure ? error : undefined;
      const errno = errnoOf(commitFailure ? commitFailure.cause : error);
      if (errno === undefined) throw commitFailure ? commitFailure.cause : error;
      const target =
        commitFailure?.target === undefined ? undefined : writes[commitFailure.target]?.path;
      const edit = where.findIndex((w) => w.abs === target);
      // A file no edit names is a move's importer (carryFor): named as results name it.
      const importer = target === undefined ? undefined : current.get(target)?.display;
      return osFailure(
        errno,
        edit !== -1
          ? `\`${where[edit]?.given}\``
          : importer !== undefined
            ? `\`${importer}\` (an importer of what moved)`
            : "the agent's journal (in its state directory)",
        "write",
        commitFailure?.committed
          ? "The operation is committed but only partly applied: the agent completes it when it restarts."
          : "Nothing was changed.",
        edit === -1 ? undefined : edit,
      );
    }
    return { ok: true, value: { result: { results }, report } };
  });
}

/**
 * The agent reverts only what it wrote (DESIGN.md §4): each revert edit must
 * match the agent's record of the operation and result it names, which was
 * not reverted already (nor named twice here). Checked inside the paths'
 * locks, before any file is read for writing, so a refusal changes nothing.
 */
async function checkReverts(
  ws: Workspace,
  args: ApplyArgs,
  where: { display: string }[],
): Promise<ReturnType<typeof failure> | undefined> {
  const records = new Map<number, OpRecord | undefined>();
  const named = new Set<string>();
  for (const [i, edit] of args.edits.entries()) {
    if (edit.kind !== "revert") continue;
    const { op } = edit.reverts;
    if (!records.has(op))
      records.set(op, await ws.journal.ledger.find({ session: args.context.session, op }));
    const key = `${op}:${edit.reverts.edit}`;
    const reason = named.has(key)
      ? `result ${edit.reverts.edit + 1} of operation #${op} is named twice`
      : revertMismatch(records.get(op), edit);
    named.add(key);
    if (reason)
      return failure(
        "UNDO_UNRECORDED",
        `\`${where[i]?.display}\` cannot be reverted: ${reason}. The agent undoes and redoes only what its own record says it wrote (records are kept ${LEDGER_LIMITS.maxAgeMs / 86_400_000} days); nothing was changed. If the file should change, edit it yourself.`,
        i,
      );
  }
  return undefined;
}

/**
 * The syntax guard (DESIGN.md §3): every changed file of a language the agent
 * parses is parsed before and after, and its syntax errors compared one by
 * one (select.ts `newFault`): a file this operation would leave with an error
 * it did not have refuses the whole operation (unless only `report`ing). A
 * file the parser already stumbled on (a construct the grammar misreads) is
 * guarded too: only errors it did not have count. Returns, per file, whether
 * it parses after: true cleanly, false with an error this write made; a file
 * whose only errors are the ones it had is left out (not this write's to report).
 */
async function guardSyntax(
  initial: Map<string, FileState>,
  current: Map<string, FileState>,
  where: Resolved[],
  refuse: boolean,
): Promise<Result<Map<string, boolean>>> {
  const parses = new Map<string, boolean>();
  for (const [abs, after] of current) {
    const first = initial.get(abs);
    const lang = languageOf(abs);
    if (!lang || !after.exists || first?.hash === after.hash) continue;
    // A file too large to parse is not checked: the receipt says nothing of its syntax.
    const faults = await faultsWithin(after.text, lang);
    if (!faults?.length) {
      if (faults) parses.set(abs, true);
      continue;
    }
    const had = first?.exists ? await faultsWithin(first.text, lang) : [];
    if (!had) continue;
    const fault = newFault(had, faults);
    if (!fault) continue;
    parses.set(abs, false);
    if (!refuse) continue;
    const edit = where.findLastIndex((w) => w.abs === abs);
    return failure(
      "SYNTAX_ERROR",
      `\`${after.display}\` would have a syntax error at line ${fault.line} after this change that it does not have now, so nothing was written. Check the pasted text and where it goes, or pass \`allow_syntax_errors: true\`.`,
      edit === -1 ? undefined : edit,
    );
  }
  return { ok: true, value: parses };
}

/** `syntaxFaults`, or undefined for a text too large to parse (TooComplex). */
function faultsWithin(text: string, lang: Language): Promise<SyntaxFault[] | undefined> {
  return syntaxFaults(text, lang).catch((error: unknown) => {
    if (error instanceof TooComplex) return undefined;
    throw error;
  });
}

type Computed = Result<{ after: FileState; result: EditResult }>;

/** YAML, JSON or TOML: a compact one stays compact when a unit is pasted in (spacing.ts). */
function isDataFile(abs: string): boolean {
  const lang = languageOf(abs);
  return lang === "yaml" || lang === "json" || lang === "toml";
}

/** Whether a selection covers whole lines (a symbol), not part of one (anchors). */
function isWholeLines(lines: Lines, sel: Selected): boolean {
  return (
    lines.start(sel.start_line) === sel.start &&
    (lines.end(sel.end_line) === sel.end || sel.end === lines.text.length)
  );
}

/**
 * The lines removing a whole-line selection takes: with the blank lines that
 * set it apart — those after it when blank lines (or the start of the file)
 * come before it; those before it, at the end of the file.
 */
function removedLines(lines: Lines, sel: Selected): { start_line: number; end_line: number } {
  const blank = (n: number) => lines.text.slice(lines.start(n), lines.end(n)).trim() === "";
  let first = sel.start_line;
  let last = sel.end_line;
  if (first === 1 || blank(first - 1)) {
    while (last < lines.count && blank(last + 1)) last++;
    if (last === lines.count) while (first > 1 && blank(first - 1)) first--;
  }
  return { start_line: first, end_line: last };
}

/**
 * A paste whose place is a selection: the mode's line numbers from it.
 * A selection of whole lines (a symbol) is replaced as lines; a passage that
 * starts or ends inside a line (anchors) is replaced exactly, character for
 * character. Removing whole lines (`content` empty: cut, move) takes
 * `removedLines`, so a cut symbol leaves its neighbours spaced as they were.
 */
function placeAt(
  edit: Extract<Edit, { kind: "paste" }>,
  sel: Selected,
  text: string,
  content: string,
) {
  const lines = new Lines(text);
  const wholeLines = isWholeLines(lines, sel);
  switch (edit.mode) {
    case "after_line":
    case "before_line": {
      const line = edit.mode === "after_line" ? sel.end_line : sel.start_line;
      const beside = { first: sel.start_line, last: sel.end_line };
      return { spec: { ...edit, line, indentLike: sel.start_line, beside }, exact: false };
    }
    default: {
      if (!wholeLines) return { spec: edit, exact: true };
      const { start_line, end_line } =
        content === ""
          ? removedLines(lines, sel)
          : { start_line: sel.start_line, end_line: sel.end_line };
      return {
        spec: { ...edit, mode: "replace_lines" as const, start_line, end_line },
        exact: false,
      };
    }
  }
}

/** One edit on the file as the previous edits left it. */
async function computeEdit(
  edit: Edit,
  before: FileState,
  abs: string,
  texts: string[],
  /** The file's hash when the operation began: what `expect` compares with. */
  loadedHash: string | null,
): Promise<Computed> {
  const { display } = before;
  let change: Change;
  let created = !before.exists;
  let removed = false;
  let relocated = false;
  let firstLine: number | undefined;
  let linesAdded: number | undefined;
  let linesRemoved: number | undefined;
  let selection: Selected | undefined;
  if (edit.kind === "revert") {
    const current =
      before.exists && before.hash !== null ? { text: before.text, hash: before.hash } : null;
    const plan = planRevert(current, edit.undo, edit.expect, edit.force);
    if (!plan.ok)
      return failure(
        "UNDO_CONFLICT",
        `\`${display}\` cannot be restored: ${plan.reason}.${edit.force ? "" : " Pass `force: true` to revert it where the change is still intact."}`,
      );
    created = plan.action === "create";
    removed = plan.action === "remove";
    change =
      plan.action === "change"
        ? plan.change
        : plan.action === "create"
          ? { start: 0, end: 0, insert: plan.text }
          : { start: 0, end: before.text.length, insert: "" };
    relocated = plan.action === "change" && plan.relocated;
  } else {
    const content = texts[edit.text];
    if (content === undefined)
      return failure("INVALID_ARGUMENT", `Edit names text ${edit.text}, which was not sent.`);
    if (!before.exists && edit.kind === "paste" && !edit.create_if_missing)
      return failure(
        "FILE_NOT_FOUND",
        edit.create_if_missing === false && takesWholeFile(edit)
          ? `\`${display}\` does not exist, and \`create_if_missing\` is false; drop it to create the file.`
          : `\`${display}\` does not exist. Paste to its path alone (no lines, symbol or marker) to create it.`,
      );
    // `expect` names the file as it was read, before this operation's earlier edits to it.
    if (edit.expect !== undefined && !(loadedHash ?? "").startsWith(edit.expect)) {
      const now =
        loadedHash === null ? "it does not exist" : `its hash is now ${loadedHash.slice(0, 12)}`;
      return failure(
        "FILE_CHANGED",
        `\`${display}\` is not the version expected (\`expect\` ${edit.expect.slice(0, 12)}…): ${now}. Read it again, or drop \`expect\`.`,
      );
    }
    if (edit.kind === "write") {
      change = { start: 0, end: before.text.length, insert: content };
    } else if (edit.select) {
      if (!before.exists)
        return failure(
          "FILE_NOT_FOUND",
          `\`${display}\` does not exist, so nothing in it can be selected.`,
        );
      const found = await selectIn(before.text, edit.select, display);
      if (!found.ok) return found;
      selection = found.value;
      const place = placeAt(edit, selection, before.text, content);
      if (place.exact) {
        // Characters for characters; line breaks take the file's ending at that place.
        const lines = new Lines(before.text);
        change = {
          start: selection.start,
          end: selection.end,
          insert: withEol(content, lines.eolAt(lines.lineOf(selection.start))),
        };
      } else {
        const plan = planPaste(before.text, { ...place.spec, data: isDataFile(abs) }, content);
        if (!plan.ok) return failure(plan.error.code, `\`${display}\`: ${plan.error.message}`);
        ({ change, firstLine, linesAdded, linesRemoved } = plan.value);
      }
    } else {
      const plan = planPaste(before.text, { ...edit, data: isDataFile(abs) }, content);
      if (!plan.ok) return failure(plan.error.code, `\`${display}\`: ${plan.error.message}`);
      ({ change, firstLine, linesAdded, linesRemoved } = plan.value);
    }
  }
  const text = removed ? "" : applyChange(before.text, change);
  const bytes = encodeText({ bom: before.bom && !created, text });
  if (bytes.byteLength > LIMITS.fileBytes)
    return failure(
      "FILE_TOO_LARGE",
      `The edit would make \`${display}\` ${MiB(bytes.byteLength)}; files are limited to ${MiB(LIMITS.fileBytes)}.`,
    );
  const hash = removed ? null : sha256(bytes);
  const undo: UndoEdit = created
    ? { kind: "remove", path: abs }
    : removed
      ? {
          kind: "splice",
          path: abs,
          start: 0,
          end: 0,
          insert: before.text,
          was_hash: textHash(""),
          before: "",
          after: "",
          create: true,
        }
      : undoSplice(abs, before.text, change, text);
  return {
    ok: true,
    value: {
      after: {
        display,
        exists: !removed,
        bom: before.bom && !created,
        text,
        hash,
        bytes: removed ? null : bytes,
        mode: before.mode,
      },
      result: {
        path: display,
        abs,
        created,
        removed,
        before_hash: before.hash,
        after_hash: hash,
        lines_added: linesAdded ?? countLines(change.insert),
        lines_removed: linesRemoved ?? countLines(before.text.slice(change.start, change.end)),
        first_line: removed ? 0 : (firstLine ?? lineAt(text, change.start)),
        relocated,
        undo,
        ...(selection ? { selection } : {}),
      },
    },
  };
}

/** The 1-based line holding offset `at`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
