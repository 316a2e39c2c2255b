import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as TreeSitter from "@vscode/tree-sitter-wasm";
import type { SyntaxFault } from "./faults.ts";
import type { CodeLanguage } from "./languages.ts";
import { maskMisreads } from "./misreads.ts";

/**
 * web-tree-sitter and its grammars, loaded on first use (an agent that never
 * parses never pays for them). The packed agent carries the WebAssembly files
 * in `dist/grammars/` (scripts/build-agent.ts copies them); from source they
 * come from node_modules.
 */
export type Tree = TreeSitter.Tree;
export type Node = TreeSitter.Node;

function wasmDir(): string {
  const bundled = fileURLToPath(new URL("./grammars/", import.meta.url));
  if (existsSync(path.join(bundled, "tree-sitter.wasm"))) return bundled;
  const resolve = createRequire(import.meta.url).resolve;
  return path.join(path.dirname(resolve("@vscode/tree-sitter-wasm/package.json")), "wasm");
}

let runtime: Promise<typeof TreeSitter> | undefined;
const languages = new Map<CodeLanguage, Promise<TreeSitter.Language>>();

function loadRuntime(): Promise<typeof TreeSitter> {
  runtime ??= (async () => {
    const dir = wasmDir();
    const loaded = (await import("@vscode/tree-sitter-wasm")) as typeof TreeSitter & {
      default?: typeof TreeSitter;
    };
    const ts = loaded.default ?? loaded;
    await ts.Parser.init({ locateFile: (file: string) => path.join(dir, file) });
    return ts;
  })();
  return runtime;
}

async function grammar(lang: CodeLanguage): Promise<TreeSitter.Language> {
  let loaded = languages.get(lang);
  if (!loaded) {
    loaded = loadRuntime().then((ts) =>
      ts.Language.load(readFileSync(path.join(wasmDir(), `tree-sitter-${lang}.wasm`))),
    );
    languages.set(lang, loaded);
  }
  return loaded;
}

/**
 * Parses `text` as `lang` and gives the tree to `use`; the tree lives in
 * WebAssembly memory and is freed when `use` returns. What the grammar
 * misreads is masked first (misreads.ts): offsets and lines are the text's
 * own, and so is a node's text but where a mask stands.
 */
export async function withTree<T>(
  text: string,
  lang: CodeLanguage,
  use: (tree: Tree) => T,
): Promise<T> {
  const key = `${lang}\0${text}`;
  const kept = TREES.get(key);
  if (kept) {
    TREES.delete(key);
    TREES.set(key, kept);
    forgetSoon();
    return use(kept);
  }
  const ts = await loadRuntime();
  const parser = new ts.Parser();
  let tree: Tree | null = null;
  try {
    parser.setLanguage(await grammar(lang));
    tree = parser.parse(chunked(maskMisreads(text, lang)));
  } finally {
    parser.delete();
  }
  if (!tree) throw new Error(`tree-sitter could not parse the ${lang} text`);
  if (text.length > MAX_KEPT_TEXT) {
    try {
      return use(tree);
    } finally {
      tree.delete();
    }
  }
  // Kept before `use` runs: the tree is the cache's to free, whatever `use` does.
  TREES.set(key, tree);
  while (TREES.size > MAX_TREES) {
    const [oldest, old] = TREES.entries().next().value ?? [];
    if (oldest === undefined) break;
    TREES.delete(oldest);
    old?.delete();
  }
  forgetSoon();
  return use(tree);
}

/**
 * The last few trees parsed, by language and text: a move parses the same
 * texts over and over (its planner's passes, its dry run's twin, the
 * importers' checks), a large module's parse tens of milliseconds each time.
 * Trees of texts up to MAX_KEPT_TEXT are kept, MAX_TREES at most, and freed
 * FORGET_MS after the last parse; a tree's nodes are valid only inside `use`
 * all the same (an eviction frees it).
 */
const TREES = new Map<string, Tree>();
const MAX_TREES = 4;
const MAX_KEPT_TEXT = 512_000;
const FORGET_MS = 5_000;
let forgetting: ReturnType<typeof setTimeout> | undefined;

function forgetSoon(): void {
  if (forgetting) clearTimeout(forgetting);
  forgetting = setTimeout(() => {
    forgetting = undefined;
    for (const tree of TREES.values()) tree.delete();
    TREES.clear();
  }, FORGET_MS);
  forgetting.unref?.();
}

/**
 * The parser's input, a piece at a time, never ending between the two
 * halves of a character outside the Basic Multilingual Plane: web-tree-sitter
 * copies what it is given into a buffer of 5,119 UTF-16 units, and a pair
 * split at that edge reads as an error far from any edit (regex-syntax's
 * unicode tables, `'𝋠'`, after a line was added above it).
 */
const PIECE = 4096;
function chunked(text: string): (index: number) => string {
  return (index) => {
    if (index >= text.length) return "";
    let end = Math.min(text.length, index + PIECE);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end++;
    return text.slice(index, end);
  };
}

/** How many of a file's faults are listed: past this many, the rest compare as one. */
const MAX_FAULTS = 200;

/**
 * Every syntax error of `tree`, in source order: each ERROR node (its text,
 * not what it holds) and each node the parser had to make up (`MISSING ;`,
 * with its line's text). Texts are whitespace-collapsed and cut at 200
 * characters: they name a fault wherever an edit elsewhere moved it.
 */
export function syntaxFaults(tree: Tree): SyntaxFault[] {
  const out: SyntaxFault[] = [];
  if (!tree.rootNode.hasError) return out;
  const source = tree.rootNode.text;
  const squeeze = (t: string) => t.replace(/\s+/g, " ").trim().slice(0, 200);
  const walk = (node: Node) => {
    if (out.length >= MAX_FAULTS) return;
    if (node.type === "ERROR" || node.isMissing) {
      const line = node.startPosition.row + 1;
      const start = source.lastIndexOf("\n", node.startIndex - 1) + 1;
      const end = source.indexOf("\n", node.startIndex);
      const context = source.slice(start, end === -1 ? source.length : end);
      out.push({
        line,
        text: node.isMissing
          ? `missing ${node.type} in ${squeeze(context)}`
          : `${squeeze(node.text)} in ${squeeze(context)}`,
      });
      return;
    }
    if (!node.hasError) return;
    for (const child of node.children) if (child) walk(child);
  };
  walk(tree.rootNode);
  return out;
}

/** The 1-based line of the first syntax error in `tree`, or `undefined` when it parses cleanly. */
export function firstError(tree: Tree): number | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const walk = (node: Node): number | undefined => {
    if (node.type === "ERROR" || node.isMissing) return node.startPosition.row + 1;
    if (!node.hasError) return undefined;
    for (const child of node.children) {
      if (!child) continue;
      const found = walk(child);
      if (found !== undefined) return found;
    }
    return node.startPosition.row + 1;
  };
  return walk(tree.rootNode);
}

/**
 * What the language's own front end refuses in a file's outline that the
 * grammar accepts: a Go file with declarations and no package clause first
 * (tree-sitter's Go grammar parses one; `go build` does not). The fault is on
 * the first declaration's line.
 */
export function outlineFault(tree: Tree, lang: CodeLanguage): SyntaxFault | undefined {
  if (lang !== "go") return undefined;
  const first = tree.rootNode.namedChildren.find((c) => c !== null && c.type !== "comment");
  if (!first || first.type === "package_clause") return undefined;
  const line = first.startPosition.row + 1;
  const text = (first.text.split("\n")[0] ?? "").trim().slice(0, 200);
  return { line, text: `missing package clause before ${text}` };
}
