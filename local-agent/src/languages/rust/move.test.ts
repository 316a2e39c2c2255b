import { describe, expect, it } from "vitest";
import { planMove } from "../../../test/support/plan-move.ts";
import { planRustImports } from "./move.ts";

const PARSER_RS = `//! Key=value parsing.
use std::collections::HashMap;
use std::io::{self, BufRead, Write as W};
use super::errors::ParseError;

/// Parses lines of key=value pairs.
pub fn parse<R: BufRead>(input: R) -> io::Result<HashMap<String, String>> {
    let mut out = HashMap::new();
    for line in input.lines() {
        let line = line?;
        if let Some((k, v)) = line.split_once('=') {
            out.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    Ok(out)
}

pub fn check(s: &str) -> Result<(), ParseError> {
    if s.is_empty() { Err(ParseError::Empty) } else { Ok(()) }
}
`;

describe("import-aware moves in Rust", () => {
  it("gives the destination a use for each name the unit uses, taking lists apart; a super:: path across directories is said", async () => {
    const move = (symbol: string, destPath: string, dest: string) =>
      planMove(
        "rust",
        { sourcePath: "src/parser.rs", source: PARSER_RS, destPath, dest },
        symbol,
        planRustImports,
      );
    const parse = await move("parse", "src/kv.rs", "//! Key-value files.\nuse std::io;\n");
    expect(parse.destination.split("\n").slice(0, 5)).toEqual([
      "//! Key-value files.",
      "use std::io;",
      "use std::collections::HashMap;",
      "use std::io::BufRead;",
      "",
    ]);
    expect(parse.changes).toEqual(["src/kv.rs: imports HashMap, BufRead"]);
    const check = await move("check", "src/deep/checks.rs", "");
    expect(check.destination.startsWith("\npub fn check")).toBe(true);
    expect(check.unresolved).toEqual([
      "use super::errors::ParseError is relative to src/parser.rs's module: not rewritten for src/deep/checks.rs",
    ]);
    const sibling = await move("check", "src/checks.rs", "");
    expect(sibling.destination.split("\n")[0]).toBe("use super::errors::ParseError;");
  });

  it("carries a use with its attributes", async () => {
    const source = `use std::ffi::OsStr;
#[cfg(unix)]
#[allow(unused_imports)]
use std::os::unix::ffi::OsStrExt;

pub fn bytes(s: &OsStr) -> &[u8] {
    OsStrExt::as_bytes(s)
}
`;
    const done = await planMove(
      "rust",
      { sourcePath: "src/names.rs", source, destPath: "src/bytes.rs", dest: "" },
      "bytes",
      planRustImports,
    );
    expect(done.destination.split("\n").slice(0, 4)).toEqual([
      "use std::ffi::OsStr;",
      "#[cfg(unix)]",
      "#[allow(unused_imports)]",
      "use std::os::unix::ffi::OsStrExt;",
    ]);
  });
});
