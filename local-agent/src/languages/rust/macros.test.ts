import { describe, expect, it } from "vitest";
import { macrosNeeded } from "./macros.ts";

const FILE = `use crate::combinator::map;

#[doc(hidden)]
macro_rules! map(
  ($i:expr, $f:expr) => ( call!($i, $f) );
);

/// Calls.
macro_rules! call (
  ($i:expr, $fun:expr) => ( $fun( $i ) );
);

#[macro_export]
macro_rules! public { () => {} }

macro_rules! unused { () => {} }

pub fn one(i: u8) -> u8 {
    map!(i, two)
}

pub fn two(i: u8) -> u8 {
    public!();
    i
}
`;

const unit = (name: string) => {
  const start = FILE.indexOf(`pub fn ${name}`);
  return { start, end: FILE.indexOf("}\n", start) + 2 };
};

describe("the macro_rules! a unit takes along", () => {
  it("takes the file's macros the unit invokes, and those they invoke, with their attributes and docs", async () => {
    const needed = await macrosNeeded(FILE, unit("one"));
    expect(needed.copy).toEqual([]);
    expect(needed.take.map((m) => m.name)).toEqual(["map", "call"]);
    expect(needed.take[0]?.text).toMatch(/^#\[doc\(hidden\)\]\nmacro_rules! map\(/);
    expect(needed.take[1]?.text).toMatch(/^\/\/\/ Calls\.\nmacro_rules! call \(/);
    expect(FILE.slice(needed.take[0]?.start, needed.take[0]?.end)).toBe(needed.take[0]?.text);
  });

  it("copies one the rest of the file still invokes; leaves an exported one to the crate's root", async () => {
    const text = FILE.replace("    public!();\n", "    call!(i, one);\n");
    const needed = await macrosNeeded(text, unit("one"));
    expect(needed.copy.map((m) => m.name)).toEqual(["call"]);
    expect(needed.take.map((m) => m.name)).toEqual(["map"]);
    expect((await macrosNeeded(FILE, unit("two"))).take).toEqual([]);
  });

  it("reads only code: a macro named in a comment or a string is not invoked", async () => {
    const text = FILE.replace("map!(i, two)", '// map!(i)\n    let _ = "call!()";\n    i');
    expect(await macrosNeeded(text, unit("one"))).toEqual({ copy: [], take: [] });
  });
});
