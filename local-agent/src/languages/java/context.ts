import path from "node:path";
import type { Disk } from "../disk.ts";
import { type JavaContext, javaPackageOf } from "./packages.ts";

/**
 * A Java move's context (packages.ts JavaContext): the files of the old and
 * new directories, the old package's in any source root, and its classes'
 * subclasses elsewhere.
 */
export async function javaContext(
  disk: Disk,
  source: string,
  dest: string,
  files: readonly string[],
): Promise<JavaContext> {
  const dirs = new Set([path.dirname(source), path.dirname(dest)]);
  // The old package's files in other source roots too (Maven's src/test/java beside
  // src/main/java): a package is its name, not its directory.
  const own = await disk.file(source);
  const oldPackage = own ? javaPackageOf(own.text) : "";
  const out = await disk.read(
    files,
    (text, abs) =>
      dirs.has(path.dirname(abs)) || (oldPackage !== "" && javaPackageOf(text) === oldPackage),
  );
  // Subclasses of the old package's classes elsewhere: an override of what a move makes public
  // may not be weaker there either.
  const classes = new Set(
    out
      .filter((f) => javaPackageOf(f.text) === oldPackage)
      .flatMap((f) => [...f.text.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1] ?? "")),
  );
  const have = new Set(out.map((f) => f.abs));
  const heirs = classes.size
    ? await disk.read(
        files.filter((f) => !have.has(f)),
        (text) =>
          [...text.matchAll(/\bextends\s+(?:[\w$]+\.)*([\w$]+)/g)].some((m) =>
            classes.has(m[1] ?? ""),
          ),
      )
    : [];
  return { files: [...out, ...heirs].map(({ path, text }) => ({ path, text })) };
}
