import { fail, type Outcome, ok, type ToolFailure } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { utf8Bytes } from "../shared/core/text.ts";
import type { Built, TooLarge } from "../shared/refs/transforms.ts";
import { formatBytes } from "./receipts.ts";

/** ENTRY_NOT_FOUND naming where it looked. */
export function notFound(key: string, scope: string | undefined) {
  return fail(
    "ENTRY_NOT_FOUND",
    `No entry \`${key}\` in ${scope ? `the ${scope} scope` : "the session, project or user scope"}. See the keys with list, or find one with list \`query\`.`,
  );
}

/** TEXT_TOO_LARGE when `text` (parameter `param`) is over the entry limit, else undefined. */
export function textTooLarge(param: string, text: string): ToolFailure | undefined {
  if (text.length * 3 <= LIMITS.entryBytes) return undefined; // cannot be over: skip encoding
  const bytes = utf8Bytes(text);
  if (bytes <= LIMITS.entryBytes) return undefined;
  return fail(
    "TEXT_TOO_LARGE",
    `\`${param}\` is ${formatBytes(bytes)}; an entry holds at most ${formatBytes(LIMITS.entryBytes)}. Split it into several entries.`,
  ).error;
}

/**
 * TEXT_TOO_LARGE for content refused while it was being built (a reference, a
 * marker, a transform step), naming the parameter that would have taken it
 * past the entry limit: nothing that size was built, stored or written.
 */
export function builtTooLarge(over: TooLarge, detail = "") {
  return fail(
    "TEXT_TOO_LARGE",
    `\`${over.param}\`${detail} would make the content ${formatBytes(over.bytes)}; content is at most ${formatBytes(LIMITS.entryBytes)}, so it was refused before being built; nothing was stored or written. Cite or select less (\`lines\`, \`focus\`, \`start\`/\`end\`), transform less, or split it into several entries.`,
  );
}

/** The text built within the limit, or its TEXT_TOO_LARGE. */
export function builtText(built: Built): Outcome<string> {
  return built.ok ? ok(built.text) : builtTooLarge(built.tooLarge);
}

/** INVALID_ARGUMENT for a line range that runs backwards, else undefined. */
export function backwardsRange(args: {
  start_line?: number | undefined;
  end_line?: number | undefined;
}): ToolFailure | undefined {
  if (
    args.start_line === undefined ||
    args.end_line === undefined ||
    args.end_line >= args.start_line
  )
    return undefined;
  return {
    code: "INVALID_ARGUMENT",
    message: "The line range ends before it starts; give it as start-end, start ≤ end.",
  };
}
