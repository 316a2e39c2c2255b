import path from "node:path";
import {
  type ApplyArgs,
  type EditResult,
  MAX_IMPORTERS,
} from "../../../src/shared/bridge/protocol.ts";
import { mapAtOnce } from "../at-once.ts";
import { bindsAtTop, readsThrough } from "../compute/offload.ts";
import {
  carryImporters,
  carryImports,
  carryPasteImports,
  carryReexport,
  importerEdit,
  mayImport,
  packageInit,
  wholeModuleOf,
} from "../imports/carry.ts";
import { escapeRegExp } from "../imports/plan.ts";
import { goContext } from "../languages/go/context.ts";
import { goMoveOf } from "../languages/go/move.ts";
import { javaContext } from "../languages/java/context.ts";
import { javaMoveOf } from "../languages/java/packages.ts";
import { packageInits, starExports, stubOf } from "../languages/python/context.ts";
import { type LoadFile, settledLoad } from "../languages/python/load-check.ts";
import {
  importRootOf,
  newPackagesFor,
  pythonModules,
  unimportable,
} from "../languages/python/modules.ts";
import { deferPythonImporter, moduleOf } from "../languages/python/move.ts";
import { rustContext } from "../languages/rust/context.ts";
import {
  reexportWords,
  rustMoveOf,
  rustPublicPaths,
  rustReexport,
  unitCfg,
} from "../languages/rust/modules.ts";
import { moduleConfigs } from "../languages/typescript/module-configs.ts";
import { entryField, extensionsRequired, importerNaming } from "../languages/typescript/resolve.ts";
import { isInside, type Resolved, resolvePath } from "../paths.ts";
import { isScript, languageOf } from "../syntax/languages.ts";
import { AT_ONCE, diskOf } from "./disk.ts";
import type { Importers } from "./find-importers.ts";
import { type FileState, load, missingFile } from "./load.ts";
import { failure, type Result, type Workspace } from "./workspace.ts";

/**
 * Import-aware moves and pastes, on disk: the files an operation holds are
 * handed to imports/carry.ts, and what it plans becomes the operation's texts
 * and results. What this adds is the disk: the Python packages on the way,
 * the importers read again under the operation's locks, and a paste's origins
 * read again and used only at the hash they were read at.
 */

/**
 * `carry_imports`: the move's two files get what its unit needs
 * (imports/carry.ts), in place of what the operation holds for them.
 * Returns a failure only when the edits it names are not a removal and a paste.
 */
export async function carryFor(
  ws: Workspace,
  args: ApplyArgs,
  where: Resolved[],
  initial: Map<string, FileState>,
  current: Map<string, FileState>,
  results: EditResult[],
  importers: Importers | undefined,
): Promise<Result<never> | undefined> {
  const operation: Operation = [ws, args, where, initial, current, results, importers];
  // (A result is changed in place: copied as it was.)
  const held = {
    initial: new Map(initial),
    current: new Map(current),
    results: results.map((r) => ({ ...r })),
  };
  const first = await carryOnce(operation);
  if (!first?.circle) return first?.failed;
  // A circle the plan could not see (a package on the new module's way that imports the old
  // module through others: toolz's sandbox/ runs its core.py, which imports itertoolz): the
  // move planned again as across a circle, once, from the texts it started from.
  for (const [now, then] of [
    [initial, held.initial],
    [current, held.current],
  ] as const) {
    now.clear();
    for (const [abs, state] of then) now.set(abs, state);
  }
  results.splice(0, results.length, ...held.results);
  const again = await carryOnce(operation, first.circle);
  return again?.failed && first.failed;
}

/** carryFor's arguments: the operation's workspace, files and results, which a plan changes. */
type Operation = Parameters<typeof carryFor>;

/**
 * One plan of carryFor's: a failure, if any; and, where the load check found a circle
 * through a package on the new module's way the plan did not know of, that package.
 */
async function carryOnce(
  [ws, args, where, initial, current, results, importers]: Operation,
  circle?: string,
): Promise<{ failed: Result<never>; circle?: string } | undefined> {
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
    return {
      failed: failure(
        "INVALID_ARGUMENT",
        "`carry_imports` names edits this operation does not have.",
      ),
    };
  // Python names modules from where their package starts (a `src/` layout): the agent
  // looks at the packages on the way, for the files a plan names.
  const python = languageOf(from.abs) === "python" && languageOf(to.abs) === "python";
  const disk = diskOf(ws);
  const root = ws.sandbox.roots.find((r) => isInside(r, from.abs)) ?? ws.sandbox.roots[0] ?? "";
  // A new subpackage of a regular package gets its `__init__.py` in the same operation.
  const newPackages = python && !initial.get(to.abs)?.exists ? newPackagesFor(to.abs, root) : [];
  const modules: Record<string, string> = {};
  const named = (files: { abs: string; path: string }[]) => {
    if (python)
      Object.assign(modules, pythonModules(files, ws.sandbox.roots, new Set(newPackages)));
  };
  named([
    { abs: from.abs, path: fromResult.path },
    { abs: to.abs, path: toResult.path },
  ]);
  // Another project's file of the same dotted name is no importer: only files whose
  // `sys.path` starts where the old module's does (python/modules.ts importRootOf). A file
  // above which no directory holds the package imports it as installed: the project's own.
  const top = (modules[fromResult.path] ?? fromResult.path).split(/[./]/)[0] ?? "";
  const sourceRoot = python ? importRootOf(from.abs, top, root) : undefined;
  const sameProject = (abs: string) => {
    if (!python || sourceRoot === undefined) return true;
    const starts = importRootOf(abs, top, root);
    return starts === undefined || starts === sourceRoot;
  };
  /** The importers found before the locks were taken, read again under them, that hold one of `names`. */
  const importerFiles = new Set(importers?.files ?? []);
  const holding = async (
    test: (text: string, abs: string) => boolean,
    /** Among every module of the language (Python), not only those naming the old one. */
    every = false,
  ) => {
    const out = await disk.read(
      (every ? importers?.python : undefined) ?? importers?.files ?? [],
      (text, abs) => test(text, abs) && sameProject(abs),
    );
    named(out);
    return out;
  };
  const go = importers?.go ? await goContext(disk, from.abs, to.abs, importers.go) : undefined;
  const java = importers?.java
    ? await javaContext(disk, from.abs, to.abs, importers.java)
    : undefined;
  const rust = importers?.rust ? await rustContext(disk, from.abs, importers.rust) : undefined;
  // Scripts: whether the module settings ask for extensions, for files showing no import to
  // copy; and whether the old file is its package's entry for other packages.
  const scriptConfigs =
    isScript(languageOf(from.abs)) && isScript(languageOf(to.abs))
      ? await moduleConfigs(ws, [from.abs, to.abs])
      : undefined;
  const script =
    scriptConfigs &&
    (extensionsRequired(scriptConfigs, from.abs) || extensionsRequired(scriptConfigs, to.abs))
      ? { extensionsRequired: true }
      : undefined;
  const entry = scriptConfigs && entryField(scriptConfigs, from.abs);
  const carried = await carryImports({
    source: { abs: from.abs, initial: sourceFirst, current: sourceNow, result: fromResult },
    dest: { abs: to.abs, initial: initial.get(to.abs), current: destNow, result: toResult },
    modules,
    kept: args.build_guard === "keep",
    ...(circle !== undefined ? { circleThrough: circle } : {}),
    ...(python && importers
      ? {
          // A file holding a moved name anywhere; asked `dynamic`, every module of the project
          // that imports a module by a name built as it runs (marko's
          // `import_module(f"marko.ext.{name}")`), which never names the old module.
          readers: (names, anywhere, dynamic) =>
            anywhere
              ? holding(
                  (text, abs) =>
                    names.some((n) => text.includes(n)) &&
                    (importerFiles.has(abs) ||
                      (dynamic === true &&
                        abs !== from.abs &&
                        abs !== to.abs &&
                        /\b(?:import_module|__import__)\s*\(/.test(text))),
                  dynamic,
                )
              : holding(mayImport(names)),
          // Evidence of how the project imports its own modules, for a module that shows none.
          relativeHint: (await holding((t) => /^from \.+\w* import /m.test(t))).length > 0,
        }
      : {}),
    ...(python
      ? {
          packageInits: await packageInits(disk, from.abs, to.abs),
          sourceInits: await packageInits(disk, to.abs, from.abs),
          sourceStub: await stubOf(disk, from.abs),
          sourceStars: await starExports(disk, from.abs, sourceFirst.text, sourceRoot),
        }
      : {}),
    ...(go ? { go } : {}),
    ...(java ? { java } : {}),
    ...(rust ? { rust } : {}),
    ...(script ? { script } : {}),
  });
  if (!carried) return undefined;
  if (carried.blocked.length)
    return {
      failed: failure(
        "MOVE_BLOCKED",
        `${carried.blocked.join(" ")} Nothing was changed.`,
        carry.from,
      ),
    };
  // A new module (or package) named as something its package's `__init__.py` binds, other
  // than what moved (imported back from it), would replace that binding with itself once
  // imported: Python sets a submodule on its package as it loads.
  if (python) {
    const created = [
      ...(initial.get(to.abs)?.exists ? [] : [to.abs.replace(/\.py$/, "")]),
      ...newPackages,
    ];
    for (const made of created) {
      const stem = path.basename(made);
      const initPath = path.join(path.dirname(made), "__init__.py");
      const init = initPath === from.abs ? undefined : await disk.file(initPath);
      if (init && (await bindsAtTop(init.text, stem, carried.moved)))
        return {
          failed: failure(
            "MOVE_BLOCKED",
            `${init.path} binds \`${stem}\`, which importing the new module ${toResult.path} would replace with that module (Python sets a submodule on its package as it loads): choose another file name. Nothing was changed.`,
            carry.to,
          ),
        };
    }
  }
  current.set(from.abs, { ...sourceNow, ...carried.source });
  current.set(to.abs, { ...destNow, ...carried.dest });
  for (const dir of [...newPackages].reverse()) {
    const init = path.join(dir, "__init__.py");
    const found = await resolvePath(ws.sandbox, init);
    if (!found.ok) continue;
    const made = packageInit(init, found.display);
    initial.set(init, missingFile(found.display));
    current.set(init, { display: found.display, mode: undefined, ...made.state });
    results.push(made.result);
  }
  if (!importers) return undefined;
  // Those that name what moved, checked and loaded as any file an operation changes.
  const files: { abs: string; path: string; state: FileState }[] = [];
  // Rust: the file that must declare the new module is planned whatever it names.
  const rustMove = rust && rustMoveOf(fromResult.path, toResult.path, carried.moved, rust);
  const declaring =
    rustMove?.declare && path.join(ws.sandbox.roots[0] ?? "", rustMove.declare.path);
  // Files the plan changed itself (Go: a moved type's methods taken out of another file).
  const planned = new Map(
    carried.others.map(
      (o) => [o.path, { before: o.before, text: o.text, changes: o.changes ?? [] }] as const,
    ),
  );
  const changedToo = new Set(
    carried.others.map((o) => path.resolve(ws.sandbox.roots[0] ?? "", o.path)),
  );
  const names = mayImport(
    carried.moved,
    carried.movedDefault,
    carried.unitReads,
    wholeModuleOf(fromResult.path),
  );
  const candidates = await holding(
    (text, abs) => names(text) || abs === declaring || changedToo.has(abs),
  );
  const loaded = await mapAtOnce(candidates, AT_ONCE, async ({ abs }) => {
    const found = await resolvePath(ws.sandbox, abs);
    if (!found.ok || found.abs !== abs) return undefined;
    const state = await load(found);
    return state.ok && state.value.exists
      ? { abs, path: found.display, state: state.value }
      : undefined;
  });
  for (const file of loaded) if (file) files.push(file);
  const destHeld = current.get(to.abs) ?? destNow;
  const goMove =
    go &&
    (await goMoveOf(
      fromResult.path,
      toResult.path,
      carried.moved,
      go,
      current.get(from.abs)?.text ?? "",
      destHeld.text,
      carried.literalFields,
    ));
  const javaMove =
    java &&
    javaMoveOf(
      fromResult.path,
      toResult.path,
      carried.moved,
      current.get(from.abs)?.text ?? "",
      destHeld.text,
    );
  const readThrough = python
    ? await pythonReadThrough(files, fromResult.path, modules, holding)
    : {};
  // Specifiers that are not relative resolve through the tsconfig and package.json around them.
  const configs =
    python || go || java || rust
      ? undefined
      : await moduleConfigs(ws, [from.abs, to.abs, ...files.map((f) => f.abs)]);
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
    movedDefault: carried.movedDefault,
    sourceEmptied: carried.sourceEmptied,
    loadOrder: carried.blockedIfLoaded.length > 0,
    unitReads: carried.unitReads,
    ...(Object.keys(readThrough).length ? { readThrough } : {}),
    ...(carried.starKept.length ? { starKept: carried.starKept } : {}),
    ...(carried.loadUses.length ? { loadUses: carried.loadUses } : {}),
    modules,
    ...(configs ? { configs } : {}),
    ...(goMove ? { go: goMove } : {}),
    ...(javaMove ? { java: javaMove } : {}),
    ...(rustMove ? { rust: rustMove } : {}),
    ...(declaring || changedToo.size
      ? { alwaysPlan: [...(declaring ? [declaring] : []), ...changedToo] }
      : {}),
    ...(planned.size ? { rewritten: planned } : {}),
    files,
    // A new package's `__init__.py` has a result too, within the importers' allowance.
    max: (ws.maxImporters ?? MAX_IMPORTERS) - newPackages.length,
    truncated: importers.truncated
      ? { files: importers.seen, why: importers.truncated }
      : undefined,
  });
  // A block that holds only where another file now loads the new one first: one that loads a
  // module loading the old file first (yup's type tests import its index, which imports the
  // old file, before the unit's new file) does not.
  const by = carried.blockedIfLoaded.length
    ? firstLoaders(rewritten.loadedBy, [from.abs, ...rewritten.oldFirst], (importer, spec, file) =>
        importerNaming(configs, importer, file, to.abs).namesFile(spec, file),
      )
    : [];
  if (by.length) {
    return {
      failed: failure(
        "MOVE_BLOCKED",
        `${carried.blockedIfLoaded.join(" ")} (${firstThree(by)} would load it first.) Nothing was changed.`,
        carry.from,
      ),
    };
  }
  // A Python module no import statement can name (`moved/while.py`), that a file must import.
  // (In a package, every part of its name is imported; in none, its file's name alone.)
  const badName = python
    ? unimportable(modules[toResult.path] ?? moduleOf(toResult.path).at(-1) ?? "")
    : undefined;
  const importing = [toResult, ...results, ...rewritten.others.map((o) => o.result)]
    .flatMap((r) => r.imports?.changes ?? [])
    .find((c) => c.endsWith(` from ${toResult.path}`) || c.includes(` from ${toResult.path} `));
  if (badName && importing)
    return {
      failed: failure(
        "MOVE_BLOCKED",
        `Moving ${carried.moved.join(", ")} to ${toResult.path} would leave ${importing.split(":")[0]} importing a module no import statement can name: ${badName}. Choose a file name that is a Python identifier. Nothing was changed.`,
        carry.from,
      ),
    };
  // A package's entry goes on exporting what it exported: other packages import it there.
  const forPackage =
    entry !== undefined && carried.exported.length
      ? [
          {
            names: carried.exported,
            through: `code importing the package (package.json \`${entry}\`)`,
          },
        ]
      : [];
  // A value the old file would re-export from a new file that reads it as it loads.
  const through = [...rewritten.reexport, ...forPackage].filter((r) =>
    r.names.some((n) => !carried.movedTypes.includes(n)),
  );
  if (carried.blockedIfReexported.length && through.length) {
    const readers = [...new Set(through.map((r) => r.through.split(":")[0] ?? r.through))];
    return {
      failed: failure(
        "MOVE_BLOCKED",
        `${carried.blockedIfReexported.join(" ")} (${firstThree(readers)} ${readers.length === 1 ? "reads" : "read"} it through ${fromResult.path}.) Nothing was changed.`,
        carry.from,
      ),
    };
  }
  current.set(to.abs, { ...destHeld, ...rewritten.dest });
  // What importers read through the old module's object where they cannot be rewritten.
  const sourceHeld = current.get(from.abs) ?? sourceNow;
  const reexported = await carryReexport({
    source: {
      abs: from.abs,
      path: fromResult.path,
      initial: sourceFirst,
      current: sourceHeld,
      result: fromResult,
    },
    dest: { path: toResult.path, text: rewritten.dest.text, result: toResult },
    types: carried.movedTypes,
    requests: [
      // What the old file never exported no reader takes off it: a module object passed on
      // (pathe's `new Proxy(_path, …)`) reads what moved that the old file exported, not the
      // private declarations taken along (`_EXTNAME_RE` with `extname`: TS2459 otherwise).
      // Python's module attributes are all readable: its own stay.
      ...(python
        ? rewritten.reexport
        : rewritten.reexport
            .map((r) => ({ ...r, names: r.names.filter((n) => !carried.brought.includes(n)) }))
            .filter((r) => r.names.length)),
      ...forPackage,
      // A library's public paths through the old module, which other crates may use.
      ...(rustMove && fromResult.selection
        ? rustPublicPaths(
            rustMove.move,
            rustMove.context,
            sourceFirst.text.slice(fromResult.selection.start, fromResult.selection.end),
          )
        : []),
    ],
    ...(rustMove
      ? {
          rustReexport: (
            text: string,
            names: readonly string[],
            requests: readonly { within?: true }[],
            destText: string,
          ) =>
            rustReexport(
              text,
              names,
              rustMove.move.newModule,
              reexportWords(
                names,
                destText,
                rustMove.move.oldModule,
                rustMove.move.newModule,
                requests.every((r) => r.within) ? "pub(crate)" : "pub",
              ),
              fromResult.selection
                ? unitCfg(
                    sourceFirst.text.slice(fromResult.selection.start, fromResult.selection.end),
                  )
                : "",
            ),
        }
      : {}),
  });
  current.set(from.abs, { ...sourceHeld, ...reexported });
  const fileAt = new Map(files.map((f) => [f.abs, f]));
  for (const other of rewritten.others) {
    const file = fileAt.get(other.abs);
    if (!file) continue;
    initial.set(other.abs, file.state);
    current.set(other.abs, { ...file.state, ...other.state });
    results.push(other.result);
  }
  // An import that would fail when the code loads (a circular import through the packages on
  // the new module's way, or any chain of modules): refused, as a cycle the plan saw is.
  if (python && importers.python && !importers.truncated) {
    const loadFiles: LoadFile[] = [];
    const untouched = importers.python.filter((abs) => !current.has(abs) && sameProject(abs));
    for (const { abs, text } of await disk.read(untouched))
      loadFiles.push({ abs, before: text, after: text });
    for (const [abs, state] of current) {
      if (languageOf(abs) !== "python" || !sameProject(abs)) continue;
      const first = initial.get(abs);
      loadFiles.push({
        abs,
        before: first?.exists ? first.text : undefined,
        after: state.exists ? state.text : undefined,
      });
    }
    // An importer whose new import closes the circle, reading the unit only in its functions,
    // imports it there.
    const { failing, circles, deferred } = await settledLoad(
      loadFiles,
      ws.sandbox.roots,
      newPackages,
      new Set(rewritten.others.map((o) => o.abs)),
      async (abs, text) => {
        const file = files.find((f) => f.abs === abs);
        return file
          ? deferPythonImporter({ importerPath: file.path, destPath: toResult.path, text, modules })
          : undefined;
      },
    );
    for (const [abs, made] of deferred) {
      const file = files.find((f) => f.abs === abs);
      const other = rewritten.others.find((o) => o.abs === abs);
      const at = other ? results.indexOf(other.result) : -1;
      if (!file || !other || at === -1) continue;
      const them = made.names.length === 1 ? "it" : "them";
      const line = `${file.path}: imports ${made.names.join(", ")} from ${toResult.path} in the functions that use ${them} (a circular import otherwise)`;
      // (Its line for the import at its top goes: the import is no longer there.)
      const top = `${file.path}: imports ${made.names.join(", ")} from ${toResult.path}`;
      const redone = importerEdit(
        file,
        made.text,
        [line, ...(other.result.imports?.changes ?? []).filter((c) => c !== top)].slice(0, 20),
      );
      current.set(abs, { ...file.state, ...redone.state });
      results[at] = redone.result;
    }
    if (failing.length) {
      // A chain that runs the old module, then a package on the new module's way (or the new
      // module itself): a circle the plan did not know of, if it planned none.
      const oldName = modules[fromResult.path];
      const newName = modules[toResult.path] ?? "";
      const shared = (oldName ?? "").split(".").slice(0, -1);
      const way = newName
        .split(".")
        .map((_, i, parts) => parts.slice(0, i + 1))
        .filter((p) => p.length > shared.length || p.some((part, i) => part !== shared[i]))
        .map((p) => p.join("."));
      const through =
        circle === undefined && !carried.circled && oldName
          ? circles
              .flatMap((chain) => chain.slice(chain.indexOf(oldName) + 1 || chain.length))
              .find((m) => way.includes(m))
          : undefined;
      return {
        failed: failure(
          "MOVE_BLOCKED",
          `Moving ${carried.moved.join(", ")} to ${toResult.path} would make an import fail when the code loads (a circular import): ${failing[0]}${failing.length > 1 ? ` (and ${failing.length - 1} more import${failing.length > 2 ? "s" : ""} like it)` : ""}. A destination whose package does not import back into these modules avoids it. Nothing was changed.`,
          carry.from,
        ),
        ...(through ? { circle: through } : {}),
      };
    }
  }
  return undefined;
}

/**
 * Pastes with `imports_from`: each target gains the imports of the units it
 * got from files (imports/carry.ts). The units' files are read again here, in
 * the sandbox, and used only if they still have the hash they were read at.
 */
export async function carryPastesFor(
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

/** The files a refusal names: three, and how many more. */
const firstThree = (paths: readonly string[]) =>
  `${paths.slice(0, 3).join(", ")}${paths.length > 3 ? ` and ${paths.length - 3} more` : ""}`;

/**
 * The importers that load the new file before the old one, directly or
 * through no module they load earlier that loads the old file first
 * (`safe`: the old file and such importers, grown to a fixed point).
 */
function firstLoaders(
  loaders: readonly { abs: string; path: string; after: readonly string[] }[],
  safe: readonly string[],
  names: (importer: string, specifier: string, file: string) => boolean,
): string[] {
  const known = new Set(safe);
  let left = [...loaders];
  for (let changed = true; changed; ) {
    changed = false;
    const still = left.filter(
      (l) => !l.after.some((spec) => [...known].some((file) => names(l.abs, spec, file))),
    );
    if (still.length !== left.length) {
      for (const l of left) if (!still.includes(l)) known.add(l.abs);
      left = still;
      changed = true;
    }
  }
  return left.map((l) => l.path);
}

/**
 * Python: by importer, the names it binds for the old module (`from . import
 * _manylinux`) that another module reads through it (`tags._manylinux` in
 * packaging's tests): the importer keeps importing them, used there or not.
 */
async function pythonReadThrough(
  files: readonly { abs: string; path: string }[],
  sourcePath: string,
  modules: Record<string, string>,
  holding: (
    test: (text: string) => boolean,
  ) => Promise<{ abs: string; path: string; text: string }[]>,
): Promise<Record<string, string[]>> {
  const old = (modules[sourcePath] ?? "").split(".");
  const last = old.at(-1) ?? "";
  // `from pkg import mod` binds its last part, `import pkg.mod` its first; `… mod as ct`, `ct`
  // (soupsieve's `from . import css_types as ct`, read as `sv.ct.CustomSelectors`).
  const aliases = new Set<string>();
  // The files that bind it so are read through too, whether they name what moved or not.
  const binders: { abs: string; path: string }[] = [];
  if (last)
    for (const f of await holding((text) => text.includes(last)))
      for (const m of f.text.matchAll(
        new RegExp(`\\b${escapeRegExp(last)}\\s+as\\s+([A-Za-z_]\\w*)`, "g"),
      ))
        if (m[1] && m[1] !== last) {
          aliases.add(m[1]);
          if (!binders.some((b) => b.abs === f.abs)) binders.push(f);
        }
  const importers = [...files, ...binders.filter((b) => !files.some((f) => f.abs === b.abs))];
  const names = [...new Set([last, old[0], ...aliases])].filter((n): n is string => !!n);
  const base = (f: { path: string }) => (modules[f.path] ?? "").split(".").at(-1) ?? "";
  const bases = [...new Set(importers.map(base))].filter(Boolean);
  if (!names.length || !bases.length) return {};
  // One pass over each file for every importer's `<its module>.<the old module>`, or an alias's
  // reads under whatever name the reader gives the importer (`sv.ct.`).
  const alias = [...aliases].map(escapeRegExp).join("|");
  const through = new RegExp(
    `(?<![\\w$])(?:${bases.map(escapeRegExp).join("|")})\\.(?:${names.map(escapeRegExp).join("|")})(?![\\w$])${alias ? `|\\w\\.(?:${alias})\\.\\w` : ""}`,
  );
  const readers = await holding((text) => through.test(text));
  const out: Record<string, string[]> = {};
  for (const f of importers) {
    const found = new Set<string>();
    for (const r of readers) {
      const reads = (n: string) =>
        r.text.includes(`${base(f)}.${n}`) || (aliases.has(n) && r.text.includes(`.${n}.`));
      if (r.abs === f.abs || !names.some(reads)) continue;
      for (const name of await readsThrough({
        importerPath: r.path,
        sourcePath: f.path,
        text: r.text,
        names,
        modules,
      }))
        found.add(name);
    }
    if (found.size) out[f.path] = [...found];
  }
  return out;
}
