import { describeStages, findPassage } from "../../../src/shared/refs/anchors.ts";
import { wholeLineSpan } from "../../../src/shared/refs/whole-lines.ts";
/** What a selector picks in a text: a symbol by name, or a passage by anchors. */
export interface Selector {
  focus?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

export interface Selected {
  start: number;
  end: number;
  start_line: number;
  end_line: number;
  /** How it was found: `focus`, or the anchors' stages. */
  how: string;
  /** With focus: the symbol's qualified name and kind. */
  symbol?: string | undefined;
}

export type SelectFailure = {
  code:
    | "SYMBOL_NOT_FOUND"
    | "SYMBOL_AMBIGUOUS"
    | "ANCHOR_NOT_FOUND"
    | "ANCHOR_AMBIGUOUS"
    | "LANGUAGE_UNSUPPORTED"
    | "INVALID_ARGUMENT";
  message: string;
};

export type SelectResult = { ok: true; value: Selected } | { ok: false; error: SelectFailure };

/**
 * A passage by its `start`/`end` anchors (the part of select.ts that needs no
 * parser: it runs on the main thread for small texts, compute/offload.ts).
 */
export function selectByAnchors(text: string, selector: Selector, where: string): SelectResult {
  if (selector.start === undefined)
    return {
      ok: false,
      error: {
        code: "INVALID_ARGUMENT",
        message: "`end` needs `start`: give the passage's first words too.",
      },
    };
  const passage = findPassage(text, selector.start, selector.end);
  if (!passage.ok)
    return {
      ok: false,
      error: { ...passage.error, message: `${where}: ${passage.error.message}` },
    };
  const p = passage.value;
  // A pair of anchors covering whole lines selects those lines, as `focus` does.
  const lines = selector.end === undefined ? undefined : wholeLineSpan(text, p);
  return {
    ok: true,
    value: {
      start: lines?.start ?? p.start,
      end: lines?.end ?? p.end,
      start_line: p.start_line,
      end_line: p.end_line,
      how: `anchors (${describeStages(p.stages)}${lines ? "; whole lines" : ""})`,
    },
  };
}
