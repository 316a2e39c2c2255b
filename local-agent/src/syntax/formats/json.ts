import { type Node, type ParseError, parse, parseTree } from "jsonc-parser";
import { Lines } from "../../../../src/shared/core/lines.ts";
import { dataSpan } from "../spans.ts";
import type { SymbolUnit } from "../symbols.ts";
import { checkShape, type DataFormat, MAX_DEPTH, MAX_JSON_STRUCTURE, MAX_UNITS } from "./format.ts";

const COMMENTS = { prefixes: ["//", "/*"] };
/** `'` and `#` are nothing special in JSON; a string is `"…"`. */
const SHAPE = { format: "JSON", max: MAX_JSON_STRUCTURE, hash: false, single: false };

/**
 * JSON through `jsonc-parser` (VS Code's): each property is a unit named by
 * its dotted path, each array element by its index. Comments are allowed
 * (tsconfig.json, settings files), trailing commas are not.
 */
export const json: DataFormat = {
  units(text) {
    checkShape(text, SHAPE);
    const lines = new Lines(text);
    const out: SymbolUnit[] = [];
    const visit = (node: Node | undefined, prefix: string, floor: number, depth: number) => {
      if (depth > MAX_DEPTH) return;
      if (node?.type === "object") {
        let previousEnd = floor;
        for (const property of node.children ?? []) {
          if (out.length >= MAX_UNITS) return;
          const [key, value] = property.children ?? [];
          if (property.type !== "property" || key?.type !== "string") continue;
          const name = `${prefix}${String(key.value)}`;
          const end = property.offset + property.length;
          out.push({
            name,
            kind: "key",
            ...dataSpan(lines, property.offset, end, previousEnd, COMMENTS),
          });
          visit(value, `${name}.`, key.offset + key.length, depth + 1);
          previousEnd = end;
        }
      } else if (node?.type === "array") {
        let previousEnd = floor;
        for (const [i, element] of (node.children ?? []).entries()) {
          if (out.length >= MAX_UNITS) return;
          const name = `${prefix}${i}`;
          const end = element.offset + element.length;
          out.push({
            name,
            kind: "item",
            ...dataSpan(lines, element.offset, end, previousEnd, COMMENTS),
          });
          visit(element, `${name}.`, element.offset, depth + 1);
          previousEnd = end;
        }
      }
    };
    const root = parseTree(text, [], { allowTrailingComma: true });
    visit(root, "", root?.offset ?? 0, 1);
    return out;
  },
  firstError(text) {
    checkShape(text, SHAPE);
    const errors: ParseError[] = [];
    parse(text, errors, { allowTrailingComma: false, disallowComments: false });
    const first = errors[0];
    return first ? new Lines(text).lineOf(first.offset) : undefined;
  },
};
