import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gofmtChanges, goWorkWithin } from "./check.ts";

describe("the go.work a check gives go vet", () => {
  it("is the project's, found from the module up to the copied tree's top, never one above it", () => {
    const base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-gowork-")));
    try {
      const top = path.join(base, "tree");
      const module = path.join(top, "svc", "api");
      mkdirSync(module, { recursive: true });
      // Above the copy (the shared temporary directory, in the agent's case): not taken.
      writeFileSync(path.join(base, "go.work"), "go 1.19\n\nuse ./elsewhere\n");
      expect(goWorkWithin(module, top)).toBeUndefined();
      writeFileSync(path.join(top, "go.work"), "go 1.19\n\nuse ./svc/api\n");
      expect(goWorkWithin(module, top)).toBe(path.join(top, "go.work"));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("what gofmt would change, line by line", () => {
  it("names each line it rewrites or removes, and what it adds alone, by file", () => {
    const diff = `diff a1.go.orig a1.go
--- a1.go.orig
+++ a1.go
@@ -6,7 +6,7 @@
 //
 // Essentially it is the same as IteratorWithIndex, but provides additional:
 //
-// Prev() function to enable traversal in reverse
+// # Prev() function to enable traversal in reverse
 //
 // Last() function to move the iterator to the last element.
 //
diff /tmp/s/a2.go.orig /tmp/s/a2.go
--- /tmp/s/a2.go.orig
+++ /tmp/s/a2.go
@@ -1,2 +1,3 @@
 package x
-func  F( ) {}
+
+func F() {}
@@ -9,3 +10,4 @@
 var a = 1
+
 var b = 2
`;
    expect(Object.fromEntries(gofmtChanges(diff))).toEqual({
      "a1.go": [{ line: 9, text: "// Prev() function to enable traversal in reverse" }],
      "/tmp/s/a2.go": [
        { line: 2, text: "func  F( ) {}" },
        { line: 10, text: "+" },
      ],
    });
    expect(gofmtChanges("").size).toBe(0);
  });
});
