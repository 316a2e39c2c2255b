/**
 * Writes to one path, one at a time. An operation takes the locks of all its
 * paths, always in sorted order so two operations never wait on each other.
 * Each paste reads the file inside its lock, so concurrent pastes into one
 * file (from two sessions) both land: none works on a stale copy.
 */
export class PathLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` holding the locks of `paths`. */
  async with<T>(paths: Iterable<string>, task: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const p of [...new Set(paths)].sort()) releases.push(await this.acquire(p));
      return await task();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async acquire(path: string): Promise<() => void> {
    const previous = this.tails.get(path) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(path, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(path) === tail) this.tails.delete(path);
    };
  }
}
