import { describe, expect, it } from "vitest";
import { planMove } from "../../../test/support/plan-move.ts";
import type { ScriptLanguage } from "../../syntax/languages.ts";
import { planScriptImports } from "./move.ts";

/** Moves `symbol` from `source` to the end of `dest` as text, then plans both files' imports. */
const move = (
  files: { sourcePath: string; source: string; destPath: string; dest: string },
  symbol: string,
  lang: ScriptLanguage = "typescript",
) => planMove(lang, files, symbol, (t) => planScriptImports({ ...t, lang }));

const FORMAT_TS = `import { DateTime } from "luxon";
import { pad } from "./strings";
import type { Locale } from "../i18n/locale";

function clampDays(n: number): number {
  return Math.max(0, n);
}

/** Formats a date. */
export function formatDate(d: Date, locale: Locale): string {
  return pad(DateTime.fromJSDate(d).setLocale(locale).toISODate() ?? "", clampDays(10));
}

export function today(): string {
  return formatDate(new Date(), "en").slice(clampDays(0));
}
`;

const UNIT = `/** Formats a date. */
export function formatDate(d: Date, locale: Locale): string {
  return pad(DateTime.fromJSDate(d).setLocale(locale).toISODate() ?? "", clampDays(10));
}
`;

describe("import-aware moves in TypeScript", () => {
  it("into another directory: the unit's imports, rewritten; a private helper exported and imported; the unit imported back", async () => {
    const plan = await move(
      {
        sourcePath: "src/util/format.ts",
        source: FORMAT_TS,
        destPath: "src/ui/dates.ts",
        dest: `import { pad } from "../util/strings";\n\nexport const X = 1;\n`,
      },
      "formatDate",
    );
    expect(plan.destination).toBe(
      `import { pad } from "../util/strings";
import { DateTime } from "luxon";
import type { Locale } from "../i18n/locale";
import { clampDays } from "../util/format";

export const X = 1;

${UNIT}`,
    );
    // Its imports went with it: nothing left here uses them.
    expect(plan.source).toBe(`import { formatDate } from "../ui/dates";

export function clampDays(n: number): number {
  return Math.max(0, n);
}


export function today(): string {
  return formatDate(new Date(), "en").slice(clampDays(0));
}
`);
    expect(plan.changes).toEqual([
      "src/ui/dates.ts: imports DateTime, Locale, clampDays",
      "src/util/format.ts: exports clampDays",
      "src/util/format.ts: drops imports DateTime, pad, Locale",
      "src/util/format.ts: imports formatDate from src/ui/dates.ts",
    ]);
    expect(plan.unresolved).toEqual([]);
  });

  it("takes along the private declarations only the unit uses (a props type, a helper, its state), and says so; leaves one another unit uses", async () => {
    const plan = await move(
      {
        sourcePath: "src/button.ts",
        source: [
          "/** Its props. */",
          "interface ButtonProps {",
          "  label: string;",
          "}",
          "",
          "let clicks = 0;",
          "",
          "function pad(s: string): string {",
          '  return "[" + s + "]";',
          "}",
          "",
          "function count(): number {",
          "  return ++clicks;",
          "}",
          "",
          "export function Button(props: ButtonProps): string {",
          "  count();",
          "  return pad(props.label);",
          "}",
          "",
          "export function Link(label: string): string {",
          "  return pad(label);",
          "}",
          "",
        ].join("\n"),
        destPath: "src/ui/button.ts",
        dest: "",
      },
      "Button",
    );
    expect(plan.brought).toEqual(["ButtonProps", "clicks", "count"]);
    expect(plan.destination).toBe(
      [
        'import { pad } from "../button";',
        "",
        "/** Its props. */",
        "interface ButtonProps {",
        "  label: string;",
        "}",
        "",
        "let clicks = 0;",
        "",
        "function count(): number {",
        "  return ++clicks;",
        "}",
        "",
        "export function Button(props: ButtonProps): string {",
        "  count();",
        "  return pad(props.label);",
        "}",
        "",
      ].join("\n"),
    );
    // (planMove cuts the unit's lines alone: the blank line after it stays, which the agent's removal takes.)
    expect(plan.source).toBe(
      [
        "export function pad(s: string): string {",
        '  return "[" + s + "]";',
        "}",
        "",
        "",
        "export function Link(label: string): string {",
        "  return pad(label);",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("gives a new file its old file's directives: a client component stays one", async () => {
    const plan = await move(
      {
        sourcePath: "app/counter.tsx",
        source: `'use client'\n\nimport { useState } from 'react'\n\nexport function Counter() {\n  const [n] = useState(0)\n  return n\n}\n\nexport const X = 1\n`,
        destPath: "components/counter.tsx",
        dest: "",
      },
      "Counter",
      "tsx",
    );
    expect(plan.destination.startsWith("'use client'\n\nimport { useState } from 'react'\n")).toBe(
      true,
    );
    // The old file keeps its directive, set apart from its code as it was.
    expect(plan.source.startsWith("'use client'\n\nexport const X = 1")).toBe(true);
  });

  it("merges a name into the destination's import of the same module, and keeps aliases, defaults and namespaces", async () => {
    const plan = await move(
      {
        sourcePath: "src/a.ts",
        source: `import React, { useState as useLocal } from "react";\nimport * as path from "node:path";\nimport { one } from "./lib";\n\nexport function widget() {\n  return [React, useLocal, path.sep, one];\n}\n`,
        destPath: "src/b.ts",
        dest: `import { two } from './lib'\n\nexport const b = two\n`,
      },
      "widget",
    );
    expect(plan.destination).toBe(
      `import { two, one } from './lib'\nimport React, { useState as useLocal } from 'react'\nimport * as path from 'node:path'\n\nexport const b = two\n\nexport function widget() {\n  return [React, useLocal, path.sep, one];\n}\n`,
    );
    // Nothing in a.ts uses widget any more: nothing to import back, and its imports went with it.
    expect(plan.source).toBe("");
  });

  it("writes new specifiers in the style the files use (.js for NodeNext)", async () => {
    const plan = await move(
      {
        sourcePath: "src/a.ts",
        source: `import { z } from "./z.js";\n\nconst LIMIT = 3;\n\nexport function check(n: number) {\n  return z(n) < LIMIT;\n}\n\nexport const twice = LIMIT * 2;\n`,
        destPath: "src/checks/b.ts",
        dest: "",
      },
      "check",
    );
    expect(plan.destination.split("\n").slice(0, 3)).toEqual([
      'import { z } from "../z.js";',
      'import { LIMIT } from "../a.js";',
      "",
    ]);
    expect(plan.source).toContain("export const LIMIT = 3;");
  });

  it("rewrites a relative dynamic import or require in the unit for its new place", async () => {
    const plan = await move(
      {
        sourcePath: "lib/a.js",
        source: `export async function load() {\n  const m = await import("./plugins/x.js");\n  return require("./data.json") ?? m;\n}\n`,
        destPath: "lib/deep/b.js",
        dest: "",
      },
      "load",
      "javascript",
    );
    expect(plan.destination).toContain('await import("../plugins/x.js")');
    expect(plan.destination).toContain('require("../data.json")');
    expect(plan.unresolved).toEqual([]);
    expect(plan.changes).toContain(
      'lib/deep/b.js: the unit\'s own import("../plugins/x.js"), require("../data.json") name what they named from lib/a.js',
    );
  });

  it("names a file module by its name from inside the directory of the same name (table-core's src/utils.ts beside src/utils/), and a directory's index as `.`", async () => {
    const plan = await move(
      {
        sourcePath: "src/core/column.ts",
        source: `import { memo } from "../utils";\nimport { pick } from "../utils/";\n\nexport function createColumn() {\n  return pick(memo());\n}\n\nexport const other = 1;\n`,
        destPath: "src/utils/createColumn.ts",
        dest: "",
      },
      "createColumn",
    );
    expect(plan.destination).toContain('import { memo } from "../utils";');
    expect(plan.destination).toContain('import { pick } from ".";');
  });

  it("into a new file: the old file's types with inline `type`, and only the names the old file still uses kept there", async () => {
    const source = `import { createHash } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import type { Logger } from "./log";

export interface Entry {
  key: string;
}

export function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export class FileCache {
  constructor(private readonly log: Logger) {}

  async set(key: string, e: Entry): Promise<void> {
    await writeFile(key, digest(JSON.stringify(e)));
    await rename(key, \`\${key}.done\`);
  }
}

export async function load(file: string): Promise<string> {
  return readFile(file, "utf8");
}
`;
    const plan = await move(
      { sourcePath: "src/store.ts", source, destPath: "src/file-cache.ts", dest: "" },
      "FileCache",
    );
    expect(plan.destination.split("\n").slice(0, 5)).toEqual([
      'import { rename, writeFile } from "node:fs/promises";',
      'import type { Logger } from "./log";',
      'import { type Entry, digest } from "./store";',
      "",
      "export class FileCache {",
    ]);
    expect(plan.source.split("\n").slice(0, 3)).toEqual([
      'import { createHash } from "node:crypto";',
      'import { readFile } from "node:fs/promises";',
      "",
    ]);
  });
});

describe("imports in the file's own style", () => {
  it("writes a new file's imports as its source does (query-core: single quotes, no semicolons), and names an index file by its directory", async () => {
    // @tanstack/query-core's shape (MIT), trimmed.
    const source = [
      "import { noop } from '../utils'",
      "import type { QueryKey } from '../types'",
      "",
      "export const defaultScheduler = (cb: () => void) => setTimeout(cb, 0)",
      "",
      "export function createNotifyManager(key: QueryKey) {",
      "  noop()",
      "  return { key, schedule: defaultScheduler }",
      "}",
      "",
    ].join("\n");
    const plan = await move(
      { sourcePath: "src/notify/index.ts", source, destPath: "src/moved/manager.ts", dest: "" },
      "createNotifyManager",
    );
    expect(plan.destination.split("\n").slice(0, 4)).toEqual([
      "import { noop } from '../utils'",
      "import type { QueryKey } from '../types'",
      "import { defaultScheduler } from '../notify'",
      "",
    ]);
  });
});
