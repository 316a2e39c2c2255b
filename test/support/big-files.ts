/**
 * ~`mib` MiB of TypeScript, one small function after another (`f0`, `f1`, …)
 * and last `function target`: seconds of tree-sitter for an outline or a
 * focus, for the tests and benches of slow structural reads.
 */
export function bigTypeScript(mib: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < mib * 1024 * 1024; i++) {
    const unit = `export function f${i}(a: number, b: string): string {\n  return b.repeat(a) + "${i}";\n}\n`;
    parts.push(unit);
    size += unit.length;
  }
  parts.push("export function target(): number {\n  return 1;\n}\n");
  return parts.join("");
}
