/**
 * The projects `npm run bench:real` moves code in: code no one here wrote,
 * pinned. TypeScript projects come from the npm registry (packages that ship
 * their TypeScript sources), Python projects from Debian's packages (which
 * ship their modules' sources). Nothing of theirs is kept in this repository:
 * bench/real/cache.ts fetches them into a cache outside it.
 */

export interface TsProjectSpec {
  lang: "typescript";
  name: string;
  /** The npm package and version, and the registry's integrity for its tarball. */
  npm: string;
  integrity: string;
  /** The tsconfig the check and the language service use, relative to the package. */
  config: string;
  /**
   * Written to `config` when the package does not ship one: the settings of
   * the project's own repository (cited in `settingsFrom`), without its build
   * outputs. Types of the environment come from the cache's node_modules.
   */
  tsconfig?: Record<string, unknown>;
  settingsFrom?: string;
  /** A directory to put units of a project whose sources sit in one directory. */
  newDir?: string;
  licence: string;
}

export interface PyProjectSpec {
  lang: "python";
  name: string;
  /** Debian's package and version (bookworm); the check imports it with Debian's python3. */
  deb: string;
  version: string;
  /** Its top-level packages, as installed in /usr/lib/python3/dist-packages. */
  packages: string[];
  licence: string;
}

export type ProjectSpec = TsProjectSpec | PyProjectSpec;

export const PROJECTS: ProjectSpec[] = [
  {
    lang: "typescript",
    name: "rxjs",
    npm: "rxjs@7.8.2",
    integrity:
      "sha512-dhKf903U/PQZY6boNNtAGdWbG85WAbjT/1xYoZIC7FAY0yWapOBQVsVrDl58W86//e1VpMNBtRV4MaXfdMySFA==",
    config: "src/tsconfig.esm.json",
    licence: "Apache-2.0",
  },
  {
    lang: "typescript",
    name: "mobx",
    npm: "mobx@7.1.3",
    integrity:
      "sha512-H2NcS5ylMsqYn7v4WpSdzv5YWPmw5XTV6pG2NvY0qYbh95FXbswZJ7pn7wU0rOtUvRzk+3t4AOX2eircoN+vBg==",
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
    name: "query-core",
    npm: "@tanstack/query-core@5.108.4",
    integrity:
      "sha512-2Ks5dlLWz4eXJrthOyG0qW3SLt3xx0RrQmAmN0rnmogiaaOYuWiAe6HAm9KE2b2v8nig+vraNz8fsfZ6fF6zFg==",
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
    lang: "python",
    name: "markdown",
    deb: "python3-markdown",
    version: "3.4.1-2+deb12u1",
    packages: ["markdown"],
    licence: "BSD-3-Clause",
  },
  {
    lang: "python",
    name: "urllib3",
    deb: "python3-urllib3",
    version: "1.26.12-1+deb12u4",
    packages: ["urllib3"],
    licence: "MIT",
  },
  {
    lang: "python",
    name: "httpx",
    deb: "python3-httpx",
    version: "0.23.3-1",
    packages: ["httpx"],
    licence: "BSD-3-Clause",
  },
];

/** What the cache installs beside the projects: TypeScript's language service, and the types the projects' settings name. */
export const CACHE_PACKAGES = {
  typescript: "5.9.3",
  tslib: "2.8.1",
  "@types/node": "22.20.5",
};

/** Debian's packages the Python side needs besides the projects. */
export const PYTHON_TOOLS = ["python3-rope", "python3-pyflakes"];
