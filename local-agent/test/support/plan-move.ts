import type { ImportPlan, MoveTexts } from "../../src/imports/plan.ts";
import type { CodeLanguage } from "../../src/syntax/languages.ts";
import { select } from "../../src/syntax/select.ts";

/**
 * Moves `symbol` from `source` to the end of `dest` as text (after a line
 * break), then plans both files' imports with `plan`: what the import
 * planners' tests share.
 */
export async function planMove(
  lang: CodeLanguage,
  files: { sourcePath: string; source: string; destPath: string; dest: string },
  symbol: string,
  plan: (texts: MoveTexts & { cutAt: number }) => Promise<ImportPlan>,
): Promise<ImportPlan> {
  const found = await select(files.source, { focus: symbol }, lang, files.sourcePath);
  if (!found.ok) throw new Error(found.error.message);
  const { start, end } = found.value;
  return plan({
    sourcePath: files.sourcePath,
    destPath: files.destPath,
    sourceBefore: files.source,
    unit: { start, end },
    sourceAfter: files.source.slice(0, start) + files.source.slice(end),
    cutAt: start,
    destAfter: `${files.dest}\n${files.source.slice(start, end)}`,
  });
}
