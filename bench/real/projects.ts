/**
 * The projects `npm run bench:real` moves code in: code no one here wrote,
 * pinned. From the npm registry, TypeScript packages that ship their sources;
 * from Debian's packages, Python modules' and Rust crates' sources; from GitHub (issue 33),
 * whole repositories at a commit with their tests, which judge a move beside
 * the language's check. Nothing of theirs is kept in this repository:
 * bench/real/cache.ts fetches them into a cache outside it.
 */

/**
 * Where a project comes from: a package of the npm registry (checked against
 * its integrity), a package of Debian's (as bookworm ships it: a Python
 * package's modules, or a crate's directory in /usr/share/cargo/registry), or a public
 * GitHub repository at a commit, from a bare clone in the cache (`repos/
 * <owner>+<name>.git`, cache.ts), installed with its own lockfile.
 */
export type Source =
  | { from: "npm"; package: string; integrity: string }
  | { from: "debian"; package: string; version: string }
  | {
      from: "git";
      /** `owner/name` on GitHub. */
      repo: string;
      commit: string;
      /** The release the commit is, for the report. */
      version: string;
      /** The project's directory in a monorepo: only it is checked out. */
      subdir?: string;
      /**
       * Paths left out of the checkout: files the project does not build or
       * test with whose contents the snapshot does not hold (a benchmark's data).
       */
      exclude?: string[];
      /**
       * Files written into the checkout in place of excluded ones a test cannot do without
       * (lz4's `testdata/issue43.data`, whose absence panics the whole test binary at
       * random): each path with its contents, said in the project's comment.
       */
      stand?: Record<string, string>;
      /** Run in the checkout, in order; the first word is `npm`, or a tool of TOOLS. */
      install?: string[][];
    };

/**
 * A project's own tests, which judge a move beside the check (issue 33): a
 * test that fails after a move and did not before is a finding. `args` go to
 * the runner after what tests.ts adds (its reporter).
 */
export type TestSpec =
  /** `node <bin> … --reporter json`. */
  (
    | { runner: "mocha"; bin: string; args: string[] }
    /**
     * `node <bin> run …`, or with `related`, after a move only the tests of the
     * files it wrote (`vitest related <files>`): a whole run takes minutes.
     */
    | {
        runner: "vitest";
        bin: string;
        args: string[];
        related: boolean;
        env?: Record<string, string>;
      }
    /** Debian's pytest, in the checkout, with the import root first on the path. */
    | { runner: "pytest"; args: string[] }
  ) & {
    /**
     * Tests that assert where a module is, which no move can keep (a list of a
     * package's modules): listed in the report and not counted (issue 33's bars).
     */
    pathBound?: { test: string; reason: string }[];
  };

export interface TsProjectSpec {
  lang: "typescript";
  name: string;
  source: Source & { from: "npm" | "git" };
  /** The tsconfig the check and the language service use, relative to the package. */
  config: string;
  /**
   * Written to `config` when the package does not ship one: the settings of
   * the project's own repository (cited in `settingsFrom`), without its build
   * outputs. Types of the environment come from the cache's node_modules.
   */
  tsconfig?: Record<string, unknown>;
  settingsFrom?: string;
  /** Settings forced over the tsconfig's (JavaScript checked: `checkJs`). */
  compilerOptions?: Record<string, unknown>;
  /**
   * Directories whose files offer units and take them, when not every
   * directory of the program does (an application's framework files).
   */
  sources?: string[];
  /** A directory to put units of a project whose sources sit in one directory. */
  newDir?: string;
  tests?: TestSpec;
  licence: string;
}

export interface PyProjectSpec {
  lang: "python";
  name: string;
  source: Source & { from: "debian" | "git" };
  /** Where its top-level packages are, relative to the project (`src` for a src layout). */
  importRoot: string;
  /** Its top-level packages, under the import root (from Debian: as installed in /usr/lib/python3/dist-packages). */
  packages: string[];
  /**
   * A package to put units in when the project has only one (made by the
   * move; for rope, created first with an empty `__init__.py`).
   */
  newDir?: string;
  /** Debian's packages its tests need. */
  debs?: string[];
  tests?: TestSpec & { runner: "pytest" };
  licence: string;
}

/** A Go module from its repository (issue 35), judged by go build, go vet and go test. */
export interface GoProjectSpec {
  lang: "go";
  name: string;
  source: Source & { from: "git" };
  /** A directory to put units of a module with one package. */
  newDir?: string;
  /**
   * Packages whose tests are not run (each a path, relative to the module,
   * with what is below it), with why: built and vetted all the same.
   */
  untested?: { packages: string; reason: string };
  /** Debian's packages its tests need (a program they run). */
  debs?: string[];
  licence: string;
}

/** A Java library from its repository (issue 35), judged by javac. */
export interface JavaProjectSpec {
  lang: "java";
  name: string;
  source: Source & { from: "git" };
  /** Its source directories, the main one first (units go to its packages). */
  sourceDirs: string[];
  /**
   * Its tests' sources (compiled with the rest) and the JUnit classes among
   * them run (files named `*Test.java`), with Debian's JUnit 4 on the class path.
   */
  testDirs?: string[];
  /**
   * Directories of resources its code and tests load from the class path (Maven's
   * `src/main/resources`, `src/test/resources`): on the tests' class path as they are.
   */
  resourceDirs?: string[];
  /** Tests that assert a class's package (`name(Class)`, as JUnit names them): not counted. */
  pathBound?: { test: string; reason: string }[];
  /** A directory to put units of a library with one package (a package below it). */
  newDir?: string;
  /**
   * Jars its sources compile against, from Debian's packages (`debs`): on
   * javac's class path here, and on the agent's (CLASSPATH) for its build guard.
   */
  classpath?: string[];
  /** Jars its tests run with, in place of JUnit 4's and Hamcrest's (Hamcrest itself). */
  testClasspath?: string[];
  debs?: string[];
  licence: string;
}

/**
 * A Rust crate from Debian (issue 35), or a workspace from its repository,
 * judged by cargo check and cargo test of every member, offline: the crates
 * it depends on come from Debian's (`debs`, in /usr/share/cargo/registry,
 * which the bench's Cargo home reads in place of crates.io).
 */
export interface RustProjectSpec {
  lang: "rust";
  name: string;
  source: Source & { from: "debian" | "git" };
  /**
   * Written to Cargo.toml in place of the package's when that one needs what
   * cannot be had offline (an optional dependency's crate): the package's own
   * manifest without it.
   */
  manifest?: string;
  /**
   * Lines of a member's manifest changed the same way (its file, the line,
   * what replaces it): each line must be there once.
   */
  edits?: { file: string; line: string; with: string }[];
  /** Debian's packages of the crates it depends on. */
  debs?: string[];
  /**
   * Why the agent may run its build scripts (`--allow-build-code` for its
   * root): cargo runs them to check it. Without it the guard says `not checked`.
   */
  buildCode?: string;
  licence: string;
}

export type ProjectSpec =
  | TsProjectSpec
  | PyProjectSpec
  | GoProjectSpec
  | JavaProjectSpec
  | RustProjectSpec;

/** A project's whole vitest run, from its own install, one worker at a time. */
const VITEST_WHOLE_RUN: TestSpec = {
  runner: "vitest",
  bin: "node_modules/vitest/vitest.mjs",
  args: ["--maxWorkers=1"],
  related: false,
};

export const PROJECTS: ProjectSpec[] = [
  {
    lang: "typescript",
    name: "rxjs",
    source: {
      from: "npm",
      package: "rxjs@7.8.2",
      integrity:
        "sha512-dhKf903U/PQZY6boNNtAGdWbG85WAbjT/1xYoZIC7FAY0yWapOBQVsVrDl58W86//e1VpMNBtRV4MaXfdMySFA==",
    },
    config: "src/tsconfig.esm.json",
    licence: "Apache-2.0",
  },
  {
    lang: "typescript",
    name: "mobx",
    source: {
      from: "npm",
      package: "mobx@7.1.3",
      integrity:
        "sha512-H2NcS5ylMsqYn7v4WpSdzv5YWPmw5XTV6pG2NvY0qYbh95FXbswZJ7pn7wU0rOtUvRzk+3t4AOX2eircoN+vBg==",
    },
    config: "tsconfig.json",
    settingsFrom: "mobxjs/mobx tsconfig.json + packages/mobx/tsconfig.json (01211a6)",
    tsconfig: {
      compilerOptions: {
        target: "es6",
        module: "esnext",
        moduleResolution: "node",
        lib: ["esnext"],
        types: ["node"],
        downlevelIteration: true,
        alwaysStrict: true,
        strict: true,
        noImplicitReturns: true,
        noUnusedLocals: true,
        noImplicitAny: false,
        noImplicitThis: false,
        noEmit: true,
        useDefineForClassFields: true,
        jsx: "react",
        esModuleInterop: true,
        skipLibCheck: true,
        rootDir: "src",
      },
      include: ["src"],
    },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "immer",
    source: {
      from: "npm",
      package: "immer@10.1.1",
      integrity:
        "sha512-s2MPrmjovJcoMaHtx6K11Ra7oD05NT97w1IC5zpMkT6Atjr7H8LjaDd81iIxUYpMKSRRNMJE703M1Fhr/TctHw==",
    },
    // Its config lists entry points (`files`), not a directory: a new file joins the program
    // by being imported. `module: ES6` without a moduleResolution resolves as `classic`.
    config: "tsconfig.json",
    settingsFrom: "immerjs/immer tsconfig.json (061c242)",
    tsconfig: {
      compilerOptions: {
        target: "ES2020",
        strict: true,
        declaration: true,
        importHelpers: false,
        noImplicitAny: true,
        esModuleInterop: true,
        noUnusedLocals: false,
        noEmit: true,
        module: "ES6",
        allowJs: true,
        skipLibCheck: true,
      },
      files: [
        "./src/immer.ts",
        "./src/plugins/mapset.ts",
        "./src/plugins/patches.ts",
        "src/types/globals.d.ts",
      ],
    },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "table-core",
    source: {
      from: "npm",
      package: "@tanstack/table-core@8.20.5",
      integrity:
        "sha512-P9dF7XbibHph2PFRz8gfBKEXEY/HJPOhym8CHmjF8y3q5mWpKx9xtZapXQUWCgkqvsK0R46Azuz+VaxD4Xl+Tg==",
    },
    config: "tsconfig.json",
    settingsFrom: "TanStack/table tsconfig.json + packages/table-core/tsconfig.json (d3000515c)",
    tsconfig: {
      compilerOptions: {
        allowJs: true,
        allowSyntheticDefaultImports: true,
        allowUnreachableCode: false,
        allowUnusedLabels: false,
        declaration: true,
        esModuleInterop: true,
        forceConsistentCasingInFileNames: true,
        isolatedModules: true,
        lib: ["DOM", "DOM.Iterable", "ES2022"],
        module: "ESNext",
        moduleResolution: "Bundler",
        noEmit: true,
        noImplicitReturns: true,
        noUncheckedIndexedAccess: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        resolveJsonModule: true,
        skipLibCheck: true,
        strict: true,
        target: "ES2022",
      },
      include: ["src"],
    },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "query-core",
    source: {
      from: "npm",
      package: "@tanstack/query-core@5.108.4",
      integrity:
        "sha512-2Ks5dlLWz4eXJrthOyG0qW3SLt3xx0RrQmAmN0rnmogiaaOYuWiAe6HAm9KE2b2v8nig+vraNz8fsfZ6fF6zFg==",
    },
    config: "tsconfig.json",
    settingsFrom: "TanStack/query tsconfig.json + packages/query-core/tsconfig.prod.json (40321a0)",
    tsconfig: {
      compilerOptions: {
        allowUnreachableCode: false,
        allowUnusedLabels: false,
        esModuleInterop: true,
        forceConsistentCasingInFileNames: true,
        isolatedModules: true,
        lib: ["DOM", "DOM.Iterable", "ES2022"],
        module: "ESNext",
        moduleResolution: "Bundler",
        noEmit: true,
        noImplicitReturns: true,
        noUncheckedIndexedAccess: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        resolveJsonModule: true,
        skipLibCheck: true,
        strict: true,
        target: "ES2020",
        types: ["node"],
      },
      include: ["src"],
    },
    newDir: "src/moved",
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "mocha",
    source: {
      from: "git",
      repo: "mochajs/mocha",
      commit: "90c1bb3e183a262ac91d83fa45035d03ea9f6045",
      version: "11.8.0",
      install: [["npm", "ci", "--no-audit", "--no-fund"]],
    },
    // CommonJS in JavaScript: its tsconfig (lib/, allowJs) with the JavaScript checked.
    config: "tsconfig.json",
    compilerOptions: { checkJs: true },
    tests: {
      runner: "mocha",
      bin: "bin/mocha.js",
      // Its unit suites (what CI's test-node:unit and :reporters run); the integration
      // suites spawn mocha on fixtures and take minutes.
      args: [
        "--forbid-only",
        "test/unit/*.spec.js",
        "test/node-unit/**/*.spec.js",
        "test/reporters/*.spec.js",
      ],
    },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "morphic",
    source: {
      from: "git",
      repo: "miurla/morphic",
      commit: "efda6fbbb1ee378c3abfe9f4c1c619ce3136bf4b",
      version: "1.6.0",
      install: [["bun", "install", "--frozen-lockfile"]],
    },
    // A Next.js application: `@/*` paths, vi.mock in its tests.
    config: "tsconfig.json",
    // app/ is Next.js's routing: its files' exports are read by the framework, not imported.
    sources: ["lib", "components", "hooks"],
    tests: {
      runner: "vitest",
      bin: "node_modules/vitest/vitest.mjs",
      args: ["--maxWorkers=1"],
      related: true,
      env: { NODE_ENV: "test" },
    },
    licence: "Apache-2.0",
  },
  {
    lang: "typescript",
    name: "yup",
    source: {
      from: "git",
      repo: "jquense/yup",
      commit: "ff31eee8a2b10c938bb3a22544d9e33957a8cf01",
      version: "1.7.1",
      install: [["yarn", "install", "--immutable"]],
    },
    // Its tests' tsconfig: src/ and test/ (the type tests too).
    config: "test/tsconfig.json",
    sources: ["src"],
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "neverthrow",
    source: {
      from: "git",
      repo: "supermacro/neverthrow",
      commit: "1d4cc19ed2e6ba882e296385fe0175d642ec8c5d",
      version: "8.2.0",
      install: [["npm", "ci", "--no-audit", "--no-fund"]],
    },
    // Its type tests' tsconfig (tests/index.test.ts, typecheck-tests.ts); src/ joins through
    // their imports. result.ts and result-async.ts import each other.
    config: "tests/tsconfig.tests.json",
    sources: ["src"],
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "ufo",
    source: {
      from: "git",
      repo: "unjs/ufo",
      commit: "11308c0bb5cb4a4bc3bfcbdc5c03177b097423e6",
      version: "1.6.3",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    config: "tsconfig.json",
    // One directory of modules, re-exported by index.ts with `export *`.
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "ohash",
    source: {
      from: "git",
      repo: "unjs/ohash",
      commit: "764b0a3203308956ef07597612af5ad59f36c791",
      version: "2.0.12",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    config: "tsconfig.json",
    // New on 2026-12-01: `module: preserve` with `verbatimModuleSyntax`, three entries in
    // package.json's `exports` (`.`, `./utils`, `./crypto` by condition), classes and closures
    // built as the module loads (`const Serializer = /*@__PURE__*/ (function () {…})()`), tests
    // outside `src/` that bundle the entries.
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "reselect",
    source: {
      from: "git",
      repo: "reduxjs/reselect",
      commit: "93bb49091fc5e0e0569c745a7240df433548f386",
      // Two commits past the tag v5.2.0.
      version: "5.2.0-2-g93bb490",
      install: [["yarn", "install", "--immutable"]],
    },
    // New on 2026-12-01: memoizers in files of their own and a subdirectory of them
    // (`autotrackMemoize/`, its proxies and tracking cells), dev-mode checks in another, types
    // of a thousand lines, versioned type files, `paths` that map `@internal/*` and `reselect`
    // to `src/` for its tests. Its tests that compare timings (`perfComparisons`) are not run:
    // a loaded machine fails them, not a move.
    config: "test/tsconfig.json",
    tests: { ...VITEST_WHOLE_RUN, args: ["--exclude", "test/perfComparisons.spec.ts"] },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "zustand",
    source: {
      from: "git",
      repo: "pmndrs/zustand",
      commit: "f094eebe9bd3b4b0d77b997f69ab1d273f69a877",
      // Three commits past the tag v5.0.15.
      version: "5.0.15-3-gf094eeb",
      // Its package-lock.json is behind its package.json; pnpm's lockfile is the one kept.
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-01: `isolatedDeclarations` (every export's type written out),
    // `allowImportingTsExtensions` (`./vanilla.ts`), `exactOptionalPropertyTypes`, `paths` that
    // map `zustand/*` to `./src/*.ts` for the tests, middleware in a directory re-exported by
    // `src/middleware.ts`, React hooks beside the vanilla store, tests in jsdom.
    config: "tsconfig.json",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "jotai",
    source: {
      from: "git",
      repo: "pmndrs/jotai",
      commit: "1fae77247ae72ab5f2f002dc82a876e61ce26f56",
      version: "2.19.1",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-01 (third morning): atoms in `src/vanilla/` (the store's internals in
    // one large module its utils build on), fourteen utils that import each other
    // (`atomWithStorage`, `loadable`, `unwrap`, `selectAtom`), React hooks in `src/react/` and
    // their utils over the vanilla ones, a Babel plugin in `src/babel/`, entry files that
    // re-export each directory, and tests in jsdom importing `jotai/vanilla/utils` through
    // `paths`.
    config: "tsconfig.json",
    sources: ["src"],
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "h3",
    source: {
      from: "git",
      repo: "unjs/h3",
      commit: "4bd5c3f9cf863448dd97bdabe5505a964e491756",
      version: "1.13.0",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-02: an HTTP framework whose `src/utils/` holds thirty modules importing
    // each other and from `internal/`, `cors/` and `sse/` folders with their own `index.ts`,
    // an event class the utils all take, adapters for node, web and plain requests, a tsconfig
    // of `moduleResolution: "Node"` and `baseUrl`, and vitest tests over supertest.
    config: "tsconfig.json",
    sources: ["src"],
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "valtio",
    source: {
      from: "git",
      repo: "pmndrs/valtio",
      commit: "15c64d4d7a7a9bd55d750fa6a317b440978a2b25",
      version: "2.3.2",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-02: proxy state in one vanilla module its utils build on, React hooks
    // over it, entry files re-exporting each directory, and a tsconfig of
    // `isolatedDeclarations`, `verbatimModuleSyntax` and `.ts` extensions in imports, with
    // tests in jsdom importing `valtio/*` through `paths`.
    config: "tsconfig.json",
    sources: ["src"],
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "consola",
    source: {
      from: "git",
      repo: "unjs/consola",
      commit: "2cfcfc08275d7d2777c11310c9c2deab2a872c41",
      version: "3.4.2",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-02 (second session): a logger whose core class takes reporters
    // (`reporters/basic.ts`, `fancy.ts`, `browser.ts`) built over a dozen `utils/` modules
    // (`box`, `color`, `format`, `tree`, …) that `utils.ts` re-exports as a public entry,
    // three entries (`index`, `basic`, `browser`) that each build an instance, and one test
    // file.
    config: "tsconfig.json",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "antfu-utils",
    source: {
      from: "git",
      repo: "antfu/utils",
      commit: "91f8cf73bebddae8f7ebcac82e47c9bcba9805e2",
      version: "9.3.0",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-02 (third session): sixteen flat modules of small helpers (`array`,
    // `string`, `object`, `promise`, `p`, `guards`, `is`, `types`, …) that `index.ts`
    // re-exports with `export *`, generic type helpers read across them, a vendored
    // throttle-debounce, and a test file beside each module with a snapshot.
    config: "tsconfig.json",
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "citty",
    source: {
      from: "git",
      repo: "unjs/citty",
      commit: "3e342fe7b3f67575faf51df8361d502be6fe32e8",
      version: "0.2.2",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-02 (fourth session): a CLI builder in eight modules under `nodenext`
    // resolution with `.ts` specifiers (`allowImportingTsExtensions`), private helpers
    // (`_utils`, `_color`, `_parser`) the public ones share, its types in one module, and
    // tests outside `src/` importing `../src/index.ts`.
    config: "tsconfig.json",
    sources: ["src"],
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "knitwork",
    source: {
      from: "git",
      repo: "unjs/knitwork",
      commit: "a95f4d421ffa602723cb5ac2606bd854e1dfc49a",
      version: "1.3.0+",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    // New on 2026-12-02 (fourth session): code-generation helpers in six modules (`esm`,
    // `object`, `string`, `typescript`, `utils`, a private `_utils`) that `index.ts`
    // re-exports with `export *`, option types in `types.ts`, tests outside `src/`.
    config: "tsconfig.json",
    sources: ["src"],
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "redux",
    source: {
      from: "git",
      repo: "reduxjs/redux",
      commit: "92eca821b6cc805aee36b89e1eea4fddf7aa340f",
      version: "5.0.1",
      // An image of its website the snapshot does not hold.
      exclude: ["website/static/img/tutorials/essentials/ReduxAsyncDataFlowDiagram.gif"],
      install: [["yarn", "install", "--immutable"]],
    },
    // New on 2026-12-02 (second session): a store, its reducers' combinator and middleware over
    // `types/` and `utils/` modules, tests importing the sources through `@internal/*` (a
    // tsconfig `paths` entry and a vitest alias) and `redux` mapped to `src/index.ts`, and
    // type tests in `test/typescript`.
    config: "test/tsconfig.json",
    sources: ["src"],
    // Vitest 0.34: one thread is `--no-threads` (no `--maxWorkers` yet).
    tests: { ...VITEST_WHOLE_RUN, args: ["--no-threads"] },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "ts-pattern",
    source: {
      from: "git",
      repo: "gvergnaud/ts-pattern",
      commit: "2ece6ba54edcbc0d4f4fce67becf89143f9d07bc",
      // Four commits past the tag v5.9.0.
      version: "5.9.0-4-g2ece6ba",
      install: [["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"]],
    },
    // New on 2026-12-01 (second morning): a pattern-matching library whose work is in its
    // types: `src/types/` of recursive conditional types (`DeepExclude`, `InvertPattern`,
    // `FindSelected`) that import each other, a `P` namespace re-exported from `patterns.ts`,
    // symbols in `internals/`. Its jest tests are type tests above all (`Expect<Equal<…>>`):
    // judged by tsc over `tests/tsconfig.json`, which takes in `src/` through the tests'
    // imports; jest is not run.
    config: "tests/tsconfig.json",
    sources: ["src"],
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "superjson",
    source: {
      from: "git",
      repo: "flightcontrolhq/superjson",
      commit: "aaa65e36e8e31da740265a56b27c965ca1c7b754",
      // Seven commits past the tag v2.2.5.
      version: "2.2.5-7-gaaa65e3",
      // A recorded calendar one test reads (failing alike before and after a move).
      exclude: ["src/non-deduped-cal.json"],
      install: [["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"]],
    },
    // New on 2026-11-30 (late): ESM with `.js` specifiers under node16 resolution, registries
    // that subclass a generic one and an index.ts whose class calls every module; its tests
    // beside the sources, left out of the tsconfig, judged by vitest.
    config: "tsconfig.json",
    newDir: "src/moved",
    // vitest 0.34, which names running in one thread so.
    tests: { ...VITEST_WHOLE_RUN, args: ["--single-thread"] },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "pathe",
    source: {
      from: "git",
      repo: "unjs/pathe",
      commit: "2a558aee716f6820a199cdf5b075ef4aafb69399",
      version: "2.0.3",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    config: "tsconfig.json",
    // New on 2026-11-30, night: Node's path API rewritten as small functions that call each
    // other across two modules (`_path.ts`, `utils.ts`) and an internal one, re-exported by
    // index.ts, with tests that compare every function with Node's own.
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "mlly",
    source: {
      from: "git",
      repo: "unjs/mlly",
      commit: "c5ce4e5596761b9d2b063bcf82a5160d76e8c2cf",
      version: "1.8.2",
      install: [["pnpm", "install", "--frozen-lockfile"]],
    },
    config: "tsconfig.json",
    // New on the night of 2026-11-29: eight modules in one directory that import each other
    // (resolve, analyze, cjs, eval through _utils and utils), re-exported by index.ts.
    sources: ["src"],
    newDir: "src/moved",
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "hono",
    source: {
      from: "git",
      repo: "honojs/hono",
      commit: "0293343dbf8f0bca52b210a98bcef31cc61395ee",
      version: "4.13.3",
      install: [["bun", "install", "--frozen-lockfile"]],
    },
    // New on the night of 2026-11-29: 187 modules under src/ (middleware, adapters, helpers, jsx,
    // routers), a solution tsconfig whose references split the build from the specs, and JSX
    // from the package itself (`jsxImportSource: hono/jsx`). Its tests run for the files a move
    // wrote (its `main` project of vitest; the others are other runtimes').
    config: "tsconfig.spec.json",
    sources: ["src"],
    tests: {
      runner: "vitest",
      bin: "node_modules/vitest/vitest.mjs",
      args: ["--project", "main", "--maxWorkers=1", "--coverage.enabled=false"],
      related: true,
    },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "fp-ts",
    source: {
      from: "git",
      repo: "gcanti/fp-ts",
      commit: "e91bde112e0a2a4e617e8fc7f7a62ea4c10ba404",
      version: "2.16.10",
      install: [["npm", "ci", "--no-audit", "--no-fund"]],
    },
    // 123 modules in one directory that import each other (36 import ./internal); index.ts
    // re-exports each as a namespace (`import * as array from './Array'`); its tests, dtslint
    // and perf import src/ directly, all in the one tsconfig.
    config: "tsconfig.json",
    sources: ["src"],
    newDir: "src/moved",
    tests: {
      ...VITEST_WHOLE_RUN,
      pathBound: [
        {
          test: "test/index.ts > index check exported modules",
          reason:
            "asserts that every file under src/ is a module src/index.ts exports: a unit's new file is one more",
        },
      ],
    },
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "superstruct",
    source: {
      from: "git",
      repo: "ianstormtaylor/superstruct",
      commit: "d31f007fbe39d304b68e25604b12d452869a5264",
      version: "2.0.2",
      // The release has no lockfile: its devDependencies' ranges, as its CI installs them.
      install: [["npm", "install", "--no-audit", "--no-fund"]],
    },
    // New on 2026-11-30 (evening): four modules of structs (`types`, `refinements`,
    // `coercions`, `utilities`) built from `struct.ts` and `utils.ts`, re-exported by
    // `index.ts` with `export *`; types inferred through conditional and mapped types, with
    // ~200 type tests (`test/typings/`) in the one tsconfig beside the vitest suite.
    config: "test/tsconfig.json",
    sources: ["src"],
    tests: VITEST_WHOLE_RUN,
    licence: "MIT",
  },
  {
    lang: "typescript",
    name: "js-yaml",
    source: {
      from: "git",
      repo: "nodeca/js-yaml",
      commit: "cc482e775913e6625137572a3712d2826170e53a",
      version: "4.1.1",
      // A benchmark's 6 MB sample, which the snapshot does not hold.
      exclude: ["benchmark/samples/document_huge.yaml"],
      // The release has no lockfile: its devDependencies' ranges, as its CI installs them.
      install: [["npm", "install", "--no-audit", "--no-fund"]],
    },
    // New on 2026-11-30 (evening): CommonJS in plain JavaScript without JSDoc types, none
    // checked by its authors: `lib/type/*.js` each exporting a `Type` that `lib/schema/*.js`
    // gather, `module.exports.X = …` beside `module.exports = …`, and an `index.js` that
    // re-exports by property. No tsconfig of its own: the TypeScript compiler reads the
    // JavaScript as a checkJs project would (only what a move adds counts).
    config: "tsconfig.json",
    tsconfig: {
      compilerOptions: {
        allowJs: true,
        checkJs: true,
        noEmit: true,
        target: "es2018",
        module: "commonjs",
        moduleResolution: "node",
        types: ["node"],
      },
      include: ["index.js", "lib"],
    },
    settingsFrom: "none: the repository has no tsconfig",
    tests: {
      runner: "mocha",
      bin: "node_modules/mocha/bin/mocha",
      args: ["test/*.js"],
    },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "markdown",
    source: { from: "debian", package: "python3-markdown", version: "3.4.1-2+deb12u1" },
    importRoot: ".",
    packages: ["markdown"],
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "click",
    source: { from: "debian", package: "python3-click", version: "8.1.3-2" },
    importRoot: ".",
    packages: ["click"],
    // One package of modules that import each other as they load (core, types, decorators).
    newDir: "click/moved",
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "urllib3",
    source: { from: "debian", package: "python3-urllib3", version: "1.26.12-1+deb12u4" },
    importRoot: ".",
    packages: ["urllib3"],
    licence: "MIT",
  },
  {
    lang: "python",
    name: "pyjwt",
    source: { from: "debian", package: "python3-jwt", version: "2.6.0-1" },
    importRoot: ".",
    // New on 2026-12-02 (third session, late): JSON Web Tokens in eleven modules, `api_jwt`
    // subclassing `api_jws`, algorithms over `cryptography` imported under a `try`, and a
    // JWKS client with its cache. Debian's modules, judged by import and pyflakes.
    packages: ["jwt"],
    newDir: "jwt/moved",
    licence: "MIT",
  },
  {
    lang: "python",
    name: "platformdirs",
    source: { from: "debian", package: "python3-platformdirs", version: "2.6.0-1" },
    importRoot: ".",
    // New on 2026-12-02 (third session, late): an abstract `PlatformDirsABC` in `api.py`
    // that one module a platform subclasses (`unix`, `macos`, `windows`, `android`), chosen
    // in `__init__.py` as it loads. Debian's modules, judged by import and pyflakes.
    packages: ["platformdirs"],
    newDir: "platformdirs/moved",
    licence: "MIT",
  },
  {
    lang: "python",
    name: "httpx",
    source: { from: "debian", package: "python3-httpx", version: "0.23.3-1" },
    importRoot: ".",
    packages: ["httpx"],
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "rich",
    source: {
      from: "git",
      repo: "Textualize/rich",
      commit: "b89d0362e8ebcb18902f0f0a206879f1829b5c0b",
      version: "13.3.1",
    },
    importRoot: ".",
    packages: ["rich"],
    newDir: "rich/moved",
    debs: [
      "python3-pytest",
      "python3-pygments",
      "python3-markdown-it",
      "python3-attr",
      "python3-typing-extensions",
    ],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "werkzeug",
    source: {
      from: "git",
      repo: "pallets/werkzeug",
      commit: "6389612fd1ee1bd93579eed5026e8fd471d04abd",
      version: "3.1.3",
    },
    importRoot: "src",
    packages: ["werkzeug"],
    debs: [
      "python3-pytest",
      "python3-pytest-timeout",
      "python3-ephemeral-port-reserve",
      "python3-markupsafe",
    ],
    tests: {
      runner: "pytest",
      // Left out: the dev server's tests. They start a server process that imports werkzeug
      // without the checkout on its path (hangs), and test_serving.py needs watchdog ≥ 2.3
      // (bookworm has 2.2.1).
      args: ["tests", "--ignore=tests/test_serving.py", "-m", "not dev_server", "--timeout=60"],
      pathBound: [
        {
          test: "tests/test_utils.py::test_find_modules",
          reason: "asserts the list of werkzeug.debug's modules: a module moved into it adds one",
        },
      ],
    },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "jinja",
    source: {
      from: "git",
      repo: "pallets/jinja",
      commit: "15206881c006c79667fe5154fe80c01c65410679",
      version: "3.1.6",
    },
    importRoot: "src",
    packages: ["jinja2"],
    newDir: "src/jinja2/moved",
    debs: ["python3-pytest", "python3-markupsafe", "python3-trio"],
    tests: {
      runner: "pytest",
      args: ["tests"],
      pathBound: [
        {
          test: "tests/test_debug.py::TestDebug::test_syntax_error",
          reason:
            "matches a traceback line starting jinja2.exceptions.TemplateSyntaxError (the class's module), which a move of it changes",
        },
        {
          test: "tests/test_debug.py::TestDebug::test_regular_syntax_error",
          reason:
            "matches a traceback line starting jinja2.exceptions.TemplateSyntaxError (the class's module), which a move of it changes",
        },
      ],
    },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "sqlparse",
    source: {
      from: "git",
      repo: "andialbrecht/sqlparse",
      commit: "0d240230939bfb3b751b504878b1c7df04a3cab3",
      version: "0.5.5",
    },
    importRoot: ".",
    packages: ["sqlparse"],
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "marshmallow",
    source: {
      from: "git",
      repo: "marshmallow-code/marshmallow",
      commit: "5e71a040a91937b31f495d0817b9c44722a50ee5",
      version: "3.23.0",
    },
    importRoot: "src",
    packages: ["marshmallow"],
    // One package of modules.
    newDir: "src/marshmallow/moved",
    debs: ["python3-pytest", "python3-packaging", "python3-simplejson"],
    tests: {
      runner: "pytest",
      args: [
        "tests",
        // Left out: it reads the installed distribution's metadata, which a checkout has not.
        "--deselect",
        "tests/test_version_attributes.py::test_version_attributes_deprecated",
      ],
    },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "itsdangerous",
    source: {
      from: "git",
      repo: "pallets/itsdangerous",
      commit: "096c8d42545d3b68ea21a4f890fb2b2d8979c0bd",
      version: "2.2.0",
    },
    importRoot: "src",
    packages: ["itsdangerous"],
    // One package of eight modules, whose signers and serializers subclass each other.
    newDir: "src/itsdangerous/moved",
    debs: ["python3-pytest", "python3-freezegun"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "boltons",
    source: {
      from: "git",
      repo: "mahmoud/boltons",
      commit: "1d525271754ed7aea7f2347ed16ddbcedb1097a3",
      version: "26.1.0",
    },
    importRoot: ".",
    packages: ["boltons"],
    // One package of modules that import each other inside `try`/`except ImportError`.
    newDir: "boltons/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "packaging",
    source: {
      from: "git",
      repo: "pypa/packaging",
      commit: "929fd4b1410ac7ef61ef3f45b2f5d7e87711a9b5",
      version: "26.3",
    },
    importRoot: "src",
    packages: ["packaging"],
    // New on the night of 2026-11-29: a package of modules that import each other's private
    // helpers (_parser, _tokenizer, _structures, utils), and a subpackage (licenses).
    newDir: "src/packaging/moved",
    debs: ["python3-pytest", "python3-pretend", "python3-hypothesis", "python3-tomli-w"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "Apache-2.0 OR BSD-2-Clause",
  },
  {
    lang: "python",
    name: "more-itertools",
    source: {
      from: "git",
      repo: "more-itertools/more-itertools",
      commit: "64be96ceb2a6e836f76f069f4a96d2394d59fd0c",
      version: "11.1.0",
    },
    importRoot: ".",
    // New on 2026-11-30: a package whose `__init__.py` is two star imports (`from .more
    // import *`, `from .recipes import *`), its tests reading every unit through the package
    // (`mi.chunked`); a module of 5,000 lines that imports the other.
    packages: ["more_itertools"],
    newDir: "more_itertools/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "cachetools",
    source: {
      from: "git",
      repo: "tkem/cachetools",
      commit: "28d4506f2a49d781ffbcecb095fa7aba5bb80aff",
      version: "7.0.6",
    },
    importRoot: "src",
    // New on 2026-11-30: the caches live in the package's `__init__.py`, which its modules
    // (func.py) import from (`from . import LRUCache`), and which imports them back.
    packages: ["cachetools"],
    newDir: "src/cachetools/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "toolz",
    source: {
      from: "git",
      repo: "pytoolz/toolz",
      commit: "568c2b8393973cd172a466546c9d95779c452438",
      version: "1.1.0",
    },
    importRoot: ".",
    // New on 2026-11-30: a package of star imports (`from .itertoolz import *`), a subpackage
    // (curried/) that imports the whole package as it loads and wraps each function, and tests
    // that compare the two namespaces.
    packages: ["toolz"],
    newDir: "toolz/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["toolz"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "jmespath",
    source: {
      from: "git",
      repo: "jmespath/jmespath.py",
      commit: "2ad18b0e51ef3c22ef0d4bbeb11506746a39e228",
      version: "1.0.1",
    },
    importRoot: ".",
    // New on 2026-11-30: a flat package whose parser, lexer, visitor and functions import each
    // other's modules whole (`from jmespath import lexer`), the package's `__init__.py` calling
    // into its parser, and tests that subclass its functions module's class.
    packages: ["jmespath"],
    newDir: "jmespath/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "pycparser",
    source: {
      from: "git",
      repo: "eliben/pycparser",
      commit: "89c9f3d8642b9ec84cfdd6921faffaba7e95c43c",
      version: "3.00",
    },
    importRoot: ".",
    // New on 2026-11-30: a C parser of 2,400 lines over an AST module generated from
    // `_c_ast.cfg` (`c_ast.py`), and tests that run its examples as scripts.
    packages: ["pycparser"],
    newDir: "pycparser/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "attrs",
    source: {
      from: "git",
      repo: "python-attrs/attrs",
      commit: "9a98e00a7c078360add417c5d62db820d4645ab1",
      version: "25.4.0",
    },
    importRoot: "src",
    // New on 2026-11-29 (night): two packages, one (attrs) re-exporting the other's modules,
    // typing stubs (.pyi) beside each module, and a module of 3,000 lines (_make) that the
    // others import from and import back from inside functions.
    packages: ["attr", "attrs"],
    newDir: "src/attr/moved",
    debs: ["python3-pytest", "python3-hypothesis", "python3-cloudpickle"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "pyparsing",
    source: {
      from: "git",
      repo: "pyparsing/pyparsing",
      commit: "fa24016d953353f8ba566abb5c8fc12e1d07556c",
      version: "3.3.2",
    },
    importRoot: ".",
    // New on 2026-11-30 (morning): a core module of 6,000 lines that the package's other
    // modules (helpers, common, actions, testing) import from by name and star, and that
    // imports them back; `__init__.py` star-importing each. Its tests run the whole suite once
    // per parsing mode (packrat, left recursion): the first mode's class is run, with the
    // other files' tests; the examples' tests read the clock and are not run.
    packages: ["pyparsing"],
    newDir: "pyparsing/moved",
    debs: ["python3-pytest"],
    tests: {
      runner: "pytest",
      args: [
        "tests/test_unit.py::Test02_WithoutPackrat",
        "tests/test_simple_unit.py",
        "tests/test_util.py",
        "tests/test_testing.py",
        "-k",
        "not NestedExpressionRandom",
      ],
      pathBound: [
        {
          test: "tests/test_unit.py::Test02_WithoutPackrat::testExceptionExplainVariations",
          reason:
            "asserts an exception's explanation names pyparsing.results.ParseResults, the class's module path",
        },
      ],
    },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "mistune",
    source: {
      from: "git",
      repo: "lepture/mistune",
      commit: "69ec2b8a6d5b37ecb3c56d96df4b40b9d3004657",
      version: "3.3.4",
    },
    importRoot: "src",
    // New on 2026-11-30 (afternoon): a `src/` layout whose package has three subpackages
    // (directives, plugins, renderers) and a private one (`_inline`), modules importing each
    // other by relative imports, some inside functions; its plugins are found by dotted name in
    // strings (`"mistune.plugins.math.math"`). Its tests that time themselves (ReDoS bounds,
    // a ratio of two timings) are not run: a loaded machine fails them, not a move.
    packages: ["mistune"],
    newDir: "src/mistune/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests", "-k", "not near_linear and not returns_quickly"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "dateutil",
    source: {
      from: "git",
      repo: "dateutil/dateutil",
      commit: "c981f9c7aa91b83cc9bd33a09ecee9e751b06e8d",
      // Twenty commits past the tag 2.9.0.post0.
      version: "2.9.0.post0-20-gc981f9c",
    },
    importRoot: "src",
    // New on 2026-12-01: a `src/` layout whose package loads its submodules lazily through a
    // module `__getattr__`, subpackages (`parser/`, `tz/`) whose `__init__.py` re-export their
    // private modules (`_parser`, `tz`), Python 2 era code (`six`-free shims in `_common`).
    // Its property tests (hypothesis draws new inputs each run) are not run: a judge must give
    // the same answer twice. pytest-cov registers the `no_cover` mark its conftest sets.
    packages: ["dateutil"],
    debs: ["python3-pytest", "python3-freezegun", "python3-pytest-cov"],
    tests: { runner: "pytest", args: ["tests", "--ignore=tests/property"] },
    licence: "Apache-2.0 OR BSD-3-Clause",
  },
  {
    lang: "python",
    name: "tomlkit",
    source: {
      from: "git",
      repo: "python-poetry/tomlkit",
      commit: "d8ed1e3cdb024dfc2c6f12b45a0dfd4d4d91f727",
      version: "0.15.1",
    },
    importRoot: ".",
    // New on 2026-12-01: one flat package whose modules import each other both ways (`items`
    // and `container`, the second read inside functions of the first), item classes that
    // subclass each other and the builtins (`class Integer(Item, _CustomInt)`), typed
    // throughout. Its tests of the toml-test suite read a git submodule the snapshot does not
    // hold (`tests/toml-test`): not run.
    packages: ["tomlkit"],
    newDir: "tomlkit/moved",
    debs: ["python3-pytest", "python3-yaml"],
    tests: { runner: "pytest", args: ["tests", "--ignore=tests/test_toml_tests.py"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "parso",
    source: {
      from: "git",
      repo: "davidhalter/parso",
      commit: "bfe30584415cde2e5a686512c2b109e1d06da3b6",
      version: "0.8.7",
    },
    importRoot: ".",
    // New on 2026-12-01: a parser whose tree classes subclass each other across modules
    // (`parso/tree.py`, `parso/python/tree.py`), a grammar read from text files beside its module
    // (`os.path.dirname(__file__)`), pgen2's generator in a subpackage, doctests in the modules
    // (`--doctest-modules`) and warnings made errors (`filterwarnings = error`).
    packages: ["parso"],
    newDir: "parso/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: [] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "lark",
    source: {
      from: "git",
      repo: "lark-parser/lark",
      commit: "f79772cd4c6d2076b5dc01f399dbb816cc484f77",
      version: "1.3.1",
    },
    importRoot: ".",
    // New on 2026-12-01 (second morning): a parser generator whose modules import each other
    // both ways inside functions (`lark.py` and `load_grammar.py`), a `parsers/` subpackage of
    // LALR and Earley parsers, classes built on a `Serialize` mixin and registered by name, a
    // standalone generator (`tools/standalone.py`) that copies the text of named modules
    // between `###{standalone` markers, and 1,125 tests.
    packages: ["lark"],
    newDir: "lark/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "h11",
    source: {
      from: "git",
      repo: "python-hyper/h11",
      commit: "1c5b07581f058886c8bdd87adababd7d959dc7ca",
      version: "0.16.0",
    },
    importRoot: ".",
    // New on 2026-12-01 (second morning): an HTTP/1.1 state machine in private modules
    // (`_connection`, `_state`, `_readers`, `_writers`) that `__init__.py` re-exports, sentinel
    // classes made by a metaclass (`class CLIENT(Sentinel, metaclass=Sentinel)`), tables of
    // readers and writers keyed by those sentinels, and its tests inside the package.
    packages: ["h11"],
    newDir: "h11/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["h11/tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "parsimonious",
    source: {
      from: "git",
      repo: "erikrose/parsimonious",
      commit: "a33206834534df5bc1da341315c819f4312b8131",
      version: "0.10.0",
    },
    importRoot: ".",
    // New on 2026-12-01 (third morning): a PEG parser of five modules whose grammar is
    // built at import from its own rules (`rule_grammar = RuleGrammar(rule_syntax)` in
    // grammar.py), expressions that import the grammar back inside functions, visitors
    // dispatching on `visit_<rule>` method names, and its tests inside the package. Its
    // timing tests (`test_benchmarks.py`) compare speeds, which a loaded machine decides:
    // not run.
    packages: ["parsimonious"],
    newDir: "parsimonious/moved",
    debs: ["python3-pytest", "python3-regex"],
    tests: {
      runner: "pytest",
      args: ["parsimonious/tests", "--ignore=parsimonious/tests/test_benchmarks.py"],
    },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "markdown-it-py",
    source: {
      from: "git",
      repo: "executablebooks/markdown-it-py",
      commit: "7e677c4e7b4573eaf406a13882f3fee4b19b97f4",
      version: "2.1.0",
    },
    importRoot: ".",
    // New on 2026-12-02: a port of markdown-it whose rules are one module a function in
    // three packages (`rules_block`, `rules_inline`, `rules_core`) that `__init__.py`s
    // re-export, state classes the rules import, a `Ruler` of them built as `main.py`
    // loads, presets as modules of dicts, and fixture and regression tests outside the
    // package (`pytest-regressions`).
    packages: ["markdown_it"],
    newDir: "markdown_it/moved",
    debs: ["python3-pytest", "python3-mdurl", "python3-pytest-regressions"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "jsonschema",
    source: {
      from: "git",
      repo: "python-jsonschema/jsonschema",
      commit: "990bae77c368fe885492dede9ef5adfbb950924c",
      version: "4.10.3",
    },
    importRoot: ".",
    // New on 2026-12-02: validators built by a factory from tables of keyword functions
    // (`_validators`, `_legacy_validators`) as `validators.py` loads, format checkers
    // registered by decorator into a module-level checker, a package `__getattr__` for
    // deprecated names, attrs classes, and its tests inside the package, the official
    // JSON-Schema test suite's among them.
    packages: ["jsonschema"],
    newDir: "jsonschema/moved",
    debs: ["python3-pytest", "python3-attr", "python3-pyrsistent"],
    tests: { runner: "pytest", args: ["jsonschema/tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "tinydb",
    source: {
      from: "git",
      repo: "msiemens/tinydb",
      commit: "10644a0e07ad180c5b756aba272ee6b0dbd12df8",
      version: "4.8.2",
    },
    importRoot: ".",
    // New on 2026-12-02 (second session): a document database in ten flat modules (a
    // `TinyDB` class whose `Table` it builds, storages and caching middlewares, a query
    // language of operator overloads, a mypy plugin), typed with `typing` generics, and
    // pytest tests outside the package.
    packages: ["tinydb"],
    newDir: "tinydb/moved",
    debs: ["python3-pytest"],
    tests: {
      runner: "pytest",
      // Its pytest.ini asks for coverage (pytest-cov), which its tests do not need.
      args: ["-o", "addopts=", "tests"],
      pathBound: [
        {
          test: "tests/test_tables.py::test_table_repr",
          reason:
            "matches a table's repr against `tinydb\\.storages\\.(MemoryStorage|JSONStorage) object`: a storage class moved is printed by its new module",
        },
      ],
    },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "soupsieve",
    source: {
      from: "git",
      repo: "facelessuser/soupsieve",
      commit: "78661a6e4f54e0bc3ec99f548e9fcd6787d1902c",
      version: "2.9.2",
    },
    importRoot: ".",
    // New on 2026-12-02 (second session): a CSS selector engine for Beautiful Soup in five
    // modules (a parser compiling selectors to types that a 1,700-line matcher walks, with
    // patterns compiled as the parser loads), and tests through bs4, which imports soupsieve
    // (the checkout's) itself.
    packages: ["soupsieve"],
    newDir: "soupsieve/moved",
    debs: ["python3-pytest", "python3-bs4", "python3-lxml", "python3-html5lib"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "pluggy",
    source: {
      from: "git",
      repo: "pytest-dev/pluggy",
      commit: "fd08ab5f811a9b2fa9124ae8cbbd393221151e2c",
      version: "1.6.0",
      stand: {
        // setuptools-scm writes it when the package is built.
        "src/pluggy/_version.py": 'version = "1.6.0"\n',
        // Its tox.ini's [pytest] without `minversion = 8.0`: Debian's pytest is 7.2, which runs
        // its tests all the same (pytest reads pytest.ini first).
        "pytest.ini": "[pytest]\ntestpaths = testing\naddopts = -r a\nfilterwarnings =\n  error\n",
      },
    },
    importRoot: "src",
    // New on 2026-12-02 (third session): pytest's plugin system in six private modules
    // (`_hooks`, `_manager`, `_callers`, `_result`, `_tracing`, `_warnings`) that
    // `__init__.py` re-exports, typed with `TYPE_CHECKING` imports and `Final` aliases, and
    // tests outside the package. pytest itself runs on the checkout's pluggy, as the tests do.
    packages: ["pluggy"],
    newDir: "src/pluggy/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["testing"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "marko",
    source: {
      from: "git",
      repo: "frostming/marko",
      commit: "0fa0b29b670feca15558652f327bc20c3baee91b",
      version: "2.2.4",
    },
    // New on 2026-12-02 (fourth session): a Markdown parser whose block and inline elements
    // are classes in `block.py` and `inline.py` that a parser finds by their names and
    // priorities, renderers dispatching on element names (`render_fenced_code`), extensions
    // in `ext/` (a `gfm` package among them) loaded by dotted name, and tests against the
    // CommonMark and GFM specs.
    importRoot: ".",
    packages: ["marko"],
    newDir: "marko/moved",
    debs: ["python3-pytest", "python3-pygments", "python3-slugify"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "mistletoe",
    source: {
      from: "git",
      repo: "miyuchina/mistletoe",
      commit: "028fdb017b464804c6c706acf04c884b7d36ab93",
      version: "1.6.0+1",
    },
    // New on 2026-12-02 (fifth session): a Markdown parser whose block and span tokens are
    // classes in `block_token.py` and `span_token.py`, kept in module-level lists of token
    // types that renderers extend as they enter (`add_token`), renderers dispatching on a
    // token's class name through a render map, a `contrib/` package of renderers that
    // subclass the core ones, and unittest tests with `parameterized` in `test/`.
    importRoot: ".",
    packages: ["mistletoe"],
    newDir: "mistletoe/moved",
    debs: ["python3-pytest", "python3-parameterized", "python3-pygments"],
    tests: {
      runner: "pytest",
      args: ["test"],
      pathBound: [
        {
          test: "test/test_repr.py::TestRepr",
          reason:
            "asserts each token's repr, which names its class's module (`<mistletoe.block_token.Document with 1 child`): a move of a token class changes it",
        },
      ],
    },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "sortedcontainers",
    source: {
      from: "git",
      repo: "grantjenks/python-sortedcontainers",
      commit: "3ac358631f58c1347f1d6d2d92784117db0f38ed",
      version: "2.4.0+",
    },
    importRoot: "src",
    // New on 2026-12-02 (fourth session): sorted list, dict and set types in three modules
    // that import each other (`SortedDict` builds on `SortedList`, `SortedSet` on both), a
    // key-function subclass chosen in `SortedList.__new__`, and coverage and stress tests.
    packages: ["sortedcontainers"],
    newDir: "src/sortedcontainers/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests", "-k", "not stress"] },
    licence: "Apache-2.0",
  },
  {
    lang: "python",
    name: "isodate",
    source: {
      from: "git",
      repo: "gweis/isodate",
      commit: "17cb25eb7bc3556a68f3f7b241313e9bb8b23760",
      version: "0.7.2+3",
      // setuptools_scm writes it when the package is built.
      stand: { "src/isodate/version.py": 'version = "0.7.2"\n' },
    },
    importRoot: "src",
    // New on 2026-12-02 (sixth session): ISO 8601 parsing and formatting in eight modules
    // `__init__.py` re-exports, which import each other's parsers (`isodatetime` reads
    // `isodates`, `isotime` and `isotzinfo`), format constants `isostrf` defines and every
    // formatter reads, a `Duration` class beside `datetime`'s arithmetic, `tzinfo` classes
    // pickled by its tests.
    packages: ["isodate"],
    newDir: "src/isodate/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "humanize",
    source: {
      from: "git",
      repo: "python-humanize/humanize",
      commit: "c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d",
      version: "4.15.0+",
      // hatch-vcs writes it when the package is built.
      stand: { "src/humanize/_version.py": '__version__ = "4.15.0"\n' },
    },
    importRoot: "src",
    // New on 2026-12-02 (fourth session): numbers, sizes, lists and times made readable, in
    // five modules `__init__.py` re-exports (and names in a `__lazy_modules__` set of
    // strings), gettext translations through `i18n.py` that the others import, and tests
    // frozen in time with freezegun (its benchmarks, which need pytest-benchmark, not run).
    packages: ["humanize"],
    newDir: "src/humanize/moved",
    debs: ["python3-pytest", "python3-freezegun"],
    tests: { runner: "pytest", args: ["tests", "--ignore=tests/test_benchmarks.py"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "pyasn1",
    source: {
      from: "git",
      repo: "pyasn1/pyasn1",
      commit: "907afbf7098352c56e98382660a6c7976e98fe50",
      version: "0.6.3",
    },
    importRoot: ".",
    // New on 2026-11-30 (afternoon): codecs in subpackages three deep (`codec/ber`, `cer`,
    // `der`, `native`), each encoder and decoder subclassing the one of the codec below it,
    // imported by absolute dotted paths (`from pyasn1.codec.ber import encoder`) and read as
    // `encoder.Encoder`; types whose modules build module-level tables of each other's classes
    // as they load (`tagMap`, `typeMap`).
    packages: ["pyasn1"],
    newDir: "pyasn1/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-2-Clause",
  },
  {
    lang: "python",
    name: "pathspec",
    source: {
      from: "git",
      repo: "cpburnz/python-pathspec",
      commit: "ecf71a99ca739479d450b9830f43416ea0c519c7",
      version: "1.1.1",
    },
    importRoot: ".",
    // New on 2026-11-30 (morning): subpackages three deep (`_backends/re2/`,
    // `patterns/gitignore/`), each backend's modules importing their package's base and the
    // top package's modules, optional backends whose imports fail without their libraries.
    packages: ["pathspec"],
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MPL-2.0",
  },
  {
    lang: "python",
    name: "pyyaml",
    source: {
      from: "git",
      repo: "yaml/pyyaml",
      commit: "49790e73684bebad1df05ef8d828fa12f685bffb",
      version: "6.0.3",
    },
    importRoot: "lib",
    // New on 2026-11-30 (evening): one package of fifteen modules chained by star imports
    // (`from .error import *` … `from .loader import *` in `__init__.py`), each with its
    // `__all__`; loaders and dumpers built by multiple inheritance from classes of five
    // modules; classes registering their constructors and representers on themselves as the
    // module loads (`SafeConstructor.add_constructor(…)`). Pure Python (the C extension is not
    // built); its tests read YAML files by path.
    packages: ["yaml"],
    newDir: "lib/yaml/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "MIT",
  },
  {
    lang: "python",
    name: "idna",
    source: {
      from: "git",
      repo: "kjd/idna",
      commit: "6ebfaab9ea718dce38a7c17ddafd7fb28b0468d4",
      version: "3.13",
    },
    importRoot: ".",
    // New on 2026-11-30: a flat package whose core module's functions call each other and read
    // two generated data modules of thousands of lines (`from . import idnadata`, `from
    // .uts46data import uts46data` inside a function), a codec module subclassing the
    // standard library's codecs, and an `__init__.py` that imports and lists the core's names.
    packages: ["idna"],
    newDir: "idna/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["tests"] },
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "pyflakes",
    source: {
      from: "git",
      repo: "PyCQA/pyflakes",
      commit: "59ec4593efd4c69ce00fdb13c40fcf5f3212ab10",
      version: "3.4.0",
    },
    importRoot: ".",
    // New on 2026-11-30 (late): a checker module of two thousand lines whose binding and scope
    // classes subclass each other, a messages module of fifty classes read as `messages.X`
    // through the module (and as `m.X` by the tests), and its tests inside the package.
    packages: ["pyflakes"],
    newDir: "pyflakes/moved",
    debs: ["python3-pytest"],
    tests: { runner: "pytest", args: ["pyflakes/test"] },
    licence: "MIT",
  },
  {
    lang: "go",
    name: "go-cmp",
    source: {
      from: "git",
      repo: "google/go-cmp",
      commit: "c3ad8435e7bef96af35732bc0789e5a2278c6d5f",
      version: "0.6.0",
    },
    licence: "BSD-3-Clause",
  },
  // Issue 43: modules of several packages, one with internal/.
  {
    lang: "go",
    name: "golang-lru",
    source: {
      from: "git",
      repo: "hashicorp/golang-lru",
      commit: "d8515860cebc7b25ff2d29fada3f10a43611c28b",
      version: "2.0.7",
    },
    licence: "MPL-2.0",
  },
  {
    lang: "go",
    name: "gomarkdown",
    source: {
      from: "git",
      repo: "gomarkdown/markdown",
      commit: "e08cff860f76ff942dae8866ad88e4a3eca5ce8a",
      // No release tags: the pseudo-version of the commit.
      version: "v0.0.0-20260614204949-e08cff860f76",
    },
    // Five packages that import ast (parser, html, md, the root), with no dependencies.
    licence: "BSD-2-Clause",
  },
  {
    lang: "go",
    name: "goldmark",
    source: {
      from: "git",
      repo: "yuin/goldmark",
      commit: "d9c03f07f08c2d36f23afe52dda865f05320ac86",
      // The last release whose go.mod asks for no Go newer than Debian's 1.19.
      version: "1.7.8",
    },
    // New on the night of 2026-11-29: nine packages with no dependencies (ast, parser,
    // renderer/html, text, util, extension and its ast), each importing others.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "toml",
    source: {
      from: "git",
      repo: "BurntSushi/toml",
      commit: "b324da5ffbb2a87e4a611b1703bd03bffbe7ffbf",
      version: "1.3.2",
    },
    licence: "MIT",
  },
  {
    lang: "go",
    name: "expr",
    source: {
      from: "git",
      repo: "expr-lang/expr",
      commit: "21f4f0575591d7097e576edd7983daf23c1e4afe",
      version: "1.17.8",
    },
    // New on 2026-11-30 (morning): twenty packages (ast, parser and its lexer, checker and its
    // nature, compiler, vm and its runtime, builtin, conf, …), internal/ ones among them, and
    // tests in packages of their own under test/.
    untested: {
      packages: "internal/testify",
      reason:
        "a copy of testify, whose own tests hung for 10 minutes twice on 2 loaded cores (untouched, and after a move into checker/), and passed alone",
    },
    licence: "MIT",
  },
  {
    lang: "go",
    name: "tengo",
    source: {
      from: "git",
      repo: "d5/tengo",
      commit: "8daf696551f2e9ab519a55df2d6b16bcd012066d",
      // Five commits past the tag v3.0.0, whose go.mod still names the module v2.
      version: "3.0.0-5-g8daf696",
    },
    // New on 2026-11-30 (late): a script language's compiler and VM in the root package, its
    // parser and token packages, a standard library package of thirty files (and stdlib/json)
    // importing the root, and a test helper package, require, every package's tests import.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "go-humanize",
    source: {
      from: "git",
      repo: "dustin/go-humanize",
      commit: "4d1d9082551ec085912e7d2253a33ae547fca000",
      version: "1.0.1-24-g4d1d908",
    },
    // New on 2026-12-01: one package of small files, each a formatter with its table of units
    // (`bytes.go`, `si.go`, `ordinals.go`, big.Int twins in `bigbytes.go`), its tests beside
    // it (fuzz tests among them), and an `english` package of its own.
    newDir: "humanize",
    licence: "MIT",
  },
  {
    lang: "go",
    name: "gods",
    source: {
      from: "git",
      repo: "emirpasic/gods",
      commit: "dbdbadc158ae6b453820b3cfb8c6cb48be4d7ddf",
      version: "1.18.1",
    },
    // New on 2026-12-01: twenty packages of containers (`lists/arraylist`, `trees/redblacktree`,
    // `maps/treemap` built on the tree, `sets/treeset`), each implementing the interfaces of a
    // `containers` package and comparing with a `utils` package, serialization to JSON in a
    // file of each, and examples in packages of their own.
    licence: "BSD-2-Clause",
  },
  {
    lang: "go",
    name: "fastjson",
    source: {
      from: "git",
      repo: "valyala/fastjson",
      commit: "b2db15556365622f27f99c4a58f457adc7a20961",
      version: "1.6.7",
    },
    // New on 2026-12-01: a parser package whose values live in an arena (`Arena`, `Parser`,
    // `Scanner`, pools of each), a `fastfloat` package it imports, example tests and timing
    // tests beside each file, fuzz functions under a build tag.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "ivy",
    source: {
      from: "git",
      repo: "robpike/ivy",
      commit: "d8acf33049000f19f95b027bf44a8dd983e24037",
      version: "0.3.0",
    },
    // New on 2026-12-01 (third morning): an APL-like calculator in seven packages (scan,
    // parse, exec, value, config, run, mobile) with no dependency; `value` is twenty-six
    // files of one package whose types (Int, BigInt, BigRat, BigFloat, Vector, Matrix) share
    // unexported helpers, and the root's tests run scripts from testdata through `run`.
    licence: "BSD-3-Clause",
  },
  {
    lang: "go",
    name: "goawk",
    source: {
      from: "git",
      repo: "benhoyt/goawk",
      commit: "4b6c79a6da06fc8e53eeb25c96f3b0e89d53c818",
      version: "1.29.1",
      // A test input the snapshot does not hold.
      exclude: ["testdata/foo.td"],
    },
    // New on 2026-12-02: an AWK interpreter in a lexer, a parser, and `internal/` packages
    // (ast, resolver, compiler, cover, parseutil) that `interp` runs, whose tests compare its
    // output with gawk's on the scripts of `testdata/`.
    debs: ["gawk"],
    licence: "MIT",
  },
  {
    lang: "go",
    name: "lz4",
    source: {
      from: "git",
      repo: "pierrec/lz4",
      commit: "294e7659e17723306ebf3a44cd7ad2c11f456c37",
      version: "4.1.21",
      // Test inputs the snapshot does not hold (the tests that read them fail before and after).
      exclude: [
        "fuzz/corpus/Mark.Twain-Tom.Sawyer_long.txt",
        "fuzz/corpus/issue43.data",
        "testdata/Mark.Twain-Tom.Sawyer_long.txt",
        "testdata/issue43.data",
        "testdata/vmlinux_LZ4_19377",
        "testdata/vmlinux_LZ4_19377.lz4",
      ],
      // TestIssue43 panics in a goroutine without its input, which kills the package's test
      // binary wherever it then is: an empty input, which it compresses and reads back.
      stand: { "testdata/issue43.data": "" },
    },
    // New on 2026-12-02 (second session): a `/v4` module path, the frame format in the root
    // package over four `internal/` packages (block codec with assembly for amd64, arm and
    // arm64 beside its Go fallback chosen by build tags, stream, errors, xxh32), generated
    // files (`_gen.go`) and two nested modules (`cmd/lz4c`, `fuzz`) outside the root's.
    licence: "BSD-3-Clause",
  },
  {
    lang: "go",
    name: "gotextdiff",
    source: {
      from: "git",
      repo: "hexops/gotextdiff",
      commit: "b9e968e209a0ab9d16bd125a4e7d16873482c839",
      version: "1.0.3+3",
    },
    // New on 2026-12-02 (sixth session): gopls' text diffs as a module of its own: the root
    // package's edits and unified output, `myers` computing them, `span` (positions, URIs,
    // UTF-16 columns, files kept apart by build tags for Go 1.11 and 1.12), a `difftest`
    // package of cases the others' tests share, and `testenv`.
    licence: "BSD-3-Clause",
  },
  {
    lang: "go",
    name: "monkey",
    source: {
      from: "git",
      repo: "skx/monkey",
      commit: "eb82b58414912c17918cd6b045306ded060cd9fa",
      version: "2023-12-07",
    },
    // New on 2026-12-02 (second session): an interpreter in six packages (token, lexer, ast,
    // parser, object, evaluator) whose `object` package is sixteen files of types with their
    // methods and built-in functions, and a `main` that embeds its standard library.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "glob",
    source: {
      from: "git",
      repo: "gobwas/glob",
      commit: "5ccd90ef52e1e632236f7326478d4faa74f99438",
      version: "0.2.3",
      // It predates modules: the go.mod `go mod init` writes for its import path.
      stand: { "go.mod": "module github.com/gobwas/glob\n\ngo 1.12\n" },
    },
    // New on 2026-12-02 (third session): glob matching compiled to matchers, in packages
    // `compiler`, `match` (twenty matcher types, each a file, behind one `Matcher` interface),
    // `syntax/ast` and `syntax/lexer` under a `syntax` facade, `util/runes` and
    // `util/strings`, and two commands; the root package wraps the compiler.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "pkg-diff",
    source: {
      from: "git",
      repo: "pkg/diff",
      commit: "4e6772a4315c211e75d179250699dede5881c54c",
      version: "2024-12-24",
    },
    // New on 2026-12-02 (fourth session): a diff library in a root package over five small
    // ones (`edit`, `myers`, `write`, `ctxt`, `intern`) that pass one `edit.Script` between
    // them, option types implemented by unexported methods, a stringer-generated file, and an
    // example command.
    licence: "BSD-3-Clause",
  },
  {
    lang: "go",
    name: "anko",
    source: {
      from: "git",
      repo: "mattn/anko",
      // The last commit for Go 1.19 (Debian's): the next calls reflect.Value.Comparable (1.20).
      commit: "b5f1288ad3300ad07cd04440fe3adb72dcfdb028",
      version: "0.1.12+15",
    },
    // New on 2026-12-02 (fifth session): a script interpreter in packages ast (with astutil),
    // parser (goyacc's generated parser beside its lexer), env, vm (twenty-six files of one
    // package), core, and forty-one files of `packages` that register the standard library's
    // functions into env as they initialise. (golang/geo, tried first, took ten minutes a move
    // with its s2 tests; ulikunitz/xz's tests read data the snapshot does not hold.)
    licence: "MIT",
  },
  {
    lang: "go",
    name: "tidwall-btree",
    source: {
      from: "git",
      repo: "tidwall/btree",
      // The last commit for Go 1.19 (Debian's): the next declares types in generic methods.
      commit: "b9da24766d62f2104911bcfaa42dd6cacb244302",
      version: "1.7.0+5",
    },
    // New on 2026-12-02 (fourth session): a B-tree in one package, generic (`BTreeG[T]`) with
    // non-generic wrappers (`BTree`, `Map`, `Set`) over it, iterators and copy-on-write nodes.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "regexp2",
    source: {
      from: "git",
      repo: "dlclark/regexp2",
      commit: "3d5df45b703801b3fe51eb3f5c0dd302e8b0d676",
      version: "1.12.0",
    },
    // New on 2026-12-01 (second morning): .NET's regular expression engine ported, a root
    // package of the matcher and runner over a `syntax` package of the parser, its tree and
    // the code it writes; the root reads the syntax package's exported fields and constants
    // throughout, a fuzz function under a build tag.
    licence: "MIT",
  },
  {
    lang: "go",
    name: "chi",
    source: {
      from: "git",
      repo: "go-chi/chi",
      commit: "0a20a0e3400e551803f463d17a0ab84ee8afef3c",
      // The last release whose go.mod asks for no Go newer than Debian's 1.19.
      version: "5.2.0",
    },
    // New on 2026-11-30 (evening): a router package and its middleware package, which imports
    // it (`chi.RouteContext`); files kept apart by build constraints (`//go:build go1.22`);
    // examples under `_examples/`, which the go command skips, in modules of their own.
    licence: "MIT",
  },
  {
    lang: "java",
    name: "gson",
    source: {
      from: "git",
      repo: "google/gson",
      commit: "6a368d89da37917be7714c3072b8378f4120110a",
      version: "2.8.9",
    },
    // The build's template (GsonBuildConfig) beside the sources, as Maven compiles them.
    sourceDirs: ["gson/src/main/java", "gson/src/main/java-templates"],
    testDirs: ["gson/src/test/java"],
    pathBound: [
      {
        test: "testJsonElementTypeMismatch(com.google.gson.functional.DefaultTypeAdaptersTest)",
        reason:
          "expects the message `Expected a com.google.gson.JsonObject but was com.google.gson.JsonPrimitive`, naming both classes' package, which a move of either changes",
      },
    ],
    licence: "Apache-2.0",
  },
  // Issue 43: a library whose nodes inherit package-private abstract members.
  {
    lang: "java",
    name: "jsoup",
    source: {
      from: "git",
      repo: "jhy/jsoup",
      commit: "becdd2e118639ee603be0c12eda216cb0e01fe29",
      version: "1.15.4",
    },
    // Its tests are JUnit 5's (not in Debian here): judged by javac alone.
    sourceDirs: ["src/main/java"],
    classpath: ["/usr/share/java/jsr305.jar"],
    debs: ["libjsr305-java"],
    licence: "MIT",
  },
  {
    // Issue 43: a small library whose option specs inherit package-private abstract members
    // (AbstractOptionSpec), its tests in the same package.
    lang: "java",
    name: "jopt-simple",
    source: {
      from: "git",
      repo: "jopt-simple/jopt-simple",
      commit: "2a41140d8448d67c30b94b5990d7a3df82c2d8f6",
      version: "5.0.4",
    },
    // Its tests need infinitest's continuous-testing-toolkit (not in Debian): judged by javac
    // over its sources alone.
    sourceDirs: ["src/main/java"],
    licence: "MIT",
  },
  {
    lang: "java",
    name: "commons-text",
    source: {
      from: "git",
      repo: "apache/commons-text",
      commit: "9397c1cdce7e78ffb3f53267d47c857d54c45d1c",
      version: "1.10.0",
    },
    // New on the night of 2026-11-29: eight packages (text, lookup, matcher, similarity,
    // translate, …) with package-private classes and constructors. Its tests are JUnit 5's,
    // with AssertJ and Mockito (not in Debian here): judged by javac alone.
    sourceDirs: ["src/main/java"],
    classpath: ["/usr/share/java/commons-lang3.jar"],
    debs: ["libcommons-lang3-java"],
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "commons-cli",
    source: {
      from: "git",
      repo: "apache/commons-cli",
      commit: "e81a871025cd2dd5bc1d3b473c3c495533e7b8f4",
      version: "1.5.0",
    },
    // New on 2026-12-01: one package whose classes reach each other's package-private members
    // (`Option.clearValues`, `OptionValidator`, `Util`), parsers subclassing an abstract
    // `Parser`, deprecated builders, and JUnit 4 tests in the same package that call the
    // package-private ones.
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    resourceDirs: ["src/test/resources"],
    newDir: "src/main/java/org/apache/commons/cli/moved",
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "commons-codec",
    source: {
      from: "git",
      repo: "apache/commons-codec",
      commit: "9ceef2231549e95f7868266f38b0c7e1a0a40ed4",
      version: "1.11",
    },
    // New on 2026-11-30: seven packages (binary, digest, language, language.bm, net) with
    // abstract bases whose members are protected or package-private (BaseNCodec and its
    // Context), and JUnit 4 tests that load the Beider-Morse rules and their data from the
    // class path.
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    resourceDirs: ["src/main/resources", "src/test/resources"],
    classpath: ["/usr/share/java/commons-lang3.jar"],
    debs: ["libcommons-lang3-java"],
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "commons-lang",
    source: {
      from: "git",
      repo: "apache/commons-lang",
      commit: "4777c3a5e4291af2420db57d008152c70c4a8f24",
      version: "3.4",
    },
    // New on 2026-12-02 (sixth session): twelve packages (lang3 and its builder,
    // concurrent, event, exception, math, mutable, reflect, text, text.translate, time, tuple)
    // whose classes reach each other's package-private helpers, static utility classes the
    // others call throughout, abstract translators subclassed across packages, and some four
    // thousand JUnit 4 tests with Hamcrest, EasyMock and commons-io. Debian's jars at the
    // versions it has (EasyMock 5, commons-io 2.11).
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    resourceDirs: ["src/test/resources"],
    testClasspath: [
      "/usr/share/java/junit4.jar",
      "/usr/share/java/hamcrest-all.jar",
      "/usr/share/java/easymock.jar",
      "/usr/share/java/byte-buddy.jar",
      "/usr/share/java/objenesis.jar",
      "/usr/share/java/commons-io.jar",
    ],
    debs: ["libeasymock-java", "libcommons-io-java", "libhamcrest-java"],
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "commons-validator",
    source: {
      from: "git",
      repo: "apache/commons-validator",
      commit: "c4b93a7275b1172f69e53cd8cec7fc27c954a5be",
      version: "1.6",
    },
    // New on 2026-12-01 (third morning): four packages (validator, routines,
    // routines.checkdigit, util), abstract validators whose subclasses in other packages
    // reach protected members, resources loaded by the class's own package, and JUnit 3
    // and 4 tests in the same packages. Its dependencies are Debian's, at the versions its
    // pom names (digester 1.8.1).
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    resourceDirs: ["src/main/resources", "src/test/resources"],
    classpath: [
      "/usr/share/java/commons-beanutils.jar",
      "/usr/share/java/commons-digester.jar",
      "/usr/share/java/commons-logging.jar",
      "/usr/share/java/commons-collections3.jar",
    ],
    debs: [
      "libcommons-beanutils-java",
      "libcommons-digester-java",
      "libcommons-logging-java",
      "libcommons-collections3-java",
    ],
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "commons-net",
    source: {
      from: "git",
      repo: "apache/commons-net",
      commit: "163fe46c019f5184016207c247cdff30ee740ecc",
      version: "3.6",
    },
    // New on 2026-12-02: twenty packages, one a protocol, over shared `SocketClient` and
    // `io` bases; FTP list parsers in `ftp.parser` subclassing abstract ones whose members
    // are protected and package-private, a factory naming them, examples in a second source
    // tree (`examples`), and JUnit 4 tests (the functional ones need the network: they fail
    // before and after a move alike).
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    resourceDirs: ["src/main/resources"],
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "args4j",
    source: {
      from: "git",
      repo: "kohsuke/args4j",
      commit: "6bfd02397e042cd363c6f4ebeed6a675d88ab75d",
      version: "2.37",
    },
    // New on 2026-12-02: an option parser whose forty handlers in `spi` subclass abstract
    // ones (`OptionHandler`, `OneArgumentOptionHandler`) reaching their protected members,
    // message enums whose bundles are `.properties` files beside them in the source tree
    // (`ResourceBundle.getBundle(Messages.class.getName())`), and JUnit 4 tests.
    sourceDirs: ["args4j/src"],
    testDirs: ["args4j/test"],
    resourceDirs: ["args4j/src", "args4j/test"],
    licence: "MIT",
  },
  {
    lang: "java",
    name: "hamcrest",
    source: {
      from: "git",
      repo: "hamcrest/JavaHamcrest",
      commit: "60454d3c3e2eac8f3049dfbef2900a989a8b8624",
      version: "2.2",
    },
    // New on 2026-12-02 (second session): matchers in ten packages (`core`, `collection`,
    // `number`, `object`, `text`, `beans`, `xml`, …) over `BaseMatcher` and
    // `TypeSafeMatcher`, a `Matchers` facade naming them all, and JUnit 4 tests whose
    // abstract base (`AbstractMatcherTest`) the others subclass. Its tests run with its own
    // classes, not Debian's Hamcrest.
    sourceDirs: ["hamcrest/src/main/java"],
    testDirs: ["hamcrest/src/test/java"],
    testClasspath: ["/usr/share/java/junit4.jar"],
    licence: "BSD-3-Clause",
  },
  {
    lang: "java",
    name: "minimal-json",
    source: {
      from: "git",
      repo: "ralfstx/minimal-json",
      commit: "5518c876226ae07f8291d6b41209bc3c979f4a55",
      version: "0.9.5",
    },
    // New on 2026-12-02 (third session): a JSON library in one package whose value classes
    // (`JsonValue` and its subclasses) share package-private constructors and methods
    // (`write(JsonWriter)`, `WritingBuffer`), and JUnit 4 tests in that package, with
    // Mockito's mocks in another. Units go to a new package below it.
    sourceDirs: ["com.eclipsesource.json/src/main/java"],
    testDirs: ["com.eclipsesource.json/src/test/java"],
    newDir: "com.eclipsesource.json/src/main/java/com/eclipsesource/json/moved",
    testClasspath: [
      "/usr/share/java/junit4.jar",
      "/usr/share/java/hamcrest.jar",
      "/usr/share/java/mockito-core.jar",
      "/usr/share/java/byte-buddy.jar",
      "/usr/share/java/objenesis.jar",
    ],
    debs: ["libmockito-java"],
    licence: "MIT",
  },
  {
    lang: "java",
    name: "jsemver",
    source: {
      from: "git",
      repo: "zafarkhaja/jsemver",
      // The last commit before its tests moved to JUnit 5 (the bench runs JUnit 4's).
      commit: "25ed76b81f5323dd8387f21bd33d23655dd135fe",
      version: "0.10.0-SNAPSHOT",
    },
    // New on 2026-12-02 (fourth session): semantic versions in three packages: the root
    // (`Version` and its parser), `expr` (a range expression language: a lexer, a parser and
    // one class a comparison) and `util` (a generic `Stream` the parsers share), JUnit 4
    // tests in nested `@RunWith(Enclosed.class)` classes.
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    testClasspath: ["/usr/share/java/junit4.jar", "/usr/share/java/hamcrest.jar"],
    licence: "MIT",
  },
  {
    lang: "java",
    name: "commons-io",
    source: {
      from: "git",
      repo: "apache/commons-io",
      commit: "2ae025fe5c4a7d2046c53072b0898e37a079fe62",
      version: "2.6",
    },
    // New on 2026-12-02 (fifth session): seven packages (io, comparator, filefilter, input,
    // output, monitor, serialization), abstract filters, comparators and proxy streams that
    // classes of other packages subclass, package-private helpers, and JUnit 4 tests in the
    // same packages with a test-tools package of their own.
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    testClasspath: ["/usr/share/java/junit4.jar", "/usr/share/java/hamcrest.jar"],
    licence: "Apache-2.0",
  },
  {
    lang: "java",
    name: "jackson-core",
    source: {
      from: "git",
      repo: "FasterXML/jackson-core",
      commit: "71a70fa09e6a5f9f2bf9cf3caf5a2557fb1c10a4",
      version: "2.14.3",
      // Maven writes it from PackageVersion.java.in as it builds (maven-replacer-plugin).
      stand: {
        "src/main/java/com/fasterxml/jackson/core/json/PackageVersion.java": [
          "package com.fasterxml.jackson.core.json;",
          "",
          "import com.fasterxml.jackson.core.Version;",
          "import com.fasterxml.jackson.core.Versioned;",
          "import com.fasterxml.jackson.core.util.VersionUtil;",
          "",
          "public final class PackageVersion implements Versioned {",
          "    public final static Version VERSION = VersionUtil.parseVersion(",
          '        "2.14.3", "com.fasterxml.jackson.core", "jackson-core");',
          "",
          "    @Override",
          "    public Version version() {",
          "        return VERSION;",
          "    }",
          "}",
          "",
        ].join("\n"),
      },
    },
    // New on 2026-12-02 (second session): a streaming JSON parser in fifteen packages (`json`
    // with its `async` child, `io` with two number parsers' packages, `sym`, `util`, `base`,
    // …), a factory named by a `META-INF/services` file, and JUnit 3 and 4 tests.
    sourceDirs: ["src/main/java"],
    testDirs: ["src/test/java"],
    resourceDirs: ["src/main/resources", "src/test/resources"],
    licence: "Apache-2.0",
  },
  {
    lang: "rust",
    name: "semver",
    source: { from: "debian", package: "librust-semver-dev", version: "1.0.14-1" },
    // Debian's Cargo.toml (the crate's as published) without the optional serde dependency,
    // whose crate is not there offline (src/serde.rs is compiled only with that feature), and
    // without its bench, which needs a nightly compiler (`#![feature(test)]`), so that
    // `--all-targets` builds on a stable one.
    manifest: `[package]
edition = "2018"
rust-version = "1.31"
name = "semver"
version = "1.0.14"
authors = ["David Tolnay <dtolnay@gmail.com>"]
autobenches = false
description = "Parser and evaluator for Cargo's flavor of Semantic Versioning"
documentation = "https://docs.rs/semver"
readme = "README.md"
keywords = ["cargo"]
categories = [
    "data-structures",
    "no-std",
]
license = "MIT OR Apache-2.0"
repository = "https://github.com/dtolnay/semver"

[package.metadata.docs.rs]
targets = ["x86_64-unknown-linux-gnu"]
rustdoc-args = [
    "--cfg",
    "doc_cfg",
    "--cfg",
    "semver_rustdoc_workaround",
]

[features]
default = ["std"]
std = []
`,
    licence: "MIT OR Apache-2.0",
  },
  {
    // A crate whose lib.rs re-exports its private modules (`mod kebab; pub use kebab::…`), the
    // layout of most crates.
    lang: "rust",
    name: "heck",
    source: { from: "debian", package: "librust-heck-dev", version: "0.4.0-1" },
    // Debian's Cargo.toml without the optional unicode-segmentation dependency, whose crate is
    // not there offline (the `unicode` feature, off by default, is what uses it).
    manifest: `[package]
edition = "2018"
name = "heck"
version = "0.4.0"
authors = ["Without Boats <woboats@gmail.com>"]
include = ["src/**/*", "LICENSE-*", "README.md", "CHANGELOG.md"]
description = "heck is a case conversion library."
homepage = "https://github.com/withoutboats/heck"
documentation = "https://docs.rs/heck"
readme = "README.md"
keywords = ["string", "case", "camel", "snake", "unicode"]
license = "MIT OR Apache-2.0"
repository = "https://github.com/withoutboats/heck"

[features]
default = []
`,
    licence: "MIT OR Apache-2.0",
  },
  {
    // Nested modules (ast/, hir/, hir/literal/, unicode_tables/), none of them depending on a crate.
    lang: "rust",
    name: "regex-syntax",
    source: { from: "debian", package: "librust-regex-syntax-dev", version: "0.6.27-1" },
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "itertools",
    source: { from: "debian", package: "librust-itertools-dev", version: "0.10.3-1" },
    // New on 2026-11-30: forty private modules (`mod combinations;`, `mod adaptors;` with
    // children) whose items lib.rs re-exports (`pub mod structs { pub use crate::…; }`, `pub
    // use crate::free::*`), and a trait whose methods build them. Debian's manifest without
    // its dev-dependencies (quickcheck 0.9, rand 0.7 and criterion, of versions Debian does
    // not have) and without the tests and benchmarks that need them: eight of its eleven test
    // files, and its doctests, run.
    manifest: `[package]
edition = "2018"
name = "itertools"
version = "0.10.3"
authors = ["bluss"]
description = "Extra iterator adaptors, iterator methods, free functions, and macros."
license = "MIT/Apache-2.0"
repository = "https://github.com/rust-itertools/itertools"
autotests = false
autobenches = false

[lib]
test = false
bench = false

[[test]]
name = "adaptors_no_collect"
[[test]]
name = "flatten_ok"
[[test]]
name = "macros_hygiene"
[[test]]
name = "merge_join"
[[test]]
name = "peeking_take_while"
[[test]]
name = "test_core"
[[test]]
name = "tuples"
[[test]]
name = "zip"

[dependencies.either]
version = "1.0"
default-features = false

[features]
default = ["use_std"]
use_alloc = []
use_std = ["use_alloc"]
`,
    debs: ["librust-either-dev"],
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "unicode-bidi",
    source: { from: "debian", package: "librust-unicode-bidi-dev", version: "0.3.8-2" },
    // New on 2026-12-01: the Unicode Bidirectional Algorithm in modules of its phases
    // (`explicit`, `implicit`, `prepare`) that lib.rs declares privately and re-exports from,
    // a `char_data` module directory with generated tables, a trait of data sources, and its
    // tests in each module. Debian's manifest without the optional serde support and its
    // serde_test dev-dependency (the `serde` feature's code is not built without it).
    manifest: `[package]
edition = "2018"
name = "unicode-bidi"
version = "0.3.8"
authors = ["The Servo Project Developers"]
exclude = ["benches/**", "data/**", "examples/**", "tests/**", "tools/**"]
description = "Implementation of the Unicode Bidirectional Algorithm"
license = "MIT OR Apache-2.0"
repository = "https://github.com/servo/unicode-bidi"

[lib]
name = "unicode_bidi"

[features]
bench_it = []
default = ["std", "hardcoded-data"]
hardcoded-data = []
std = []
unstable = []
`,
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "textwrap",
    source: { from: "debian", package: "librust-textwrap-dev", version: "0.16.0-2" },
    // New on 2026-12-01 (second morning): word wrapping in modules lib.rs declares publicly
    // and privately (`core`, `word_separators`, `word_splitters`, `wrap_algorithms` with its
    // `optimal_fit` child in a directory beside its file), enums whose variants hold functions,
    // items under `#[cfg(feature = …)]`, and doctests and unit tests in each module. Debian's
    // manifest with the termion its tests use at Debian's version (1.5, not 2.0).
    manifest: `[package]
edition = "2021"
name = "textwrap"
version = "0.16.0"
authors = ["Martin Geisler <martin@geisler.net>"]
description = "Library for word wrapping, indenting, and dedenting strings."
license = "MIT"
repository = "https://github.com/mgeisler/textwrap"

[dependencies.smawk]
version = "0.3.1"
optional = true

[dependencies.unicode-linebreak]
version = "0.1.4"
optional = true

[dependencies.unicode-width]
version = "0.1.10"
optional = true

[features]
default = ["unicode-linebreak", "unicode-width", "smawk"]

[target."cfg(unix)".dev-dependencies.termion]
version = "1.5"
`,
    debs: [
      "librust-smawk-dev",
      "librust-unicode-linebreak-dev",
      "librust-unicode-width-dev",
      "librust-termion-dev",
    ],
    buildCode:
      "the build scripts of the crates Debian's unicode-linebreak and termion bring in (libc, memchr, ahash …), which cargo test runs here too",
    licence: "MIT",
  },
  {
    lang: "rust",
    name: "indexmap",
    source: { from: "debian", package: "librust-indexmap-dev", version: "1.9.2-1" },
    // New on 2026-12-02: an ordered map in modules nested a directory deep (`map/core.rs`
    // with its `map/core/raw.rs` child over hashbrown's raw table), `set.rs` built on the
    // map, traits (`Equivalent`, `MutableKeys`) re-exported from `lib.rs`, macros exported
    // from `macros.rs`, optional serde and rayon modules, a build script (autocfg) and
    // quickcheck tests. Debian's manifest as it is.
    debs: [
      "librust-hashbrown-dev",
      "librust-autocfg-dev",
      "librust-arbitrary-dev",
      "librust-quickcheck-dev",
      "librust-rayon-dev",
      "librust-serde-dev",
      "librust-fnv-dev",
      "librust-fxhash-dev",
      "librust-itertools-dev",
      "librust-lazy-static-dev",
      "librust-rand-dev",
      "librust-serde-derive-dev",
    ],
    buildCode:
      "its own build script (autocfg) and those of the crates Debian's rayon and rand bring in, which cargo test runs here too",
    licence: "Apache-2.0 OR MIT",
  },
  {
    lang: "rust",
    name: "petgraph",
    source: { from: "debian", package: "librust-petgraph-dev", version: "0.6.2-1" },
    // New on 2026-12-02 (second session): graphs in four representations (`graph_impl/`
    // with its `stable_graph/` child, `graphmap`, `matrix_graph`, `csr`), algorithms in
    // `algo/` (`dominators`, `isomorphism`, …), traits in `visit/` whose macros the
    // representations invoke, and tests in `tests/`. Debian's manifest as it is.
    debs: [
      "librust-fixedbitset-dev",
      "librust-indexmap-dev",
      "librust-serde-dev",
      "librust-serde-derive-dev",
      "librust-bincode-dev",
      "librust-itertools-dev",
      "librust-rand-dev",
      "librust-rand-chacha-dev",
    ],
    buildCode:
      "the build scripts of the crates it depends on (indexmap's autocfg, libc, serde), which cargo test runs here too",
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "rand",
    source: { from: "debian", package: "librust-rand-dev", version: "0.8.5-1" },
    // New on 2026-12-02 (second session): random numbers in nested modules (`distributions/`
    // with `uniform.rs`, `weighted_index.rs` and a `weighted` child kept for compatibility;
    // `rngs/` with `adapter/`; `seq/` with `index.rs`), traits re-exported through a
    // `prelude`, and tests in its modules. Debian's manifest as it is.
    debs: [
      "librust-rand-core-dev",
      "librust-rand-chacha-dev",
      "librust-rand-pcg-dev",
      "librust-libc-dev",
      "librust-log-dev",
      "librust-serde-dev",
      "librust-serde-derive-dev",
      "librust-bincode-dev",
    ],
    buildCode:
      "the build scripts of the crates it depends on (libc, serde), which cargo test runs here too",
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "similar",
    source: { from: "debian", package: "librust-similar-dev", version: "2.2.1-1" },
    // New on 2026-12-02 (third session): diff algorithms in `algorithms/` (myers, patience,
    // lcs, compact, replace, capture, hook, each generic over a `DiffHook` trait) under a
    // `text/` layer with its own `abstraction` and `inline` children and `udiff` beside it,
    // items re-exported from `lib.rs` and `algorithms/mod.rs`, and insta snapshot tests in
    // the modules. Debian's manifest as it is.
    debs: [
      "librust-insta-dev",
      "librust-console-dev",
      "librust-serde-json-dev",
      "librust-bstr-dev",
      "librust-unicode-segmentation-dev",
    ],
    buildCode:
      "the build scripts of the crates its tests depend on (serde_json, libc, rustix), which cargo test runs here too",
    licence: "Apache-2.0",
  },
  {
    lang: "rust",
    name: "num-bigint",
    source: { from: "debian", package: "librust-num-bigint-dev", version: "0.4.3-2" },
    // New on 2026-12-02 (fourth session): big integers in `biguint.rs` and `bigint.rs`, each
    // with a directory of private children (addition, division, multiplication, shift, …)
    // implementing the operator traits through macros, `pub use` of them from `lib.rs`, and
    // tests beside the crate in `tests/` with shared modules. Debian's manifest as it is.
    debs: ["librust-num-integer-dev", "librust-num-traits-dev"],
    buildCode: "its build script (autocfg's probe of the compiler), which cargo test runs here too",
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "num-traits",
    source: { from: "debian", package: "librust-num-traits-dev", version: "0.2.15-1" },
    // New on 2026-12-02 (fifth session): numeric traits in public modules (`ops/` with six
    // children, `float.rs`, `cast.rs`, `bounds.rs`, `identities.rs`), each implemented for
    // every primitive by macros, a `real` module re-exported from `lib.rs` beside the traits,
    // `#[cfg]` on `std` and `libm`, and its tests in the modules and in `tests/`. Debian's
    // manifest as it is. Some three hundred doc tests, each a binary: a move's judging takes
    // about five minutes on 2 cores.
    debs: ["librust-autocfg-dev", "librust-libm-dev"],
    buildCode: "its build script (autocfg's probe of the compiler), which cargo test runs here too",
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "bytes",
    source: { from: "debian", package: "librust-bytes-dev", version: "1.2.1-1" },
    // New on 2026-12-02 (sixth session): byte buffers in `bytes.rs` and `bytes_mut.rs`, a
    // `buf/` module of eleven children that `buf/mod.rs` re-exports (`pub use
    // self::buf_impl::Buf`) and `lib.rs` re-exports again, adapters (`Chain`, `Take`, `Limit`,
    // `Reader`, `Writer`) built by the traits' default methods, a `fmt/` module of `Debug` and
    // hex impls, a `loom` shim of atomics chosen by `cfg`, and its tests in `tests/`.
    // Debian's manifest without loom, a dev-dependency under `cfg(loom)` alone (not in
    // Debian; cargo resolves it whatever the target).
    edits: [
      { file: "Cargo.toml", line: '[target."cfg(loom)".dev-dependencies.loom]', with: "" },
      { file: "Cargo.toml", line: 'version = "0.5"', with: "" },
    ],
    debs: ["librust-serde-test-dev", "librust-serde-dev"],
    buildCode:
      "the build scripts of the crates its tests depend on (serde), which cargo test runs here too",
    licence: "MIT",
  },
  {
    lang: "rust",
    name: "smallvec",
    source: { from: "debian", package: "librust-smallvec-dev", version: "1.9.0-1" },
    // New on 2026-12-02 (fourth session): a small-vector type in one `lib.rs` of three
    // thousand lines (the type, its iterators and drains, an `Array` trait implemented by a
    // macro for every length, `unsafe` code throughout), features gating serde, `arbitrary`
    // and `specialization` modules, and its tests in `tests.rs`. Debian's manifest as it is.
    debs: ["librust-bincode-dev", "librust-serde-dev"],
    buildCode:
      "the build scripts of the crates its tests depend on (serde), which cargo test runs here too",
    licence: "MIT OR Apache-2.0",
  },
  {
    lang: "rust",
    name: "aho-corasick",
    source: { from: "debian", package: "librust-aho-corasick-dev", version: "0.7.19-1" },
    // New on 2026-12-01: private modules two and three deep (`packed::teddy::runtime`) behind
    // a public `packed` facade, generic automata over a `StateID` trait implemented by a macro
    // for each integer type, SIMD code under `#[cfg(target_arch = …)]`, and its tests in
    // modules of the crate (`src/tests.rs`, `src/packed/tests.rs`). Debian's manifest as it is.
    debs: ["librust-memchr-dev"],
    buildCode: "memchr's build script (Debian's crate), which cargo test runs here too",
    licence: "Unlicense OR MIT",
  },
  {
    lang: "rust",
    name: "nom",
    source: { from: "debian", package: "librust-nom-dev", version: "7.1.1-1" },
    // New on 2026-11-30 (late): parser combinators in public modules two deep (`bytes::complete`,
    // `character::streaming`, `number::complete`), each pair of siblings alike, generic over the
    // traits of `traits.rs`, with macros exported from `lib.rs` and proptest tests in the modules.
    // Debian's manifest without its four examples, whose files the published crate leaves out.
    manifest: `[package]
edition = "2018"
rust-version = "1.48"
name = "nom"
version = "7.1.1"
authors = ["contact@geoffroycouprie.com"]
include = ["CHANGELOG.md", "LICENSE", "README.md", ".gitignore", "Cargo.toml", "src/*.rs", "src/*/*.rs", "tests/*.rs", "doc/nom_recipes.md"]
autoexamples = false
description = "A byte-oriented, zero-copy, parser combinators library"
documentation = "https://docs.rs/nom"
readme = "README.md"
keywords = ["parser", "parser-combinators", "parsing", "streaming", "bit"]
categories = ["parsing"]
license = "MIT"
repository = "https://github.com/Geal/nom"
[package.metadata.docs.rs]
all-features = true
features = ["alloc", "std", "docsrs"]
[profile.bench]
lto = true
codegen-units = 1
debug = true

[[test]]
name = "arithmetic"

[[test]]
name = "arithmetic_ast"
required-features = ["alloc"]

[[test]]
name = "css"

[[test]]
name = "custom_errors"

[[test]]
name = "float"

[[test]]
name = "ini"
required-features = ["alloc"]

[[test]]
name = "ini_str"
required-features = ["alloc"]

[[test]]
name = "issues"
required-features = ["alloc"]

[[test]]
name = "json"

[[test]]
name = "mp4"
required-features = ["alloc"]

[[test]]
name = "multiline"
required-features = ["alloc"]

[[test]]
name = "overflow"

[[test]]
name = "reborrow_fold"

[[test]]
name = "fnmut"
required-features = ["alloc"]
[dependencies.memchr]
version = "2.3"
default-features = false

[dependencies.minimal-lexical]
version = "0.2.0"
default-features = false
[dev-dependencies.doc-comment]
version = "0.3"

[dev-dependencies.proptest]
version = "1.0.0"

[features]
alloc = []
default = ["std"]
docsrs = []
std = ["alloc", "memchr/std", "minimal-lexical/std"]
[badges.coveralls]
branch = "main"
repository = "Geal/nom"
service = "github"

[badges.maintenance]
status = "actively-developed"

[badges.travis-ci]
repository = "Geal/nom"
`,
    debs: [
      "librust-memchr-dev",
      "librust-minimal-lexical-dev",
      "librust-proptest+default-dev",
      "librust-doc-comment-dev",
    ],
    buildCode:
      "the build scripts of proptest's dependencies and of doc-comment (Debian's crates), which cargo test runs here too",
    licence: "MIT",
  },
  {
    // New on 2026-11-29 (night): a workspace. The regex crate at its root, its parser
    // (regex-syntax) and its C API (rure) members that depend on it; the regex crate reaches
    // into regex-syntax's modules by path (`regex_syntax::hir::literal::Literals`).
    lang: "rust",
    name: "regex",
    source: {
      from: "git",
      repo: "rust-lang/regex",
      commit: "a9b2e02352db92ce1f6e5b7ecd41b8bbffbe161a",
      version: "1.7.1",
      // The benchmark's data, which the snapshot does not hold (bench/ is not a member here).
      exclude: ["bench"],
    },
    // Its own manifest with two members fewer: bench/ (criterion and more, not offline) and
    // regex-debug/ (docopt); the members left are the library and the two that build with it.
    edits: [
      {
        file: "Cargo.toml",
        line: '  "bench", "regex-capi", "regex-debug", "regex-syntax",',
        with: '  "regex-capi", "regex-syntax",',
      },
      // regex-syntax's benchmark needs a nightly compiler (`#![feature(test)]`): not built, so
      // that `--all-targets` builds on a stable one.
      {
        file: "regex-syntax/Cargo.toml",
        line: 'edition = "2018"',
        with: 'edition = "2018"\nautobenches = false',
      },
    ],
    debs: [
      "librust-aho-corasick-dev",
      "librust-memchr-dev",
      "librust-lazy-static-dev",
      "librust-quickcheck-dev",
      // With every feature the tests use (small_rng, getrandom: Debian's package provides them).
      "librust-rand-dev",
      "librust-libc-dev",
    ],
    buildCode:
      "libc's and memchr's build scripts (Debian's crates), which cargo test runs here too",
    licence: "MIT OR Apache-2.0",
  },
];

/** What the cache installs beside the projects: TypeScript's language service, and the types the projects' settings name. */
export const CACHE_PACKAGES = {
  typescript: "5.9.3",
  tslib: "2.8.1",
  "@types/node": "22.20.5",
};

/**
 * The package managers git projects install with (`install`'s first word),
 * from the npm registry into the cache's `tools/<name>`, apart from the
 * node_modules the projects' module resolution walks up to.
 */
export const TOOLS = {
  bun: { package: "bun", version: "1.3.14" },
  // Yarn 4's own distribution (yup pins 4.10.0, which is not on the registry).
  yarn: { package: "@yarnpkg/cli-dist", version: "4.10.3" },
  // ufo's `packageManager` pins this one: pnpm does not switch versions.
  pnpm: { package: "pnpm", version: "10.28.0" },
};

/** Debian's packages a Java project's tests need: JUnit 4 (and Hamcrest, which it brings). */
export const JAVA_TEST_DEBS = ["junit4"];
/** Where Debian puts their jars. */
export const JAVA_TEST_CLASSPATH = ["/usr/share/java/junit4.jar", "/usr/share/java/hamcrest.jar"];

/** Debian's packages the Python side needs besides the projects. */
export const PYTHON_TOOLS = ["python3-rope", "python3-pyflakes"];

/**
 * The toolchains Go and Rust projects are judged with: a command that runs
 * when one is there, and Debian's packages that bring it.
 */
export const TOOLCHAINS = {
  go: { label: "Go", probe: ["go", "version"], debs: ["golang-go"] },
  // Clippy is the Rust side's linter.
  rust: {
    label: "Cargo and Clippy",
    probe: ["cargo", "clippy", "--version"],
    debs: ["cargo", "rust-clippy"],
  },
} as const;
