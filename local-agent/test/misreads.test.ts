import { describe, expect, it } from "vitest";
import type { CodeLanguage } from "../src/syntax/languages.ts";
import { maskMisreads } from "../src/syntax/misreads.ts";
import { select, syntaxFaults } from "../src/syntax/select.ts";

/**
 * What the TypeScript grammar misreads (syntax/misreads.ts), each in the
 * shape it was found in on a real project (trimmed; the projects' licences:
 * rxjs Apache-2.0, mobx MIT, zod MIT, @tanstack/router-core MIT, effect MIT).
 */
const MISREAD: [string, CodeLanguage, string][] = [
  [
    "a barrel's type-only star re-export (zod)",
    "typescript",
    'export type * from "./types";\nexport type * as schemas from "./schemas";\n',
  ],
  [
    "auto-accessors (decorators, 2022.3)",
    "typescript",
    "class A {\n  static accessor count = 0\n  abstract accessor name: string\n  private accessor #x = 1\n}\n",
  ],
  [
    "variance annotations, with defaults and comments (zod, router-core)",
    "typescript",
    [
      "export interface $ZodCheck<in T = never> {",
      "  _zod: T;",
      "}",
      "export interface ZodObject<",
      "  /** @ts-ignore Cast variance */",
      "  out Shape extends Record<string, unknown> = {},",
      "  out Config = unknown,",
      "> {}",
      "type Route<in out TParams, in out TSearch> = [TParams, TSearch];",
      "",
    ].join("\n"),
  ],
  [
    "an import type with type arguments",
    "typescript",
    'let y: import("./a").B<string>;\ntype Z = Foo<import("./a").B.C<string>>;\n',
  ],
  [
    "a function type's parameter named like a type (mobx)",
    "typescript",
    "declare const hook: { injectMobx: (any) => void }\n",
  ],
  [
    "generic call signatures on lines of their own, without semicolons (mobx, effect)",
    "typescript",
    [
      "export interface IActionFactory extends Annotation {",
      "  // nameless actions",
      "  <T extends Function | undefined | null>(fn: T): T",
      "  // named actions",
      "  <T extends Function | undefined | null>(name: string, fn: T): T",
      "  /**",
      "   * A documented one.",
      "   */",
      "  <",
      "    E,",
      "    R,",
      "  >(e: E): R",
      "  bound: Annotation",
      "}",
      "",
    ].join("\n"),
  ],
];

/** Valid code that looks like a misread and must be left as it is. */
const LOOKALIKES: [string, CodeLanguage, string][] = [
  [
    "curried generic arrow functions (effect)",
    "typescript",
    "const mapReasons =\n  <E, E2>(f: (e: E) => E2) =>\n  <A, R>(self: A): R =>\n    f(self as never) as R\n",
  ],
  [
    "`in` and `out` as names and operators",
    "typescript",
    "for (const key in obj) out(key, 'in');\nconst out = 1, inside = out < 2;\n",
  ],
  [
    "a dynamic import used as a value",
    "typescript",
    'const m = await import("./a");\nimport("./b").then((x) => x);\n',
  ],
  ["JSX opening a line", "tsx", "const a = (\n  <div>\n    <Foo<string> x={1} />\n  </div>\n);\n"],
  [
    "`accessor` as a name",
    "javascript",
    "let accessor = 1;\naccessor += 2;\nobj.accessor(accessor);\n",
  ],
];

describe("constructs the grammar misreads", () => {
  for (const [what, lang, text] of MISREAD)
    it(`parses ${what} cleanly, with every offset kept`, async () => {
      expect(await syntaxFaults(text, lang)).toEqual([]);
      const masked = maskMisreads(text, lang);
      expect(masked.length).toBe(text.length);
      expect(masked.split("\n").map((l) => l.length)).toEqual(
        text.split("\n").map((l) => l.length),
      );
    });

  for (const [what, lang, text] of LOOKALIKES)
    it(`leaves ${what} as it is`, async () => {
      expect(maskMisreads(text, lang)).toBe(text);
      expect(await syntaxFaults(text, lang)).toEqual([]);
    });

  it("finds what follows a misread: mobx's action.ts, past its call signatures", async () => {
    const text = `${MISREAD[5]?.[2]}export const autoAction: IActionFactory = createActionFactory(true)\n`;
    const found = await select(text, { focus: "autoAction" }, "typescript", "action.ts");
    expect(found).toMatchObject({ ok: true, value: { start_line: 15, end_line: 15 } });
    if (found.ok)
      expect(text.slice(found.value.start, found.value.end)).toContain("createActionFactory(true)");
  });

  it("names a symbol by the file's own text where a mask stands", async () => {
    const text = "export function any<in T>(x: T) {}\n";
    const found = await select(text, { focus: "any" }, "typescript", "a.ts");
    expect(found.ok && text.slice(found.value.start, found.value.end)).toBe(text);
  });
});
