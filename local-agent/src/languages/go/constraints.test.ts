import { describe, expect, it } from "vitest";
import {
  carriedLines,
  constraintMove,
  constraintOf,
  goBuildOf,
  nameTags,
  sameConstraint,
  whereBuilt,
} from "./constraints.ts";

describe("a Go file's build constraint", () => {
  it("reads the GOOS and GOARCH a name implies, as go/build does", () => {
    expect(nameTags("util/path_windows.go")).toEqual(["windows"]);
    expect(nameTags("asm_linux_amd64.go")).toEqual(["linux", "amd64"]);
    expect(nameTags("asm_amd64_test.go")).toEqual(["amd64"]);
    // The name itself is no tag, nor is a GOARCH before a GOOS.
    expect(nameTags("linux.go")).toEqual([]);
    expect(nameTags("x_amd64_linux.go")).toEqual(["linux"]);
    expect(nameTags("util_safe.go")).toEqual([]);
  });

  it("reads the lines above the package clause, and only those", () => {
    const text =
      "// Copyright.\n\n//go:build appengine || js\n// +build appengine js\n\n// Package util.\npackage util\n\n//go:build ignored\n";
    expect(constraintOf(text, "util/util_safe.go")).toEqual({
      expression: "appengine || js",
      lines: "//go:build appengine || js\n// +build appengine js\n",
      nameTags: [],
    });
    expect(constraintOf("package util\n", "util/util.go").expression).toBeUndefined();
  });

  it("reads `// +build` lines alone as gofmt does, writing the `//go:build` line it would add (regexp2's fuzz.go)", () => {
    expect(constraintOf("// +build gofuzz\n\npackage syntax\n", "syntax/fuzz.go")).toEqual({
      expression: "gofuzz",
      lines: "//go:build gofuzz\n// +build gofuzz\n",
      nameTags: [],
    });
    expect(goBuildOf(["linux,386 darwin,!cgo", "go1.9"])).toBe(
      "((linux && 386) || (darwin && !cgo)) && go1.9",
    );
    expect(goBuildOf(["linux darwin", "!purego"])).toBe("(linux || darwin) && !purego");
  });

  it("joins a line's expression and a name's tags into one", () => {
    const c = constraintOf("//go:build !purego\n\npackage a\n", "a/sum_amd64.go");
    expect(whereBuilt(c)).toBe("!purego && amd64");
    const or = constraintOf("//go:build a || b\n\npackage a\n", "a/x_linux.go");
    expect(whereBuilt(or)).toBe("(a || b) && linux");
    expect(whereBuilt(constraintOf("package a\n", "a/x.go"))).toBeUndefined();
  });

  it("compares where two files build, spacing aside", () => {
    const a = constraintOf("//go:build a||b\n\npackage a\n", "a/x.go");
    const b = constraintOf("//go:build a || b\n\npackage a\n", "a/y.go");
    expect(sameConstraint(a, b)).toBe(true);
    expect(sameConstraint(a, constraintOf("package a\n", "a/z.go"))).toBe(false);
    expect(sameConstraint(constraintOf("package a\n", "a/z.go"), constraintOf("", "a/w.go"))).toBe(
      true,
    );
  });

  it("gives a new file the old one's lines, its name's tags added, or none where the new name is narrower", () => {
    const safe = constraintOf(
      "//go:build appengine\n// +build appengine\n\npackage u\n",
      "u/safe.go",
    );
    expect(carriedLines(safe, "u/bytes.go")).toBe("//go:build appengine\n// +build appengine\n");
    const windows = constraintOf("package u\n", "u/sep_windows.go");
    expect(carriedLines(windows, "u/drive.go")).toBe("//go:build windows\n");
    expect(carriedLines(windows, "u/drive_windows.go")).toBe("");
    expect(carriedLines(constraintOf("package u\n", "u/sep.go"), "u/sep_linux.go")).toBeUndefined();
  });

  it("says what a move does with them: lines for a new file, a refusal into a file built elsewhere", () => {
    const safe = { path: "u/safe.go", text: "//go:build appengine\n\npackage u\n" };
    expect(constraintMove(safe, { path: "u/b.go", text: "", fresh: true })).toEqual({
      lines: "//go:build appengine\n",
    });
    expect(
      constraintMove(safe, {
        path: "u/c.go",
        text: "//go:build appengine\n\npackage u\n",
        fresh: false,
      }),
    ).toEqual({ lines: "" });
    expect(constraintMove(safe, { path: "u/u.go", text: "package u\n", fresh: false })).toEqual({
      blocked: expect.stringMatching(
        /^u\/safe\.go is built only where `appengine` and u\/u\.go everywhere/,
      ),
    });
    expect(
      constraintMove(
        { path: "u/u.go", text: "package u\n" },
        { path: "u/u_linux.go", text: "", fresh: true },
      ),
    ).toEqual({
      blocked: expect.stringMatching(/^u\/u_linux\.go would be built only where `linux`/),
    });
  });
});
