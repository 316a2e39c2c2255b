import { describe, expect, it } from "vitest";
import { select } from "../../syntax/select.ts";
import { packageResources, planJavaImports } from "./move.ts";

const ORDER_JAVA = `package shop;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

public class Order {
    private final List<Line> lines = new ArrayList<>();

    public BigDecimal total() {
        BigDecimal sum = BigDecimal.ZERO;
        for (Line line : lines) sum = sum.add(line.amount());
        return sum;
    }

    public int size() {
        return lines.size();
    }
}
`;

/** `focus` of `text` moved from `sourcePath` to `destPath`, whose text `dest` makes of the unit (the unit alone). */
async function moveOf(
  text: string,
  focus: string,
  sourcePath: string,
  destPath: string,
  dest = (unit: string) => unit,
) {
  const found = await select(
    text,
    { focus },
    "java",
    sourcePath.slice(sourcePath.lastIndexOf("/") + 1),
  );
  if (!found.ok) throw new Error(found.error.message);
  const { start, end } = found.value;
  return planJavaImports({
    sourcePath,
    destPath,
    sourceBefore: text,
    unit: { start, end },
    sourceAfter: text.slice(0, start) + text.slice(end),
    destAfter: dest(text.slice(start, end)),
  });
}

describe("import-aware moves in Java", () => {
  it("gives the destination the imports the unit uses, drops the ones only it used, and names its package's types for another package", async () => {
    const plan = await moveOf(
      ORDER_JAVA,
      "Order.total",
      "shop/Order.java",
      "shop/billing/Totals.java",
      (unit) => `package shop.billing;\n\npublic class Totals {\n${unit}}\n`,
    );
    expect(plan.destination.split("\n").slice(0, 5)).toEqual([
      "package shop.billing;",
      "",
      "import java.math.BigDecimal;",
      "",
      "public class Totals {",
    ]);
    expect(plan.source).not.toContain("import java.math.BigDecimal;");
    expect(plan.source).toContain("import java.util.List;");
    expect(plan.changes).toEqual([
      "shop/billing/Totals.java: imports BigDecimal",
      "shop/Order.java: drops imports BigDecimal",
    ]);
    expect(plan.unresolved).toEqual([
      "Line: types of package shop the unit may use were not imported into package shop.billing",
    ]);
  });
});

describe("the old Java file a class leaves", () => {
  it("keeps no run of blank lines where the class was (issue 35)", async () => {
    const text = "package com.acme.util;\n\nclass A {}\n\nclass Strings {}\n\nclass B {}\n";
    const plan = await moveOf(
      text,
      "Strings",
      "com/acme/util/Util.java",
      "com/acme/util/Strings.java",
    );
    expect(plan.source).toBe("package com.acme.util;\n\nclass A {}\n\nclass B {}\n");
  });
});

describe("Java types the unit uses, by where they are declared", () => {
  it("needs nothing for the destination's own types, its nested ones too, and imports the old file's by name", async () => {
    // The shape of the report: a method pasted over A.java#A.f, using A and its nested record L.
    const source = [
      "package p.q;",
      "",
      "public class B {",
      "    public record Helper(int n) {}",
      "",
      "    A.L f(A a, Helper h, Other o) {",
      "        return new A.L(h.n());",
      "    }",
      "}",
      "",
    ].join("\n");
    const found = await select(source, { focus: "B.f" }, "java", "B.java");
    if (!found.ok) throw new Error(found.error.message);
    const { start, end } = found.value;
    const dest = [
      "package p;",
      "",
      "public class A {",
      "    public record L(int n) {}",
      "",
      source.slice(start, end),
      "}",
      "",
    ].join("\n");
    const plan = await planJavaImports({
      sourcePath: "p/q/B.java",
      destPath: "p/A.java",
      sourceBefore: source,
      unit: { start, end },
      sourceAfter: source,
      destAfter: dest,
    });
    expect(plan.destination.split("\n").slice(0, 4)).toEqual([
      "package p;",
      "",
      "import p.q.B.Helper;",
      "",
    ]);
    expect(plan.unresolved).toEqual([
      "Other: types of package p.q the unit may use were not imported into package p",
    ]);
  });
});

describe("a class that loads resources by names relative to its package", () => {
  const RESOURCES_JAVA = [
    "package org.v;",
    "",
    "public class Resources {",
    '    private static final String RULES = "digester-rules.xml";',
    '    private static final String DTDS[] = { "-//DTD 1.0//EN", "/org/v/resources/v_1_0.dtd" };',
    "",
    "    java.net.URL rules() {",
    "        java.net.URL url = this.getClass().getResource(RULES);",
    "        return url == null ? Resources.class.getResource(RULES) : url;",
    "    }",
    "",
    "    java.net.URL dtd(int i) {",
    "        return getClass().getResource(DTDS[i + 1]);",
    "    }",
    "",
    "    java.io.InputStream js(String name) {",
    '        getClass().getResourceAsStream("v.js");',
    '        getClass().getResourceAsStream("/org/v/abs.js");',
    "        return getClass().getResourceAsStream(name);",
    "    }",
    "}",
    "",
  ].join("\n");

  it("makes each name the move would change absolute in the old package, and names the one it cannot know (commons-validator's ValidatorResources)", async () => {
    const plan = await moveOf(
      RESOURCES_JAVA,
      "Resources",
      "src/main/java/org/v/Resources.java",
      "src/main/java/org/v/util/Resources.java",
    );
    expect(plan.destination).toContain(
      'private static final String RULES = "/org/v/digester-rules.xml";',
    );
    expect(plan.destination).toContain('getClass().getResourceAsStream("/org/v/v.js");');
    expect(plan.destination).toContain('getClass().getResourceAsStream("/org/v/abs.js");');
    expect(plan.destination).toContain("getClass().getResource(DTDS[i + 1]);");
    expect(plan.changes).toContain(
      "src/main/java/org/v/util/Resources.java: loads digester-rules.xml, v.js from package org.v by their absolute names",
    );
    expect(plan.unresolved.filter((u) => u.includes("resource"))).toEqual([
      "src/main/java/org/v/util/Resources.java:19: `getClass().getResourceAsStream(name)` loads a resource by a name relative to the class's package, now org.v.util, and the name is not known here",
    ]);
  });

  it("names a resource bundle the class names by itself by its old binary name (args4j's Messages)", () => {
    const text =
      "enum Bundle {\n    A;\n    String s(java.util.Locale l) {\n        return java.util.ResourceBundle.getBundle(Bundle.class.getName(), l).getString(name());\n    }\n    Object t() { return java.util.ResourceBundle.getBundle(getClass().getName()); }\n}\n";
    const done = packageResources(text, 0, text.length, { oldPackage: "org.k", types: ["Bundle"] });
    expect(done.text).toContain('getBundle("org.k.Bundle", l)');
    expect(done.absolute).toEqual(["the bundle org.k.Bundle"]);
    expect(done.unknown).toEqual([{ line: 6, text: "getBundle(getClass().getName()" + ")" }]);
  });

  it("makes a name of the default package absolute at the class path's root", async () => {
    const text = 'class R {\n    Object r() { return getClass().getResource("r.xml"); }\n}\n';
    expect(packageResources(text, 0, text.length, { oldPackage: "", types: ["R"] }).text).toContain(
      'getResource("/r.xml")',
    );
  });
});
