import type { z } from "zod";
import type { Edit, OpResult, Selector } from "../bridge/protocol.ts";
import type { target } from "./schemas.ts";
import { selectorOf } from "./selection.ts";

export type Target = z.output<typeof target>;

/**
 * A paste target as the agent's edit: the mode (default `append`, or
 * `replace_lines` for a target selected by `focus` or anchors), its place,
 * the selector, and the indentation transform.
 */
export function toPasteEdit(t: Target, indent: "auto" | number | undefined, text = 0): Edit {
  const select = selectorOf(t);
  return {
    kind: "paste",
    path: t.path,
    mode: t.mode ?? (select ? "replace_lines" : "append"),
    ...(t.line !== undefined ? { line: t.line } : {}),
    ...(t.start_line !== undefined ? { start_line: t.start_line } : {}),
    ...(t.end_line !== undefined ? { end_line: t.end_line } : {}),
    ...(t.marker !== undefined ? { marker: t.marker } : {}),
    ...(t.create_if_missing !== undefined ? { create_if_missing: t.create_if_missing } : {}),
    ...(t.expect !== undefined ? { expect: t.expect } : {}),
    ...(select ? { select } : {}),
    ...(indent !== undefined ? { indent } : {}),
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
