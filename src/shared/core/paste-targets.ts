import type { PasteMode } from "../bridge/protocol.ts";
import type { ToolFailure } from "./errors.ts";

/** A paste target as the model gives it. */
export interface PasteTarget {
  path: string;
  mode?: PasteMode | undefined;
  line?: number | undefined;
  start_line?: number | undefined;
  end_line?: number | undefined;
  marker?: string | undefined;
  create_if_missing?: boolean | undefined;
  expect?: string | undefined;
  focus?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  lang?: string | undefined;
}

/**
 * Whether a paste takes its file whole: it appends or prepends at no line,
 * symbol, passage or marker. Only such a paste creates a missing file (unless
 * `create_if_missing: false`). The edge asks it of a target, the agent of the
 * edit it was sent (`select` standing for a symbol or passage).
 */
export function takesWholeFile(t: {
  mode: PasteMode;
  select?: unknown;
  line?: number | undefined;
  start_line?: number | undefined;
  marker?: string | undefined;
}): boolean {
  return (
    (t.mode === "append" || t.mode === "prepend") &&
    t.select === undefined &&
    t.line === undefined &&
    t.start_line === undefined &&
    t.marker === undefined
  );
}

/** The modes a target selected by `focus` or anchors takes: replace it, or go after or before it. */
const SELECTOR_MODES: readonly PasteMode[] = ["replace_lines", "after_line", "before_line"];

/** Which position fields each mode takes (the others must be absent). */
const FIELDS: Record<PasteMode, readonly ("line" | "start_line" | "end_line" | "marker")[]> = {
  append: [],
  prepend: [],
  after_line: ["line"],
  before_line: ["line"],
  replace_lines: ["start_line", "end_line"],
  at_marker_replace: ["marker"],
  at_marker_after: ["marker"],
  at_marker_before: ["marker"],
};
const REQUIRED: Partial<Record<PasteMode, "line" | "start_line" | "marker">> = {
  after_line: "line",
  before_line: "line",
  replace_lines: "start_line",
  at_marker_replace: "marker",
  at_marker_after: "marker",
  at_marker_before: "marker",
};

/** A target as messages name it: `to` when there is one, else `to[i]`. */
export const targetName = (i: number, count: number) => (count === 1 ? "`to`" : `\`to[${i}]\``);

/** A position field as the model writes it: lines (`a.ts:5`, `lines: "3-9"`) or `marker`. */
const written = (field: "line" | "start_line" | "end_line" | "marker") =>
  field === "marker" ? "`marker`" : "lines";

/**
 * Checks that each target names what its mode needs, and nothing it ignores,
 * so a mistaken call is refused whole before any file is touched. The agent
 * checks again (it trusts nothing from the edge).
 */
export function checkTargets(targets: readonly PasteTarget[]): ToolFailure | undefined {
  for (const [i, t] of targets.entries()) {
    const at = targetName(i, targets.length);
    if (t.focus !== undefined || t.start !== undefined || t.end !== undefined) {
      const mode = t.mode ?? "replace_lines";
      if (!SELECTOR_MODES.includes(mode))
        return {
          code: "INVALID_ARGUMENT",
          message: `${at} selects with a #symbol or \`start\`/\`end\`, which take mode \`replace_lines\` (default: replace it), \`after_line\` or \`before_line\`, not \`${mode}\`.`,
        };
      const extra = (["line", "start_line", "end_line", "marker"] as const).filter(
        (f) => t[f] !== undefined,
      );
      if (extra.length)
        return {
          code: "INVALID_ARGUMENT",
          message: `${at} selects with a #symbol or \`start\`/\`end\`; drop ${[...new Set(extra.map(written))].join(", ")}.`,
        };
      if (t.focus !== undefined && (t.start !== undefined || t.end !== undefined))
        return {
          code: "INVALID_ARGUMENT",
          message: `${at}: select with \`focus\` or \`start\`/\`end\`, not both.`,
        };
      if (t.end !== undefined && t.start === undefined)
        return { code: "INVALID_ARGUMENT", message: `${at}.end needs \`start\`.` };
      continue;
    }
    if (t.lang !== undefined)
      return { code: "INVALID_ARGUMENT", message: `${at}.lang is for \`focus\`; drop it.` };
    const mode = t.mode ?? "append";
    const needed = REQUIRED[mode];
    if (needed !== undefined && t[needed] === undefined)
      return {
        code: "INVALID_ARGUMENT",
        message:
          needed === "marker"
            ? `${at} has mode \`${mode}\`, which needs \`marker\` (the text to find).`
            : `${at} has mode \`${mode}\`, which needs lines, a #symbol or \`start\`/\`end\` (e.g. "a.ts:12").`,
      };
    const extra = (["line", "start_line", "end_line", "marker"] as const).filter(
      (f) => t[f] !== undefined && !FIELDS[mode].includes(f),
    );
    if (extra.length)
      return {
        code: "INVALID_ARGUMENT",
        message: `${at} gives ${[...new Set(extra.map(written))].join(", ")}, which mode \`${mode}\` does not use; remove ${extra.length > 1 ? "them" : "it"} or pick the mode that uses ${extra.length > 1 ? "them" : "it"}.`,
      };
    if (t.start_line !== undefined && t.end_line !== undefined && t.end_line < t.start_line)
      return {
        code: "INVALID_ARGUMENT",
        message: `${at} has lines ${t.start_line}-${t.end_line}, which end before they start.`,
      };
    if (t.marker !== undefined && /[\r\n]/.test(t.marker))
      return { code: "INVALID_ARGUMENT", message: `${at}.marker must be text on one line.` };
  }
  return undefined;
}
