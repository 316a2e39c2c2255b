/**
 * `npm run bench`, importers: what a `move` costs in the local agent when its
 * importers follow it (DESIGN.md §3), on a 5,000-file TypeScript tree: 100
 * files import the moved class, 900 more import other names from its module
 * (found by name, read under the locks, not parsed), 4,000 are unrelated, and
 * a node_modules of 2,000 more is skipped. Times are medians, as ratios to
 * floors measured in the same run: reading every file of the tree once, and
 * the same move with no other file under the root.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopLanes } from "../local-agent/src/compute/offload.ts";
import { applyOp, readOp, type Workspace } from "../local-agent/src/file-ops.ts";
import { Journal } from "../local-agent/src/journal.ts";
import { PathLocks } from "../local-agent/src/locks.ts";
import { DEFAULT_DENY } from "../local-agent/src/paths.ts";
import { walkRoots } from "../local-agent/src/tree-walk.ts";
import type { Edit } from "../src/shared/bridge/protocol.ts";
import { writeTexts } from "./real/tree.ts";
import { check, ms, table } from "./report.ts";

const FILES = 5_000;
const IMPORTERS = 100;
const NAMERS = 900;
const RUNS = 5;
/** The bar: a move whose importers follow it costs at most this many moves alone. */
const MAX_OVER_ALONE = 50;

const STORE_TS = `import { Money } from "../money/money";

/** A shopping cart. */
export class Cart {
  lines: { sku: string; price: Money }[] = [];

  total(): Money {
    return this.lines.reduce((sum, l) => sum.add(l.price), Money.zero());
  }
}

export function loadStore(): Map<string, Cart> {
  return new Map();
}
`;

/** The tree as files (root-relative path → text): dirs d0…d49 of 100 files, and the store. */
function treeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  files.set("src/core/store.ts", STORE_TS);
  files.set(
    "src/money/money.ts",
    "export class Money {\n  static zero() { return new Money(); }\n  add(_: Money) { return this; }\n}\n",
  );
  for (let i = 0; files.size < FILES; i++) {
    const dir = `src/features/d${i % 50}`;
    const name = `${dir}/f${i}.ts`;
    const body = `export function f${i}(x: number): number {\n  return x * ${i};\n}\n`;
    if (i < IMPORTERS)
      files.set(
        name,
        `import { Cart, loadStore } from "../../core/store";\n\n${body}\nexport const c${i} = new Cart();\nloadStore();\n`,
      );
    else if (i < IMPORTERS + NAMERS)
      files.set(name, `import { loadStore } from "../../core/store";\n\n${body}\nloadStore();\n`);
    else files.set(name, body);
  }
  for (let i = 0; i < 2_000; i++)
    files.set(
      `node_modules/pkg${i % 20}/m${i}.ts`,
      'import { Cart } from "../../src/core/store";\n',
    );
  return files;
}

function workspace(root: string, base: string): Workspace {
  return {
    sandbox: { roots: [root], deny: [...DEFAULT_DENY] },
    readOnly: false,
    journal: new Journal(path.join(base, "journal"), "http://bench"),
    locks: new PathLocks(),
  };
}

let op = 0;
/** The move of `Cart` into src/cart/cart.ts, as the edge asks it; returns how many files it changed. */
async function moveCart(ws: Workspace): Promise<number> {
  const read = await readOp(ws, { path: "src/core/store.ts", select: { focus: "Cart" } });
  if (!read.ok) throw new Error(read.error.message);
  const r = await applyOp(ws, {
    context: { session: "bench", op: ++op },
    dry_run: false,
    syntax_guard: "refuse",
    texts: ["", read.value.text],
    edits: [
      {
        kind: "paste",
        path: "src/core/store.ts",
        mode: "replace_lines",
        text: 0,
        select: { focus: "Cart" },
      },
      { kind: "paste", path: "src/cart/cart.ts", mode: "append", text: 1, create_if_missing: true },
    ] as Edit[],
    carry_imports: { from: 0, to: 1 },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.result.results.length;
}

/** Median of `RUNS` timings of `work`, each after an untimed `reset`. */
async function median(work: () => Promise<unknown>, reset: () => void): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    reset();
    const start = performance.now();
    await work();
    if (i > 0) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
}

const base = mkdtempSync(path.join(tmpdir(), "edgeclip-bench-importers-"));
try {
  const files = treeFiles();
  const big = path.join(base, "big");
  const small = path.join(base, "small");
  writeTexts(big, files);
  const alone = new Map(
    [...files].filter(([name]) => name.startsWith("src/core/") || name.startsWith("src/money/")),
  );
  writeTexts(small, alone);
  // Each run starts from the tree as generated: the files a move changes are written back.
  const changed = [...files].filter(
    ([name, text]) => name.startsWith("src/core/") || text.includes("Cart"),
  );
  const reset = (root: string, set: [string, string][]) => () => {
    rmSync(path.join(root, "src/cart"), { recursive: true, force: true });
    writeTexts(root, new Map(set));
  };
  const bigWs = workspace(big, path.join(base, "j-big"));
  const smallWs = workspace(small, path.join(base, "j-small"));
  const sources = [...files.keys()].filter((n) => !n.startsWith("node_modules"));

  // The fastest way to read them all here: one by one, synchronously.
  const readAll = await median(
    async () => sources.map((n) => readFileSync(path.join(big, n), "utf8")),
    () => undefined,
  );
  const lone = await median(() => moveCart(smallWs), reset(small, [...alone]));
  const walk = await median(
    () =>
      walkRoots(bigWs.sandbox, {
        accept: (n) => n.endsWith(".ts"),
        needles: ["store"],
        maxFiles: 20_000,
      }),
    () => undefined,
  );
  let results = 0;
  const full = await median(
    async () => {
      results = await moveCart(bigWs);
    },
    reset(big, changed),
  );
  const sample = readFileSync(path.join(big, "src/features/d0/f0.ts"), "utf8");
  const rewritten = sample.includes('from "../../cart/cart"');
  const rest = readdirSync(path.join(big, "node_modules/pkg0")).length;

  console.log(
    `\nImporters: a move in a ${FILES.toLocaleString("en")}-file TypeScript tree (${IMPORTERS} importers of the unit, ${NAMERS} more naming its module; node_modules skipped), median of ${RUNS}\n`,
  );
  console.log(
    table([
      ["", "time", "×read every file", "×move alone"],
      ["read every file once (floor)", ms(readAll), "1.0×", ""],
      ["the move, no other file (floor)", ms(lone), "", "1.0×"],
      ["walk for importers", ms(walk), `${(walk / readAll).toFixed(1)}×`, ""],
      [
        `the move, ${results - 2} importers rewritten`,
        ms(full),
        `${(full / readAll).toFixed(1)}×`,
        `${(full / lone).toFixed(1)}×`,
      ],
    ]),
  );
  console.log(`\n(${rest} files in one node_modules package, not read)`);
  check(
    full / lone <= MAX_OVER_ALONE,
    `the move with ${IMPORTERS} importers ≤ ${MAX_OVER_ALONE}× the move alone (issue 26): ${(full / lone).toFixed(1)}×`,
  );
  check(
    results - 2 === IMPORTERS && rewritten,
    `every importer rewritten (${results - 2} of ${IMPORTERS}) and the first one points at the new file`,
  );
} finally {
  await stopLanes();
  rmSync(base, { recursive: true, force: true });
}
