import { describe, expect, it } from "vitest";
import { placeFault, rustReachable } from "../src/file-ops/places.ts";

describe("what a language's tools say of a file's place", () => {
  it("faults a Java package that does not name its directory; the default package fits anywhere", () => {
    const text = "// Strings.\npackage com.acme.text;\n\npublic class Strings {}\n";
    expect(placeFault("src/main/java/com/acme/text/Strings.java", text, "java")).toBeUndefined();
    expect(placeFault("com/acme/text/Strings.java", text, "java")).toBeUndefined();
    expect(placeFault("src/main/java/com/acme/util/Strings.java", text, "java")).toEqual({
      line: 2,
      text: "package com.acme.text does not match its directory src/main/java/com/acme/util",
    });
    expect(placeFault("Strings.java", "public class Strings {}\n", "java")).toBeUndefined();
    expect(placeFault("a/b.go", "package x\n", "go")).toBeUndefined();
  });

  it("finds a new Rust file compiled when a mod of the operation declares it, or cargo finds it itself", () => {
    expect(rustReachable("src/text.rs", ["mod util;\npub mod text;\n"])).toBe(true);
    expect(rustReachable("src/text/mod.rs", ["pub(crate) mod text;"])).toBe(true);
    expect(rustReachable("src/text.rs", ["mod util;\n// mod text;\n"])).toBe(false);
    expect(rustReachable("src/context.rs", ["mod text;"])).toBe(false);
    for (const target of ["src/main.rs", "src/lib.rs", "build.rs", "src/bin/cli.rs", "tests/it.rs"])
      expect(rustReachable(target, [])).toBe(true);
  });
});
