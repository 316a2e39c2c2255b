/**
 * The TypeScript side of `npm run bench:real` (bench/real/real.ts), on
 * TypeScript 5.9's own compiler API (installed in the bench's cache, not a
 * dependency of the project: TypeScript 7, the project's own, has no language
 * service in JavaScript):
 * - the units a project offers (exported top-level functions, classes and
 *   constants; in CommonJS, functions and classes its `module.exports`
 *   object or `exports.k = …` exports, and `exports.k = function …`
 *   statements) and how many other files use each (the language service's
 *   find-all-references);
 * - TypeScript's own "Move to file" refactoring of a unit, the baseline;
 * - the check: what `tsc --noEmit -p <tsconfig>` reports, as a program built
 *   in this process (parsed files reused between checks while their text is
 *   unchanged, so a check after a move costs a fraction of the first);
 * - the lint: what it reports of unused names in some files with
 *   `noUnusedLocals` on (TypeScript's own linter, as editors show it).
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
  getPreEmitDiagnostics(program: Program, file?: SourceFile): Diagnostic[];
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
  /** An expression statement's, a property access's object. */
  expression?: TsNode;
  /** A binary expression's sides and operator. */
  left?: TsNode;
  right?: TsNode;
  operatorToken?: TsNode;
  /** An object literal's items, a property assignment's value. */
  properties?: TsNode[];
  initializer?: TsNode;
  /** An identifier's. */
  text?: string;
  getStart(): number;
  getSourceFile(): SourceFile;
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
  getTypeChecker(): {
    getSymbolAtLocation(node: TsNode): { declarations?: TsNode[] } | undefined;
  };
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
  readonly #overrides: Record<string, unknown>;
  readonly #cache = new Map<string, SourceFile>();
  readonly #programs = new Map<string, Program>();

  /**
   * `root`: the pristine copy; `config`: its tsconfig, relative to `root`;
   * `overrides`: settings forced over the tsconfig's.
   */
  constructor(ts: Ts, root: string, config: string, overrides: Record<string, unknown> = {}) {
    this.#ts = ts;
    this.#root = root;
    this.#config = config;
    this.#overrides = overrides;
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
    return { ...parsed, options: { ...parsed.options, ...this.#overrides } };
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

  /**
   * The project's source files (scripts: not declaration files, not JSON it
   * imports, not under node_modules), root-relative.
   */
  files(): string[] {
    const program = this.#ls.getProgram();
    if (!program) throw new Error("no program");
    return program
      .getSourceFiles()
      .filter(
        (f) =>
          !f.isDeclarationFile &&
          /\.[cm]?[jt]sx?$/.test(f.fileName) &&
          !f.fileName.includes("/node_modules/"),
      )
      .map((f) => this.#rel(f.fileName))
      .filter((f) => !f.startsWith(".."));
  }

  /** `node` is there and of the syntax kind named `kind`. */
  #is(node: TsNode | undefined, kind: string): boolean {
    return node !== undefined && node.kind === this.#ts.SyntaxKind[kind];
  }

  /** `module.exports`. */
  #isModuleExports(node: TsNode | undefined): boolean {
    return (
      this.#is(node, "PropertyAccessExpression") &&
      this.#is(node?.expression, "Identifier") &&
      node?.expression?.text === "module" &&
      node.name?.text === "exports"
    );
  }

  /** `exports.k` or `module.exports.k`: its name k. */
  #exportsKey(node: TsNode | undefined): (TsNode & { text: string }) | undefined {
    if (!this.#is(node, "PropertyAccessExpression")) return undefined;
    const object = node?.expression;
    const exports =
      (this.#is(object, "Identifier") && object?.text === "exports") ||
      this.#isModuleExports(object);
    return exports ? node?.name : undefined;
  }

  /** A top-level `left = right;`: its sides. */
  #assignment(statement: TsNode): { left: TsNode; right: TsNode } | undefined {
    const e = this.#is(statement, "ExpressionStatement") ? statement.expression : undefined;
    if (!this.#is(e, "BinaryExpression") || !this.#is(e?.operatorToken, "EqualsToken"))
      return undefined;
    return e?.left && e.right ? { left: e.left, right: e.right } : undefined;
  }

  /**
   * The file's own names a JavaScript file exports the CommonJS way (in its
   * `module.exports = { … }` object, or as `exports.k = name`); undefined for
   * a TypeScript file.
   */
  #commonJsExports(file: SourceFile): Set<string> | undefined {
    if (!/\.c?js$/.test(file.fileName)) return undefined;
    const names = new Set<string>();
    for (const statement of file.statements) {
      const assigned = this.#assignment(statement);
      if (!assigned) continue;
      const { left, right } = assigned;
      if (this.#exportsKey(left) && this.#is(right, "Identifier") && right.text)
        names.add(right.text);
      if (!this.#isModuleExports(left) || !this.#is(right, "ObjectLiteralExpression")) continue;
      for (const item of right.properties ?? []) {
        if (this.#is(item, "ShorthandPropertyAssignment") && item.name) names.add(item.name.text);
        const value = this.#is(item, "PropertyAssignment") ? item.initializer : undefined;
        if (this.#is(value, "Identifier") && value?.text) names.add(value.text);
      }
    }
    return names;
  }

  #readers: Map<string, Set<string>> | undefined;

  /**
   * The files reading each CommonJS export as a property of its module
   * (`common.isNothing`), by `file#key` of the `exports.key = …` the checker
   * resolves the read to: computed once, over the program's files.
   */
  #propertyReaders(program: Program): Map<string, Set<string>> {
    if (this.#readers) return this.#readers;
    const ts = this.#ts as unknown as {
      forEachChild(node: unknown, visit: (n: never) => void): void;
      isPropertyAccessExpression(n: unknown): boolean;
    };
    const checker = program.getTypeChecker();
    const out = new Map<string, Set<string>>();
    for (const file of program.getSourceFiles()) {
      if (file.fileName.includes("/node_modules/")) continue;
      const visit = (n: TsNode) => {
        if (ts.isPropertyAccessExpression(n) && n.name) {
          for (const d of checker.getSymbolAtLocation(n.name)?.declarations ?? []) {
            const key = this.#exportsKey(d);
            const from = d.getSourceFile().fileName;
            if (!key || from === file.fileName) continue;
            const at = `${from}#${key.text}`;
            out.set(at, (out.get(at) ?? new Set()).add(file.fileName));
          }
        }
        ts.forEachChild(n, visit as (n: never) => void);
      };
      visit(file as unknown as TsNode);
    }
    this.#readers = out;
    return out;
  }

  /** The unit a top-level statement is: its name, kind, and where the name is. */
  #unitOf(
    file: SourceFile,
    statement: TsNode,
    commonJs: Set<string> | undefined,
  ): { name: string; kind: TsUnit["kind"]; at: number } | undefined {
    const ts = this.#ts;
    const exported =
      (ts.getCombinedModifierFlags(statement) & (ts.ModifierFlags.Export ?? 1)) !== 0;
    const isClass = this.#is(statement, "ClassDeclaration");
    if (isClass || this.#is(statement, "FunctionDeclaration")) {
      const name = statement.name;
      if (!name || !(exported || commonJs?.has(name.text))) return undefined;
      return { name: name.text, kind: isClass ? "class" : "function", at: name.getStart() };
    }
    if (this.#is(statement, "VariableStatement") && exported) {
      const declarations = statement.declarationList?.declarations ?? [];
      const only = declarations.length === 1 ? declarations[0] : undefined;
      // `const`: the declaration list's flags; `let` and `var` are not constants.
      const isConst = /^\s*export\s+(declare\s+)?const\s/.test(
        file.text.slice(statement.getStart(), statement.end),
      );
      if (!only || !this.#is(only.name, "Identifier") || !only.name.text || !isConst)
        return undefined;
      return { name: only.name.text, kind: "const", at: only.name.getStart() };
    }
    // `exports.k = function …` (or a class, an arrow function) in CommonJS.
    const assigned = commonJs && this.#assignment(statement);
    const key = assigned && this.#exportsKey(assigned.left);
    const value = assigned?.right;
    const isClassValue = this.#is(value, "ClassExpression");
    const isFunction = this.#is(value, "FunctionExpression") || this.#is(value, "ArrowFunction");
    if (!key || !(isClassValue || isFunction)) return undefined;
    return { name: key.text, kind: isClassValue ? "class" : "function", at: key.getStart() };
  }

  /** Every exported top-level function, class and `const` of `files` (the project's), with its importers. */
  units(files: readonly string[] = this.files()): TsUnit[] {
    const program = this.#ls.getProgram();
    if (!program) throw new Error("no program");
    const out: TsUnit[] = [];
    for (const rel of files) {
      const file = program.getSourceFile(path.join(this.#root, rel));
      if (!file) continue;
      const commonJs = this.#commonJsExports(file);
      const byName = new Map<string, TsUnit>();
      for (const statement of file.statements) {
        const found = this.#unitOf(file, statement, commonJs);
        if (!found) continue;
        const { name, kind, at } = found;
        const previous = byName.get(name);
        if (previous) {
          previous.end = statement.end; // an overload's implementation
          continue;
        }
        const refs = this.#ls.findReferences(file.fileName, at) ?? [];
        const others = new Set(
          [
            ...refs.flatMap((r) => r.references.map((x) => x.fileName)),
            // A CommonJS export by name (`module.exports.isNothing = isNothing`) is read in
            // other files as a property of the module (`common.isNothing`), which the
            // language service's references of the function do not reach.
            ...(commonJs
              ? (this.#propertyReaders(program).get(`${file.fileName}#${name}`) ?? [])
              : []),
          ].filter((f) => f !== file.fileName),
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

  /**
   * The program of the tree at `root` (a copy of the project) with `extra`
   * settings over the project's, built on the last one of the same tree and
   * settings.
   */
  #program(root: string, extra: Record<string, unknown> = {}): Program {
    const ts = this.#ts;
    const parsed = this.#parse(root);
    const options = { ...parsed.options, ...extra };
    const host = ts.createCompilerHost(options);
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
    const key = `${root}\0${JSON.stringify(extra)}`;
    const old = this.#programs.get(key);
    const program = ts.createProgram({
      rootNames: parsed.fileNames,
      options,
      host,
      ...(old ? { oldProgram: old } : {}),
    });
    this.#programs.set(key, program);
    return program;
  }

  #finding(root: string, d: Diagnostic): Finding {
    return {
      file: d.file ? path.relative(root, d.file.fileName).split(path.sep).join("/") : "",
      code: d.code,
      message: this.#ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    };
  }

  /** What `tsc --noEmit -p <config>` reports for the tree at `root` (a copy of the project). */
  check(root: string): Finding[] {
    const program = this.#program(root);
    return this.#ts.getPreEmitDiagnostics(program).map((d) => this.#finding(root, d));
  }

  /**
   * What TypeScript reports of unused names with `noUnusedLocals` on (its
   * own lint: codes 6133, 6192, 6196, 6198) in `files` (root-relative, those
   * of the program) of the tree at `root`.
   */
  lint(root: string, files: readonly string[]): Finding[] {
    const program = this.#program(root, { noUnusedLocals: true });
    return files.flatMap((rel) => {
      const file = program.getSourceFile(path.join(root, rel));
      if (!file) return [];
      return this.#ts
        .getPreEmitDiagnostics(program, file)
        .filter((d) => d.file === file && UNUSED_CODES.includes(d.code))
        .map((d) => this.#finding(root, d));
    });
  }
}

/** TypeScript's diagnostics of unused names. */
const UNUSED_CODES = [6133, 6192, 6196, 6198];
