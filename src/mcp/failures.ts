import { fail, type ToolFailure } from "../core/errors.ts";
import { LIMITS } from "../core/limits.ts";
import { utf8Bytes } from "../core/text.ts";
import { formatBytes } from "./receipts.ts";

/** ENTRY_NOT_FOUND naming where it looked. */
export function notFound(key: string, scope: string | undefined) {
  return fail(
    "ENTRY_NOT_FOUND",
    `No entry \`${key}\` in ${scope ? `the ${scope} scope` : "the session, project or user scope"}. See the keys with clipboard_list or find one with clipboard_search.`,
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
  return { code: "INVALID_ARGUMENT", message: "`end_line` is before `start_line`." };
}
