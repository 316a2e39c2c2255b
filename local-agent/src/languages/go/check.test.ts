import { describe, expect, it } from "vitest";
import { gofmtChanges } from "./check.ts";

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
