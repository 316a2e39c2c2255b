import { type AST, ParseError, parseTOML } from "toml-eslint-parser";
import { Lines } from "../../../../src/shared/core/lines.ts";
import { dataSpan } from "../spans.ts";
import type { SymbolUnit } from "../symbols.ts";
import { checkShape, type DataFormat, MAX_DEPTH, MAX_UNITS } from "./format.ts";

const COMMENTS = { prefixes: ["#"] };
/** A dotted key's parts count: one of a million parts took the parser 30 s and 1 GB. */
const SHAPE = { format: "TOML", dots: true };

/**
 * TOML through `toml-eslint-parser`, which gives every node its source range:
 * a table (`[server]`, or `[[bin]]` as `bin.0`, `bin.1`) is a unit from its
 * header to its last key, each key by its dotted path (`server.port`), inline
 * tables and array elements too.
 */
export const toml: DataFormat = {
  units(text) {
    checkShape(text, SHAPE);
    let program: AST.TOMLProgram;
    try {
      program = parseTOML(text, { tomlVersion: "1.1" });
    } catch {
      return [];
    }
    const lines = new Lines(text);
    const out: SymbolUnit[] = [];
    const keyName = (key: AST.TOMLKey) =>
      key.keys.map((k) => (k.type === "TOMLBare" ? k.name : k.value)).join(".");
    const visitValue = (
      node: AST.TOMLContentNode,
      prefix: string,
      floor: number,
      depth: number,
    ) => {
      if (depth > MAX_DEPTH) return;
      if (node.type === "TOMLInlineTable") visitPairs(node.body, prefix, floor, depth);
      else if (node.type === "TOMLArray") {
        let previousEnd = floor;
        for (const [i, element] of node.elements.entries()) {
          if (out.length >= MAX_UNITS) return;
          const name = `${prefix}${i}`;
          out.push({
            name,
            kind: "item",
            ...dataSpan(lines, element.range[0], element.range[1], previousEnd, COMMENTS),
          });
          visitValue(element, `${name}.`, element.range[0], depth + 1);
          previousEnd = element.range[1];
        }
      }
    };
    const visitPairs = (
      pairs: AST.TOMLKeyValue[],
      prefix: string,
      floor: number,
      depth: number,
    ) => {
      let previousEnd = floor;
      for (const pair of pairs) {
        if (out.length >= MAX_UNITS) return;
        const name = prefix + keyName(pair.key);
        out.push({
          name,
          kind: "key",
          ...dataSpan(lines, pair.range[0], pair.range[1], previousEnd, COMMENTS),
        });
        visitValue(pair.value, `${name}.`, pair.key.range[1], depth + 1);
        previousEnd = pair.range[1];
      }
    };
    for (const top of program.body) {
      let previousEnd = 0;
      for (const node of top.body) {
        if (out.length >= MAX_UNITS) return out;
        if (node.type === "TOMLKeyValue") {
          visitPairs([node], "", previousEnd, 1);
        } else {
          const name = node.resolvedKey.join(".");
          out.push({
            name,
            kind: "table",
            ...dataSpan(lines, node.range[0], node.range[1], previousEnd, COMMENTS),
          });
          visitPairs(node.body, `${name}.`, node.key.range[1], 2);
        }
        previousEnd = node.range[1];
      }
    }
    return out;
  },
  firstError(text) {
    checkShape(text, SHAPE);
    try {
      parseTOML(text, { tomlVersion: "1.1" });
      return undefined;
    } catch (error) {
      if (error instanceof ParseError) return error.lineNumber;
      throw error;
    }
  },
};
