import type { Edit, EditResult, UndoEdit } from "../../../src/shared/bridge/protocol.ts";
import { LIMITS } from "../../../src/shared/core/limits.ts";
import { Lines } from "../../../src/shared/core/lines.ts";
import { takesWholeFile } from "../../../src/shared/core/paste-targets.ts";
import { countLines } from "../../../src/shared/core/text.ts";
import {
  applyChange,
  type Change,
  planPaste,
  planRevert,
  textHash,
  undoSplice,
  withEol,
} from "../edits.ts";
import { languageOf } from "../syntax/languages.ts";
import type { Selected } from "../syntax/select.ts";
import { encodeText, sha256 } from "../text-file.ts";
import { type FileState, MiB } from "./load.ts";
import { isWholeLines, removedLines, selectIn } from "./selection.ts";
import { failure, type Result } from "./workspace.ts";

/**
 * One edit computed in memory on the text a file has so far: a paste placed by
 * its mode, lines or selection (edits.ts), or a revert planned against the file
 * as it is now; the bytes it would leave, its result and the undo that puts it
 * back. Nothing is written here.
 */

type Computed = Result<{ after: FileState; result: EditResult }>;

/** YAML, JSON or TOML: a compact one stays compact when a unit is pasted in (spacing.ts). */
function isDataFile(abs: string): boolean {
  const lang = languageOf(abs);
  return lang === "yaml" || lang === "json" || lang === "toml";
}

/**
 * A paste whose place is a selection: the mode's line numbers from it.
 * A selection of whole lines (a symbol) is replaced as lines; a passage that
 * starts or ends inside a line (anchors) is replaced exactly, character for
 * character. Removing whole lines (`content` empty: cut, move) takes
 * `removedLines`, so a cut symbol leaves its neighbours spaced as they were.
 */
function placeAt(
  edit: Extract<Edit, { kind: "paste" }>,
  sel: Selected,
  text: string,
  content: string,
) {
  const lines = new Lines(text);
  const wholeLines = isWholeLines(lines, sel);
  switch (edit.mode) {
    case "after_line":
    case "before_line": {
      const line = edit.mode === "after_line" ? sel.end_line : sel.start_line;
      const beside = { first: sel.start_line, last: sel.end_line };
      return { spec: { ...edit, line, indentLike: sel.start_line, beside }, exact: false };
    }
    default: {
      if (!wholeLines) return { spec: edit, exact: true };
      const { start_line, end_line } =
        content === ""
          ? removedLines(lines, sel)
          : { start_line: sel.start_line, end_line: sel.end_line };
      return {
        spec: { ...edit, mode: "replace_lines" as const, start_line, end_line },
        exact: false,
      };
    }
  }
}

/** One edit on the file as the previous edits left it. */
export async function computeEdit(
  edit: Edit,
  before: FileState,
  abs: string,
  texts: string[],
  /** The file's hash when the operation began: what `expect` compares with. */
  loadedHash: string | null,
): Promise<Computed> {
  const { display } = before;
  let change: Change;
  let created = !before.exists;
  let removed = false;
  let relocated = false;
  let firstLine: number | undefined;
  let linesAdded: number | undefined;
  let linesRemoved: number | undefined;
  let selection: Selected | undefined;
  if (edit.kind === "revert") {
    const current =
      before.exists && before.hash !== null ? { text: before.text, hash: before.hash } : null;
    const plan = planRevert(current, edit.undo, edit.expect, edit.force);
    if (!plan.ok)
      return failure(
        "UNDO_CONFLICT",
        `\`${display}\` cannot be restored: ${plan.reason}.${edit.force ? "" : " Pass `force: true` to revert it where the change is still intact."}`,
      );
    created = plan.action === "create";
    removed = plan.action === "remove";
    change =
      plan.action === "change"
        ? plan.change
        : plan.action === "create"
          ? { start: 0, end: 0, insert: plan.text }
          : { start: 0, end: before.text.length, insert: "" };
    relocated = plan.action === "change" && plan.relocated;
  } else {
    const content = texts[edit.text];
    if (content === undefined)
      return failure("INVALID_ARGUMENT", `Edit names text ${edit.text}, which was not sent.`);
    if (!before.exists && edit.kind === "paste" && !edit.create_if_missing)
      return failure(
        "FILE_NOT_FOUND",
        edit.create_if_missing === false && takesWholeFile(edit)
          ? `\`${display}\` does not exist, and \`create_if_missing\` is false; drop it to create the file.`
          : `\`${display}\` does not exist. Paste to its path alone (no lines, symbol or marker) to create it.`,
      );
    // `expect` names the file as it was read, before this operation's earlier edits to it.
    if (edit.expect !== undefined && !(loadedHash ?? "").startsWith(edit.expect)) {
      const now =
        loadedHash === null ? "it does not exist" : `its hash is now ${loadedHash.slice(0, 12)}`;
      return failure(
        "FILE_CHANGED",
        `\`${display}\` is not the version expected (\`expect\` ${edit.expect.slice(0, 12)}…): ${now}. Read it again, or drop \`expect\`.`,
      );
    }
    if (edit.kind === "write") {
      change = { start: 0, end: before.text.length, insert: content };
    } else if (edit.select) {
      if (!before.exists)
        return failure(
          "FILE_NOT_FOUND",
          `\`${display}\` does not exist, so nothing in it can be selected.`,
        );
      const found = await selectIn(before.text, edit.select, display);
      if (!found.ok) return found;
      selection = found.value;
      const place = placeAt(edit, selection, before.text, content);
      if (place.exact) {
        // Characters for characters; line breaks take the file's ending at that place.
        const lines = new Lines(before.text);
        change = {
          start: selection.start,
          end: selection.end,
          insert: withEol(content, lines.eolAt(lines.lineOf(selection.start))),
        };
      } else {
        const plan = planPaste(before.text, { ...place.spec, data: isDataFile(abs) }, content);
        if (!plan.ok) return failure(plan.error.code, `\`${display}\`: ${plan.error.message}`);
        ({ change, firstLine, linesAdded, linesRemoved } = plan.value);
      }
    } else {
      const plan = planPaste(before.text, { ...edit, data: isDataFile(abs) }, content);
      if (!plan.ok) return failure(plan.error.code, `\`${display}\`: ${plan.error.message}`);
      ({ change, firstLine, linesAdded, linesRemoved } = plan.value);
    }
  }
  const text = removed ? "" : applyChange(before.text, change);
  const bytes = encodeText({ bom: before.bom && !created, text });
  if (bytes.byteLength > LIMITS.fileBytes)
    return failure(
      "FILE_TOO_LARGE",
      `The edit would make \`${display}\` ${MiB(bytes.byteLength)}; files are limited to ${MiB(LIMITS.fileBytes)}.`,
    );
  const hash = removed ? null : sha256(bytes);
  const undo: UndoEdit = created
    ? { kind: "remove", path: abs }
    : removed
      ? {
          kind: "splice",
          path: abs,
          start: 0,
          end: 0,
          insert: before.text,
          was_hash: textHash(""),
          before: "",
          after: "",
          create: true,
        }
      : undoSplice(abs, before.text, change, text);
  return {
    ok: true,
    value: {
      after: {
        display,
        exists: !removed,
        bom: before.bom && !created,
        text,
        hash,
        bytes: removed ? null : bytes,
        mode: before.mode,
      },
      result: {
        path: display,
        abs,
        created,
        removed,
        before_hash: before.hash,
        after_hash: hash,
        lines_added: linesAdded ?? countLines(change.insert),
        lines_removed: linesRemoved ?? countLines(before.text.slice(change.start, change.end)),
        first_line: removed ? 0 : (firstLine ?? lineAt(text, change.start)),
        relocated,
        undo,
        ...(selection ? { selection } : {}),
      },
    },
  };
}

/** The 1-based line holding offset `at`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
