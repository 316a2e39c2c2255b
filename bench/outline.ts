/**
 * `npm run bench`, outline: what `read` with `outline` costs the model on the
 * token bench's files (o200k tokens of the outline as `read` shows it, over
 * the file's: target ≤ 10 %), and how long an outline of a 10,000-line file
 * takes in the agent's code, as a ratio to a floor measured in the same run:
 * one parse of the same text with nothing done to the tree (tree-sitter), or
 * the format's parser alone (data files).
 */
import { getEncoding } from "js-tiktoken";
import { outline } from "../local-agent/src/syntax/outline.ts";
import { withTree } from "../local-agent/src/syntax/parser.ts";
import { outlineHeader, renderOutline } from "../src/core/outline.ts";
import { languageOf } from "../src/shared/refs/languages.ts";
import { check, ms, table } from "./report.ts";
import * as files from "./scenario-files.ts";

const tokenizer = getEncoding("o200k_base");
const tokens = (text: string) => tokenizer.encode(text).length;
const TARGET = 0.1;

/** The bench's files by the names its scenarios give them. */
const NAMED: Record<string, string> = {
  "util.ts": files.UTIL_TS,
  "config.py": files.CONFIG_PY,
  "models.py": files.MODELS_PY,
  "http.go": files.HTTP_GO,
  "retry.go": files.RETRY_GO,
  "parser.rs": files.PARSER_RS,
  "handlers.ts": files.bigModule(),
  "Order.java": files.ORDER_JAVA,
  "service.ts": files.SERVICE_TS,
  "helpers.py": files.HELPERS_PY,
  "routes.js": files.ROUTES_JS,
  "store.ts": files.STORE_TS,
  "compose.yaml": files.COMPOSE_YAML,
  "handlers.py": files.HANDLERS_PY,
  "README.md": files.README_MD,
};

/** The outline's text as `read` of that one file shows it (src/mcp/actions/outline.ts). */
async function shown(name: string, text: string): Promise<string> {
  const lang = languageOf(name);
  if (!lang) throw new Error(`${name}: no language`);
  const o = await outline(text, lang);
  if (!o) throw new Error(`${name}: too deep`);
  const r = renderOutline(o.units);
  const counts = { folded: o.folded, cut: o.cut + r.cut };
  // One file read alone: its name is the call's, and heads the outline only past its cut.
  return [...(counts.cut ? [outlineHeader(name, counts)] : []), ...r.lines].join("\n");
}

const rows = [["file", "lines", "file tokens", "outline tokens", "share"]];
let fileTotal = 0;
let outlineTotal = 0;
let worst = { share: 0, name: "", lines: 0 };
for (const [name, text] of Object.entries(NAMED)) {
  const own = tokens(text);
  const out = tokens(await shown(name, text));
  fileTotal += own;
  outlineTotal += out;
  if (out / own > worst.share)
    worst = { share: out / own, name, lines: text.split("\n").length - 1 };
  rows.push([
    name,
    String(text.split("\n").length - 1),
    String(own),
    String(out),
    `${((out / own) * 100).toFixed(1)}%`,
  ]);
}
rows.push([
  "all",
  "",
  String(fileTotal),
  String(outlineTotal),
  `${((outlineTotal / fileTotal) * 100).toFixed(1)}%`,
]);
console.log("Outline: o200k tokens of `read` with `outline` over the file's own\n");
console.log(table(rows));

/** Median of `runs` timings of `work`. */
async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
}

/** 10,000 lines of TypeScript: classes of methods and top-level functions. */
function bigTs(): string {
  const out: string[] = [];
  for (let c = 0; out.length < 10_000; c++) {
    out.push(`/** Service ${c}. */`, `export class Service${c} {`);
    for (let m = 0; m < 8; m++)
      out.push(`  method${m}(x: number): number {`, `    return x * ${m} + ${c};`, "  }", "");
    out.push(
      "}",
      "",
      `export function helper${c}(a: string): string {`,
      "  return a.trim();",
      "}",
      "",
    );
  }
  return `${out.slice(0, 10_000).join("\n")}\n`;
}

/** 10,000 lines of YAML: services with their settings. */
function bigYaml(): string {
  const out: string[] = ["services:"];
  for (let s = 0; out.length < 10_000; s++)
    out.push(
      `  # service ${s}`,
      `  svc${s}:`,
      `    image: app:${s}`,
      "    env:",
      "      - A=1",
      "      - B=2",
      `    port: ${8000 + s}`,
    );
  return `${out.slice(0, 10_000).join("\n")}\n`;
}

const RUNS = 5;
const ts = bigTs();
const yaml = bigYaml();
const { parseAllDocuments } = await import("yaml");
const tsFloor = await median(RUNS, () => withTree(ts, "typescript", () => undefined));
const tsOutline = await median(RUNS, () => outline(ts, "typescript"));
const yamlFloor = await median(RUNS, async () => parseAllDocuments(yaml));
const yamlOutline = await median(RUNS, () => outline(yaml, "yaml"));
const count = (o: Awaited<ReturnType<typeof outline>>) =>
  o ? o.units.length + o.folded + o.cut : 0;
const tsUnits = count(await outline(ts, "typescript"));
const yamlUnits = count(await outline(yaml, "yaml"));
console.log(
  "\nOutline of a 10,000-line file (median of 5; floor: the parser alone on the same text)\n",
);
console.log(
  table([
    ["file", "units", "floor", "outline", "× floor"],
    [
      "TypeScript, 10,000 lines",
      String(tsUnits),
      ms(tsFloor),
      ms(tsOutline),
      `${(tsOutline / tsFloor).toFixed(1)}×`,
    ],
    [
      "YAML, 10,000 lines",
      String(yamlUnits),
      ms(yamlFloor),
      ms(yamlOutline),
      `${(yamlOutline / yamlFloor).toFixed(1)}×`,
    ],
  ]),
);
console.log("\nTargets:");
const all = outlineTotal / fileTotal;
check(
  all <= TARGET,
  `an outline costs ≤ 10 % of its files' tokens, over all bench files (${(all * 100).toFixed(1)}%)`,
);
// Per file the share is the larger the smaller the file (each unit costs a line): reported, not a target.
console.log(
  `  (per file: worst ${(worst.share * 100).toFixed(1)}%, ${worst.name}, ${worst.lines} lines; see the table)`,
);
