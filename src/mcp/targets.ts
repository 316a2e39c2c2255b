import type { z } from "zod";
import type { Edit, OpResult, Selector } from "../shared/bridge/protocol.ts";
import { takesWholeFile } from "../shared/core/paste-targets.ts";
import type { target } from "./schemas.ts";
import { selectorOf } from "./selection.ts";

export type Target = z.output<typeof target>;

/**
 * A paste target as the agent's edit: the mode (default `append`, or
 * `replace_lines` for a target selected by `focus` or anchors), its place,
 * the selector, and the indentation transform. Defaults that do what a user
 * means (README, "Where a paste lands"):
 * - a whole file (no lines, symbol, passage or marker) is created if missing,
 *   unless `create_if_missing: false`;
 * - at a symbol, the text takes its indentation (`indent: "auto"`), and next
 *   to one (`after_line`, `before_line`) it is set apart by the blank lines
 *   the file puts between units (`spacing`);
 * - `unit`: the content is one whole unit (a symbol moved or pasted), so
 *   appended to a file it is set apart from what is there in the same way.
 */
export function toPasteEdit(
  t: Target,
  indent: "auto" | number | undefined,
  text = 0,
  unit = false,
): Edit {
  const select = selectorOf(t);
  const mode = t.mode ?? (select ? "replace_lines" : "append");
  const wholeFile = takesWholeFile({ ...t, mode, select });
  const atSymbol = select?.focus !== undefined;
  const beside = atSymbol && (mode === "after_line" || mode === "before_line");
  const create = t.create_if_missing ?? (wholeFile ? true : undefined);
  const reindent = indent ?? (atSymbol ? "auto" : undefined);
  return {
    kind: "paste",
    path: t.path,
    mode,
    ...(t.line !== undefined ? { line: t.line } : {}),
    ...(t.start_line !== undefined ? { start_line: t.start_line } : {}),
    ...(t.end_line !== undefined ? { end_line: t.end_line } : {}),
    ...(t.marker !== undefined ? { marker: t.marker } : {}),
    ...(create !== undefined ? { create_if_missing: create } : {}),
    ...(t.expect !== undefined ? { expect: t.expect } : {}),
    ...(select ? { select } : {}),
    ...(reindent !== undefined ? { indent: reindent } : {}),
    ...(beside || (unit && mode === "append" && wholeFile) ? { spacing: true } : {}),
    text,
  };
}

/**
 * Removes what a `read` returned (its symbol or passage, else its lines),
 * expecting the file exactly as read: a change in between refuses it.
 * The empty text is `texts[0]`.
 */
export function removalEdit(read: OpResult<"read">, select: Selector | undefined): Edit {
  return {
    kind: "paste",
    path: read.abs,
    mode: "replace_lines",
    ...(select ? { select } : { start_line: read.start_line, end_line: read.end_line }),
    expect: read.hash,
    text: 0,
  };
}
