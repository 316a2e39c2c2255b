import { unescapeMarkers } from "../refs/syntax.ts";
import type { Selection, Selector } from "../shared/bridge/protocol.ts";
import type { ToolFailure } from "../shared/core/errors.ts";

/** The selector fields a tool (or a target) takes next to `path`. */
export interface SelectorArgs {
  focus?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  lang?: string | undefined;
  start_line?: number | undefined;
  end_line?: number | undefined;
  line?: number | undefined;
}

/**
 * An anchor as the content has it. Results show `{{ref:` as `\{{ref:` (inert
 * markers), so an anchor copied from one is unescaped to find what it showed;
 * the agent and `findPassage` only ever see the content's own form.
 */
export function anchorOf(anchor: string): string;
export function anchorOf(anchor: string | undefined): string | undefined;
export function anchorOf(anchor: string | undefined): string | undefined {
  return anchor === undefined ? undefined : unescapeMarkers(anchor);
}

/** The selector to send the agent, or `undefined` when lines (or nothing) select. */
export function selectorOf(args: SelectorArgs): Selector | undefined {
  if (args.focus === undefined && args.start === undefined && args.end === undefined)
    return undefined;
  return {
    ...(args.focus !== undefined ? { focus: args.focus } : {}),
    ...(args.start !== undefined ? { start: anchorOf(args.start) } : {}),
    ...(args.end !== undefined ? { end: anchorOf(args.end) } : {}),
    ...(args.lang !== undefined ? { lang: args.lang } : {}),
  };
}

/** How the agent found a selection, for receipts: "Store.load (method)", "anchors (exact)". */
export function describeSelection(selection: Selection | undefined): string | undefined {
  return selection ? (selection.symbol ?? selection.how) : undefined;
}

/** One way of selecting at a time: lines, `focus`, or `start`/`end` (`at` prefixes the message). */
export function selectorProblem(args: SelectorArgs, at = ""): ToolFailure | undefined {
  const ways = [
    args.start_line !== undefined || args.end_line !== undefined ? "lines" : undefined,
    args.focus !== undefined ? "focus" : undefined,
    args.start !== undefined || args.end !== undefined ? "start/end" : undefined,
  ].filter((w) => w !== undefined);
  if (ways.length > 1)
    return {
      code: "INVALID_ARGUMENT",
      message: `${at}Select one way: ${ways.map((w) => `\`${w}\``).join(" or ")}, not both.`,
    };
  if (args.end !== undefined && args.start === undefined)
    return {
      code: "INVALID_ARGUMENT",
      message: `${at}\`end\` needs \`start\` (the passage's first words).`,
    };
  if (args.lang !== undefined && args.focus === undefined)
    return { code: "INVALID_ARGUMENT", message: `${at}\`lang\` is for \`focus\`; drop it.` };
  return undefined;
}
