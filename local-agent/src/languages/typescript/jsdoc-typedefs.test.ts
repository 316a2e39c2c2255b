import { describe, expect, it } from "vitest";
import {
  carriedTypedefs,
  jsdocTypeNames,
  repointImportTypes,
  typedefsOf,
  typesBack,
} from "./jsdoc-typedefs.ts";

const SOURCE = `'use strict';

/**
 * @typedef {import('../mocha.js')} Mocha
 * @typedef {import('../types.d.ts').MochaOptions} MochaOptions
 * @typedef {Object} Params
 * @property {Mocha} mocha - the instance
 * @property {string[]} [files]
 *
 * @callback Done
 * @param {number} code
 */
`;

describe("JSDoc type definitions a moved unit names", () => {
  it("reads each @typedef and @callback with its lines, and the names in type braces", () => {
    expect([...typedefsOf(SOURCE)]).toEqual([
      ["Mocha", ["@typedef {import('../mocha.js')} Mocha"]],
      ["MochaOptions", ["@typedef {import('../types.d.ts').MochaOptions} MochaOptions"]],
      [
        "Params",
        [
          "@typedef {Object} Params",
          "@property {Mocha} mocha - the instance",
          "@property {string[]} [files]",
        ],
      ],
      ["Done", ["@callback Done", "@param {number} code"]],
    ]);
    expect([
      ...jsdocTypeNames(
        "/** {@link Other}\n * @param {Promise<Params>} p\n * @returns {Map<string, import('./x').Y>} */",
      ),
    ]).toEqual(["Promise", "Params", "Map", "string", "import"]);
  });

  it("carries what the unit names, and what that names, with specifiers for the new place; not what the new file declares", () => {
    const carried = carriedTypedefs({
      sourcePath: "/p/lib/cli/run-helpers.js",
      destPath: "/p/lib/nodejs/deep/run.js",
      sourceText: SOURCE,
      unitText: "/** @param {Params} params\n * @param {Done} done */\nexports.run = () => {};",
      destination: "const Done = require('./done');\n",
    });
    expect(carried.names).toEqual(["Params", "Mocha"]);
    expect(carried.block).toBe(
      [
        "/**",
        " * @typedef {Object} Params",
        " * @property {Mocha} mocha - the instance",
        " * @property {string[]} [files]",
        " * @typedef {import('../../mocha.js')} Mocha",
        " */",
        "",
      ].join("\n"),
    );
  });

  it("imports back as a type what the old file still names of what moved, after its requires, where nothing binds it", () => {
    const text = `'use strict';\n\nconst path = require('./path.js');\n\n/** @param {Widget} w @returns {Part} */\nfunction describe(w) {\n  return path.of(w);\n}\n`;
    const back = typesBack({
      sourcePath: "lib/widget.js",
      destPath: "lib/ui/widget.js",
      text,
      moved: ["Widget", "Gone"],
    });
    expect(back.names).toEqual(["Widget"]);
    expect(back.text).toBe(
      `'use strict';\n\nconst path = require('./path.js');\n\n/** @typedef {import('./ui/widget.js').Widget} Widget */\n\n/** @param {Widget} w @returns {Part} */\nfunction describe(w) {\n  return path.of(w);\n}\n`,
    );
    // Required back (the file uses it when it runs), or defined: nothing to add.
    for (const bound of [
      `const { Widget } = require('./ui/widget');\n${text}`,
      `/** @typedef {import('./ui/widget').Widget} Widget */\n${text}`,
      `import { Widget } from "./ui/widget.js";\n${text}`,
    ])
      expect(
        typesBack({
          sourcePath: "lib/widget.js",
          destPath: "lib/ui/widget.js",
          text: bound,
          moved: ["Widget"],
        }).names,
      ).toEqual([]);
  });

  it("points another file's import('…').Name types of what moved at the new file, in its style, and no other", () => {
    const text = `/** @typedef {import('./widget.js').Widget} Widget */\n/** @typedef {import("./widget").Part} Part */\n/** @type {import('./other.js').Widget} */\nconst x = "import('./widget.js').Widget";\n`;
    const done = repointImportTypes({
      importerPath: "lib/app.js",
      sourcePath: "lib/widget.js",
      destPath: "lib/ui/widget.js",
      text,
      moved: ["Widget"],
    });
    expect(done.count).toBe(1);
    expect(done.text).toBe(
      text.replace(
        "import('./widget.js').Widget} Widget",
        "import('./ui/widget.js').Widget} Widget",
      ),
    );
  });
});
