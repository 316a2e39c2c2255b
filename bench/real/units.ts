/**
 * Which units `npm run bench:real` moves, and where: a seeded rule, the same
 * on every run and machine. Of a project's exported top-level functions,
 * classes and constants, IMPORTED are drawn from those another file uses and
 * UNUSED from those none does; each goes into a new file in another
 * directory of the project (a package, for Python) drawn the same way; for
 * Go, every other one into a new file of its own directory (a split), the
 * rest into a new package below their own directory, drawn from the units Go
 * lets move there (pickGoMoves); for Rust, every one into a new file of its
 * own directory (a file is a module: the new file is a new module).
 */
import path from "node:path/posix";

export const SEED = 26;
export const IMPORTED = 20;
export const UNUSED = 4;
/**
 * `EDGECLIP_BENCH_UNITS=N`: only the first N moves of each project (imported
 * units first), for a quick trial; the draw itself does not change.
 */
export const LIMIT = Number(process.env.EDGECLIP_BENCH_UNITS) || undefined;

export interface Candidate {
  path: string;
  name: string;
  importers: number;
}

export interface Move<U extends Candidate = Candidate> {
  unit: U;
  /** Root-relative path of the new file. */
  dest: string;
}

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in a seeded order (Fisher–Yates), after sorting them so the input order does not matter. */
function shuffled<T>(items: readonly T[], key: (t: T) => string, next: () => number): T[] {
  const out = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The moves for a project: its candidates, the directories a unit may go to,
 * and how a file is named in its language (`name` from `a/b.tsx` → `name.tsx`).
 * A unit whose name is declared twice in its file is left out (a locator names one).
 */
export function pickMoves<U extends Candidate>(
  candidates: readonly U[],
  dirs: readonly string[],
  fileName: (name: string, from: string) => string,
  taken: ReadonlySet<string>,
  newDir?: string,
  /** "all": every move splits its unit into a new file of its own directory (Rust: a new module). */
  splits: "none" | "all" = "none",
  /** Where the language lets a unit go at all (Python: not into a package that loads it); else `newDir`. */
  allowed: (unit: U, dir: string) => boolean = () => true,
): Move<U>[] {
  const next = random(SEED);
  const key = (u: U) => `${u.path}#${u.name}`;
  const counts = new Map<string, number>();
  for (const u of candidates) counts.set(key(u), (counts.get(key(u)) ?? 0) + 1);
  const single = candidates.filter((u) => counts.get(key(u)) === 1);
  const used = shuffled(
    single.filter((u) => u.importers > 0),
    key,
    next,
  );
  const unused = shuffled(
    single.filter((u) => u.importers === 0),
    key,
    next,
  );
  const chosen = [...used.slice(0, IMPORTED), ...unused.slice(0, UNUSED)];
  // Fewer unused units than UNUSED: more used ones instead.
  chosen.push(...used.slice(IMPORTED, IMPORTED + UNUSED - Math.min(UNUSED, unused.length)));
  const names = new Set([...taken].map((t) => t.toLowerCase()));
  return chosen.map((unit) => {
    const own = path.dirname(unit.path);
    const others = [...dirs].filter((d) => d !== own && allowed(unit, d)).sort();
    const drawn = others.length ? (others[Math.floor(next() * others.length)] as string) : newDir;
    const dir = splits === "all" ? own : drawn;
    if (dir === undefined) throw new Error(`no directory to move ${key(unit)} to`);
    let dest = path.join(dir, fileName(unit.name, unit.path));
    if (names.has(dest.toLowerCase()))
      dest = path.join(dir, fileName(`moved_${unit.name}`, unit.path));
    return { unit, dest };
  });
}

/**
 * Go's moves: every other draw of pickMoves a split within its package, as
 * there; in its place every other one a move into a new package below its
 * own directory (`cmp/cmpopts/equateempty/equateempty.go`), as a Go
 * developer splits a package, drawn the same way from the units `movable`
 * says Go lets move so (go-movable.go: go/types' judgement, not edgeclip's).
 */
export function pickGoMoves<U extends Candidate>(
  candidates: readonly U[],
  fileName: (name: string, from: string) => string,
  taken: ReadonlySet<string>,
  movable: (unit: U) => boolean,
): Move<U>[] {
  const key = (u: U) => `${u.path}#${u.name}`;
  const splits = pickMoves(candidates, [], fileName, taken, undefined, "all").filter(
    (_, i) => i % 2 === 0,
  );
  const split = new Set(splits.map((m) => key(m.unit)));
  const across = pickMoves(
    candidates.filter((u) => movable(u) && !split.has(key(u))),
    [],
    fileName,
    taken,
    undefined,
    "all",
  ).map((m) => {
    const pkg = m.unit.name.toLowerCase();
    return {
      unit: m.unit,
      dest: path.join(path.dirname(m.unit.path), pkg, fileName(m.unit.name, m.unit.path)),
    };
  });
  return splits.flatMap((m, i) => (across[i] ? [m, across[i] as Move<U>] : [m]));
}
