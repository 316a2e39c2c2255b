import path from "node:path";
import { insideFolded } from "./deny.ts";

/**
 * Roots too broad to serve without being asked: the user's home directory, a
 * directory that holds it (`/home`, `/Users`) and a file system's root. The
 * default root is the current directory, and a terminal opens in the home
 * directory: `edgeclip-agent connect <url>` typed there would hand every file
 * of the user to the server's sessions (the deny-list spares only what it
 * names). So such a directory is never a default; given with `--root`, it is
 * served, with a warning.
 */
export type Breadth = "home" | "above-home" | "file-system-root";

/** How broad the real directory `dir` is, if too broad to serve unasked. */
export function breadthOf(dir: string, home: string | undefined): Breadth | undefined {
  if (path.parse(dir).root === dir) return "file-system-root";
  if (!home) return undefined;
  if (insideFolded(home, dir) && insideFolded(dir, home)) return "home";
  if (insideFolded(dir, home)) return "above-home";
  return undefined;
}

const WHAT: Record<Breadth, string> = {
  home: "your home directory",
  "above-home": "a directory that holds your home directory",
  "file-system-root": "the root of the file system",
};

/** A root as typed (`given`, undefined for the default) and as resolved. */
export interface RootChoice {
  given: string | undefined;
  real: string;
}

/**
 * What to say about the roots: a refusal when the default (the current
 * directory) is too broad, else a warning per root given that is.
 */
export function checkRoots(
  roots: readonly RootChoice[],
  home: string | undefined,
): { ok: true; warnings: string[] } | { ok: false; message: string } {
  const warnings: string[] = [];
  for (const { given, real } of roots) {
    const breadth = breadthOf(real, home);
    if (breadth === undefined) continue;
    if (given === undefined)
      return {
        ok: false,
        message: `the current directory (${real}) is ${WHAT[breadth]}: serving it by default would let the agent read and edit every file under it. Run edgeclip-agent in a project's directory, or give the directory to serve with --root DIR (--root ${real} if you really mean all of it).`,
      };
    warnings.push(
      `warning: --root ${given} is ${WHAT[breadth]}: the agent may read and edit every file under it except the deny-list (edgeclip-agent --help). A project's directory is safer.`,
    );
  }
  return { ok: true, warnings };
}
