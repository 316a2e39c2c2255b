import path from "node:path";

/**
 * The corpus of the move invariant (issue 33): small projects in the shapes
 * real code has, each with a move and the language's own check. Each is
 * correct as written (the test checks the untouched project first).
 */

export interface Shape {
  name: string;
  lang: "ts" | "js" | "py" | "go" | "java" | "rust";
  files: Record<string, string>;
  move: { from: string; name: string; to: string };
  /** JavaScript: scripts run with Node after the move (`*.check.js`); Python: tests outside the import root, run with it on the path. */
  scripts?: string[];
  /** Python: the directories on sys.path, one project each (a `src/` layout), root-relative. */
  importRoots?: string[];
  /** The move is made and follows everything: its receipt names nothing as not followed. */
  followed?: true;
  /** The move is refused (MOVE_BLOCKED), saying this. */
  refused?: string;
  /** The receipt's changes say this (what the move did beyond moving: `made public`). */
  says?: string;
  /** The receipt's `not followed:` says this (what no checker here sees: a typing stub). */
  notFollowed?: string;
}

// The shapes run as Node code: ES2022's declarations, not the browser's (the default lib with
// the DOM's is most of tsc's time on a file this size).
const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "es2022",
    lib: ["es2022"],
    module: "esnext",
    moduleResolution: "bundler",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src", "test"],
});

const TSCONFIG_ALIAS = JSON.stringify({
  compilerOptions: {
    target: "es2022",
    lib: ["es2022"],
    module: "esnext",
    moduleResolution: "bundler",
    strict: true,
    noEmit: true,
    types: [],
    paths: { "@/*": ["./src/*"] },
  },
  include: ["src"],
});

/** ES modules under Node's resolution: relative imports name files with their extension. */
const TSCONFIG_NODE16 = JSON.stringify({
  compilerOptions: {
    target: "es2022",
    lib: ["es2022"],
    module: "node16",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src"],
});

const JSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "es2022",
    lib: ["es2022"],
    module: "nodenext",
    moduleResolution: "nodenext",
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: false,
    // Node's own declarations are checked by their authors, not by each move: tsc checks the
    // project's files alone (the shapes have no .d.ts of their own), a third of its time.
    skipLibCheck: true,
    // Node's own types, from this repository (the projects sit in a temporary directory).
    typeRoots: [path.join(import.meta.dirname, "..", "..", "node_modules", "@types")],
    types: ["node"],
  },
  include: ["lib", "test"],
  exclude: ["test/*.test.js"],
});

/** A package whose .js and .ts files are CommonJS modules (TypeScript's nodenext resolution). */
const PACKAGE_CJS = JSON.stringify({ name: "lib", type: "commonjs" });

const UTIL_TS = `import { join } from "./path-kit";

export function slug(s: string): string {
  return join(s.toLowerCase().split(" "));
}

export function keep(s: string): string {
  return s.trim();
}
`;
const PATH_KIT_TS = `export function join(parts: string[]): string {
  return parts.join("-");
}
`;

export const SHAPES: Shape[] = [
  // TypeScript, ES modules
  {
    name: "ts: named, namespace and type-only importers",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/path-kit.ts": PATH_KIT_TS,
      "src/util.ts": UTIL_TS,
      "src/a.ts": `import { slug, keep } from "./util";\n\nexport const a = slug(keep(" A B "));\n`,
      "src/b.ts": `import * as util from "./util";\n\nexport const b = util.slug("x y");\n`,
      "src/c.ts": `import type { slug } from "./util";\n\nexport type S = typeof slug;\n`,
    },
    move: { from: "src/util.ts", name: "slug", to: "src/text/slug.ts" },
  },
  {
    // citty (bench:real): `vi.spyOn(commandModule, "runCommand")` on the old module's namespace
    // while main.ts, which the test runs, now imports runCommand from the new one: the spy goes
    // on the new module's namespace, which tsc checks the key against.
    name: "ts: a test spies on what moved through the old module's namespace",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/command.ts":
        "export function runCommand(name: string): string {\n  return name.trim();\n}\n\nexport function other(): number {\n  return 1;\n}\n",
      "src/main.ts":
        "import { runCommand } from './command';\n\nexport const main = (): string => runCommand(' x ');\n",
      "test/spy.ts":
        "export function spyOn<T, K extends keyof T>(object: T, key: K): { restore(): void } {\n  const was = object[key];\n  return { restore: () => void (object[key] = was) };\n}\n",
      "test/main.test.ts":
        "import * as commandModule from '../src/command';\nimport { main } from '../src/main';\nimport { spyOn } from './spy';\n\nexport const spied = spyOn(commandModule, 'runCommand');\nexport const both = [main(), commandModule.other(), commandModule.runCommand('y')];\n",
    },
    move: { from: "src/command.ts", name: "runCommand", to: "src/moved/runCommand.ts" },
    followed: true,
    says: "test/main.test.ts: replaces runCommand on src/moved/runCommand.ts's exports, as it did on src/command.ts's",
  },
  {
    // ts-pattern's internals/symbols.ts: `export const matcher = Symbol.for(…)` and, beside it,
    // `export type matcher = typeof matcher`: one name in both spaces, moved together, its
    // namespace importer's reads (a value and a type, beside a local `matcher`) rewritten.
    name: "ts: a value and the type of its name beside it, moved as one, read through a namespace",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/internals/symbols.ts":
        "export const matcher = Symbol.for('matcher');\nexport type matcher = typeof matcher;\n\nexport const unset = Symbol.for('unset');\nexport type unset = typeof unset;\n",
      "src/helpers.ts":
        "import * as symbols from './internals/symbols';\n\nexport type Matchable = { [symbols.matcher]: () => string };\n\nexport const run = (x: Matchable): string => {\n  const matcher = x[symbols.matcher];\n  return matcher();\n};\n\nexport const none: symbols.unset = symbols.unset;\n",
    },
    move: { from: "src/internals/symbols.ts", name: "matcher", to: "src/types/matcher.ts" },
    followed: true,
  },
  {
    // zustand's traditional.ts: `const { useSyncExternalStoreWithSelector } = useSyncExternalStoreExports`
    // declares the name the unit calls. A destructuring declares each name of its pattern: one
    // only the unit reads goes with it, the statement whole, its import too.
    name: "ts: a name declared by destructuring, which only the unit reads, goes with it",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/shim.ts":
        "const shim = {\n  pick<T>(a: T): T {\n    return a;\n  },\n  size: 2,\n};\n\nexport default shim;\n",
      "src/traditional.ts": `import shim from "./shim";

const { pick, size: count } = shim;

/** The slice of a state. */
export function slice<T>(state: T): T {
  return pick(state);
}

export const other = 1;
`,
      "src/use.ts": `import { slice } from "./traditional";\n\nexport const one = slice(1);\n`,
    },
    move: { from: "src/traditional.ts", name: "slice", to: "src/vanilla/slice.ts" },
    followed: true,
  },
  {
    // As above, where the old file still reads the name: it is exported from there and imported.
    name: "ts: a name declared by destructuring, which the old file reads too, is imported from it",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/shim.ts":
        "const shim = {\n  pick<T>(a: T): T {\n    return a;\n  },\n  size: 2,\n};\n\nexport default shim;\n",
      "src/traditional.ts": `import shim from "./shim";

const { pick, size: count } = shim;

/** The slice of a state. */
export function slice<T>(state: T): T {
  return pick(state);
}

export const other = pick(count);
`,
      "src/use.ts": `import { slice } from "./traditional";\n\nexport const one = slice(1);\n`,
    },
    move: { from: "src/traditional.ts", name: "slice", to: "src/vanilla/slice.ts" },
    followed: true,
  },
  {
    // zustand's middleware/subscribeWithSelector.ts: what stays is types and a module
    // augmentation (`declare module '../vanilla' { interface StoreMutators … }`), no import or
    // export. Without one the file is a script: the augmentation is an ambient module with a
    // relative name (TS2436) and the store's interface loses what it added. It stays a module.
    name: "ts: an old file left with a module augmentation and no import or export stays a module",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/vanilla.ts":
        "// eslint-disable-next-line @typescript-eslint/no-unused-vars\nexport interface StoreMutators<S, A> {}\n\nexport type StateCreator<T> = (set: (t: T) => void) => T;\n",
      "src/middleware/sub.ts": `import type { StateCreator } from "../vanilla";

type Write<T, U> = Omit<T, keyof U> & U;

declare module "../vanilla" {
  interface StoreMutators<S, A> {
    sub: Write<S, { more: true }>;
  }
}

/** Subscribes with a selector. */
export const sub = <T>(f: StateCreator<T>): StateCreator<T> => f;
`,
      "src/use.ts": `import { sub } from "./middleware/sub";
import type { StoreMutators } from "./vanilla";

export const s = sub<number>(() => 1);
export type M = StoreMutators<{ a: 1 }, 0>["sub"];
`,
    },
    move: { from: "src/middleware/sub.ts", name: "sub", to: "src/sub.ts" },
    followed: true,
  },
  {
    name: "ts: a default-exported unit and its default importers",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/util.ts": `export default function slug(s: string): string {\n  return s.toLowerCase();\n}\n\nexport function keep(s: string): string {\n  return s;\n}\n`,
      "src/a.ts": `import slug, { keep } from "./util";\n\nexport const a = slug(keep("A"));\n`,
      "src/b.ts": `import makeSlug from "./util";\n\nexport const b = makeSlug("B");\n`,
    },
    move: { from: "src/util.ts", name: "slug", to: "src/text/slug.ts" },
  },
  {
    // yup's NumberSchema: a class and an interface of one name, merged, with a statement between.
    name: "ts: a class merged with an interface moves as one declaration",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/number.ts": `export function create(): NumberSchema {\n  return new NumberSchema();\n}\n\nexport default class NumberSchema {\n  kind = "number";\n}\n\ncreate.prototype = NumberSchema.prototype;\n\n// Its interface\nexport default interface NumberSchema {\n  extra?: number;\n}\n`,
      "src/use.ts": `import NumberSchema, { create } from "./number";\n\nexport const n: NumberSchema = create();\nexport const e: number | undefined = n.extra;\n`,
    },
    move: { from: "src/number.ts", name: "NumberSchema", to: "src/util/NumberSchema.ts" },
    followed: true,
  },
  {
    // yup's TupleSchema: `interface TupleSchema`, then `interface TupleSchemaSpec`, then the class.
    name: "ts: a class merged with an interface, another declaration between them",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/tuple.ts": `export function create(): TupleSchema {\n  return new TupleSchema();\n}\n\nexport default interface TupleSchema {\n  extra?: number;\n}\n\ninterface TupleSpec {\n  size: number;\n}\n\nexport default class TupleSchema {\n  spec: TupleSpec = { size: 2 };\n}\n`,
      "src/use.ts": `import TupleSchema, { create } from "./tuple";\n\nexport const t: TupleSchema = create();\nexport const n: number = t.spec.size + (t.extra ?? 0);\n`,
    },
    move: { from: "src/tuple.ts", name: "TupleSchema", to: "src/util/TupleSchema.ts" },
    followed: true,
  },
  {
    // yup's `create.INVALID_DATE = …`, React's `Button.displayName = …`.
    name: "ts: a function's own properties (expandos) go with it; its prototype stays",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/button.ts": `export function Button(): number {\n  return 1;\n}\nButton.displayName = "Button";\nButton.prototype.kind = "b";\n\nexport const label = (): string => Button.displayName;\n`,
      "src/use.ts": `import { Button } from "./button";\n\nexport const name: string = Button.displayName;\n`,
    },
    move: { from: "src/button.ts", name: "Button", to: "src/ui/button.ts" },
    followed: true,
  },
  {
    // yup's TupleSchema: `class TupleSchema` and `interface TupleSchema` merged; the unit uses it as a value.
    name: "ts: a class merged with an interface, used as a value by the unit",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/tuple.ts": `export type AnyTuple = [unknown, ...unknown[]];\n\nexport function create<T extends AnyTuple>(items: T) {\n  return new TupleSchema<T>(items);\n}\n\nexport default interface TupleSchema<T> {\n  extra?: T;\n}\n\nexport default class TupleSchema<T> {\n  constructor(readonly items: T) {}\n}\n`,
      "src/use.ts": `import { create } from "./tuple";\n\nexport const t = create([1]);\n`,
    },
    move: { from: "src/tuple.ts", name: "create", to: "src/util/create.ts" },
    followed: true,
  },
  {
    name: "ts: a unit using its file's default-exported class",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/schema.ts": `export default class Schema {\n  constructor(readonly name: string) {}\n}\n\nexport function build(name: string): Schema {\n  return new Schema(name);\n}\n`,
      "src/use.ts": `import { build } from "./schema";\n\nexport const s = build("x");\n`,
    },
    move: { from: "src/schema.ts", name: "build", to: "src/make/build.ts" },
  },
  {
    name: "ts: export { x as default } of what moved",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/util.ts": `function slug(s: string): string {\n  return s.toLowerCase();\n}\n\nexport function keep(s: string): string {\n  return s;\n}\n\nexport { slug as default };\n`,
      "src/a.ts": `import slug from "./util";\n\nexport const a = slug("A");\n`,
    },
    move: { from: "src/util.ts", name: "slug", to: "src/text/slug.ts" },
  },
  {
    name: "ts: barrels (export { } from, export * from)",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/path-kit.ts": PATH_KIT_TS,
      "src/util.ts": UTIL_TS,
      "src/index.ts": `export { slug } from "./util";\nexport * from "./path-kit";\n`,
      "src/all.ts": `export * from "./util";\n`,
      "src/use.ts": `import { slug } from "./index";\nimport { keep, slug as s2 } from "./all";\n\nexport const u = slug(keep(s2("a")));\n`,
    },
    move: { from: "src/util.ts", name: "slug", to: "src/text/slug.ts" },
  },
  {
    name: "ts: a path alias (tsconfig paths)",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG_ALIAS,
      "src/lib/format.ts": `export function money(n: number): string {\n  return \`$\${n.toFixed(2)}\`;\n}\n\nexport function pct(n: number): string {\n  return \`\${n * 100}%\`;\n}\n`,
      "src/app/page.ts": `import { money, pct } from "@/lib/format";\n\nexport const page = money(1) + pct(0.5);\n`,
    },
    move: { from: "src/lib/format.ts", name: "money", to: "src/lib/money/money.ts" },
  },
  {
    name: "ts: package.json imports (#lib/…)",
    lang: "ts",
    files: {
      "package.json": JSON.stringify({
        name: "app",
        type: "module",
        imports: { "#lib/*": "./src/lib/*" },
      }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          lib: ["es2022"],
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          types: [],
        },
        include: ["src"],
      }),
      "src/lib/format.ts": `export function money(n: number): string {\n  return n.toFixed(2);\n}\n\nexport function pct(n: number): string {\n  return String(n);\n}\n`,
      "src/app/page.ts": `import { money, pct } from "#lib/format.js";\n\nexport const page = money(1) + pct(0.5);\n`,
    },
    move: { from: "src/lib/format.ts", name: "money", to: "src/money/money.ts" },
  },
  {
    name: "ts: a namespace import passed on: the old file re-exports what moved",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/store.ts": `export class Cart {\n  static empty(): Cart {\n    return new Cart();\n  }\n}\n\nexport function load(): string {\n  return "loaded";\n}\n`,
      "src/api.ts": `import * as store from "./store";\n\nexport const api = { store };\nexport const fresh = () => store.Cart.empty();\n`,
      "test/api.test.ts": `import { api } from "../src/api";\n\nexport const made: object = api.store.Cart.empty();\n`,
    },
    move: { from: "src/store.ts", name: "Cart", to: "src/cart/cart.ts" },
  },
  {
    // pathe's index.ts: `new Proxy(_path, …)` over `import * as _path`, and `extname` taking its
    // private `_EXTNAME_RE` along. The old file re-exports what it exported (`extname`), not the
    // private declaration, which the new file does not export (TS2459 otherwise).
    name: "ts: a namespace import passed on, and a private declaration taken along: the old file re-exports only what it exported",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/path.ts": `const EXT_RE = /.(\\.[^./]+|\\.)$/;\n\nexport const extname = (p: string): string => EXT_RE.exec(p)?.[1] ?? "";\n\nexport const basename = (p: string): string => p.split("/").pop() ?? "";\n`,
      "src/index.ts": `import * as _path from "./path";\n\nexport * from "./path";\n\nexport const posix = new Proxy(_path, {\n  get(target, prop) {\n    return target[prop as keyof typeof target];\n  },\n});\n`,
    },
    move: { from: "src/path.ts", name: "extname", to: "src/moved/extname.ts" },
    followed: true,
  },
  {
    // superjson's index.ts: `export default class SuperJSON`, imported as `import SuperJSON from
    // './index.js'` (node16 resolution asks for the extension). The importers spelling the index
    // by its own name were not found, and the build guard did not check them (TS1192).
    name: "ts: the default export of an index, imported by its own name (./index.js)",
    lang: "ts",
    files: {
      "package.json": JSON.stringify({ name: "lib", type: "module" }),
      "tsconfig.json": TSCONFIG_NODE16,
      "src/index.ts": `import { helper } from './util.js';\n\nexport default class Box {\n  value = helper(1);\n  static make(): Box {\n    return new Box();\n  }\n}\n\nexport const make = Box.make;\n`,
      "src/util.ts": `export function helper(n: number): number {\n  return n + 1;\n}\n`,
      "src/a.ts": `import Box from './index.js';\n\nexport const one = new Box();\n`,
      "src/b.ts": `import Box from './index.js';\n\nexport function size(box: Box): number {\n  return box.value;\n}\n`,
    },
    move: { from: "src/index.ts", name: "Box", to: "src/moved/Box.ts" },
    followed: true,
  },
  {
    // superjson's index.ts is its package's entry (`exports` names dist/index.js): what moved out
    // of it, its default export, is re-exported there for the code importing the package.
    name: "ts: the default export of a package's entry: the entry goes on exporting it",
    lang: "ts",
    files: {
      "package.json": JSON.stringify({
        name: "lib",
        type: "module",
        exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      }),
      "tsconfig.json": TSCONFIG_NODE16,
      "src/index.ts": `export default class Box {\n  static make(): Box {\n    return new Box();\n  }\n}\n\nexport const make = Box.make;\n`,
      "src/a.ts": `import Box from './index.js';\n\nexport const one = new Box();\n`,
    },
    move: { from: "src/index.ts", name: "Box", to: "src/moved/Box.ts" },
    followed: true,
    says: "src/index.ts: re-exports default from src/moved/Box.ts, for code importing the package",
  },
  {
    // A package's entry keeps a moved interface exported as a type: `isolatedModules` refuses a
    // re-export of a type without `type` (TS1205).
    name: "ts: an interface out of a package's entry, under isolatedModules: re-exported as a type",
    lang: "ts",
    files: {
      "package.json": JSON.stringify({
        name: "lib",
        main: "./dist/index.js",
        types: "./dist/index.d.ts",
      }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          lib: ["es2022"],
          module: "esnext",
          moduleResolution: "bundler",
          isolatedModules: true,
          strict: true,
          noEmit: true,
          types: [],
        },
        include: ["src"],
      }),
      "src/index.ts": `export interface Options {\n  strict: boolean;\n}\n\nexport function run(options: Options): boolean {\n  return options.strict;\n}\n`,
    },
    move: { from: "src/index.ts", name: "Options", to: "src/options.ts" },
    followed: true,
    says: "src/index.ts: re-exports Options from src/options.ts",
  },
  {
    // superjson's is.ts, which imports nothing: under node16 resolution in a package of ES
    // modules, the import back of what moved named no extension (TS2835).
    name: "ts: a file with no import of its own, under node16 resolution: its import back names the extension",
    lang: "ts",
    files: {
      "package.json": JSON.stringify({ name: "lib", type: "module" }),
      "tsconfig.json": TSCONFIG_NODE16,
      "src/is.ts": `export const isString = (value: unknown): value is string => typeof value === 'string';\n\nexport const isEmptyString = (value: unknown): boolean => isString(value) && value === '';\n`,
    },
    move: { from: "src/is.ts", name: "isString", to: "src/moved/isString.ts" },
    followed: true,
  },
  {
    name: "ts: module paths in strings (vi.mock, jest.mock, import())",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/path-kit.ts": PATH_KIT_TS,
      "src/util.ts": UTIL_TS,
      "src/lazy.ts": `export async function lazySlug(s: string): Promise<string> {\n  const m = await import("./util");\n  return m.slug(s);\n}\n`,
      "test/util.test.ts": `declare const vi: { mock(path: string, factory?: () => unknown): void };\nvi.mock("../src/util", () => ({ slug: () => "mocked" }));\n\nexport {};\n`,
    },
    move: { from: "src/util.ts", name: "slug", to: "src/text/slug.ts" },
  },
  {
    name: "ts: import x = require() of an export = module",
    lang: "ts",
    files: {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          lib: ["es2022"],
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          types: [],
        },
        include: ["src"],
      }),
      "package.json": PACKAGE_CJS,
      "src/util.ts": `function slug(s: string): string {\n  return s.toLowerCase();\n}\n\nfunction keep(s: string): string {\n  return s;\n}\n\nexport = { slug, keep };\n`,
      "src/a.ts": `import util = require("./util");\n\nexport const a = util.slug(util.keep("A"));\n`,
    },
    move: { from: "src/util.ts", name: "slug", to: "src/text/slug.ts" },
  },
  {
    name: "ts: a local declared class the unit's signature uses",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/model.ts": `declare abstract class Local {\n  abstract name(): string;\n}\n\nexport function describe(x: Local): string {\n  return x.name();\n}\n\nexport const VERSION = 1;\n`,
      "src/use.ts": `import { describe } from "./model";\n\nexport const d = describe;\n`,
    },
    move: { from: "src/model.ts", name: "describe", to: "src/view/describe.ts" },
  },
  {
    // neverthrow's `export const fromThrowable = Result.fromThrowable`: Result is a namespace
    // merged with a type alias, a value the new file imports as one.
    name: "ts: a unit reading a namespace merged with a type alias",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/result.ts": `export namespace Result {\n  export function fromThrowable<T>(fn: () => T): () => T | undefined {\n    return () => {\n      try {\n        return fn();\n      } catch {\n        return undefined;\n      }\n    };\n  }\n}\n\nexport type Result<T> = T | undefined;\n\nexport const fromThrowable = Result.fromThrowable;\n`,
      "src/use.ts": `import { fromThrowable, type Result } from "./result";\n\nexport const safe: () => Result<number> = fromThrowable(() => 1);\n`,
    },
    move: { from: "src/result.ts", name: "fromThrowable", to: "src/util/from-throwable.ts" },
    followed: true,
  },
  {
    // query-core's TimeoutManager: its old file makes `timeoutManager = new TimeoutManager()`
    // as it loads, and the class reads that file's provider; every other file imports the class
    // as a type, so only the old file loads the new one, after its own bindings.
    name: "ts: a unit its old file reads as it loads, which other files import as a type alone",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/timeout.ts": `export const defaultProvider = { set: (f: () => void) => f() };\n\nexport class TimeoutManager {\n  run(f: () => void): void {\n    defaultProvider.set(f);\n  }\n}\n\nexport const timeoutManager = new TimeoutManager();\n`,
      "src/index.ts": `export { timeoutManager } from "./timeout";\nexport type { TimeoutManager } from "./timeout";\n`,
      "src/use.ts": `import { type TimeoutManager, timeoutManager } from "./timeout";\n\nexport const m: TimeoutManager = timeoutManager;\n`,
    },
    move: { from: "src/timeout.ts", name: "TimeoutManager", to: "src/moved/timeout-manager.ts" },
    followed: true,
  },
  {
    name: "ts: a private type only the unit uses, and a private helper",
    lang: "ts",
    files: {
      "tsconfig.json": TSCONFIG,
      "src/button.ts": `interface ButtonProps {\n  label: string;\n}\n\nfunction pad(s: string): string {\n  return \` \${s} \`;\n}\n\nexport function Button(props: ButtonProps): string {\n  return pad(props.label);\n}\n\nexport function Link(label: string): string {\n  return pad(label);\n}\n`,
      "src/page.ts": `import { Button, Link } from "./button";\n\nexport const page = Button({ label: "ok" }) + Link("x");\n`,
    },
    move: { from: "src/button.ts", name: "Button", to: "src/ui/button.ts" },
  },
  {
    // With declaration files on, a moved value's type must be nameable from its new file:
    // what its old file exports for it names only exported types.
    name: "ts: with declarations, what the unit reads of its old file is exported with the private types its type names, inferred too (TS4023, TS4025, TS4060)",
    lang: "ts",
    files: {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "es2022",
          lib: ["es2022"],
          module: "esnext",
          moduleResolution: "bundler",
          strict: true,
          declaration: true,
          emitDeclarationOnly: true,
          outDir: "out",
          types: [],
        },
        include: ["src"],
      }),
      "src/options.ts": `interface Options {
  retries: number;
}

interface Shown {
  text: string;
}

type Level = "quiet" | "loud";

const base: Options = { retries: 3 };

function show(n: number) {
  return { text: String(n) } as Shown;
}

/** What every run starts from. */
export const defaults = { ...base, verbose: false, shown: show(base.retries) };

export function retries(level: Level): number {
  return show(level === "loud" ? base.retries * 2 : base.retries).text.length;
}
`,
      "src/main.ts": `import { defaults, retries } from "./options";

export const plan = [defaults.retries, retries("loud")];
`,
    },
    move: { from: "src/options.ts", name: "defaults", to: "src/defaults.ts" },
  },
  // JavaScript, CommonJS
  {
    name: "js: a CommonJS module and its require importers",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/util.js": `'use strict';\n\nconst path = require('path');\n\nfunction slug(s) {\n  return path.basename(s).toLowerCase();\n}\n\nfunction keep(s) {\n  return s;\n}\n\nmodule.exports = { slug, keep };\n`,
      "lib/a.js": `'use strict';\n\nconst { slug, keep } = require('./util');\n\nmodule.exports = function a() {\n  return slug(keep('A'));\n};\n`,
      "lib/b.js": `'use strict';\n\nconst util = require('./util');\n\nexports.b = function b() {\n  return util.slug('B');\n};\n`,
      "test/util.check.js": `'use strict';\n\nconst assert = require('assert');\nconst a = require('../lib/a');\nconst { b } = require('../lib/b');\n\nassert.strictEqual(a(), 'a');\nassert.strictEqual(b(), 'b');\n`,
    },
    move: { from: "lib/util.js", name: "slug", to: "lib/text/slug.js" },
    scripts: ["test/util.check.js"],
  },
  {
    name: "js: exports.x = function units",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/util.js": `'use strict';\n\nexports.slug = function (s) {\n  return s.toLowerCase();\n};\n\nexports.keep = function (s) {\n  return s;\n};\n`,
      "lib/a.js": `'use strict';\n\nconst util = require('./util');\n\nmodule.exports.a = () => util.slug(util.keep('A'));\n`,
      "test/a.check.js": `'use strict';\n\nconst assert = require('assert');\nassert.strictEqual(require('../lib/a').a(), 'a');\n`,
    },
    move: { from: "lib/util.js", name: "slug", to: "lib/text/slug.js" },
    scripts: ["test/a.check.js"],
  },
  {
    name: "js: a require cycle, exports.x reads in the unit, inline and property requires, a jest.mock",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/util.js": `'use strict';\n\nfunction pad(s) {\n  return \` \${s} \`;\n}\n\nfunction slug(s) {\n  return pad(exports.keep(s)).trim().toLowerCase();\n}\n\nfunction title(s) {\n  return slug(s).toUpperCase();\n}\n\nmodule.exports.keep = function (s) {\n  return s;\n};\nmodule.exports.slug = slug;\nmodule.exports.title = title;\n`,
      "lib/a.js": `'use strict';\n\nconst slug = require('./util').slug;\n\nmodule.exports = () => slug('A') + require('./util').slug('B');\n`,
      "test/a.check.js": `'use strict';\n\nconst assert = require('assert');\nconst { title } = require('../lib/util');\n\nassert.strictEqual(require('../lib/a')(), 'ab');\nassert.strictEqual(title('x'), 'X');\n`,
      "test/mock.test.js": `'use strict';\n\njest.mock('../lib/util', () => ({ slug: () => 'mocked' }));\n`,
    },
    move: { from: "lib/util.js", name: "slug", to: "lib/text/slug.js" },
    scripts: ["test/a.check.js"],
  },
  {
    // citty's tests (bench:real) replace an export on the module object (`vi.spyOn(commandModule,
    // "runCommand")`, sinon's `stub(util, "slug")`): the object that holds it now is the new
    // file's exports, and the test's reads of it stay reads off that object, where the stand-in is.
    name: "js: a test replaces what moved on the old file's exports (a stub by object and key)",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/util.js": `'use strict';\n\nfunction slug(s) {\n  return s.toLowerCase();\n}\n\nfunction keep(s) {\n  return s;\n}\n\nmodule.exports = { slug, keep };\n`,
      "test/stub.js": `'use strict';\n\n/** Replaces \`object[key]\` with \`fn\`; returns what puts it back. */\nmodule.exports = function stub(object, key, fn) {\n  const was = object[key];\n  object[key] = fn;\n  return () => {\n    object[key] = was;\n  };\n};\n`,
      "test/util.check.js": `'use strict';\n\nconst assert = require('assert');\nconst stub = require('./stub');\nconst util = require('../lib/util');\n\nconst undo = stub(util, 'slug', () => 'stubbed');\nassert.strictEqual(util.slug('X'), 'stubbed');\nassert.strictEqual(util.keep('K'), 'K');\nundo();\nassert.strictEqual(util.slug('X'), 'x');\n`,
    },
    move: { from: "lib/util.js", name: "slug", to: "lib/text/slug.js" },
    scripts: ["test/util.check.js"],
    followed: true,
    says: "test/util.check.js: replaces slug on lib/text/slug.js's exports, as it did on lib/util.js's",
  },
  {
    // mocha's own tests (bench:real): rewiremock.proxy(module, {"<path>": stub}), proxyquire's stubs.
    name: "js: a module map of stubs (rewiremock.proxy) that stands in for the old file",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/serializer.js": `'use strict';\n\nfunction serialize(v) {\n  return JSON.stringify(v);\n}\n\nfunction deserialize(s) {\n  return JSON.parse(s);\n}\n\nmodule.exports = { serialize, deserialize };\n`,
      "lib/pool.js": `'use strict';\n\nconst { deserialize } = require('./serializer');\n\nexports.run = (s) => deserialize(s);\n`,
      // Loads `target` with the modules a map names (paths from this file's directory) replaced.
      "test/proxy.js": `'use strict';\n\nconst Module = /** @type {any} */ (require('module'));\nconst path = require('path');\n\nmodule.exports = function proxy(dir, target, stubs) {\n  const byFile = new Map(Object.entries(stubs).map(([k, v]) => [require.resolve(path.join(dir, k)), v]));\n  const load = Module._load;\n  Module._load = function (request, parent, isMain) {\n    const file = Module._resolveFilename(request, parent, isMain);\n    return byFile.has(file) ? byFile.get(file) : load.apply(this, arguments);\n  };\n  try {\n    const file = require.resolve(path.join(dir, target));\n    delete require.cache[file];\n    return require(file);\n  } finally {\n    Module._load = load;\n  }\n};\n`,
      "test/pool.check.js": `'use strict';\n\nconst assert = require('assert');\nconst proxy = require('./proxy');\n\nconst serializer = { deserialize: () => 'stubbed' };\nconst pool = proxy(__dirname, '../lib/pool', {\n  '../lib/serializer': serializer,\n});\nassert.strictEqual(pool.run('1'), 'stubbed');\nconst inline = proxy(__dirname, '../lib/pool', { '../lib/serializer': { deserialize: () => 'inline' } });\nassert.strictEqual(inline.run('1'), 'inline');\n`,
    },
    move: { from: "lib/serializer.js", name: "deserialize", to: "lib/wire/deserialize.js" },
    scripts: ["test/pool.check.js"],
  },
  {
    // mocha (bench:real): `exports.utils = utils` passes the module on; a test loads it through a proxy.
    name: "js: a module object passed on, and one a test loads by path: the old file re-exports",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/utils.js": `'use strict';\n\nexports.noop = function () {};\n\nexports.isNumeric = (input) => !isNaN(parseFloat(input));\n`,
      "lib/index.js": `'use strict';\n\nconst utils = require('./utils');\n\nexports.utils = utils;\nexports.run = () => utils.noop();\n`,
      "test/load.js": `'use strict';\n\nconst path = require('path');\n\nmodule.exports = (dir, file) => require(path.join(dir, file));\n`,
      "test/index.check.js": `'use strict';\n\nconst assert = require('assert');\nconst load = require('./load');\n\nassert.strictEqual(require('../lib/index').utils.noop(), undefined);\nconst utils = load(__dirname, '../lib/utils');\nassert.strictEqual(utils.noop(), undefined);\n`,
    },
    move: { from: "lib/utils.js", name: "noop", to: "lib/fn/noop.js" },
    scripts: ["test/index.check.js"],
  },
  {
    // js-yaml's dumper.js: `dump` builds a `State`, which reads `QUOTING_TYPE_SINGLE` of `var
    // QUOTING_TYPE_SINGLE = 1, QUOTING_TYPE_DOUBLE = 2;`, and the old file still reads the other
    // name. The statement stays whole (both names exported for the new file); the new file
    // requires the way the old one does (`var`).
    name: "js: a helper declared in one statement with a name the old file still reads",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/dumper.js": `'use strict';\n\nvar common = require('./common');\n\nvar QUOTING_TYPE_SINGLE = 1,\n    QUOTING_TYPE_DOUBLE = 2;\n\nfunction State(options) {\n  this.quoting = options.double ? QUOTING_TYPE_DOUBLE : QUOTING_TYPE_SINGLE;\n}\n\nfunction quote(state, s) {\n  return state.quoting === QUOTING_TYPE_DOUBLE ? '"' + s + '"' : common.single(s);\n}\n\nfunction dump(input, options) {\n  var state = new State(options || {});\n  return quote(state, String(input));\n}\n\nmodule.exports.dump = dump;\nmodule.exports.quote = quote;\n`,
      "lib/common.js": `'use strict';\n\nfunction single(s) {\n  return "'" + s + "'";\n}\n\nmodule.exports.single = single;\n`,
      "index.js": `'use strict';\n\nvar dumper = require('./lib/dumper');\n\nmodule.exports.dump = dumper.dump;\n`,
      "test/dump.check.js": `'use strict';\n\nvar assert = require('assert');\nvar yaml = require('..');\n\nassert.strictEqual(yaml.dump(1), "'1'");\nassert.strictEqual(yaml.dump(2, { double: true }), '"2"');\n`,
    },
    move: { from: "lib/dumper.js", name: "dump", to: "lib/type/dump.js" },
    scripts: ["test/dump.check.js"],
    says: "requires QUOTING_TYPE_SINGLE, QUOTING_TYPE_DOUBLE",
    followed: true,
  },
  {
    // mocha's esm-utils (bench:real): the unit reads exports.k back, a test passes the module on,
    // another stubs it through rewiremock's (r) => ({…}) map.
    name: "js: a re-export the new file's require back would cycle, and a module map an arrow returns",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/esm.js": `'use strict';\n\nconst path = require('path');\n\nexports.doImport = async (f) => path.basename(f) + '!';\n\nexports.loadAll = async (files) => {\n  const out = [];\n  for (const f of files) out.push(await exports.doImport(f));\n  return out;\n};\n`,
      "lib/mocha.js": `'use strict';\n\nconst esm = require('./esm');\n\nexports.run = (files) => esm.loadAll(files);\n`,
      "test/proxy.js": `'use strict';\n\nconst Module = /** @type {any} */ (require('module'));\nconst path = require('path');\n\nmodule.exports = function proxy(dir, target, map) {\n  const stubs = map(null);\n  const byFile = new Map(Object.entries(stubs).map(([k, v]) => [require.resolve(path.join(dir, k)), v]));\n  const load = Module._load;\n  Module._load = function (request, parent, isMain) {\n    const file = Module._resolveFilename(request, parent, isMain);\n    return byFile.has(file) ? byFile.get(file) : load.apply(this, arguments);\n  };\n  try {\n    const file = require.resolve(path.join(dir, target));\n    delete require.cache[file];\n    return require(file);\n  } finally {\n    Module._load = load;\n  }\n};\n`,
      "test/esm.check.js": `'use strict';\n\nconst assert = require('assert');\nconst proxy = require('./proxy');\nconst esm = require('../lib/esm');\n\nconst keep = (m) => m;\nkeep(esm);\nconst stubs = { esm: { loadAll: async () => ['stubbed'] } };\nconst mocha = proxy(__dirname, '../lib/mocha', (r) => ({\n  '../lib/esm': stubs.esm,\n}));\n(async () => {\n  assert.deepStrictEqual(await esm.loadAll(['/a/x']), ['x!']);\n  assert.deepStrictEqual(await mocha.run(['y']), ['stubbed']);\n})().catch((e) => {\n  console.error(e);\n  process.exit(1);\n});\n`,
    },
    move: { from: "lib/esm.js", name: "loadAll", to: "lib/load/all.js" },
    scripts: ["test/esm.check.js"],
    followed: true,
  },
  {
    // mocha's serializer (bench:real): SerializableEvent reads a const only it uses; the old
    // file's other class and its exports read the unit back.
    name: "js: a private const only the unit uses goes with it, where requiring it back would cycle",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/serializer.js": `/**\n * Serialization.\n */\n\n'use strict';\n\nconst TYPES = new Set(['object']);\n\nclass Event {\n  static ok(v) {\n    return TYPES.has(typeof v);\n  }\n}\n\nclass Result {\n  check(v) {\n    return Event.ok(v);\n  }\n}\n\nexports.Event = Event;\nexports.Result = Result;\n`,
      "test/ser.check.js": `'use strict';\n\nconst assert = require('assert');\nconst { Event, Result } = require('../lib/serializer');\n\nassert.strictEqual(Event.ok({}), true);\nassert.strictEqual(new Result().check(1), false);\n`,
    },
    move: { from: "lib/serializer.js", name: "Event", to: "lib/wire/event.js" },
    scripts: ["test/ser.check.js"],
    followed: true,
  },
  {
    // morphic's r2-client test (bench:real): `const { wipe } = await load()`, load() importing the old file.
    name: "js: a test reads the unit off a dynamic import of the old file: the old file re-exports it",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/store.mjs":
        "export async function wipe(prefix) {\n  return 'wiped ' + prefix;\n}\n\nexport function keep() {\n  return 1;\n}\n",
      "lib/app.mjs": "import { wipe } from './store.mjs';\n\nexport const run = () => wipe('a');\n",
      "test/store.check.mjs":
        "import assert from 'node:assert';\n\nasync function load() {\n  return import('../lib/store.mjs');\n}\n\nconst { wipe } = await load();\nassert.strictEqual(await wipe('x'), 'wiped x');\n",
    },
    move: { from: "lib/store.mjs", name: "wipe", to: "lib/auth/wipe.mjs" },
    scripts: ["test/store.check.mjs"],
    followed: true,
  },
  {
    // mobx's autoAction: `createActionFactory(true)` returns a closure that reads a const later.
    name: "js: a const a factory of the old file makes as it loads, whose closure reads that file later",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/action.mjs":
        "const NAME = 'auto';\n\nfunction factory(flag) {\n  return () => (flag ? NAME : '');\n}\n\nexport const plain = factory(false);\nexport const auto = factory(true);\nexport const both = () => [plain(), auto()];\n",
      "test/action.check.mjs":
        "import assert from 'node:assert';\nimport { both } from '../lib/action.mjs';\n\nassert.deepStrictEqual(both(), ['', 'auto']);\n",
    },
    move: { from: "lib/action.mjs", name: "auto", to: "lib/api/auto.mjs" },
    scripts: ["test/action.check.mjs"],
    followed: true,
  },
  {
    // yup's DateSchema: `static INVALID_DATE = invalidDate`, a private `let` of its old file, which
    // imports the class back and sets `create.prototype = DateSchema.prototype` as it loads.
    name: "js: a private let the unit reads as it loads goes with it and is imported back",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/date.mjs":
        "let invalid = new Date('');\n\nexport function create() {\n  return new DateSchema();\n}\n\nexport class DateSchema {\n  static INVALID = invalid;\n}\n\ncreate.prototype = DateSchema.prototype;\n\nexport const isInvalid = (d) => String(d) === String(invalid);\n",
      "test/date.check.mjs":
        "import assert from 'node:assert';\nimport { create, isInvalid } from '../lib/date.mjs';\n\nassert.ok(isInvalid(new Date('')));\nassert.ok(create() instanceof create);\n",
    },
    move: { from: "lib/date.mjs", name: "DateSchema", to: "lib/schema/date.mjs" },
    scripts: ["test/date.check.mjs"],
    followed: true,
  },
  {
    // neverthrow's ResultAsync (bench:real): result-async.ts sets `fromPromise =
    // ResultAsync.fromPromise` as it loads, and the class calls errAsync of that file. utils
    // imports the class first: moved, the new file would run the old one before the class is
    // defined.
    name: "js: a unit its old file reads as it loads, which reads that file's functions when it runs",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/result-async.mjs":
        "export function errAsync(e) {\n  return new ResultAsync(Promise.resolve(e));\n}\n\nexport class ResultAsync {\n  constructor(p) {\n    this.p = p;\n  }\n\n  static fromPromise(p) {\n    return new ResultAsync(p);\n  }\n\n  orElse() {\n    return errAsync(1);\n  }\n}\n\nexport const fromPromise = ResultAsync.fromPromise;\n",
      "lib/utils.mjs":
        "import { ResultAsync } from './result-async.mjs';\n\nexport const wrap = (p) => new ResultAsync(p);\n",
      "lib/index.mjs":
        "import { wrap } from './utils.mjs';\n\nexport { fromPromise } from './result-async.mjs';\nexport { wrap };\n",
      "test/index.check.mjs":
        "import assert from 'node:assert';\nimport { fromPromise, wrap } from '../lib/index.mjs';\n\nassert.ok(wrap(Promise.resolve(1)).orElse().p);\nassert.ok(fromPromise(Promise.resolve(1)).p);\n",
    },
    move: {
      from: "lib/result-async.mjs",
      name: "ResultAsync",
      to: "lib/internals/result-async.mjs",
    },
    scripts: ["test/index.check.mjs"],
    refused: "before the unit is defined",
  },
  {
    // fp-ts' ReaderTask Monad (bench:real): an instance object built from its file's consts as
    // it loads, which another file reads through that file's namespace (`RT.Monad`) and passes
    // the namespace on: the old file would re-export it from the new one and load it before its
    // own consts are set.
    name: "js: a unit that reads its old file's consts as it loads, which an importer reads through the old file's namespace",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/task.mjs":
        "export const URI = 'Task';\n\nexport const of = (a) => () => a;\n\nexport const Monad = { URI, of };\n",
      "lib/either.mjs":
        "import * as T from './task.mjs';\n\nexport const lift = (a) => T.Monad.of(a);\n\nexport const modules = [T];\n",
      "test/either.check.mjs":
        "import assert from 'node:assert';\nimport { lift } from '../lib/either.mjs';\nimport { URI } from '../lib/task.mjs';\n\nassert.strictEqual(lift(1)(), 1);\nassert.strictEqual(URI, 'Task');\n",
    },
    move: { from: "lib/task.mjs", name: "Monad", to: "lib/instances/monad.mjs" },
    scripts: ["test/either.check.mjs"],
    refused: "would re-export Monad from it",
  },
  {
    // mobx's autoAction: api/action.ts reads it as it loads, and internal.ts, which every file
    // imports from, re-exports that file before the new one: the old file always loads first.
    name: "js: a unit its old file reads as it loads, loaded through a barrel that loads the old file first",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/action.mjs":
        "export function createFactory(auto) {\n  return (fn) => () => (auto ? fn() + 1 : fn());\n}\n\nexport const action = createFactory(false);\n\nexport const autoAction = createFactory(true);\n\nexport const both = [action, autoAction];\n",
      "lib/internal.mjs": "export * from './action.mjs';\n",
      "lib/index.mjs": "export { action, autoAction, both } from './internal.mjs';\n",
      "test/index.check.mjs":
        "import assert from 'node:assert';\nimport { autoAction, both } from '../lib/index.mjs';\n\nassert.strictEqual(autoAction(() => 1)(), 2);\nassert.strictEqual(both[1], autoAction);\n",
    },
    move: { from: "lib/action.mjs", name: "autoAction", to: "lib/types/auto-action.mjs" },
    scripts: ["test/index.check.mjs"],
    followed: true,
  },
  {
    // yup's tuple.ts create: `create.prototype = TupleSchema.prototype` as the old file loads;
    // its type tests import yup's index, which loads tuple.ts, before importing create itself.
    name: "js: a unit its old file reads as it loads, imported directly after a barrel that loads the old file",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/tuple.mjs":
        "export class TupleSchema {\n  constructor(t) {\n    this.t = t;\n  }\n}\n\nexport function create(t) {\n  return new TupleSchema(t);\n}\n\ncreate.prototype = TupleSchema.prototype;\n",
      "lib/index.mjs": "export { TupleSchema, create } from './tuple.mjs';\n",
      "test/types.check.mjs":
        "import assert from 'node:assert';\nimport { TupleSchema } from '../lib/index.mjs';\nimport { create } from '../lib/tuple.mjs';\n\nassert.ok(create([1]) instanceof TupleSchema);\n",
    },
    move: { from: "lib/tuple.mjs", name: "create", to: "lib/util/create.mjs" },
    scripts: ["test/types.check.mjs"],
    followed: true,
  },
  {
    // hono's jsx/base.ts: `import * as intrinsicElementTags from './intrinsic-element/components'`,
    // then `intrinsicElementTags[tag]`, never naming a tag: the old file goes on exporting it.
    name: "js: a namespace import indexed by a computed key: the old file re-exports what moved",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/tags.mjs":
        "export const div = (body) => '<div>' + body + '</div>';\n\nexport const button = (body) => '<button>' + body + '</button>';\n",
      "lib/render.mjs":
        "import * as tags from './tags.mjs';\n\nexport function render(tag, body) {\n  const make = tags[tag];\n  return make ? make(body) : body;\n}\n",
      "test/render.check.mjs":
        "import assert from 'node:assert';\nimport { render } from '../lib/render.mjs';\n\nassert.strictEqual(render('button', 'ok'), '<button>ok</button>');\n",
    },
    move: { from: "lib/tags.mjs", name: "button", to: "lib/form/button.mjs" },
    scripts: ["test/render.check.mjs"],
    says: "re-exports button from lib/form/button.mjs, for lib/render.mjs",
  },
  {
    name: "js: a required module object indexed by a computed key: the old file re-exports what moved",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/tags.js":
        "'use strict';\n\nexports.div = (body) => '<div>' + body + '</div>';\n\nexports.button = (body) => '<button>' + body + '</button>';\n",
      "lib/render.js":
        "'use strict';\n\nconst tags = require('./tags');\n\nexports.render = (tag, body) => {\n  const make = /** @type {Record<string, (b: string) => string>} */ (tags)[tag];\n  return make ? make(body) : body;\n};\n",
      "test/render.check.js":
        "'use strict';\n\nconst assert = require('assert');\nconst { render } = require('../lib/render');\n\nassert.strictEqual(render('button', 'ok'), '<button>ok</button>');\n",
    },
    move: { from: "lib/tags.js", name: "button", to: "lib/form/button.js" },
    scripts: ["test/render.check.js"],
    says: "re-exports button from lib/form/button.js, for lib/render.js",
  },
  {
    // morphic's cap-historical-attachments (bench:real): the unit computes a const from a
    // function of its old file as it loads, and the old file uses the unit.
    name: "js: a const the new file would compute from the old file as it loads, imported back",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/limits.mjs":
        "export const DEFAULT = 10;\n\nexport function parse(raw) {\n  return raw ? Number(raw) : DEFAULT;\n}\n\nexport const LIMIT = parse(process.env.NO_SUCH_LIMIT);\n\nexport function cap(list) {\n  return list.slice(0, LIMIT);\n}\n",
      "test/limits.check.mjs":
        "import assert from 'node:assert';\nimport { cap } from '../lib/limits.mjs';\n\nassert.strictEqual(cap([1, 2]).length, 2);\n",
    },
    move: { from: "lib/limits.mjs", name: "LIMIT", to: "lib/env/limit.mjs" },
    scripts: ["test/limits.check.mjs"],
  },
  {
    // mocha's loadFilesAsync: `exports.requireOrImport` is set in an if/else; read through the
    // module from the new file, mocha's checkJs types it as possibly undefined (TS18048, seen
    // by bench:real): the receipt names it.
    name: "js: a unit reading an export its old file sets only under a condition",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      // mocha checks its JavaScript strictly.
      "tsconfig.json": JSCONFIG.replace('"strict":false', '"strict":false,"strictNullChecks":true'),
      "lib/esm.js": `'use strict';\n\nif (process.env.NO_SUCH_FLAG) {\n  exports.load = (f) => \`a\${f}\`;\n} else {\n  exports.load = (f) => \`b\${f}\`;\n}\n\nexports.loadAll = (files) => files.map((f) => exports.load(f));\n`,
      "test/esm.check.js":
        "const assert = require('node:assert');\nconst { loadAll } = require('../lib/esm');\n\nassert.deepStrictEqual(loadAll(['x']), ['bx']);\n",
    },
    move: { from: "lib/esm.js", name: "loadAll", to: "lib/cli/loadAll.js" },
    scripts: ["test/esm.check.js"],
  },
  {
    // mocha's watchRun: `const Mocha = require("../mocha")` inside the function.
    name: "js: the unit's own require of a relative path is rewritten for its new place",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/mocha.js": `'use strict';\n\nmodule.exports = function Mocha() {\n  return 'm';\n};\n`,
      "lib/cli/watch.js": `'use strict';\n\nexports.watchRun = () => {\n  const Mocha = require('../mocha');\n  return Mocha();\n};\n\nexports.keep = () => 1;\n`,
      "test/watch.check.js": `'use strict';\n\nconst assert = require('assert');\nconst { watchRun } = require('../lib/cli/watch');\n\nassert.strictEqual(watchRun(), 'm');\n`,
    },
    move: { from: "lib/cli/watch.js", name: "watchRun", to: "lib/nodejs/reporters/watch-run.js" },
    scripts: ["test/watch.check.js"],
    followed: true,
  },
  {
    // mocha's run-option-metadata: ALL_MOCHA_FLAGS, only the unit's, reads exports.aliases.
    name: "js: a private const only the unit uses stays where it reads its file's exports",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/meta.js": `'use strict';\n\nexports.aliases = { r: ['recursive'] };\n\nconst ALL = new Set(Object.keys(exports.aliases));\n\nexports.isFlag = (f) => ALL.has(f);\n`,
      "test/meta.check.js": `'use strict';\n\nconst assert = require('assert');\nconst { isFlag } = require('../lib/meta');\n\nassert.strictEqual(isFlag('r'), true);\n`,
    },
    move: { from: "lib/meta.js", name: "isFlag", to: "lib/flags/is-flag.js" },
    scripts: ["test/meta.check.js"],
    followed: true,
  },
  {
    // mocha: `const aliases = exports.aliases` in the unit; the file's exports come after a const.
    name: "js: exports.k read where a local of the unit has its name; a const declared below the exports",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/meta.js": `'use strict';\n\nexports.aliases = { r: ['recursive'] };\n\nexports.expected = (flag) => {\n  const aliases = exports.aliases;\n  return Object.keys(aliases).find((k) => aliases[k].includes(flag)) || flag;\n};\n\nexports.watch = () => make('w');\n\nconst make = (s) => s + '!';\n`,
      "lib/cli.js": `'use strict';\n\nconst { expected, watch } = require('./meta');\n\nmodule.exports = () => expected('recursive') + watch();\n`,
      "test/cli.check.js": `'use strict';\n\nconst assert = require('assert');\nassert.strictEqual(require('../lib/cli')(), 'rw!');\n`,
    },
    move: { from: "lib/meta.js", name: "watch", to: "lib/watch/watch.js" },
    scripts: ["test/cli.check.js"],
  },
  {
    name: "js: exports.k read where a local of the unit has its name (the unit reads its old module when it runs)",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/meta.js": `'use strict';\n\nexports.aliases = { r: ['recursive'] };\n\nexports.expected = (flag) => {\n  const aliases = exports.aliases;\n  return Object.keys(aliases).find((k) => aliases[k].includes(flag)) || flag;\n};\n\nexports.watch = () => make('w');\n\nconst make = (s) => s + '!';\n`,
      "lib/cli.js": `'use strict';\n\nconst { expected, watch } = require('./meta');\n\nmodule.exports = () => expected('recursive') + watch();\n`,
      "test/cli.check.js": `'use strict';\n\nconst assert = require('assert');\nassert.strictEqual(require('../lib/cli')(), 'rw!');\n`,
    },
    move: { from: "lib/meta.js", name: "expected", to: "lib/flags/expected.js" },
    scripts: ["test/cli.check.js"],
  },
  {
    name: "js: JSDoc types the unit names, defined at the top of its file (mocha's run-helpers)",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/runner.js": `'use strict';\n\nclass Runner {\n  run() {\n    return 1;\n  }\n}\n\nmodule.exports = Runner;\n`,
      "lib/cli/helpers.js": `'use strict';\n\n/**\n * @typedef {import('../runner.js')} Runner\n * @typedef {Object} Options\n * @property {boolean} [watch] - rerun\n */\n\n/**\n * @param {Runner} runner - what runs\n * @param {Options} options - how\n * @returns {number}\n */\nexports.run = (runner, options) => (options.watch ? 0 : runner.run());\n\n/** @param {Runner} runner */\nexports.keep = (runner) => runner;\n`,
      "test/run.check.js": `'use strict';\n\nconst assert = require('assert');\nconst Runner = require('../lib/runner');\nconst { run } = require('../lib/cli/helpers');\nassert.strictEqual(run(new Runner(), {}), 1);\n`,
    },
    move: { from: "lib/cli/helpers.js", name: "run", to: "lib/node/run.js" },
    followed: true,
    scripts: ["test/run.check.js"],
  },
  {
    // A class moved out of a CommonJS module checked with checkJs: its JSDoc type {Part} goes
    // with its typedef; the old file's JSDoc {Widget} and another file's
    // import('./widget.js').Widget follow it.
    name: "js: JSDoc types across a class's move: its typedef, the old file's references, another file's import() type",
    lang: "js",
    files: {
      "package.json": PACKAGE_CJS,
      "tsconfig.json": JSCONFIG,
      "lib/widget.js": `'use strict';

/**
 * @typedef {Object} Part
 * @property {string} name
 */

class Widget {
  /** @param {Part[]} parts */
  constructor(parts) {
    this.parts = parts;
  }

  /** @returns {number} */
  size() {
    return this.parts.length;
  }
}

/**
 * @param {Widget} w
 * @returns {string}
 */
function describe(w) {
  return String(w.size());
}

exports.Widget = Widget;
exports.describe = describe;
`,
      "lib/app.js": `'use strict';

/** @typedef {import('./widget.js').Widget} Widget */

const { describe } = require('./widget');

/**
 * @param {Widget} w
 * @returns {string}
 */
exports.show = (w) => \`[\${describe(w)}]\`;
`,
      "test/app.check.js": `'use strict';

const assert = require('assert');
const { Widget } = require('../lib/widget');
const { show } = require('../lib/app');
assert.strictEqual(show(new Widget([{ name: 'a' }])), '[1]');
`,
    },
    move: { from: "lib/widget.js", name: "Widget", to: "lib/ui/widget.js" },
    followed: true,
    scripts: ["test/app.check.js"],
  },
];

/** Python's shapes, checked by pyflakes, importing every module, and running the tests. */
/**
 * packaging's tests load pickles of older releases: a protocol 2 pickle naming `Version` and
 * `Parts` by their module, `pkg.version` (`cpkg.version\nParts`).
 */
const OLD_PICKLE_TEST =
  'import pickle\n\nOLD = b"\\x80\\x02cpkg.version\\nVersion\\nq\\x00)\\x81q\\x01}q\\x02X\\x05\\x00\\x00\\x00partsq\\x03cpkg.version\\nParts\\nq\\x04)\\x81q\\x05}q\\x06X\\x05\\x00\\x00\\x00majorq\\x07K\\x01sbsb."\n\nassert pickle.loads(OLD).major() == 1\n';

/**
 * toolz's layout: a package of star imports of `a` and `b`, and a subpackage
 * that imports the package's names as it loads; `b`'s `__all__` is `all`,
 * and the test asserts `checks` of the package.
 */
const starPackage = (all: string, checks: string): Record<string, string> => ({
  "pkg/__init__.py": "from .a import *  # noqa: F401, F403\nfrom .b import *  # noqa: F401, F403\n",
  "pkg/a.py": '__all__ = ["one"]\n\n\ndef one():\n    return 1\n',
  "pkg/b.py": `__all__ = ${all}\n\n\ndef three():\n    return 3\n\n\ndef two():\n    return three() + 1\n`,
  "pkg/sub/__init__.py": "from pkg import one, two\n\nONE = one()\nTWO = two\n",
  "test_pkg.py": `import pkg\nfrom pkg import sub\n\nassert ${checks} and sub.ONE == 1\n`,
});

export const PYTHON_SHAPES: Shape[] = [
  {
    // Review of the refusal below: what moved is what `__init__.py` binds under the new
    // module's name (`from ._impl import foo`), and it imports it from there after the move:
    // the function again, once the submodule is loaded. Not refused.
    name: "py: a unit moved into a new module of its own name that its package re-exports",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from ._impl import foo\n\n__all__ = ["foo"]\n',
      "pkg/_impl.py": `def foo():\n    return "foo"\n\n\ndef bar():\n    return "bar"\n`,
      "test_pkg.py": `import pkg\nimport pkg.foo\n\nassert pkg.foo() == "foo"\n`,
    },
    move: { from: "pkg/_impl.py", name: "foo", to: "pkg/foo.py" },
    followed: true,
  },
  {
    // marko's parser (bench:real): `from . import element` read as `element.Element`, beside
    // `def add_element(self, element)`. Once `element.Element` names the new module's class,
    // the parameter is no read of the module import, which goes (pyflakes: unused otherwise).
    name: "py: a module import read for what moved alone, its name also a function's parameter",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/element.py": `class Element:\n    kind = "e"\n`,
      "pkg/parser.py": `from . import element\n\nKIND = element.Element.kind\n\n\ndef add(element):\n    return element.kind\n`,
      "test_parser.py": `from pkg.parser import KIND, add\n\nassert KIND == "e"\nassert add(type("K", (), {"kind": 1})) == 1\n`,
    },
    move: { from: "pkg/element.py", name: "Element", to: "pkg/ext/element.py" },
    followed: true,
  },
  {
    // marko (bench:real): `make_extension` moved into a new `ext/gfm/make_extension.py`, where
    // `gfm/__init__.py` defines a `make_extension` of its own: importing the new module sets
    // the package's attribute to the module, and every user of gfm's function got a module.
    name: "py: a new module named as something its package's __init__ binds is refused",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/toc.py": `def make_extension():\n    return "toc"\n`,
      "pkg/gfm/__init__.py": `def make_extension():\n    return "gfm"\n`,
      "test_ext.py": `import pkg.gfm\nimport pkg.toc\n\nassert pkg.gfm.make_extension() == "gfm"\nassert pkg.toc.make_extension() == "toc"\n`,
    },
    move: { from: "pkg/toc.py", name: "make_extension", to: "pkg/gfm/make_extension.py" },
    refused: "pkg/gfm/__init__.py binds `make_extension`",
  },
  {
    // marko (bench:real): `module = import_module(f"marko.ext.{name}")`, then
    // `module.make_extension()`: a name looked up on a module known only as the code runs,
    // which may be the old one. It stays bound there (found on lookup: a circle at its top).
    name: "py: a name read off a module imported by a name built as the code runs",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/helpers.py": `from importlib import import_module\n\n\ndef load(name):\n    module = import_module(f"pkg.ext.{name}")\n    return module.make_extension()\n`,
      "pkg/ext/__init__.py": "",
      "pkg/ext/toc.py": `class TocMixin:\n    level = 2\n\n\ndef make_extension():\n    return TocMixin()\n`,
      "test_load.py": `from pkg.helpers import load\n\nassert load("toc").level == 2\n`,
    },
    move: { from: "pkg/ext/toc.py", name: "make_extension", to: "pkg/ext/gfm/make.py" },
    followed: true,
    says: "for pkg/helpers.py, which looks it up on pkg/ext/toc.py",
  },
  {
    // marko (bench:real): its parser registers `getattr(block, name) for name in
    // block.__all__`. A class moved out of block.py into a module that subclasses block's base
    // (a circle at block's top) stays listed there and found on lookup, so the registry still
    // holds it; dropped from `__all__`, every test of it failed with the receipt silent.
    name: "py: a module reads the old one's __all__ as a registry of names to look up on it",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/block.py": `__all__ = ("Paragraph", "Quote")\n\n\nclass Element:\n    priority = 1\n\n\nclass Paragraph(Element):\n    pass\n\n\nclass Quote(Element):\n    priority = 5\n`,
      "pkg/parser.py": `from . import block\n\n\ndef elements():\n    return {name: getattr(block, name) for name in block.__all__}\n`,
      "test_parser.py": `from pkg.parser import elements\n\nfound = elements()\nassert sorted(found) == ["Paragraph", "Quote"], found\nassert found["Quote"].priority == 5\n`,
    },
    move: { from: "pkg/block.py", name: "Quote", to: "pkg/ext/quote.py" },
    followed: true,
    says: "for pkg/parser.py, which looks it up on pkg/block.py",
  },
  {
    // more-itertools' is_prime: the package star-imports recipes, so recipes binds is_prime
    // back; is_prime reads private helpers nothing else in recipes reads, which would close a
    // circle (pyflakes: undefined name in `__all__`). They go with it; a test importing one
    // follows it.
    name: "py: private helpers only the unit reads go with it where they would close a circle",
    lang: "py",
    files: {
      "pkg/__init__.py": "from .recipes import *  # noqa\n",
      "pkg/recipes.py": `import random\n\n__all__ = ["is_prime", "nth"]\n\n# Bases known to suffice.\n_bases = (2, 3, 5)\n\n\ndef _check(n, b):\n    return pow(b, n - 1, n) == 1\n\n\n_rand = random.Random(0).randrange\n\n\ndef is_prime(n):\n    if n in _bases:\n        return True\n    return n > 1 and all(_check(n, b) for b in _bases if b < n) and _rand(1, 2) == 1\n\n\ndef nth(xs, i):\n    return xs[i]\n`,
      "test_recipes.py": `import pkg\nfrom pkg.recipes import _check\n\nassert pkg.is_prime(7) and not pkg.is_prime(8)\nassert pkg.nth([1, 2], 1) == 2\nassert _check(7, 2)\n`,
    },
    move: { from: "pkg/recipes.py", name: "is_prime", to: "pkg/moved/primes.py" },
    followed: true,
    says: "_bases, _check, _rand moved with the unit, the only code that used them",
  },
  {
    // attrs ships a typing stub beside each public module (validators.pyi): type checkers read
    // it, not the module, so a unit the module no longer binds is still declared there.
    name: "py: a unit whose old module has a typing stub that declares it",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/validators.py": `def in_(options):\n    return options\n\n\ndef optional(validator):\n    return validator\n`,
      "pkg/validators.pyi": `from typing import Any\n\ndef in_(options: Any) -> Any: ...\ndef optional(validator: Any) -> Any: ...\n`,
      "pkg/fields.py": `from pkg.validators import optional\n\n\ndef field(v):\n    return optional(v)\n`,
      "test_fields.py": `from pkg.fields import field\n\nassert field(1) == 1\n`,
    },
    move: { from: "pkg/validators.py", name: "optional", to: "pkg/moved/optional.py" },
    notFollowed:
      "pkg/validators.pyi, the typing stub of pkg/validators.py, still declares optional, which pkg/validators.py no longer binds",
  },
  {
    name: "py: every importer form, a private helper, a mock.patch string",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/util.py": `import re\n\n\ndef _clean(s):\n    return re.sub(r"\\s+", " ", s)\n\n\ndef slug(s):\n    return _clean(s).lower().replace(" ", "-")\n\n\ndef keep(s):\n    return _clean(s)\n`,
      "pkg/a.py": `from pkg.util import slug, keep\n\n\ndef a():\n    return slug(keep("A  B"))\n`,
      "pkg/b.py": `from . import util\n\n\ndef b():\n    return util.slug("B")\n`,
      "pkg/c.py": `import pkg.util as u\n\n\ndef c():\n    return u.slug("C")\n`,
      "pkg/d.py": `from .util import slug as s\n\n\ndef d():\n    return s("D")\n`,
      "test_all.py": `from unittest import mock\n\nfrom pkg.a import a\nfrom pkg.b import b\nfrom pkg.c import c\nfrom pkg.d import d\n\nassert a() == "a-b"\nassert b() == "b" and c() == "c" and d() == "d"\nwith mock.patch("pkg.util.slug", return_value="x"):\n    from pkg import util\n    assert util.slug("y") == "x"\n`,
    },
    move: { from: "pkg/util.py", name: "slug", to: "pkg/text/words.py" },
  },
  {
    name: "py: an import inside the unit, moved one package deeper",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/sibling.py": `class Name:\n    def __init__(self, v):\n        self.v = v\n`,
      "pkg/util.py": `def make(v):\n    from .sibling import Name\n    return Name(v)\n\n\ndef keep(v):\n    return v\n`,
      "test_make.py": `from pkg.util import make\n\nassert make(1).v == 1\n`,
    },
    move: { from: "pkg/util.py", name: "make", to: "pkg/deep/make.py" },
  },
  {
    name: "py: a module attribute read from elsewhere",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/util.py": `_CACHE = {}\n\n\ndef remember(k, v):\n    _CACHE[k] = v\n    return v\n`,
      "pkg/reader.py": `from pkg import util\n\n\ndef read():\n    return util.remember("k", 1)\n`,
      "test_reader.py": `from pkg.reader import read\n\nassert read() == 1\n`,
    },
    move: { from: "pkg/util.py", name: "remember", to: "pkg/store.py" },
  },
  {
    // `import pkg.cli` binds pkg; pkg.cli.main(…) reaches the unit through the package's
    // attribute chain, as click apps' tests do: it follows the unit, with the new module imported.
    name: "py: a unit reached through its package's attribute chain (import pkg.cli, or import pkg whose __init__ imports cli; pkg.cli.main())",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from . import cli\n\n__all__ = ["cli"]\n',
      "pkg/cli.py": `def main(argv):\n    return len(argv)\n\n\ndef version():\n    return "1"\n`,
      "test_cli.py": `import pkg.cli\n\nassert pkg.cli.main(["a", "b"]) == 2\nassert pkg.cli.version() == "1"\n`,
      "test_pkg.py": `import pkg\n\nassert pkg.cli.main(["a"]) == 1\n`,
    },
    move: { from: "pkg/cli.py", name: "main", to: "pkg/app.py" },
    followed: true,
  },
  {
    name: "py: a cycle through annotations, with a version-conditional import the unit needs",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/console.py": `import sys\nfrom typing import List\n\nif sys.version_info >= (3, 8):\n    from typing import Protocol\nelse:\n    from typing_extensions import Protocol\n\n\nclass Renderable:\n    pass\n\n\nclass Hook(Protocol):\n    def process(self, items: List[Renderable]) -> List[Renderable]:\n        return [Renderable() for _ in items]\n\n\nclass Console:\n    def push(self, hook: Hook) -> int:\n        return len(hook.process([1, 2]))\n`,
      "test_console.py": `from pkg.console import Console, Hook\n\n\nclass Mine(Hook):\n    pass\n\n\nassert Console().push(Mine()) == 2\n`,
    },
    move: { from: "pkg/console.py", name: "Hook", to: "pkg/hooks.py" },
    followed: true,
  },
  {
    name: "py: a TypeVar the unit's base needs, and tests patching what the unit reads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/prompt.py": `import os\nfrom typing import Generic, TypeVar\n\nT = TypeVar("T")\nLIMIT = 3\n\n\nclass Base(Generic[T]):\n    def get(self, items: list) -> list:\n        return items[: LIMIT if os.sep else 0]\n\n\nclass Text(Base[str]):\n    def first(self, items: list) -> T:\n        return items[0]\n`,
      "test_prompt.py": `from unittest import mock\n\nfrom pkg.prompt import Text\n\nassert Text().get([1, 2, 3, 4]) == [1, 2, 3]\nwith mock.patch("pkg.prompt.LIMIT", 1):\n    assert Text().get([1, 2, 3]) == [1]\nwith mock.patch("pkg.prompt.os", mock.Mock(sep="")):\n    assert Text().get([1, 2, 3]) == []\n`,
    },
    move: { from: "pkg/prompt.py", name: "Base", to: "pkg/base.py" },
  },
  {
    name: "py: a cycle through the new module's package (werkzeug's routing/)",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/data/__init__.py": 'from .structures import Headers\n\n__all__ = ["Headers"]\n',
      "pkg/data/mixins.py": "class Mixin:\n    pass\n",
      "pkg/data/structures.py": "from .mixins import Mixin\n\n\nclass Headers(Mixin):\n    pass\n",
      "pkg/routing/__init__.py": 'from .rules import Rule\n\n__all__ = ["Rule"]\n',
      "pkg/routing/rules.py": "from ..data import Headers\n\n\nclass Rule:\n    h = Headers\n",
      "test_all.py":
        "import pkg.data\nimport pkg.routing\n\nassert pkg.routing.Rule.h is pkg.data.Headers\n",
    },
    move: { from: "pkg/data/mixins.py", name: "Mixin", to: "pkg/routing/mixin.py" },
  },
  {
    // werkzeug's parse_converter_args moved from routing/rules.py into debug/: routing's
    // __init__.py re-exports it, and it reads rules' _converter_args_re only when it runs.
    name: "py: a function whose old package re-exports it, reading its old module only when it runs: its import of the old module goes in the function",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/debug/__init__.py": "",
      "pkg/routing/__init__.py":
        'from .rules import Rule as Rule\nfrom .rules import parse as parse\n\n__all__ = ["Rule", "parse"]\n',
      "pkg/routing/rules.py":
        'import re\n\n_args = re.compile(r"\\w+")\n\n\ndef parse(s):\n    return _args.findall(s)\n\n\nclass Rule:\n    def run(self, s):\n        return parse(s)\n\n    def first(self, s):\n        return _args.match(s)\n',
      "test_parse.py":
        'from pkg.routing import Rule, parse\n\nassert parse("a b") == ["a", "b"]\nassert Rule().run("c") == ["c"]\n',
    },
    move: { from: "pkg/routing/rules.py", name: "parse", to: "pkg/debug/parse.py" },
    followed: true,
    says: "pkg/debug/parse.py: imports _args from pkg/routing/rules.py in the functions that use it (a circular import otherwise)",
  },
  {
    // werkzeug's _get_environ moved from _internal.py into datastructures/: exceptions.py, which
    // datastructures/headers.py imports, would import it from datastructures as it loads.
    name: "py: an importer whose new import of the unit would close a circular import reads it only in its functions: it imports it there",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/data/__init__.py": 'from .headers import Headers as Headers\n\n__all__ = ["Headers"]\n',
      "pkg/data/headers.py":
        "from ..errors import KeyErr\n\n\nclass Headers:\n    def get(self, k):\n        raise KeyErr(k)\n",
      "pkg/errors.py":
        "from ._internal import environ_of\n\n\nclass KeyErr(KeyError):\n    def env(self):\n        return environ_of(self)\n",
      "pkg/_internal.py":
        'def environ_of(x):\n    return {"x": x}\n\n\ndef other():\n    return 1\n',
      "test_env.py":
        'from pkg.data import Headers\nfrom pkg.errors import KeyErr\n\nassert KeyErr("a").env()["x"].args == ("a",)\nassert Headers\n',
    },
    move: { from: "pkg/_internal.py", name: "environ_of", to: "pkg/data/environ.py" },
    followed: true,
    says: "pkg/errors.py: imports environ_of from pkg/data/environ.py in the functions that use it (a circular import otherwise)",
  },
  {
    // Markdown's codehilite: `try: from pygments import …; pygments = True except ImportError: …`.
    name: "py: a try block of optional imports and a flag, which only the unit uses",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/hl.py": `try:\n    from json import dumps\n    fast = True\nexcept ImportError:\n    fast = False\n\n\nclass Hi:\n    def show(self, v):\n        return dumps(v) if fast else str(v)\n\n\ndef other():\n    return 1\n`,
      "test_hl.py": `from pkg.hl import Hi, other\n\nassert Hi().show([1]) == "[1]"\nassert other() == 1\n`,
    },
    move: { from: "pkg/hl.py", name: "Hi", to: "pkg/hi.py" },
    followed: true,
  },
  {
    // Jinja's exceptions.py, urllib3's and httpx's: a base, the unit, and subclasses of the unit.
    name: "py: a class between its base and its subclasses in the old module (an exception hierarchy)",
    lang: "py",
    files: {
      "pkg/__init__.py":
        'from .errors import AssertError, Error, SyntaxErr\n\n__all__ = ["AssertError", "Error", "SyntaxErr"]\n',
      "pkg/errors.py": `class Error(Exception):\n    pass\n\n\nclass SyntaxErr(Error):\n    def __init__(self, message, line):\n        super().__init__(message)\n        self.line = line\n\n\nclass AssertError(SyntaxErr):\n    pass\n\n\ndef fail(line):\n    raise SyntaxErr("bad", line)\n`,
      "pkg/parse.py":
        'from .errors import SyntaxErr\n\n\ndef parse(s):\n    if not s:\n        raise SyntaxErr("empty", 1)\n    return s\n',
      "test_errors.py": `from pkg import AssertError, Error\nfrom pkg.errors import fail\nfrom pkg.parse import parse\n\nassert issubclass(AssertError, Error)\ntry:\n    parse("")\nexcept Error as e:\n    assert e.line == 1\ntry:\n    fail(3)\nexcept Error as e:\n    assert e.line == 3\n`,
    },
    move: { from: "pkg/errors.py", name: "SyntaxErr", to: "pkg/syntax/err.py" },
    followed: true,
  },
  {
    // The same, where nothing imports the old module before the new one: importing the new
    // module first would meet the import back before the unit is defined.
    name: "py: that hierarchy where the new module may be imported first: refused",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/errors.py": `class Error(Exception):\n    pass\n\n\nclass SyntaxErr(Error):\n    pass\n\n\nclass AssertError(SyntaxErr):\n    pass\n`,
      "test_errors.py": `from pkg.errors import AssertError, Error\n\nassert issubclass(AssertError, Error)\n`,
    },
    move: { from: "pkg/errors.py", name: "SyntaxErr", to: "pkg/syntax/err.py" },
    refused:
      "would make an import fail when the code loads (a circular import): importing pkg.syntax.err runs pkg.syntax.err → pkg.errors, and pkg.errors imports SyntaxErr from pkg.syntax.err, which is still being imported",
  },
  {
    // Jinja's nodes.py ends in `NodeType.__new__ = staticmethod(_failing_new)`.
    name: "py: a class whose metaclass the old module changes further down",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from . import nodes\n\n__all__ = ["nodes"]\n',
      "pkg/nodes.py": `class NodeType(type):\n    def __new__(mcs, name, bases, d):\n        d.setdefault("abstract", False)\n        return type.__new__(mcs, name, bases, d)\n\n\nclass Node(metaclass=NodeType):\n    pass\n\n\nclass Expr(Node):\n    pass\n\n\nclass Mod(Expr):\n    pass\n\n\nclass Call(Expr):\n    arg: "Mod"\n\n\ndef _failing_new(*args, **kwargs):\n    raise TypeError("can't create custom node types")\n\n\nNodeType.__new__ = staticmethod(_failing_new)  # type: ignore\ndel _failing_new\n`,
      "test_nodes.py": `from pkg import nodes\n\nassert issubclass(nodes.Mod, nodes.Expr)\ntry:\n    type("X", (nodes.Node,), {})\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError("made")\n`,
    },
    move: { from: "pkg/nodes.py", name: "Mod", to: "pkg/more/mod.py" },
    followed: true,
  },
  {
    // Jinja's runtime.py: `exported = ["Undefined", …]`, which generated code imports from it;
    // werkzeug's exceptions.py: every HTTPException found in its globals() as it loads.
    name: "py: a module that names the unit in a string list, and one that reads its globals()",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from . import errors\n\n__all__ = ["errors"]\n',
      "pkg/runtime.py": `from .errors import RuntimeErr\n\nexported = ["join", "RuntimeErr"]\n\n\ndef join(seq):\n    return "".join(seq)\n\n\ndef fail():\n    raise RuntimeErr("x")\n`,
      "pkg/errors.py": `class Base(Exception):\n    code = None\n\n\nclass RuntimeErr(Base):\n    code = 500\n\n\nclass Missing(Base):\n    code = 404\n\n\ncodes = {}\n\n\ndef _find():\n    for obj in globals().values():\n        if isinstance(obj, type) and issubclass(obj, Base) and obj.code:\n            codes[obj.code] = obj\n\n\n_find()\n`,
      "test_runtime.py": `from pkg import runtime\nfrom pkg.errors import codes\n\nns = {}\nexec("from pkg.runtime import " + ", ".join(runtime.exported), ns)\nassert ns["join"](["a", "b"]) == "ab"\nassert sorted(codes) == [404, 500]\n`,
    },
    move: { from: "pkg/errors.py", name: "Missing", to: "pkg/http/missing.py" },
    followed: true,
  },
  {
    name: "py: a function a module names in a string list moves",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/runtime.py": `exported = ["join", "identity"]\n\n\ndef join(seq):\n    return "".join(seq)\n\n\ndef identity(x):\n    return x\n`,
      "test_runtime.py": `from pkg import runtime\n\nns = {}\nexec("from pkg.runtime import " + ", ".join(runtime.exported), ns)\nassert ns["join"](["a", "b"]) == "ab"\n`,
    },
    move: { from: "pkg/runtime.py", name: "join", to: "pkg/text/join.py" },
    followed: true,
  },
  {
    // Jinja's visitor.py: `if t.TYPE_CHECKING: class VisitCallable(te.Protocol): …`.
    name: "py: a Protocol the old module defines for type checkers alone, read in the unit's annotations",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/visitor.py": `import typing as t\n\nif t.TYPE_CHECKING:\n    class VisitCallable(t.Protocol):\n        def __call__(self, node: int) -> int: ...\n\n\nclass Visitor:\n    def get(self, name: str) -> "t.Optional[VisitCallable]":\n        return getattr(self, f"visit_{name}", None)\n\n\nclass Transformer(Visitor):\n    pass\n`,
      "test_visitor.py": `from pkg.visitor import Transformer\n\nassert Transformer().get("x") is None\n`,
    },
    move: { from: "pkg/visitor.py", name: "Visitor", to: "pkg/walk/visitor.py" },
    followed: true,
  },
  {
    // werkzeug's MultiDict: the TypeVars its bases read are read by a class above it too.
    name: "py: a generic class whose TypeVars the old module reads before the unit's base",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from .structures import Frozen\n\n__all__ = ["Frozen"]\n',
      "pkg/structures.py": `from typing import Dict, List, TypeVar\n\nK = TypeVar("K")\nV = TypeVar("V")\n\n\nclass TCDict(Dict[K, V]):\n    pass\n\n\nclass Multi(TCDict[K, List[V]]):\n    def first(self, key: K) -> V:\n        return self[key][0]\n\n\nclass Frozen(Multi[K, V]):\n    pass\n`,
      "test_structures.py": `from pkg import Frozen\n\nassert Frozen(a=[1]).first("a") == 1\n`,
    },
    move: { from: "pkg/structures.py", name: "Multi", to: "pkg/multi.py" },
    followed: true,
  },
  {
    // Jinja's nodes.py reads Call in string annotations (`call: "Call"`) and in functions.
    name: "py: a unit the old module reads in string annotations and functions alone, across a cycle",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/nodes.py": `class Expr:\n    pass\n\n\nclass Call(Expr):\n    pass\n\n\nclass Filter(Expr):\n    call: "Call"\n\n    def make(self) -> "Call":\n        return Call()\n`,
      "test_nodes.py": `from pkg.nodes import Filter\n\nassert type(Filter().make()).__name__ == "Call"\n`,
    },
    move: { from: "pkg/nodes.py", name: "Call", to: "pkg/calls.py" },
    followed: true,
  },
  {
    // rich's _ipy_display_hook: its test patches "rich.pretty.JUPYTER_CLASSES_TO_NOT_RENDER",
    // which stays in rich/pretty.py and which only the hook read.
    name: "py: a test patching a name that stays in the old module, read there by the unit alone",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/pretty.py": `SKIP = {"a"}\n\n\ndef hook(v):\n    return None if v in SKIP else v\n\n\ndef other():\n    return 1\n`,
      "test_pretty.py": `from unittest import mock\n\nfrom pkg.pretty import hook, other\n\nassert hook("a") is None\nwith mock.patch("pkg.pretty.SKIP", {"b"}):\n    assert hook("b") is None\n    assert hook("a") == "a"\nassert other() == 1\n`,
    },
    move: { from: "pkg/pretty.py", name: "hook", to: "pkg/show/hook.py" },
    followed: true,
  },
  {
    // werkzeug's debug/repr.py: `_list_repr = _sequence_repr_maker("[", "]", list)` in a class
    // body; the function it returns reads the module when it runs.
    name: "py: a function the old module calls as it loads, whose returned function reads it later",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from .repr import Gen\n\n__all__ = ["Gen"]\n',
      "pkg/repr.py": `from __future__ import annotations\n\n\ndef _add(s, obj):\n    return f"{type(obj).__name__}:{s}"\n\n\ndef _maker(left, right):\n    def proxy(self: Gen, obj) -> str:\n        return _add(left + ",".join(map(str, obj)) + right, obj)\n\n    return proxy\n\n\nclass Gen:\n    list_repr = _maker("[", "]")\n`,
      "test_repr.py": `from pkg import Gen\n\nassert Gen().list_repr([1, 2]) == "list:[1,2]"\n`,
    },
    move: { from: "pkg/repr.py", name: "_maker", to: "pkg/util/maker.py" },
    followed: true,
  },
  {
    name: "py: a function the old module calls as it loads, which reads it then",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from .repr import Gen\n\n__all__ = ["Gen"]\n',
      "pkg/repr.py": `def _add(s, obj):\n    return f"{type(obj).__name__}:{s}"\n\n\ndef _maker(left, right):\n    prefix = _add(left, left)\n\n    def proxy(self, obj):\n        return prefix + ",".join(map(str, obj)) + right\n\n    return proxy\n\n\nclass Gen:\n    list_repr = _maker("[", "]")\n`,
      "test_repr.py": `from pkg import Gen\n\nassert Gen().list_repr([1, 2]) == "str:[1,2]"\n`,
    },
    move: { from: "pkg/repr.py", name: "_maker", to: "pkg/util/maker.py" },
    followed: true,
  },
  {
    // rich's test_input_password: `import rich.console` in the test, then
    // `monkeypatch.setattr(rich.console, "getpass", fake_input)`; getpass leaves with Console.
    name: "py: a test patching, on the old module's object, a name that leaves with the unit",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/console.py": `from getpass import getpass\n\n\nclass Console:\n    def ask(self):\n        return getpass("")\n\n\ndef other():\n    return 1\n`,
      "test_console.py": `from unittest import mock\n\nfrom pkg.console import Console, other\n\n\ndef check():\n    import pkg.console\n\n    with mock.patch.object(pkg.console, "getpass", lambda prompt: "bar"):\n        assert Console().ask() == "bar"\n\n\ncheck()\nassert other() == 1\n`,
    },
    move: { from: "pkg/console.py", name: "Console", to: "pkg/ui/console.py" },
    followed: true,
  },
  {
    // click's CliRunner: `old = utils.should_strip_ansi`, `utils.should_strip_ansi = fake`, and
    // back; echo, which reads it, leaves utils.
    name: "py: a module patching by assignment, on the old module, a name the unit reads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/_compat.py": `def should_strip(stream):\n    return True\n`,
      "pkg/utils.py": `from ._compat import should_strip\n\n\ndef echo(s):\n    return "" if should_strip(s) else s\n\n\ndef other():\n    return 1\n`,
      "pkg/testing.py": `from . import utils\n\n\ndef isolated(fn):\n    old = utils.should_strip\n    utils.should_strip = lambda s: False\n    try:\n        return fn()\n    finally:\n        utils.should_strip = old\n`,
      "test_utils.py": `from unittest import mock\n\nfrom pkg import utils\nfrom pkg.testing import isolated\nfrom pkg.utils import echo, other\n\nassert echo("a") == ""\nassert isolated(lambda: echo("a")) == "a"\nassert echo("a") == ""\nwith mock.patch.object(utils, "should_strip", lambda s: False):\n    assert echo("b") == "b"\nassert other() == 1\n`,
    },
    move: { from: "pkg/utils.py", name: "echo", to: "pkg/moved/echo.py" },
    followed: true,
  },
  {
    // click's getchar: `global _getchar` fills its module's cache, which its tests patch there.
    name: "py: a unit assigning a global of its old module that stays there",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/termui.py": `_getchar = None\n\n\ndef getchar():\n    global _getchar\n    if _getchar is None:\n        _getchar = lambda: "k"\n    return _getchar()\n\n\ndef reset():\n    global _getchar\n    _getchar = None\n`,
      "test_termui.py": `from pkg import termui\n\nassert termui.getchar() == "k"\ntermui.reset()\n`,
    },
    move: { from: "pkg/termui.py", name: "getchar", to: "pkg/moved/getchar.py" },
    refused: "declares _getchar of pkg/termui.py `global`",
  },
  {
    // mistletoe's block_token: `_token_types`, which `reset_tokens` rebinds (`global`), a
    // renderer extends in place and contrib/scheme.py replaces on the module; Paragraph.read
    // reads it as it runs. Imported at the new module's top, it would stay the list of when
    // the new module loaded.
    name: "py: a unit reading a list its old module rebinds as it runs, which another module replaces there",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/tokens.py": `class A:\n    pass\n\n\nclass B:\n    pass\n\n\ndef tokenize():\n    return [t.__name__ for t in _types]\n\n\ndef add(t):\n    _types.insert(0, t)\n\n\ndef reset():\n    global _types\n    _types = [A, B]\n\n\n_types = []\nreset()\n`,
      "pkg/scheme.py": `from pkg import tokens\n\n\nclass C:\n    pass\n\n\ndef enter():\n    tokens._types = [C]\n`,
      "test_tokens.py": `from pkg import scheme, tokens\nfrom pkg.tokens import tokenize\n\nassert tokenize() == ["A", "B"]\ntokens.add(scheme.C)\nassert tokenize() == ["C", "A", "B"]\ntokens.reset()\nassert tokenize() == ["A", "B"]\nscheme.enter()\nassert tokenize() == ["C"]\ntokens.reset()\nassert tokenize() == ["A", "B"]\n`,
    },
    move: { from: "pkg/tokens.py", name: "tokenize", to: "pkg/moved/tokenize.py" },
    followed: true,
  },
  {
    // click's CliRunner, where utils.py's own secho reads should_strip too: one patch on the
    // old module must reach both. The unit reads it off the old module as it runs.
    name: "py: modules patching on the old module a name both the unit and the old module read",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/utils.py": `def should_strip(s):\n    return True\n\n\ndef echo(s):\n    return "" if should_strip(s) else s\n\n\ndef secho(s):\n    return "!" + ("" if should_strip(s) else s)\n`,
      "pkg/testing.py": `from . import utils\n\n\ndef isolated(fn):\n    old = utils.should_strip\n    utils.should_strip = lambda s: False\n    try:\n        return fn()\n    finally:\n        utils.should_strip = old\n`,
      "test_utils.py": `from unittest import mock\n\nfrom pkg.testing import isolated\nfrom pkg.utils import echo, secho\n\nassert echo("a") == "" and secho("a") == "!"\nassert isolated(lambda: echo("a") + secho("b")) == "a!b"\nwith mock.patch("pkg.utils.should_strip", lambda s: False):\n    assert echo("c") + secho("d") == "c!d"\n`,
    },
    move: { from: "pkg/utils.py", name: "echo", to: "pkg/moved/echo.py" },
    followed: true,
  },
  {
    // The same, the test importing the old module in its function and patching it by object.
    name: "py: a test importing the old module in a function and patching a name both the unit and the old module read",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/utils.py": `def should_strip(s):\n    return True\n\n\ndef echo(s):\n    return "" if should_strip(s) else s\n\n\ndef secho(s):\n    return "!" + ("" if should_strip(s) else s)\n`,
      "test_utils.py": `from unittest import mock\n\nfrom pkg.utils import echo, secho\n\n\ndef check():\n    import pkg.utils\n\n    with mock.patch.object(pkg.utils, "should_strip", lambda s: False):\n        assert echo("c") + secho("d") == "c!d"\n\n\ncheck()\nassert echo("a") == ""\n`,
    },
    move: { from: "pkg/utils.py", name: "echo", to: "pkg/moved/echo.py" },
    followed: true,
  },
  {
    // A lambda reads the rebound name: no body to import it in as it runs.
    name: "py: a unit whose lambda reads a name its old module rebinds as it runs",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/order.py": `_order = {}\n\n\ndef reset():\n    global _order\n    _order = {"a": 2, "b": 1}\n\n\ndef ordered(items, key=lambda t: _order[t]):\n    return sorted(items, key=key)\n\n\nreset()\n`,
      "test_order.py": `from pkg.order import ordered\n\nassert ordered(["a", "b"]) == ["b", "a"]\n`,
    },
    move: { from: "pkg/order.py", name: "ordered", to: "pkg/moved/ordered.py" },
    refused: "reads _order in a lambda, and pkg/order.py rebinds _order as it runs",
  },
  {
    // mistletoe's reset_tokens: `global _token_types`, assigned and never read, and
    // `globals()[name] for name in __all__`, both of its module.
    name: "py: a unit assigning a global it never reads, and one calling globals()",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/tokens.py": `__all__ = ["A"]\n\n\nclass A:\n    pass\n\n\ndef reset():\n    global _types\n    _types = [globals()[name] for name in __all__]\n\n\ndef names():\n    return [t.__name__ for t in _types]\n\n\n_types = []\nreset()\n`,
      "test_tokens.py": `from pkg.tokens import names, reset\n\nreset()\nassert names() == ["A"]\n`,
    },
    move: { from: "pkg/tokens.py", name: "reset", to: "pkg/moved/reset.py" },
    refused: "declares _types of pkg/tokens.py `global`",
  },
  {
    // A `global` for a name only read: from the new module the name would be a global of its
    // own (pyflakes: its import unused).
    name: "py: a unit declaring global a name of its old module it only reads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/limits.py": `LIMIT = 3\n\n\ndef clamp(n):\n    global LIMIT\n    return min(n, LIMIT)\n\n\ndef double_clamp(n):\n    return clamp(n * 2)\n`,
      "test_limits.py": `from pkg.limits import clamp, double_clamp\n\nassert clamp(5) == 3\nassert double_clamp(1) == 2\n`,
    },
    move: { from: "pkg/limits.py", name: "clamp", to: "pkg/moved/clamp.py" },
    refused: "declares LIMIT of pkg/limits.py `global`",
  },
  {
    // In the old module, the same `global` rebinds nothing: a name the unit reads both as it
    // is defined (a default) and as it runs is imported at the top, as any other.
    name: "py: a unit reading as it is defined and as it runs a name a staying function declares global and only reads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/sizes.py": `DEFAULT = 4\n\n\ndef show():\n    global DEFAULT\n    return str(DEFAULT)\n\n\ndef pad(text, width=DEFAULT):\n    return text.ljust(width or DEFAULT)\n`,
      "test_sizes.py": `from pkg.sizes import pad, show\n\nassert pad("a") == "a   "\nassert pad("a", 0) == "a   "\nassert show() == "4"\n`,
    },
    move: { from: "pkg/sizes.py", name: "pad", to: "pkg/moved/pad.py" },
    followed: true,
  },
  {
    // `del X` after `global X` rebinds the module's X as it runs, as an assignment does.
    name: "py: a unit reading in a function a name a staying function deletes with global",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/cache.py": `_inst = [1]\n\n\ndef drop():\n    global _inst\n    del _inst\n\n\ndef size():\n    return len(_inst)\n`,
      "test_cache.py": `from pkg.cache import size\n\nassert size() == 1\n`,
    },
    move: { from: "pkg/cache.py", name: "size", to: "pkg/moved/size.py" },
    says: "in the functions that use it",
  },
  {
    name: "py: a unit calling globals() to find its old module's names",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/registry.py": `class A:\n    pass\n\n\ndef lookup(name):\n    return globals()[name]\n`,
      "test_registry.py": `from pkg.registry import lookup\n\nassert lookup("A").__name__ == "A"\n`,
    },
    move: { from: "pkg/registry.py", name: "lookup", to: "pkg/moved/lookup.py" },
    refused:
      "calls globals(), which from pkg/moved/lookup.py would be the namespace of pkg/moved/lookup.py",
  },
  {
    // Jinja's `globals` parameters: a `globals` of the unit's own is no namespace of a module.
    name: "py: a unit calling a parameter of its own named globals",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/env.py": `BASE = {"a": 1}\n\n\ndef make(globals=dict):\n    made = globals()\n    made.update(BASE)\n    return made\n`,
      "test_env.py": `from pkg.env import make\n\nassert make() == {"a": 1}\n`,
    },
    move: { from: "pkg/env.py", name: "make", to: "pkg/moved/make.py" },
    followed: true,
  },
  {
    // werkzeug's RulePart (`weight: Weighting`), moved into a package whose importer chain
    // reaches back: what the new module reads of the old one in annotations alone is imported
    // for type checkers alone.
    name: "py: a class whose annotations alone read its old module, across a cycle through packages",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/routing/__init__.py": 'from .matcher import match\n\n__all__ = ["match"]\n',
      "pkg/routing/matcher.py": `from .rules import RulePart\n\n\ndef match():\n    return RulePart("a").content\n`,
      "pkg/routing/rules.py": `from __future__ import annotations\n\nimport typing as t\nfrom dataclasses import dataclass\n\n\nclass Weighting(t.NamedTuple):\n    n: int\n\n\n@dataclass\nclass RulePart:\n    content: str\n    weight: Weighting | None = None\n\n\ndef parse() -> t.Iterator[RulePart]:\n    yield RulePart("x", Weighting(1))\n`,
      "pkg/wrappers/__init__.py": "",
      "test_rules.py": `from pkg.routing import match\nfrom pkg.routing.rules import parse\n\nassert match() == "a"\nassert next(parse()).weight.n == 1\n`,
    },
    move: { from: "pkg/routing/rules.py", name: "RulePart", to: "pkg/wrappers/rulepart.py" },
    followed: true,
  },
  {
    // rich's Console: `render_iterable: RenderResult` in a method, beside signatures that name
    // the old module's types; across a cycle all of them are for type checkers alone.
    name: "py: a local variable's annotation of an old module's name, across a cycle",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/routing/__init__.py": 'from .matcher import match\n\n__all__ = ["match"]\n',
      "pkg/routing/matcher.py": `from .rules import RulePart\n\n\ndef match():\n    return RulePart().parts(1)\n`,
      "pkg/routing/rules.py": `import typing as t\n\nResult = t.List[str]\nWeight = int\n\n\nclass RulePart:\n    def parts(self, w: Weight) -> t.List[str]:\n        out: Result = []\n        out.append("a" * w)\n        return out\n\n\ndef parse() -> t.List[str]:\n    return RulePart().parts(2)\n`,
      "pkg/wrappers/__init__.py": "",
      "test_rules.py": `from pkg.routing import match\nfrom pkg.routing.rules import parse\n\nassert match() == ["a"]\nassert parse() == ["aa"]\n`,
    },
    move: { from: "pkg/routing/rules.py", name: "RulePart", to: "pkg/wrappers/rulepart.py" },
    followed: true,
  },
  {
    name: "py: a cycle the new module would close",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/util.py": `from pkg.text import render\n\n\ndef slug(s):\n    return s.lower()\n\n\ndef title(s):\n    return render(slug(s))\n`,
      "pkg/text.py": `def render(s):\n    return f"<{s}>"\n`,
      "test_title.py": `from pkg.util import title\n\nassert title("A") == "<a>"\n`,
    },
    move: { from: "pkg/util.py", name: "slug", to: "pkg/text.py" },
  },
  {
    name: "py: a src/ layout, moved into a new subpackage",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/util.py": `WORD = "w"\n\n\ndef words(s):\n    return [WORD + x for x in s.split()]\n`,
      "src/pkg/use.py": `from pkg.util import words\n\n\ndef use():\n    return words("a b")\n`,
      "src/test_use.py": `from pkg.use import use\n\nassert use() == ["wa", "wb"]\n`,
    },
    move: { from: "src/pkg/util.py", name: "words", to: "src/pkg/text/words.py" },
  },
  {
    // pyyaml: `package_dir={'': 'lib'}` in setup.py, and its tests read `yaml.safe_dump`.
    name: "py: a lib/ layout its setup.py names, its tests reading the unit through the package",
    lang: "py",
    importRoots: ["lib"],
    files: {
      "setup.py": `from setuptools import setup\n\nsetup(name="pkg", package_dir={'': 'lib'}, packages=["pkg"])\n`,
      "lib/pkg/__init__.py": `def dump(x):\n    return str(x)\n\n\ndef load(s):\n    return int(s)\n`,
      "tests/test_pkg.py": `import pkg\n\nassert pkg.dump(1) == "1"\nassert pkg.load("2") == 2\n`,
    },
    move: { from: "lib/pkg/__init__.py", name: "dump", to: "lib/pkg/moved/dump.py" },
    scripts: ["tests/test_pkg.py"],
    followed: true,
  },
  {
    // pyyaml's tests run `yaml.safe_dump(object)` from a data file by `exec`: a package's
    // public name is read where no move can look (there, and in every project that uses it).
    name: "py: a package's public name, read by code no move can see (a test's data run by exec)",
    lang: "py",
    files: {
      "pkg/__init__.py": `def dump(x):\n    return str(x)\n\n\ndef load(s):\n    return int(s)\n`,
      "data/case.txt": `assert pkg.dump(1) == "1"\n`,
      "test_data.py": `import os\n\nimport pkg\n\nhere = os.path.dirname(os.path.abspath(__file__))\nwith open(os.path.join(here, "data", "case.txt")) as f:\n    exec(f.read(), {"pkg": pkg})\nassert pkg.load("2") == 2\n`,
    },
    move: { from: "pkg/__init__.py", name: "dump", to: "pkg/text.py" },
    says: "pkg/__init__.py: imports dump from pkg/text.py",
    followed: true,
  },
  {
    // The same, where nothing says where the package is put on the path (installed, or by a
    // runner's settings): a file no directory above holds the package for imports it as the
    // project's own.
    name: "py: a package its tests import as installed, from a directory nothing names",
    lang: "py",
    importRoots: ["code"],
    files: {
      "code/pkg/__init__.py": "",
      "code/pkg/text.py": `def slug(s):\n    return s.lower()\n\n\ndef title(s):\n    return s.title()\n`,
      "tests/test_text.py": `from pkg import text\nfrom pkg.text import slug\n\nassert slug("A") == "a"\nassert text.title("a") == "A"\n`,
    },
    move: { from: "code/pkg/text.py", name: "slug", to: "code/pkg/words.py" },
    scripts: ["tests/test_text.py"],
    followed: true,
  },
  {
    // werkzeug's tests/ beside src/: `from werkzeug import http`, then `http.is_resource_modified`.
    name: "py: a src/ layout's tests beside it, reading the unit through its module",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/http.py": `def modified(etag):\n    return etag != "x"\n\n\ndef keep():\n    return 1\n`,
      "tests/test_http.py": `from pkg import http\n\nassert http.modified("y")\nassert http.keep() == 1\n`,
    },
    move: { from: "src/pkg/http.py", name: "modified", to: "src/pkg/data/modified.py" },
    scripts: ["tests/test_http.py"],
    followed: true,
  },
  {
    // packaging's tests load pickles of older releases (`cpackaging.version\n_Version`): the
    // class is looked up on its old module, which imports it back only in functions (it reads
    // the old module's base as it is defined): the old module finds it on first lookup.
    name: "py: a class old pickles name by its old module, where importing it back circles",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/version.py":
        'class _Base:\n    kind = "parts"\n\n\nclass Parts(_Base):\n    def __init__(self, major):\n        self.major = major\n\n\nclass Label(_Base):\n    pass\n\n\nclass Version:\n    def __init__(self, major):\n        self.parts = Parts(major)\n\n    def major(self):\n        return self.parts.major\n',
      "tests/test_pickle.py": OLD_PICKLE_TEST,
      "tests/test_new_first.py":
        'import importlib\nimport pickle\n\n# The new module loaded first, once it is there.\ntry:\n    importlib.import_module("pkg.data.parts")\nexcept ModuleNotFoundError:\n    pass\n\nfrom pkg.version import Version  # noqa: E402\n\nassert pickle.loads(pickle.dumps(Version(2))).major() == 2\n',
    },
    move: { from: "src/pkg/version.py", name: "Parts", to: "src/pkg/data/parts.py" },
    scripts: ["tests/test_pickle.py", "tests/test_new_first.py"],
    followed: true,
    says: "finds Parts in src/pkg/data/parts.py on first lookup (a module __getattr__), for tests/test_pickle.py",
  },
  {
    // packaging's markers.py lists Marker in `__all__`: found on lookup, it is imported under
    // TYPE_CHECKING too, or pyflakes reads `__all__` as naming what the module never binds.
    name: "py: a class old pickles name by its old module, listed in its __all__, where importing it back circles",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/version.py":
        'from typing import cast\n\n__all__ = ["Parts", "Version"]\n\n\nclass _Base:\n    kind = "parts"\n\n\nclass Parts(_Base):\n    def __init__(self, major):\n        self.major = major\n\n\nclass Label(_Base):\n    pass\n\n\nclass Version:\n    def __init__(self, major):\n        self.parts = Parts(major)\n\n    def major(self):\n        return cast(int, self.parts.major)\n',
      "tests/test_pickle.py": OLD_PICKLE_TEST,
    },
    move: { from: "src/pkg/version.py", name: "Parts", to: "src/pkg/data/parts.py" },
    scripts: ["tests/test_pickle.py"],
    followed: true,
    says: "imports Parts from src/pkg/data/parts.py under TYPE_CHECKING alone, for its __all__",
  },
  {
    // The same, where the old module's guard is read off a module (`t.TYPE_CHECKING`) whose
    // import goes with the block only the unit needed: the guarded import is under the name.
    name: "py: a class listed in __all__ and found on lookup, its module's guard `t.TYPE_CHECKING` gone with the unit's block",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/version.py":
        'import typing as t\n\nif t.TYPE_CHECKING:\n    from collections.abc import Mapping\n\n__all__ = ["Parts", "Version"]\n\n\nclass _Base:\n    kind = "parts"\n\n\nclass Parts(_Base):\n    def __init__(self, major: "Mapping[str, int] | int"):\n        self.major = major\n\n\nclass Label(_Base):\n    pass\n\n\nclass Version:\n    def __init__(self, major):\n        self.parts = Parts(major)\n\n    def major(self):\n        return self.parts.major\n',
      "tests/test_pickle.py": OLD_PICKLE_TEST,
    },
    move: { from: "src/pkg/version.py", name: "Parts", to: "src/pkg/data/parts.py" },
    scripts: ["tests/test_pickle.py"],
    followed: true,
    says: "imports Parts from src/pkg/data/parts.py under TYPE_CHECKING alone, for its __all__",
  },
  {
    // toolz's functoolz.py imports `_signatures` last, by hand (which imports it back), below
    // `has_varargs.__doc__ = …`: the unit's import back goes above that line, not after the
    // module's last import.
    name: "py: a module whose imports end below code that reads the unit as it loads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/funcs.py":
        'def _check(x):\n    return _sigs.ok(x)\n\n\ndef has_varargs(x):\n    return _check(x)\n\n\ndef other(x):\n    return has_varargs(x) and _check(x)\n\n\nhas_varargs.__doc__ = "Does it take varargs?"\n\nfrom . import _sigs  # noqa: E402\n',
      "pkg/_sigs.py":
        "from .funcs import other\n\n\ndef ok(x):\n    return x is not None\n\n\ndef check_other(x):\n    return other(x)\n",
      "test_funcs.py":
        'from pkg import _sigs\nfrom pkg.funcs import has_varargs, other\n\nassert other(1) and _sigs.check_other(2)\nassert has_varargs.__doc__.startswith("Does")\n',
    },
    move: { from: "pkg/funcs.py", name: "has_varargs", to: "pkg/moved/has_varargs.py" },
    followed: true,
    says: "where it first reads it as it loads (its imports end below that)",
  },
  {
    // toolz: a package of star imports, and a subpackage (curried/) that imports the package's
    // names as it loads. A unit moved into the subpackage is imported back by its old module
    // as the package runs, before the package has bound the names the subpackage asks for:
    // refused (the load check knew no star import's names, and passed it). Planned again as
    // across a circle, the old module finds it on lookup (a module `__getattr__`), which the
    // package's star import runs for `three` before it binds `two`: refused too.
    name: "py: a package of star imports, and a unit moved into a subpackage that imports the package as it loads",
    lang: "py",
    files: starPackage('["three", "two"]', "pkg.two() == 4"),
    move: { from: "pkg/b.py", name: "three", to: "pkg/sub/three.py" },
    refused: "would make an import fail when the code loads",
  },
  {
    // The same, where `__all__` lists `two` first: the package has bound it by the time its
    // star import looks `three` up, and the subpackage finds what it asks for.
    name: "py: a package of star imports, and a unit its old module finds on lookup, listed after what the subpackage asks for",
    lang: "py",
    files: starPackage('["two", "three"]', "pkg.two() == 4 and pkg.three() == 3"),
    move: { from: "pkg/b.py", name: "three", to: "pkg/sub/three.py" },
    followed: true,
    says: "pkg/b.py: finds three in pkg/sub/three.py on first lookup (a module __getattr__)",
  },
  {
    // dateutil's tz/__init__.py star-imports tz.py, which has no __all__: a star import copies
    // what the module binds and never asks its __getattr__. Bound there only in functions (a
    // circle at its top), the name would be gone from the package: refused.
    name: "py: a package's star import of a module without __all__, where importing the unit back circles",
    lang: "py",
    files: {
      "pkg/__init__.py": "from .tz import *  # noqa: F401, F403\n",
      "pkg/tz.py":
        "UTC = 0\n\n\ndef exists(dt):\n    return dt + UTC\n\n\ndef resolve(dt):\n    return exists(dt)\n",
      "pkg/zoneinfo/__init__.py": "",
      "test_tz.py":
        "from pkg import exists, resolve\n\nassert exists(1) == 1 and resolve(2) == 2\n",
    },
    move: { from: "pkg/tz.py", name: "exists", to: "pkg/zoneinfo/exists.py" },
    refused: "no __all__ lists it",
  },
  {
    // dateutil's rrule.py: `global easter` and `from dateutil import easter` in a method, then
    // `easter.easter(year)` in another. An import of the moved function in the first would bind
    // the global; none reaches the second: named, not rewritten.
    name: "py: an old module imported in a function into a global, its moved function read in another",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/easter.py": "EASTER = 3\n\n\ndef easter(year):\n    return year + EASTER\n",
      "pkg/rrule.py":
        "easter = None\n\n\nclass Rule:\n    def __init__(self):\n        global easter\n        if not easter:\n            from pkg import easter\n\n    def day(self, year):\n        return easter.easter(year)\n",
      "test_rrule.py": "from pkg.rrule import Rule\n\nassert Rule().day(1) == 4\n",
    },
    move: { from: "pkg/easter.py", name: "easter", to: "pkg/dates/days.py" },
    followed: true,
    says: "for pkg/rrule.py",
  },
  {
    // dateutil's parser/__init__.py: `from ._parser import _timelex, _resultbase`, then
    // `_resultbase = __deprecate_private_class(_resultbase)`. The module rebinds the name from
    // what it imported: its import of the unit is still needed, from the new module.
    name: "py: a package that rebinds what it imported from the old module (`X = wrap(X)`)",
    lang: "py",
    files: {
      "pkg/__init__.py":
        "def _wrap(c):\n    return type(c.__name__, (c,), {})\n\n\nfrom ._parser import _lexer, _result\n\n_lexer = _wrap(_lexer)\n_result = _wrap(_result)\n",
      "pkg/_parser.py": "class _lexer:\n    pass\n\n\nclass _result:\n    pass\n",
      "pkg/tz.py": "",
      "test_pkg.py": "import pkg\n\nassert pkg._result.__name__ == '_result' and pkg._lexer\n",
    },
    move: { from: "pkg/_parser.py", name: "_result", to: "pkg/results.py" },
    followed: true,
  },
  {
    // lark's tools/standalone.py opens each file it lists by path ('lexer.py') and copies out
    // what lies between `###{standalone` and `###}`: a unit moved out of that section is gone
    // from the parser it writes, which no checker sees. Refused unless kept, naming the tool.
    name: "py: a unit in a section a tool copies out of its file by marker lines, the file named by its path",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/lexer.py":
        "###{standalone\nclass Pattern:\n    kind = 'p'\n\n\n###}\n\n\nclass Scanner:\n    pass\n",
      "pkg/standalone.py":
        "import os\n\nFILES = ['lexer.py']\n\n\ndef gen():\n    out = []\n    for name in FILES:\n        with open(os.path.join(os.path.dirname(__file__), name)) as f:\n            inside = False\n            for line in f:\n                if line.startswith('###{'):\n                    inside = True\n                elif line.startswith('###}'):\n                    inside = False\n                elif inside:\n                    out.append(line)\n    return ''.join(out)\n",
      "test_standalone.py":
        "from pkg.standalone import gen\n\nspace = {}\nexec(gen(), space)\nassert space['Pattern'].kind == 'p'\n",
    },
    move: { from: "pkg/lexer.py", name: "Pattern", to: "pkg/patterns.py" },
    refused:
      "pkg/lexer.py: the unit sits in its `standalone` section, which pkg/standalone.py copies out of the file it names by 'lexer.py'",
  },
  {
    // dateutil's tz.py: `from dateutil import relativedelta` in a method, which reads both
    // `relativedelta.weekday(…)` (staying) and `relativedelta.relativedelta(…)` (moved): the
    // moved class, imported under the module's own name, would shadow the module.
    name: "py: a module imported in a function under the moved name, read for what stays too",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/relativedelta.py":
        "def weekday(n):\n    return n % 7\n\n\nclass relativedelta:\n    def __init__(self, days):\n        self.days = days\n",
      "pkg/tz.py":
        "class tzstr:\n    def delta(self, n):\n        from pkg import relativedelta\n\n        return relativedelta.relativedelta(days=relativedelta.weekday(n))\n",
      "test_tz.py": "from pkg.tz import tzstr\n\nassert tzstr().delta(9).days == 2\n",
    },
    move: { from: "pkg/relativedelta.py", name: "relativedelta", to: "pkg/deltas/relative.py" },
    followed: true,
  },
  {
    // pycparser's `While` drawn into `while.py`: no import statement can name a module by a
    // keyword, and the unit's importer must import it. Refused, naming why, where the load
    // check had said `from pkg import While` failed.
    name: "py: a unit moved into a module named by a keyword, which its importer must import",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/nodes.py": "class While:\n    pass\n\n\nclass If:\n    pass\n",
      "test_nodes.py": "from pkg.nodes import While\n\nassert While.__name__ == 'While'\n",
    },
    move: { from: "pkg/nodes.py", name: "While", to: "pkg/while.py" },
    refused: "no import statement can name: `while` is a Python keyword",
  },
  {
    // jmespath's tests: `import jmespath.parser` (in a test function) binds `jmespath`, and
    // `jmespath.compile(…)` reads the package's own function through it. Moved out of the
    // package's `__init__.py`, each read is the new module's, imported where it was read.
    name: "py: a package's function read through an import of its submodule (`import pkg.sub`), at the top and in functions",
    lang: "py",
    files: {
      "pkg/__init__.py": "from pkg import sub\n\n\ndef f(x):\n    return sub.g(x)\n",
      "pkg/sub.py": "def g(x):\n    return x + 1\n",
      "test_top.py": "import pkg.sub\n\nassert pkg.f(1) == 2 and pkg.sub.g(0) == 1\n",
      "test_local.py":
        "def check_one():\n    import pkg.sub\n\n    assert pkg.f(2) == 3\n\n\ndef check_two():\n    import pkg.sub\n\n    assert pkg.f(3) == 4 and pkg.sub.g(1) == 2\n\n\ncheck_one()\ncheck_two()\n",
    },
    move: { from: "pkg/__init__.py", name: "f", to: "pkg/moved/f.py" },
    followed: true,
    says: "test_local.py: imports f from pkg/moved/f.py",
  },
  {
    // pyparsing's `ParseResults`: across a circle (its old module registers it as it loads),
    // the new module imports `_ParseResultsWithOffset` in each function that uses it, and one
    // of them also annotates a local with it. That annotation reads the function's import: an
    // import for type checkers too would be unused (pyflakes: imported but unused).
    name: "py: across a circle, a name annotated only in functions that import it for themselves",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/res.py":
        "from __future__ import annotations\n\n\nclass Offset:\n    def __init__(self, v):\n        self.v = v\n\n\nclass Results:\n    def add(self, k, v):\n        store: dict[str, Offset] = {}\n        store[k] = Offset(v)\n        return store\n\n\nREGISTRY = [Results]\n",
      "test_res.py":
        'from pkg.res import REGISTRY, Results\n\nassert REGISTRY == [Results] and Results().add("a", 1)["a"].v == 1\n',
    },
    move: { from: "pkg/res.py", name: "Results", to: "pkg/moved/results.py" },
    followed: true,
  },
  {
    // pyparsing's `ParserElement`: `core.py` binds `ParseException` by `from .exceptions import *`
    // (a module without `__all__`, which passes on its own star import and its `import re`),
    // and `col` by a star import of a module that lists `__all__`; its linter is told
    // (`# noqa: F403, F405`). The new module imports each name the unit reads by name: `re` as
    // the star's module got it, the rest from the module.
    name: "py: a unit reading names its old module binds by star imports alone",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/base.py": "class ParseBase(Exception):\n    pass\n",
      "pkg/exceptions.py":
        'import re\n\nfrom .base import *  # noqa: F403\n\n\nclass ParseException(ParseBase):  # noqa: F405\n    def where(self):\n        return re.sub("x", "y", str(self))\n',
      "pkg/util.py":
        '__all__ = ["col"]\n\n\ndef col(loc, s):\n    return loc - s.rfind("\\n", 0, loc)\n\n\ndef hidden():\n    return 0\n',
      "pkg/core.py":
        'from .exceptions import *  # noqa: F403\nfrom .util import *  # noqa: F403\n\n\nclass Element:\n    def parse(self, s):\n        if not re.match("a", s):  # noqa: F405\n            raise ParseException(f"at {col(1, s)}")  # noqa: F405\n        return s\n\n\nclass Word(Element):\n    pass\n',
      "test_core.py":
        'from pkg.base import ParseBase\nfrom pkg.core import Word\n\nassert Word().parse("ab") == "ab"\ntry:\n    Word().parse("b")\n    raise AssertionError("no ParseException")\nexcept ParseBase as e:\n    assert e.where() == "at 2"\n',
    },
    move: { from: "pkg/core.py", name: "Element", to: "pkg/element.py" },
    followed: true,
  },
  {
    // boltons' `OrderedMultiDict`: its defaults read `_MISSING`, a sentinel its old module makes
    // in a `try` (a relative import, a call; `object()` where it fails), and the old module
    // reads the class back as it loads (`OMD = OrderedMultiDict`) and the sentinel elsewhere.
    // The block goes with the class (one sentinel, its import named from the new package), and
    // the old module, whose licence comment opens it and whose docstring follows, imports both
    // back below the docstring, which stays the module's.
    name: "py: a sentinel made in a try block, read by the unit's defaults, goes with it whole",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/typeutils.py":
        "def make_sentinel(name):\n    class Sentinel:\n        def __repr__(self):\n            return name\n\n    return Sentinel()\n",
      "pkg/dicts.py":
        '# Copyright (c) the authors.\n\n"""Dictionaries with many values a key."""\n\nfrom itertools import chain\n\ntry:\n    from .typeutils import make_sentinel\n\n    _MISSING = make_sentinel("_MISSING")\nexcept ImportError:\n    _MISSING = object()\n\n\nclass MultiDict(dict):\n    def getlist(self, k, default=_MISSING):\n        if default is _MISSING:\n            return list(chain(self.get(k, [])))\n        return default\n\n\nOMD = MultiDict\n\n\ndef first(d, k, default=_MISSING):\n    return d.getlist(k, default)\n',
      "test_dicts.py":
        'import pkg.dicts\nfrom pkg.dicts import OMD, first\n\nassert pkg.dicts.__doc__ == "Dictionaries with many values a key."\nassert repr(pkg.dicts._MISSING) == "_MISSING"\nd = OMD(a=[1, 2])\nassert first(d, "a") == [1, 2] and first(d, "b", 3) == 3\n',
    },
    move: { from: "pkg/dicts.py", name: "MultiDict", to: "pkg/kinds/multi.py" },
    followed: true,
    says: "_MISSING (its `try` block, with make_sentinel) moved with the unit",
  },
  {
    // pyasn1's `Integer`: its default reads `noValue = NoValue()`, made from `NoValue =
    // base.NoValue`, and its old module subclasses it as it loads. Both assignments go with it
    // (a circle otherwise: the new module imported first would run the old one, which imports
    // the class back); the old module imports all three back, `NoValue` too, which no code of it
    // reads any more but its `__all__` lists.
    name: "py: a chain of assignments the unit's default reads goes with it, and what __all__ listed stays importable",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/base.py":
        "class NoValue:\n    _it = None\n\n    def __new__(cls):\n        if cls._it is None:\n            cls._it = object.__new__(cls)\n        return cls._it\n",
      "pkg/univ.py":
        'from pkg import base\n\nNoValue = base.NoValue\nnoValue = NoValue()\n\n__all__ = ["Integer", "Boolean", "NoValue", "noValue"]\n\n\nclass Integer:\n    def __init__(self, value=noValue):\n        self.value = value\n\n\nclass Boolean(Integer):\n    pass\n',
      "test_univ.py":
        "import pkg.univ\nfrom pkg.univ import Boolean, Integer, NoValue, noValue\n\nassert Integer().value is noValue and Boolean(1).value == 1\nassert isinstance(noValue, NoValue)\nassert all(hasattr(pkg.univ, n) for n in pkg.univ.__all__)\n",
    },
    move: { from: "pkg/univ.py", name: "Integer", to: "pkg/codec/integer.py" },
    followed: true,
    says: "NoValue, noValue moved with the unit",
  },
  {
    // pathspec's `gitwildmatch.py`: the module registers its class as it loads
    // (`util.register_pattern('gitwildmatch', GitWildMatchPattern)`), and the package's
    // `__init__.py` imports the class from it, which is what runs the registration. Rewritten
    // to import the class from the new module, the package would no longer load the old one,
    // and nothing would register it: its importers go on importing it from the old module.
    name: "py: the old module registers the unit as it loads, and its importers are what load it",
    lang: "py",
    files: {
      "pkg/__init__.py": 'from .patterns import Wild\n\n__all__ = ["Wild"]\n',
      "pkg/util.py":
        "REGISTRY = {}\n\n\ndef register(name, cls):\n    REGISTRY[name] = cls\n\n\ndef lookup(name):\n    return REGISTRY[name]\n",
      "pkg/patterns.py":
        'from pkg import util\n\n\nclass Wild:\n    kind = "wild"\n\n\nutil.register("wild", Wild)\n',
      "test_lookup.py":
        'from pkg import Wild\nfrom pkg.util import lookup\n\nassert lookup("wild") is Wild\n',
    },
    move: { from: "pkg/patterns.py", name: "Wild", to: "pkg/kinds/wild.py" },
    followed: true,
    says: 'pkg/patterns.py: its importers import Wild from it as before: as it loads, it runs `util.register("wild", Wild)`',
  },
  {
    // pathspec's hyperscan backend: a benchmark imports `_DIR_MARK_CG` from the old module,
    // which imports it in parentheses over three lines and read it in the unit alone. The
    // import stays for the benchmark, said to be meant (`# noqa: F401`) on the line pyflakes
    // reports, the statement's first.
    name: "py: an import over several lines kept for a module that reads it through the old one, and read there no more",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/marks.py": 'CG = "cg"\nOPT = "opt"\n',
      "pkg/gitignore.py":
        "from pkg.marks import (\n    CG,\n    OPT)\n\n\ndef backend(s):\n    return s.replace(CG, OPT)\n\n\ndef other():\n    return 1\n",
      "bench_marks.py":
        'from pkg.gitignore import (\n    CG,\n    OPT)\n\nassert (CG, OPT) == ("cg", "opt")\n',
      "test_backend.py":
        'from pkg.gitignore import backend, other\n\nassert backend("a cg") == "a opt" and other() == 1\n',
    },
    move: { from: "pkg/gitignore.py", name: "backend", to: "pkg/moved/backend.py" },
    followed: true,
    says: "pkg/gitignore.py: keeps importing CG, OPT, which another module reads through it",
  },
  {
    // The same module imported at the top and again in a function: the top-level import's
    // rewrite reaches the function's reads too, so the function's import, read for nothing
    // else, goes; and a top-level import read only in functions that import it for themselves
    // is read for nothing (pyflakes: imported but unused), so it goes.
    name: "py: a module imported at the top and again in a function, each left unused by the move",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/sub.py": "def helper():\n    return 1\n\n\ndef other():\n    return 2\n",
      "test_inner.py":
        "import pkg.sub\n\n\ndef f():\n    import pkg.sub\n    return pkg.sub.helper()\n\n\ndef g():\n    return pkg.sub.helper() + pkg.sub.other()\n\n\nassert (f(), g()) == (1, 3)\n",
      "test_outer.py":
        "import pkg.sub\n\n\ndef f():\n    import pkg.sub\n    return pkg.sub.helper() + pkg.sub.other()\n\n\ndef g():\n    return pkg.sub.helper()\n\n\nassert (f(), g()) == (3, 1)\n",
    },
    move: { from: "pkg/sub.py", name: "helper", to: "pkg/moved/helper.py" },
    followed: true,
  },
  {
    // toolz's sandbox/: a subpackage whose __init__ imports the old module through another
    // module of its own (core.py imports itertoolz). The circle is the load check's to find:
    // the move is planned again as across one, and the import back goes at the old module's
    // end, where every name the subpackage asks for is defined.
    name: "py: a unit moved into a subpackage that imports its old module through another module",
    lang: "py",
    files: {
      "pkg/__init__.py": "from .tools import *  # noqa: F401, F403\n",
      "pkg/tools.py":
        '__all__ = ["freq", "first"]\n\n\ndef freq(seq):\n    out = {}\n    for x in seq:\n        out[x] = out.get(x, 0) + 1\n    return out\n\n\ndef first(seq):\n    return next(iter(seq))\n',
      "pkg/extra/__init__.py": "from .core import head  # noqa: F401\n",
      "pkg/extra/core.py":
        "from pkg.tools import first\n\n\ndef head(seq):\n    return first(seq)\n",
      "test_pkg.py":
        "import pkg\nfrom pkg.extra import head\n\nassert pkg.freq([1, 1]) == {1: 2} and head([3]) == 3\n",
    },
    move: { from: "pkg/tools.py", name: "freq", to: "pkg/extra/freq.py" },
    followed: true,
    says: "pkg/tools.py: imports freq from pkg/extra/freq.py at its end, where its __all__ lists it",
  },
  {
    // A pickle of protocol 4 (`\x8c\npkg.shapes\x94\x8c\x05Point`) names a class its old
    // module no longer reads: imported back at its top, as named in a string.
    name: "py: a class a pickle names by its old module, which no longer reads it",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/shapes.py":
        "class Point:\n    def __init__(self, x):\n        self.x = x\n\n\ndef origin():\n    return 0\n",
      "tests/test_point.py":
        'import pickle\n\nOLD = b"\\x80\\x04\\x95%\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x8c\\npkg.shapes\\x94\\x8c\\x05Point\\x94\\x93\\x94)\\x81\\x94}\\x94\\x8c\\x01x\\x94K\\x03sb."\n\nassert pickle.loads(OLD).x == 3\n',
    },
    move: { from: "src/pkg/shapes.py", name: "Point", to: "src/pkg/geo/point.py" },
    scripts: ["tests/test_point.py"],
    followed: true,
    says: "(Point for the string naming it by its path to src/pkg/shapes.py, in tests/test_point.py)",
  },
  {
    // packaging's tests read `tags._manylinux`, the module tags.py imports, and patch names on
    // it that platform_tags reads: tags.py keeps importing it (noqa: F401) once it calls the unit
    // from its new module, and the patch through it is made on the new module.
    name: "py: a module read through an importer of it (`high._low`), and patched through it",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/_low.py":
        'def _version():\n    return 1\n\n\ndef _ok(v):\n    return v == 1\n\n\ndef tags():\n    return ["a"] if _ok(_version()) else []\n\n\ndef version():\n    return _version()\n',
      "src/pkg/high.py": "from . import _low\n\n\ndef all_tags():\n    return list(_low.tags())\n",
      "tests/test_high.py":
        'from pkg import high\n\nassert high.all_tags() == ["a"]\nhigh._low._ok = lambda v: False\nassert high.all_tags() == []\nassert high._low.version() == 1\n',
    },
    move: { from: "src/pkg/_low.py", name: "tags", to: "src/pkg/data/tags.py" },
    scripts: ["tests/test_high.py"],
    followed: true,
    says: "src/pkg/high.py: keeps importing _low, which another module reads through it, unused here",
  },
  {
    // soupsieve's __init__.py: `from . import css_types as ct`, and tests that read
    // `sv.ct.CustomSelectors` without ever naming css_types: they are found, and follow.
    name: "py: a module read through the name its package binds it as (`sv.ct.Thing`), by a file that never names the module",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": 'from . import kinds as kt\n\n__all__ = ["kt"]\n',
      "src/pkg/kinds.py":
        "class Thing:\n    def __init__(self, n):\n        self.n = n\n\n\ndef other():\n    return 2\n",
      "tests/test_kinds.py":
        "import pkg as p\n\nassert p.kt.Thing(1).n == 1\nassert p.kt.other() == 2\n",
    },
    move: { from: "src/pkg/kinds.py", name: "Thing", to: "src/pkg/data/thing.py" },
    scripts: ["tests/test_kinds.py"],
    followed: true,
  },
  {
    // packaging's _ranges.py: `POS_INF = UpperBound(None, False)` runs the class as the module
    // loads, before `_make_below_after_locals` (read in a branch that call skips) is defined.
    // From a new module, which imports the old one's names in its functions (a cycle at the
    // top), that import would run on entry and fail.
    name: "py: a unit its old module calls as it loads, before defining what the unit reads: refused",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/bounds.py":
        "class Upper:\n    def __init__(self, v):\n        if v is None:\n            self.below = None\n        else:\n            self.below = _below(v)\n\n\nPOS_INF = Upper(None)\n\n\ndef _below(v):\n    return v\n\n\ndef make(v):\n    return Upper(v)\n\n\ndef lower(v):\n    return _below(v)\n",
    },
    move: { from: "src/pkg/bounds.py", name: "Upper", to: "src/pkg/data/upper.py" },
    refused: "calls Upper as it loads, before it defines _below",
  },
  {
    // werkzeug's tests/sansio/__init__.py: a package of tests, importing from src/ all the same.
    name: "py: a src/ layout's tests in a package of their own",
    lang: "py",
    importRoots: ["src"],
    files: {
      "src/pkg/__init__.py": "",
      "src/pkg/utils.py": `def host(h):\n    return h.lower()\n\n\ndef keep():\n    return 1\n`,
      "tests/sansio/__init__.py": "",
      "tests/sansio/test_utils.py": `from pkg.utils import host, keep\n\nassert host("A") == "a"\nassert keep() == 1\n`,
    },
    move: { from: "src/pkg/utils.py", name: "host", to: "src/pkg/host.py" },
    scripts: ["tests/sansio/test_utils.py"],
    followed: true,
  },
  {
    name: "py: two projects side by side",
    lang: "py",
    importRoots: ["svc_a", "svc_b"],
    files: {
      "svc_a/pkg/__init__.py": "",
      "svc_a/pkg/util.py": `def slug(s):\n    return s.lower()\n`,
      "svc_a/pkg/use.py": `from pkg.util import slug\n\n\ndef use():\n    return slug("A")\n`,
      "svc_b/pkg/__init__.py": "",
      "svc_b/pkg/util.py": `def slug(s):\n    return s.upper()\n`,
      "svc_b/pkg/use.py": `from pkg.util import slug\n\n\ndef use():\n    return slug("b")\n`,
    },
    move: { from: "svc_a/pkg/util.py", name: "slug", to: "svc_a/pkg/text.py" },
  },
  {
    name: "py: a TYPE_CHECKING block that goes with the unit",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/model.py": `class Model:\n    pass\n`,
      "pkg/util.py": `from __future__ import annotations\n\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from pkg.model import Model\n\n\ndef name(m: Model) -> str:\n    return type(m).__name__\n`,
      "test_name.py": `from pkg.model import Model\nfrom pkg.util import name\n\nassert name(Model()) == "Model"\n`,
    },
    move: { from: "pkg/util.py", name: "name", to: "pkg/naming.py" },
  },
  {
    // itsdangerous' serializer.py: a TypeVar for type checkers under the guard, another at run
    // time under `else:`, read by the unit's base class as it is made.
    name: "py: a name bound under TYPE_CHECKING and again under else, read as the unit loads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/serializer.py": `import typing as t\n\nif t.TYPE_CHECKING:\n    T = t.TypeVar("T", bound=str)\nelse:\n    T = t.TypeVar("T")\n\n\nclass Serializer(t.Generic[T]):\n    def dumps(self, obj: T) -> T:\n        return obj\n`,
      "test_serializer.py": `from pkg.serializer import Serializer\n\nassert Serializer().dumps("x") == "x"\n`,
    },
    move: { from: "pkg/serializer.py", name: "Serializer", to: "pkg/moved.py" },
  },
  {
    name: "py: a name the new module imports for type checkers alone, read by the unit as it loads",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/a.py": `class Base:\n    pass\n\n\nclass Leaf(Base):\n    pass\n`,
      "pkg/b.py": `from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .a import Base\n\n\ndef use(x: "Base") -> str:\n    return type(x).__name__\n`,
      "test_leaf.py": `from pkg.a import Base, Leaf\nfrom pkg.b import use\n\nassert issubclass(Leaf, Base) and use(Leaf()) == "Leaf"\n`,
    },
    move: { from: "pkg/a.py", name: "Leaf", to: "pkg/b.py" },
  },
  {
    name: "py: leftovers (an only import dropped, a name read both ways, a file left empty)",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/util.py": `import re


def slug(s):
    return re.sub("a", "b", s)
`,
      "pkg/both.py": `from pkg import util
from pkg.util import slug


def both():
    return util.slug("a") + slug("a")
`,
      "test_both.py": `from pkg.both import both

assert both() == "bb"
`,
    },
    move: { from: "pkg/util.py", name: "slug", to: "pkg/text.py" },
  },
  {
    name: "py: a cycle broken from the new module's side (the old module reads the unit as it loads)",
    lang: "py",
    files: {
      "pkg/__init__.py": "",
      "pkg/models.py": `class Child:
    def make(self):
        return helper()


def helper():
    return 1


DEFAULT = Child()
`,
      "test_first.py": `from pkg.sub.child_first import check

check()
`,
      "pkg/sub/__init__.py": "",
      "pkg/sub/child_first.py": `def check():
    from pkg.models import DEFAULT

    assert DEFAULT.make() == 1
`,
      "test_models.py": `import pkg.models

assert pkg.models.DEFAULT.make() == 1
`,
    },
    move: { from: "pkg/models.py", name: "Child", to: "pkg/sub/child.py" },
  },
  {
    name: "py: two packages, one re-exporting the other, typing stubs that import across them (attrs): the stubs never run; the old module imports the unit back and keeps it in `__all__`",
    lang: "py",
    files: {
      "attr/__init__.py": `from . import validators\nfrom ._make import attrs\n\n__all__ = ["attrs", "validators"]\n__title__ = "attr"\n`,
      // The stub imports from the other package, which the code does not.
      "attr/__init__.pyi": `from attrs import define as define\nfrom . import validators as validators\n`,
      "attr/_make.py": `def attrs(cls):\n    return cls\n`,
      "attr/validators.py": `from ._make import attrs\n\n__all__ = ["instance_of", "optional"]\n\n\n@attrs\nclass _InstanceOf:\n    def __init__(self, type):\n        self.type = type\n\n\ndef instance_of(type):\n    return _InstanceOf(type)\n\n\ndef optional(v=instance_of(int)):\n    return v\n`,
      "attr/validators.pyi": `def instance_of(type: type) -> object: ...\ndef optional(v: object = ...) -> object: ...\n`,
      "attrs/__init__.py": `from attr import __title__, validators\nfrom attr._make import attrs as define\n\n__all__ = ["__title__", "define", "validators"]\n`,
      "test_star.py": `import attrs\n\nstar = {}\nexec("from attr.validators import *", star)\nassert star["instance_of"](int).type is int\nassert star["optional"]().type is int\nassert attrs.__title__ == "attr"\n`,
    },
    move: { from: "attr/validators.py", name: "instance_of", to: "attr/moved/instance_of.py" },
    followed: true,
  },
  {
    name: "py: a module another package re-exports by a star import (attrs' `from attr.validators import *`): the old module goes on binding and listing the unit, its helper imported in the unit's function",
    lang: "py",
    files: {
      "attr/__init__.py": "",
      "attr/validators.py": `__all__ = ["matches_re"]\n\n\nclass _MatchesRe:\n    def __init__(self, pattern):\n        self.pattern = pattern\n\n\ndef matches_re(pattern):\n    return _MatchesRe(pattern)\n`,
      "attrs/__init__.py": "",
      "attrs/validators.py": "from attr.validators import *  # noqa: F401, F403\n",
      "test_reexport.py": `import attrs.validators\n\nassert attrs.validators.matches_re("a").pattern == "a"\n`,
    },
    move: { from: "attr/validators.py", name: "matches_re", to: "attr/moved/matches_re.py" },
    followed: true,
  },
  {
    name: "py: a unit moved into another top-level package (attr → attrs): its module imports it back absolutely, never by a relative import past its top-level package",
    lang: "py",
    files: {
      "attr/__init__.py": 'from ._funcs import has\n\n__all__ = ["has"]\n',
      "attr/_compat.py": 'def generic_base(cl):\n    return getattr(cl, "__origin__", None)\n',
      "attr/_funcs.py":
        "from ._compat import generic_base\n\n\ndef has(cls):\n    return generic_base(cls) is None\n",
      "attrs/__init__.py": 'from attr import has\n\n__all__ = ["has"]\n',
      "test_has.py": "import attrs\n\nassert attrs.has(int)\n",
    },
    move: { from: "attr/_compat.py", name: "generic_base", to: "attrs/generic_base.py" },
    followed: true,
  },
];

const GO_MOD = "module example.com/app\n\ngo 1.19\n";

const UTIL_GO = `package util

import (
\t"strings"
\t"unicode"
)

// Clean trims a string.
func Clean(s string) string {
\treturn strings.TrimSpace(s)
}

// Slug makes a slug of a title.
func Slug(s string) string {
\treturn strings.ToLower(strings.ReplaceAll(Clean(s), " ", "-"))
}

// Title capitalises a string's first letter.
func Title(s string) string {
\tr := []rune(s)
\tif len(r) > 0 {
\t\tr[0] = unicode.ToUpper(r[0])
\t}
\treturn string(r)
}
`;

const MAIN_GO = `package main

import (
\t"fmt"

\t"example.com/app/util"
)

func main() {
\tfmt.Println(util.Slug("Hello World"), util.Title("x"))
}
`;

const UTIL_TEST_GO = `package util

import "testing"

func TestSlug(t *testing.T) {
\tif got := Slug(" A B "); got != "a-b" {
\t\tt.Fatalf("Slug = %q", got)
\t}
}
`;

/** A main package printing `expr`, which reads package `pkg` of example.com/app. */
const mainGo = (pkg: string, expr: string) => `package main

import (
\t"fmt"

\t"example.com/app/${pkg}"
)

func main() {
\tfmt.Println(${expr})
}
`;

/** Go (issue 35): each judged by \`go vet\` and \`go test\` over the module. */
export const GO_SHAPES: Shape[] = [
  {
    // tidwall/btree: `&Generic[T]{NewBTreeGOptions(less, opts)}`, moved into a package of its
    // own: an unkeyed literal of an imported generic type, which go vet's composites check
    // flags; its fields are named as for any imported struct type.
    name: "go: an unkeyed literal of a generic type, moved out of its package",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "tree/tree.go":
        "package tree\n\n// BTreeG is a tree.\ntype BTreeG[T any] struct{ items []T }\n\n// Generic wraps one.\ntype Generic[T any] struct {\n\t*BTreeG[T]\n}\n\n// NewBTreeG makes one.\nfunc NewBTreeG[T any]() *BTreeG[T] { return &BTreeG[T]{} }\n\n// NewGeneric makes a wrapped one.\nfunc NewGeneric[T any]() *Generic[T] {\n\treturn &Generic[T]{NewBTreeG[T]()}\n}\n",
      "app_test.go":
        'package app\n\nimport (\n\t"testing"\n\n\t"example.com/app/tree"\n)\n\nfunc TestNew(t *testing.T) {\n\tif tree.NewGeneric[int]().BTreeG == nil {\n\t\tt.Fatal("nil")\n\t}\n}\n',
    },
    move: { from: "tree/tree.go", name: "NewGeneric", to: "tree/generic/generic.go" },
    followed: true,
  },
  {
    // regexp2's syntax/code.go: `Onerep InstOp = 0 // …` heads a const group whose other specs
    // take its type; moved into a package of its own, `instop.InstOp` widens the type's column,
    // which gofmt realigns for the whole run.
    name: "go: a type qualified at the head of an aligned const group",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "syntax/code.go":
        "package syntax\n\n// InstOp is an operation.\ntype InstOp int\n\nconst (\n\tOnerep    InstOp = 0 // a {n}\n\tNotonerep        = 1 // .{n}\n)\n\n// Size is an operation's size.\nfunc Size(op InstOp) int { return int(op) + 1 }\n",
      "fuzz.go":
        'package app\n\nimport "example.com/app/syntax"\n\n// Fuzz fuzzes.\nfunc Fuzz(data []byte) int { return syntax.Size(syntax.Onerep) + len(data) }\n',
    },
    move: { from: "syntax/code.go", name: "InstOp", to: "syntax/instop/instop.go" },
    followed: true,
  },
  {
    name: "go: a function split into a new file of its package (the package clause, its imports)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": UTIL_GO,
      "main.go": MAIN_GO,
      "util/util_test.go": UTIL_TEST_GO,
    },
    move: { from: "util/util.go", name: "Title", to: "util/title.go" },
    followed: true,
  },
  {
    // chi's middleware: `StripPrefix(prefix string)` reads its parameter, not the package's
    // `var prefix`; `for _, v := range` and `var _ http.Handler = …` share no name.
    name: "go: a function whose parameter and blank identifier share names with its old package's unexported ones",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "mw/ids.go":
        'package mw\n\nimport "fmt"\n\nvar prefix string\n\n// ID is a request id.\ntype ID int\n\nfunc (i ID) String() string { return fmt.Sprint(prefix, int(i)) }\n\nvar _ fmt.Stringer = ID(0)\n',
      "mw/strip.go":
        'package mw\n\nimport "strings"\n\n// StripPrefix trims prefix from each path.\nfunc StripPrefix(prefix string, paths []string) []string {\n\tout := []string{}\n\tfor _, p := range paths {\n\t\tif trimmed := strings.TrimPrefix(p, prefix); trimmed != "" {\n\t\t\tout = append(out, trimmed)\n\t\t}\n\t}\n\treturn out\n}\n',
      "mw/strip_test.go":
        'package mw\n\nimport "testing"\n\nfunc TestStrip(t *testing.T) {\n\tif got := StripPrefix("/a", []string{"/a/b", "/a"}); len(got) != 1 || got[0] != "/b" || ID(2).String() != "2" {\n\t\tt.Fatal(got)\n\t}\n}\n',
    },
    move: { from: "mw/strip.go", name: "StripPrefix", to: "mw/strip/strip.go" },
    followed: true,
  },
  {
    // expr's `FromType`, read through a dot import (`. "…/checker/nature"`): rewritten to the
    // new package where it went, and the dot import dropped from a file that read nothing else
    // of the old package (Go refuses an unused import), kept where the file still does.
    name: "go: a function its importers read through a dot import of its old package",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "nature/nature.go":
        "package nature\n\n// Nature is a kind of value.\ntype Nature struct {\n\tKind string\n}\n\n// FromType names a type's nature.\nfunc FromType(t string) Nature {\n\treturn Nature{Kind: t}\n}\n",
      "checker/checker.go":
        'package checker\n\nimport (\n\t"strings"\n\n\t. "example.com/app/nature"\n)\n\n// Check says whether a type is known.\nfunc Check(t string) Nature {\n\tif strings.HasPrefix(t, "x") {\n\t\treturn Nature{}\n\t}\n\treturn FromType(t)\n}\n',
      "vm/vm.go":
        'package vm\n\nimport . "example.com/app/nature"\n\n// Kind is a type\'s kind.\nfunc Kind(t string) string { return FromType(t).Kind }\n',
      "checker/checker_test.go":
        'package checker\n\nimport (\n\t"testing"\n\n\t"example.com/app/vm"\n)\n\nfunc TestCheck(t *testing.T) {\n\tif Check("int").Kind != "int" || Check("x").Kind != "" || vm.Kind("f") != "f" {\n\t\tt.Fatal("kinds")\n\t}\n}\n',
    },
    move: { from: "nature/nature.go", name: "FromType", to: "conf/types.go" },
    followed: true,
    says: "vm/vm.go: drops imports example.com/app/nature",
  },
  {
    // goawk's internal/ast reads the lexer's `Position` through `. "…/lexer"`: a unit split
    // into a new file of its package, or moved to another, imports it there as well, and the
    // old file drops it where the unit alone read it (Go refuses an unused import).
    name: "go: a unit reading names through its file's dot import takes the dot import along",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "lexer/lexer.go":
        "package lexer\n\n// Position is a place in the source.\ntype Position struct {\n\tLine int\n}\n\n// Token is a kind of token.\ntype Token int\n",
      "ast/ast.go":
        'package ast\n\nimport (\n\t"fmt"\n\n\t. "example.com/app/lexer"\n)\n\n// InExpr is `key in array`.\ntype InExpr struct {\n\tPos Position\n\tKey string\n}\n\n// String shows it.\nfunc (e *InExpr) String() string { return fmt.Sprint(e.Key, e.Pos.Line) }\n\n// Op is an operator.\ntype Op struct {\n\tTok Token\n}\n',
      "ast/ast_test.go":
        'package ast\n\nimport (\n\t"testing"\n\n\t. "example.com/app/lexer"\n)\n\nfunc TestIn(t *testing.T) {\n\tif (&InExpr{Pos: Position{Line: 2}, Key: "k"}).String() != "k2" || (Op{Tok: 1}).Tok != 1 {\n\t\tt.Fatal("in")\n\t}\n}\n',
    },
    move: { from: "ast/ast.go", name: "InExpr", to: "ast/inexpr.go" },
    followed: true,
    says: "ast/inexpr.go: imports example.com/app/lexer",
  },
  {
    name: "go: a literal's key named as a dot-imported package's export is no read of it",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "lexer/lexer.go":
        "package lexer\n\n// Line is the first line.\nconst Line = 1\n\n// Token is a kind of token.\ntype Token int\n",
      "ast/ast.go":
        'package ast\n\nimport . "example.com/app/lexer"\n\n// Place is a place.\ntype Place struct {\n\tLine int\n}\n\n// Origin is the first place.\nfunc Origin() Place { return Place{Line: 0} }\n\n// First is the first token.\nvar First Token = Line\n',
    },
    move: { from: "ast/ast.go", name: "Origin", to: "ast/origin.go" },
    followed: true,
  },
  {
    name: "go: a unit alone reading through its file's dot import takes it to another package, and the old file drops it",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "lexer/lexer.go":
        "package lexer\n\n// Position is a place in the source.\ntype Position struct {\n\tLine int\n}\n",
      "ast/ast.go":
        'package ast\n\nimport (\n\t"strings"\n\n\t. "example.com/app/lexer"\n)\n\n// PosError is an error at a place.\ntype PosError struct {\n\tPos Position\n}\n\nfunc (e *PosError) Error() string { return "at line" }\n\n// Upper shouts.\nfunc Upper(s string) string { return strings.ToUpper(s) }\n',
      "main.go":
        'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/app/ast"\n)\n\nfunc main() {\n\tfmt.Println(ast.Upper("a"), (&ast.PosError{}).Error())\n}\n',
    },
    move: { from: "ast/ast.go", name: "PosError", to: "ast/poserror/poserror.go" },
    followed: true,
    says: "ast/ast.go: drops imports example.com/app/lexer",
  },
  {
    // goawk's `type Node interface { node() }`, which each node type of package ast declares.
    name: "go: an interface with an unexported method its old package's types declare is refused another package",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "ast/ast.go":
        "package ast\n\n// Node is a node of the tree.\ntype Node interface {\n\tnode()\n}\n\n// Leaf is a node.\ntype Leaf struct{}\n\nfunc (l *Leaf) node() {}\n\n// Nodes lists nodes.\nvar Nodes = []Node{&Leaf{}}\n",
    },
    move: { from: "ast/ast.go", name: "Node", to: "ast/node/node.go" },
    refused: "Node has the unexported method node, which package ast's Leaf declares",
  },
  {
    name: "go: an interface with unexported methods no type of its old package declares all of moves",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "ast/ast.go":
        "package ast\n\n// Sealed is implemented elsewhere.\ntype Sealed interface {\n\topen()\n\tshut()\n}\n\n// Door opens.\ntype Door struct{}\n\nfunc (d *Door) open() {}\n\n// Doors are doors.\nvar Doors = []*Door{{}}\n",
      "main.go":
        'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/app/ast"\n)\n\nfunc main() {\n\tvar s ast.Sealed\n\tfmt.Println(s == nil, len(ast.Doors))\n}\n',
    },
    move: { from: "ast/ast.go", name: "Sealed", to: "ast/sealed/sealed.go" },
    followed: true,
  },
  {
    // goawk's statements: `func (s *NextStmt) stmtNode() {}` makes each an ast.Stmt.
    name: "go: a type implementing its old package's interface by an unexported method is refused another package",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "ast/ast.go":
        "package ast\n\n// Stmt is a statement.\ntype Stmt interface {\n\tstmtNode()\n}\n\n// NextStmt is `next`.\ntype NextStmt struct{}\n\nfunc (s *NextStmt) stmtNode() {}\n\n// Body is a block.\nvar Body = []Stmt{&NextStmt{}}\n",
    },
    move: { from: "ast/ast.go", name: "NextStmt", to: "ast/next/next.go" },
    refused: "NextStmt implements Stmt of package ast by its unexported method stmtNode",
  },
  {
    name: "go: a function into another package: its importers and its old package's tests",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": UTIL_GO.replace("ReplaceAll(Clean(s)", "ReplaceAll(strings.TrimSpace(s)"),
      "main.go": MAIN_GO,
      "util/util_test.go": UTIL_TEST_GO,
    },
    move: { from: "util/util.go", name: "Slug", to: "text/slug.go" },
    followed: true,
  },
  {
    name: "go: a function reading its old package's exported name goes to a package that imports the old one",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": UTIL_GO.replace("\treturn string(r)\n}", "\treturn Slug(string(r))\n}"),
      "main.go": MAIN_GO,
    },
    move: { from: "util/util.go", name: "Title", to: "text/title.go" },
    followed: true,
  },
  {
    // goldmark's util_safe.go (`//go:build appengine || js`) and util_unsafe_go121.go each
    // declare StringToReadOnlyBytes: a new file without the constraint redeclares it.
    name: "go: a unit of a file with a build constraint takes the constraint into a new file",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/safe.go":
        "//go:build appengine\n// +build appengine\n\npackage util\n\n// Bytes returns the bytes of s.\nfunc Bytes(s string) []byte {\n\treturn []byte(s)\n}\n",
      "util/fast.go":
        "//go:build !appengine\n// +build !appengine\n\npackage util\n\n// Bytes returns the bytes of s.\nfunc Bytes(s string) []byte {\n\treturn []byte(s)\n}\n\n// Fast says which.\nconst Fast = true\n",
      "util/util_test.go":
        'package util\n\nimport "testing"\n\nfunc TestBytes(t *testing.T) {\n\tif string(Bytes("a")) != "a" {\n\t\tt.Fatal("bytes")\n\t}\n}\n',
    },
    move: { from: "util/safe.go", name: "Bytes", to: "util/bytes.go" },
    followed: true,
    says: "//go:build appengine (built where util/safe.go is)",
  },
  {
    // A file's name builds it for one system: the new file says so in its constraint.
    name: "go: a unit of a file built for one system by its name takes that as a constraint",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/sep_windows.go":
        "package util\n\n// Sep separates paths.\nconst Sep = `\\`\n\n// Drive says whether paths have drives.\nconst Drive = true\n",
      "util/sep_other.go":
        "//go:build !windows\n\npackage util\n\n// Sep separates paths.\nconst Sep = `/`\n\n// Drive says whether paths have drives.\nconst Drive = false\n",
    },
    move: { from: "util/sep_windows.go", name: "Drive", to: "util/drive.go" },
    followed: true,
    says: "//go:build windows (built where util/sep_windows.go is)",
  },
  {
    name: "go: a unit is refused a move into a file built elsewhere",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/safe.go":
        "//go:build appengine\n\npackage util\n\n// Bytes returns the bytes of s.\nfunc Bytes(s string) []byte {\n\treturn []byte(s)\n}\n",
      "util/fast.go":
        "//go:build !appengine\n\npackage util\n\n// Bytes returns the bytes of s.\nfunc Bytes(s string) []byte {\n\treturn []byte(s)\n}\n",
      "util/util.go": "package util\n\n// Name names it.\nconst Name = `util`\n",
    },
    move: { from: "util/safe.go", name: "Bytes", to: "util/util.go" },
    refused: "util/safe.go is built only where `appengine` and util/util.go everywhere",
  },
  {
    // gomarkdown's parser: a node whose printed type (`%T`) lacks the prefix "*ast." is one of
    // another package. Moved to package footnotes, Footnotes would print as *footnotes.Footnotes.
    name: "go: a type that code tells by its printed name is refused a move to another package",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "ast/node.go":
        "package ast\n\n// Node is a node.\ntype Node interface{}\n\n// Footnotes holds the notes.\ntype Footnotes struct{}\n",
      "parser/parser.go":
        'package parser\n\nimport (\n\t"fmt"\n\t"strings"\n\n\t"example.com/app/ast"\n)\n\n// Custom says whether n is a node of another package.\nfunc Custom(n ast.Node) bool {\n\treturn !strings.HasPrefix(fmt.Sprintf("%T", n), "*ast.")\n}\n\n// Notes makes the notes.\nfunc Notes() ast.Node {\n\treturn &ast.Footnotes{}\n}\n',
      "parser/parser_test.go":
        'package parser\n\nimport "testing"\n\nfunc TestNotes(t *testing.T) {\n\tif Custom(Notes()) {\n\t\tt.Fatal("footnotes taken for a custom node")\n\t}\n}\n',
    },
    move: { from: "ast/node.go", name: "Footnotes", to: "ast/footnotes/footnotes.go" },
    refused: "tells types by their printed name",
  },
  {
    // skx/monkey's environment.go: `strings.HasPrefix(key, "object.")` reads its script's method
    // names, in a file that prints no type: no printed name, so the move goes on.
    name: "go: a string that looks like a package prefix in a file that prints no type does not hold a type back",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "object/object.go":
        'package object\n\nimport "strings"\n\n// Hashable can be hashed.\ntype Hashable interface{ Key() string }\n\n// Methods lists the names every object has.\nfunc Methods(names []string) (out []string) {\n\tfor _, n := range names {\n\t\tif strings.HasPrefix(n, "object.") {\n\t\t\tout = append(out, n)\n\t\t}\n\t}\n\treturn out\n}\n',
      "main.go": mainGo("object", 'len(object.Methods([]string{"object.x"}))'),
    },
    move: { from: "object/object.go", name: "Hashable", to: "object/hashable/hashable.go" },
    followed: true,
  },
  {
    name: "go: a move that would close an import cycle is refused",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": UTIL_GO.replace("\treturn string(r)\n}", "\treturn Slug(string(r))\n}"),
      "main.go": MAIN_GO,
    },
    move: { from: "util/util.go", name: "Slug", to: "text/slug.go" },
    refused: "import cycle",
  },
  {
    name: "go: a cycle through a third package the destination imports is refused",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": UTIL_GO.replace("ReplaceAll(Clean(s)", "ReplaceAll(strings.TrimSpace(s)"),
      "util/util_test.go": UTIL_TEST_GO,
      "text/text.go": `package text

import "example.com/app/format"

// Upper shouts.
func Upper(s string) string { return format.Loud(s) }
`,
      "format/format.go": `package format

import (
\t"strings"

\t"example.com/app/util"
)

// Loud shouts a title.
func Loud(s string) string { return strings.ToUpper(util.Title(s)) }
`,
    },
    move: { from: "util/util.go", name: "Slug", to: "text/slug.go" },
    refused: "util → text → format → util",
  },
  {
    name: "go: unexported helpers only the unit uses go with it (a type with its methods), and an importer's local of the new package's name",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/sort.go": `package util

import "sort"

// SortKeys sorts keys with a sorter.
func SortKeys(keys []string) []string {
\ts := sorter{keys}
\tsort.Sort(s)
\treturn s.keys
}

type sorter struct{ keys []string }

func (s sorter) Len() int           { return len(s.keys) }
func (s sorter) Less(i, j int) bool { return less(s.keys[i], s.keys[j]) }
func (s sorter) Swap(i, j int)      { s.keys[i], s.keys[j] = s.keys[j], s.keys[i] }

// less compares two keys.
func less(a, b string) bool { return a < b }
`,
      "util/other.go": "package util\n\n// Other stays.\nfunc Other() int { return 1 }\n",
      "main.go": `package main

import (
\t"fmt"

\t"example.com/app/util"
)

func main() {
\tkeys := []string{"b", "a"}
\tfmt.Println(util.SortKeys(keys), util.Other())
}
`,
    },
    move: { from: "util/sort.go", name: "SortKeys", to: "keys/sort.go" },
    followed: true,
  },
  {
    name: "go: an unexported name the unit reads, which its old package uses too, cannot cross a package boundary",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": `package util

func lower(s string) string { return s }

// Shout is loud.
func Shout(s string) string { return lower(s) + "!" }

// Whisper is quiet, and uses lower too.
func Whisper(s string) string { return lower(s) + "…" }
`,
      "main.go": `package main

import "example.com/app/util"

func main() { println(util.Shout("a")) }
`,
    },
    move: { from: "util/util.go", name: "Shout", to: "text/shout.go" },
    refused: "unexported",
  },
  {
    name: "go: an internal package that an importer outside its parent could not import is refused",
    lang: "go",
    files: { "go.mod": GO_MOD, "util/util.go": UTIL_GO, "main.go": MAIN_GO },
    move: { from: "util/util.go", name: "Title", to: "util/internal/text/title.go" },
    refused: "internal to util",
  },
  {
    name: "go: a type moves with the methods its file declares; an import group emptied goes with its blank line",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "geo/point.go": `package geo

import (
\t"math"

\t"example.com/app/util"
)

// Point is a point.
type Point struct{ X, Y float64 }

// Norm is its length.
func (p Point) Norm() float64 { return math.Hypot(p.X, p.Y) }

// Name names it.
func Name(s string) string { return util.Title(s) }
`,
      "util/util.go":
        "package util\n\n// Title is a title.\nfunc Title(s string) string { return s }\n",
      "main.go": `package main

import (
\t"fmt"

\t"example.com/app/geo"
)

func main() { fmt.Println(geo.Point{X: 3, Y: 4}.Norm(), geo.Name("a")) }
`,
    },
    move: { from: "geo/point.go", name: "Point", to: "shapes/point.go" },
    followed: true,
  },
  {
    name: "go: a type whose unexported fields its old package sets in a literal without keys is refused (go-cmp's value.Pointer)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/pointer.go": `package util

// Pointer is an opaque pointer.
type Pointer struct {
\tp uintptr
\tt string
}

// IsNil reports whether it is nil.
func (p Pointer) IsNil() bool { return p.p == 0 }

// PointerOf makes one.
func PointerOf(p uintptr, t string) Pointer {
\treturn Pointer{p, t}
}
`,
    },
    move: { from: "util/pointer.go", name: "Pointer", to: "util/pointer/pointer.go" },
    refused: "Pointer's unexported fields (a literal without keys)",
  },
  {
    name: "go: a function setting an unexported field of its old package's type is refused (go-cmp's teststructs.CreateMockTable)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/table.go": `package util

// Table is a table.
type Table struct {
\tName  string
\tstate map[string]int
}

// NewTable makes one.
func NewTable(name string) *Table {
\treturn &Table{Name: name, state: map[string]int{}}
}

// Size counts its rows.
func (t *Table) Size() int { return len(t.state) }
`,
    },
    move: { from: "util/table.go", name: "NewTable", to: "util/table/new.go" },
    refused: "Table.state",
  },
  {
    name: "go: another package's type of the unit's name (pb.Goat) is no use of the unit: no cycle (go-cmp's teststructs.Goat)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "proto/proto.go": "package proto\n\n// Goat is a message.\ntype Goat struct{ Name string }\n",
      "zoo/zoo.go": `package zoo

import pb "example.com/app/proto"

// Goat is a goat.
type Goat struct {
\tName      string
\tImmutable *GoatImmutable
}

// GoatImmutable is what does not change.
type GoatImmutable struct{ ID string }

// Proto is its message.
func (GoatImmutable) Proto() *pb.Goat { return nil }
`,
    },
    move: { from: "zoo/zoo.go", name: "Goat", to: "zoo/goat/goat.go" },
    followed: true,
  },
  {
    name: "go: helpers brought along that stand right above one another all go, whole (go-cmp's approximator)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": `package util

import "strings"

// Slug makes a slug.
func Slug(s string) string {
\treturn dash(lower(s))
}

func lower(s string) string {
\treturn strings.ToLower(s)
}
func dash(s string) string {
\treturn strings.ReplaceAll(s, " ", "-")
}
func trim(s string) string {
\treturn strings.TrimSpace(s)
}

// Keep stays.
func Keep(s string) string { return trim(s) }
`,
      "main.go": mainGo("util", `util.Slug("Hello World"), util.Keep(" x ")`),
    },
    move: { from: "util/util.go", name: "Slug", to: "text/slug.go" },
    followed: true,
  },
  {
    name: "go: literals without keys that a move makes another package's get their fields' names (go vet's composites check)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "geo/point.go": "package geo\n\n// Point is a point.\ntype Point struct{ X, Y int }\n",
      "geo/origin.go":
        "package geo\n\n// Origin is the origin.\nfunc Origin() Point { return Point{0, 0} }\n",
      "main.go": mainGo("geo", "geo.Origin()"),
    },
    move: { from: "geo/point.go", name: "Point", to: "shapes/point.go" },
    followed: true,
    says: "geo/origin.go: names the fields of its Point literals",
  },
  {
    // go-humanize's times.go: `var defaultMagnitudes = []RelTimeMagnitude{{time.Second, "now",
    // time.Second}, …}`, the type elided in each element: once RelTimeMagnitude is another
    // package's, vet's composites check reads each as its literal (27 findings, refused).
    name: "go: a slice's and a map's elements without keys, their type elided, get their fields' names when it moves to another package",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "geo/point.go": "package geo\n\n// Point is a point.\ntype Point struct{ X, Y int }\n",
      "geo/corners.go": `package geo

// Corners are the unit square's.
var Corners = []Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}

// Named are two of them, by name.
var Named = map[string]*Point{"origin": {0, 0}, "far": {1, 1}}

// Diagonal is two of them.
var Diagonal = [...]Point{{0, 0}, {1, 1}}
`,
      "main.go": mainGo("geo", "len(geo.Corners), len(geo.Named), len(geo.Diagonal)"),
    },
    move: { from: "geo/point.go", name: "Point", to: "shapes/point.go" },
    followed: true,
    says: "geo/corners.go: names the fields of its Point literals",
  },
  {
    name: "go: the unit's literals without keys of its old package's struct get their fields' names",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "geo/pair.go": `package geo

// Pair is two numbers.
type Pair struct {
\tA, B int
}

// Make makes one.
func Make() Pair {
\treturn Pair{1, 2}
}
`,
      "main.go": mainGo("geo", "geo.Make()"),
    },
    move: { from: "geo/pair.go", name: "Make", to: "maker/make.go" },
    followed: true,
    says: "maker/make.go: names the fields of its Pair literals",
  },
  {
    // BurntSushi/toml: Position in error.go, its String method in lex.go (as a stringer's
    // kind_string.go holds a type's String): Go declares a type's methods in its package.
    name: "go: a type moves with the methods other files of its package declare, their imports too; what those files still use of it follows",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/point.go": "package util\n\n// Point is a point.\ntype Point struct{ X, Y int }\n",
      "util/lex.go": `package util

import (
\t"fmt"
\t"strings"
)

// Sum adds.
func (p Point) Sum() int { return p.X + p.Y }

func (p Point) String() string {
\treturn fmt.Sprintf("(%d, %d)", p.X, p.Y)
}

// Spot has a point, a field named as its type.
type Spot struct{ Point Point }

// Origin is where it starts.
func Origin() string {
\tspot := Spot{Point: Point{}}
\treturn strings.ToUpper(spot.Point.String())
}
`,
      "util/lex_test.go": `package util

import "testing"

func TestOrigin(t *testing.T) {
\tif Origin() != "(0, 0)" || (Point{1, 2}).Sum() != 3 {
\t\tt.Fatal(Origin())
\t}
}
`,
      "main.go": mainGo("util", "util.Origin()"),
    },
    move: { from: "util/point.go", name: "Point", to: "geo/point.go" },
    followed: true,
    says: "util/lex.go: Point.Sum, Point.String moved with Point",
  },
  {
    // pierrec/lz4's options_gen.go and robpike/ivy's type_string.go: stringer's `String`
    // reads `_Size_name_0`, which the generated file declares for it alone; they go together.
    name: "go: a type moves with a stringer's String and the unexported names only it reads; the generated file keeps its compile-time check",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "opts/size.go": `package opts

// Size is a block size.
type Size uint32

const (
\tSmall Size = 1 << (iota + 4)
\tLarge
)

// Default is the size used.
func Default() Size { return Small }
`,
      "opts/size_string.go": `// Code generated by "stringer -type=Size"; DO NOT EDIT.

package opts

import "strconv"

func _() {
\t// An "invalid array index" compiler error signifies that the constant values have changed.
\tvar x [1]struct{}
\t_ = x[Small-16]
\t_ = x[Large-32]
}

const (
\t_Size_name_0 = "Small"
\t_Size_name_1 = "Large"
)

func (i Size) String() string {
\tswitch {
\tcase i == 16:
\t\treturn _Size_name_0
\tcase i == 32:
\t\treturn _Size_name_1
\tdefault:
\t\treturn "Size(" + strconv.FormatInt(int64(i), 10) + ")"
\t}
}
`,
      "opts/size_test.go": `package opts

import "testing"

func TestSize(t *testing.T) {
\tif Default().String() != "Small" || Large.String() != "Large" || Size(3).String() != "Size(3)" {
\t\tt.Fatal(Default())
\t}
}
`,
      "main.go": mainGo("opts", "opts.Default().String()"),
    },
    move: { from: "opts/size.go", name: "Size", to: "sizes/size.go" },
    followed: true,
    says: "opts/size_string.go: Size.String moved with Size (Go declares a type's methods in the type's own package), and _Size_name_0, _Size_name_1, which only it uses",
  },
  {
    // robpike/ivy's scan.go: `Type Type   // …` in a struct of aligned fields; the type moved
    // into scan/type (package ptype: `type` is a keyword), and its old file realigned.
    name: "go: a struct's aligned fields in the old file stay aligned once the type they name is read from its new package (a keyword directory)",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "scan/scan.go": `package scan

// Token is a token.
type Token struct {
\tType Type   // The type of this item.
\tLine int    // The line it is on.
\tText string // Its text.
}

// Type identifies a token.
type Type int

// First is the first token.
func First() Token { return Token{Type: 1, Line: 2, Text: "x"} }

// Next counts on, as gofmt aligns a comment after an opening brace with the one above it.
func Next(n int) int {
\tn = n + 1   // Accept the '.'.
\tif n > 10 { // Past the end.
\t\tn = 0
\t}
\treturn n
}
`,
      "scan/type_string.go": `package scan

const _Type_name = "OneTwo"

func (i Type) String() string { return _Type_name[:3] }
`,
      "main.go": mainGo("scan", "scan.First().Text"),
    },
    move: { from: "scan/scan.go", name: "Type", to: "scan/type/type.go" },
    followed: true,
    says: "scan/type/type.go: package ptype",
  },
  {
    name: "go: a type whose String reads an unexported name its file's other code reads too is refused across packages",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "opts/size.go": "package opts\n\n// Size is a block size.\ntype Size uint32\n",
      "opts/size_string.go": `package opts

const _prefix = "size "

func (i Size) String() string { return _prefix + "n" }

// Label names a thing.
func Label() string { return _prefix + "label" }
`,
    },
    move: { from: "opts/size.go", name: "Size", to: "sizes/size.go" },
    refused: "_prefix",
  },
  {
    name: "go: a type whose method a test file of its package declares is refused across packages",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/point.go": "package util\n\n// Point is a point.\ntype Point struct{ X, Y int }\n",
      "util/point_test.go":
        "package util\n\n// Sum adds.\nfunc (p Point) Sum() int { return p.X + p.Y }\n",
    },
    move: { from: "util/point.go", name: "Point", to: "geo/point.go" },
    refused: "methods",
  },
  {
    name: "go: the old package's exported name the unit reads, an external test package and the destination package's own file follow",
    lang: "go",
    files: {
      "go.mod": GO_MOD,
      "util/util.go": UTIL_GO,
      "util/slug_test.go": `package util_test

import (
\t"testing"

\t"example.com/app/util"
)

func TestSlug(t *testing.T) {
\tif util.Slug("A B") != "a-b" {
\t\tt.Fatal(util.Clean(" x "))
\t}
}
`,
      "text/join.go": `package text

import "example.com/app/util"

// Join slugs two strings.
func Join(a, b string) string { return util.Slug(a) + "/" + util.Slug(b) }
`,
    },
    move: { from: "util/util.go", name: "Slug", to: "text/slug.go" },
    followed: true,
  },
];

const J = "src/main/java/com/acme";

const STRINGS_JAVA = `package com.acme.util;

import java.util.Locale;

/** String helpers. */
public class Strings {
    public static String slug(String s) {
        return s.trim().toLowerCase(Locale.ROOT).replace(' ', '-');
    }
}
`;

const APP_JAVA = `package com.acme;

import com.acme.util.Strings;

public class App {
    public static void main(String[] args) {
        if (!Strings.slug(" A B ").equals("a-b")) throw new AssertionError(Strings.slug("A B"));
        System.out.println(com.acme.util.Strings.slug("Hello World"));
    }
}
`;

/** A class of com.acme.util reading its package's Lower. */
const STRINGS_LOWER_JAVA = `package com.acme.util;

public class Strings {
    public static String slug(String s) {
        return Lower.of(s);
    }
}
`;

/** A class of com.acme.util calling a method of its package's Reader, declared with `modifiers`. */
const readerCalled = (modifiers: string) => ({
  [`${J}/util/Adapters.java`]: `package com.acme.util;

public final class Adapters {
    public static String read(Reader r) {
        return r.next();
    }
}
`,
  [`${J}/util/Reader.java`]: `package com.acme.util;

public class Reader {
    ${modifiers}String next() {
        return "x";
    }
}
`,
});

/** Rules read by reflection: a resource beside them naming a class, and a string naming it. */
const RULES_FILES: Record<string, string> = {
  [`${J}/rules/Rule.java`]: `package com.acme.rules;

public class Rule {
    public String name() {
        return "rule";
    }
}
`,
  [`${J}/rules/Rules.java`]: `package com.acme.rules;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public class Rules {
    private static final String FILE = "rules.txt";

    public static Object first() throws Exception {
        try (InputStream in = Rules.class.getResourceAsStream(FILE)) {
            String name = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            return Class.forName(name).getDeclaredConstructor().newInstance();
        }
    }
}
`,
  "src/main/resources/com/acme/rules/rules.txt": "com.acme.rules.Rule\n",
  [`${J}/Main.java`]: `package com.acme;

import com.acme.rules.Rules;

public class Main {
    public static void main(String[] args) throws Exception {
        Object first = Rules.first();
        if (first.getClass() != Class.forName("com.acme.rules.Rule")) throw new AssertionError(first);
    }
}
`,
};

/** Java (issue 35): each judged by javac over the tree, and each main class run. */
export const JAVA_SHAPES: Shape[] = [
  {
    // jsemver (bench:real): `import com.github.zafarkhaja.semver.expr.Lexer.Token;` in a class
    // moved to another package, which reads `Token.Type` (a type nested in a nested type) and
    // `Token.type`: each level it reaches made public, as for what it reads by the class's name.
    name: "java: a class moved out of its package reaches a nested type of a nested type through an import of it",
    lang: "java",
    files: {
      [`${J}/lex/Lexer.java`]: `package com.acme.lex;

class Lexer {
    static class Token {
        enum Type {
            WORD,
            NUMBER
        }

        final Type type;

        Token(Type type) {
            this.type = type;
        }
    }

    static Token word() {
        return new Token(Token.Type.WORD);
    }
}
`,
      [`${J}/lex/Describe.java`]: `package com.acme.lex;

import com.acme.lex.Lexer.Token;

public class Describe {
    public static String of(Token token) {
        return token.type == Token.Type.WORD ? "word" : "other";
    }
}
`,
      [`${J}/lex/Main.java`]: `package com.acme.lex;

public class Main {
    public static void main(String[] args) {
        if (!Describe.of(Lexer.word()).equals("word")) throw new AssertionError("word");
    }
}
`,
    },
    move: { from: `${J}/lex/Describe.java`, name: "Describe", to: `${J}/text/Describe.java` },
    followed: true,
  },
  {
    // A subclass in another package reaches its base's package-private members no more: an
    // abstract one it implements is not implemented (javac), and a method it overrides is no
    // longer overridden (nothing says so: the base's own runs). Made protected, with the unit's
    // overrides and the old package's other ones, which may not be weaker.
    name: "java: a subclass moved out of its base's package: the package-private members it inherits, implements and overrides made protected, and the overrides of them",
    lang: "java",
    files: {
      [`${J}/shape/Base.java`]: `package com.acme.shape;

public abstract class Base {
    int count = 2;

    abstract int value();

    String label() {
        return "base";
    }

    public String show() {
        return label() + "=" + value();
    }
}
`,
      [`${J}/shape/Square.java`]: `package com.acme.shape;

public class Square extends Base {
    @Override
    int value() {
        return count * count;
    }
}
`,
      [`${J}/shape/Leaf.java`]: `package com.acme.shape;

public class Leaf extends Base {
    @Override
    int value() {
        return count + 1;
    }

    @Override
    String label() {
        return "leaf";
    }
}
`,
      [`${J}/Main.java`]: `package com.acme;

import com.acme.shape.Leaf;
import com.acme.shape.Square;

public class Main {
    public static void main(String[] args) {
        String shown = new Leaf().show() + " " + new Square().show();
        if (!shown.equals("leaf=3 base=4")) throw new AssertionError(shown);
    }
}
`,
    },
    move: { from: `${J}/shape/Leaf.java`, name: "Leaf", to: `${J}/tree/Leaf.java` },
    followed: true,
    says: "Base.java: Base.count, Base.value, Base.label made protected (a subclass in package com.acme.tree reaches them)",
  },
  {
    // jsoup's Element: `import static org.jsoup.nodes.TextNode.lastCharIsWhitespace;`, a
    // package-private static method of its old package (once the build guard's shape).
    name: "java: a package-private method the unit imports statically from its old package is made public",
    lang: "java",
    files: {
      [`${J}/a/Util.java`]: `package com.acme.a;

public class Util {
    static int twice(int x) {
        return 2 * x;
    }
}
`,
      [`${J}/a/Leaf.java`]: `package com.acme.a;

import static com.acme.a.Util.twice;

public class Leaf {
    public int size() {
        return twice(2);
    }

    public static void main(String[] args) {
        if (new Leaf().size() != 4) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Leaf.java`, name: "Leaf", to: `${J}/b/Leaf.java` },
    followed: true,
    says: "Util.java: Util.twice made public (package com.acme.b uses it)",
  },
  {
    // jopt-simple's BuiltinHelpFormatter (`import static joptsimple.ParserRules.*;`, then
    // DOUBLE_HYPHEN) moved out, and its OptionParser (`import static
    // joptsimple.OptionException.*;`, then unrecognizedOption(…)) with OptionException moved out.
    name: "java: what the unit reaches bare of its old package's class through an on-demand static import is made public",
    lang: "java",
    files: {
      [`${J}/a/Rules.java`]: `package com.acme.a;

final class Rules {
    static final String HYPHEN = "-";
}
`,
      [`${J}/a/Format.java`]: `package com.acme.a;

import static com.acme.a.Rules.*;

public class Format {
    public static String flag(String name) {
        return HYPHEN + name;
    }
}
`,
      [`${J}/a/Errors.java`]: `package com.acme.a;

public class Errors {
    static String unknown(String name) {
        return "unknown " + name;
    }
}
`,
      [`${J}/a/Main.java`]: `package com.acme.a;

import static com.acme.a.Errors.*;

public class Main {
    public static void main(String[] args) {
        if (!unknown(Format.flag("x")).equals("unknown -x")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Format.java`, name: "Format", to: `${J}/b/Format.java` },
    followed: true,
    says: "Rules.java: Rules, Rules.HYPHEN made public (package com.acme.b uses them)",
  },
  {
    name: "java: what the old package reaches bare of the moved class through an on-demand static import is made public",
    lang: "java",
    files: {
      [`${J}/a/Rules.java`]: `package com.acme.a;

final class Rules {
    static final String HYPHEN = "-";
}
`,
      [`${J}/a/Format.java`]: `package com.acme.a;

import static com.acme.a.Rules.*;

public class Format {
    public static String flag(String name) {
        return HYPHEN + name;
    }
}
`,
      [`${J}/a/Errors.java`]: `package com.acme.a;

public class Errors {
    static String unknown(String name) {
        return "unknown " + name;
    }
}
`,
      [`${J}/a/Main.java`]: `package com.acme.a;

import static com.acme.a.Errors.*;

public class Main {
    public static void main(String[] args) {
        if (!unknown(Format.flag("x")).equals("unknown -x")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Errors.java`, name: "Errors", to: `${J}/b/Errors.java` },
    followed: true,
    says: "Errors.unknown made public (package com.acme.a uses it)",
  },
  {
    // jopt-simple's OptionException moved out of joptsimple, whose subclasses there implement its
    // package-private abstract messageArguments().
    name: "java: a base class moved out of its subclasses' package has what they implement, override and reach of it made protected, and their overrides",
    lang: "java",
    files: {
      [`${J}/a/Base.java`]: `package com.acme.a;

public abstract class Base {
    int count = 3;

    abstract int value();

    public int twice() {
        return 2 * value();
    }
}
`,
      [`${J}/a/Leaf.java`]: `package com.acme.a;

public class Leaf extends Base {
    @Override
    int value() {
        return count;
    }

    public static void main(String[] args) {
        if (new Leaf().twice() != 6) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Base.java`, name: "Base", to: `${J}/b/Base.java` },
    followed: true,
    says: "Leaf.java: Leaf.value made protected (an override may not be weaker than what it overrides)",
  },
  {
    // minimal-json's PrettyPrint, moved out of the package of WriterConfig, whose package-private
    // abstract createWriter it implements: made protected, and so is the override in the
    // anonymous `WriterConfig.MINIMAL = new WriterConfig() { … }` beside it.
    name: "java: a subclass moved out of its base's package: the base's anonymous subclasses' overrides of what is made protected are made protected too",
    lang: "java",
    files: {
      [`${J}/a/Config.java`]: `package com.acme.a;

public abstract class Config {
    public static final Config MINIMAL = new Config() {
        @Override
        String render(int n) {
            return String.valueOf(n);
        }
    };

    abstract String render(int n);

    public String show(int n) {
        return render(n);
    }
}
`,
      [`${J}/a/Pretty.java`]: `package com.acme.a;

public class Pretty extends Config {
    @Override
    protected String render(int n) {
        return "[" + n + "]";
    }

    public static void main(String[] args) {
        if (!new Pretty().show(2).equals("[2]") || !Config.MINIMAL.show(2).equals("2"))
            throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Pretty.java`, name: "Pretty", to: `${J}/b/Pretty.java` },
    followed: true,
    says: "new Config() { … }.render made protected",
  },
  {
    // minimal-json's JsonArray, moved out of the package of JsonWriter, whose protected
    // writeArrayOpen it calls: made public, and so is the override in PrettyPrint's nested
    // `private static class PrettyPrintWriter extends JsonWriter` (an override may not be weaker).
    name: "java: a method made public for the moved class is made public in a nested subclass of its old package too",
    lang: "java",
    files: {
      [`${J}/a/Writer.java`]: `package com.acme.a;

public class Writer {
    protected String open() {
        return "[";
    }
}
`,
      [`${J}/a/Pretty.java`]: `package com.acme.a;

public class Pretty {
    private static class PrettyWriter extends Writer {
        @Override
        protected String open() {
            return "[ ";
        }
    }

    public static Writer writer() {
        return new PrettyWriter();
    }
}
`,
      [`${J}/a/Array.java`]: `package com.acme.a;

public class Array {
    public static String write(Writer w) {
        return w.open() + "]";
    }

    public static void main(String[] args) {
        if (!write(Pretty.writer()).equals("[ ]")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Array.java`, name: "Array", to: `${J}/b/Array.java` },
    followed: true,
  },
  {
    // jopt-simple's OptionException again: its test (in joptsimple) makes an anonymous subclass
    // implementing messageArguments().
    name: "java: a base class moved out of its package has the overrides of its anonymous subclasses there made protected too",
    lang: "java",
    files: {
      [`${J}/a/Base.java`]: `package com.acme.a;

public abstract class Base {
    abstract int value();

    public int twice() {
        return 2 * value();
    }
}
`,
      [`${J}/a/Use.java`]: `package com.acme.a;

public class Use {
    public static void main(String[] args) {
        Base two = new Base() {
            @Override
            int value() {
                return 2;
            }
        };
        if (two.twice() != 4) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Base.java`, name: "Base", to: `${J}/b/Base.java` },
    followed: true,
    says: "Use.java: new Base() { … }.value made protected (an override may not be weaker than what it overrides)",
  },
  {
    // jopt-simple's OptionException, whose messageArguments() its old package also calls.
    name: "java: a moved base's method its old package calls is made public, with its anonymous subclasses' overrides there",
    lang: "java",
    files: {
      [`${J}/a/Base.java`]: `package com.acme.a;

public abstract class Base {
    abstract int value();
}
`,
      [`${J}/a/Use.java`]: `package com.acme.a;

public class Use {
    public static void main(String[] args) {
        Base two = new Base() {
            @Override
            int value() {
                return 2;
            }
        };
        if (two.value() != 2) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Base.java`, name: "Base", to: `${J}/b/Base.java` },
    followed: true,
    says: "Use.java: new Base() { … }.value made public (an override may not be weaker than what it overrides)",
  },
  {
    // jopt-simple's ArgumentAcceptingOptionSpec moved out: its test calls the protected convert()
    // on an OptionalArgumentOptionSpec, its subclass in joptsimple, never naming the base.
    name: "java: a moved base's protected method its old package reaches through a subclass there is made public",
    lang: "java",
    files: {
      [`${J}/a/Base.java`]: `package com.acme.a;

public abstract class Base {
    protected final int convert(String s) {
        return s.length();
    }
}
`,
      [`${J}/a/Leaf.java`]: `package com.acme.a;

public class Leaf extends Base {
}
`,
      [`${J}/a/Use.java`]: `package com.acme.a;

public class Use {
    public static void main(String[] args) {
        Leaf leaf = new Leaf();
        if (leaf.convert("abc") != 3) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Base.java`, name: "Base", to: `${J}/b/Base.java` },
    followed: true,
    says: "Base.convert made public (package com.acme.a uses it)",
  },
  {
    // jopt-simple's OptionParser moved out of joptsimple: it calls OptionParserState's protected
    // handleArgument, which the anonymous subclasses OptionParserState's factories return override.
    name: "java: a method of the old package the unit calls is made public, with its anonymous subclasses' overrides of it",
    lang: "java",
    files: {
      [`${J}/a/State.java`]: `package com.acme.a;

abstract class State {
    static State start() {
        return new State() {
            @Override
            protected int step(Parser parser) {
                return parser.base() + 1;
            }
        };
    }

    protected abstract int step(Parser parser);
}
`,
      [`${J}/a/Parser.java`]: `package com.acme.a;

public class Parser {
    int base() {
        return 1;
    }

    public int run() {
        return State.start().step(this);
    }

    public static void main(String[] args) {
        if (new Parser().run() != 2) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/a/Parser.java`, name: "Parser", to: `${J}/b/Parser.java` },
    followed: true,
    says: "State.java: new State() { … }.step made public (an override may not be weaker than what it overrides)",
  },
  {
    // jopt-simple's PathProperties: an enum whose constants' bodies implement its package-private
    // abstract accept(Path), which PathConverter in its old package calls.
    name: "java: a moved enum's method its old package calls is made public, and its constants' bodies' overrides of it",
    lang: "java",
    files: {
      [`${J}/util/Kind.java`]: `package com.acme.util;

public enum Kind {
    SHORT {
        @Override
        boolean accept(String s) {
            return s.length() < 3;
        }
    },
    LONG {
        @Override
        boolean accept(String s) {
            return s.length() >= 3;
        }
    };

    abstract boolean accept(String s);
}
`,
      [`${J}/util/Check.java`]: `package com.acme.util;

public class Check {
    public static void main(String[] args) {
        if (!Kind.SHORT.accept("ab") || Kind.LONG.accept("ab")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/util/Kind.java`, name: "Kind", to: `${J}/kinds/Kind.java` },
    followed: true,
    says: "accept made public in Kind's constant and anonymous bodies",
  },
  {
    // jsoup's ElementTest (package nodes) reading `element.siblingIndex`, Node's package-private
    // field, through Element, moved to another package: no member of Element any more.
    name: "java: the old package reading a base's package-private field through the moved subclass has it made protected",
    lang: "java",
    files: {
      [`${J}/shape/Base.java`]: `package com.acme.shape;

public abstract class Base {
    int index = 4;
}
`,
      [`${J}/shape/Leaf.java`]: `package com.acme.shape;

public class Leaf extends Base {
    public String name() {
        return "leaf";
    }
}
`,
      [`${J}/shape/Main.java`]: `package com.acme.shape;

public class Main {
    public static void main(String[] args) {
        Leaf leaf = new Leaf();
        if (leaf.index != 4 || !leaf.name().equals("leaf")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/shape/Leaf.java`, name: "Leaf", to: `${J}/tree/Leaf.java` },
    followed: true,
    says: "Base.java: Base.index made protected",
  },
  {
    // jsoup's CombiningEvaluator, whose public nested And and Or have package-private
    // constructors its old package's QueryParser calls.
    name: "java: a moved class's public nested classes have what the old package reaches of them made public (their constructors, a method)",
    lang: "java",
    files: {
      [`${J}/select/Combining.java`]: `package com.acme.select;

import java.util.ArrayList;
import java.util.List;

public abstract class Combining {
    final List<String> parts = new ArrayList<>();

    public abstract String join();

    public static final class And extends Combining {
        And(String... parts) {
            for (String p : parts) this.parts.add(p);
        }

        @Override
        public String join() {
            return String.join("&", parts);
        }
    }

    public static final class Or extends Combining {
        Or() {
        }

        void add(String part) {
            parts.add(part);
        }

        @Override
        public String join() {
            return String.join("|", parts);
        }
    }
}
`,
      [`${J}/select/Parser.java`]: `package com.acme.select;

public final class Parser {
    public static String parse(String a, String b) {
        Combining.Or or = new Combining.Or();
        or.add(a);
        or.add(new Combining.And(a, b).join());
        return or.join();
    }

    public static void main(String[] args) {
        if (!parse("x", "y").equals("x|x&y")) throw new AssertionError(parse("x", "y"));
    }
}
`,
    },
    move: {
      from: `${J}/select/Combining.java`,
      name: "Combining",
      to: `${J}/nodes/Combining.java`,
    },
    followed: true,
    says: "Combining.And's constructor, Combining.Or.add, Combining.Or's constructor made public",
  },
  {
    // jsoup's TextNode (moved to another package) and CDataNode (below it, staying): Node's
    // outerHtmlHead made protected, CDataNode's override of it must be at least that.
    name: "java: a class below the moved subclass, staying in the old package, has its override of what the base made protected made protected too",
    lang: "java",
    files: {
      [`${J}/shape/Base.java`]: `package com.acme.shape;

public abstract class Base {
    String label() {
        return "base";
    }

    public String show() {
        return label();
    }
}
`,
      [`${J}/shape/Leaf.java`]: `package com.acme.shape;

public class Leaf extends Base {
    @Override
    String label() {
        return "leaf";
    }
}
`,
      [`${J}/shape/Twig.java`]: `package com.acme.shape;

public class Twig extends Leaf {
    @Override
    String label() {
        return "twig";
    }
}
`,
      [`${J}/Main.java`]: `package com.acme;

import com.acme.shape.Leaf;
import com.acme.shape.Twig;

public class Main {
    public static void main(String[] args) {
        String shown = new Leaf().show() + " " + new Twig().show();
        if (!shown.equals("leaf twig")) throw new AssertionError(shown);
    }
}
`,
    },
    move: { from: `${J}/shape/Leaf.java`, name: "Leaf", to: `${J}/tree/Leaf.java` },
    followed: true,
    says: "Twig.java: Twig.label made protected (an override may not be weaker than what it overrides)",
  },
  {
    // jsoup's Element (moved) calling Node's package-private nodelistChanged() on another node,
    // which it also overrides: made public in Node, and in Element.
    name: "java: a moved subclass calling its base's package-private method on another instance has it made public, and its own override of it",
    lang: "java",
    files: {
      [`${J}/shape/Base.java`]: `package com.acme.shape;

public abstract class Base {
    int changes;

    void changed() {
        changes++;
    }
}
`,
      [`${J}/shape/Leaf.java`]: `package com.acme.shape;

public class Leaf extends Base {
    @Override
    void changed() {
        changes += 10;
    }

    public int touch(Base other) {
        other.changed();
        changed();
        return other.changes + changes;
    }
}
`,
      [`${J}/shape/Plain.java`]: `package com.acme.shape;

public class Plain extends Base {
}
`,
      [`${J}/Main.java`]: `package com.acme;

import com.acme.shape.Leaf;
import com.acme.shape.Plain;

public class Main {
    public static void main(String[] args) {
        int n = new Leaf().touch(new Plain());
        if (n != 11) throw new AssertionError(n);
    }
}
`,
    },
    move: { from: `${J}/shape/Leaf.java`, name: "Leaf", to: `${J}/tree/Leaf.java` },
    followed: true,
    says: "Leaf.java: changed made public (an override may not be weaker than what it overrides)",
  },
  {
    // jsoup's Cleaner (moved) calling Safelist's protected isSafeTag, which a test's subclass in
    // a third package overrides as protected.
    name: "java: a protected method made public for the moved class has its overrides in other packages made public too",
    lang: "java",
    files: {
      [`${J}/util/Policy.java`]: `package com.acme.util;

public class Policy {
    protected boolean allows(String tag) {
        return tag.equals("b");
    }
}
`,
      [`${J}/util/Cleaner.java`]: `package com.acme.util;

public final class Cleaner {
    public static boolean keep(Policy policy, String tag) {
        return policy.allows(tag);
    }
}
`,
      // A test's nested class, as jsoup's SafelistExtensionTest.OpenSafelist is.
      "src/test/java/com/acme/open/PolicyTest.java": `package com.acme.open;

import com.acme.util.Cleaner;
import com.acme.util.Policy;

public class PolicyTest {
    static class OpenPolicy extends Policy {
        @Override
        protected boolean allows(String tag) {
            return true;
        }
    }

    public static void main(String[] args) {
        if (!Cleaner.keep(new OpenPolicy(), "i") || Cleaner.keep(new Policy(), "i")) {
            throw new AssertionError();
        }
    }
}
`,
    },
    move: { from: `${J}/util/Cleaner.java`, name: "Cleaner", to: `${J}/clean/Cleaner.java` },
    followed: true,
    says: "PolicyTest.java: OpenPolicy.allows made public (an override may not be weaker than what it overrides)",
  },
  {
    name: "java: a class into another package: its package declaration, importers (single, on-demand, static, fully qualified) and its old package's users",
    lang: "java",
    files: {
      [`${J}/util/Strings.java`]: STRINGS_JAVA,
      [`${J}/App.java`]: APP_JAVA,
      [`${J}/util/Words.java`]: `package com.acme.util;

public class Words {
    public static String[] of(String s) {
        return Strings.slug(s).split("-");
    }
}
`,
      [`${J}/Other.java`]: `package com.acme;

import com.acme.util.*;
import static com.acme.util.Strings.slug;

public class Other {
    public static String both(String s) {
        return Strings.slug(s) + slug(s) + Words.of(s).length;
    }
}
`,
    },
    move: { from: `${J}/util/Strings.java`, name: "Strings", to: `${J}/text/Strings.java` },
    followed: true,
  },
  {
    name: "java: a package-private class its old package uses is made public in a file of its name",
    lang: "java",
    files: {
      [`${J}/util/Util.java`]: `package com.acme.util;

public class Util {
    public static void main(String[] args) {
        if (Helper.add(2, 2) != 4) throw new AssertionError();
    }
}

class Helper {
    public static int add(int a, int b) {
        return a + b;
    }
}
`,
    },
    move: { from: `${J}/util/Util.java`, name: "Helper", to: `${J}/math/Helper.java` },
    followed: true,
    says: "Helper made public",
  },
  {
    name: "java: a class whose package-private members its old package reaches (a method, a constructor) has them made public (gson's Gson and GsonBuilder)",
    lang: "java",
    files: {
      [`${J}/util/Util.java`]: `package com.acme.util;

public class Util {
    public static void main(String[] args) {
        if (twice(2) != 4 || new Helper(3).base != 3) throw new AssertionError();
    }

    public static int twice(int n) {
        return Helper.add(n, n);
    }
}

class Helper {
    final int base;

    Helper(int base) {
        this.base = base;
    }

    @Deprecated
    static int add(int a, int b) {
        return a + b;
    }
}
`,
    },
    move: { from: `${J}/util/Util.java`, name: "Helper", to: `${J}/math/Helper.java` },
    followed: true,
    says: "Helper, Helper.base, Helper.add, Helper's constructor made public",
  },
  {
    name: "java: the old package's types the unit declares locals of are imported (gson's JsonParser and JsonElement)",
    lang: "java",
    files: {
      [`${J}/util/Parser.java`]: `package com.acme.util;

public final class Parser {
    public static Element parse(String s) {
        Element element = new Element(s);
        return element;
    }
}
`,
      [`${J}/util/Element.java`]: `package com.acme.util;

public class Element {
    public final String text;

    public Element(String text) {
        this.text = text;
    }
}
`,
    },
    move: { from: `${J}/util/Parser.java`, name: "Parser", to: `${J}/text/Parser.java` },
    followed: true,
  },
  {
    name: "java: a class calling a package-private method of its old package's public class has it made public (gson's TypeAdapters)",
    lang: "java",
    files: {
      ...readerCalled(""),
    },
    move: { from: `${J}/util/Adapters.java`, name: "Adapters", to: `${J}/text/Adapters.java` },
    followed: true,
    says: "Reader.java: Reader.next made public (package com.acme.text uses it)",
  },
  {
    name: "java: a class calling a package-private method its old package overrides has it and its overrides made public (an override may not be weaker)",
    lang: "java",
    files: {
      ...readerCalled(""),
      [`${J}/util/Peeker.java`]: `package com.acme.util;

public class Peeker extends Reader {
    @Override
    String next() {
        return "y";
    }
}
`,
    },
    move: { from: `${J}/util/Adapters.java`, name: "Adapters", to: `${J}/text/Adapters.java` },
    followed: true,
    says: "Peeker.java: Peeker.next made public (an override may not be weaker than what it overrides)",
  },
  {
    name: "java: a class calling a protected method of its old package has it made public, and a protected override below it (jsoup's Token and Tokeniser)",
    lang: "java",
    files: {
      ...readerCalled("protected "),
      [`${J}/util/Peeker.java`]: `package com.acme.util;

public class Peeker extends Reader {
    protected Peeker() {
    }
}
`,
      [`${J}/util/Looker.java`]: `package com.acme.util;

public class Looker extends Peeker {
    @Override
    protected String next() {
        return "z";
    }
}
`,
    },
    move: { from: `${J}/util/Adapters.java`, name: "Adapters", to: `${J}/text/Adapters.java` },
    followed: true,
    says: "Looker.java: Looker.next made public (an override may not be weaker than what it overrides)",
  },
  {
    name: "java: a class constructing its old package's class through a protected constructor has it made public",
    lang: "java",
    files: {
      [`${J}/util/Maker.java`]: `package com.acme.util;

public final class Maker {
    public static String make() {
        return new Part(2).name();
    }
}
`,
      [`${J}/util/Part.java`]: `package com.acme.util;

public class Part {
    private final int n;

    protected Part(int n) {
        this.n = n;
    }

    public String name() {
        return "part" + n;
    }
}
`,
    },
    move: { from: `${J}/util/Maker.java`, name: "Maker", to: `${J}/text/Maker.java` },
    followed: true,
    says: "Part's constructor made public",
  },
  {
    name: "java: the old package's tests in another source root (Maven's src/test/java) gain the import, and what they reach is made public",
    lang: "java",
    files: {
      [`${J}/util/Strings.java`]: `package com.acme.util;

public class Strings {
    public static String slug(String s) {
        return lower(s).replace(' ', '-');
    }

    static String lower(String s) {
        return s.toLowerCase();
    }
}
`,
      "src/test/java/com/acme/util/StringsTest.java": `package com.acme.util;

public class StringsTest {
    public static void main(String[] args) {
        if (!Strings.slug("A B").equals("a-b") || !Strings.lower("A").equals("a")) {
            throw new AssertionError();
        }
    }
}
`,
    },
    move: { from: `${J}/util/Strings.java`, name: "Strings", to: `${J}/text/Strings.java` },
    followed: true,
    says: "Strings.lower made public (package com.acme.util uses it)",
  },
  {
    name: "java: an anonymous subclass in the old package reaches a protected constructor from anywhere (gson's TypeToken)",
    lang: "java",
    files: {
      [`${J}/util/Token.java`]: `package com.acme.util;

public class Token<T> {
    protected Token() {
    }

    public String name() {
        return "token";
    }
}
`,
      [`${J}/util/Use.java`]: `package com.acme.util;

public class Use {
    public static void main(String[] args) {
        if (!new Token<String>() {}.name().equals("token")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/util/Token.java`, name: "Token", to: `${J}/text/Token.java` },
    followed: true,
  },
  {
    name: "java: a public nested type's import follows its class; a package-private one its old package uses is made public, with what it uses of it (gson's LinkedHashTreeMap.Node)",
    lang: "java",
    files: {
      [`${J}/util/Tree.java`]: `package com.acme.util;

public class Tree {
    public static class Options {
        public int depth = 2;
    }

    static final class Node {
        int key;
    }
}
`,
      [`${J}/App.java`]: `package com.acme;

import com.acme.util.Tree.Options;

public class App {
    public static void main(String[] args) {
        if (new Options().depth != 2) throw new AssertionError();
    }
}
`,
      "src/test/java/com/acme/util/TreeTest.java": `package com.acme.util;

import com.acme.util.Tree.Node;

public class TreeTest {
    public static void main(String[] args) {
        if (new Node().key != 0) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/util/Tree.java`, name: "Tree", to: `${J}/text/Tree.java` },
    followed: true,
    says: "Tree.Node, Tree.Node.key made public",
  },
  {
    name: "java: an importer of a public nested type follows the move",
    lang: "java",
    files: {
      [`${J}/util/Tree.java`]: `package com.acme.util;

public class Tree {
    public static class Options {
        public int depth = 2;
    }
}
`,
      [`${J}/App.java`]: `package com.acme;

import com.acme.util.Tree.Options;

public class App {
    public static void main(String[] args) {
        if (new Options().depth != 2) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/util/Tree.java`, name: "Tree", to: `${J}/text/Tree.java` },
    followed: true,
  },
  {
    name: "java: a public class into a file of another name is refused",
    lang: "java",
    files: { [`${J}/util/Strings.java`]: STRINGS_JAVA, [`${J}/App.java`]: APP_JAVA },
    move: { from: `${J}/util/Strings.java`, name: "Strings", to: `${J}/text/Text.java` },
    refused: "Strings.java",
  },
  {
    name: "java: a class reading a package-private class of its old package has it made public, with the member it calls (gson's JsonScope)",
    lang: "java",
    files: {
      [`${J}/util/Strings.java`]: STRINGS_LOWER_JAVA,
      [`${J}/util/Lower.java`]: `package com.acme.util;

final class Lower {
    static String of(String s) {
        return s.toLowerCase();
    }
}
`,
    },
    move: { from: `${J}/util/Strings.java`, name: "Strings", to: `${J}/text/Strings.java` },
    followed: true,
    says: "Lower.java: Lower, Lower.of made public",
  },
  {
    name: "java: a class reading a package-private class declared in a file of another name is refused",
    lang: "java",
    files: {
      [`${J}/util/Strings.java`]: STRINGS_LOWER_JAVA,
      [`${J}/util/Cases.java`]: `package com.acme.util;

public class Cases {
    public static String upper(String s) {
        return s.toUpperCase();
    }
}

class Lower {
    static String of(String s) {
        return s.toLowerCase();
    }
}
`,
    },
    move: { from: `${J}/util/Strings.java`, name: "Strings", to: `${J}/text/Strings.java` },
    refused: "cannot be made public",
  },
  {
    // commons-validator's ValidatorResources: `getClass().getResource(VALIDATOR_RULES)`, a
    // name Java resolves in the class's package, which the move changes.
    name: "java: a class that loads a resource by a name relative to its package loads it from the old package, by its absolute name",
    lang: "java",
    files: RULES_FILES,
    move: { from: `${J}/rules/Rules.java`, name: "Rules", to: `${J}/load/Rules.java` },
    followed: true,
    says: "loads rules.txt from package com.acme.rules by its absolute name",
  },
  {
    // commons-validator's digester-rules.xml (`classname="org.apache.commons.validator.Form"`)
    // and its tests' `"java.lang.Object,org.apache.commons.validator.Field"`.
    name: "java: a class named by its binary name in a class-path resource and in a string follows the move there",
    lang: "java",
    files: RULES_FILES,
    move: { from: `${J}/rules/Rule.java`, name: "Rule", to: `${J}/model/Rule.java` },
    followed: true,
    says: "rules.txt: names com.acme.model.Rule",
  },
  {
    // args4j's Messages: `ResourceBundle.getBundle(Messages.class.getName(), locale)`, whose
    // `.properties` stay beside the old name.
    name: "java: a class naming its resource bundle by its own class name names it by its old binary name",
    lang: "java",
    files: {
      [`${J}/text/Messages.java`]: `package com.acme.text;

import java.util.Locale;
import java.util.ResourceBundle;

public enum Messages {
    HELLO;

    public String format(Locale locale) {
        return ResourceBundle.getBundle(Messages.class.getName(), locale).getString(name());
    }
}
`,
      "src/main/resources/com/acme/text/Messages.properties": "HELLO=hello\n",
      [`${J}/Main.java`]: `package com.acme;

import com.acme.text.Messages;
import java.util.Locale;

public class Main {
    public static void main(String[] args) {
        if (!Messages.HELLO.format(Locale.ROOT).equals("hello")) throw new AssertionError();
    }
}
`,
    },
    move: { from: `${J}/text/Messages.java`, name: "Messages", to: `${J}/i18n/Messages.java` },
    followed: true,
    says: "loads the bundle com.acme.text.Messages from package com.acme.text",
  },
];

const CARGO_TOML = '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n';

/** petgraph's shape in small: a trait read through a glob, a trait method named as a slice's. */
const TRAITS_CRATE: Record<string, string> = {
  "Cargo.toml": CARGO_TOML,
  "src/lib.rs": "pub mod algo;\npub mod prelude;\npub mod visit;\n",
  "src/visit.rs": `/// An edge.
pub trait EdgeRef: Copy {
  /// Where it starts.
  fn source(&self) -> u32;
}

impl EdgeRef for (u32, u32) {
  fn source(&self) -> u32 {
      self.0
  }
}

/// A walk.
pub trait Walker {
  /// Each step, on from \`context\`.
  fn iter(self, context: u32) -> Vec<u32>;
}

impl Walker for Vec<u32> {
  fn iter(self, context: u32) -> Vec<u32> {
      self.into_iter().map(|x| x + context).collect()
  }
}
`,
  "src/prelude.rs": "pub use crate::visit::EdgeRef;\n",
  "src/algo.rs": `use crate::prelude::*;
use crate::visit::Walker;

/// The first edge's source.
pub fn first_source(edges: &[(u32, u32)]) -> u32 {
  edges[0].source()
}

/// Walked on.
pub fn walked(v: Vec<u32>) -> Vec<u32> {
  v.iter(1)
}

/// How many, by a slice's own \`iter()\`.
pub fn count(v: &[u32]) -> usize {
  v.iter().count() + [(1, 2)].len()
}
`,
};

const UTIL_RS = `use std::borrow::Cow;

/// A slug of a title.
pub fn slug(s: &str) -> Cow<'_, str> {
    Cow::Owned(s.trim().to_lowercase().replace(' ', "-"))
}

/// Trims.
pub fn keep(s: &str) -> &str {
    s.trim()
}
`;

/** Rust (issue 35): each judged by cargo check (std only, offline), warnings included. */
export const RUST_SHAPES: Shape[] = [
  {
    // smallvec (bench:real): a `no_std` crate imports `alloc::borrow::ToOwned`, which std's
    // prelude would bring; a unit calling `.to_owned()` takes the import along.
    name: "rust: a no_std crate's ToOwned, which the prelude does not bring, goes with a unit calling to_owned",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "#![no_std]\n\nextern crate alloc;\n\npub mod names;\n",
      "src/names.rs":
        'use alloc::borrow::ToOwned;\nuse alloc::string::String;\n\n/// An owned copy.\npub fn owned(s: &str) -> String {\n    s.to_owned()\n}\n\n/// Another.\npub fn other() -> String {\n    "x".to_owned()\n}\n',
      "tests/names.rs":
        '#[test]\nfn names() {\n    assert_eq!(app::names::owned("a"), "a");\n    assert_eq!(app::names::other(), "x");\n}\n',
    },
    move: { from: "src/names.rs", name: "owned", to: "src/owned.rs" },
    followed: true,
  },
  {
    // num-bigint (bench:real): `x.is_zero()`, `BigUint::one()` and `rr.shl(n)` call methods of
    // num_traits' `Zero` and `One` and of `core::ops::Shl`, which the old file imports: each
    // goes along with the unit that calls it, and leaves the old file where nothing else does.
    name: "rust: a dependency's traits and an operator trait the unit calls methods of, by value and by type",
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[dependencies]\nnumish = { path = "numish" }\n`,
      "numish/Cargo.toml": '[package]\nname = "numish"\nversion = "0.1.0"\nedition = "2021"\n',
      "numish/src/lib.rs": "mod identities;\n\npub use identities::{One, Zero};\n",
      "numish/src/identities.rs":
        "/// Has a zero.\npub trait Zero {\n    /// Zero.\n    fn zero() -> Self;\n    /// Whether it is zero.\n    fn is_zero(&self) -> bool;\n}\n\n/// Has a one.\npub trait One {\n    /// One.\n    fn one() -> Self;\n}\n\nimpl Zero for u32 {\n    fn zero() -> Self {\n        0\n    }\n    fn is_zero(&self) -> bool {\n        *self == 0\n    }\n}\n\nimpl One for u32 {\n    fn one() -> Self {\n        1\n    }\n}\n",
      "src/lib.rs": "pub mod calc;\n",
      "src/calc.rs":
        "use core::ops::Shl;\nuse numish::{One, Zero};\n\n/// Whether `x` is zero.\npub fn nonzero(x: u32) -> bool {\n    !x.is_zero()\n}\n\n/// One shifted left.\npub fn shifted(n: u32) -> u32 {\n    u32::one().shl(n)\n}\n\n/// Zero.\npub fn nothing() -> u32 {\n    u32::zero()\n}\n",
      "tests/calc.rs":
        "#[test]\nfn calc() {\n    assert!(app::calc::nonzero(1));\n    assert_eq!(app::calc::nothing(), 0);\n}\n",
    },
    move: { from: "src/calc.rs", name: "shifted", to: "src/bits.rs" },
    followed: true,
  },
  {
    // num-traits' FloatCore, whose default bodies call its own `self.is_nan()`, which `Float`
    // declares too: the moving trait's own methods need no other trait.
    name: "rust: a trait whose default bodies call its own methods, which another trait declares too",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod float;\n",
      "src/float.rs":
        "/// Floats.\npub trait Float: Copy {\n    /// Not a number.\n    fn is_nan(self) -> bool;\n}\n\n/// Floats without std.\npub trait FloatCore: Copy {\n    /// Not a number.\n    fn is_nan(self) -> bool;\n    /// A number.\n    fn is_number(self) -> bool {\n        !self.is_nan()\n    }\n}\n\nimpl Float for f64 {\n    fn is_nan(self) -> bool {\n        self != self\n    }\n}\n\nimpl FloatCore for f64 {\n    fn is_nan(self) -> bool {\n        self != self\n    }\n}\n",
      "tests/float.rs":
        "use app::float::FloatCore;\n\n#[test]\nfn float() {\n    assert!(FloatCore::is_number(1.0f64));\n    assert!(!app::float::Float::is_nan(1.0f64));\n}\n",
    },
    move: { from: "src/float.rs", name: "FloatCore", to: "src/float_core.rs" },
    followed: true,
  },
  {
    // textwrap's wrap_algorithms.rs: `mod optimal_fit;` (private) and `pub use
    // optimal_fit::{…, Penalties};`. The enum moved into a sibling reads `Penalties`: through the
    // old module's re-export, not the private child it cannot reach (E0603).
    name: "rust: a name the old module re-exports from its private child, read by the unit, imported through the re-export",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod wrap;\n",
      "src/wrap.rs":
        "mod optimal;\n\npub use optimal::Penalties;\n\n/// How to wrap.\npub enum Algorithm {\n    /// Fast.\n    First,\n    /// Best.\n    Optimal(Penalties),\n}\n\n/// The default one.\npub fn best() -> Algorithm {\n    Algorithm::Optimal(Penalties { overflow: 1 })\n}\n",
      "src/wrap/optimal.rs":
        "/// Costs.\npub struct Penalties {\n    /// Of overflowing.\n    pub overflow: usize,\n}\n",
      "tests/wrap.rs":
        "#[test]\nfn best() {\n    assert!(matches!(app::wrap::best(), app::wrap::Algorithm::Optimal(_)));\n}\n",
    },
    move: { from: "src/wrap.rs", name: "Algorithm", to: "src/algorithm.rs" },
    followed: true,
  },
  {
    // textwrap's core.rs: `fn ch_width` under `#[cfg(feature = "unicode-width")]` and again under
    // `#[cfg(not(…))]`. A unit that reads it imports it once under each, and both are opened.
    name: "rust: a helper the unit reads, declared once under a #[cfg] and again under its negation",
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[features]\ndefault = ["wide"]\nwide = []\n`,
      "src/lib.rs": "pub mod core;\n",
      "src/core.rs":
        '#[cfg(feature = "wide")]\nfn ch_width(c: char) -> usize {\n    c.len_utf8()\n}\n\n#[cfg(not(feature = "wide"))]\nfn ch_width(_: char) -> usize {\n    1\n}\n\n/// The width of a text.\npub fn display_width(s: &str) -> usize {\n    s.chars().map(ch_width).sum()\n}\n\n/// Another.\npub fn first_width(s: &str) -> usize {\n    s.chars().next().map(ch_width).unwrap_or(0)\n}\n',
      "tests/width.rs":
        '#[test]\nfn width() {\n    assert_eq!(app::core::display_width("ab"), 2);\n}\n',
    },
    move: { from: "src/core.rs", name: "display_width", to: "src/display_width.rs" },
    followed: true,
  },
  {
    name: "rust: what the unit reads of its old module only in an item built for another configuration is imported under that item's #[cfg] (regex-syntax's perl_space)",
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[features]\ndefault = []\nperl = []\n`,
      "src/lib.rs": "pub mod unicode;\n",
      "src/unicode.rs": `/// What went wrong.\n#[derive(Debug)]\npub enum Error {\n    /// No data.\n    NotFound,\n}\n\n/// A class.\npub fn class(n: u32) -> Result<u32, Error> {\n    Ok(n)\n}\n\n/// The class of spaces.\npub fn perl_space() -> Result<u32, ()> {\n    #[cfg(feature = "perl")]\n    fn imp() -> Result<u32, ()> {\n        Err(()).map_err(|_: ()| Error::NotFound).map_err(|_| ())\n    }\n\n    #[cfg(not(feature = "perl"))]\n    fn imp() -> Result<u32, ()> {\n        class(1).map_err(|_| ())\n    }\n\n    imp()\n}\n`,
      "tests/space.rs":
        "#[test]\nfn space() {\n    assert_eq!(app::unicode::perl_space(), Ok(1));\n}\n",
    },
    move: { from: "src/unicode.rs", name: "perl_space", to: "src/perl_space.rs" },
    followed: true,
  },
  {
    name: "rust: a function-local use after a string continued across lines (`\\` at a line's end), rewritten; the new module declared under the old one's #[cfg]",
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[features]\ndefault = ["bool"]\nbool = []\n`,
      "src/lib.rs": `#[cfg(feature = "bool")]\nmod tables;\npub mod unicode;\n`,
      "src/tables.rs": `/// The names.\npub const NAMES: &[&str] = &["a"];\n\n/// Another.\npub const OTHER: i32 = 1;\n`,
      "src/unicode.rs": `/// Why it may fail.\npub fn message() -> &'static str {\n    "not available \\\n     (the bool feature)"\n}\n\n/// How many names.\n#[cfg(feature = "bool")]\npub fn names() -> usize {\n    use crate::tables::NAMES;\n    NAMES.len() + crate::tables::OTHER as usize\n}\n\n/// A label.\npub fn label() -> &'static str {\n    "names"\n}\n`,
    },
    move: { from: "src/tables.rs", name: "NAMES", to: "src/names.rs" },
    followed: true,
  },
  {
    // regex-syntax's unicode.rs: `use crate::unicode_tables::age;` in a function's body, then
    // `age::V13_0`, with V13_0 moved out of age.rs, which still lists it in BY_NAME.
    name: "rust: what the old module still reads of the unit it imports with the unit's reach (pub(crate)), so a path through it elsewhere still holds",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod tables;

/// The newest version's values.
pub fn newest() -> usize {
    use crate::tables::age;
    age::V2.len() + age::BY_NAME.len()
}
`,
      "src/tables/mod.rs": "pub mod age;\n",
      "src/tables/age.rs": `/// The first.
pub const V1: &[u32] = &[1];

/// The second.
pub const V2: &[u32] = &[2, 3];

/// Both, by name.
pub const BY_NAME: &[(&str, &[u32])] = &[("V1", V1), ("V2", V2)];
`,
    },
    move: { from: "src/tables/age.rs", name: "V2", to: "src/tables/v2.rs" },
    followed: true,
  },
  {
    // regex-syntax: `#![deny(missing_docs)]`, `pub mod ast;`, ast/mod.rs's ClassAsciiKind moved into
    // ast/class_ascii_kind.rs. Its public path stays through the old module's re-export; the new
    // module is the crate's own (a `pub mod` without docs: error, missing documentation).
    name: "rust: a public item of a public module moved into a new child: the old module re-exports it, and the child is pub(crate), no new public module a crate denying missing_docs refuses",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "//! Kinds.\n#![deny(missing_docs)]\n\npub mod ast;\n\n/// The first kind.\npub fn first() -> ast::Kind {\n    ast::Kind::Alpha\n}\n",
      "src/ast/mod.rs": `/*!
The syntax.
*/

/// A kind of class.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum Kind {
    /// Letters.
    Alpha,
    /// Digits.
    Digit,
}

/// Whether it is digits.
pub fn digits(kind: Kind) -> bool {
    kind == Kind::Digit
}
`,
    },
    move: { from: "src/ast/mod.rs", name: "Kind", to: "src/ast/kind.rs" },
    followed: true,
  },
  {
    name: "rust: a nested use list loses, at any depth, the names only the unit read (an unused import is a warning); an importer's nested list gives up the moved name to a use of the new module",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod report;\nmod stats;\n\npub use report::line;\n",
      "src/stats.rs": `use std::{
    collections::{BTreeMap, HashSet},
    fmt::{self, Display},
};

/// How many distinct values.
pub fn distinct(xs: &[u32]) -> usize {
    xs.iter().collect::<HashSet<_>>().len()
}

/// Values by count.
pub fn counts(xs: &[u32]) -> BTreeMap<u32, usize> {
    let mut out = BTreeMap::new();
    for x in xs {
        *out.entry(*x).or_insert(0) += 1;
    }
    out
}

/// A label.
pub struct Label(pub String);

impl Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.0)
    }
}
`,
      "src/report.rs": `use crate::{
    stats::{counts, distinct, Label},
};

/// A line of the report.
pub fn line(xs: &[u32]) -> String {
    format!("{} {} {}", Label("n".into()), distinct(xs), counts(xs).len())
}
`,
    },
    move: { from: "src/stats.rs", name: "distinct", to: "src/unique.rs" },
    followed: true,
  },
  {
    name: "rust: a unit moved into a new child of its module that lib.rs re-exports through: the child declared to reach as far as its old module did (pub(crate)), not private to its parent (E0603)",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod shape;\n\npub use shape::other;\npub use shape::AsWidget;\n",
      "src/shape.rs":
        "/// Something drawn.\npub trait AsWidget {\n    fn w(&self) -> i32;\n}\n\n/// One.\npub fn other() -> i32 {\n    1\n}\n",
    },
    move: { from: "src/shape.rs", name: "AsWidget", to: "src/shape/as_widget.rs" },
    followed: true,
  },
  {
    name: "rust: a function into a new module: declared where the crate lays it out, importers' use paths, the old file's use it no longer needs",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/main.rs": `mod util;

use util::slug;

fn main() {
    println!("{} {}", slug(" A B "), util::keep(" x "));
}
`,
      "src/util.rs": UTIL_RS,
    },
    move: { from: "src/util.rs", name: "slug", to: "src/text.rs" },
    followed: true,
  },
  {
    name: "rust: crate:: and super:: importers, a pub(crate) helper of the old module the unit reads, the old module still using the unit",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod util;\npub mod web;\n",
      "src/util.rs": `/// Lower case.
pub(crate) fn lower(s: &str) -> String {
    s.to_lowercase()
}

/// A slug.
pub fn slug(s: &str) -> String {
    lower(s).replace(' ', "-")
}

/// A title's slug, twice.
pub fn twice(s: &str) -> String {
    slug(s) + &slug(s)
}
`,
      "src/web.rs": `use crate::util::slug;

/// A path.
pub fn path(s: &str) -> String {
    format!("/{}/{}", slug(s), super::util::twice(s))
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs() {
        assert_eq!(crate::util::slug("A B"), "a-b");
    }
}
`,
    },
    move: { from: "src/util.rs", name: "slug", to: "src/text.rs" },
    followed: true,
  },
  {
    name: "rust: an integration test reaching the unit by the crate's public path keeps it: the old module re-exports it",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod util;\n",
      "src/util.rs": UTIL_RS,
      "tests/it.rs": `use app::util::slug;

#[test]
fn slugs() {
    assert_eq!(slug("A B"), "a-b");
    assert_eq!(app::util::keep(" x "), "x");
}
`,
    },
    move: { from: "src/util.rs", name: "slug", to: "src/text.rs" },
    followed: true,
  },
  {
    name: "rust: a standard trait the unit uses only by calling its methods (read_to_string) goes with it, and stays where the old module still calls them",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/main.rs": `mod util;

fn main() {
    println!("{} {}", util::slurp("Cargo.toml").len(), util::size("Cargo.toml"));
}
`,
      "src/util.rs": `use std::fs::File;
use std::io::Read;

/// The file's text.
pub fn slurp(path: &str) -> String {
    let mut text = String::new();
    File::open(path).unwrap().read_to_string(&mut text).unwrap();
    text
}

/// Its length.
pub fn size(path: &str) -> usize {
    let mut text = String::new();
    File::open(path).unwrap().read_to_string(&mut text).unwrap();
    text.len()
}
`,
    },
    move: { from: "src/util.rs", name: "slurp", to: "src/text.rs" },
    followed: true,
  },
  {
    name: "rust: a library's public item keeps its public path for the crates that depend on it, which no move sees: the old module re-exports it",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod util;\n",
      "src/util.rs": UTIL_RS,
    },
    move: { from: "src/util.rs", name: "slug", to: "src/text.rs" },
    followed: true,
    says: "src/util.rs: re-exports slug from src/text.rs, for crates that depend on this library",
  },
  {
    name: "rust: a binary's or a private module's item has no public path to keep: no re-export",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        'mod util;\n\npub fn run() -> usize {\n    util::slug("A B").len() + util::keep(" x ").len()\n}\n',
      "src/util.rs": UTIL_RS,
    },
    move: { from: "src/util.rs", name: "slug", to: "src/text.rs" },
    followed: true,
  },
  {
    name: "rust: a private function the unit reads is made pub(crate), no wider than the new module needs, and the receipt says so",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/main.rs":
        'mod util;\n\nfn main() {\n    println!("{} {}", util::slug("a"), util::other("b"));\n}\n',
      "src/util.rs": `fn lower(s: &str) -> String {
    s.to_lowercase()
}

/// A slug.
pub fn slug(s: &str) -> String {
    lower(s)
}

/// Lower, elsewhere.
pub fn other(s: &str) -> String {
    lower(s)
}
`,
    },
    move: { from: "src/util.rs", name: "slug", to: "src/text.rs" },
    followed: true,
    says: "src/util.rs: lower made pub(crate) (read by crate::text)",
  },
  {
    name: "rust: a function whose old module keeps its private helper (opened to the new module) and loses one name of a grouped use only the unit read",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod eval;

/// A requirement.
pub struct Req {
    pub min: u64,
}

/// A version.
pub struct Ver {
    pub n: u64,
}

impl Req {
    /// Whether the version meets it.
    pub fn matches(&self, v: &Ver) -> bool {
        eval::matches_req(self, v)
    }
}

impl Ver {
    /// Whether it is a release.
    pub fn released(&self) -> bool {
        eval::released(self)
    }
}
`,
      "src/eval.rs": `use crate::{Req, Ver};

pub(crate) fn matches_req(req: &Req, ver: &Ver) -> bool {
    at_least(ver, req.min)
}

pub(crate) fn released(ver: &Ver) -> bool {
    at_least(ver, 1)
}

fn at_least(ver: &Ver, min: u64) -> bool {
    ver.n >= min
}
`,
    },
    move: { from: "src/eval.rs", name: "matches_req", to: "src/matches_req.rs" },
    followed: true,
    says: "src/eval.rs: at_least made pub(crate) (read by crate::matches_req)",
  },
  {
    name: "rust: a struct moved out of the crate root: its private fields, which the root's impl and a sibling module read (the whole crate saw them), made pub(crate); a glob of a crate module the unit reads nothing of stays behind with its #[allow]",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod compat;
mod parse;

#[allow(unused_imports)]
use crate::compat::*;
use std::fmt;

pub use crate::parse::parse;

/// A version and its label.
#[derive(Clone, Debug, PartialEq)]
pub struct Version {
    pub major: u64,
    label: String,
}

impl Version {
    /// Its label.
    pub fn label(&self) -> &str {
        &self.label
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-{}", self.major, self.label)
    }
}
`,
      "src/compat.rs": `pub(crate) trait TrimAll {
    fn trim_all(&self) -> &str;
}

impl TrimAll for str {
    fn trim_all(&self) -> &str {
        self.trim()
    }
}
`,
      "src/parse.rs": `use crate::compat::*;
use crate::Version;

/// A version from its text.
pub fn parse(s: &str) -> Version {
    let s = s.trim_all();
    Version {
        major: s.len() as u64,
        label: s.to_string(),
    }
}
`,
    },
    move: { from: "src/lib.rs", name: "Version", to: "src/version.rs" },
    followed: true,
    says: "src/version.rs: Version.label made pub(crate) (read by crate)",
  },
  {
    name: "rust: a struct moved out of its module: the module's private constant it reads, and its private fields the module's impl reads, made pub(crate)",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod identifier;

/// The length of an empty identifier.
pub fn empty_len() -> usize {
    identifier::Identifier::empty().len()
}
`,
      "src/identifier.rs": `use std::mem;

const WORD: usize = mem::size_of::<usize>();

/// An identifier, inline.
pub(crate) struct Identifier {
    head: usize,
    tail: [u8; WORD],
}

impl Identifier {
    /// An empty one.
    pub(crate) fn empty() -> Self {
        Identifier {
            head: 0,
            tail: [0; WORD],
        }
    }

    /// Its length.
    pub(crate) fn len(&self) -> usize {
        self.head + self.tail.len()
    }
}
`,
    },
    move: { from: "src/identifier.rs", name: "Identifier", to: "src/repr.rs" },
    followed: true,
    says: "src/repr.rs: Identifier.head, Identifier.tail made pub(crate) (read by crate::identifier)",
  },
  {
    name: "rust: an item of one platform (#[cfg] and the comment trailing it) moves with its attribute; its old module imports it back under the same #[cfg], at its top level, not in its inline test module",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod compat;

/// A path under \`a\`.
pub fn path(a: &str) -> String {
    compat::join(a, "x")
}
`,
      "src/compat.rs": `#[cfg(windows)] // Windows' own separator
pub(crate) trait SepExt {
    fn sep(&self) -> char;
}

#[cfg(windows)]
impl SepExt for str {
    fn sep(&self) -> char {
        '\\\\'
    }
}

/// Joins two parts.
pub(crate) fn join(a: &str, b: &str) -> String {
    format!("{}/{}", a, b)
}

#[cfg(test)]
mod tests {
    use super::join;

    #[test]
    fn joins() {
        assert_eq!(join("a", "b"), "a/b");
    }
}
`,
    },
    move: { from: "src/compat.rs", name: "SepExt", to: "src/sep_ext.rs" },
    followed: true,
  },
  {
    name: "rust: the unit's uses carried with their #[cfg] (one per platform), and dropped from the old file with it",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `pub mod names;

/// The length of a name.
pub fn name_len(s: &std::ffi::OsStr) -> usize {
    names::len(s)
}
`,
      "src/names.rs": `use std::ffi::OsStr;
#[cfg(unix)]
use std::os::unix::ffi::OsStrExt;
#[cfg(windows)]
use std::os::windows::ffi::OsStrExt;

/// The units of a name, as the platform stores them.
pub fn units(s: &OsStr) -> Vec<u16> {
    #[cfg(unix)]
    let units = OsStrExt::as_bytes(s).iter().map(|&b| u16::from(b)).collect();
    #[cfg(windows)]
    let units = OsStrExt::encode_wide(s).collect();
    units
}

/// Its length.
pub fn len(s: &OsStr) -> usize {
    s.len()
}
`,
    },
    move: { from: "src/names.rs", name: "units", to: "src/units.rs" },
    followed: true,
  },
  {
    // itertools' lib.rs: `pub mod structs { #[cfg(feature = "use_alloc")] pub use
    // crate::kmerge_impl::{KMerge, KMergeBy}; }`, with KMerge moved out of kmerge_impl.rs. Its
    // line stays in `structs` (the public path `structs::KMerge`), under the same `#[cfg]`, its
    // string whole.
    name: 'rust: an item moved out of a `use` list inside an inline public module gets its line there, below, under the same #[cfg(feature = "…")]',
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[features]\ndefault = ["alloc"]\nalloc = []\n`,
      "src/lib.rs": `/// The iterator types.
pub mod structs {
    #[cfg(feature = "alloc")]
    pub use crate::merge::{Merge, MergeBy};
}
#[cfg(feature = "alloc")]
mod merge;

/// A merge of two.
#[cfg(feature = "alloc")]
pub fn both() -> structs::Merge {
    structs::Merge(structs::MergeBy(2))
}
`,
      "src/merge.rs": `/// Merged by a rule.
pub struct MergeBy(pub u32);

/// Merged.
pub struct Merge(pub MergeBy);
`,
      "tests/merged.rs": `#[test]
fn merged() {
    assert_eq!(app::both().0 .0, 2);
    let _: app::structs::Merge = app::structs::Merge(app::structs::MergeBy(1));
}
`,
    },
    move: { from: "src/merge.rs", name: "Merge", to: "src/merged.rs" },
    followed: true,
  },
  {
    // itertools' adaptors/mod.rs: `pub use self::coalesce::*;` in a private module, and lib.rs's
    // `pub use crate::adaptors::DedupBy` through that glob, with DedupBy moved out of
    // coalesce.rs: coalesce.rs re-exports it `pub` (a `pub(crate)` one, which the glob carries,
    // lib.rs may not re-export: E0365).
    name: "rust: an item a `pub use` glob of its old module carries on to the crate's public paths is re-exported by the old module, pub",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod adaptors;
pub use crate::adaptors::{dedup, Coalesce, DedupBy};
`,
      "src/adaptors/mod.rs": "mod coalesce;\npub use self::coalesce::*;\n",
      "src/adaptors/coalesce.rs": `/// Coalesces.
pub struct Coalesce<T>(pub T);

/// Removes repeats.
pub type DedupBy<T> = Coalesce<(T, T)>;

/// Starts one.
pub fn dedup<T>(t: T, u: T) -> DedupBy<T> {
    Coalesce((t, u))
}
`,
      "tests/dedup.rs": `#[test]
fn dedup() {
    let d: app::DedupBy<u8> = app::dedup(1, 2);
    assert_eq!(d.0 .1, 2);
}
`,
    },
    move: { from: "src/adaptors/coalesce.rs", name: "DedupBy", to: "src/adaptors/dedup_by.rs" },
    followed: true,
  },
  {
    // itertools' put_back: a free function of the private module adaptors, whose impl has a
    // method of the same name (`fn put_back(&mut self, …)`, called as `self.put_back(…)`), and
    // which the tests reach through lib.rs's `pub use crate::free::*` and free.rs's `pub use
    // crate::adaptors::{…, put_back}` (rewritten). Neither the method nor the tests read it
    // through adaptors: no import back there, no re-export (each an unused import).
    name: "rust: a free function moved out of a private module whose impl has a method of its name, reached by tests through another module's re-export: nothing left behind unused",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod adaptors;\n#[doc(hidden)]\npub mod free;\npub use crate::free::*;\n",
      "src/free.rs": "//! Free functions.\npub use crate::adaptors::{put_back, PutBack};\n",
      "src/adaptors/mod.rs": `/// Puts one back.
pub struct PutBack {
    top: Option<u32>,
}

/// A new one.
pub fn put_back() -> PutBack {
    PutBack { top: None }
}

impl PutBack {
    /// Puts it back.
    pub fn put_back(&mut self, x: u32) {
        self.top = Some(x);
    }

    /// Puts it back twice.
    pub fn twice(&mut self, x: u32) {
        self.put_back(x);
        self.put_back(x);
    }

    /// What is on top.
    pub fn top(&self) -> Option<u32> {
        self.top
    }
}
`,
      "tests/put.rs": `use app::put_back;

#[test]
fn put() {
    let mut p = put_back();
    p.twice(3);
    assert_eq!(p.top(), Some(3));
}
`,
    },
    move: { from: "src/adaptors/mod.rs", name: "put_back", to: "src/adaptors/put_back.rs" },
    followed: true,
  },
  {
    // petgraph's algo/mod.rs: \`use crate::prelude::*;\` brings \`EdgeRef\`, whose \`.source()\` the
    // unit calls without naming the trait: the glob goes along.
    name: "rust: a glob that brings a trait whose method the unit calls goes along",
    lang: "rust",
    files: TRAITS_CRATE,
    move: { from: "src/algo.rs", name: "first_source", to: "src/algo/first_source.rs" },
    followed: true,
    says: "imports crate::prelude::*",
  },
  {
    // petgraph's \`Walker::iter(self, context)\`: the old file's \`v.iter()\` calls a slice's, so the
    // trait's import, which only the unit's \`v.iter(1)\` needed, leaves with it.
    name: "rust: a trait's method told from a same-named one by its arguments: the old file drops the import only the unit needed",
    lang: "rust",
    files: TRAITS_CRATE,
    move: { from: "src/algo.rs", name: "walked", to: "src/walked.rs" },
    followed: true,
    says: "src/algo.rs: drops 1 use only the unit read",
  },
  {
    // petgraph's isomorphism.rs: \`mod state { … }\` and \`use self::state::Vf2State;\`.
    name: "rust: a private module a use the unit takes goes through is opened as far as the new module",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod iso;\n",
      "src/iso.rs": `mod state {
    /// A state.
    pub struct State(pub u32);
}

use self::state::State;

/// Matches.
pub fn matching(n: u32) -> u32 {
    State(n).0 + 1
}

/// Another.
pub fn other() -> u32 {
    State(2).0
}
`,
    },
    move: { from: "src/iso.rs", name: "matching", to: "src/iso_matching.rs" },
    followed: true,
    says: "state made pub(crate)",
  },
  {
    // petgraph's adj.rs: \`type Row<E, Ix> = Vec<WSuc<E, Ix>>\`, opened for the unit, opens the private
    // \`WSuc\` it names; and the unit's \`Row::new()\` opens no other type's \`new\` (matrix_graph.rs).
    name: "rust: a type alias opened opens the types it names, and a call through one type's path opens no other type's item of that name",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod adj;\n",
      "src/adj.rs": `struct Suc {
    n: u32,
}

type Row = Vec<Suc>;

struct Other;

impl Other {
    fn new() -> Other {
        Other
    }
}

/// Indices over rows.
pub struct Indices {
    rows: Vec<Row>,
}

impl Indices {
    /// None yet.
    pub fn empty() -> Indices {
        Indices {
            rows: vec![Row::new()],
        }
    }

    /// How many rows.
    pub fn count(&self) -> usize {
        self.rows.len()
    }
}

/// One row of one.
pub fn make() -> Indices {
    let _ = Other::new();
    let mut i = Indices::empty();
    i.rows[0].push(Suc { n: 1 });
    i.rows.iter().map(|r| r[0].n as usize).count();
    i
}
`,
    },
    move: { from: "src/adj.rs", name: "Indices", to: "src/indices.rs" },
    followed: true,
    says: "Row, Suc made pub(crate)",
  },
  {
    // The review of petgraph's fixes: a trait's generic method (\`fn pick<T: Into<u32>>\`) is called
    // either way, and a range's bound (\`0..N\`) is a name the glob brings, not a field.
    name: "rust: a generic trait method called, and a range's bound a glob brings, take their imports along",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `pub mod consts;
pub mod sum;

/// Picks.
pub trait Ext {
    /// Picked with \`t\`.
    fn pick<T: Into<u32>>(&self, t: T) -> u32;
}

impl Ext for u32 {
    fn pick<T: Into<u32>>(&self, t: T) -> u32 {
        self + t.into()
    }
}
`,
      "src/consts.rs": "/// How many.\npub const N: usize = 2;\n",
      "src/sum.rs": `use crate::consts::*;
use crate::Ext;

/// The first N, each picked.
pub fn total(v: &[u32]) -> u32 {
    let mut t = 0;
    for i in 0..N {
        t += v[i].pick(1u8);
    }
    t
}

/// The first.
pub fn first(v: &[u32]) -> u32 {
    v[0].pick(0u8) + N as u32
}
`,
    },
    move: { from: "src/sum.rs", name: "total", to: "src/total.rs" },
    followed: true,
  },
  {
    // rand's seq/index.rs: \`#[cfg(feature = "alloc")] use core::slice;\`, its attribute on its line:
    // only the unit read it, so it goes with the unit, attribute and all.
    name: "rust: a use whose attribute stands on its own line, which only the unit read, leaves the old file",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod seq;\n",
      "src/seq.rs": `#[cfg(all())] use core::slice;

/// Items.
pub enum Iter<'a> {
    /// One.
    One(slice::Iter<'a, u32>),
}

/// How many.
pub fn count(v: &[u32]) -> usize {
    let Iter::One(i) = Iter::One(v.iter());
    i.len()
}
`,
    },
    move: { from: "src/seq.rs", name: "Iter", to: "src/seq/iter.rs" },
    followed: true,
    says: "src/seq.rs: drops 1 use only the unit read",
  },
  {
    // itertools' free.rs: `join` calls `iterable.into_iter().join(sep)`, the crate's Itertools
    // method, through free.rs's `use crate::Itertools;`: a name no identifier of the unit reads.
    name: "rust: a function calling a method of a trait of the crate takes the trait's import along",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod free;
pub use crate::free::{count_all, join};

/// Extra methods.
pub trait Tools: Iterator {
    /// The items, joined.
    fn joined(self, sep: &str) -> String
    where
        Self: Sized,
        Self::Item: std::fmt::Display,
    {
        self.map(|x| x.to_string()).collect::<Vec<_>>().join(sep)
    }
}

impl<T: Iterator> Tools for T {}
`,
      "src/free.rs": `use crate::Tools;

/// Joins any iterable's items.
pub fn join<I>(iterable: I, sep: &str) -> String
where
    I: IntoIterator,
    I::Item: std::fmt::Display,
{
    iterable.into_iter().joined(sep)
}

/// How many.
pub fn count_all<I: IntoIterator>(iterable: I) -> String {
    iterable.into_iter().count().to_string() + &[1].iter().joined("")
}
`,
    },
    move: { from: "src/free.rs", name: "join", to: "src/join.rs" },
    followed: true,
  },
  {
    // bytes' buf_impl.rs: `use core::{cmp, mem, ptr};`, where only the macro `buf_get_impl!`
    // reads `mem`, and only the trait `Buf` invokes the macro: both go, and so does `mem`
    // (an unused import in the old file otherwise).
    name: "rust: a use read only by a macro_rules! the unit takes goes from the old file",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod buf;\npub use crate::buf::{Get, Slice};\n",
      "src/buf/mod.rs": "mod get;\npub use self::get::{Get, Slice};\n",
      "src/buf/get.rs": `use core::{cmp, mem};

macro_rules! get_impl {
    ($this:ident, $typ:ty) => {{
        let size = mem::size_of::<$typ>();
        $this.take(size) as $typ
    }};
}

/// Reads numbers.
pub trait Get {
    /// Takes up to \`n\` bytes.
    fn take(&mut self, n: usize) -> usize;

    /// Reads a u16.
    fn get_u16(&mut self) -> u16 {
        get_impl!(self, u16)
    }
}

/// A slice's length as bytes.
pub struct Slice(pub usize);

impl Get for Slice {
    fn take(&mut self, n: usize) -> usize {
        let taken = cmp::min(n, self.0);
        self.0 -= taken;
        taken
    }
}

#[test]
fn reads() {
    assert_eq!(Slice(5).get_u16(), 2);
}
`,
    },
    move: { from: "src/buf/get.rs", name: "Get", to: "src/buf/moved_get.rs" },
    followed: true,
  },
  {
    // bytes' limit.rs: `pub(super) fn new`, which buf_mut.rs calls as `limit::new(…)`, moved to
    // a sibling: the old module re-exports it no wider than it is (`pub(super) use`; a
    // `pub(crate) use` is E0364).
    name: "rust: a pub(super) function others read through its old module is re-exported pub(super)",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod buf;\npub use crate::buf::{capped, Limit};\n",
      "src/buf/mod.rs":
        "mod limit;\nmod make;\npub use self::limit::Limit;\npub use self::make::capped;\n",
      "src/buf/limit.rs": `/// A capped count.
#[derive(Debug)]
pub struct Limit {
    /// The cap.
    pub limit: usize,
}

pub(super) fn new(limit: usize) -> Limit {
    Limit { limit }
}
`,
      "src/buf/make.rs": `use super::limit;

/// A limit of \`n\`.
pub fn capped(n: usize) -> super::Limit {
    limit::new(n)
}

#[test]
fn caps() {
    assert_eq!(capped(3).limit, 3);
}
`,
    },
    move: { from: "src/buf/limit.rs", name: "new", to: "src/buf/new.rs" },
    followed: true,
  },
  {
    // nom's number/complete.rs: `be_i128` invokes `map!`, a macro_rules! of its file that
    // invokes `call!`; a macro is in scope only below its definition in its own file, so both
    // go along (copied: the old file's other parsers still invoke them). E0433/"cannot find
    // macro" otherwise; an import of the function `map` beside them would be unused.
    name: "rust: a unit invoking its file's macro_rules! takes them along, copied where the old file still invokes them",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod number;\npub use crate::number::{be_i16, be_i32};\n",
      "src/number/mod.rs": "mod complete;\npub use self::complete::{be_i16, be_i32};\n",
      "src/number/complete.rs": `use std::convert::identity as map;

macro_rules! map(
  ($i:expr, $f:expr, $g:expr) => ( $g(call!($i, $f)) );
);

macro_rules! call (
  ($i:expr, $fun:expr) => ( $fun( $i ) );
);

fn be_u16(i: u32) -> u16 {
    map(i) as u16
}

/// A 16-bit signed integer.
pub fn be_i16(i: u32) -> i16 {
    map!(i, be_u16, |x| x as i16)
}

/// A 32-bit signed integer.
pub fn be_i32(i: u32) -> i32 {
    map!(i, be_u16, |x| x as i32)
}

#[test]
fn both() {
    assert_eq!(be_i16(3), 3);
    assert_eq!(be_i32(4), 4);
}
`,
    },
    move: { from: "src/number/complete.rs", name: "be_i16", to: "src/number/be_i16.rs" },
    followed: true,
  },
  {
    // A destination with a macro_rules! of the unit's macro's name: the one the unit would find
    // there, below it, is not its own. Refused up front, nothing written.
    name: "rust: a unit invoking its file's macro_rules! is refused where the destination has another macro of that name",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod number;\npub use crate::number::{be_i16, twice};\n",
      "src/number/mod.rs":
        "mod complete;\nmod twice;\npub use self::complete::be_i16;\npub use self::twice::twice;\n",
      "src/number/complete.rs": `macro_rules! map(
  ($i:expr, $g:expr) => ( $g($i) );
);

/// A 16-bit signed integer.
pub fn be_i16(i: u32) -> i16 {
    map!(i, |x| x as i16)
}
`,
      "src/number/twice.rs": `macro_rules! map(
  ($i:expr, $g:expr) => ( $g($g($i)) );
);

/// Twice.
pub fn twice(i: u32) -> u32 {
    map!(i, |x| x + 1)
}
`,
    },
    move: { from: "src/number/complete.rs", name: "be_i16", to: "src/number/twice.rs" },
    refused: "has a macro_rules! map of its own",
  },
  {
    // The same, the last invoker leaving: the macros go with it, none left unused behind.
    name: "rust: the last unit invoking its file's macro_rules! takes them out of the old file",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod number;\npub use crate::number::{be_i16, be_u16};\n",
      "src/number/mod.rs": "mod complete;\npub use self::complete::{be_i16, be_u16};\n",
      "src/number/complete.rs": `#[doc(hidden)]
macro_rules! map(
  ($i:expr, $f:expr, $g:expr) => ( $g($f($i)) );
);

/// A 16-bit unsigned integer.
pub fn be_u16(i: u32) -> u16 {
    i as u16
}

/// A 16-bit signed integer.
pub fn be_i16(i: u32) -> i16 {
    map!(i, be_u16, |x| x as i16)
}
`,
    },
    move: { from: "src/number/complete.rs", name: "be_i16", to: "src/number/be_i16.rs" },
    followed: true,
  },
  {
    // nom's number/complete.rs: `le_i8`, public at `nom::number::complete::le_i8`, is read in
    // the old file by its tests alone. Its re-export there is for other crates, not for the
    // tests: never under `#[cfg(test)]` (E0432 in what imports the public path otherwise).
    name: "rust: a public unit only the old file's tests read is re-exported for other crates, not for the tests alone",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod number;\n",
      "src/number/mod.rs": "pub mod complete;\n",
      "src/number/complete.rs": `/// A byte.
pub fn be_u8(i: u32) -> u8 {
    i as u8
}

/// A signed byte.
pub fn le_i8(i: u32) -> i8 {
    be_u8(i) as i8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes() {
        assert_eq!(le_i8(255), -1);
    }
}
`,
      "tests/public.rs":
        "use app::number::complete::le_i8;\n\n#[test]\nfn public_path() {\n    assert_eq!(le_i8(1), 1);\n}\n",
    },
    move: { from: "src/number/complete.rs", name: "le_i8", to: "src/number/le_i8.rs" },
    followed: true,
  },
  {
    // unicode-bidi's format_chars.rs: a licence in plain comments, then the module's `//!` docs,
    // and no `use`. What the move adds to the old file (its re-export of what moved, for
    // `chars::LRI` through `use crate::format_chars as chars`) goes below the `//!` lines, not
    // above them (E0753: expected outer doc comment).
    name: "rust: a use added to an old file whose inner docs sit below a licence comment goes below them",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "pub mod format_chars;\n\nuse crate::format_chars as chars;\n\n/// An isolate.\npub fn isolate() -> char {\n    chars::LRI\n}\n",
      "src/format_chars.rs": `// Copyright 2017 The Project Developers.
// Licensed under the MIT license.

//! Directional formatting characters.
//!
//! <http://www.unicode.org/reports/tr9/>

// == Explicit isolates ==
/// LEFT-TO-RIGHT ISOLATE
pub const LRI: char = '\\u{2066}';
/// RIGHT-TO-LEFT ISOLATE
pub const RLI: char = '\\u{2067}';
`,
    },
    move: { from: "src/format_chars.rs", name: "LRI", to: "src/lri.rs" },
    followed: true,
  },
  {
    // unicode-bidi's prepare.rs: `use super::BidiClass::*;`, where lib.rs re-exports the enum from
    // char_data, which re-exports it from tables. The glob goes only with a unit that reads a
    // variant, the enum found through the re-exports.
    name: "rust: a glob of an enum's variants reached through re-exports stays behind with a unit that reads none",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "mod char_data;\nmod prepare;\n\npub use crate::char_data::BidiClass;\npub use crate::prepare::{level_runs, LevelRun};\n",
      "src/char_data/mod.rs": "mod tables;\n\npub use self::tables::BidiClass;\n",
      "src/char_data/tables.rs":
        "/// A class.\n#[derive(Clone, Copy, Debug, PartialEq)]\npub enum BidiClass {\n    L,\n    R,\n    ON,\n}\n",
      "src/prepare.rs": `use super::BidiClass;
use super::BidiClass::*;

/// A run of levels.
pub type LevelRun = std::ops::Range<usize>;

/// The runs of strong classes.
pub fn level_runs(classes: &[BidiClass]) -> Vec<LevelRun> {
    classes
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == L || **c == R)
        .map(|(i, _)| i..i + 1)
        .collect()
}
`,
    },
    move: { from: "src/prepare.rs", name: "LevelRun", to: "src/level_run.rs" },
    followed: true,
  },
  {
    // unicode-bidi's explicit.rs: `use super::char_data::{is_rtl, BidiClass::{self, *}};`, all of
    // it read by `compute` alone. Once it moves, the glob of variants goes too (an unused
    // import otherwise), as the names beside it do.
    name: "rust: a glob only the unit read through goes from the old file with it",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "mod char_data;\nmod explicit;\n\npub use crate::char_data::BidiClass;\npub use crate::explicit::{compute, Status};\n",
      "src/char_data/mod.rs":
        "mod tables;\n\npub use self::tables::BidiClass;\n\n/// Whether a class is right-to-left.\npub fn is_rtl(c: BidiClass) -> bool {\n    c == BidiClass::R\n}\n",
      "src/char_data/tables.rs":
        "/// A class.\n#[derive(Clone, Copy, Debug, PartialEq)]\npub enum BidiClass {\n    L,\n    R,\n    AL,\n}\n",
      "src/explicit.rs": `use super::char_data::{
    is_rtl,
    BidiClass::{self, *},
};

/// The explicit levels.
pub fn compute(classes: &[BidiClass]) -> Vec<u8> {
    classes.iter().map(|c| u8::from(is_rtl(*c) || *c == AL)).collect()
}

/// A status.
pub struct Status {
    pub level: u8,
}
`,
    },
    move: { from: "src/explicit.rs", name: "compute", to: "src/compute.rs" },
    followed: true,
  },
  {
    // unicode-bidi's deprecated.rs: `use super::*;`, read by `visual_runs` alone.
    name: "rust: a glob of the parent module only the unit read through goes from the old file with it",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "pub mod deprecated;\n\n/// A level.\n#[derive(Clone, Copy, Debug)]\npub struct Level(pub u8);\n",
      "src/deprecated.rs": `//! Deprecated things.

use super::*;

/// The runs of levels.
pub fn visual_runs(levels: &[Level]) -> usize {
    levels.len()
}

/// A constant that stays.
pub const KEPT: u8 = 1;
`,
    },
    move: { from: "src/deprecated.rs", name: "visual_runs", to: "src/visual_runs.rs" },
    followed: true,
  },
  {
    // unicode-bidi's char_data/mod.rs: `bidi_class` moved into `bidi_class.rs`, where a parameter
    // of another function is named `bidi_class` too and the tests below call the function. The
    // parameter is that function's own: the tests' calls still need the function, imported back.
    name: "rust: a function a parameter elsewhere shares its name with, called by the old file's tests, comes back for them",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "mod char_data;\n\npub use crate::char_data::{bidi_class, is_rtl, BidiClass};\n",
      "src/char_data/mod.rs": `/// A class.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BidiClass {
    L,
    R,
}

/// The class of a char.
pub fn bidi_class(c: char) -> BidiClass {
    if c == '\\u{05D0}' {
        BidiClass::R
    } else {
        BidiClass::L
    }
}

/// Whether a class is right-to-left.
pub fn is_rtl(bidi_class: BidiClass) -> bool {
    matches!(bidi_class, BidiClass::R)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii() {
        assert_eq!(bidi_class('a'), BidiClass::L);
    }
}
`,
    },
    move: { from: "src/char_data/mod.rs", name: "bidi_class", to: "src/char_data/bidi_class.rs" },
    followed: true,
  },
  {
    // unicode-bidi's deprecated.rs: a `#[deprecated]` public function moved out is re-exported
    // by its old module for other crates; a `use` of a deprecated item is warned of as a read
    // is, so the re-export allows it.
    name: "rust: a deprecated item's re-export from its old module allows it",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod deprecated;\n",
      "src/deprecated.rs": `//! Deprecated things.

/// The runs.
#[deprecated(since = "0.3.0", note = "please use runs instead")]
pub fn visual_runs(n: usize) -> usize {
    n
}

/// A constant that stays.
pub const KEPT: u8 = 1;
`,
    },
    move: { from: "src/deprecated.rs", name: "visual_runs", to: "src/visual_runs.rs" },
    followed: true,
  },
  {
    // unicode-bidi's char_data/tables.rs: `use self::BidiClass::*;` beside the enum, for the
    // tables below it. The enum declares its variants, which is no read of them: the glob
    // stays behind for the tables, and the new file does not take a glob of its own enum.
    name: "rust: an enum moved from beside a glob of its own variants leaves the glob to the old file",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod tables;\n\npub use crate::tables::{BidiClass, TABLE};\n",
      "src/tables.rs": `use self::BidiClass::*;

/// A class.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BidiClass {
    L,
    R,
}

/// The table.
pub const TABLE: [BidiClass; 2] = [L, R];
`,
    },
    move: { from: "src/tables.rs", name: "BidiClass", to: "src/bidi_class.rs" },
    followed: true,
  },
  {
    // aho-corasick's packed/teddy/runtime.rs: `use std::arch::x86_64::*;` above masks whose
    // fields are the crate's own types. A glob of x86's intrinsics goes only with a unit that
    // reads one (their names begin with `_`); an unused import otherwise.
    name: "rust: a glob of x86's intrinsics goes only with a unit that reads one",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        'mod simd;\n\npub use simd::Mask;\n#[cfg(target_arch = "x86_64")]\npub use simd::sum;\n',
      "src/simd.rs": `#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Two lanes.
#[derive(Clone, Copy, Debug)]
pub struct Mask {
    pub lo: u8,
    pub hi: u8,
}

/// The lanes' sum, through SSE2.
#[cfg(target_arch = "x86_64")]
pub fn sum(m: Mask) -> i32 {
    unsafe { _mm_cvtsi128_si32(_mm_set1_epi32(i32::from(m.lo) + i32::from(m.hi))) }
}
`,
    },
    move: { from: "src/simd.rs", name: "Mask", to: "src/mask.rs" },
    followed: true,
  },
  {
    // `#[tokio::test]`, `#[async_std::test]`, `#[sqlx::test]`: an attribute whose path ends in
    // `test` builds a test as `#[test]` does, for the tests alone. Here `crate::rt::test`
    // re-exports the built-in one, as such a crate's macro expands to it. What the unit read
    // and only such a test reads now stays for the tests alone (an unused import otherwise).
    name: "rust: a test written with another crate's #[x::test] counts as a test: what only it reads stays for the tests alone",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "pub mod rt {\n    pub use core::prelude::v1::test;\n}\nmod parse;\n\npub use parse::count;\n",
      "src/parse.rs": `use std::collections::HashMap;

/// How often each character occurs.
pub fn count(s: &str) -> HashMap<char, usize> {
    let mut m = HashMap::new();
    for c in s.chars() {
        *m.entry(c).or_insert(0) += 1;
    }
    m
}

#[crate::rt::test]
fn counts() {
    let m: HashMap<char, usize> = count("aa");
    assert_eq!(m[&'a'], 2);
}
`,
    },
    move: { from: "src/parse.rs", name: "count", to: "src/count.rs" },
    followed: true,
  },
  {
    // rand's seq/mod.rs: `#[cfg(feature = "alloc")] use alloc::vec::Vec;`, read by the moved
    // trait's gated method and by tests under `#[cfg(feature = "alloc")]` inside the
    // `#[cfg(test)]` module, through its `use super::*`. Kept for the tests under both cfgs
    // (an unused import otherwise, where the crate is built without its tests).
    name: "rust: a use under a feature's cfg that only the tests read after the move stays for them, under both",
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[features]\ndefault = ["alloc"]\nalloc = []\n`,
      "src/lib.rs": "mod seq;\npub use seq::{count, Pick};\n",
      "src/seq.rs": `#[cfg(feature = "alloc")] use std::collections::BTreeSet;

/// Picks from what it is.
pub trait Pick: Sized {
    /// The first item, alone in a set.
    #[cfg(feature = "alloc")]
    fn pick_set(self) -> BTreeSet<u8>;
}

/// How many.
pub fn count() -> usize {
    1
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    #[cfg(feature = "alloc")]
    fn set() {
        let s: BTreeSet<u8> = BTreeSet::new();
        assert_eq!(s.len(), count() - 1);
    }
}
`,
    },
    move: { from: "src/seq.rs", name: "Pick", to: "src/pick.rs" },
    followed: true,
    says: "keeps std::collections::BTreeSet for its tests alone",
  },
  {
    // rand's seq/index.rs: `use alloc::vec::{self, Vec};`, whose module only the moved enum
    // read (`vec::IntoIter`); the tests call `vec![…]` inside `assert_eq!`, the macro, which
    // that `self` does not import. The module goes (an unused import otherwise).
    name: "rust: a module imported alone (self) that only the unit read goes, though a macro of its name is called",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod index;\npub use index::{IndexIter, IndexVec};\n",
      "src/index.rs": `use std::vec::{self, Vec};

/// Indices.
pub struct IndexVec(pub Vec<usize>);

/// Its iterator.
pub struct IndexIter(pub vec::IntoIter<usize>);

impl IndexVec {
    /// Its first.
    pub fn first(&self) -> Option<usize> {
        self.0.first().copied()
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn first() {
        assert_eq!(IndexVec(vec![1]).first(), Some(1));
    }
}
`,
    },
    move: { from: "src/index.rs", name: "IndexIter", to: "src/index_iter.rs" },
    followed: true,
  },
  {
    // The same, with the tests reading the module by its path: it stays for them, written
    // `use std::vec;` (`use std::vec::self;` alone is E0429).
    name: "rust: a module imported alone (self) that only the tests read after the move stays for them as use m;",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod index;\npub use index::{IndexIter, IndexVec};\n",
      "src/index.rs": `use std::vec::{self, Vec};

/// Indices.
pub struct IndexVec(pub Vec<usize>);

/// Its iterator.
pub struct IndexIter(pub vec::IntoIter<usize>);

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn empty() {
        let none: Option<vec::IntoIter<usize>> = None;
        assert!(none.is_none() && IndexVec(Vec::new()).0.is_empty());
    }
}
`,
    },
    move: { from: "src/index.rs", name: "IndexIter", to: "src/index_iter.rs" },
    followed: true,
    says: "keeps std::vec for its tests alone",
  },
  {
    // rand's distributions/mod.rs: `pub mod hidden_export { pub use super::float::IntoFloat; }`,
    // a path written inside an inline module, whose `super` is the file's own module. It is
    // rewritten (else it re-exports the old module's `pub(crate)` import of it: E0365).
    name: "rust: a use inside an inline module reads super:: from that module, and is rewritten",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "pub mod dist;\n",
      "src/dist/mod.rs": `mod float;

#[doc(hidden)]
pub mod hidden_export {
    pub use super::float::IntoFloat;
}

pub use self::float::Open01;
`,
      "src/dist/float.rs": `/// A float from bits.
pub trait IntoFloat {
    /// Its float.
    fn into_float(self) -> f64;
}

impl IntoFloat for u64 {
    fn into_float(self) -> f64 {
        self as f64
    }
}

/// Open at zero.
pub struct Open01;

impl Open01 {
    /// A sample.
    pub fn sample(bits: u64) -> f64 {
        bits.into_float()
    }
}
`,
    },
    move: { from: "src/dist/float.rs", name: "IntoFloat", to: "src/dist/into_float.rs" },
    followed: true,
    says: "src/dist/mod.rs: reads IntoFloat from crate::dist::into_float",
  },
  {
    // rand's rngs/mod.rs: `#[cfg(…)] pub(crate) mod thread;`, its attribute on the same line.
    // A sibling split out of it is declared as far as it reaches (lib.rs's `pub use` runs
    // through it; private, E0603) and under its cfg.
    name: "rust: a module declared with its attribute on the same line keeps its reach for the new sibling",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod rngs;\npub use crate::rngs::thread::{thread_rng, ThreadRng};\n",
      "src/rngs/mod.rs": "#[cfg(all())] pub(crate) mod thread;\n",
      "src/rngs/thread.rs": `/// A generator.
pub struct ThreadRng(pub u64);

/// The thread's generator.
pub fn thread_rng() -> ThreadRng {
    ThreadRng(4)
}
`,
    },
    move: { from: "src/rngs/thread.rs", name: "thread_rng", to: "src/rngs/thread_rng.rs" },
    followed: true,
    says: "src/rngs/mod.rs: declares pub(crate) mod thread_rng",
  },
  {
    // rand's rngs/thread.rs: `thread_local!(static THREAD_RNG_KEY: … = …);`, a static the
    // macro declares, read by the moved `thread_rng`. It is an item of the module: imported,
    // and opened inside the macro as far as the new module.
    name: "rust: a static thread_local! declares is an item the unit reads: imported and opened",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod counter;\npub use counter::{next, reset};\n",
      "src/counter.rs": `use std::cell::Cell;

thread_local!(
    // Each thread's count.
    static COUNT: Cell<u32> = Cell::new(0)
);

/// The next number.
pub fn next() -> u32 {
    COUNT.with(|c| {
        c.set(c.get() + 1);
        c.get()
    })
}

/// Starts again.
pub fn reset() {
    COUNT.with(|c| c.set(0));
}
`,
    },
    move: { from: "src/counter.rs", name: "next", to: "src/next.rs" },
    followed: true,
    says: "COUNT made pub(crate)",
  },
  {
    // similar's algorithms/utils.rs: `fn common_suffix_len(old: &Old, …, new: &New, …)` beside
    // `IdentifyDistinct { old: OffsetLookup<Int>, new: … }`. A parameter named as a field is
    // no read of the field: the fields stay private (opened, each is a warning: a private type
    // in a `pub(crate)` field).
    name: "rust: a parameter named as a private field of the old module's struct opens no field",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod utils;\npub use utils::{common_len, Lookup};\n",
      "src/utils.rs": `struct Offset(usize);

/// A lookup of two sides.
pub struct Lookup {
    old: Offset,
    new: Offset,
}

impl Lookup {
    /// A new one.
    pub fn new(a: usize, b: usize) -> Lookup {
        Lookup { old: Offset(a), new: Offset(b) }
    }

    /// Their sum.
    pub fn sum(&self) -> usize {
        self.old.0 + self.new.0
    }
}

/// How many items the two share at the start.
pub fn common_len(old: &[u8], new: &[u8]) -> usize {
    old.iter().zip(new).take_while(|(a, b)| a == b).count()
}
`,
    },
    move: { from: "src/utils.rs", name: "common_len", to: "src/common_len.rs" },
    followed: true,
  },
  {
    // similar's iter.rs: `#[cfg(feature = "text")] pub use self::text::*;` of its inline
    // `mod text { … }`. What that glob brings is what the block binds, none of which the moved
    // struct reads: it stays (carried, an unused import).
    name: "rust: a glob of an inline module of the old file brings what its block binds, and goes only where that is read",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod iter;\npub use iter::{Changes, Pair};\n",
      "src/iter.rs": `/// Changes.
pub struct Changes(pub usize);

#[cfg(all())]
mod text {
    /// A pair.
    pub struct Pair(pub u8, pub u8);
}

#[cfg(all())]
pub use self::text::*;
`,
    },
    move: { from: "src/iter.rs", name: "Changes", to: "src/changes.rs" },
    followed: true,
  },
  {
    // similar's lib.rs: `mod text;` private, `pub use self::text::*;`: other crates read
    // `similar::get_close_matches` through that glob. Moved out of text, it is re-exported
    // there `pub` (a `pub(crate)` import is no item the glob passes on).
    name: "rust: a private module whose items lib.rs re-exports by a glob re-exports a moved public item pub",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod text;\npub use self::text::*;\n",
      "src/text/mod.rs": `/// How close two words are.
pub fn ratio(a: &str, b: &str) -> f32 {
    if a == b {
        1.0
    } else {
        0.0
    }
}

/// The words close to one.
pub fn close<'a>(word: &str, all: &[&'a str]) -> Vec<&'a str> {
    all.iter().copied().filter(|w| ratio(word, w) > 0.5).collect()
}
`,
      "tests/it.rs": `#[test]
fn close() {
    assert_eq!(app::close("a", &["a", "b"]), vec!["a"]);
}
`,
    },
    move: { from: "src/text/mod.rs", name: "close", to: "src/text/close.rs" },
    followed: true,
    says: "src/text/mod.rs: re-exports close from src/text/close.rs, for crates that depend on this library",
  },
  {
    // A bare path in a test module of the file that declares the old module (`mod tests {
    // use super::*; … util::slug(…) }` in lib.rs): it names the file's `util`, and is
    // rewritten as the file's own paths are.
    name: "rust: a bare path inside an inline test module resolves from the file's scope and is rewritten",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod other;
mod util;

pub use other::other;
pub use util::size;

/// The slug of a title.
pub fn title(s: &str) -> String {
    util::slug(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(util::slug("A"), title("A"));
    }
}
`,
      "src/util.rs": `/// A slug.
pub fn slug(s: &str) -> String {
    s.to_lowercase()
}

/// Its length.
pub fn size(s: &str) -> usize {
    s.len()
}
`,
      "src/other.rs": "/// Other things.\npub fn other() {}\n",
    },
    move: { from: "src/util.rs", name: "slug", to: "src/other.rs" },
    followed: true,
  },
  {
    // An item built only under a feature the crate does not turn on by default, read by the old
    // file's tests under that feature too: its import back is under both, else the tests'
    // build imports what is not there (E0432).
    name: "rust: an item under its own cfg read back only by the tests is imported under both cfgs",
    lang: "rust",
    files: {
      "Cargo.toml": `${CARGO_TOML}\n[features]\nalloc = []\n`,
      "src/lib.rs":
        'mod seq;\npub use seq::count;\n#[cfg(feature = "alloc")]\npub use seq::shuffle;\n',
      "src/seq.rs": `/// How many.
pub fn count() -> usize {
    1
}

/// Shuffles.
#[cfg(feature = "alloc")]
pub fn shuffle(v: &mut [u8]) {
    v.reverse();
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count(), 1);
    }

    #[test]
    #[cfg(feature = "alloc")]
    fn shuffles() {
        let mut v = [1, 2];
        shuffle(&mut v);
        assert_eq!(v[0], 2 * count());
    }
}
`,
    },
    move: { from: "src/seq.rs", name: "shuffle", to: "src/shuffle.rs" },
    followed: true,
  },
  {
    // rand's distributions/distribution.rs: its test calls `DistString`'s `sample_string` with
    // a `use crate::distributions::{…, DistString, …};` of its own. Moved, the trait needs no
    // import back in the old file for that call (an unused import otherwise).
    name: "rust: a trait whose methods the old file calls only in blocks that import it themselves is not imported back",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "mod alpha;\nmod dist;\npub use alpha::Alpha;\npub use dist::{len_of, DistString};\n",
      "src/alpha.rs": `use crate::DistString;

/// Letters.
pub struct Alpha;

impl DistString for Alpha {
    fn sample_string(&self, len: usize) -> String {
        "a".repeat(len)
    }
}
`,
      "src/dist.rs": `/// Strings of a distribution.
pub trait DistString {
    /// A string of \`len\` chars.
    fn sample_string(&self, len: usize) -> String;
}

/// Its length.
pub fn len_of(s: &str) -> usize {
    s.len()
}

#[cfg(test)]
mod tests {
    #[test]
    fn strings() {
        use crate::{Alpha, DistString};
        assert_eq!(Alpha.sample_string(2).len(), super::len_of("aa"));
    }
}
`,
    },
    move: { from: "src/dist.rs", name: "DistString", to: "src/dist_string.rs" },
    followed: true,
  },
  {
    // nom's internal.rs: `use self::Needed::*;` (an enum's variants) and bytes/complete.rs's
    // `use crate::lib::std::result::Result::*;` go only with a unit that reads a variant; the
    // type alias IResult reads `error::Error`, a path through the module, not the file's
    // `use std::error::Error`. Each an unused import otherwise.
    name: "rust: a glob of an enum's variants, and a use a path's last segment only looks like, stay behind",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "pub mod error;\nmod internal;\npub use crate::internal::{need, Needed, Res};\n",
      "src/error.rs": "/// An error.\n#[derive(Debug, PartialEq)]\npub struct Error(pub u8);\n",
      "src/internal.rs": `use self::Needed::*;
use crate::error;
use std::error::Error;
use std::result::Result::*;

/// What more is needed.
#[derive(Debug, PartialEq)]
pub enum Needed {
    /// Not known.
    Unknown,
    /// This much.
    Size(u8),
}

/// A parser's result.
pub type Res<T> = std::result::Result<T, error::Error>;

/// How much is needed.
pub fn need(n: u8) -> Result<Needed, Box<dyn Error>> {
    if n == 0 { Ok(Unknown) } else { Ok(Size(n)) }
}

#[test]
fn needs() {
    let r: Res<u8> = Err(error::Error(1));
    assert!(r.is_err());
    assert_eq!(need(2).unwrap(), Needed::Size(2));
}
`,
    },
    move: { from: "src/internal.rs", name: "Res", to: "src/res.rs" },
    followed: true,
  },
  {
    // nom's number/complete.rs has a parser named `f64`: `le_f64` reads the type (`f64::from_bits`,
    // `-> f64`), not the function; many_m_n's `for count in 0..max` is a local, not multi's
    // `count`; le_u64's `iter().take(8)` is Iterator's, not the crate's `Take` trait's. An
    // import of any of them would be unused.
    name: "rust: a function named like a primitive type, a local named like a function and an Iterator method named like a trait's are no reads of them",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod traits;\nmod number;\npub use crate::number::{count, f64, le_f64};\n",
      "src/traits.rs":
        "/// Takes.\npub trait Take {\n    /// The first n.\n    fn take(&self, n: usize) -> Self;\n}\n\nimpl Take for u64 {\n    fn take(&self, n: usize) -> u64 {\n        self >> n\n    }\n}\n",
      "src/number.rs": `use crate::traits::Take;

/// A float parser.
pub fn f64(bits: u64) -> f64 {
    f64::from_bits(bits.take(0))
}

/// How many.
pub fn count(n: u64) -> usize {
    n.count_ones() as usize
}

/// A little-endian float of the first eight bytes.
pub fn le_f64(bytes: &[u8]) -> f64 {
    let mut bits = 0u64;
    for (count, byte) in bytes.iter().take(8).enumerate() {
        bits |= (*byte as u64) << (8 * count);
    }
    f64::from_bits(bits)
}

#[test]
fn floats() {
    assert_eq!(le_f64(&[0, 0, 0, 0, 0, 0, 0x29, 0x40]), 12.5);
    assert_eq!(f64(0), 0.0);
    assert_eq!(count(3), 2);
}
`,
    },
    move: { from: "src/number.rs", name: "le_f64", to: "src/le_f64.rs" },
    followed: true,
  },
  {
    // itertools' sources.rs: `#![allow(deprecated)]` over the file, whose `repeat_call` returns
    // its deprecated RepeatCall: the new file allows it too.
    name: "rust: a unit moved into a new file takes its old file's #![allow(…)] (a deprecated type it reads)",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "mod sources;\n#[allow(deprecated)]\npub use crate::sources::{repeat_call, RepeatCall};\n",
      "src/sources.rs": `#![allow(deprecated)]

/// Calls a function again and again.
#[deprecated(note = "use std::iter::repeat_with", since = "0.8.0")]
pub struct RepeatCall<F> {
    f: F,
}

/// A new one.
#[deprecated(note = "use std::iter::repeat_with", since = "0.8.0")]
pub fn repeat_call<F, A>(function: F) -> RepeatCall<F>
where
    F: FnMut() -> A,
{
    RepeatCall { f: function }
}

impl<A, F: FnMut() -> A> Iterator for RepeatCall<F> {
    type Item = A;

    fn next(&mut self) -> Option<A> {
        Some((self.f)())
    }
}
`,
    },
    move: { from: "src/sources.rs", name: "repeat_call", to: "src/repeat_call.rs" },
    followed: true,
  },
  {
    // itertools' adaptors/map.rs: `map_ok` builds `MapSpecialCaseFnOk(f)`, a tuple struct of
    // its old module whose field is private: moved into a sibling module, the field is opened
    // to it (E0423 otherwise).
    name: "rust: a function building a tuple struct of its old module opens the struct's private fields to its new module",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": "mod adaptors;\npub use crate::adaptors::{map_ok, MapOk};\n",
      "src/adaptors/mod.rs": "mod map;\npub use self::map::{map_ok, MapOk};\n",
      "src/adaptors/map.rs": `/// Maps the Ok side.
pub struct FnOk<F>(F);

/// The adaptor.
pub struct MapOk<F> {
    f: FnOk<F>,
}

impl<F: Fn(u32) -> u32> MapOk<F> {
    /// Applies it.
    pub fn apply(&self, x: u32) -> u32 {
        (self.f.0)(x)
    }
}

/// Maps the Ok side of each item.
pub fn map_ok<F: Fn(u32) -> u32>(f: F) -> MapOk<F> {
    MapOk { f: FnOk(f) }
}
`,
      "tests/map.rs": `#[test]
fn map() {
    assert_eq!(app::map_ok(|x| x + 1).apply(1), 2);
}
`,
    },
    move: { from: "src/adaptors/map.rs", name: "map_ok", to: "src/adaptors/map_ok.rs" },
    followed: true,
  },
  {
    // itertools' permutations.rs: Permutations holds a PermutationState, an enum whose variant
    // holds the private CompleteState. Opened to the new module, the enum takes the type its
    // variant holds along (a warning otherwise: CompleteState is more private than the item).
    name: "rust: an enum of the old module opened to the unit opens the types its variants hold",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs":
        "mod permutations;\npub use crate::permutations::{permutations, Permutations};\n",
      "src/permutations.rs": `/// The permutations of n.
pub struct Permutations {
    state: State,
}

enum State {
    Start(usize),
    Ongoing(Complete),
}

struct Complete {
    left: usize,
}

/// They start.
pub fn permutations(n: usize) -> Permutations {
    Permutations { state: State::Start(n) }
}

impl Iterator for Permutations {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match &mut self.state {
            State::Start(n) => {
                let n = *n;
                self.state = State::Ongoing(Complete { left: n });
                Some(n)
            }
            State::Ongoing(c) if c.left > 0 => {
                c.left -= 1;
                Some(c.left)
            }
            State::Ongoing(_) => None,
        }
    }
}
`,
      "tests/perms.rs": `#[test]
fn perms() {
    assert_eq!(app::permutations(2).count(), 3);
}
`,
    },
    move: { from: "src/permutations.rs", name: "Permutations", to: "src/moved_permutations.rs" },
    followed: true,
  },
  {
    // The glob rule above, for an item the crate alone sees: `pub(crate) fn helper` carried on by
    // adaptors' `pub(crate) use self::coalesce::*` to lib.rs, which calls it. Its re-export is
    // `pub(crate)` (a `pub use` of a `pub(crate)` item is E0364), and a glob with any visibility
    // passes it on (lib.rs was left reading a name gone, the receipt silent).
    name: "rust: an item a `pub(crate) use` glob carries on to another module is re-exported pub(crate)",
    lang: "rust",
    files: {
      "Cargo.toml": CARGO_TOML,
      "src/lib.rs": `mod adaptors;

/// Twice the helper's.
pub fn twice() -> u32 {
    adaptors::helper() * 2
}
`,
      "src/adaptors/mod.rs": "mod coalesce;\npub(crate) use self::coalesce::*;\n",
      "src/adaptors/coalesce.rs": "/// Helps.\npub(crate) fn helper() -> u32 {\n    21\n}\n",
    },
    move: { from: "src/adaptors/coalesce.rs", name: "helper", to: "src/adaptors/helper.rs" },
    followed: true,
  },
];
