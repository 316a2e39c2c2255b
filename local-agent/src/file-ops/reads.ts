import type { OpArgs, OpResult, Selection } from "../../../src/shared/bridge/protocol.ts";
import { Lines } from "../../../src/shared/core/lines.ts";
import { countLines, sliceLines } from "../../../src/shared/core/text.ts";
import { outline } from "../compute/offload.ts";
import { resolvePath } from "../paths.ts";
import { LANGUAGE_LIST } from "../syntax/languages.ts";
import { load } from "./load.ts";
import { isWholeLines, languageFor, removedLines, selectIn } from "./selection.ts";
import { failure, type Result, type Workspace } from "./workspace.ts";

/**
 * The operations that only read: `read` (a file's lines or a selection in it),
 * `outline` (a file's units) and `select` (a selector in a text the edge sends).
 */

/** `read`: lines of a file (all by default) and the whole file's hash. */
export async function readOp(
  ws: Workspace,
  args: OpArgs<"read">,
): Promise<Result<OpResult<"read">>> {
  const where = await resolvePath(ws.sandbox, args.path);
  if (!where.ok) return failure(where.code, where.message);
  const loaded = await load(where);
  if (!loaded.ok) return loaded;
  const file = loaded.value;
  if (!file.exists || file.hash === null || file.bytes === null)
    return failure("FILE_NOT_FOUND", `\`${where.display}\` does not exist.`);
  const total = countLines(file.text);
  let text = file.text;
  let start = 1;
  let end = total;
  let selection: Selection | undefined;
  if (args.select) {
    const found = await selectIn(file.text, args.select, where.display);
    if (!found.ok) return found;
    const lines = new Lines(file.text);
    selection = isWholeLines(lines, found.value)
      ? { ...found.value, removes: removedLines(lines, found.value) }
      : found.value;
    text = file.text.slice(selection.start, selection.end);
    ({ start_line: start, end_line: end } = selection);
  } else if (args.start_line !== undefined || args.end_line !== undefined) {
    const slice = sliceLines(file.text, args.start_line ?? 1, args.end_line);
    if ("error" in slice) {
      return slice.error === "START_AFTER_END"
        ? failure(
            "INVALID_ARGUMENT",
            "`end_line` is before `start_line`; give start_line ≤ end_line.",
          )
        : failure(
            "LINE_OUT_OF_RANGE",
            `\`start_line\` ${args.start_line} is past the end: \`${where.display}\` has ${total} lines.`,
          );
    }
    ({ text, startLine: start, endLine: end } = slice);
  }
  return {
    ok: true,
    value: {
      path: where.display,
      abs: where.abs,
      text,
      hash: file.hash,
      bytes: file.bytes.byteLength,
      total_lines: total,
      start_line: start,
      end_line: end,
      ...(selection ? { selection } : {}),
    },
  };
}

/** `outline`: a file's units (symbols, keys, sections), nested, with their lines. */
export async function outlineOp(
  ws: Workspace,
  args: OpArgs<"outline">,
): Promise<Result<OpResult<"outline">>> {
  const where = await resolvePath(ws.sandbox, args.path);
  if (!where.ok) return failure(where.code, where.message);
  const loaded = await load(where);
  if (!loaded.ok) return loaded;
  const file = loaded.value;
  if (!file.exists || file.hash === null)
    return failure("FILE_NOT_FOUND", `\`${where.display}\` does not exist.`);
  const lang = languageFor({ lang: args.lang }, where.display);
  if (!lang.ok) return lang;
  if (lang.value === undefined)
    return failure(
      "LANGUAGE_UNSUPPORTED",
      `An outline needs a file edgeclip parses (${LANGUAGE_LIST}); \`${where.display}\` is not one by its extension: give \`lang\`, or read it by lines.`,
    );
  const units = await outline(file.text, lang.value);
  if (units === undefined)
    return failure(
      "LANGUAGE_UNSUPPORTED",
      `\`${where.display}\` nests too deeply to parse for an outline; read it by lines.`,
    );
  return {
    ok: true,
    value: {
      path: where.display,
      hash: file.hash,
      bytes: file.bytes?.byteLength ?? 0,
      total_lines: countLines(file.text),
      lang: lang.value,
      ...units,
    },
  };
}

/** `select`: a selector resolved in a text the edge sends (an entry's, a result's). */
export async function selectOp(args: OpArgs<"select">): Promise<Result<OpResult<"select">>> {
  return selectIn(args.text, args.select, args.name);
}
