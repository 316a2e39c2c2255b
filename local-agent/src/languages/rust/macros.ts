import { kids } from "../../imports/plan.ts";
import { withTree } from "../../syntax/parser.ts";
import { rustCode } from "./modules.ts";

/** A file's own `macro_rules!`, its doc comments and attributes included. */
export interface FileMacro {
  name: string;
  start: number;
  end: number;
  text: string;
}

/** The macros a unit moving out of its file needs: each copied where the file still invokes it, else taken. */
export interface MacrosNeeded {
  copy: FileMacro[];
  take: FileMacro[];
}

/**
 * The `macro_rules!` a unit invokes that its file defines (nom's
 * number/complete.rs `map!`, which invokes `call!`): a macro is in scope
 * only below its definition in its own file, so a unit moved to another
 * file takes them along, in the file's order. One the rest of the file
 * still invokes is copied, else taken. A `#[macro_export]` macro is
 * reached through the crate's root, not carried.
 */
export async function macrosNeeded(
  text: string,
  unit: { start: number; end: number },
): Promise<MacrosNeeded> {
  const macros = (await fileMacros(text)).filter((m) => m.end <= unit.start || m.start >= unit.end);
  if (!macros.length) return { copy: [], take: [] };
  const code = rustCode(text);
  const byName = new Map(macros.map((m) => [m.name, m]));
  /** One pass over `from`, whatever the number of macros (a file of thousands). */
  const invoked = (from: string) =>
    [...from.matchAll(/\b([A-Za-z_]\w*)\s*!/g)].map((m) => m[1] ?? "").filter((n) => byName.has(n));
  const bodies = new Map(
    macros.map((m) => [m.name, invoked(m.code.replace(/^[\s\S]*?\bmacro_rules\s*!\s*\w+/, ""))]),
  );
  /** The macros `from` invokes, and those they invoke. */
  const reached = (from: string) => {
    const out = new Set(invoked(from));
    for (const name of out) for (const n of bodies.get(name) ?? []) out.add(n);
    return out;
  };
  const needed = reached(code.slice(unit.start, unit.end));
  if (!needed.size) return { copy: [], take: [] };
  const blank = (s: string, from: number, to: number) =>
    s.slice(0, from) + " ".repeat(to - from) + s.slice(to);
  const rest = macros.reduce((s, m) => blank(s, m.start, m.end), blank(code, unit.start, unit.end));
  const staying = reached(rest);
  const of = (keep: boolean) =>
    macros
      .filter((m) => needed.has(m.name) && staying.has(m.name) === keep)
      .map(({ code: _, ...m }) => m);
  return { copy: of(true), take: of(false) };
}

/** A file's top-level `macro_rules!` that are not exported, each with its code (rustCode's). */
export async function fileMacros(text: string): Promise<(FileMacro & { code: string })[]> {
  if (!/\bmacro_rules\s*!/.test(text)) return [];
  const code = rustCode(text);
  return withTree(text, "rust", (tree) => {
    const out: (FileMacro & { code: string })[] = [];
    let lead: number | undefined;
    let exported = false;
    for (const node of kids(tree.rootNode)) {
      const doc = node.type === "line_comment" && /^\/\/\/(?!\/)/.test(node.text);
      if (node.type === "attribute_item" || doc) {
        lead ??= node.startIndex;
        if (/^#\[\s*macro_export\b/.test(node.text)) exported = true;
        continue;
      }
      const name = node.type === "macro_definition" ? node.childForFieldName("name")?.text : "";
      if (name && !exported) {
        const start = lead ?? node.startIndex;
        const end = node.endIndex;
        out.push({ name, start, end, text: text.slice(start, end), code: code.slice(start, end) });
      }
      lead = undefined;
      exported = false;
    }
    return out;
  });
}
