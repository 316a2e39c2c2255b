import { describe, expect, it } from "vitest";
import {
  entryField,
  extensionsRequired,
  importerNaming,
  type ModuleConfigs,
  mayName,
  rerouted,
  routeTo,
} from "./resolve.ts";

/**
 * Specifiers that are not relative (typescript/resolve.ts): tsconfig `paths` and
 * `baseUrl`, package.json `imports`, resolved to files and written again in
 * the same form for a unit's new file.
 */
const CONFIGS: ModuleConfigs = {
  tsconfigs: [
    {
      dir: "/app",
      paths: [
        { pattern: "@/*", targets: ["/app/src/*"] },
        { pattern: "@ui/*", targets: ["/app/src/components/ui/*"] },
      ],
      baseUrl: "/app",
    },
  ],
  packages: [
    {
      dir: "/app",
      imports: [{ pattern: "#lib/*", targets: ["/app/src/lib/*"] }],
      deps: ["react", "@tanstack/query"],
    },
  ],
};
const PAGE = "/app/src/app/page.ts";

describe("module resolution of aliases", () => {
  it("resolves tsconfig paths, baseUrl and package.json imports to the file they name", () => {
    expect(routeTo(CONFIGS, PAGE, "@/lib/format", "/app/src/lib/format.ts")?.kind).toBe("paths");
    expect(routeTo(CONFIGS, PAGE, "@ui/button", "/app/src/components/ui/button.tsx")?.pattern).toBe(
      "@ui/*",
    );
    expect(routeTo(CONFIGS, PAGE, "src/lib/format", "/app/src/lib/format.ts")?.kind).toBe(
      "baseUrl",
    );
    expect(routeTo(CONFIGS, PAGE, "#lib/format.js", "/app/src/lib/format.ts")?.kind).toBe(
      "imports",
    );
    expect(routeTo(CONFIGS, PAGE, "@/lib", "/app/src/lib/index.ts")).toBeDefined();
    expect(routeTo(CONFIGS, PAGE, "@/lib/format", "/app/src/lib/money.ts")).toBeUndefined();
    // A file outside the configuration's directory is not governed by it.
    expect(
      routeTo(CONFIGS, "/other/x.ts", "@/lib/format", "/app/src/lib/format.ts"),
    ).toBeUndefined();
  });

  it("writes the new file's specifier in the same form, keeping the extension style; none where the alias cannot reach", () => {
    const naming = (spec: string, oldFile: string, newFile: string) => {
      const route = routeTo(CONFIGS, PAGE, spec, oldFile);
      return route && rerouted(CONFIGS, PAGE, spec, route, oldFile, newFile);
    };
    expect(naming("@/lib/format", "/app/src/lib/format.ts", "/app/src/lib/money/money.ts")).toBe(
      "@/lib/money/money",
    );
    expect(naming("#lib/format.js", "/app/src/lib/format.ts", "/app/src/lib/money.ts")).toBe(
      "#lib/money.js",
    );
    expect(
      naming("#lib/format.js", "/app/src/lib/format.ts", "/app/src/money/money.ts"),
    ).toBeUndefined();
    expect(naming("@/lib", "/app/src/lib/index.ts", "/app/src/util/index.ts")).toBe("@/util");
    // Where no alias reaches, the importer's naming falls back to a relative path in its style.
    const n = importerNaming(CONFIGS, PAGE, "/app/src/lib/format.ts", "/elsewhere/money.ts");
    expect(n.forNew("#lib/format.js")).toBe("../../../elsewhere/money.js");
    expect(n.forNew("@/lib/format")).toBe("../../../elsewhere/money");
  });

  it("names an import that may reach the old file through a mapping it did not find, never a dependency", () => {
    expect(mayName(CONFIGS, PAGE, "~/lib/format", "/app/src/lib/format.ts")).toBe(true);
    expect(mayName(CONFIGS, PAGE, "react", "/app/src/react.ts")).toBe(false);
    expect(mayName(CONFIGS, PAGE, "@tanstack/query", "/app/src/query.ts")).toBe(false);
    expect(mayName(CONFIGS, PAGE, "node:path", "/app/src/path.ts")).toBe(false);
    expect(mayName(CONFIGS, PAGE, "~/lib", "/app/src/lib/index.ts")).toBe(true);
    expect(mayName(CONFIGS, PAGE, "./format", "/app/src/app/format.ts")).toBe(false);
  });

  it("asks for extensions only of ES modules under node16 or nodenext resolution", () => {
    const configs = (resolution: string | undefined, type: string | undefined): ModuleConfigs => ({
      tsconfigs: [{ dir: "/lib", paths: [], ...(resolution ? { resolution } : {}) }],
      packages: [{ dir: "/lib", imports: [], deps: [], ...(type ? { type } : {}) }],
    });
    expect(extensionsRequired(configs("node16", "module"), "/lib/src/is.ts")).toBe(true);
    expect(extensionsRequired(configs("nodenext", "module"), "/lib/src/view.tsx")).toBe(true);
    // A CommonJS package's .ts files, and bundler resolution, name files without one.
    expect(extensionsRequired(configs("node16", "commonjs"), "/lib/src/is.ts")).toBe(false);
    expect(extensionsRequired(configs("node16", undefined), "/lib/src/is.ts")).toBe(false);
    expect(extensionsRequired(configs("node16", undefined), "/lib/src/is.mts")).toBe(true);
    expect(extensionsRequired(configs("bundler", "module"), "/lib/src/is.ts")).toBe(false);
    expect(extensionsRequired(configs(undefined, "module"), "/lib/src/is.ts")).toBe(false);
  });

  it("knows a package's entry by the file its fields name or what it compiles to", () => {
    const configs = (entries: { field: string; path: string }[]): ModuleConfigs => ({
      tsconfigs: [],
      packages: [{ dir: "/lib", imports: [], deps: [], entries }],
    });
    const built = configs([{ field: "exports", path: "/lib/dist/index" }]);
    expect(entryField(built, "/lib/src/index.ts")).toBe("exports");
    expect(entryField(built, "/lib/index.ts")).toBe("exports");
    expect(entryField(built, "/lib/src/util.ts")).toBeUndefined();
    expect(entryField(built, "/lib/src/deep/index.ts")).toBeUndefined();
    const flavours = configs([{ field: "exports", path: "/lib/dist/cjs/index" }]);
    expect(entryField(flavours, "/lib/src/index.ts")).toBe("exports");
    expect(entryField(flavours, "/lib/src/cjs/index.ts")).toBeUndefined();
    expect(entryField(configs([{ field: "main", path: "/lib/main" }]), "/lib/main.js")).toBe(
      "main",
    );
    // A private package (no entries read) offers nothing to others.
    expect(entryField(configs([]), "/lib/src/index.ts")).toBeUndefined();
  });
});
