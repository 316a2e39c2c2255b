import { existsSync } from "node:fs";
import { lstat, readdir, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

/**
 * The jars a Java project declares that this machine already holds, found
 * without running its build: the dependencies its `pom.xml` or Gradle files
 * name (`<groupId>…<artifactId>…<version>`, `'junit:junit:4.12'`, `group:
 * 'junit', name: 'junit', version: '4.12'`), looked up in the local Maven
 * repository (`~/.m2/repository`), Debian's (`/usr/share/maven-repo`) and
 * Gradle's cache. The version named, else the newest there: a compile check
 * compares before and after with the same jars, so a near version serves.
 * Direct dependencies only (no pom is resolved further); what stays missing
 * is there before and after a move alike. Reading a jar runs nothing.
 */

export interface Coordinate {
  group: string;
  artifact: string;
  version?: string;
}

/** Where jars are looked for: Maven-layout repositories, and Gradle's cache. */
export interface JarStores {
  maven: string[];
  gradle: string[];
}

export const JAR_STORES: JarStores = {
  maven: [path.join(homedir(), ".m2", "repository"), "/usr/share/maven-repo"],
  gradle: [path.join(homedir(), ".gradle", "caches", "modules-2", "files-2.1")],
};

/** The build files of a project's directory (and its parent's, where a multi-module build keeps versions). */
const BUILD_FILES = /^(pom\.xml|[^.][^/]*\.gradle(\.kts)?)$/;
/** A build file past this size is not read (a project's own are far smaller). */
const MAX_BUILD_FILE = 1024 * 1024;
/** What a coordinate may be: Maven's characters, never a path's `..`. */
const PART = /^(?!.*\.\.)[\w.+-]+$/;

/** The dependencies `text` (a pom.xml or a Gradle script) names, `${…}` resolved from `properties`. */
export function coordinatesIn(text: string, properties: ReadonlyMap<string, string>): Coordinate[] {
  const out: Coordinate[] = [];
  const value = (s: string | undefined) =>
    s?.trim().replace(/\$\{([^}]+)\}/g, (all, key: string) => properties.get(key) ?? all);
  for (const m of text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const tag = (name: string) =>
      value(new RegExp(`<${name}>([^<]*)</${name}>`).exec(m[1] ?? "")?.[1]);
    const group = tag("groupId");
    const artifact = tag("artifactId");
    const version = tag("version");
    if (group && artifact) out.push({ group, artifact, ...(version ? { version } : {}) });
  }
  // Gradle: 'g:a:v' (or "g:a:v", with an optional classifier), and group: 'g', name: 'a', version: 'v'.
  for (const m of text.matchAll(/["']([\w.-]+):([\w.-]+):([\w.$+-]+)(?::[\w.-]+)?["']/g))
    if (m[1] && m[2]) out.push({ group: m[1], artifact: m[2], ...(m[3] ? { version: m[3] } : {}) });
  for (const m of text.matchAll(
    /group\s*[:=]\s*["']([\w.-]+)["']\s*,\s*name\s*[:=]\s*["']([\w.-]+)["'](?:\s*,\s*version\s*[:=]\s*["']([\w.$+-]+)["'])?/g,
  ))
    if (m[1] && m[2]) out.push({ group: m[1], artifact: m[2], ...(m[3] ? { version: m[3] } : {}) });
  return out;
}

/** A pom's `<properties>` (`<junit.version>4.13</junit.version>`). */
function propertiesIn(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const block = /<properties>([\s\S]*?)<\/properties>/.exec(text)?.[1] ?? "";
  for (const m of block.matchAll(/<([\w.-]+)>([^<]*)<\/\1>/g))
    if (m[1] && m[2] !== undefined) out.set(m[1], m[2].trim());
  return out;
}

/** Versions compared by their numbers, part by part (`4.13.2` > `4.9`); a part that is no number sorts below. */
function newer(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = Number(pa[i] ?? "-1");
    const y = Number(pb[i] ?? "-1");
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? -1 : 1;
    if (!Number.isNaN(x) && x !== y) return x - y;
  }
  return 0;
}

async function dirsIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory() || e.isSymbolicLink())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** The jar of `c` in the stores: its version where there, else the newest there that has one. */
export async function jarOf(c: Coordinate, stores: JarStores): Promise<string | undefined> {
  if (![c.group, c.artifact].every((p) => PART.test(p))) return undefined;
  // The one named first, then the others newest first.
  const order = (versions: string[]) => [
    ...versions.filter((v) => v === c.version),
    ...versions
      .filter((v) => v !== c.version && PART.test(v))
      .sort(newer)
      .reverse(),
  ];
  for (const repo of stores.maven) {
    const dir = path.join(repo, ...c.group.split("."), c.artifact);
    for (const version of order(await dirsIn(dir))) {
      const jar = path.join(dir, version, `${c.artifact}-${version}.jar`);
      if (existsSync(jar)) return jar;
    }
  }
  for (const cache of stores.gradle) {
    const dir = path.join(cache, c.group, c.artifact);
    for (const version of order(await dirsIn(dir)))
      for (const hash of await dirsIn(path.join(dir, version))) {
        const jar = path.join(dir, version, hash, `${c.artifact}-${version}.jar`);
        if (existsSync(jar)) return jar;
      }
  }
  return undefined;
}

/** A build file's text: a regular file (no link, no device) of a build file's size, else none. */
async function buildFileText(file: string): Promise<string | undefined> {
  try {
    const stat = await lstat(file);
    if (!stat.isFile() || stat.size > MAX_BUILD_FILE) return undefined;
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The jars of what the build files of `projectDir` and its parent declare,
 * that `stores` hold; the parent's only where `readable` (the agent's roots).
 */
export async function declaredJars(
  projectDir: string,
  stores: JarStores = JAR_STORES,
  readable: (dir: string) => boolean = () => true,
): Promise<string[]> {
  const texts: string[] = [];
  for (const dir of [projectDir, path.dirname(projectDir)].filter(readable)) {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => BUILD_FILES.test(n));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const text = await buildFileText(path.join(dir, name));
      if (text !== undefined) texts.push(text);
    }
  }
  const properties = new Map<string, string>();
  for (const text of [...texts].reverse())
    for (const [k, v] of propertiesIn(text)) properties.set(k, v);
  const seen = new Set<string>();
  const jars: string[] = [];
  for (const c of texts.flatMap((t) => coordinatesIn(t, properties))) {
    const key = `${c.group}:${c.artifact}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const jar = await jarOf(c, stores);
    if (jar) jars.push(jar);
  }
  return jars;
}
