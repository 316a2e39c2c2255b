import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readersThroughAliases } from "../src/file-ops/find-importers.ts";

const root = mkdtempSync(path.join(tmpdir(), "edgeclip-find-importers-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(path.join(root, name), text);
  return path.join(root, name);
};

describe("the files that read a Python module through the name its package binds it as", () => {
  it("finds those that read `<anything>.<alias>.` (soupsieve's `sv.ct.`), not the importers again nor others", async () => {
    const init = file("__init__.py", "from . import css_types as ct\n");
    const test = file("test_api.py", "import soupsieve as sv\nsv.ct.CustomSelectors({})\n");
    const other = file("other.py", "act.value = 1\n");
    expect(
      await readersThroughAliases(path.join(root, "css_types.py"), [init], [init, test, other]),
    ).toEqual([test]);
  });

  it("takes a file's name as text: one that is no identifier is no pattern (`odd(name).py`)", async () => {
    const init = file("pkg.py", "import odd as o\n");
    await expect(
      readersThroughAliases(path.join(root, "odd(name.py"), [init], [init]),
    ).resolves.toEqual([]);
  });
});
