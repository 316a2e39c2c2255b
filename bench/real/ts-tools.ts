/**
 * The TypeScript side of `npm run bench:real` (bench/real/real.ts), on
 * TypeScript 5.9's own compiler API (installed in the bench's cache, not a
 * dependency of the project: TypeScript 7, the project's own, has no language
 * service in JavaScript):
 * - the units a project offers (exported top-level functions, classes and
 *   constants) and how many other files use each (the language service's
 *   find-all-references);
 * - TypeScript's own "Move to file" refactoring of a unit, the baseline;
 * - the check: what `tsc --noEmit -p <tsconfig>` reports, as a program built
 *   in this process (parsed files reused between checks while their text is
 *   unchanged, so a check after a move costs a fraction of the first).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The part of TypeScript's API used here (its own types ship with it, in the cache only). */
interface Ts {
  sys: TsSys;
  ScriptSnapshot: { fromString(text: string): unknown };
  getParsedCommandLineOfConfigFile(
    file: string,
    options: object,
    host: TsSys & { onUnRecoverableConfigFileDiagnostic(d: unknown): void },
  ): { fileNames: string[]; options: Record<string, unknown>; errors: unknown[] } | undefined;
  createLanguageService(host: object): LanguageService;
  createCompilerHost(options: object): CompilerHost;
  createProgram(options: {
    rootNames: string[];
    options: object;
    host: CompilerHost;
    oldProgram?: Program;
  }): Program;
  getPreEmitDiagnostics(program: Program): Diagnostic[];
  flattenDiagnosticMessageText(message: unknown, newLine: string): string;
  getDefaultLibFilePath(options: object): string;
  SyntaxKind: Record<string, number>;
  ModifierFlags: Record<string, number>;
  getCombinedModifierFlags(node: TsNode): number;
}
interface TsSys {
  fileExists(p: string): boolean;
  readFile(p: string): string | undefined;
  readDirectory(...args: unknown[]): string[];
  directoryExists(p: string): boolean;
  getDirectories(p: string): string[];
  useCaseSensitiveFileNames: boolean;
  getCurrentDirectory(): string;
}
interface TsNode {
  kind: number;
  pos: number;
  end: number;
  name?: TsNode & { text: string };
  declarationList?: { declarations: (TsNode & { name: TsNode & { text?: string } })[] };
  getStart(): number;
}
interface SourceFile extends TsNode {
  fileName: string;
  text: string;
  statements: TsNode[];
  isDeclarationFile: boolean;
}
interface Program {
  getSourceFile(name: string): SourceFile | undefined;
  getSourceFiles(): readonly SourceFile[];
}
interface Diagnostic {
  file?: SourceFile;
  start?: number;
  code: number;
  messageText: unknown;
}
interface CompilerHost {
  getSourceFile(name: string, ...rest: unknown[]): SourceFile | undefined;
  [key: string]: unknown;
}
interface LanguageService {
  getProgram(): Program | undefined;
  findReferences(
    file: string,
    position: number,
  ): { references: { fileName: string }[] }[] | undefined;
  getEditsForRefactor(
    file: string,
    format: object,
    range: { pos: number; end: number },
    refactor: string,
    action: string,
    preferences: object,
    interactive?: { targetFile: string },
  ): { edits: { fileName: string; isNewFile?: boolean; textChanges: TextChange[] }[] } | undefined;
}
interface TextChange {
  span: { start: number; length: number };
  newText: string;
}

export function loadTypeScript(dir: string): Ts {
  return createRequire(path.join(dir, "package.json"))("typescript") as Ts;
}

/** A unit a project offers: a top-level declaration of one name (with its overloads). */
export interface TsUnit {
  /** Root-relative posix path of its file. */
  path: string;
  name: string;
  kind: "function" | "class" | "const";
  /** Its statements' span, as the language service's refactoring takes it. */
  pos: number;
  end: number;
  /** How many other files use it. */
  importers: number;
}

/** A finding of the check: no line numbers, so findings compare across edits. */
export interface Finding {
  file: string;
  code: number;
  message: string;
}

/** What the language service's refactoring would write: root-relative path → new text. */
export type FileTexts = Map<string, string>;

const PREFERENCES = {
  // VS Code's defaults, as a user of "Move to file" has them.
  quotePreference: "auto",
  importModuleSpecifierPreference: "shortest",
  importModuleSpecifierEnding: "auto",
  allowTextChangesInNewFiles: true,
  providePrefixAndSuffixTextForRename: true,
};

export class TsProject {
  readonly #ts: Ts;
  readonly #root: string;
  readonly #config: string;
  readonly #cache = new Map<string, SourceFile>();
  readonly #programs = new Map<string, Program>();

  /** `root`: the pristine copy; `config`: its tsconfig, relative to `root`. */
  constructor(ts: Ts, root: string, config: string) {
    this.#ts = ts;
    this.#root = root;
    this.#config = config;
  }

  #parse(root: string) {
    const ts = this.#ts;
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(root, this.#config),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(`tsconfig: ${ts.flattenDiagnosticMessageText(d, "\n")}`);
        },
      },
    );
    if (!parsed) throw new Error(`cannot read ${this.#config} under ${root}`);
    return parsed;
  }

  #languageService(): LanguageService {
    const ts = this.#ts;
    const parsed = this.#parse(this.#root);
    return ts.createLanguageService({
      getScriptFileNames: () => parsed.fileNames,
      getScriptVersion: () => "1",
      getScriptSnapshot: (f: string) =>
        ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(readFileSync(f, "utf8")) : undefined,
      getCurrentDirectory: () => this.#root,
      getCompilationSettings: () => parsed.options,
      getDefaultLibFileName: (o: object) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    });
  }

  #service: LanguageService | undefined;
  get #ls(): LanguageService {
    this.#service ??= this.#languageService();
    return this.#service;
  }

  #rel(abs: string): string {
    return path.relative(this.#root, abs).split(path.sep).join("/");
  }

  /** The project's source files (not declaration files, not under node_modules), root-relative. */
  files(): string[] {
    const program = this.#ls.getProgram();
    if (!program) throw new Error("no program");
    return program
      .getSourceFiles()
      .filter((f) => !f.isDeclarationFile && !f.fileName.includes("/node_modules/"))
      .map((f) => this.#rel(f.fileName))
      .filter((f) => !f.startsWith(".."));
  }

  /** Every exported top-level function, class and `const` of the project, with its importers. */
  units(): TsUnit[] {
    const ts = this.#ts;
    const program = this.#ls.getProgram();
    if (!program) throw new Error("no program");
    const out: TsUnit[] = [];
    const K = ts.SyntaxKind;
    for (const rel of this.files()) {
      const file = program.getSourceFile(path.join(this.#root, rel));
      if (!file) continue;
      const byName = new Map<string, TsUnit>();
      for (const statement of file.statements) {
        const exported =
          (ts.getCombinedModifierFlags(statement) & (ts.ModifierFlags.Export ?? 1)) !== 0;
        if (!exported) continue;
        let name: string | undefined;
        let kind: TsUnit["kind"] | undefined;
        let at: number | undefined;
        if (statement.kind === K.FunctionDeclaration || statement.kind === K.ClassDeclaration) {
          name = statement.name?.text;
          kind = statement.kind === K.ClassDeclaration ? "class" : "function";
          at = statement.name?.getStart();
        } else if (statement.kind === K.VariableStatement) {
          const declarations = statement.declarationList?.declarations ?? [];
          const only = declarations.length === 1 ? declarations[0] : undefined;
          // `const`: the declaration list's flags; `let` and `var` are not constants.
          const isConst = /^\s*export\s+(declare\s+)?const\s/.test(
            file.text.slice(statement.getStart(), statement.end),
          );
          if (only && only.name.kind === K.Identifier && isConst) {
            name = only.name.text;
            kind = "const";
            at = only.name.getStart();
          }
        }
        if (!name || !kind || at === undefined) continue;
        const previous = byName.get(name);
        if (previous) {
          previous.end = statement.end; // an overload's implementation
          continue;
        }
        const refs = this.#ls.findReferences(file.fileName, at) ?? [];
        const others = new Set(
          refs
            .flatMap((r) => r.references.map((x) => x.fileName))
            .filter((f) => f !== file.fileName),
        );
        const unit: TsUnit = {
          path: rel,
          name,
          kind,
          pos: statement.getStart(),
          end: statement.end,
          importers: others.size,
        };
        byName.set(name, unit);
        out.push(unit);
      }
    }
    return out;
  }

  /**
   * TypeScript's "Move to file" of `unit` into `dest` (root-relative, a new
   * file), computed on the pristine project: each changed file's new text.
   */
  moveToFile(unit: TsUnit, dest: string): FileTexts {
    const abs = path.join(this.#root, unit.path);
    const result = this.#ls.getEditsForRefactor(
      abs,
      {},
      { pos: unit.pos, end: unit.end },
      "Move to file",
      "Move to file",
      PREFERENCES,
      { targetFile: path.join(this.#root, dest) },
    );
    const out: FileTexts = new Map();
    for (const edit of result?.edits ?? []) {
      const rel = this.#rel(edit.fileName);
      const before = out.get(rel) ?? (edit.isNewFile ? "" : readFileSync(edit.fileName, "utf8"));
      const changes = [...edit.textChanges].sort((a, b) => b.span.start - a.span.start);
      let text = before;
      for (const c of changes)
        text = text.slice(0, c.span.start) + c.newText + text.slice(c.span.start + c.span.length);
      out.set(rel, text);
    }
    return out;
  }

  /** What `tsc --noEmit -p <config>` reports for the tree at `root` (a copy of the project). */
  check(root: string): Finding[] {
    const ts = this.#ts;
    const parsed = this.#parse(root);
    const host = ts.createCompilerHost(parsed.options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name: string, ...rest: unknown[]) => {
      const text = ts.sys.readFile(name);
      if (text === undefined) return undefined;
      const key = `${name}\0${text}`;
      const hit = this.#cache.get(key);
      if (hit) return hit;
      const file = read(name, ...rest);
      if (file) this.#cache.set(key, file);
      return file;
    };
    const program = ts.createProgram({
      rootNames: parsed.fileNames,
      options: parsed.options,
      host,
      ...(this.#programs.has(root) ? { oldProgram: this.#programs.get(root) } : {}),
    });
    this.#programs.set(root, program);
    return ts.getPreEmitDiagnostics(program).map((d) => ({
      file: d.file ? path.relative(root, d.file.fileName).split(path.sep).join("/") : "",
      code: d.code,
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    }));
  }
}
