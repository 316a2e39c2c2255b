import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { coordinatesIn, declaredJars, jarOf } from "./classpath.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "edgeclip-classpath-"));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("the jars a Java project declares (the build guard's classpath)", () => {
  it("reads a pom's dependencies, its properties resolved, and Gradle's two notations", () => {
    const pom = `<project><properties><junit.version>4.13.2</junit.version></properties>
      <dependencies>
        <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>\${junit.version}</version><scope>test</scope></dependency>
        <dependency><groupId>org.apache.commons</groupId><artifactId>commons-lang3</artifactId></dependency>
      </dependencies></project>`;
    expect(coordinatesIn(pom, new Map([["junit.version", "4.13.2"]]))).toEqual([
      { group: "junit", artifact: "junit", version: "4.13.2" },
      { group: "org.apache.commons", artifact: "commons-lang3" },
    ]);
    // hamcrest 2.2's hamcrest.gradle, and the short form.
    const gradle = `dependencies {
      testImplementation(group: 'junit', name: 'junit', version: '4.12') { transitive = false }
      implementation "com.google.guava:guava:31.1-jre"
    }`;
    expect(coordinatesIn(gradle, new Map())).toEqual([
      { group: "com.google.guava", artifact: "guava", version: "31.1-jre" },
      { group: "junit", artifact: "junit", version: "4.12" },
    ]);
  });

  it("finds the version named in a Maven repository, else the newest there, else in Gradle's cache", async () => {
    const stores = tree({
      "m2/junit/junit/4.12/junit-4.12.jar": "",
      "m2/junit/junit/4.13.2/junit-4.13.2.jar": "",
      "m2/junit/junit/4.x/junit-4.x.jar": "",
      "gradle/com.google.guava/guava/31.1-jre/0a1b/guava-31.1-jre.jar": "",
    });
    const at = { maven: [path.join(stores, "m2")], gradle: [path.join(stores, "gradle")] };
    expect(await jarOf({ group: "junit", artifact: "junit", version: "4.12" }, at)).toBe(
      path.join(stores, "m2/junit/junit/4.12/junit-4.12.jar"),
    );
    // Debian's repository has 4.13.2 and 4.x where a build asks for 4.11.
    expect(await jarOf({ group: "junit", artifact: "junit", version: "4.11" }, at)).toBe(
      path.join(stores, "m2/junit/junit/4.13.2/junit-4.13.2.jar"),
    );
    expect(await jarOf({ group: "com.google.guava", artifact: "guava" }, at)).toBe(
      path.join(stores, "gradle/com.google.guava/guava/31.1-jre/0a1b/guava-31.1-jre.jar"),
    );
    expect(
      await jarOf({ group: "org.nowhere", artifact: "none", version: "1" }, at),
    ).toBeUndefined();
  });

  it("reads the module's build files and its parent's, where a multi-module build keeps versions", async () => {
    const root = tree({
      "stores/junit/junit/4.13.2/junit-4.13.2.jar": "",
      "stores/org/opentest4j/opentest4j/1.2.0/opentest4j-1.2.0.jar": "",
      "stores/org/parent/only/1/only-1.jar": "",
      "project/pom.xml":
        "<project><properties><ot.version>1.2.0</ot.version></properties><dependencies><dependency><groupId>org.parent</groupId><artifactId>only</artifactId><version>1</version></dependency></dependencies></project>",
      "project/core/pom.xml": `<project><dependencies>
        <dependency><groupId>junit</groupId><artifactId>junit</artifactId></dependency>
        <dependency><groupId>org.opentest4j</groupId><artifactId>opentest4j</artifactId><version>\${ot.version}</version></dependency>
        <dependency><groupId>org.absent</groupId><artifactId>absent</artifactId><version>1</version></dependency>
      </dependencies></project>`,
    });
    const at = { maven: [path.join(root, "stores")], gradle: [] };
    expect(await declaredJars(path.join(root, "project", "core"), at)).toEqual([
      path.join(root, "stores/junit/junit/4.13.2/junit-4.13.2.jar"),
      path.join(root, "stores/org/opentest4j/opentest4j/1.2.0/opentest4j-1.2.0.jar"),
      path.join(root, "stores/org/parent/only/1/only-1.jar"),
    ]);
    expect(await declaredJars(path.join(root, "nowhere"), at)).toEqual([]);
    // The parent's files only where the caller may read (the agent's roots).
    const inside = (dir: string) => dir.startsWith(path.join(root, "project", "core"));
    expect(await declaredJars(path.join(root, "project", "core"), at, inside)).toEqual([
      path.join(root, "stores/junit/junit/4.13.2/junit-4.13.2.jar"),
      path.join(root, "stores/org/opentest4j/opentest4j/1.2.0/opentest4j-1.2.0.jar"),
    ]);
  });

  it("reads no Gradle cache folder, link or oversized file as a build file, and no coordinate that climbs out of a repository", async () => {
    const root = tree({
      "stores/junit/junit/4.13.2/junit-4.13.2.jar": "",
      "stores/junit/junit/5.0/junit-5.0.pom": "",
      "stores/x/evil.jar": "",
      "project/.gradle/8.0/file": "",
      "project/big.gradle": `${"//".repeat(600_000)}\n'junit:junit:4.13.2'\n`,
      "project/pom.xml": `<project><dependencies>
        <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>6</version></dependency>
        <dependency><groupId>x</groupId><artifactId>../x</artifactId><version>..</version></dependency>
      </dependencies></project>`,
    });
    symlinkSync("/dev/zero", path.join(root, "project", "build.gradle"));
    const at = { maven: [path.join(root, "stores")], gradle: [] };
    // 6 is not there and 5.0 has no jar: the newest with one.
    expect(await declaredJars(path.join(root, "project"), at)).toEqual([
      path.join(root, "stores/junit/junit/4.13.2/junit-4.13.2.jar"),
    ]);
    expect(await jarOf({ group: "x", artifact: "..", version: "evil" }, at)).toBeUndefined();
  });
});
