import { describe, expect, it } from "vitest";
import { carriedTypedefs, jsdocTypeNames, typedefsOf } from "../src/imports/jsdoc-typedefs.ts";

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
});
