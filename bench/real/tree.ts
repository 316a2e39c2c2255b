/**
 * A project's tree as bytes, for `npm run bench:real`: a snapshot of the
 * pristine copy, what differs from it (the undo check: byte for byte), and a
 * copy put back to it between moves.
 */
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** Root-relative posix path → bytes. */
export type Snapshot = Map<string, Buffer>;

/** Directories no check or tool should leave behind in a comparison. */
const SKIPPED = new Set(["__pycache__", ".ropeproject", "node_modules"]);

function walk(root: string, dir = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(root, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

export function snapshot(root: string): Snapshot {
  return new Map(walk(root).map((rel) => [rel, readFileSync(path.join(root, rel))]));
}

/** The files of `root` that differ from `snap`: changed, added, missing. */
export function differences(root: string, snap: Snapshot): string[] {
  const now = walk(root);
  const changed = now.filter((rel) => {
    const was = snap.get(rel);
    return !was?.equals(readFileSync(path.join(root, rel)));
  });
  const present = new Set(now);
  return [...changed, ...[...snap.keys()].filter((rel) => !present.has(rel))].sort();
}

/**
 * `root` made `snap` again: what differs rewritten, what is new removed (and
 * emptied directories), but for the paths in `keep`.
 */
export function restore(root: string, snap: Snapshot, keep: readonly string[] = []): void {
  const kept = new Set(keep);
  for (const rel of differences(root, snap)) {
    if (kept.has(rel)) continue;
    const bytes = snap.get(rel);
    const abs = path.join(root, rel);
    if (bytes) {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, bytes);
    } else {
      rmSync(abs, { force: true });
      for (let dir = path.dirname(rel); dir !== "."; dir = path.dirname(dir)) {
        try {
          rmdirSync(path.join(root, dir));
        } catch {
          break; // not empty
        }
      }
    }
  }
}

/**
 * A fresh copy of `from` at `to`. Installed dependencies are not copied but
 * linked: each `node_modules` of the copy is a symbolic link to the
 * original's (gigabytes, which no move writes, and which the snapshots, the
 * agent's walks and TypeScript's realpaths all see through or skip).
 */
export function freshCopy(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, {
    recursive: true,
    filter: (source, dest) => {
      if (path.basename(source) !== "node_modules") return true;
      symlinkSync(source, dest, "dir");
      return false;
    },
  });
}

/** `texts` (root-relative path → new text) written under `root`, with the directories they need. */
export function writeTexts(root: string, texts: Iterable<readonly [string, string]>): void {
  for (const [rel, text] of texts) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
}
