import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ApplyArgs } from "../../../src/shared/bridge/protocol.ts";
import { holdsNeedles } from "../compute/offload.ts";
import { escapeRegExp } from "../imports/plan.ts";
import { javaResource } from "../languages/java/packages.ts";
import type { Resolved } from "../paths.ts";
import { followsImporters, isScript, languageOf } from "../syntax/languages.ts";
import { walkRoots } from "../tree-walk.ts";
import type { Workspace } from "./workspace.ts";

/**
 * A move's importers as far as the agent can tell before it takes a lock: the
 * files under the roots whose text names the module that moved. A list of
 * candidates only; carry-imports.ts reads them again under the locks.
 */

/** The files a move's importers may be among, found before its locks are taken (tree-walk.ts). */
export interface Importers {
  files: string[];
  seen: number;
  /** Why the walk stopped before the end of the tree (tree-walk.ts), or false. */
  truncated: false | "files" | "time";
  /** Python: every module file under the roots, for the load check (python/load-check.ts). */
  python?: string[];
  /** Go: every Go file under the roots (a package's files hold no name of their own package). */
  go?: string[];
  /** Java: every Java file under the roots (a moved type need not be named as its file is). */
  java?: string[];
  /** Rust: every Rust file under the roots (the file declaring the new module names nothing that moved). */
  rust?: string[];
}

/**
 * Bounds that protect the agent, far above a real repository (issue 45): the
 * files the walk for a move's importers looks at, and how long it looks. A
 * receipt names the bound a walk reached.
 */
const MAX_WALKED_FILES = 1_000_000;
const WALK_MS = 10_000;

/**
 * For a move between two files whose language has importers edgeclip follows
 * (scripts, Python, Go), the files under the roots that may import the old
 * file: those of its language family whose text holds its module's name (Go:
 * every Go file).
 */
export async function findImporters(
  ws: Workspace,
  args: ApplyArgs,
  where: Resolved[],
): Promise<Importers | undefined> {
  const carry = args.carry_imports;
  const from = carry && where[carry.from];
  const to = carry && where[carry.to];
  if (!from || !to || from.abs === to.abs || !followsImporters(languageOf(from.abs)))
    return undefined;
  const lang = languageOf(from.abs);
  const script = isScript(lang);
  const go = lang === "go";
  const java = lang === "java";
  const rust = lang === "rust";
  const walked = await walkRoots(ws.sandbox, {
    accept: (name, full) =>
      script
        ? isScript(languageOf(name))
        : languageOf(name) === lang || (java && javaResource(full)),
    // Go's importers name a package's path, its own files nothing: every Go file is read.
    needles: go || java || rust ? [] : importerNeedles(from.abs),
    // Every file of the language, where a prefilter cannot find them (Go, Java, Rust) or for
    // Python's load check.
    keepAccepted: !script,
    maxFiles: MAX_WALKED_FILES,
    deadline: Date.now() + WALK_MS,
    reader: holdsNeedles,
  });
  const { accepted, ...found } = walked;
  const named =
    lang === "python" ? await readersThroughAliases(from.abs, walked.files, accepted) : [];
  const others = (go || java || rust ? accepted : [...walked.files, ...named]).filter(
    (f) => f !== from.abs && f !== to.abs,
  );
  return {
    ...found,
    files: others,
    ...(script
      ? {}
      : go
        ? { go: accepted }
        : java
          ? { java: accepted.filter((f) => languageOf(f) === "java") }
          : rust
            ? { rust: accepted }
            : { python: accepted }),
  };
}

/** A file past this size is not read for the names it binds a module as. */
const MAX_ALIAS_READ = 2 * 1024 * 1024;

/**
 * Python: the files that read the old module through a name an importer binds
 * it as (soupsieve's `from . import css_types as ct`, read as
 * `sv.ct.CustomSelectors` by tests that never name `css_types`): those of
 * `all` whose text holds `.<that name>.`, besides the importers found.
 */
export async function readersThroughAliases(
  abs: string,
  importers: readonly string[],
  all: readonly string[],
): Promise<string[]> {
  const base = path.basename(abs).replace(/\.[^.]*$/, "");
  if (base === "__init__") return [];
  // A file's name is no identifier for sure (`a(b.py`): taken as text.
  const pattern = new RegExp(`\\b${escapeRegExp(base)}\\s+as\\s+([A-Za-z_]\\w*)`, "g");
  const aliases = new Set<string>();
  for (const file of importers) {
    try {
      if ((await stat(file)).size > MAX_ALIAS_READ) continue;
      for (const m of (await readFile(file, "utf8")).matchAll(pattern))
        if (m[1] && m[1] !== base) aliases.add(m[1]);
    } catch {
      // Gone since the walk: it names nothing.
    }
  }
  if (!aliases.size) return [];
  const known = new Set(importers);
  const rest = all.filter((f) => !known.has(f));
  const holds = await holdsNeedles(
    rest,
    [...aliases].map((a) => `.${a}.`),
  );
  return holds.map((i) => rest[i] as string);
}

/**
 * What the text of a file importing `abs` holds: its name without extension.
 * An index file is named by its directory (`./util` names util/index.ts, `from
 * shop import models` shop/models/__init__.py), by its neighbours as `.` or
 * `./`, by files below it as `..` or `../`, or by its own name (`./index.js`).
 */
export function importerNeedles(abs: string): string[] {
  const base = path.basename(abs).replace(/\.[^.]*$/, "");
  if (base !== "index" && base !== "__init__") return [base];
  const dir = path.basename(path.dirname(abs));
  if (base === "__init__") return [dir, "from . import", "from .. import"];
  // …and by its own name where a specifier spells it (`./index.js`, as node16 resolution asks).
  return [dir, "/index", ...[".", "./", "..", "../"].flatMap((s) => [`'${s}'`, `"${s}"`])];
}
