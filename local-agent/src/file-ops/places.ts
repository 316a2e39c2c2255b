import path from "node:path/posix";
import { javaCode, javaPackageOf } from "../languages/java/packages.ts";
import { rustCode } from "../languages/rust/modules.ts";
import type { SyntaxFault } from "../syntax/faults.ts";
import type { Language } from "../syntax/languages.ts";

/**
 * What a language's own tools say of a file's place, beyond its syntax
 * (issue 35: "parses" means what the front end would say of the file's
 * outline). Pure: paths and texts in. The syntax guard (syntax-guard.ts)
 * adds a place fault to a file's syntax faults, and claims no "parses" for a
 * Rust file no module of the operation declares.
 */

/**
 * A Java file whose package declaration does not name its directory
 * (`package com.acme.text;` in `com/acme/util/`): javac's source path, Maven
 * and Gradle look for it where its package says. The default package
 * (no declaration) fits anywhere.
 */
export function placeFault(file: string, text: string, lang: Language): SyntaxFault | undefined {
  if (lang !== "java") return undefined;
  const pkg = javaPackageOf(text);
  if (!pkg) return undefined;
  const dir = path.dirname(file);
  const want = pkg.split(".").join("/");
  if (dir === want || dir.endsWith(`/${want}`)) return undefined;
  const at = /^[ \t]*package\s/m.exec(javaCode(text))?.index ?? 0;
  const line = text.slice(0, at).split("\n").length;
  return { line, text: `package ${pkg} does not match its directory ${dir}` };
}

/**
 * Whether Cargo compiles a new Rust file as things stand after the operation:
 * a crate's root or build script, a target it finds by itself (`src/bin/`,
 * `tests/`, `examples/`, `benches/`), or a module one of `texts` declares
 * (`mod text;`, its directory's name for a `mod.rs`). Texts outside the
 * operation are not read: a file declared elsewhere is not claimed, said less.
 */
export function rustReachable(file: string, texts: readonly string[]): boolean {
  const base = path.basename(file, ".rs");
  if (["main", "lib", "build"].includes(base)) return true;
  if (file.split("/").some((part) => ["bin", "tests", "examples", "benches"].includes(part)))
    return true;
  const name = base === "mod" ? path.basename(path.dirname(file)) : base;
  const declares = new RegExp(`(?:^|[\\s;{}])mod\\s+(?:r#)?${name}\\s*[;{]`);
  return texts.some((text) => declares.test(rustCode(text)));
}
