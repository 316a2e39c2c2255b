import { describe, expect, it } from "vitest";
import { withTree } from "../../syntax/parser.ts";
import { addRequires, type CjsNeed, cjsFactsOf } from "./commonjs.ts";

const needs: CjsNeed[] = [
  { local: "a", imported: "a", specifier: "./a" },
  { local: "b", imported: "*", specifier: "./b" },
];

async function required(text: string): Promise<string> {
  const facts = await withTree(text, "javascript", (tree) => cjsFactsOf(tree, text));
  return addRequires(text, facts, needs);
}

describe("requires a move adds to a CommonJS file", () => {
  it("are declared as the file's own are (js-yaml's `var`), else with const", async () => {
    const old = await required(
      "'use strict';\n\nvar common = require('./common');\n\ncommon.x();\n",
    );
    expect(old).toContain("var { a } = require('./a');\nvar b = require('./b');\n");
    const modern = await required("'use strict';\n\nconst common = require('./common');\n");
    expect(modern).toContain("const { a } = require('./a');\nconst b = require('./b');\n");
    expect(await required("'use strict';\n\nexports.x = 1;\n")).toContain(
      "const { a } = require('./a');",
    );
  });
});
