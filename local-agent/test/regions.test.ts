import { describe, expect, it } from "vitest";
import { MAX_UNITS } from "../src/syntax/formats/format.ts";
import { outline } from "../src/syntax/outline.ts";
import { isRegionMarker, listRegions } from "../src/syntax/regions.ts";
import { select } from "../src/syntax/select.ts";

const PY = `import os

# region users
# Fetches a user.
def get_user(uid):
    return uid


def create_user():
    return 1
# endregion


# region orders
def get_order(oid):
    return oid
# endregion
`;

describe("regions", () => {
  it("are `region NAME` … `endregion` comments in any line-comment style, nested, named", () => {
    const text = [
      "// #region outer", // 1
      "/* #region inner */", // 2
      "x();", // 3
      "/* #endregion */", // 4
      "-- region sql", // 5
      "-- endregion", // 6
      "//#endregion", // 7
      "#region", // 8: no name, not a unit
      "#endregion", // 9
      "# region never closed", // 10
      "# Region-wide settings, not a marker", // 11
    ].join("\n");
    expect(listRegions(text).map((r) => [r.name, r.start_line, r.end_line])).toEqual([
      ["outer", 1, 7],
      ["inner", 2, 4],
      ["sql", 5, 6],
    ]);
  });

  it("are units `focus` selects by name, markers included, and never a symbol's doc comment", async () => {
    const users = await select(PY, { focus: "users" }, "python", "a.py");
    expect(users.ok && PY.slice(users.value.start, users.value.end)).toBe(
      "# region users\n# Fetches a user.\ndef get_user(uid):\n    return uid\n\n\ndef create_user():\n    return 1\n# endregion\n",
    );
    expect(users.ok && users.value.symbol).toBe("users (region)");
    // The function keeps its own comment, not the region's marker above it.
    const fn = await select(PY, { focus: "get_user" }, "python", "a.py");
    expect(fn.ok && PY.slice(fn.value.start, fn.value.end)).toBe(
      "# Fetches a user.\ndef get_user(uid):\n    return uid\n",
    );
    // Nor a section's that a tool copies out of the file (lark's `###{standalone`).
    const lark = "###{standalone\n# A pattern.\nclass Pattern:\n    pass\n###}\n";
    const cls = await select(lark, { focus: "Pattern" }, "python", "a.py");
    expect(cls.ok && lark.slice(cls.value.start, cls.value.end)).toBe(
      "# A pattern.\nclass Pattern:\n    pass\n",
    );
  });

  it("are listed in the outline, holding their symbols", async () => {
    const o = await outline(PY, "python");
    expect(o?.units.map((u) => [u.name, u.kind, u.depth])).toEqual([
      ["users", "region", 0],
      ["get_user", "function", 1],
      ["create_user", "function", 1],
      ["orders", "region", 0],
      ["get_order", "function", 1],
    ]);
  });

  it("reads a hostile line of a million blanks in one pass (a backtracking pattern took minutes)", () => {
    const blanks = " ".repeat(1_000_000);
    const text = `# region ${blanks}x\n#region${blanks}name /*${blanks}\n# endregion\n# region ${"n".repeat(201)}\n# endregion\n`;
    // The name is trimmed; a name past 200 characters is not one (receipts repeat it).
    expect(listRegions(text).map((r) => [r.name, r.start_line, r.end_line])).toEqual([
      ["name /*", 2, 3],
    ]);
    // A section's marker, read the same way (the doc comments above every symbol ask).
    expect(isRegionMarker(`${blanks}###{${blanks}x${blanks}y`)).toBe(false);
    expect(isRegionMarker(`###${blanks}{${blanks}standalone${blanks}`)).toBe(true);
    expect(isRegionMarker(`${blanks}#${blanks}`)).toBe(false);
  });

  it("never take a name from a symbol: a region is found by a name no symbol has", async () => {
    const text =
      "# region load\ndef load():\n    return 1\n# endregion\n\n# region io\nx = 1\n# endregion\n";
    const load = await select(text, { focus: "load" }, "python", "a.py");
    expect(load.ok && load.value.symbol).toBe("load (function)");
    const io = await select(text, { focus: "io" }, "python", "a.py");
    expect(io.ok && io.value.symbol).toBe("io (region)");
    // A near miss names regions among the nearest.
    const miss = await select(text, { focus: "iox" }, "python", "a.py");
    expect(miss.ok ? "" : miss.error.message).toContain("io");
  });

  it("answer a focus on 100,000 regions of one name with the count, linearly, and list at most MAX_UNITS", async () => {
    // 0.6.0 compared each candidate with every earlier one: 7.3 s for 2 MiB.
    const text = "# region r\n# endregion\n".repeat(100_000);
    const r = await select(text, { focus: "r" }, "python", "a.py");
    expect(r.ok ? "" : r.error.message).toMatch(
      /^`focus` "r" names 100000 symbols in a\.py: r \(region, lines 1–2\)/,
    );
    expect(listRegions(text.repeat(2))).toHaveLength(MAX_UNITS);
  });
});
