/**
 * The naive way's file tools for bench/scenarios.ts, two ways: the official
 * filesystem MCP server (read_text_file, edit_file, write_file), and a model
 * of Claude Code's built-in Read, Edit and Write, run here on the files:
 * - Read answers the whole file in numbered lines (`     1→text`, as Claude
 *   Code shows it); there is no tail, so a tail read reads it all;
 * - Edit replaces one unique old_string per call, and answers "The file … has
 *   been updated. Here's the result of running `cat -n` on a snippet of the
 *   edited file:" with the changed lines and four lines around them;
 * - Write answers "File created successfully at: …" (or "The file … has
 *   been updated successfully." when it replaces a file);
 * - a file must have been read before it is edited or replaced, so an edit
 *   of an unread file reads it first, as Claude Code makes the model do.
 * Its tool definitions are built in (there with or without edgeclip), so the
 * bench counts none for it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Call, NaiveTools, TextEdit } from "./scenarios.ts";

/** The filesystem server's tools (`call` reaches it), on files under `dir`. */
export function filesystemTools(call: Call, dir: string): NaiveTools {
  const abs = (p: string) => path.join(dir, p);
  return {
    read: (p) => call("read_text_file", { path: abs(p) }),
    tail: (p, lines) => call("read_text_file", { path: abs(p), tail: lines }),
    edit: async (p, edits) => {
      await call("edit_file", { path: abs(p), edits });
    },
    write: async (p, content) => {
      await call("write_file", { path: abs(p), content });
    },
  };
}

/** Numbered lines as Claude Code's Read shows them, from line `first` (1-based). */
function numbered(lines: string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}→${line}`).join("\n");
}

/** Claude Code's Read, Edit and Write, modelled on the files under `dir` (see above). */
export function claudeCodeCall(dir: string): Call {
  return async (tool, args) => {
    const file = String(args.file_path);
    if (!file.startsWith(dir)) throw new Error(`${tool}: ${file} is outside ${dir}`);
    if (tool === "Read") {
      const lines = readFileSync(file, "utf8").split("\n");
      if (lines.at(-1) === "") lines.pop();
      return numbered(lines, 1);
    }
    if (tool === "Write") {
      const existed = existsSync(file);
      writeFileSync(file, String(args.content));
      return existed
        ? `The file ${file} has been updated successfully.`
        : `File created successfully at: ${file}`;
    }
    if (tool === "Edit") {
      const text = readFileSync(file, "utf8");
      const from = String(args.old_string);
      const to = String(args.new_string);
      const at = text.indexOf(from);
      if (at < 0 || text.indexOf(from, at + 1) >= 0)
        throw new Error(`Edit: old_string must occur exactly once in ${file}`);
      const edited = text.slice(0, at) + to + text.slice(at + from.length);
      writeFileSync(file, edited);
      const lines = edited.split("\n");
      const firstChanged = text.slice(0, at).split("\n").length; // 1-based
      const lastChanged = firstChanged + to.split("\n").length - 1;
      const start = Math.max(1, firstChanged - 4);
      const end = Math.min(lines.length, lastChanged + 4);
      return `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(lines.slice(start - 1, end), start)}`;
    }
    throw new Error(`no tool ${tool}`);
  };
}

/** The naive tools over Claude Code's (`call` reaches the model above), on files under `dir`. */
export function claudeCodeTools(call: Call, dir: string): NaiveTools {
  const abs = (p: string) => path.join(dir, p);
  const read = new Set<string>();
  const readFile = async (p: string) => {
    await call("Read", { file_path: abs(p) });
    read.add(p);
    return readFileSync(abs(p), "utf8"); // the text the numbered lines show
  };
  const mustHaveRead = async (p: string) => {
    if (!read.has(p) && existsSync(abs(p))) await readFile(p);
  };
  return {
    read: readFile,
    tail: readFile,
    edit: async (p: string, edits: TextEdit[]) => {
      await mustHaveRead(p);
      for (const edit of edits)
        await call("Edit", {
          file_path: abs(p),
          old_string: edit.oldText,
          new_string: edit.newText,
        });
    },
    write: async (p, content) => {
      await mustHaveRead(p);
      await call("Write", { file_path: abs(p), content });
      read.add(p);
    },
  };
}
