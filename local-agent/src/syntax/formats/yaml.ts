import { isMap, isPair, isScalar, isSeq, type Node, parseAllDocuments } from "yaml";
import { Lines } from "../../../../src/shared/core/lines.ts";
import { dataSpan } from "../spans.ts";
import type { SymbolUnit } from "../symbols.ts";
import { checkShape, type DataFormat, MAX_DEPTH, MAX_UNITS } from "./format.ts";

const COMMENTS = { prefixes: ["#"] };
const SHAPE = { format: "YAML" };
/**
 * The parser's own duplicate-key check compares each key with every earlier
 * one of its map (64,000 keys: 30 s); `firstDuplicateKey` does it linearly.
 */
const OPTIONS = { uniqueKeys: false } as const;

/**
 * YAML through `yaml` (eemeli/yaml), which gives every node its source range:
 * each mapping key is a unit named by its dotted path (`services.api.env`),
 * each sequence item by its index (`steps.0`), over every document of a
 * multi-document file.
 */
export const yaml: DataFormat = {
  units(text) {
    checkShape(text, SHAPE);
    const lines = new Lines(text);
    const out: SymbolUnit[] = [];
    const visit = (node: unknown, prefix: string, floor: number, depth: number) => {
      if (depth > MAX_DEPTH) return;
      if (isMap(node)) {
        let previousEnd = floor;
        for (const pair of node.items) {
          if (out.length >= MAX_UNITS) return;
          if (!isPair(pair)) continue;
          const key = pair.key as Node | null;
          const value = pair.value as Node | null;
          const keyRange = key?.range;
          if (!isScalar(key) || !keyRange) continue;
          const name = `${prefix}${String(key.value)}`;
          const end = value?.range?.[1] ?? keyRange[1];
          out.push({
            name,
            kind: "key",
            ...dataSpan(lines, keyRange[0], end, previousEnd, COMMENTS),
          });
          visit(value, `${name}.`, keyRange[1], depth + 1);
          previousEnd = end;
        }
      } else if (isSeq(node)) {
        let previousEnd = floor;
        for (const [i, item] of node.items.entries()) {
          if (out.length >= MAX_UNITS) return;
          const range = (item as Node | null)?.range;
          if (!range) continue;
          const name = `${prefix}${i}`;
          out.push({
            name,
            kind: "item",
            ...dataSpan(
              lines,
              itemStart(text, range[0], node.flow === true),
              range[1],
              previousEnd,
              COMMENTS,
            ),
          });
          visit(item, `${name}.`, range[0], depth + 1);
          previousEnd = range[1];
        }
      }
    };
    // Comment lines above a document's first key belong to that key, as a doc comment does.
    for (const doc of parseAllDocuments(text, OPTIONS)) visit(doc.contents, "", doc.range[0], 1);
    return out;
  },
  firstError(text) {
    checkShape(text, SHAPE);
    const lines = new Lines(text);
    for (const doc of parseAllDocuments(text, OPTIONS)) {
      const error = doc.errors[0]?.pos[0];
      const duplicate = firstDuplicateKey(doc.contents);
      const first = Math.min(error ?? Infinity, duplicate ?? Infinity);
      if (first !== Infinity) return lines.lineOf(first);
    }
    return undefined;
  },
};

/**
 * Where the first key that repeats an earlier one of its map is (a YAML error,
 * as the parser reports it with its default check: two scalar keys of the same
 * value), or undefined. Linear: a set of each map's scalar keys.
 */
function firstDuplicateKey(root: unknown): number | undefined {
  let first: number | undefined;
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (isScalar(key)) {
          if (seen.has(key.value) && key.range) first = Math.min(first ?? Infinity, key.range[0]);
          seen.add(key.value);
        }
        stack.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) stack.push(...node.items);
  }
  return first;
}

/** A block sequence item begins at its `- ` indicator, which its node's range leaves out. */
function itemStart(text: string, at: number, flow: boolean): number {
  if (flow) return at;
  let i = at;
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return text[i - 1] === "-" ? i - 1 : at;
}
