import { afterAll, describe, expect, it } from "vitest";
import {
  checkGo,
  checkJava,
  checkPython,
  checkRust,
  checkTypeScript,
  type Findings,
  moveSymbol,
  named,
  projectOf,
  removeProjects,
  runNodeChecks,
  runPythonTests,
} from "./move-harness.ts";
import type { Shape } from "./move-shapes.ts";

/**
 * The move invariant (issue 33): a receipt never claims more than was done.
 * For every shape of the corpus (move-shapes.ts), after the move either the
 * language's own check finds nothing, or every file it finds something in is
 * named on the receipt's `not followed:` line; a dry run names the same; a
 * refusal changes nothing. A shape's untouched files are checked where the
 * moved ones show something unnamed (a shape must be clean before its move).
 * One test file per language (move-invariant-<lang>.test.ts) calls `invariant`
 * with its shapes, so that the languages' checks run side by side in the suite.
 */

async function check(shape: Shape, root: string): Promise<Findings> {
  if (shape.lang === "go") return checkGo(root);
  if (shape.lang === "java") return checkJava(root);
  if (shape.lang === "rust") return checkRust(root);
  if (shape.lang === "py") {
    const all: Findings = new Map();
    for (const importRoot of shape.importRoots ?? ["."])
      for (const [file, found] of checkPython(root, importRoot)) all.set(file, found);
    const first = shape.importRoots?.[0] ?? ".";
    for (const [file, found] of runPythonTests(root, first, shape.scripts ?? []))
      all.set(file, [...(all.get(file) ?? []), ...found]);
    return all;
  }
  const found = checkTypeScript(root);
  for (const [file, more] of runNodeChecks(root, shape.scripts ?? []))
    found.set(file, [...(found.get(file) ?? []), ...more]);
  return found;
}

export function invariant(shapes: readonly Shape[]): void {
  afterAll(removeProjects);
  describe("the move invariant: every file a move leaves broken is named", () => {
    it.each(shapes.map((s) => [s.name, s] as const))("%s", async (_, shape) => {
      const project = projectOf(shape.files);
      const { from, name, to } = shape.move;
      const dry = await moveSymbol(project, from, name, to, true);
      const before = project.files();
      const moved = await moveSymbol(project, from, name, to);
      if (shape.followed) {
        expect(moved.error?.message).toBeUndefined();
        expect(moved.unresolved).toEqual([]);
      }
      if (shape.refused) expect(moved.error?.message).toContain(shape.refused);
      if (shape.says)
        expect(moved.results.flatMap((r) => r.imports?.changes ?? []).join("\n")).toContain(
          shape.says,
        );
      if (shape.notFollowed) expect(moved.unresolved.join("\n")).toContain(shape.notFollowed);
      if (!moved.ok) {
        // A refusal is honest when it says why and changes nothing.
        expect(moved.error?.code).toBe("MOVE_BLOCKED");
        expect(dry.ok).toBe(false);
        expect(project.files()).toEqual(before);
        return;
      }
      expect(new Set(dry.unresolved)).toEqual(new Set(moved.unresolved));
      const broken = [...(await check(shape, project.root))].filter(
        ([file]) => !named(moved.unresolved, file),
      );
      if (broken.length > 0) {
        // Whose fault: the same check of the untouched files tells a shape that was broken
        // before the move from one the move broke. Run only here, where it can tell something:
        // it is half of the corpus's checking time.
        const untouched = projectOf(shape.files);
        expect(
          Object.fromEntries(await check(shape, untouched.root)),
          "the untouched project",
        ).toEqual({});
      }
      expect(
        Object.fromEntries(broken),
        `not followed: ${moved.unresolved.join("; ") || "(nothing)"}`,
      ).toEqual({});
    });
  });
}
