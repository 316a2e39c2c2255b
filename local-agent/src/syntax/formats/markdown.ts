import MarkdownIt from "markdown-it";
import { Lines } from "../../../../src/shared/core/lines.ts";
import type { SymbolUnit } from "../symbols.ts";
import { checkLines, type DataFormat, MAX_UNITS } from "./format.ts";

/** Made on first use: an agent that never reads Markdown never builds it. */
let parser: InstanceType<typeof MarkdownIt> | undefined;

/**
 * Markdown through `markdown-it` (CommonMark: a `#` in a code fence is not a
 * heading, setext headings are): a section is its heading and everything up
 * to the next heading of the same or a higher level, trailing blank lines
 * left out; it is named by its heading's text, under its parents' headings
 * (`Usage.Install`, found as `Install` too). YAML front matter is skipped.
 * Markdown always parses: it has no syntax errors.
 */
export const markdown: DataFormat = {
  units(text) {
    checkLines(text, "Markdown");
    const lines = new Lines(text);
    const skipped = frontMatterLines(lines);
    const source = skipped ? "\n".repeat(skipped) + text.slice(lines.start(skipped + 1)) : text;
    // Block structure only: headings keep their raw text (`content`), and no inline tokens are made.
    parser ??= new MarkdownIt("commonmark").disable("inline");
    const tokens = parser.parse(source, {});
    const headings: { level: number; title: string; line: number }[] = [];
    for (const [i, token] of tokens.entries()) {
      if (token.type !== "heading_open" || !token.map || token.level !== 0) continue;
      const title = (tokens[i + 1]?.content ?? "").trim();
      headings.push({ level: Number(token.tag.slice(1)), title, line: token.map[0] + 1 });
    }
    // One pass: a heading closes the open sections of its level and below, then opens its own.
    const out: SymbolUnit[] = [];
    const open: { level: number; title: string; unit: SymbolUnit }[] = [];
    const close = (before: number) => {
      const section = open.pop();
      if (!section) return;
      const { unit } = section;
      let last = before - 1;
      while (
        last > unit.start_line &&
        lines.text.slice(lines.start(last), lines.end(last)).trim() === ""
      )
        last--;
      unit.end_line = last;
      unit.end = lines.end(last);
    };
    for (const heading of headings) {
      if (out.length >= MAX_UNITS) break;
      while ((open.at(-1)?.level ?? 0) >= heading.level) close(heading.line);
      const name = [...open.map((o) => o.title), heading.title].join(".");
      const unit: SymbolUnit = {
        name,
        kind: "section",
        start: lines.start(heading.line),
        end: lines.end(heading.line),
        start_line: heading.line,
        end_line: heading.line,
      };
      out.push(unit);
      open.push({ level: heading.level, title: heading.title, unit });
    }
    while (open.length) close(lines.count + 1);
    return out;
  },
  firstError() {
    return undefined;
  },
};

/** Lines of YAML front matter (`---` on the first line through the next `---`), or 0. */
function frontMatterLines(lines: Lines): number {
  const line = (n: number) => lines.text.slice(lines.start(n), lines.end(n)).trimEnd();
  if (lines.count < 2 || line(1) !== "---") return 0;
  for (let n = 2; n <= lines.count; n++) if (line(n) === "---" || line(n) === "...") return n;
  return 0;
}
