/**
 * A few file-system calls at once: each waits on the disk or the kernel, not
 * on this thread, and a thousand of them one after another cost seconds their
 * overlap saves (a move's importers: loading, writing, making durable).
 */

/**
 * Runs `task` for 0…count-1, at most `limit` at once (file-system calls wait on
 * the disk, not on this thread). The first failure starts no more; it is
 * thrown once those under way have ended, so nothing runs after it returns.
 */
export async function eachAtOnce(
  count: number,
  limit: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | undefined;
  const lane = async () => {
    while (!failed && next < count) {
      const i = next++;
      try {
        await task(i);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
  if (failed) throw failed.error;
}

/** `task` of each of `items`, at most `limit` at once; the answers in the items' order. */
export async function mapAtOnce<T, U>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<U>,
): Promise<U[]> {
  const out = new Array<U>(items.length);
  await eachAtOnce(items.length, limit, async (i) => {
    out[i] = await task(items[i] as T);
  });
  return out;
}
