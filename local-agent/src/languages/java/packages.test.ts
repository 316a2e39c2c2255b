import { describe, expect, it } from "vitest";
import {
  addImport,
  javaResource,
  packageForDir,
  rewriteJavaImporter,
  rewriteJavaResource,
  sourceRootOf,
  widenJava,
} from "./packages.ts";

const MOVE = {
  oldPackage: "com.acme.util",
  newPackage: "com.acme.text",
  oldDir: "src/com/acme/util",
  newDir: "src/com/acme/text",
  types: ["Strings"],
};

describe("Java's packages without parsing", () => {
  it("finds the source root a package implies, and a directory's package below it", () => {
    expect(sourceRootOf("src/main/java/com/acme", "com.acme")).toBe("src/main/java");
    expect(sourceRootOf("com/acme", "com.acme")).toBe("");
    expect(sourceRootOf("src/other", "com.acme")).toBeUndefined();
    expect(packageForDir("src/main/java/com/acme/text", "src/main/java")).toBe("com.acme.text");
    expect(packageForDir("lib/x", "src/main/java")).toBeUndefined();
    expect(packageForDir("src/main/java/com/my-app", "src/main/java")).toBeUndefined();
  });

  it("adds an import below the last one, or below the package declaration", () => {
    expect(addImport("package a;\n\nimport b.C;\n\nclass A {}\n", "d.E")).toBe(
      "package a;\n\nimport b.C;\nimport d.E;\n\nclass A {}\n",
    );
    expect(addImport("package a;\n\nclass A {}\n", "d.E")).toBe(
      "package a;\n\nimport d.E;\n\nclass A {}\n",
    );
  });

  it("rewrites single-type, static and fully qualified names, and the binary name in a string (reflection reads it)", () => {
    const text = `package com.acme;

import com.acme.util.Strings;
import static com.acme.util.Strings.slug;

class App {
    String a = com.acme.util.Strings.slug("com.acme.util.Strings");
}
`;
    expect(rewriteJavaImporter({ path: "src/com/acme/App.java", text }, MOVE)?.text).toBe(
      text
        .replace("import com.acme.util.Strings;", "import com.acme.text.Strings;")
        .replace("static com.acme.util.Strings.slug", "static com.acme.text.Strings.slug")
        .replace("= com.acme.util.Strings.slug", "= com.acme.text.Strings.slug")
        .replace('"com.acme.util.Strings"', '"com.acme.text.Strings"'),
    );
  });

  it("renames the binary name in strings and class-path resources, a nested class's too, never a longer name's (commons-validator)", () => {
    const move = { ...MOVE, types: ["Field"], oldPackage: "org.v", newPackage: "org.v.util" };
    const test = [
      "package org.v;",
      "",
      "class T {",
      '    String params = "java.lang.Object,org.v.Field";',
      '    String nested = "org.v.Field$Key";',
      '    String other = "org.v.FieldChecks";',
      "    // org.v.Field in a comment stays",
      "}",
      "",
    ].join("\n");
    const made = rewriteJavaImporter({ path: "src/test/java/org/v/T.java", text: test }, move);
    expect(made?.text).toBe(
      test
        .replace("Object,org.v.Field", "Object,org.v.util.Field")
        .replace("org.v.Field$Key", "org.v.util.Field$Key"),
    );
    expect(made?.changes).toContain(
      "src/test/java/org/v/T.java: names org.v.util.Field in a string",
    );
    const rules =
      '<rules>\n  <object-create-rule classname="org.v.Field" />\n  <x classname="org.v.FieldChecks"/>\n  <y m="java.lang.Object,org.v.Field"/>\n</rules>\n';
    const resource = rewriteJavaResource(
      { path: "src/main/resources/org/v/digester-rules.xml", text: rules },
      move,
    );
    expect(resource).toEqual({
      text: rules
        .replace('"org.v.Field"', '"org.v.util.Field"')
        .replace(",org.v.Field", ",org.v.util.Field"),
      changes: ["src/main/resources/org/v/digester-rules.xml: names org.v.util.Field"],
      unresolved: [],
    });
    expect(rewriteJavaResource({ path: "r.xml", text: '<x c="org.v.FieldChecks"/>' }, move)).toBe(
      undefined,
    );
    expect(javaResource("/p/src/main/resources/org/v/digester-rules.xml")).toBe(true);
    expect(javaResource("/p/src/test/resources/a.properties")).toBe(true);
    expect(javaResource("/p/src/main/resources/META-INF/services/org.v.Spi")).toBe(true);
    expect(javaResource("/p/src/main/resources/logo.png")).toBe(false);
    expect(javaResource("/p/docs/changes.xml")).toBe(false);
  });

  it("gives the old package's own users and an on-demand importer the new import", () => {
    const own = 'package com.acme.util;\n\nclass W {\n    String s = Strings.slug("a");\n}\n';
    expect(rewriteJavaImporter({ path: "src/com/acme/util/W.java", text: own }, MOVE)?.text).toBe(
      'package com.acme.util;\n\nimport com.acme.text.Strings;\n\nclass W {\n    String s = Strings.slug("a");\n}\n',
    );
    const star =
      'package com.acme;\n\nimport com.acme.util.*;\n\nclass O {\n    String s = Strings.slug("a");\n}\n';
    expect(rewriteJavaImporter({ path: "src/com/acme/O.java", text: star }, MOVE)?.text).toContain(
      "import com.acme.util.*;\nimport com.acme.text.Strings;\n",
    );
  });

  it("makes declarations public where the move read them, and leaves a file changed since alone, saying so", () => {
    const text =
      "package com.acme.util;\n\nfinal class Lower {\n    static String of(String s) { return s; }\n}\n";
    const widen = {
      path: "src/com/acme/util/Lower.java",
      text,
      at: [text.indexOf("final"), text.indexOf("static")],
      names: ["Lower", "Lower.of"],
    };
    const done = widenJava({ path: widen.path, text }, [widen], "com.acme.text");
    expect(done.text).toBe(
      "package com.acme.util;\n\npublic final class Lower {\n    public static String of(String s) { return s; }\n}\n",
    );
    expect(done.changes).toEqual([
      "src/com/acme/util/Lower.java: Lower, Lower.of made public (package com.acme.text uses them)",
    ]);
    const changed = widenJava(
      { path: widen.path, text: `// edited\n${text}` },
      [widen],
      "com.acme.text",
    );
    expect(changed.text).toBe(`// edited\n${text}`);
    expect(changed.unresolved[0]).toContain(
      "changed since the move read it: Lower, Lower.of not opened",
    );
  });

  it("opens one file's declarations at once, public and protected, each named on the receipt", () => {
    const text =
      "package com.acme.shape;\n\nabstract class Base {\n    int count;\n    abstract int value();\n}\n";
    const read = { path: "Base.java", text };
    const done = widenJava(
      read,
      [
        { ...read, at: [text.indexOf("abstract class")], names: ["Base"] },
        {
          ...read,
          at: [],
          names: [],
          protectedAt: [text.indexOf("int count"), text.indexOf("abstract int")],
          protectedNames: ["Base.count", "Base.value"],
        },
      ],
      "com.acme.tree",
    );
    expect(done.text).toBe(
      "package com.acme.shape;\n\npublic abstract class Base {\n    protected int count;\n    protected abstract int value();\n}\n",
    );
    expect(done.changes).toEqual([
      "Base.java: Base made public (package com.acme.tree uses it)",
      "Base.java: Base.count, Base.value made protected (a subclass in package com.acme.tree reaches them)",
    ]);
  });
});
