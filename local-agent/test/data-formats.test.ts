import { describe, expect, it } from "vitest";
import {
  MAX_FLOW_DEPTH,
  MAX_JSON_STRUCTURE,
  MAX_STRUCTURE,
  TooComplex,
} from "../src/syntax/formats/format.ts";
import type { Language } from "../src/syntax/languages.ts";
import { nest, OUTLINE_UNITS, outline } from "../src/syntax/outline.ts";
import { select, syntaxError, unitsOf } from "../src/syntax/select.ts";

/** What `focus` selects in `text`: its text and lines, or the failure. */
async function focus(lang: Language, text: string, name: string) {
  const r = await select(text, { focus: name }, lang, `the ${lang} file`);
  return r.ok
    ? {
        text: text.slice(r.value.start, r.value.end),
        lines: [r.value.start_line, r.value.end_line],
        symbol: r.value.symbol,
      }
    : r.error;
}
const names = async (lang: Language, text: string) =>
  (await unitsOf(text, lang)).map((u) => u.name);

const YAML = `# deploy settings
services:
  # the public API
  api:
    image: api:1.4
    env:
      - LOG=info
      - PORT=8080   # the listener
    script: |
      # not a comment: part of the script
      run --fast
  db: {image: postgres, port: 5432}
  worker:
    image: worker:2
steps:
  - name: build
    run: make
  - name: test
    run: make test
`;

describe("focus on YAML keys", () => {
  it("names every key by its dotted path and every item by its index", async () => {
    expect(await names("yaml", YAML)).toEqual([
      "services",
      "services.api",
      "services.api.image",
      "services.api.env",
      "services.api.env.0",
      "services.api.env.1",
      "services.api.script",
      "services.db",
      "services.db.image",
      "services.db.port",
      "services.worker",
      "services.worker.image",
      "steps",
      "steps.0",
      "steps.0.name",
      "steps.0.run",
      "steps.1",
      "steps.1.name",
      "steps.1.run",
    ]);
  });

  it("takes a key's whole lines with the comment above it, as a symbol's doc comment", async () => {
    expect(await focus("yaml", YAML, "services.api")).toMatchObject({
      text: "  # the public API\n  api:\n    image: api:1.4\n    env:\n      - LOG=info\n      - PORT=8080   # the listener\n    script: |\n      # not a comment: part of the script\n      run --fast\n",
      lines: [3, 11],
      symbol: "services.api (key)",
    });
  });

  it("never takes a `#` line of a block scalar above as a comment", async () => {
    expect(await focus("yaml", YAML, "services.db")).toMatchObject({
      text: "  db: {image: postgres, port: 5432}\n",
      lines: [12, 12],
    });
  });

  it("takes an item with its `- ` and a trailing comment; a key inside a flow map is just its text", async () => {
    expect(await focus("yaml", YAML, "services.api.env.1")).toMatchObject({
      text: "      - PORT=8080   # the listener\n",
      lines: [8, 8],
    });
    expect(await focus("yaml", YAML, "steps.1")).toMatchObject({
      text: "  - name: test\n    run: make test\n",
      lines: [18, 19],
    });
    expect(await focus("yaml", YAML, "services.db.port")).toMatchObject({ text: "port: 5432" });
  });

  it("finds a unique last part, lists the candidates of an ambiguous one, and names near misses", async () => {
    expect(await focus("yaml", YAML, "env")).toMatchObject({ lines: [6, 8] });
    const ambiguous = await focus("yaml", YAML, "image");
    expect(ambiguous).toMatchObject({ code: "SYMBOL_AMBIGUOUS" });
    if ("message" in ambiguous) {
      expect(ambiguous.message).toContain("services.api.image (key, line 5)");
      expect(ambiguous.message).toContain("services.worker.image (key, line 14)");
    }
    const near = await focus("yaml", YAML, "servics.worker");
    expect(near).toMatchObject({ code: "SYMBOL_NOT_FOUND" });
    if ("message" in near) expect(near.message).toContain("Nearest: services.worker");
  });

  it("reads every document of a multi-document file", async () => {
    const text =
      "kind: Service\nmetadata:\n  name: a\n---\nkind: Deployment\nspec:\n  replicas: 2\n";
    expect(await focus("yaml", text, "spec.replicas")).toMatchObject({
      text: "  replicas: 2\n",
      lines: [7, 7],
    });
    expect(await focus("yaml", text, "kind")).toMatchObject({ code: "SYMBOL_AMBIGUOUS" });
  });

  it("finds the first syntax error's line, and none in a clean file", async () => {
    expect(await syntaxError(YAML, "yaml")).toBeUndefined();
    expect(await syntaxError("a: 1\nb: [1,\n  2\nc: 3\n", "yaml")).toBeGreaterThanOrEqual(2);
    // The mapping `a:` goes wrong where it starts: its value runs onto an indented line.
    expect(await syntaxError("a: 1\n b: 2\n", "yaml")).toBe(1);
  });
});

const JSON_TEXT = `{
  // compiler settings
  "compilerOptions": {
    "strict": true,
    "paths": { "@/*": ["src/*"] }
  },
  "files": [
    "a.ts",
    "b.ts"
  ],
  "name": "x.y"
}
`;

describe("focus on JSON keys", () => {
  it("takes a property's whole lines with its comma and the comment above it", async () => {
    expect(await focus("json", JSON_TEXT, "compilerOptions")).toMatchObject({
      text: '  // compiler settings\n  "compilerOptions": {\n    "strict": true,\n    "paths": { "@/*": ["src/*"] }\n  },\n',
      lines: [2, 6],
    });
    expect(await focus("json", JSON_TEXT, "files.1")).toMatchObject({
      text: '    "b.ts"\n',
      lines: [9, 9],
    });
    expect(await focus("json", JSON_TEXT, "compilerOptions.paths.@/*.0")).toMatchObject({
      text: '"src/*"',
      lines: [5, 5],
    });
  });

  it("matches a key holding a dot by its whole name", async () => {
    expect(await focus("json", JSON_TEXT, "name")).toMatchObject({ text: '  "name": "x.y"\n' });
  });

  it("allows comments but not a trailing comma", async () => {
    expect(await syntaxError(JSON_TEXT, "json")).toBeUndefined();
    expect(await syntaxError('{\n  "a": 1,\n}\n', "json")).toBe(3);
    expect(await syntaxError('{\n  "a": 1\n  "b": 2\n}\n', "json")).toBe(3);
  });
});

const TOML = `title = "edgeclip"
tool.name = "x"

# the server
[server]
host = "127.0.0.1" # loopback only
ports = [8787, 8788]
limits = { body = 10, pages = 3 }

[[bin]]
name = "one"

[[bin]]
name = "two"
path = "b"
`;

describe("focus on TOML keys and tables", () => {
  it("names tables, keys, dotted keys, inline tables, array elements and array tables", async () => {
    expect(await names("toml", TOML)).toEqual([
      "title",
      "tool.name",
      "server",
      "server.host",
      "server.ports",
      "server.ports.0",
      "server.ports.1",
      "server.limits",
      "server.limits.body",
      "server.limits.pages",
      "bin.0",
      "bin.0.name",
      "bin.1",
      "bin.1.name",
      "bin.1.path",
    ]);
  });

  it("takes a table from its comment and header to its last key; a key with its trailing comment", async () => {
    expect(await focus("toml", TOML, "server")).toMatchObject({
      text: '# the server\n[server]\nhost = "127.0.0.1" # loopback only\nports = [8787, 8788]\nlimits = { body = 10, pages = 3 }\n',
      lines: [4, 8],
      symbol: "server (table)",
    });
    expect(await focus("toml", TOML, "host")).toMatchObject({
      text: 'host = "127.0.0.1" # loopback only\n',
      lines: [6, 6],
    });
    expect(await focus("toml", TOML, "bin.1")).toMatchObject({
      text: '[[bin]]\nname = "two"\npath = "b"\n',
      lines: [13, 15],
    });
    expect(await focus("toml", TOML, "server.limits.pages")).toMatchObject({ text: "pages = 3" });
  });

  it("finds the first syntax error's line", async () => {
    expect(await syntaxError(TOML, "toml")).toBeUndefined();
    expect(await syntaxError("a = 1\nb = [1,\n", "toml")).toBe(3);
    expect(await syntaxError("a = 1\na = 2\n", "toml")).toBe(2);
  });
});

const MARKDOWN = `---
title: not a heading
---
# edgeclip

Intro.

## Usage

### Install

Run it:

\`\`\`sh
# not a heading either
npm install
\`\`\`

### Options

Flags.

## API

### Options

More.


Setext title
------------

Last.
`;

describe("focus on Markdown sections", () => {
  it("names sections under their parents' headings, skipping front matter and code fences", async () => {
    expect(await names("markdown", MARKDOWN)).toEqual([
      "edgeclip",
      "edgeclip.Usage",
      "edgeclip.Usage.Install",
      "edgeclip.Usage.Options",
      "edgeclip.API",
      "edgeclip.API.Options",
      "edgeclip.Setext title",
    ]);
  });

  it("takes a section up to the next heading of its level or higher, without trailing blank lines", async () => {
    expect(await focus("markdown", MARKDOWN, "Install")).toMatchObject({
      text: "### Install\n\nRun it:\n\n```sh\n# not a heading either\nnpm install\n```\n",
      lines: [10, 17],
      symbol: "edgeclip.Usage.Install (section)",
    });
    expect(await focus("markdown", MARKDOWN, "Usage")).toMatchObject({ lines: [8, 21] });
    expect(await focus("markdown", MARKDOWN, "API")).toMatchObject({ lines: [23, 27] });
    expect(await focus("markdown", MARKDOWN, "Setext title")).toMatchObject({ lines: [30, 33] });
  });

  it("asks which of two sections of one name, and qualifies by the parent", async () => {
    expect(await focus("markdown", MARKDOWN, "Options")).toMatchObject({
      code: "SYMBOL_AMBIGUOUS",
    });
    expect(await focus("markdown", MARKDOWN, "API.Options")).toMatchObject({
      text: "### Options\n\nMore.\n",
    });
  });

  it("has no syntax errors", async () => {
    expect(await syntaxError("# a\n```\nunclosed", "markdown")).toBeUndefined();
  });
});

describe("hostile data files", () => {
  it("answer focus and the syntax check on 100,000 nested brackets at once, without a crash", async () => {
    const deep = "[".repeat(100_000);
    for (const [lang, text] of [
      ["json", deep],
      ["yaml", `a: ${deep}`],
      ["toml", `a = ${deep}`],
    ] as const) {
      // YAML's and TOML's parsers are quadratic in the nesting: the depth is checked first.
      expect(await focus(lang, text, "a.0.0")).toMatchObject({
        code: "SYMBOL_NOT_FOUND",
        message: expect.stringContaining("nests too deeply"),
      });
      expect(await syntaxError(text, lang)).toBe(1);
    }
    // Up to MAX_FLOW_DEPTH they parse; brackets in strings and comments do not count.
    const nested = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
    expect(await focus("yaml", `a: ${nested(MAX_FLOW_DEPTH)}`, "a.0.0")).toMatchObject({
      symbol: "a.0.0 (item)",
    });
    expect(await syntaxError(`a = ${nested(MAX_FLOW_DEPTH)}\n`, "toml")).toBeUndefined();
    const quoted = `a: "${"[".repeat(5_000)}" # ${"{".repeat(5_000)}\nb: '${"[".repeat(5_000)}'\n`;
    expect(await syntaxError(quoted, "yaml")).toBeUndefined();
    expect(await syntaxError(`a: ${nested(MAX_FLOW_DEPTH + 1)}`, "yaml")).toBe(1);
    // jsonc-parser recurses: past the stack, the file is named as too deep.
    expect(await focus("json", deep, "0")).toMatchObject({
      code: "SYMBOL_NOT_FOUND",
      message: expect.stringContaining("nests too deeply"),
    });
  });

  it("name keys only to a depth of 64", async () => {
    const text = `${"[".repeat(100)}${"]".repeat(100)}`;
    const units = await unitsOf(text, "json");
    expect(units.length).toBe(64);
    expect(units.at(-1)?.name.split(".").length).toBe(64);
  });
});

describe("outline", () => {
  it("nests units by containment, each named within its parent", async () => {
    const units = nest(await unitsOf(YAML, "yaml"));
    expect(units.slice(0, 4)).toEqual([
      { name: "services", kind: "key", start_line: 2, end_line: 14, depth: 0 },
      { name: "api", kind: "key", start_line: 3, end_line: 11, depth: 1 },
      { name: "image", kind: "key", start_line: 5, end_line: 5, depth: 2 },
      { name: "env", kind: "key", start_line: 6, end_line: 8, depth: 2 },
    ]);
    const md = nest(await unitsOf(MARKDOWN, "markdown"));
    expect(md.map((u) => `${u.depth} ${u.name}`)).toEqual([
      "0 edgeclip",
      "1 Usage",
      "2 Install",
      "2 Options",
      "1 API",
      "2 Options",
      "1 Setext title",
    ]);
  });

  it("outlines code: classes with their methods, one declaration of two names as siblings", async () => {
    const text =
      "/** A store. */\nexport class Store {\n  load() {\n    return 1;\n  }\n}\n\nexport const a = 1,\n  b = 2;\n";
    expect(await outline(text, "typescript")).toEqual({
      units: [
        { name: "Store", kind: "class", start_line: 1, end_line: 6, depth: 0 },
        { name: "load", kind: "method", start_line: 3, end_line: 5, depth: 1 },
        { name: "a", kind: "variable", start_line: 8, end_line: 9, depth: 0 },
        { name: "b", kind: "variable", start_line: 8, end_line: 9, depth: 0 },
      ],
      folded: 0,
      cut: 0,
    });
  });

  it("counts one-line units inside others, and a data file's keys from the third level down, instead of listing them; sends at most 5,000", async () => {
    const yaml = await outline(YAML, "yaml");
    // `env` and `script` (under services.api) are counted now, as `db` (one line) was.
    expect(yaml?.units.map((u) => u.name)).toEqual([
      "services",
      "api",
      "worker",
      "steps",
      "0",
      "1",
    ]);
    expect(yaml?.folded).toBe(13);
    // Markdown's sections are not a data file's keys: every level is listed.
    const md = await outline("# A\n\n## B\n\n### C\n\ntext\n\n#### D\n\nmore\n", "markdown");
    expect(md?.units.map((u) => [u.name, u.depth])).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 2],
      ["D", 3],
    ]);
    const many = Array.from({ length: 6_000 }, (_, i) => `def f${i}():\n    return ${i}\n`).join(
      "\n",
    );
    const big = await outline(many, "python");
    expect(big?.units).toHaveLength(OUTLINE_UNITS);
    expect(big?.cut).toBe(1_000);
  });
});

describe("large data files", () => {
  it("make at most 100,000 units, the first in the file's order", async () => {
    const items = Array.from({ length: 150_000 }, (_, i) => i).join(",");
    const units = await unitsOf(`{"data": [${items}]}`, "json");
    expect(units).toHaveLength(100_000);
    expect(units.at(-1)?.name).toBe("data.99998");
    const headings = await unitsOf("# h\n".repeat(120_000), "markdown");
    expect(headings).toHaveLength(100_000);
  });
});

describe("hostile data files (issue 27 §6)", () => {
  it("parse 64,000 distinct YAML keys, and still find a duplicate key, linearly", async () => {
    // 0.6.0: the parser compared each key with every earlier one (30 s for 614 KiB).
    const keys = Array.from({ length: 64_000 }, (_, i) => `key${i}: ${i}`).join("\n");
    expect(await unitsOf(keys, "yaml")).toHaveLength(64_000);
    expect(await syntaxError(`${keys}\n`, "yaml")).toBeUndefined();
    expect(await syntaxError(`${keys}\nkey17: again\n`, "yaml")).toBe(64_001);
    expect(await syntaxError("a: 1\nb:\n  c: 1\n  c: 2\nd: 1\n", "yaml")).toBe(4);
    // Keys of different types are different keys, as the parser's own check has it.
    expect(await syntaxError("1: a\n'1': b\n", "yaml")).toBeUndefined();
  });

  it("refuse, before parsing, a text with more lines, separators or key parts than its parser can hold", async () => {
    const cases: [Language, string, RegExp][] = [
      ["yaml", "k: 1\n".repeat(MAX_STRUCTURE + 1), /YAML text has more than 150,000 lines/],
      ["yaml", `[${"1,".repeat(MAX_STRUCTURE + 1)}1]`, /YAML text/],
      // One dotted key of a million parts (1.9 MiB): 0.6.0's parser took 30 s and 1 GB.
      ["toml", `${"a.".repeat(1_000_000)}a = 1\n`, /TOML text has more than 150,000/],
      ["json", `[${"1,".repeat(MAX_JSON_STRUCTURE + 1)}1]`, /JSON text has more than 600,000/],
      ["markdown", "# h\n".repeat(MAX_STRUCTURE + 1), /Markdown text has more than 150,000 lines/],
    ];
    for (const [lang, text, message] of cases) {
      await expect(unitsOf(text, lang), lang).rejects.toThrow(TooComplex);
      await expect(unitsOf(text, lang), lang).rejects.toThrow(message);
    }
    // Inside quotes and comments, separators do not count.
    const quoted = `a: "${",".repeat(MAX_STRUCTURE + 1)}" # ${".".repeat(MAX_STRUCTURE)}\n`;
    expect(await names("yaml", quoted)).toEqual(["a"]);
    // (toml-eslint-parser overflows its stack on a 150,000-character string: a comment instead.)
    const keys = Array.from({ length: 800 }, (_, i) => `k${i} = "${".,".repeat(100)}"`);
    const commented = `${keys.join("\n")}\nz = 1 # ${".,".repeat(MAX_STRUCTURE)}\n`;
    expect(await names("toml", commented)).toHaveLength(801);
  });
});
